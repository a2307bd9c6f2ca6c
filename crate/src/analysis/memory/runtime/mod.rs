//! Runtime memory: what each allocator held over the capture, from the allocation events the
//! profile records (PyTorch profiler `[memory]` instants, XSpace `MemoryAllocation` /
//! `MemoryDeallocation` events of host threads; see `kineto.rs`, `xspace.rs`). Per
//! allocator: bytes in use and reserved over time, the peak and when, allocation and free
//! counts and rates, the allocations live at the peak or at any time (largest first) with
//! the op that made them and their age, and those never freed within the capture
//! (definitions in `timeline.rs`). Problems in the events are counted diagnostics of
//! [`RuntimeMemory::diagnostics`], never a wrong peak without a word.

mod events;
mod kineto;
mod ops;
mod series;
mod timeline;
mod xspace;

pub use events::Source;
pub use series::Columns;
pub use timeline::{NEVER, Timeline};

use crate::diagnostics::{DiagnosticKind, Diagnostics};
use crate::model::{PS_PER_US, Ps, Trace};
use ops::InnermostOp;
use serde::Serialize;
use series::Series;

/// Live allocations listed with a report (`live_at_peak`).
pub const LIVE_AT_PEAK: usize = 100;

/// An allocator first seen later than this share of the memory events' span after the first
/// of them "appears mid-capture".
const MID_CAPTURE_SHARE: i64 = 100;

/// The runtime memory of one profile: its allocators, Kineto's by device then XSpace's by
/// name (an allocator's index is its `id`).
#[derive(Debug)]
pub struct RuntimeMemory {
    /// One timeline per allocator.
    pub allocators: Vec<Timeline>,
    /// In-use and reserved maxima per allocator, for charts.
    series: Vec<Series>,
    /// Problems found in the events.
    pub diagnostics: Diagnostics,
}

/// One allocator, summed up (`memoryProfile`, `planeview memory`).
#[derive(Clone, Debug, Serialize)]
pub struct AllocatorReport {
    /// Its index in the profile.
    pub id: u32,
    /// The allocator's name (`GPU 0`, `CPU`, `GPU_0_bfc`).
    pub name: String,
    /// The device's product name, where stated.
    pub device: Option<String>,
    /// `kineto` or `xspace`.
    pub source: Source,
    /// Most bytes in use.
    pub peak_bytes: i64,
    /// When (the last event reaching it).
    pub peak_time_ps: Ps,
    /// Most bytes reserved (Kineto `Total Reserved`), where stated.
    pub peak_reserved_bytes: Option<i64>,
    /// Bytes reserved at the peak, where stated.
    pub reserved_at_peak_bytes: Option<i64>,
    /// What the device holds, where stated.
    pub capacity_bytes: Option<i64>,
    /// The allocator's own peak over its lifetime as it states it (XSpace
    /// `peak_bytes_in_use`), which may predate the capture.
    pub lifetime_peak_bytes: Option<i64>,
    /// Allocation events.
    pub alloc_count: u64,
    /// Free events.
    pub free_count: u64,
    /// Allocations per second of the allocator's span (first to last event); 0 for one instant.
    pub alloc_rate_per_s: f64,
    /// Frees per second, as `alloc_rate_per_s`.
    pub free_rate_per_s: f64,
    /// Allocations not freed by the end of the capture, and their bytes.
    pub never_freed_count: u64,
    /// See `never_freed_count`.
    pub never_freed_bytes: i64,
    /// First and last event.
    pub first_ps: Ps,
    /// See `first_ps`.
    pub last_ps: Ps,
    /// Allocations live at the peak.
    pub live_at_peak_count: u64,
    /// Their bytes (less than the peak by what was allocated before the capture).
    pub live_at_peak_bytes: i64,
    /// The largest of them, largest first, at most [`LIVE_AT_PEAK`].
    pub live_at_peak: Vec<LiveAllocation>,
}

/// One live allocation.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LiveAllocation {
    /// Its size.
    pub bytes: i64,
    /// The op that made it, where known.
    pub op: Option<String>,
    /// When it was made.
    pub start_ps: Ps,
    /// How long it had been live at the time asked about.
    pub age_ps: Ps,
    /// Its address in hex, where stated.
    pub address: Option<String>,
    /// The slice to select for it on the timeline: its op, else its own event.
    pub slice: Option<u32>,
    /// What the caller asked for, where stated.
    pub requested_bytes: Option<i64>,
    /// Region, data type and shape, where stated.
    pub region: Option<String>,
    /// See `region` (TensorFlow's data type names).
    pub data_type: Option<String>,
    /// See `region`.
    pub shape: Option<String>,
}

