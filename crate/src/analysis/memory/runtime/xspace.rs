//! Allocation events from the `MemoryAllocation` / `MemoryDeallocation` events of host
//! threads, with the stats XProf's memory profile reads: the allocator (`allocator_name`,
//! else the device's `index_on_host` / `device_ordinal`, the last of them written winning,
//! as in XProf; allocators are listed by name, as XProf lists them), its state after the event (`bytes_allocated` heap, `bytes_reserved` stack,
//! `bytes_available`, `peak_bytes_in_use`) and the block (`allocation_bytes`,
//! `requested_bytes`, `addr`, `tf_op`, `region_type`, `data_type`, `tensor_shapes`).

use super::events::{Activity, AllocatorEvents, MemEvent, Source};
use super::ops::InnermostOp;
use crate::analysis::query::{value_i64, value_str_id};
use crate::model::{ArgValue, ProcessRole, StrId, Trace, TrackId};
use hashbrown::HashMap;

/// The stats read, in [`Keys`] order.
const STATS: [&str; 16] = [
    "allocator_name",
    "index_on_host",
    "device_ordinal",
    "bytes_reserved",
    "bytes_allocated",
    "bytes_available",
    "peak_bytes_in_use",
    "requested_bytes",
    "allocation_bytes",
    "addr",
    "tf_op",
    "region_type",
    "data_type",
    "tensor_shapes",
    "fragmentation",
    "group_id",
];

/// What one event states.
#[derive(Default)]
struct Stated {
    allocator: Option<String>,
    /// The device number, when the allocator is named by it.
    ordinal: Option<i64>,
    values: [Option<i64>; STATS.len()],
    strings: [Option<StrId>; STATS.len()],
}

/// The allocators of `trace`'s host memory events, in order of their first event.
pub fn collect(trace: &Trace, ops: &InnermostOp) -> Vec<AllocatorEvents> {
    let (alloc, free) = (
        trace.strings.lookup("MemoryAllocation"),
        trace.strings.lookup("MemoryDeallocation"),
    );
    if alloc.is_none() && free.is_none() {
        return Vec::new();
    }
    let keys: Vec<Option<StrId>> = STATS.iter().map(|k| trace.strings.lookup(k)).collect();
    let mut order: Vec<AllocatorEvents> = Vec::new();
    let mut by_name: HashMap<String, usize> = HashMap::new();
    let s = &trace.slices;
    for i in 0..s.len() {
        let name = Some(s.name[i]);
        let activity = if name == alloc {
            Activity::Alloc
        } else if name == free {
            Activity::Free
        } else {
            continue;
        };
        let track = s.track[i];
        if trace.processes.role[trace.tracks.process[track.index()].index()] != ProcessRole::Host {
            continue;
        }
        let stated = read(trace, s.args[i], &keys);
        let v = |k: usize| stated.values[k];
        let allocator = stated.allocator.clone().unwrap_or_default();
        let k = *by_name.entry(allocator.clone()).or_insert_with(|| {
            order.push(AllocatorEvents {
                name: allocator,
                device: stated.ordinal.and_then(|n| device_name(trace, n)),
                capacity: None,
                source: Source::Xspace,
                events: Vec::new(),
            });
            order.len() - 1
        });
        let bytes = v(8).unwrap_or(0).max(0);
        let mut ev = MemEvent::new(s.start[i], activity, bytes);
        ev.requested = v(7);
        ev.address = v(9).map(|a| a as u64);
        let (stack, heap) = (v(3).unwrap_or(0), v(4));
        ev.in_use = heap.map(|h| h.saturating_add(stack));
        ev.capacity = heap.map(|h| h.saturating_add(stack).saturating_add(v(5).unwrap_or(0)));
        ev.lifetime_peak = v(6);
        ev.op = stated.strings[10].filter(|&op| !trace.str(op).is_empty());
        ev.region = stated.strings[11].filter(|&r| !trace.str(r).is_empty());
        ev.data_type = v(12);
        ev.shape = stated.strings[13].filter(|&r| !trace.str(r).is_empty());
        ev.track = Some(track.0);
        ev.slice = Some(enclosing_or_self(trace, ops, track, i) as u32);
        order[k].events.push(ev);
    }
    order.sort_by(|a, b| a.name.cmp(&b.name));
    order
}

/// The product name of device `index` (a device process), where stated.
fn device_name(trace: &Trace, index: i64) -> Option<String> {
    trace
        .devices
        .rows
        .iter()
        .find(|d| {
            i64::from(d.index) == index
                && trace.processes.role[d.process.index()].is_device()
                && !d.name.is_empty()
        })
        .map(|d| d.name.clone())
}

/// The innermost op slice around memory event `i` on its thread, else the event itself.
fn enclosing_or_self(trace: &Trace, ops: &InnermostOp, track: TrackId, i: usize) -> usize {
    ops.at(trace, track, trace.slices.start[i]).unwrap_or(i)
}

/// The stats of one event: numbers by key, texts by key, and the allocator id.
fn read(trace: &Trace, set: crate::model::ArgSetId, keys: &[Option<StrId>]) -> Stated {
    let mut out = Stated::default();
    for (key, value) in trace.args.get(set) {
        let Some(k) = keys.iter().position(|&id| id == Some(key)) else {
            continue;
        };
        match k {
            0 => {
                out.allocator = value_str_id(value).map(|s| trace.str(s).to_owned());
                out.ordinal = None;
            }
            1 | 2 => {
                out.ordinal = value_i64(trace, value);
                out.allocator = out.ordinal.map(|n| n.to_string());
            }
            _ => {
                out.values[k] = match value {
                    ArgValue::Str(_) | ArgValue::Json(_) => None,
                    v => value_i64(trace, v),
                };
                out.strings[k] = value_str_id(value);
            }
        }
    }
    out
}
