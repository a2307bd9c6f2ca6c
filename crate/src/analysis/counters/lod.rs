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
//! [`for_each_column`] walks a track column by column: it scans up to [`SCAN`] samples of a
//! column directly (the common case when zoomed in), and past that finds the column's end by
//! galloping and reads the rest of its minimum/maximum from the pyramid. [`render_counters`]
//! writes the same columns as the page's compact render list (a header per track, then four
//! f32 per column) in one pass per track that touches each sample of a sparse column once and
//! does no per-column work beyond opening the column and writing its entry; [`column_at`] gives
//! one column exactly (counts, sample indices, f64 values) for the page's hover.

use crate::analysis::lod::Viewport;
use crate::model::{Ps, Trace, TrackId};

/// Samples per block of the pyramid's level 0.
pub const BLOCK: usize = 8;
/// Samples of a column read one by one before [`for_each_column`] gallops to its end.
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

/// (minimum, maximum) of the ranges `a` and `b`, NaN in `b` ignored; `a` must hold no NaN (it
/// starts from [`EMPTY`]). Comparisons rather than `f64::min`/`max`, which are library calls
/// in Wasm (they handle NaN on either side).
fn merge(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    (
        if b.0 < a.0 { b.0 } else { a.0 },
        if b.1 > a.1 { b.1 } else { a.1 },
    )
}

fn min_max_scan(values: &[f64]) -> (f64, f64) {
    values.iter().fold(EMPTY, |acc, &v| merge(acc, (v, v)))
}

/// f32 slots of a track header in [`render_counters`]' output: four f64 numbers stored bitwise
/// (little-endian, two slots each), `[track id, entries, minimum, maximum]`.
pub const COUNTER_HEADER: usize = 8;
/// f32 numbers per pixel entry in [`render_counters`]' output: `[x, min, max, last]`.
pub const COUNTER_ENTRY: usize = 4;

/// One pixel column of a counter track in a view: samples `first..end` of the counter table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Column {
    /// Counter-table index of its first sample.
    pub first: usize,
    /// One past its last sample (`first + 1` for the held sample).
    pub end: usize,
    /// Pixel of its first sample (unclipped inside the view); −1 for the held sample.
    pub x: f64,
    /// Minimum and maximum of its values (NaN ignored; (+∞, −∞) when all are NaN).
    pub min: f64,
    /// See `min`.
    pub max: f64,
    /// Value of its last sample.
    pub last: f64,
    /// Whether this is the held sample: the last one before the view, whose value holds at its
    /// left edge.
    pub held: bool,
}

/// Calls `visit` with the columns of counter `track` in `view`, in time order: first the held
/// sample (the last one before `t0`) if there is one, then each pixel column that holds samples.
/// A column holds exactly the samples in `[t0, t1]` whose `floor(x)` is its index, `x` being the
/// pixel of the sample's time.
pub fn for_each_column(
    trace: &Trace,
    lod: &CounterLod,
    track: TrackId,
    view: Viewport,
    mut visit: impl FnMut(Column),
) {
    let frame = Frame::new(view);
    let (first, lo, hi) = visible_run(trace, track, view);
    frame.columns(trace, lod, first, lo, hi, &mut visit);
}

/// The column of counter `track` whose index is `column` in `view` (the held sample for a
/// negative index), or `None` when it holds no sample. Equals the column
/// [`for_each_column`] yields for that index.
pub fn column_at(
    trace: &Trace,
    lod: &CounterLod,
    track: TrackId,
    view: Viewport,
    column: i64,
) -> Option<Column> {
    let (first, lo, hi) = visible_run(trace, track, view);
    let times = &trace.counters.time;
    let frame = Frame::new(view);
    if column < 0 {
        return (lo > first).then(|| held(trace, lo - 1));
    }
    let c = usize::try_from(column).ok()?;
    let start = frame.starts.start(c);
    let i = lo + times[lo..hi].partition_point(|&t| t < start);
    if i == hi || frame.column_of(times[i]) != Some(c) {
        return None;
    }
    Some(frame.column_from(trace, lod, i, hi))
}