/// The state of one allocator at one time (`memoryAt`).
#[derive(Clone, Debug, Serialize)]
pub struct MemoryAt {
    /// The time asked about (the peak's when none was).
    pub time_ps: Ps,
    /// Bytes in use then (0 before the first event).
    pub live_bytes: i64,
    /// Bytes reserved then, where stated.
    pub reserved_bytes: Option<i64>,
    /// Allocations live then.
    pub total_count: u64,
    /// The largest of them, largest first.
    pub allocations: Vec<LiveAllocation>,
}

impl RuntimeMemory {
    /// Finds and sums up the allocation events of `trace`.
    pub fn of(trace: &Trace) -> RuntimeMemory {
        let ops = InnermostOp::new(trace);
        let mut diagnostics = Diagnostics::default();
        let sources = kineto::collect(trace, &ops)
            .into_iter()
            .chain(xspace::collect(trace, &ops));
        let allocators: Vec<Timeline> = sources
            .map(|s| Timeline::build(s, &mut diagnostics))
            .collect();
        note_late_allocators(&allocators, &mut diagnostics);
        let series = allocators
            .iter()
            .map(|t| {
                let times = t.events.iter().map(|e| e.time).collect();
                Series::new(times, &t.in_use, t.reserved.as_deref())
            })
            .collect();
        RuntimeMemory {
            allocators,
            series,
            diagnostics,
        }
    }

    /// Every allocator's report.
    pub fn reports(&self, trace: &Trace) -> Vec<AllocatorReport> {
        (0..self.allocators.len())
            .map(|k| self.report(trace, k))
            .collect()
    }

    /// The report of allocator `k` (an index of [`RuntimeMemory::allocators`]).
    pub fn report(&self, trace: &Trace, k: usize) -> AllocatorReport {
        let t = &self.allocators[k];
        let (alloc_count, free_count) = t.counts();
        let first_ps = t.events.first().map_or(0, |e| e.time);
        let last_ps = t.events.last().map_or(0, |e| e.time);
        let span_s = (last_ps - first_ps) as f64 / (PS_PER_US as f64 * 1e6);
        let rate = |n: u64| if span_s > 0.0 { n as f64 / span_s } else { 0.0 };
        let never: Vec<_> = t.allocations.iter().filter(|a| a.end == NEVER).collect();
        let at = t
            .peak
            .map(|p| self.at_event(trace, k, p, t.events[p].time, LIVE_AT_PEAK));
        AllocatorReport {
            id: k as u32,
            name: t.name.clone(),
            device: t.device.clone(),
            source: t.source,
            peak_bytes: t.peak.map_or(0, |p| t.in_use[p]),
            peak_time_ps: t.peak.map_or(0, |p| t.events[p].time),
            peak_reserved_bytes: t.reserved.as_ref().and_then(|r| r.iter().copied().max()),
            reserved_at_peak_bytes: t.reserved.as_ref().zip(t.peak).map(|(r, p)| r[p]),
            capacity_bytes: t.capacity,
            lifetime_peak_bytes: t.lifetime_peak,
            alloc_count,
            free_count,
            alloc_rate_per_s: rate(alloc_count),
            free_rate_per_s: rate(free_count),
            never_freed_count: never.len() as u64,
            never_freed_bytes: never.iter().map(|a| t.event(a).bytes).sum(),
            first_ps,
            last_ps,
            live_at_peak_count: at.as_ref().map_or(0, |a| a.total_count),
            live_at_peak_bytes: t
                .peak
                .map_or(0, |p| t.live_after(p).map(|a| t.event(a).bytes).sum()),
            live_at_peak: at.map(|a| a.allocations).unwrap_or_default(),
        }
    }

