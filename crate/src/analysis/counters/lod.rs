//! Level of detail for counter tracks: per pixel column, the minimum, maximum and last value of
//! the samples in it, so a filled line chart of any zoom level costs O(pixels · log(samples
//! per pixel)), independent of how many samples the view holds.
//!
//! A [`CounterLod`] is a min/max pyramid over the counter table (built once, O(n)): level 0
//! holds the minimum and maximum of each aligned block of [`BLOCK`] samples, each further
//! level those of pairs of the level below. Tracks are contiguous runs of the table and a
//! query only reads blocks wholly inside its range, so blocks that straddle two tracks are
//! never read for either. The minimum/maximum of any run of samples reads at most two partial
//! blocks plus two nodes per level, and equals a direct scan exactly (NaN ignored).
//!
//! [`render_counters`] walks each track column by column: it scans up to [`SCAN`] samples of a
//! column directly (the common case when zoomed in), and past that finds the column's end by
//! galloping and reads the rest of its minimum/maximum from the pyramid.

use crate::analysis::lod::Viewport;
use crate::model::{Ps, Trace, TrackId};

/// Numbers per entry in [`render_counters`]' output.
pub const COUNTER_STRIDE: usize = 7;
/// Samples per block of the pyramid's level 0.
pub const BLOCK: usize = 8;
/// Samples of a column read one by one before [`render_counters`] gallops to its end.
pub const SCAN: usize = 16;

/// Min/max pyramid over the whole counter table of one trace.
#[derive(Clone, Debug, Default)]
pub struct CounterLod {
    /// `levels[l]`: (minimum, maximum) of each aligned run of `BLOCK << l` samples (the last
    /// one of a level may be shorter).
    levels: Vec<Vec<(f64, f64)>>,
}

impl CounterLod {
    /// Builds the pyramid of `trace`'s counter table (O(n), about n / 2 extra numbers).
    pub fn build(trace: &Trace) -> CounterLod {
        let base: Vec<(f64, f64)> = trace
            .counters
            .value
            .chunks(BLOCK)
            .map(min_max_scan)
            .collect();
        let mut levels = vec![base];
        while let Some(below) = levels.last().filter(|l| l.len() > 1) {
            let up = below
                .chunks(2)
                .map(|p| p.iter().fold(EMPTY, |a, &b| merge(a, b)))
                .collect();
            levels.push(up);
        }
        CounterLod { levels }
    }

    /// Minimum and maximum of `values[range]` (`values` = the table this index was built
    /// from). NaN values are ignored; an empty or all-NaN range gives (+∞, −∞).
    pub fn min_max(&self, values: &[f64], range: std::ops::Range<usize>) -> (f64, f64) {
        let (a, b) = (range.start, range.end.min(values.len()));
        if a >= b {
            return EMPTY;
        }
        let (mut lo, hi) = (a.div_ceil(BLOCK), b / BLOCK); // blocks lo..hi are whole
        if lo >= hi || self.levels.is_empty() {
            return min_max_scan(&values[a..b]);
        }
        let mut acc = merge(
            min_max_scan(&values[a..lo * BLOCK]),
            min_max_scan(&values[hi * BLOCK..b]),
        );
        let mut hi = hi;
        for level in &self.levels {
            if lo >= hi {
                break;
            }
            if lo & 1 == 1 {
                acc = merge(acc, level[lo]);
                lo += 1;
            }
            if hi & 1 == 1 {
                hi -= 1;
                acc = merge(acc, level[hi]);
            }
            lo /= 2;
            hi /= 2;
        }
        acc
    }

    /// Approximate bytes held.
    pub fn heap_bytes(&self) -> usize {
        self.levels.iter().map(|l| l.capacity() * 16).sum()
    }
}

/// (minimum, maximum) of nothing.
const EMPTY: (f64, f64) = (f64::INFINITY, f64::NEG_INFINITY);

fn merge(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    (a.0.min(b.0), a.1.max(b.1))
}

