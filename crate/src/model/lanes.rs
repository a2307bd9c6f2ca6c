//! Lane placement for the slices of one track.
//!
//! A slice nested in the innermost open slice goes one lane below it (its depth). A slice
//! that starts inside the innermost open slice and ends after it (a *misfit*: the pair
//! overlaps without nesting) takes part in the nesting only up to its parent's end, so what
//! follows its parent is placed as if it were not there, and the nesting stays as deep as
//! it really is. The misfit itself stays at its depth when that lane is free until its real
//! end; otherwise it goes to the track's overflow lanes, below every depth lane, shared by
//! all of the track's moved misfits (each on the first overflow lane free at its start).
//!
//! Guarantees: every slice gets exactly one lane; no two slices of a lane overlap (each
//! starts at or after the end of the one before it), which the level-of-detail code relies
//! on to binary-search lanes; nothing is clipped or dropped; lanes are dense from 0 (a
//! misfit moves only because a slice kept on its lane is in the way). The depth lanes are
//! at most as many as the most slices open at one instant, the overflow lanes at most as
//! many as the most moved misfits open at one instant; a track whose slices nest properly
//! gets as many lanes as it is deep. The one exception: past `u16::MAX` lanes the deepest
//! slices share the last lane.
//!
//! Cost: O(n log n) for n slices (a stack, one backward pass, a heap for the overflow lanes).

use super::Ps;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The last lane a track can have.
const LAST_LANE: usize = u16::MAX as usize;

/// A slice that starts inside its parent and ends after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Misfit {
    /// Position (in the input order) of the slice it starts inside and ends after: the
    /// innermost slice open at its start, or, when that one is a misfit too, the slice
    /// whose end bounds it.
    pub parent: usize,
    /// Its own position.
    pub slice: usize,
    /// True if it went to an overflow lane, false if it stayed at its depth.
    pub moved: bool,
}

/// Places the slices `spans[k] = (start, end)` of one track, given in (start, longest
/// first) order, writing `lanes[k]`; returns the misfits in input order.
pub(super) fn assign_lanes(spans: &[(Ps, Ps)], lanes: &mut [u16]) -> Vec<Misfit> {
    let mut misfits = place_at_depth(spans, lanes);
    keep_or_move(spans, lanes, &mut misfits);
    place_overflow(spans, lanes, &misfits);
    misfits
}

/// Every slice at its depth in the nesting where a misfit counts only up to its parent's
/// end. The stack holds those clipped ends, each within the one below it, so slices given
/// the same depth never share a moment of their clipped spans. With each clipped end it
/// keeps the slice whose own end it is (a misfit's parent, or the slice that bounds that
/// parent when the parent is a misfit too): the slice a new misfit starts in and outlasts.
fn place_at_depth(spans: &[(Ps, Ps)], lanes: &mut [u16]) -> Vec<Misfit> {
    let mut misfits = Vec::new();
    // (end within the parent, the slice that end belongs to)
    let mut open: Vec<(Ps, usize)> = Vec::new();
    for (k, &(start, end)) in spans.iter().enumerate() {
        while open.last().is_some_and(|&(e, _)| e <= start) {
            open.pop();
        }
        lanes[k] = open.len().min(LAST_LANE) as u16;
        let clipped = match open.last() {
            Some(&(parent_end, owner)) if end > parent_end => {
                misfits.push(Misfit {
                    parent: owner,
                    slice: k,
                    moved: false,
                });
                (parent_end, owner)
            }
            _ => (end, k),
        };
        open.push(clipped);
    }
    misfits
}

/// A misfit keeps its depth lane if the next slice kept on that lane starts at or after
/// its real end; otherwise it is marked moved. Walking backwards, each lane's next kept
/// start is known when a misfit is met.
fn keep_or_move(spans: &[(Ps, Ps)], lanes: &[u16], misfits: &mut [Misfit]) {
    let lane_count = lanes.iter().max().map_or(0, |&l| l as usize + 1);
    let mut next_start = vec![Ps::MAX; lane_count];
    let mut m = misfits.len();
    for k in (0..spans.len()).rev() {
        let lane = lanes[k] as usize;
        if m > 0 && misfits[m - 1].slice == k {
            m -= 1;
            if next_start[lane] < spans[k].1 {
                misfits[m].moved = true;
                continue;
            }
        }
        next_start[lane] = spans[k].0;
    }
}