/// Appends the render list of counter `tracks` in `view` to `out`: per track with at least one
/// column (see [`for_each_column`]), a header of [`COUNTER_HEADER`] slots — track id, number of
/// entries, and the minimum and maximum of the values of its columns (NaN ignored), as f64
/// stored bitwise so the axis labels are exact — then one entry of [`COUNTER_ENTRY`] f32 per
/// column: `x` (−1 for the held sample; rounded so that `floor(x)` stays the column's index),
/// minimum, maximum and last value. Every header starts at an even slot, so a page reads headers
/// through a Float64Array view of the same buffer. Tracks without columns are left out.
///
/// Sample counts and indices are not in the list: [`column_at`] gives a column's exactly.
pub fn render_counters(
    trace: &Trace,
    lod: &CounterLod,
    tracks: &[TrackId],
    view: Viewport,
    out: &mut Vec<f32>,
) {
    let frame = Frame::new(view);
    // Visible sample runs first, so the output is allocated once.
    let runs: Vec<(TrackId, (usize, usize, usize))> = tracks
        .iter()
        .filter(|t| t.index() < trace.tracks.len())
        .map(|&track| (track, visible_run(trace, track, view)))
        .collect();
    let columns = (view.width_px.ceil() as usize).saturating_add(2);
    let slots: usize = runs
        .iter()
        .map(|&(_, (_, lo, hi))| COUNTER_HEADER + ((hi - lo).min(columns) + 1) * COUNTER_ENTRY)
        .sum();
    out.reserve(slots);
    for (track, (first, lo, hi)) in runs {
        let at = out.len();
        out.extend_from_slice(&[0.0; COUNTER_HEADER]);
        let mut list = EntryWriter {
            out,
            entries: 0,
            range: EMPTY,
        };
        if lo > first {
            let v = trace.counters.value[lo - 1];
            list.push(-1.0, v, v, v);
        }
        frame.write_columns(trace, lod, lo, hi, &mut list);
        let (entries, range) = (list.entries, list.range);
        if entries == 0 {
            out.truncate(at);
            continue;
        }
        let header = [f64::from(track.0), entries as f64, range.0, range.1];
        for (k, v) in header.into_iter().enumerate() {
            let bits = v.to_bits();
            out[at + 2 * k] = f32::from_bits(bits as u32);
            out[at + 2 * k + 1] = f32::from_bits((bits >> 32) as u32);
        }
    }
}

/// Appends a track's render-list entries (to capacity reserved for them), counting them and
/// merging their value range for the header.
struct EntryWriter<'a> {
    out: &'a mut Vec<f32>,
    entries: usize,
    range: (f64, f64),
}

impl EntryWriter<'_> {
    /// Appends the entry `[x, min, max, last]`; `x` is the pixel as f32 (−1 for the held sample).
    fn push(&mut self, x: f32, min: f64, max: f64, last: f64) {
        self.range = merge(self.range, (min, max));
        self.out
            .extend_from_slice(&[x, min as f32, max as f32, last as f32]);
        self.entries += 1;
    }
}

/// `x` (≥ 0) as f32, rounded down where rounding to nearest would carry it into the next pixel
/// column.
fn pixel_f32(x: f64) -> f32 {
    let f = x as f32;
    if f64::from(f).floor() > x.floor() && f > 0.0 {
        f32::from_bits(f.to_bits() - 1)
    } else {
        f
    }
}

/// `(first sample of the track, first sample at or after t0, one past the last at or before t1)`
/// in the counter table.
fn visible_run(trace: &Trace, track: TrackId, view: Viewport) -> (usize, usize, usize) {
    let range = trace.index.counters_of(track);
    let ts = &trace.counters.time[range.clone()];
    // A view that holds the whole track (the overview) needs no search.
    let lo = match ts.first() {
        Some(&t) if t >= view.t0 => 0,
        _ => ts.partition_point(|&t| t < view.t0),
    };
    let hi = match ts.last() {
        Some(&t) if t <= view.t1 => ts.len(),
        _ => lo + ts[lo..].partition_point(|&t| t <= view.t1),
    };
    (range.start, range.start + lo, range.start + hi)
}