fn min_max_scan(values: &[f64]) -> (f64, f64) {
    values
        .iter()
        .fold(EMPTY, |(lo, hi), &v| (lo.min(v), hi.max(v)))
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
    // Visible sample runs first, so the output is allocated once.
    let runs: Vec<(TrackId, usize, usize, usize)> = tracks
        .iter()
        .filter(|t| t.index() < trace.tracks.len())
        .map(|&track| {
            let range = trace.index.counters_of(track);
            let ts = &times[range.clone()];
            let lo = range.start + ts.partition_point(|&t| t < view.t0);
            let hi = range.start + ts.partition_point(|&t| t <= view.t1);
            (track, range.start, lo, hi)
        })
        .collect();
    let columns = (view.width_px.ceil() as usize).saturating_add(2);
    let entries: usize = runs
        .iter()
        .map(|&(_, _, lo, hi)| (hi - lo).min(columns) + 1)
        .sum();
    out.reserve(entries * COUNTER_STRIDE);

    let scale = view.width_px / view.t1.saturating_sub(view.t0) as f64;
    let x_of = |t: Ps| t.saturating_sub(view.t0) as f64 * scale;
    let starts = ColumnStarts::new(view, scale, x_of);
    for (track, first, mut i, end) in runs {
        let id = f64::from(track.0);
        if i > first {
            let v = values[i - 1];
            out.extend_from_slice(&[id, -1.0, v, v, v, (i - 1) as f64, 0.0]);
        }
        while i < end {
            let x = x_of(times[i]);
            // The samples of this column are those before the next column's first time.
            let next = starts.start((x as usize).saturating_add(1));
            let (mut lo, mut hi) = merge(EMPTY, (values[i], values[i])); // NaN ignored
            let mut j = i + 1;
            let stop = end.min(i + SCAN);
            for (&t, &v) in times[j..stop].iter().zip(&values[j..stop]) {
                if t >= next {
                    break;
                }
                // Comparisons skip NaN, as `f64::min`/`max` do.
                if v < lo {
                    lo = v;
                }
                if v > hi {
                    hi = v;
                }
                j += 1;
            }
            // A dense column: gallop to its end and read the rest from the pyramid.
            if j == stop && j < end && times[j] < next {
                let k = j + gallop(&times[j..end], |t| t < next);
                (lo, hi) = merge((lo, hi), lod.min_max(values, j..k));
                j = k;
            }
            let count = j - i;
            let sample = if count == 1 { i as f64 } else { -1.0 };
            out.extend_from_slice(&[id, x, lo, hi, values[j - 1], sample, count as f64]);
            i = j;
        }
    }
}

/// The first time of each pixel column of a view: `start(c)` is the first time whose pixel
/// `x_of` (non-decreasing, `x_of(t0) = 0`) is at least `c`, found from the inverse of `x_of`
/// and checked against `x_of` itself, so a column holds exactly the samples whose
/// `floor(x_of(t))` is its index. The first [`COLUMN_TABLE`] columns are computed once per
/// view and shared by every track.
struct ColumnStarts<F: Fn(Ps) -> f64> {
    t0: Ps,
    scale: f64,
    /// Columns `0..=floor(width)`.
    columns: usize,
    x_of: F,
    table: Vec<Ps>,
}

/// Columns whose first time is tabulated per view (wider views compute the rest per use).
const COLUMN_TABLE: usize = 1 << 14;

impl<F: Fn(Ps) -> f64> ColumnStarts<F> {
    fn new(view: Viewport, scale: f64, x_of: F) -> Self {
        let mut s = ColumnStarts {
            t0: view.t0,
            scale,
            columns: (view.width_px.floor() as usize).saturating_add(1),
            x_of,
            table: Vec::new(),
        };
        s.table = (0..s.columns.min(COLUMN_TABLE))
            .map(|c| s.compute(c))
            .collect();
        s
    }

    /// The first time of column `c` (`Ps::MAX` past the last column).
    fn start(&self, c: usize) -> Ps {
        match self.table.get(c) {
            Some(&t) => t,
            None if c < self.columns => self.compute(c),
            None => Ps::MAX,
        }
    }