/// The moved misfits on lanes below every lane still used at a depth, each on the first
/// overflow lane free at its start.
fn place_overflow(spans: &[(Ps, Ps)], lanes: &mut [u16], misfits: &[Misfit]) {
    let moved: Vec<usize> = misfits
        .iter()
        .filter(|m| m.moved)
        .map(|m| m.slice)
        .collect();
    if moved.is_empty() {
        return;
    }
    let mut next_moved = 0;
    let mut deepest_kept = None;
    for (k, &lane) in lanes.iter().enumerate() {
        if moved.get(next_moved) == Some(&k) {
            next_moved += 1;
        } else {
            deepest_kept = deepest_kept.max(Some(lane as usize));
        }
    }
    let base = deepest_kept.map_or(0, |d| d + 1);
    let mut busy: BinaryHeap<Reverse<(Ps, usize)>> = BinaryHeap::new(); // (end, overflow lane)
    let mut free: BinaryHeap<Reverse<usize>> = BinaryHeap::new();
    let mut opened = 0usize;
    for k in moved {
        let (start, end) = spans[k];
        while let Some(&Reverse((e, lane))) = busy.peek() {
            if e > start {
                break;
            }
            busy.pop();
            free.push(Reverse(lane));
        }
        let lane = match free.pop() {
            Some(Reverse(lane)) => lane,
            None => {
                opened += 1;
                opened - 1
            }
        };
        lanes[k] = (base + lane).min(LAST_LANE) as u16;
        busy.push(Reverse((end, lane)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Sorts spans as `finish` gives them: (start, longest first).
    fn sorted(mut spans: Vec<(Ps, Ps)>) -> Vec<(Ps, Ps)> {
        spans.sort_by_key(|&(s, e)| (s, Reverse(e)));
        spans
    }

    fn place(spans: &[(Ps, Ps)]) -> (Vec<u16>, Vec<Misfit>) {
        let mut lanes = vec![0u16; spans.len()];
        let misfits = assign_lanes(spans, &mut lanes);
        (lanes, misfits)
    }

    fn lane_count(lanes: &[u16]) -> usize {
        lanes.iter().max().map_or(0, |&l| l as usize + 1)
    }

    /// The most spans open at one instant, computed without any lane logic: a span is open
    /// on `[start, end)`, a zero-length one at its instant (after the spans that start
    /// there). A lower bound of any placement's lane count.
    fn max_concurrency(spans: &[(Ps, Ps)]) -> usize {
        let mut edges: Vec<(Ps, u8)> = Vec::new(); // 0 end, 1 start, 2 zero-length
        for &(s, e) in spans {
            if e > s {
                edges.push((s, 1));
                edges.push((e, 0));
            } else {
                edges.push((s, 2));
            }
        }
        edges.sort();
        let (mut open, mut most) = (0usize, 0usize);
        for (_, kind) in edges {
            match kind {
                0 => open -= 1,
                1 => {
                    open += 1;
                    most = most.max(open);
                }
                _ => most = most.max(open + 1),
            }
        }
        most
    }

    /// No lane holds two slices that overlap; lanes are dense from 0.
    fn assert_lanes_valid(spans: &[(Ps, Ps)], lanes: &[u16]) {
        let count = lane_count(lanes);
        let mut last_end = vec![Ps::MIN; count];
        let mut used = vec![false; count];
        for (&(start, end), &lane) in spans.iter().zip(lanes) {
            let l = lane as usize;
            assert!(
                last_end[l] <= start,
                "lane {l}: [{start}, {end}) starts before {}",
                last_end[l]
            );
            last_end[l] = end;
            used[l] = true;
        }
        assert!(used.iter().all(|&u| u), "an empty lane in {lanes:?}");
    }

    #[test]
    fn nesting_gets_depths_and_misfits_keep_their_depth_when_free() {
        // outer, a nested pair, then "cross" overlapping "b" with nothing after it.
        let spans = sorted(vec![(0, 100), (10, 30), (12, 20), (25, 60)]);
        let (lanes, misfits) = place(&spans);
        assert_eq!(lanes, [0, 1, 2, 2]);
        assert_eq!(
            misfits,
            [Misfit {
                parent: 1,
                slice: 3,
                moved: false
            }]
        );
    }

    #[test]
    fn a_misfit_whose_depth_lane_is_taken_moves_to_the_overflow_lanes() {
        // "a" (10..12) is a tiny frame; "step" starts inside it and runs long; "work" and
        // its child follow at the frame's depth and would hit step's lane.
        let spans = sorted(vec![(0, 1000), (10, 12), (11, 900), (20, 100), (30, 40)]);
        let (lanes, misfits) = place(&spans);
        // outer 0, frame 1, step: overflow below the deepest depth lane (2), work 1, child 2.
        assert_eq!(lanes, [0, 1, 3, 1, 2]);
        assert_eq!(misfits.len(), 1);
        assert!(misfits[0].moved);
        assert_lanes_valid(&spans, &lanes);
    }

    #[test]
    fn repeated_misfits_do_not_make_a_staircase() {
        // Ten annotations, each opened inside a short frame and nested in the previous one,
        // each followed by work two deep. Placing what follows a misfit below it would add
        // two lanes per annotation.
        let mut spans = vec![(0, 10_000)];
        for i in 0..10 {
            let t = 100 + 400 * i;
            spans.push((t, t + 2));
            spans.push((t + 1, 9_000 - 10 * i));
            spans.push((t + 10, t + 300));
            spans.push((t + 20, t + 40));
        }
        let spans = sorted(spans);
        let (lanes, misfits) = place(&spans);
        assert_lanes_valid(&spans, &lanes);
        assert_eq!(misfits.len(), 10);
        let concurrency = max_concurrency(&spans);
        assert_eq!(concurrency, 13);
        // The depth lanes (outer, frames and work, their children) plus one overflow lane
        // per open annotation.
        assert_eq!(lane_count(&lanes), 3 + 10);
    }

    /// Random spans, as sorted input.
    fn any_spans() -> impl Strategy<Value = Vec<(Ps, Ps)>> {
        prop::collection::vec((0i64..1_000, 0i64..300), 0..80)
            .prop_map(|v| sorted(v.into_iter().map(|(s, d)| (s, s + d)).collect()))
    }

    /// A proper nesting: each child lies within its parent and after its elder siblings.
    fn nesting(
        start: Ps,
        end: Ps,
        depth: u32,
        shape: &mut impl Iterator<Item = u8>,
        out: &mut Vec<(Ps, Ps)>,
    ) {
        out.push((start, end));
        if depth == 0 || end - start < 4 {
            return;
        }
        let children = shape.next().unwrap_or(0) % 4;
        let mut at = start;
        for _ in 0..children {
            let room = end - at;
            if room < 2 {
                break;
            }
            let gap = Ps::from(shape.next().unwrap_or(0)) % (room / 2 + 1);
            let len = 1 + Ps::from(shape.next().unwrap_or(0)) % (room - gap).max(1);
            let (s, e) = (at + gap, (at + gap + len).min(end));
            nesting(s, e, depth - 1, shape, out);
            at = e;
        }
    }

    /// A proper nesting plus up to three misfits: spans that start strictly inside one of its
    /// slices and end after it. (A span that starts where its slice starts is not a misfit
    /// of it but sorts before it and becomes its parent; the slice's later siblings that
    /// start inside the new span can then be misfits of it, more than one per added span.)
    fn nesting_with_misfits() -> impl Strategy<Value = (Vec<(Ps, Ps)>, usize)> {
        (
            prop::collection::vec(any::<u8>(), 0..200),
            prop::collection::vec((any::<prop::sample::Index>(), 1i64..50, 1i64..400), 0..4),
        )
            .prop_map(|(shape, extra)| {
                let mut spans = Vec::new();
                nesting(0, 10_000, 6, &mut shape.into_iter(), &mut spans);
                // Slices with room for a start strictly inside; the root always has it.
                let roomy: Vec<(Ps, Ps)> =
                    spans.iter().copied().filter(|&(s, e)| e - s >= 2).collect();
                for (which, into, past) in &extra {
                    let (s, e) = roomy[which.index(roomy.len())];
                    let start = s + 1 + into % (e - s - 1);
                    spans.push((start, e + past));
                }
                (sorted(spans), extra.len())
            })
    }

    proptest! {
        #[test]
        fn lanes_never_overlap_and_stay_near_the_concurrency(spans in any_spans()) {
            let (lanes, misfits) = place(&spans);
            prop_assert_eq!(lanes.len(), spans.len());
            assert_lanes_valid(&spans, &lanes);
            let concurrency = max_concurrency(&spans);
            let moved: Vec<(Ps, Ps)> =
                misfits.iter().filter(|m| m.moved).map(|m| spans[m.slice]).collect();
            // Depth lanes hold at most the concurrency; overflow lanes the moved misfits'.
            let bound = concurrency + if moved.is_empty() { 0 } else { max_concurrency(&moved) };
            prop_assert!(lane_count(&lanes) <= bound, "{} lanes > {bound}", lane_count(&lanes));
            for m in &misfits {
                let ((ps, pe), (s, e)) = (spans[m.parent], spans[m.slice]);
                prop_assert!(m.parent < m.slice && ps <= s && s < pe && pe < e);
            }
        }

        #[test]
        fn a_nesting_with_a_few_misfits_stays_compact((spans, extra) in nesting_with_misfits()) {
            let (lanes, misfits) = place(&spans);
            assert_lanes_valid(&spans, &lanes);
            prop_assert!(misfits.len() <= extra);
            let concurrency = max_concurrency(&spans);
            prop_assert!(
                lane_count(&lanes) <= concurrency + extra,
                "{} lanes, concurrency {concurrency}, {extra} misfits",
                lane_count(&lanes)
            );
            if extra == 0 {
                prop_assert_eq!(lane_count(&lanes), concurrency);
            }
        }
    }
}
