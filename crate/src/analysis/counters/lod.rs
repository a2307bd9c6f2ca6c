//! Level of detail for counter tracks: per pixel column, the minimum, maximum and last value of
//! the samples in it, so a filled line chart of any zoom level costs O(pixels · (log n + B)).
//!
//! A [`CounterLod`] index holds the minimum and maximum of every block of [`BLOCK`] samples of
//! the counter table and a segment tree over those blocks; the minimum/maximum of any run of
//! samples then reads at most two partial blocks and O(log n) tree nodes.

use crate::analysis::lod::Viewport;
use crate::model::{Trace, TrackId};

/// Numbers per entry in [`render_counters`]' output.
pub const COUNTER_STRIDE: usize = 7;
/// Samples per block of the index.
pub const BLOCK: usize = 32;

/// Minimum/maximum index over the whole counter table of one trace.
#[derive(Clone, Debug, Default)]
pub struct CounterLod {
    /// Segment tree over blocks (leaves at `leaves..2 * leaves`): minimum of each node.
    min: Vec<f64>,
    /// Same for the maximum.
    max: Vec<f64>,
    leaves: usize,
}

impl CounterLod {
    /// Builds the index of `trace`'s counter table (O(n)).
    pub fn build(trace: &Trace) -> CounterLod {
        let values = &trace.counters.value;
        let blocks = values.len().div_ceil(BLOCK);
        let leaves = blocks.next_power_of_two().max(1);
        let mut min = vec![f64::INFINITY; 2 * leaves];
        let mut max = vec![f64::NEG_INFINITY; 2 * leaves];
        for (b, chunk) in values.chunks(BLOCK).enumerate() {
            let (lo, hi) = min_max_scan(chunk);
            min[leaves + b] = lo;
            max[leaves + b] = hi;
        }
        for n in (1..leaves).rev() {
            min[n] = min[2 * n].min(min[2 * n + 1]);
            max[n] = max[2 * n].max(max[2 * n + 1]);
        }
        CounterLod { min, max, leaves }
    }

    /// Minimum and maximum of `values[range]` (`values` = the table this index was built
    /// from). NaN values are ignored; an empty or all-NaN range gives (+∞, −∞).
    pub fn min_max(&self, values: &[f64], range: std::ops::Range<usize>) -> (f64, f64) {
        let (a, b) = (range.start, range.end.min(values.len()));
        if a >= b {
            return (f64::INFINITY, f64::NEG_INFINITY);
        }
        let first_full = a.div_ceil(BLOCK);
        let last_full = b / BLOCK; // blocks first_full..last_full are whole
        if first_full >= last_full {
            return min_max_scan(&values[a..b]);
        }
        let (mut lo, mut hi) = min_max_scan(&values[a..first_full * BLOCK]);
        let (l2, h2) = min_max_scan(&values[last_full * BLOCK..b]);
        lo = lo.min(l2);
        hi = hi.max(h2);
        let (mut l, mut r) = (first_full + self.leaves, last_full + self.leaves);
        while l < r {
            if l & 1 == 1 {
                lo = lo.min(self.min[l]);
                hi = hi.max(self.max[l]);
                l += 1;
            }
            if r & 1 == 1 {
                r -= 1;
                lo = lo.min(self.min[r]);
                hi = hi.max(self.max[r]);
            }
            l /= 2;
            r /= 2;
        }
        (lo, hi)
    }

    /// Approximate bytes held.
    pub fn heap_bytes(&self) -> usize {
        (self.min.capacity() + self.max.capacity()) * 8
    }
}

fn min_max_scan(values: &[f64]) -> (f64, f64) {
    values
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| {
            (lo.min(v), hi.max(v))
        })
}

