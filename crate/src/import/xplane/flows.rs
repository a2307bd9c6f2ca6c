//! Flow arrows of an XSpace, from event stats:
//! - producer/consumer: an event with `_p` (and type `_pt`) produces a context that events
//!   with the same `_c` (and type `_ct`) consume. Each consumer gets an arrow from the
//!   latest producer of that (type, id) that starts no later than it (else the earliest);
//!   one producer may feed several consumers. Category `producer_consumer/<type>`.
//! - launch: a host event (on a plane that is not a device) with `correlation_id` gets an
//!   arrow to every device-plane event with the same id (CUPTI's launch → kernel / memcpy).
//!   Category `correlation_id`.
//!
//! Only an event's own stats count (not its metadata's). Ids are compared as 64-bit
//! patterns, so an `int64` −1 and a `uint64` 2^64−1 are one id. A consumer or device event
//! whose producer or launch is not in the capture is counted in `unmatched_flow_end`
//! (Info: the other end happened outside the profiled window or on an unprofiled thread).
//! The `flow` stat of TPU async ops is not drawn.

use super::event::{RawStat, RawValue};
use super::pb;
use crate::diagnostics::DiagnosticKind;
use crate::model::{CategoryId, Ps, SliceId, TraceBuilder};
use hashbrown::HashMap;

/// Slots of the flow stats, in [`FlowStatIds`] order.
const STAT_NAMES: [&str; 5] = ["_p", "_pt", "_c", "_ct", "correlation_id"];

/// Stat metadata ids up to this are looked up in a table (real planes number them 1..N).
const DENSE_IDS: i64 = 1 << 12;

/// The stat metadata ids of one plane that carry flow ids (see [`STAT_NAMES`]).
#[derive(Clone, Debug, Default)]
pub(super) struct FlowStatIds {
    ids: [Option<i64>; 5],
    /// `dense[id]` = slot + 1 (0: not a flow stat), when every id is in `0..DENSE_IDS`;
    /// empty otherwise (then `ids` is searched).
    dense: Vec<u8>,
}

impl FlowStatIds {
    /// Looks the names up in the plane's stat metadata.
    pub(super) fn of(plane: &pb::XPlane) -> Self {
        let mut ids = [None; 5];
        for md in plane.stat_metadata.values() {
            if let Some(slot) = STAT_NAMES.iter().position(|&n| n == md.name) {
                ids[slot] = Some(md.id);
            }
        }
        let present = ids.iter().flatten();
        let mut dense = Vec::new();
        if present.clone().all(|id| (0..DENSE_IDS).contains(id)) {
            if let Some(max) = present.max() {
                dense = vec![0u8; *max as usize + 1];
                for (slot, id) in ids.iter().enumerate() {
                    if let Some(id) = id {
                        dense[*id as usize] = slot as u8 + 1;
                    }
                }
            }
        }
        FlowStatIds { ids, dense }
    }

    /// True if the plane can have flow stats at all.
    pub(super) fn any(&self) -> bool {
        self.ids[0].is_some() || self.ids[2].is_some() || self.ids[4].is_some()
    }

    /// The slot of stat metadata `id`, if it is a flow stat.
    #[inline]
    fn slot(&self, id: i64) -> Option<usize> {
        if self.dense.is_empty() {
            return self.ids.iter().position(|&w| w == Some(id));
        }
        match self.dense.get(usize::try_from(id).ok()?) {
            Some(&s) if s > 0 => Some(usize::from(s) - 1),
            _ => None,
        }
    }
}

/// One event that carries a flow id (24 bytes: the context type is its list's).
#[derive(Clone, Copy, Debug)]
struct End {
    /// The context id or the correlation id.
    id: u64,
    start: Ps,
    slice: SliceId,
}

/// Context types looked up by a linear search before [`ByType`] uses its map.
const FEW_TYPES: usize = 8;

/// The order in which ends of one list are matched: (id, start, slice). Keys are distinct
/// (each slice is noted once per list), so every sort by it gives the same order.
fn end_order(e: &End) -> (u64, Ps, SliceId) {
    (e.id, e.start, e.slice)
}

/// Producer or consumer ends, one list per context type, each in the order noted.
///
/// Ends are noted line by line in start order, and within one context type the ids mostly
/// grow with time, while types alternate (XLA writes a `_pt` 0 and a `_pt` 15 context per
/// step). Kept apart by type, each list is a few sorted runs (one per line), which a stable
/// sort merges in near-linear time; one list of all types would be sorted from scratch.
#[derive(Debug, Default)]
struct ByType {
    lists: Vec<(u64, Vec<End>)>,
    /// Position in `lists` of each type (used once there are more than [`FEW_TYPES`]).
    index: HashMap<u64, usize>,
}