    fn compute(&self, c: usize) -> Ps {
        let target = c as f64;
        let reaches = |t: Ps| (self.x_of)(t) >= target;
        // Bracket: `lo` does not reach the column (t0 - 1 is left of column 0), `hi` does.
        let guess = self.t0.saturating_add((target / self.scale).ceil() as Ps);
        let (mut lo, mut hi) = (self.t0.saturating_sub(1), Ps::MAX);
        if !reaches(hi) {
            return Ps::MAX;
        }
        if guess.saturating_sub(2) > lo && !reaches(guess.saturating_sub(2)) {
            lo = guess.saturating_sub(2);
        }
        if reaches(guess.saturating_add(2)) {
            hi = hi.min(guess.saturating_add(2));
        }
        while hi.abs_diff(lo) > 1 {
            let mid = lo + (hi.abs_diff(lo) / 2) as Ps;
            if reaches(mid) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        hi
    }
}

/// The length of the prefix of `xs` for which `pred` holds (it holds for a prefix, then
/// not): galloping from the start (1, 2, 4, ...) then bisecting, so a short prefix (the next
/// pixel's samples) costs O(log of its length), not O(log of the rest of the track).
fn gallop(xs: &[Ps], pred: impl Fn(Ps) -> bool) -> usize {
    let mut lo = 0;
    let mut step = 1;
    while lo + step <= xs.len() && pred(xs[lo + step - 1]) {
        lo += step;
        step *= 2;
    }
    let hi = (lo + step).min(xs.len());
    lo + xs[lo..hi].partition_point(|&t| pred(t))
}

#[cfg(test)]
mod tests {
    use super::super::test_trace;
    use super::*;
    use proptest::prelude::*;

    /// The render's pixel of `t` (same formula).
    fn x_of(view: Viewport, t: Ps) -> f64 {
        t.saturating_sub(view.t0) as f64 * (view.width_px / view.t1.saturating_sub(view.t0) as f64)
    }

    #[test]
    fn gallop_finds_the_prefix() {
        let xs: Vec<Ps> = (0..50).collect();
        for cut in 0..=50 {
            assert_eq!(gallop(&xs, |t| t < cut), cut as usize);
        }
    }

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

    /// Views at the ends of the time range, and very wide ones, place every sample once
    /// without overflowing (the column starts saturate instead).
    #[test]
    fn extreme_views_count_every_sample() {
        let samples: Vec<(Ps, f64)> = (0..100).map(|k| (k * 1_000, k as f64)).collect();
        let t = test_trace::build(&[], &[("c", &samples)]);
        let lod = CounterLod::build(&t);
        let track = super::super::counter_tracks(&t)[0];
        for (t0, t1, width) in [
            (Ps::MIN, Ps::MAX, 1200.0),
            (Ps::MIN / 2, Ps::MAX / 2, 3.0),
            (-5, 100_000, 1e7),
            (0, 1, 1e300),
        ] {
            let view = Viewport::new(t0, t1, width).unwrap();
            let mut out = Vec::new();
            render_counters(&t, &lod, &[track], view, &mut out);
            let counted: f64 = out.chunks(COUNTER_STRIDE).map(|e| e[6]).sum();
            let visible = samples.iter().filter(|s| s.0 >= t0 && s.0 <= t1).count();
            assert_eq!(counted as usize, visible, "{t0} {t1} {width}");
        }
    }

    proptest! {
        /// The pyramid's minimum/maximum of any run of samples, inside any of several tracks,
        /// equals a direct scan exactly (NaN samples ignored by both).
        #[test]
        fn pyramid_equals_a_direct_scan(
            tracks in proptest::collection::vec(
                proptest::collection::vec(
                    prop_oneof![9 => -1e9f64..1e9, 1 => Just(f64::NAN), 1 => Just(-0.0f64)],
                    0..700,
                ),
                1..4,
            ),
            cuts in proptest::collection::vec((0.0f64..1.0, 0.0f64..1.0), 1..40),
        ) {
            let named: Vec<(String, Vec<(Ps, f64)>)> = tracks
                .iter()
                .enumerate()
                .map(|(k, vs)| (format!("c{k}"), vs.iter().enumerate().map(|(t, &v)| (t as Ps, v)).collect()))
                .collect();
            let counters: Vec<(&str, &[(Ps, f64)])> = named.iter().map(|(n, s)| (n.as_str(), s.as_slice())).collect();
            let trace = test_trace::build(&[], &counters);
            let lod = CounterLod::build(&trace);
            let values = &trace.counters.value;
            for track in super::super::counter_tracks(&trace) {
                let r = trace.index.counters_of(track);
                for &(u, v) in &cuts {
                    let a = r.start + (u * r.len() as f64) as usize;
                    let b = a + (v * (r.end - a) as f64) as usize;
                    let (lo, hi) = lod.min_max(values, a..b);
                    let (slo, shi) = min_max_scan(&values[a..b]);
                    prop_assert_eq!((lo, hi), (slo, shi));
                }
            }
        }

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
