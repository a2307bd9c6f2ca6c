//! One allocator over the capture: its events in time order, the bytes in use and reserved
//! after each, its allocations paired with their frees by address, and its peak.
//!
//! Definitions:
//! - **In use** after an event: what the allocator states (Kineto `Total Allocated`, XSpace
//!   heap plus stack), else the previous value plus the allocation or minus the free. When
//!   no event states it, the running sum starts at 0; if it falls below 0 (memory allocated
//!   before the capture was freed in it), the whole series is raised by the deepest deficit,
//!   the least that must have been in use at the start (counted as `memory_negative_total`).
//! - **Peak**: the largest in-use value; its time is the last event that reaches it (XProf's
//!   choice among equal values).
//! - **Allocations** pair an allocation with the next free of its address. A free of an
//!   address with no allocation open (made before the capture) is counted
//!   (`memory_free_without_allocation`); an allocation at an address still open ends the
//!   earlier one there (its free was lost: `memory_address_reused`). An allocation with no
//!   free by the end of the capture is never freed. Events without an address are in the
//!   bytes in use but in no allocation (`memory_event_without_address`).
//! - **Live at time t**: the allocations made at or before the last event at or before t and
//!   not freed by it.

use super::events::{Activity, AllocatorEvents, MemEvent, Source};
use crate::diagnostics::{DiagnosticKind, Diagnostics};
use crate::model::{Ps, StrId};
use hashbrown::HashMap;

/// `end` of an allocation never freed within the capture.
pub const NEVER: u32 = u32::MAX;

/// One allocation, paired with its free.
#[derive(Clone, Copy, Debug)]
pub struct Allocation {
    /// Index of the allocating event in [`Timeline::events`].
    pub start: u32,
    /// Index of the freeing event, or [`NEVER`].
    pub end: u32,
}

/// One allocator's events and what follows from them.
#[derive(Debug)]
pub struct Timeline {
    /// The allocator's name.
    pub name: String,
    /// The device, where known.
    pub device: Option<String>,
    /// Where the events come from.
    pub source: Source,
    /// Events in time order (ties in the order found).
    pub events: Vec<MemEvent>,
    /// Bytes in use after each event.
    pub in_use: Vec<i64>,
    /// Bytes reserved after each event, when any event states it (carried forward, 0
    /// before the first).
    pub reserved: Option<Vec<i64>>,
    /// Allocations in the order they were made.
    pub allocations: Vec<Allocation>,
    /// Index of the peak event (`None` without events).
    pub peak: Option<usize>,
    /// What the device holds, where stated (the device's size, else XSpace's capacity at the
    /// peak).
    pub capacity: Option<i64>,
    /// The allocator's own lifetime peak, as the last event stating it says.
    pub lifetime_peak: Option<i64>,
}

impl Timeline {
    /// Sorts, sums and pairs `source`'s events, counting problems in `diagnostics`.
    pub fn build(source: AllocatorEvents, diagnostics: &mut Diagnostics) -> Timeline {
        let AllocatorEvents {
            name,
            device,
            source,
            capacity,
            mut events,
        } = source;
        events.sort_by_key(|e| e.time);
        let in_use = in_use_series(&name, &events, diagnostics);
        let reserved = events.iter().any(|e| e.reserved.is_some()).then(|| {
            let mut last = 0;
            events
                .iter()
                .map(|e| {
                    last = e.reserved.unwrap_or(last);
                    last
                })
                .collect()
        });
        let allocations = pair(&name, &events, diagnostics);
        let peak = (0..in_use.len()).max_by_key(|&k| (in_use[k], k));
        let capacity = capacity.or_else(|| peak.and_then(|k| events[k].capacity));
        let lifetime_peak = events.iter().rev().find_map(|e| e.lifetime_peak);
        Timeline {
            name,
            device,
            source,
            events,
            in_use,
            reserved,
            allocations,
            peak,
            capacity,
            lifetime_peak,
        }
    }

    /// The index of the last event at or before `t`, if any.
    pub fn event_at(&self, t: Ps) -> Option<usize> {
        self.events.partition_point(|e| e.time <= t).checked_sub(1)
    }

