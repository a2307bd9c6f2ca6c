//! Level of detail: turns a visible time range into a render list whose length and cost
//! are bounded by the pixels drawn, not by the events in range.
//!
//! Each lane of a track holds non-overlapping slices sorted by start, so their ends are
//! sorted too (see `model::TrackIndex`). For one lane the renderer ([`Walker`]) walks left
//! to right: a slice at least one pixel wide becomes its own box; a narrower one is merged
//! with every following slice that ends inside the same pixel, found by galloping search, so
//! each step emits a box ≥ 1 px wide or crosses a pixel boundary. Cost per lane of the
//! direct scan ([`render_slices`]): O(width · log n), each probe a likely cache miss in the
//! slice columns. The page walks precomputed clusters instead ([`super::lod_levels`]), with
//! the same walker and the same accounting.

use crate::model::{Ps, Trace, TrackId};

/// Numbers per box in [`render_slices`]' output.
pub const SLICE_STRIDE: usize = 7;
/// Numbers per marker in [`render_instants`]' output.
pub const INSTANT_STRIDE: usize = 4;

/// The visible window: `[t0, t1]` drawn across `width_px` pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    /// Left edge, in ps relative to the trace origin.
    pub t0: Ps,
    /// Right edge (> `t0`).
    pub t1: Ps,
    /// Pixels across.
    pub width_px: f64,
}

impl Viewport {
    /// A viewport, or `None` if the range is empty or the width is not positive.
    pub fn new(t0: Ps, t1: Ps, width_px: f64) -> Option<Viewport> {
        (t1 > t0 && width_px > 0.0 && width_px.is_finite()).then_some(Viewport { t0, t1, width_px })
    }

    // Differences in i128: a span wider than i64::MAX (t0 near i64::MIN) must not overflow
    // (found by fuzzing; same results as i64 whenever that does not overflow).
    pub(crate) fn scale(&self) -> f64 {
        self.width_px / (i128::from(self.t1) - i128::from(self.t0)) as f64
    }

    /// Pixel position of time `t`, unclipped.
    pub(crate) fn x(&self, t: Ps) -> f64 {
        (i128::from(t) - i128::from(self.t0)) as f64 * self.scale()
    }
}

/// Appends the boxes of `tracks` in `view` to `out`, [`SLICE_STRIDE`] numbers each:
/// `[track, lane, x0, x1, slice id or -1, count, name id]`. `x0`/`x1` are pixels clipped to
/// `[0, width]`; a box with `count > 1` stands for that many merged sub-pixel slices (its
/// slice id is -1, its name id the first one's). This is the direct scan over the slice
/// table; [`super::lod_levels::SliceLevels::render`] gives the same accounting in O(pixels).
pub fn render_slices(trace: &Trace, tracks: &[TrackId], view: Viewport, out: &mut Vec<f64>) {
    for &track in tracks {
        if track.index() >= trace.tracks.len() {
            continue;
        }
        for (lane, range) in trace.index.lanes_of(track).iter().enumerate() {
            let mut walk = Walker::new(trace, track, lane, view, out);
            walk.walk(&Raw(trace), range.start as usize, range.end as usize);
            walk.finish();
        }
    }
}

/// A lane's slices, or a coarser sequence standing for them: non-overlapping items sorted
/// by start (so ends are sorted too), item `k` covering the slices `first(k)..first(k + 1)`.
pub(crate) trait Items {
    /// Start of item `k`.
    fn start(&self, k: usize) -> Ps;
    /// End of item `k` (its last slice's end).
    fn end(&self, k: usize) -> Ps;
    /// Slice index of item `k`'s first slice; valid for one past the last item too.
    fn first(&self, k: usize) -> usize;
}

/// The slice table itself: item `k` is slice `k`.
pub(crate) struct Raw<'a>(pub &'a Trace);

impl Items for Raw<'_> {
    fn start(&self, k: usize) -> Ps {
        self.0.slices.start[k]
    }
    fn end(&self, k: usize) -> Ps {
        self.0.slices.end(k)
    }
    fn first(&self, k: usize) -> usize {
        k
    }
}

/// A run of merged narrow items being built.
struct Run {
    x0: f64,
    x1: f64,
    count: usize,
    first: usize,
}

/// Emits one lane's boxes from one or more consecutive stretches of items, left to right;
/// a run of merged narrow items carries over from one stretch to the next.
pub(crate) struct Walker<'a> {
    trace: &'a Trace,
    track: TrackId,
    lane: usize,
    view: Viewport,
    out: &'a mut Vec<f64>,
    run: Option<Run>,
}

