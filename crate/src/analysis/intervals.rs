//! Unions of time intervals gathered from the model's slice order.
//!
//! Slices are stored by (track, lane, start), and a lane never overlaps itself, so intervals
//! collected in slice order form a few runs already sorted by start. [`union`] joins each run
//! into disjoint spans, then merges those span lists two at a time (O(n log runs), each round a
//! linear walk between two buffers) instead of sorting everything.

use crate::model::Ps;
use std::ops::Range;

/// The union of `intervals` (`(start, end)`, `start <= end`, any order) as disjoint spans
/// sorted by start; touching spans are joined.
pub fn union(mut intervals: Vec<(Ps, Ps)>) -> Vec<(Ps, Ps)> {
    // Each run is joined in place into a segment, then segments are merged two at a time into
    // `other` and back, so at most one more buffer is allocated.
    let mut written: usize = 0;
    let mut segments: Vec<Range<usize>> = ascending_runs(&intervals)
        .into_iter()
        .map(|(begin, end)| {
            let start = written;
            for r in begin..end {
                let (a, b) = intervals[r];
                match written.checked_sub(1).filter(|&w| w >= start) {
                    Some(w) if a <= intervals[w].1 => intervals[w].1 = intervals[w].1.max(b),
                    _ => {
                        intervals[written] = (a, b);
                        written += 1;
                    }
                }
            }
            start..written
        })
        .collect();
    intervals.truncate(written);
    let mut spans = intervals;
    let mut other = Vec::with_capacity(if segments.len() > 1 { spans.len() } else { 0 });
    while segments.len() > 1 {
        other.clear();
        let mut merged = Vec::with_capacity(segments.len().div_ceil(2));
        for pair in segments.chunks(2) {
            let start = other.len();
            let b = pair.get(1).map_or(&[][..], |r| &spans[r.clone()]);
            merge_into(&mut other, start, &spans[pair[0].clone()], b);
            merged.push(start..other.len());
        }
        std::mem::swap(&mut spans, &mut other);
        segments = merged;
    }
    spans
}

/// Appends `(a, b)` (starting at or after the start of the last span of `out[from..]`) to the
/// disjoint spans `out[from..]`, joining it with the last one when they touch or overlap.
fn join(out: &mut Vec<(Ps, Ps)>, from: usize, (a, b): (Ps, Ps)) {
    match out[from..].last_mut() {
        Some(last) if a <= last.1 => last.1 = last.1.max(b),
        _ => out.push((a, b)),
    }
}

/// Appends to `out` (whose spans from `from` on form the result) the union of two lists of
/// disjoint spans sorted by start.
fn merge_into(out: &mut Vec<(Ps, Ps)>, from: usize, a: &[(Ps, Ps)], b: &[(Ps, Ps)]) {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i].0 <= b[j].0 {
            join(out, from, a[i]);
            i += 1;
        } else {
            join(out, from, b[j]);
            j += 1;
        }
    }
    for &span in a[i..].iter().chain(&b[j..]) {
        join(out, from, span);
    }
}

/// Total length of the union of `intervals`.
pub fn union_length(intervals: Vec<(Ps, Ps)>) -> i64 {
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
        assert_eq!(union(v.to_vec()), vec![(0, 4), (5, 12), (20, 21)]);
        assert_eq!(union_length(v.to_vec()), 4 + 7 + 1);
        assert!(union(Vec::new()).is_empty());
    }

    proptest! {
        #[test]
        fn equals_sorting(raw in proptest::collection::vec((0i64..200, 0i64..30), 0..200)) {
            let v: Vec<(Ps, Ps)> = raw.iter().map(|&(a, d)| (a, a + d)).collect();
            prop_assert_eq!(union(v.clone()), by_sorting(&v));
        }
    }
}