    /// The allocations live after event `k`, in the order they were made.
    pub fn live_after(&self, k: usize) -> impl Iterator<Item = &Allocation> + '_ {
        let k = k as u32;
        self.allocations
            .iter()
            .take_while(move |a| a.start <= k)
            .filter(move |a| a.end > k)
    }

    /// Allocation and free events.
    pub fn counts(&self) -> (u64, u64) {
        let allocs = self
            .events
            .iter()
            .filter(|e| e.activity == Activity::Alloc)
            .count() as u64;
        (allocs, self.events.len() as u64 - allocs)
    }

    /// The event that made allocation `a`.
    pub fn event(&self, a: &Allocation) -> &MemEvent {
        &self.events[a.start as usize]
    }
}

/// Bytes in use after each event (see the module doc).
fn in_use_series(name: &str, events: &[MemEvent], diagnostics: &mut Diagnostics) -> Vec<i64> {
    let stated_any = events.iter().any(|e| e.in_use.is_some());
    let mut out = Vec::with_capacity(events.len());
    let mut last: i64 = 0;
    let mut negative: Option<(u64, i64, Ps)> = None;
    for e in events {
        let summed = match e.activity {
            Activity::Alloc => last.saturating_add(e.bytes),
            Activity::Free => last.saturating_sub(e.bytes),
        };
        let v = e.in_use.unwrap_or(summed);
        if v < 0 {
            let (n, deepest, at) = negative.get_or_insert((0, v, e.time));
            *n += 1;
            if v < *deepest {
                (*deepest, *at) = (v, e.time);
            }
        }
        out.push(v);
        last = v;
    }
    if let Some((n, deepest, at)) = negative {
        let raised = !stated_any;
        diagnostics.record_many(
            DiagnosticKind::MemoryNegativeTotal,
            n,
            format!(
                "allocator {name:?}: bytes in use fall to {deepest} at {at} ps{}",
                if raised {
                    format!(" (frees of memory allocated before the capture); counted from {} bytes at the start", -deepest)
                } else {
                    " as the allocator states them".to_owned()
                }
            ),
        );
        if raised {
            for v in &mut out {
                *v -= deepest;
            }
        }
    }
    out
}

/// The allocations of `events`, each paired with the next free of its address.
fn pair(name: &str, events: &[MemEvent], diagnostics: &mut Diagnostics) -> Vec<Allocation> {
    let mut out: Vec<Allocation> = Vec::new();
    let mut open: HashMap<u64, usize> = HashMap::new();
    for (k, e) in events.iter().enumerate() {
        let k32 = k as u32;
        let Some(address) = e.address else {
            diagnostics.record(DiagnosticKind::MemoryEventWithoutAddress, || {
                format!(
                    "allocator {name:?}: {} of {} bytes at {} ps has no address",
                    if e.activity == Activity::Alloc {
                        "allocation"
                    } else {
                        "free"
                    },
                    e.bytes,
                    e.time
                )
            });
            continue;
        };
        match e.activity {
            Activity::Alloc => {
                if let Some(a) = open.insert(address, out.len()) {
                    out[a].end = k32;
                    diagnostics.record(DiagnosticKind::MemoryAddressReused, || {
                        format!(
                            "allocator {name:?}: address {address:#x} allocated again at {} ps while the allocation of {} ps was not freed; that one is taken as freed then",
                            e.time,
                            events[out[a].start as usize].time
                        )
                    });
                }
                out.push(Allocation {
                    start: k32,
                    end: NEVER,
                });
            }
            Activity::Free => match open.remove(&address) {
                Some(a) => out[a].end = k32,
                None => diagnostics.record(DiagnosticKind::MemoryFreeWithoutAllocation, || {
                    format!(
                        "allocator {name:?}: free of {} bytes at {address:#x} at {} ps without an allocation in the capture",
                        e.bytes, e.time
                    )
                }),
            },
        }
    }
    out
}

/// Text of an optional interned string, for reports.
pub fn text(trace: &crate::model::Trace, s: Option<StrId>) -> Option<String> {
    s.map(|s| trace.str(s).to_owned())
}