impl<'a> Walker<'a> {
    pub(crate) fn new(
        trace: &'a Trace,
        track: TrackId,
        lane: usize,
        view: Viewport,
        out: &'a mut Vec<f64>,
    ) -> Walker<'a> {
        Walker {
            trace,
            track,
            lane,
            view,
            out,
            run: None,
        }
    }

    fn emit(&mut self, x0: f64, x1: f64, count: usize, first: usize) {
        let id = if count == 1 { first as f64 } else { -1.0 };
        let clip = |x: f64| x.clamp(0.0, self.view.width_px);
        self.out.extend_from_slice(&[
            self.track.0 as f64,
            self.lane as f64,
            clip(x0),
            clip(x1),
            id,
            count as f64,
            self.trace.slices.name[first].0 as f64,
        ]);
    }

    fn flush(&mut self) {
        if let Some(r) = self.run.take() {
            self.emit(r.x0, r.x1, r.count, r.first);
        }
    }

    /// Walks the visible items among `lo..hi` (those ending at or after `t0` and starting at
    /// or before `t1`). A single slice at least one pixel wide becomes its own box; a
    /// narrower item is merged with every following item that ends inside the same pixel,
    /// found by galloping search, and runs less than a pixel apart merge (as does a wide
    /// cluster of narrow slices with its neighbours), so each step emits a box ≥ 1 px wide
    /// or crosses a pixel boundary: O(width · log(items per pixel)).
    pub(crate) fn walk(&mut self, items: &impl Items, lo: usize, hi: usize) {
        let view = self.view;
        let mut i = lo + partition(lo..hi, lo, |k| items.end(k) < view.t0);
        while i < hi && items.start(i) <= view.t1 {
            let (x0, x1) = (view.x(items.start(i)), view.x(items.end(i)));
            let wide = x1 - x0 >= 1.0;
            if wide && items.first(i + 1) - items.first(i) == 1 {
                self.flush();
                self.emit(x0, x1, 1, items.first(i));
                i += 1;
                continue;
            }
            // A wide cluster of narrow slices joins the run as a whole. Otherwise every later
            // visible item that ends before the next pixel boundary lies in this pixel (both
            // conditions hold for a prefix, as starts and ends are sorted).
            let boundary = x1.floor() + 1.0;
            let in_pixel = |k: usize| view.x(items.end(k)) < boundary && items.start(k) <= view.t1;
            let j = if wide {
                i + 1
            } else {
                i + 1 + partition(i + 1..hi, i + 1, in_pixel)
            };
            let run_x1 = view.x(items.end(j - 1));
            let count = items.first(j) - items.first(i);
            match &mut self.run {
                Some(r) if x0 <= r.x1 + 1.0 => {
                    r.x1 = r.x1.max(run_x1);
                    r.count += count;
                }
                _ => {
                    self.flush();
                    self.run = Some(Run {
                        x0,
                        x1: run_x1,
                        count,
                        first: items.first(i),
                    });
                }
            }
            i = j;
        }
    }

    /// Emits the run still open.
    pub(crate) fn finish(mut self) {
        self.flush();
    }
}

/// The number of indices `k` in `from..range.end` for which `pred(k)` holds, given that
/// `pred` is true for a prefix of that span and false after it. Galloping from `from`
/// (steps 1, 2, 4, ...) then bisecting: the answer is usually near `from` (the next pixel's
/// slices follow the current ones), so this costs O(log distance) and touches memory close
/// to where the walk already is, instead of bisecting the whole rest of the lane.
pub(crate) fn partition(
    range: std::ops::Range<usize>,
    from: usize,
    pred: impl Fn(usize) -> bool,
) -> usize {
    let end = range.end;
    let (mut lo, mut step) = (from, 1);
    while lo + step <= end && pred(lo + step - 1) {
        lo += step;
        step *= 2;
    }
    // pred holds below `lo`; the first false index is in lo..hi.
    let mut hi = (lo + step).min(end);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if pred(mid) { lo = mid + 1 } else { hi = mid }
    }
    lo - from
}