    /// Allocator `k` at time `t` (`None`: at its peak), with at most `limit` allocations;
    /// `None` for an unknown allocator.
    pub fn at(&self, trace: &Trace, k: usize, t: Option<Ps>, limit: usize) -> Option<MemoryAt> {
        let tl = self.allocators.get(k)?;
        let time = match t {
            Some(t) => t,
            None => tl.peak.map_or(0, |p| tl.events[p].time),
        };
        let event = match t {
            Some(t) => tl.event_at(t),
            None => tl.peak,
        };
        Some(match event {
            Some(e) => self.at_event(trace, k, e, time, limit),
            None => MemoryAt {
                time_ps: time,
                live_bytes: 0,
                reserved_bytes: tl.reserved.as_ref().map(|_| 0),
                total_count: 0,
                allocations: Vec::new(),
            },
        })
    }

    /// The state after event `e` of allocator `k`, seen at `time`.
    fn at_event(&self, trace: &Trace, k: usize, e: usize, time: Ps, limit: usize) -> MemoryAt {
        let t = &self.allocators[k];
        let mut live: Vec<&timeline::Allocation> = t.live_after(e).collect();
        let total_count = live.len() as u64;
        let order = |a: &&timeline::Allocation, b: &&timeline::Allocation| {
            let (x, y) = (t.event(a), t.event(b));
            y.bytes.cmp(&x.bytes).then(a.start.cmp(&b.start))
        };
        if live.len() > limit && limit > 0 {
            live.select_nth_unstable_by(limit - 1, order);
        }
        live.truncate(limit);
        live.sort_unstable_by(order);
        MemoryAt {
            time_ps: time,
            live_bytes: t.in_use[e],
            reserved_bytes: t.reserved.as_ref().map(|r| r[e]),
            total_count,
            allocations: live
                .into_iter()
                .map(|a| live_allocation(trace, t.event(a), time))
                .collect(),
        }
    }

    /// Per pixel column of `[start, end)` split into `width` columns, the most bytes in use
    /// and reserved of allocator `k` (see [`Columns`]); `None` for an unknown allocator.
    pub fn columns(&self, k: usize, start: Ps, end: Ps, width: usize) -> Option<Columns> {
        Some(self.series.get(k)?.columns(start, end, width))
    }
}

/// One live allocation as reported, seen at `time`.
fn live_allocation(trace: &Trace, e: &events::MemEvent, time: Ps) -> LiveAllocation {
    LiveAllocation {
        bytes: e.bytes,
        op: timeline::text(trace, e.op),
        start_ps: e.time,
        age_ps: time.saturating_sub(e.time),
        address: e.address.map(|a| format!("{a:#x}")),
        slice: e.slice,
        requested_bytes: e.requested,
        region: timeline::text(trace, e.region),
        data_type: e.data_type.map(data_type_name),
        shape: timeline::text(trace, e.shape),
    }
}

/// TensorFlow's `DataType` names (XProf's `DataTypeString`), the number otherwise.
fn data_type_name(v: i64) -> String {
    const NAMES: [&str; 24] = [
        "INVALID",
        "float",
        "double",
        "int32",
        "uint8",
        "int16",
        "int8",
        "string",
        "complex64",
        "int64",
        "bool",
        "qint8",
        "quint8",
        "qint32",
        "bfloat16",
        "qint16",
        "quint16",
        "uint16",
        "complex128",
        "half",
        "resource",
        "variant",
        "uint32",
        "uint64",
    ];
    usize::try_from(v)
        .ok()
        .and_then(|k| NAMES.get(k))
        .map_or_else(|| v.to_string(), |s| (*s).to_owned())
}

/// Counts allocators whose first event comes late in the capture (see
/// [`MID_CAPTURE_SHARE`]): what they held before is not in the profile.
fn note_late_allocators(allocators: &[Timeline], diagnostics: &mut Diagnostics) {
    let firsts = allocators
        .iter()
        .filter_map(|t| t.events.first().map(|e| e.time));
    let lasts = allocators
        .iter()
        .filter_map(|t| t.events.last().map(|e| e.time));
    let (Some(start), Some(end)) = (firsts.min(), lasts.max()) else {
        return;
    };
    let late = start + (end - start) / MID_CAPTURE_SHARE;
    for t in allocators {
        let Some(first) = t.events.first().map(|e| e.time) else {
            continue;
        };
        if first > late {
            diagnostics.record(DiagnosticKind::MemoryAllocatorMidCapture, || {
                format!(
                    "allocator {:?} first allocates at {first} ps, {} ps after the capture's first memory event: what it held before is not in the profile",
                    t.name,
                    first - start
                )
            });
        }
    }
}