/// Appends the entries of counter `tracks` in `view` to `out`, [`COUNTER_STRIDE`] numbers
/// each: `[track, x, min, max, last, sample index or -1, count]`.
///
/// Per track, the first entry may be the *held* sample (the last one before `t0`, `count` 0,
/// `x` clamped to −1) so the line starts at the left edge; then one entry per pixel column
/// with samples: `x` of its first sample (pixels, unclipped inside the view), the minimum,
/// maximum and last value of its samples, the counter-table index of its sample when it holds
/// exactly one (else −1), and how many it holds. Entries of a track are in time order.
pub fn render_counters(
    trace: &Trace,
    lod: &CounterLod,
    tracks: &[TrackId],
    view: Viewport,
    out: &mut Vec<f64>,
) {
    let times = &trace.counters.time;
    let values = &trace.counters.value;
    for &track in tracks {
        if track.index() >= trace.tracks.len() {
            continue;
        }
        let range = trace.index.counters_of(track);
        let end = range.end;
        let mut i = range.start + times[range.clone()].partition_point(|&t| t < view.t0);
        if i > range.start {
            let k = i - 1;
            let v = values[k];
            out.extend_from_slice(&[track.0 as f64, -1.0, v, v, v, k as f64, 0.0]);
        }
        while i < end && times[i] <= view.t1 {
            let x = x_of(view, times[i]);
            let boundary = x.floor() + 1.0;
            let rest = &times[i + 1..end];
            let j = i + 1 + rest.partition_point(|&t| t <= view.t1 && x_of(view, t) < boundary);
            let (lo, hi) = lod.min_max(values, i..j);
            let count = j - i;
            let id = if count == 1 { i as f64 } else { -1.0 };
            out.extend_from_slice(&[track.0 as f64, x, lo, hi, values[j - 1], id, count as f64]);
            i = j;
        }
    }
}

/// Pixel of time `t` in `view` (i128 differences, as `Viewport` does internally).
fn x_of(view: Viewport, t: crate::model::Ps) -> f64 {
    let span = (i128::from(view.t1) - i128::from(view.t0)) as f64;
    (i128::from(t) - i128::from(view.t0)) as f64 * view.width_px / span
}

#[cfg(test)]
mod tests {
    use super::super::test_trace;
    use super::*;
    use crate::model::Ps;
    use proptest::prelude::*;

    #[test]
    fn min_max_matches_a_scan() {
        let values: Vec<f64> = (0..1000).map(|k| ((k * 7919) % 1013) as f64).collect();
        let samples: Vec<(Ps, f64)> = values
            .iter()
            .enumerate()
            .map(|(k, &v)| (k as Ps, v))
            .collect();
        let t = test_trace::build(&[], &[("c", &samples)]);
        let lod = CounterLod::build(&t);
        for (a, b) in [
            (0, 1000),
            (3, 4),
            (31, 33),
            (5, 700),
            (64, 128),
            (999, 1000),
        ] {
            assert_eq!(
                lod.min_max(&t.counters.value, a..b),
                min_max_scan(&t.counters.value[a..b])
            );
        }
    }

    proptest! {
        /// Every sample in view is in exactly one entry; each entry's min/max/last agree with
        /// the samples of its pixel column; there is at most one entry per pixel column plus
        /// the held one.
        #[test]
        fn columns_account_for_every_visible_sample(
            gaps in proptest::collection::vec((0i64..3_000, -1e6f64..1e6), 1..500),
            t0 in 0i64..200_000,
            span in 1i64..400_000,
            width in 1u32..300,
        ) {
            let mut samples = Vec::new();
            let mut t = 0;
            for (gap, v) in gaps {
                t += gap;
                samples.push((t, v));
            }
            let trace = test_trace::build(&[], &[("c", &samples)]);
            let lod = CounterLod::build(&trace);
            let view = Viewport::new(t0, t0 + span, f64::from(width)).unwrap();
            let track = super::super::counter_tracks(&trace)[0];
            let mut out = Vec::new();
            render_counters(&trace, &lod, &[track], view, &mut out);
            let times = &trace.counters.time;
            let values = &trace.counters.value;
            let visible: Vec<usize> = (0..times.len()).filter(|&k| times[k] >= t0 && times[k] <= t0 + span).collect();
            let entries: Vec<&[f64]> = out.chunks(COUNTER_STRIDE).collect();
            let counted: f64 = entries.iter().map(|e| e[6]).sum();
            prop_assert_eq!(counted as usize, visible.len());
            let held = times.iter().any(|&x| x < t0);
            prop_assert_eq!(entries.first().is_some_and(|e| e[6] == 0.0), held);
            prop_assert!(entries.len() <= width as usize + 2);
            let mut k = 0;
            let mut last_col = f64::NEG_INFINITY;
            for e in entries.iter().filter(|e| e[6] > 0.0) {
                let n = e[6] as usize;
                let run = &visible[k..k + n];
                let col = e[1].floor();
                prop_assert!(col > last_col);
                last_col = col;
                for &s in run {
                    prop_assert_eq!(x_of(view, times[s]).floor(), col);
                }
                let (lo, hi) = min_max_scan(&run.iter().map(|&s| values[s]).collect::<Vec<_>>());
                prop_assert_eq!((e[2], e[3], e[4]), (lo, hi, values[run[n - 1]]));
                k += n;
            }
        }
    }
}