/// Appends the instant markers of `tracks` in `view` to `out`, [`INSTANT_STRIDE`] numbers
/// each: `[track, x, instant index or -1, count]`; instants within one pixel are merged.
pub fn render_instants(trace: &Trace, tracks: &[TrackId], view: Viewport, out: &mut Vec<f64>) {
    let times = &trace.instants.time;
    for &track in tracks {
        if track.index() >= trace.tracks.len() {
            continue;
        }
        let range = trace.index.instants_of(track);
        let mut i = range.start + partition(range.clone(), range.start, |k| times[k] < view.t0);
        while i < range.end && times[i] <= view.t1 {
            let x = view.x(times[i]);
            let boundary = x.floor() + 1.0;
            let in_pixel = |k: usize| view.x(times[k]) < boundary && times[k] <= view.t1;
            let j = i + 1 + partition(i + 1..range.end, i + 1, in_pixel);
            let count = j - i;
            let id = if count == 1 { i as f64 } else { -1.0 };
            out.extend_from_slice(&[track.0 as f64, x, id, count as f64]);
            i = j;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ArgSetId, CategoryId, Format, TraceBuilder, TrackKind};
    use proptest::prelude::*;

    fn one_lane(slices: &[(Ps, Ps)]) -> Trace {
        let mut b = TraceBuilder::new(Format::ChromeJson);
        let p = b.add_process("p", "1", 0);
        let t = b.add_track(p, "t", "1", 0, TrackKind::Slices);
        let name = b.intern("s");
        for &(start, dur) in slices {
            b.add_slice(t, start, dur, name, CategoryId::NONE, ArgSetId::NONE);
        }
        b.finish()
    }

    fn boxes(trace: &Trace, view: Viewport) -> Vec<[f64; SLICE_STRIDE]> {
        let mut out = Vec::new();
        render_slices(trace, &[TrackId(0)], view, &mut out);
        out.chunks(SLICE_STRIDE)
            .map(|c| c.try_into().unwrap())
            .collect()
    }

    #[test]
    fn wide_slices_are_drawn_one_by_one() {
        let t = one_lane(&[(0, 100), (200, 100), (500, 100)]);
        let b = boxes(&t, Viewport::new(0, 1000, 100.0).unwrap());
        assert_eq!(b.len(), 3);
        assert_eq!((b[1][2], b[1][3], b[1][5]), (20.0, 30.0, 1.0));
    }

    #[test]
    fn sub_pixel_slices_merge() {
        // 1000 slices of 1 ps every 2 ps across 100 px of 2000 ps: 20 ps per pixel.
        let slices: Vec<(Ps, Ps)> = (0..1000).map(|k| (k * 2, 1)).collect();
        let t = one_lane(&slices);
        let b = boxes(&t, Viewport::new(0, 2000, 100.0).unwrap());
        assert_eq!(b.len(), 1, "{b:?}");
        assert_eq!(b[0][5], 1000.0);
        assert_eq!(b[0][4], -1.0);
    }

    #[test]
    fn partition_finds_the_end_of_the_true_prefix() {
        for len in 0..40 {
            for from in 0..=len {
                for cut in from..=len {
                    assert_eq!(
                        partition(0..len, from, |k| k < cut),
                        cut - from,
                        "{len} {from} {cut}"
                    );
                }
            }
        }
    }

    proptest! {
        /// Every slice in range is accounted for exactly once, boxes stay inside the
        /// viewport and in order, and there are at most ~2 boxes per pixel.
        #[test]
        fn binning_accounts_for_every_visible_slice(
            gaps in proptest::collection::vec((0i64..5_000, 0i64..20_000), 1..400),
            t0 in 0i64..200_000,
            span in 1i64..400_000,
            width in 1u32..400,
        ) {
            let mut slices = Vec::new();
            let mut t = 0;
            for (gap, dur) in gaps {
                t += gap;
                slices.push((t, dur));
                t += dur;
            }
            let trace = one_lane(&slices);
            let view = Viewport::new(t0, t0 + span, f64::from(width)).unwrap();
            let b = boxes(&trace, view);
            // (`finish` rebases time, so count on the trace's own table.)
            let s = &trace.slices;
            let visible = (0..s.len()).filter(|&i| s.end(i) >= t0 && s.start[i] <= t0 + span).count();
            let counted: f64 = b.iter().map(|x| x[5]).sum();
            prop_assert_eq!(counted as usize, visible);
            let mut last_x = 0.0;
            for x in &b {
                prop_assert!(0.0 <= x[2] && x[2] <= x[3] && x[3] <= f64::from(width));
                prop_assert!(x[2] >= last_x - 1e-9);
                last_x = x[3];
            }
            prop_assert!(b.len() <= 2 * width as usize + 2);
        }
    }
}
