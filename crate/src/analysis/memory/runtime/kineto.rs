//! Allocation events from PyTorch profiler `[memory]` instants: one allocator per device
//! (`Device Type` 0 is the CPU, 1 a GPU numbered by `Device Id`, as the memory counter tracks
//! name them). `Bytes` is the size of an allocation (> 0, or 0) or a free (< 0) at `Addr`;
//! `Total Allocated` / `Total Reserved`, where written, are the caching allocator's totals
//! after the event. The op is the innermost op on the instant's thread at its time.

use super::events::{Activity, AllocatorEvents, MemEvent, Source};
use super::ops::InnermostOp;
use crate::analysis::query::value_i64;
use crate::model::{Device, ProcessRole, Trace};
use hashbrown::HashMap;

/// The instants' name.
const MEMORY_INSTANT: &str = "[memory]";
/// The device property of a GPU's memory size in bytes (`deviceProperties`).
const TOTAL_MEMORY: &str = "totalGlobalMem";

/// The allocators of `trace`'s `[memory]` instants, by device type and number.
pub fn collect(trace: &Trace, ops: &InnermostOp) -> Vec<AllocatorEvents> {
    let Some(name) = trace.strings.lookup(MEMORY_INSTANT) else {
        return Vec::new();
    };
    let key = |k: &str| trace.strings.lookup(k);
    let [bytes, addr, allocated, reserved, device_type, device_id] = [
        "Bytes",
        "Addr",
        "Total Allocated",
        "Total Reserved",
        "Device Type",
        "Device Id",
    ]
    .map(key);
    let Some(bytes) = bytes else {
        return Vec::new();
    };
    let int = |set, k: Option<_>| {
        k.and_then(|k| trace.args.find(set, k))
            .and_then(|v| value_i64(trace, v))
    };
    let mut order: Vec<((i64, i64), AllocatorEvents)> = Vec::new();
    let mut by_device: HashMap<(i64, i64), usize> = HashMap::new();
    let t = &trace.instants;
    for i in 0..t.len() {
        if t.name[i] != name {
            continue;
        }
        let set = t.args[i];
        let Some(size) = int(set, Some(bytes)) else {
            continue;
        };
        let device = (
            int(set, device_type).unwrap_or(0),
            int(set, device_id).unwrap_or(-1),
        );
        let k = *by_device.entry(device).or_insert_with(|| {
            order.push((
                device,
                AllocatorEvents {
                    name: device_label(device),
                    device: gpu(trace, device).map(|d| d.name.clone()),
                    capacity: gpu(trace, device)
                        .and_then(|d| d.number(TOTAL_MEMORY))
                        .map(|b| b as i64),
                    source: Source::Kineto,
                    events: Vec::new(),
                },
            ));
            order.len() - 1
        });
        let activity = if size < 0 {
            Activity::Free
        } else {
            Activity::Alloc
        };
        let mut ev = MemEvent::new(t.time[i], activity, size.saturating_abs());
        ev.address = int(set, addr).map(|a| a as u64);
        ev.in_use = int(set, allocated);
        ev.reserved = int(set, reserved);
        let track = t.track[i];
        ev.track = Some(track.0);
        if activity == Activity::Alloc {
            if let Some(op) = ops.at(trace, track, t.time[i]) {
                ev.op = Some(trace.slices.name[op]);
                ev.slice = Some(op as u32);
            }
        }
        order[k].1.events.push(ev);
    }
    order.sort_by_key(|(device, _)| *device);
    order.into_iter().map(|(_, a)| a).collect()
}

/// `CPU`, `GPU <id>`, else `Device <type>:<id>` (the memory counter tracks' prefixes).
fn device_label((kind, id): (i64, i64)) -> String {
    match kind {
        0 => "CPU".to_owned(),
        1 => format!("GPU {id}"),
        t => format!("Device {t}:{id}"),
    }
}

/// GPU `id` of the trace's devices, for device type 1.
fn gpu(trace: &Trace, (kind, id): (i64, i64)) -> Option<&Device> {
    if kind != 1 {
        return None;
    }
    trace.devices.rows.iter().find(|d| {
        i64::from(d.index) == id && trace.processes.role[d.process.index()] == ProcessRole::Gpu
    })
}