/// The held sample `k` as a column.
fn held(trace: &Trace, k: usize) -> Column {
    let v = trace.counters.value[k];
    Column {
        first: k,
        end: k + 1,
        x: -1.0,
        min: v,
        max: v,
        last: v,
        held: true,
    }
}

/// A view's pixel mapping and its column starts.
struct Frame {
    t0: Ps,
    scale: f64,
    starts: ColumnStarts,
}

impl Frame {
    fn new(view: Viewport) -> Frame {
        let scale = view.width_px / view.t1.saturating_sub(view.t0) as f64;
        Frame {
            t0: view.t0,
            scale,
            starts: ColumnStarts::new(view, scale),
        }
    }

    fn x_of(&self, t: Ps) -> f64 {
        x_of(self.t0, self.scale, t)
    }

    /// The column index of time `t` (inside the view).
    fn column_of(&self, t: Ps) -> Option<usize> {
        let x = self.x_of(t);
        (x >= 0.0).then_some(x as usize)
    }

    /// The columns of the track whose samples start at `first`, visible ones `lo..hi`.
    fn columns(
        &self,
        trace: &Trace,
        lod: &CounterLod,
        first: usize,
        lo: usize,
        hi: usize,
        visit: &mut impl FnMut(Column),
    ) {
        if lo > first {
            visit(held(trace, lo - 1));
        }
        let mut i = lo;
        while i < hi {
            let c = self.column_from(trace, lod, i, hi);
            i = c.end;
            visit(c);
        }
    }

    /// Writes the columns of the visible samples `lo..hi` of a track to `list`: the same
    /// columns [`Frame::column_from`] gives, in one pass that reads each sample of a sparse
    /// column once (comparing its time with the next column's first time only) and hands a
    /// dense column to [`Frame::column_from`] after [`SCAN`] samples.
    fn write_columns(
        &self,
        trace: &Trace,
        lod: &CounterLod,
        lo: usize,
        hi: usize,
        list: &mut EntryWriter,
    ) {
        let times = &trace.counters.time[..hi];
        let values = &trace.counters.value[..hi];
        let mut i = lo;
        while i < hi {
            let x = self.x_of(times[i]);
            let next = self.starts.start((x as usize).saturating_add(1));
            let stop = hi.min(i + SCAN);
            let v = values[i];
            let (mut min, mut max) = merge(EMPTY, (v, v)); // NaN ignored
            let mut j = i + 1;
            if times[stop - 1] >= next {
                // The column ends before `stop`: no other bound is needed.
                while times[j] < next {
                    (min, max) = merge((min, max), (values[j], values[j]));
                    j += 1;
                }
            } else if stop == hi {
                // The rest of the track is in this column.
                (min, max) = merge((min, max), min_max_scan(&values[j..hi]));
                j = hi;
            } else {
                // A dense column: the pyramid's path, from its first sample.
                let c = self.column_from(trace, lod, i, hi);
                list.push(pixel_f32(c.x), c.min, c.max, c.last);
                i = c.end;
                continue;
            }
            list.push(pixel_f32(x), min, max, values[j - 1]);
            i = j;
        }
    }

    /// The column whose first sample is `i` (`i < end`; samples past `end` are out of view).
    fn column_from(&self, trace: &Trace, lod: &CounterLod, i: usize, end: usize) -> Column {
        let times = &trace.counters.time;
        let values = &trace.counters.value;
        let x = self.x_of(times[i]);
        // The samples of this column are those before the next column's first time.
        let next = self.starts.start((x as usize).saturating_add(1));
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
        Column {
            first: i,
            end: j,
            x,
            min: lo,
            max: hi,
            last: values[j - 1],
            held: false,
        }
    }
}

/// The pixel of time `t` in a view starting at `t0` with `scale` pixels per ps.
fn x_of(t0: Ps, scale: f64, t: Ps) -> f64 {
    t.saturating_sub(t0) as f64 * scale
}

/// The first time of each pixel column of a view: `start(c)` is the first time whose pixel
/// [`x_of`] is at least `c`, found from the inverse of `x_of` and checked against `x_of` itself,
/// so a column holds exactly the samples whose `floor(x_of(t))` is its index. The first
/// [`COLUMN_TABLE`] columns are computed once per view and shared by every track.
struct ColumnStarts {
    t0: Ps,
    scale: f64,
    /// Columns `0..=floor(width)`.
    columns: usize,
    table: Vec<Ps>,
}