impl ByType {
    fn push(&mut self, ty: u64, end: End) {
        let found = if self.lists.len() <= FEW_TYPES {
            self.lists.iter().position(|(t, _)| *t == ty)
        } else {
            self.index.get(&ty).copied()
        };
        match found {
            Some(i) => self.lists[i].1.push(end),
            None => {
                self.index.insert(ty, self.lists.len());
                self.lists.push((ty, vec![end]));
            }
        }
    }

    /// The lists by ascending type, each sorted by [`end_order`].
    fn into_sorted(mut self) -> Vec<(u64, Vec<End>)> {
        self.lists.sort_unstable_by_key(|(t, _)| *t);
        for (_, ends) in &mut self.lists {
            if !ends.is_sorted_by_key(end_order) {
                ends.sort_by_key(end_order);
            }
        }
        self.lists
    }
}

/// Flow ends seen so far in the whole space.
#[derive(Debug, Default)]
pub(super) struct XFlows {
    producers: ByType,
    consumers: ByType,
    launches: Vec<End>,
    device_work: Vec<End>,
}

/// A stat value as a 64-bit id.
fn id_of(value: RawValue) -> Option<u64> {
    match value {
        RawValue::Uint(v) => Some(v),
        RawValue::Int(v) => Some(v as u64),
        _ => None,
    }
}

impl XFlows {
    /// Records the flow stats of one placed event (`slice`, starting at `start`), on a
    /// device plane or not.
    pub(super) fn note(
        &mut self,
        ids: &FlowStatIds,
        stats: &[RawStat],
        slice: SliceId,
        start: Ps,
        device: bool,
    ) {
        let mut found = [None::<u64>; 5];
        for stat in stats {
            if let Some(k) = ids.slot(stat.metadata_id) {
                found[k] = id_of(stat.value);
            }
        }
        let end = |id| End { id, start, slice };
        if let Some(id) = found[0] {
            self.producers.push(found[1].unwrap_or(0), end(id));
        }
        if let Some(id) = found[2] {
            self.consumers.push(found[3].unwrap_or(0), end(id));
        }
        if let Some(id) = found[4] {
            let list = if device {
                &mut self.device_work
            } else {
                &mut self.launches
            };
            list.push(end(id));
        }
    }

    /// Matches the ends and adds the arrows.
    pub(super) fn finish(mut self, b: &mut TraceBuilder) {
        let mut unmatched = 0u64;
        let mut categories: HashMap<u64, CategoryId> = HashMap::new();
        let producers = std::mem::take(&mut self.producers).into_sorted();
        for (ty, consumers) in std::mem::take(&mut self.consumers).into_sorted() {
            let same_type = match producers.binary_search_by_key(&ty, |(t, _)| *t) {
                Ok(i) => &producers[i].1[..],
                Err(_) => &[],
            };
            unmatched += join(ty, same_type, &consumers, b, &mut categories);
        }
        if !self.device_work.is_empty() {
            self.launches.sort_unstable_by_key(end_order);
            let category = b.category("correlation_id");
            let mut launch_of: HashMap<u64, SliceId> = HashMap::new();
            for l in &self.launches {
                launch_of.entry(l.id).or_insert(l.slice);
            }
            for d in &self.device_work {
                match launch_of.get(&d.id) {
                    Some(&launch) => b.add_flow(launch, d.slice, category),
                    None => unmatched += 1,
                }
            }
        }
        b.diagnostics().record_many(
            DiagnosticKind::UnmatchedFlowEnd,
            unmatched,
            format!(
                "{unmatched} events consume a context (`_c`) or run device work (`correlation_id`) whose producer or launch is not in the capture"
            ),
        );
    }
}

/// A merge join of context type `ty`'s producers and consumers, both sorted by
/// [`end_order`]: each consumer gets an arrow from the latest producer of its id that starts
/// no later than it (else the earliest). Linear. Returns the consumers left without one.
fn join(
    ty: u64,
    producers: &[End],
    consumers: &[End],
    b: &mut TraceBuilder,
    categories: &mut HashMap<u64, CategoryId>,
) -> u64 {
    let mut unmatched = 0u64;
    let mut lo = 0;
    let mut c = 0;
    while c < consumers.len() {
        let key = consumers[c].id;
        let mut group_end = c + 1;
        while group_end < consumers.len() && consumers[group_end].id == key {
            group_end += 1;
        }
        while lo < producers.len() && producers[lo].id < key {
            lo += 1;
        }
        let mut hi = lo;
        while hi < producers.len() && producers[hi].id == key {
            hi += 1;
        }
        if lo == hi {
            unmatched += (group_end - c) as u64;
            c = group_end;
            continue;
        }
        let category = *categories
            .entry(ty)
            .or_insert_with(|| b.category(&format!("producer_consumer/{ty}")));
        let mut latest = lo;
        for consumer in &consumers[c..group_end] {
            while latest + 1 < hi && producers[latest + 1].start <= consumer.start {
                latest += 1;
            }
            if producers[latest].slice != consumer.slice {
                b.add_flow(producers[latest].slice, consumer.slice, category);
            }
        }
        c = group_end;
    }
    unmatched
}
