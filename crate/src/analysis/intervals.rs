//! Unions of time intervals gathered from the model's slice order.
//!
//! Slices are stored by (track, lane, start), and a lane never overlaps itself, so intervals
//! collected in slice order form a few runs already sorted by start. [`union`] finds those
//! runs and merges them with a heap (O(n log runs)) instead of sorting everything.

use crate::model::Ps;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The union of `intervals` (`(start, end)`, `start <= end`, any order) as disjoint spans
/// sorted by start; touching spans are joined.
pub fn union(intervals: &[(Ps, Ps)]) -> Vec<(Ps, Ps)> {
    let mut out: Vec<(Ps, Ps)> = Vec::new();
    let mut add = |(a, b): (Ps, Ps)| match out.last_mut() {
        Some(last) if a <= last.1 => last.1 = last.1.max(b),
        _ => out.push((a, b)),
    };
    let runs = ascending_runs(intervals);
    if runs.len() <= 1 {
        intervals.iter().copied().for_each(add);
        return out;
    }
    // The heap holds the next interval of each run: (start, end, run).
    let mut next: Vec<usize> = runs.iter().map(|r| r.0).collect();
    let mut heap: BinaryHeap<Reverse<(Ps, Ps, usize)>> = runs
        .iter()
        .enumerate()
        .map(|(k, r)| Reverse((intervals[r.0].0, intervals[r.0].1, k)))
        .collect();
    while let Some(Reverse((a, b, k))) = heap.pop() {
        add((a, b));
        next[k] += 1;
        if next[k] < runs[k].1 {
            let (a, b) = intervals[next[k]];
            heap.push(Reverse((a, b, k)));
        }
    }
    out
}

/// Total length of the union of `intervals`.
pub fn union_length(intervals: &[(Ps, Ps)]) -> i64 {
    union(intervals).iter().map(|(a, b)| b - a).sum()
}

/// The maximal runs of `intervals` whose starts do not decrease, as `(begin, end)` index ranges.
fn ascending_runs(intervals: &[(Ps, Ps)]) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut begin = 0;
    for i in 1..intervals.len() {
        if intervals[i].0 < intervals[i - 1].0 {
            runs.push((begin, i));
            begin = i;
        }
    }
    if !intervals.is_empty() {
        runs.push((begin, intervals.len()));
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The union by sorting everything, to compare with.
    fn by_sorting(v: &[(Ps, Ps)]) -> Vec<(Ps, Ps)> {
        let mut v = v.to_vec();
        v.sort_unstable();
        let mut out: Vec<(Ps, Ps)> = Vec::new();
        for (a, b) in v {
            match out.last_mut() {
                Some(last) if a <= last.1 => last.1 = last.1.max(b),
                _ => out.push((a, b)),
            }
        }
        out
    }

    #[test]
    fn merges_overlaps_and_runs() {
        let v = [(5, 10), (10, 12), (0, 3), (2, 4), (20, 21)];
        assert_eq!(union(&v), vec![(0, 4), (5, 12), (20, 21)]);
        assert_eq!(union_length(&v), 4 + 7 + 1);
        assert!(union(&[]).is_empty());
    }

    proptest! {
        #[test]
        fn equals_sorting(raw in proptest::collection::vec((0i64..200, 0i64..30), 0..200)) {
            let v: Vec<(Ps, Ps)> = raw.iter().map(|&(a, d)| (a, a + d)).collect();
            prop_assert_eq!(union(&v), by_sorting(&v));
        }
    }
}