/// Columns whose first time is tabulated per view (wider views compute the rest per use).
const COLUMN_TABLE: usize = 1 << 14;

impl ColumnStarts {
    fn new(view: Viewport, scale: f64) -> Self {
        let mut s = ColumnStarts {
            t0: view.t0,
            scale,
            columns: (view.width_px.floor() as usize).saturating_add(1),
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
        let reaches = |t: Ps| x_of(self.t0, self.scale, t) >= target;
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

    /// The columns of `track`, collected.
    fn columns_of(trace: &Trace, lod: &CounterLod, track: TrackId, view: Viewport) -> Vec<Column> {
        let mut cols = Vec::new();
        for_each_column(trace, lod, track, view, |c| cols.push(c));
        cols
    }

    /// A column's fields, floats as bits (so NaN compares equal to itself).
    fn key(c: Option<Column>) -> Option<(usize, usize, [u64; 4], bool)> {
        c.map(|c| {
            (
                c.first,
                c.end,
                [c.x, c.min, c.max, c.last].map(f64::to_bits),
                c.held,
            )
        })
    }

    /// Decodes a render list: per track, (id, minimum, maximum, entries).
    fn decode(out: &[f32]) -> Vec<(u32, f64, f64, Vec<[f32; COUNTER_ENTRY]>)> {
        let f64_at = |k: usize| {
            f64::from_bits(u64::from(out[k].to_bits()) | (u64::from(out[k + 1].to_bits()) << 32))
        };
        let mut tracks = Vec::new();
        let mut h = 0;
        while h < out.len() {
            assert_eq!(h % 2, 0, "headers start at even slots");
            let n = f64_at(h + 2) as usize;
            let from = h + COUNTER_HEADER;
            let entries = out[from..from + n * COUNTER_ENTRY]
                .chunks(COUNTER_ENTRY)
                .map(|e| [e[0], e[1], e[2], e[3]])
                .collect();
            tracks.push((f64_at(h) as u32, f64_at(h + 4), f64_at(h + 6), entries));
            h = from + n * COUNTER_ENTRY;
        }
        tracks
    }

    #[test]
    fn pixels_as_f32_stay_in_their_column() {
        for x in [
            0.0,
            0.5,
            5.999_999_999,
            1_199.999_999_9,
            1_048_575.999_9,
            3.0,
        ] {
            let f = pixel_f32(x);
            assert_eq!(f64::from(f).floor(), x.floor(), "{x}");
            assert!(
                (f64::from(f) - x).abs() <= x.max(1.0) * f64::from(f32::EPSILON),
                "{x}"
            );
        }
    }

    /// The render list of two tracks (one with a held sample) decodes to their columns, with
    /// exact f64 ranges in the headers; tracks without columns are left out.
    #[test]
    fn render_list_holds_a_header_and_the_columns_per_track() {
        let a: Vec<(Ps, f64)> = (0..50).map(|k| (k * 10, 1e10 + k as f64)).collect();
        let b: Vec<(Ps, f64)> = vec![(5, -2.5), (400, 7.0), (401, f64::NAN)];
        let t = test_trace::build(&[], &[("a", &a), ("b", &b), ("none", &[])]);
        let lod = CounterLod::build(&t);
        let tracks = super::super::counter_tracks(&t);
        let view = Viewport::new(100, 450, 7.0).unwrap();
        let mut out = Vec::new();
        render_counters(&t, &lod, &tracks, view, &mut out);
        let decoded = decode(&out);
        assert_eq!(decoded.len(), 2);
        for (track, (id, lo, hi, entries)) in tracks.iter().zip(&decoded) {
            assert_eq!(*id, track.0);
            let cols = columns_of(&t, &lod, *track, view);
            assert_eq!(entries.len(), cols.len());
            let range = cols.iter().fold(EMPTY, |r, c| merge(r, (c.min, c.max)));
            assert_eq!((*lo, *hi), range);
            for (e, c) in entries.iter().zip(&cols) {
                let x = if c.held { -1.0 } else { c.x as f32 };
                assert!((e[0] - x).abs() < 1e-4);
                assert_eq!(
                    e[1..].iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
                    [c.min as f32, c.max as f32, c.last as f32].map(f32::to_bits)
                );
            }
        }
        // The axis range is exact: 1e10 + 9 is no f32.
        assert_eq!(decoded[0].1, 1e10 + 9.0);
        assert_eq!((decoded[1].1, decoded[1].2), (-2.5, 7.0));
        assert!(decoded[1].3[0][0] < 0.0, "held sample first");
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
            let counted: usize = columns_of(&t, &lod, track, view)
                .iter()
                .filter(|c| !c.held)
                .map(|c| c.end - c.first)
                .sum();
            let visible = samples.iter().filter(|s| s.0 >= t0 && s.0 <= t1).count();
            assert_eq!(counted, visible, "{t0} {t1} {width}");
            let mut out = Vec::new();
            render_counters(&t, &lod, &[track], view, &mut out);
            assert_eq!(decode(&out).len(), usize::from(visible > 0));
        }
    }

    /// A track's part of a render list: its entries as (column index, −1 for the held sample;
    /// minimum; maximum; last value), and its value range.
    type Direct = (Vec<(f64, f64, f64, f64)>, (f64, f64));

    /// The render list of counter `track` in `view` by a direct scan of its samples, grouped
    /// by `floor(x)`; `None` when it has no column.
    fn direct_render(trace: &Trace, track: TrackId, view: Viewport) -> Option<Direct> {
        let r = trace.index.counters_of(track);
        let samples: Vec<(Ps, f64)> = trace.counters.time[r.clone()]
            .iter()
            .copied()
            .zip(trace.counters.value[r].iter().copied())
            .collect();
        let mut entries: Vec<(f64, f64, f64, f64)> = Vec::new();
        if let Some(&(_, v)) = samples.iter().rfind(|s| s.0 < view.t0) {
            entries.push((-1.0, v, v, v));
        }
        let mut runs: Vec<(f64, Vec<f64>)> = Vec::new();
        for &(t, v) in samples.iter().filter(|s| s.0 >= view.t0 && s.0 <= view.t1) {
            let column = x_of(view, t).floor();
            match runs.last_mut() {
                Some((c, run)) if *c == column => run.push(v),
                _ => runs.push((column, vec![v])),
            }
        }
        for (column, run) in runs {
            let (lo, hi) = min_max_scan(&run);
            entries.push((column, lo, hi, run[run.len() - 1]));
        }
        let range = entries.iter().fold(EMPTY, |r, e| merge(r, (e.1, e.2)));
        (!entries.is_empty()).then_some((entries, range))
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

        /// Every sample in view is in exactly one column; each column's min/max/last agree with
        /// the samples of its pixel column; there is at most one column per pixel plus the held
        /// one; `column_at` gives the same column for each index, and none for empty pixels; the
        /// render list holds the same columns.
        #[test]
        fn columns_account_for_every_visible_sample(
            gaps in proptest::collection::vec(
                (0i64..3_000, prop_oneof![9 => -1e6f64..1e6, 1 => Just(f64::NAN), 1 => Just(-0.0f64)]),
                1..500,
            ),
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
            let cols = columns_of(&trace, &lod, track, view);
            let times = &trace.counters.time;
            let values = &trace.counters.value;
            let visible: Vec<usize> = (0..times.len()).filter(|&k| times[k] >= t0 && times[k] <= t0 + span).collect();
            let counted: usize = cols.iter().filter(|c| !c.held).map(|c| c.end - c.first).sum();
            prop_assert_eq!(counted, visible.len());
            let held = times.iter().any(|&x| x < t0);
            prop_assert_eq!(cols.first().is_some_and(|c| c.held), held);
            prop_assert_eq!(key(column_at(&trace, &lod, track, view, -1)), key(cols.first().filter(|c| c.held).copied()));
            prop_assert!(cols.len() <= width as usize + 2);
            let mut k = 0;
            let mut last_col = f64::NEG_INFINITY;
            for c in cols.iter().filter(|c| !c.held) {
                let n = c.end - c.first;
                let run = &visible[k..k + n];
                prop_assert_eq!(run[0], c.first);
                let col = c.x.floor();
                prop_assert!(col > last_col);
                last_col = col;
                for &s in run {
                    prop_assert_eq!(x_of(view, times[s]).floor(), col);
                }
                let (lo, hi) = min_max_scan(&run.iter().map(|&s| values[s]).collect::<Vec<_>>());
                prop_assert_eq!((c.min, c.max), (lo, hi));
                prop_assert_eq!(c.last.to_bits(), values[run[n - 1]].to_bits());
                prop_assert_eq!(key(column_at(&trace, &lod, track, view, col as i64)), key(Some(*c)));
                k += n;
            }
            for empty in 0..=width as i64 {
                if !cols.iter().any(|c| !c.held && c.x.floor() as i64 == empty) {
                    prop_assert!(column_at(&trace, &lod, track, view, empty).is_none());
                }
            }
            let mut out = Vec::new();
            render_counters(&trace, &lod, &[track], view, &mut out);
            let decoded = decode(&out);
            prop_assert_eq!(decoded.len(), usize::from(!cols.is_empty()));
            if let Some((_, _, _, entries)) = decoded.first() {
                prop_assert_eq!(entries.len(), cols.len());
                for (e, c) in entries.iter().zip(&cols) {
                    prop_assert_eq!(f64::from(e[0]).floor(), if c.held { -1.0 } else { c.x.floor() });
                }
            }
        }

        /// The render list of several tracks at any view, sparse or dense (up to hundreds of
        /// samples per pixel, so both the one-pass and the pyramid paths are taken), equals a
        /// direct scan: same columns in order, minimum and maximum exact in f64 before the
        /// f32 output, NaN ignored, the last value bit for bit, the held sample first, the
        /// header's range exact.
        #[test]
        fn render_list_equals_a_direct_scan(
            tracks in proptest::collection::vec(
                (
                    0i64..4_000,
                    proptest::collection::vec(
                        (0i64..2_000, prop_oneof![9 => -1e12f64..1e12, 1 => Just(f64::NAN), 1 => Just(-0.0f64)]),
                        0..600,
                    ),
                ),
                1..4,
            ),
            t0 in -1_000i64..300_000,
            span in 1i64..500_000,
            width in prop_oneof![1.0f64..40.0, 1.0f64..2_000.0],
        ) {
            let series: Vec<(String, Vec<(Ps, f64)>)> = tracks
                .iter()
                .enumerate()
                .map(|(k, (start, gaps))| {
                    let mut t = *start;
                    let samples = gaps.iter().map(|&(gap, v)| { t += gap; (t, v) }).collect();
                    (format!("c{k}"), samples)
                })
                .collect();
            let named: Vec<(&str, &[(Ps, f64)])> = series.iter().map(|(n, s)| (n.as_str(), s.as_slice())).collect();
            let trace = test_trace::build(&[], &named);
            let lod = CounterLod::build(&trace);
            let ids = super::super::counter_tracks(&trace);
            let view = Viewport::new(t0, t0 + span, width).unwrap();
            let mut out = Vec::new();
            render_counters(&trace, &lod, &ids, view, &mut out);
            let expected: Vec<(u32, Direct)> = ids
                .iter()
                .filter_map(|&id| direct_render(&trace, id, view).map(|d| (id.0, d)))
                .collect();
            let decoded = decode(&out);
            prop_assert_eq!(decoded.len(), expected.len());
            for ((id, lo, hi, entries), (eid, (eentries, erange))) in decoded.iter().zip(&expected) {
                prop_assert_eq!(id, eid);
                prop_assert_eq!((*lo, *hi), *erange);
                prop_assert_eq!(entries.len(), eentries.len());
                for (e, d) in entries.iter().zip(eentries) {
                    prop_assert_eq!(f64::from(e[0]).floor(), d.0);
                    // NaN only for a held sample whose value is NaN.
                    let same = |a: f32, b: f64| a == b as f32 || (a.is_nan() && b.is_nan());
                    prop_assert!(same(e[1], d.1) && same(e[2], d.2), "{:?} {:?}", e, d);
                    prop_assert_eq!(e[3].to_bits(), (d.3 as f32).to_bits());
                }
            }
        }
    }
}
