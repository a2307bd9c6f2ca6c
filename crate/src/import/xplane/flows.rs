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

use super::event::RawValue;
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
    pub(super) fn slot(&self, id: i64) -> Option<usize> {
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

/// Bits of the id each pass of [`sort_ends`] sorts on.
const RADIX_BITS: u32 = 11;

/// Lists shorter than this are sorted by comparison.
const RADIX_FROM: usize = 1024;

/// Sorts `ends` by [`end_order`]: a stable radix sort on the id, least significant digit
/// first (a digit every end shares is skipped), then each run of equal ids by (start, slice).
/// The ids of one list are scattered widely (their sorted runs are short), where a
/// comparison sort costs about ten times the instructions.
fn sort_ends(ends: &mut Vec<End>) {
    let n = ends.len();
    if n < RADIX_FROM {
        ends.sort_by_key(end_order);
        return;
    }
    const BUCKETS: usize = 1 << RADIX_BITS;
    const PASSES: usize = 64usize.div_ceil(RADIX_BITS as usize);
    let digit =
        |id: u64, pass: usize| ((id >> (pass as u32 * RADIX_BITS)) as usize) & (BUCKETS - 1);
    let mut counts = vec![[0usize; BUCKETS]; PASSES];
    for e in ends.iter() {
        for (pass, count) in counts.iter_mut().enumerate() {
            count[digit(e.id, pass)] += 1;
        }
    }
    let mut from = std::mem::take(ends);
    let mut to = from.clone();
    for (pass, count) in counts.iter_mut().enumerate() {
        if count.contains(&n) {
            continue; // every end has this digit
        }
        let mut sum = 0;
        for c in count.iter_mut() {
            (*c, sum) = (sum, sum + *c);
        }
        for e in &from {
            let slot = &mut count[digit(e.id, pass)];
            to[*slot] = *e;
            *slot += 1;
        }
        std::mem::swap(&mut from, &mut to);
    }
    let mut i = 0;
    while i < n {
        let mut j = i + 1;
        while j < n && from[j].id == from[i].id {
            j += 1;
        }
        if j - i > 1 {
            from[i..j].sort_by_key(end_order);
        }
        i = j;
    }
    *ends = from;
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
                sort_ends(ends);
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

/// The flow stats of one event, by their slot in [`FlowStatIds`]: gathered while its stats
/// are read for its args, noted once it is placed.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct EventFlows([Option<u64>; 5]);

impl EventFlows {
    /// Takes the value of a stat in `slot` (a later stat of the slot replaces it).
    #[inline]
    pub(super) fn set(&mut self, slot: usize, value: RawValue) {
        if let Some(found) = self.0.get_mut(slot) {
            *found = id_of(value);
        }
    }
}

impl XFlows {
    /// Records the flow stats of one placed event (`slice`, starting at `start`), on a
    /// device plane or not.
    pub(super) fn note(&mut self, flows: &EventFlows, slice: SliceId, start: Ps, device: bool) {
        let found = flows.0;
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ends(rows: &[(u64, i64)]) -> Vec<End> {
        let to_end = |(k, &(id, start)): (usize, &(u64, i64))| End {
            id,
            start,
            slice: SliceId(k as u32),
        };
        rows.iter().enumerate().map(to_end).collect()
    }

    proptest! {
        /// The radix sort gives the comparison sort's order, on ids with many ties and on
        /// ids spread over all 64 bits, above and below the size it starts at.
        #[test]
        fn sorting_ends_equals_the_comparison_sort(
            narrow in proptest::collection::vec((0u64..40, -5i64..5), 0..3000),
            wide in proptest::collection::vec((any::<u64>(), any::<i64>()), 1000..2500),
        ) {
            for rows in [&narrow, &wide] {
                let mut want = ends(rows);
                want.sort_by_key(end_order);
                let mut got = ends(rows);
                sort_ends(&mut got);
                let key = |e: &Vec<End>| e.iter().map(end_order).collect::<Vec<_>>();
                prop_assert_eq!(key(&got), key(&want));
            }
        }
    }
}
