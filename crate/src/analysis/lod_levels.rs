//! Precomputed levels of detail for slices: per lane, coarser sequences of "clusters" so a
//! zoomed-out view is rendered from a few items per pixel instead of galloping through the
//! whole slice table (whose columns, at 10 M slices, miss the cache on every probe).
//!
//! Level `l` clusters a lane at grain `g = GRAIN0 · 4^l` ps: two neighbouring slices are in
//! the same cluster when both last less than `g` and the gap between them is less than `g`;
//! any other slice is a cluster of its own. A level is coarser than the one below it (every
//! pair merged at `g` is merged at `4g`); all levels of a lane are built together in two
//! passes over its slices (see `build_lane`), once per trace, after the first frame. A view of `p` ps per pixel is drawn from the coarsest stored level with
//! `g ≤ p`: its clusters' slices all last less than a pixel and are less than a pixel apart,
//! exactly the slices the direct scan would merge, and slices of a pixel or more stay alone
//! with their ids. Of a cluster cut by the view's edges only the visible slices count (two
//! binary searches), so the boxes account for exactly the visible slices, as
//! [`super::lod::render_slices`] does; a view costs O(width + log n) per lane.
//!
//! Memory: a level is stored only if it has at most 1/8 of the items of the finer level it
//! would replace (the lane's slices for the first), so a lane's stored levels hold at most
//! n/7 clusters of 20 bytes: ≤ 3 bytes per slice in the worst case, and far less for dense
//! lanes, whose levels shrink geometrically. Building takes a byte per slice while it runs.

use super::lod::{Items, Raw, Viewport, Walker, partition};
use crate::model::{Ps, Trace, TrackId};

/// Grain of level 0 in ps (≈ 1 ns).
const GRAIN0: Ps = 1 << 10;
/// Levels per lane at most: `GRAIN0 · 4^26 = 2^62` ps covers any i64 span.
const MAX_LEVELS: u32 = 27;
/// A level is kept when it has at most 1/`SHRINK` of the items it would replace.
const SHRINK: usize = 8;

/// Grain of level `l` in ps.
fn grain(l: u32) -> Ps {
    GRAIN0 << (2 * l)
}

/// One level of one lane, column by column: cluster `k` starts at `start[k]`, ends at
/// `end[k]` and holds slices `first[k]..first[k + 1]` (`first` has one extra entry).
#[derive(Debug, Default)]
struct Level {
    grain: u32,
    start: Vec<Ps>,
    end: Vec<Ps>,
    first: Vec<u32>,
}

impl Level {
    fn len(&self) -> usize {
        self.start.len()
    }
}

impl Items for Level {
    fn start(&self, k: usize) -> Ps {
        self.start[k]
    }
    fn end(&self, k: usize) -> Ps {
        self.end[k]
    }
    fn first(&self, k: usize) -> usize {
        self.first[k] as usize
    }
}

/// The stored levels of every lane of a trace, finest first per lane.
#[derive(Debug, Default)]
pub struct SliceLevels {
    /// Indexed like `trace.index.lanes`.
    lanes: Vec<Vec<Level>>,
}

impl SliceLevels {
    /// Builds the levels of every lane of `trace`.
    pub fn build(trace: &Trace) -> SliceLevels {
        let lanes = trace
            .index
            .lanes
            .iter()
            .map(|lane| build_lane(trace, lane.range()))
            .collect();
        SliceLevels { lanes }
    }

    /// The stored levels of lane `lane` (an index of `trace.index.lanes`) as `(grain in ps,
    /// clusters)`, finest first.
    pub fn lane_levels(&self, lane: usize) -> Vec<(Ps, usize)> {
        self.lanes.get(lane).map_or_else(Vec::new, |l| {
            l.iter().map(|l| (grain(l.grain), l.len())).collect()
        })
    }

    /// Approximate bytes held.
    pub fn heap_bytes(&self) -> usize {
        let levels: usize = self
            .lanes
            .iter()
            .flatten()
            .map(|l| l.start.capacity() * 16 + l.first.capacity() * 4 + 40)
            .sum();
        levels + self.lanes.capacity() * 24
    }

    /// Appends the boxes of `tracks` in `view` to `out` in the format of
    /// [`super::lod::render_slices`], accounting for exactly the same slices (each slice at
    /// least one pixel wide is its own box with its id) at a cost bounded by the pixels.
    /// `self` must have been built from `trace`.
    pub fn render(&self, trace: &Trace, tracks: &[TrackId], view: Viewport, out: &mut Vec<f64>) {
        let per_px = 1.0 / view.scale();
        for &track in tracks {
            if track.index() >= trace.tracks.len() {
                continue;
            }
            let lanes = trace.index.track_lanes[track.index()].clone();
            for (lane, g) in lanes.map(|g| g as usize).enumerate() {
                let range = trace.index.lanes[g].range();
                let mut walk = Walker::new(trace, track, lane, view, out);
                let level = self.lanes.get(g).and_then(|levels| {
                    levels
                        .iter()
                        .rev()
                        .find(|l| grain(l.grain) as f64 <= per_px)
                });
                match level {
                    Some(level) => walk_level(&mut walk, trace, level, view),
                    None => walk.walk(&Raw(trace), range.start, range.end),
                }
                walk.finish();
            }
        }
    }
}

/// Walks the clusters of `level` in `view`. A cluster cut by either edge of the view counts
/// only its visible slices: as its slices are all narrower than a pixel and less than a
/// pixel apart, the direct scan merges its visible ones into one run, so it is walked as a
/// single item covering them, found by two searches.
fn walk_level(walk: &mut Walker<'_>, trace: &Trace, level: &Level, view: Viewport) {
    let n = level.len();
    let k0 = partition(0..n, 0, |k| level.end[k] < view.t0);
    let kb = k0 + partition(k0..n, k0, |k| level.end[k] <= view.t1);
    let mut mid = k0;
    if k0 < n && level.start[k0] < view.t0 {
        if let Some(part) = visible_part(trace, level, k0, view) {
            walk.walk(&part, 0, 1);
        }
        mid = k0 + 1;
    }
    if mid <= kb {
        walk.walk(level, mid, kb);
        if kb < n && level.start[kb] <= view.t1 {
            if let Some(part) = visible_part(trace, level, kb, view) {
                walk.walk(&part, 0, 1);
            }
        }
    }
}

/// The visible slices of cluster `k` of `level` as one item, if any.
fn visible_part(trace: &Trace, level: &Level, k: usize, view: Viewport) -> Option<Part> {
    let s = &trace.slices;
    let (lo, hi) = (level.first(k), level.first(k + 1));
    let a = lo + partition(lo..hi, lo, |i| s.end(i) < view.t0);
    let b = a + partition(a..hi, a, |i| s.start[i] <= view.t1);
    (a < b).then(|| Part {
        start: s.start[a],
        end: s.end(b - 1),
        first: a,
        next: b,
    })
}

/// A single item standing for slices `first..next`.
struct Part {
    start: Ps,
    end: Ps,
    first: usize,
    next: usize,
}

impl Items for Part {
    fn start(&self, _: usize) -> Ps {
        self.start
    }
    fn end(&self, _: usize) -> Ps {
        self.end
    }
    fn first(&self, k: usize) -> usize {
        if k == 0 { self.first } else { self.next }
    }
}

/// The stored levels of one lane (`range` of the slice table), in two passes over it.
///
/// Neighbours `i`, `i + 1` merge at every grain above `max(gap, dur_i, dur_{i+1})`, so
/// level `l`'s clusters are the runs of slices whose neighbour pairs all merge by level `l`
/// (single linkage): the first pass finds the level at which each pair merges and counts
/// the clusters of every level; the second builds the levels kept, all at once.
fn build_lane(trace: &Trace, range: std::ops::Range<usize>) -> Vec<Level> {
    let s = &trace.slices;
    let n = range.len();
    if n < 2 {
        return Vec::new();
    }
    // merge_level[k]: the first level at which slices range.start + k and the next merge.
    let merge_level: Vec<u8> = range
        .clone()
        .skip(1)
        .map(|i| {
            let gap = s.start[i].saturating_sub(s.end(i - 1));
            let widest = gap.max(s.dur[i - 1]).max(s.dur[i]);
            level_above(widest) as u8
        })
        .collect();
    // Clusters per level: 1 + the pairs not merged yet.
    let mut merges_at = [0usize; MAX_LEVELS as usize + 1];
    for &m in &merge_level {
        merges_at[m as usize] += 1;
    }
    let mut kept_levels: Vec<u32> = Vec::new();
    let (mut kept, mut unmerged) = (n, n - 1);
    for l in 0..MAX_LEVELS {
        unmerged -= merges_at[l as usize];
        let clusters = 1 + unmerged;
        if clusters * SHRINK <= kept {
            kept = clusters;
            kept_levels.push(l);
        }
        if clusters == 1 {
            break;
        }
    }
    let mut levels: Vec<Level> = kept_levels
        .iter()
        .map(|&l| Level {
            grain: l,
            ..Level::default()
        })
        .collect();
    for (k, i) in range.clone().enumerate() {
        // A cluster starts at slice i in every level below the one where it joins the
        // previous slice (all of them for the first slice); the cluster before it ends
        // with slice i - 1.
        let joins_at = if k == 0 {
            u32::MAX
        } else {
            u32::from(merge_level[k - 1])
        };
        for level in levels.iter_mut().take_while(|lv| lv.grain < joins_at) {
            if let Some(e) = level.end.last_mut() {
                *e = s.end(i - 1);
            }
            level.start.push(s.start[i]);
            level.end.push(0);
            level.first.push(i as u32);
        }
    }
    for level in &mut levels {
        if let Some(e) = level.end.last_mut() {
            *e = s.end(range.end - 1);
        }
        level.first.push(range.end as u32);
        level.start.shrink_to_fit();
        level.end.shrink_to_fit();
        level.first.shrink_to_fit();
    }
    levels
}

/// The first level whose grain is greater than `t` ps (`MAX_LEVELS` if none).
fn level_above(t: Ps) -> u32 {
    // grain(l) = 2^(10 + 2l) > t ≥ 0 exactly when 10 + 2l ≥ the bit length of t.
    let bits = 64 - t.max(0).leading_zeros();
    bits.saturating_sub(10).div_ceil(2).min(MAX_LEVELS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::lod::{SLICE_STRIDE, render_slices};
    use crate::model::{ArgSetId, CategoryId, Format, TraceBuilder, TrackKind};
    use proptest::prelude::*;

    /// One track whose slices, `(start, dur)` with a lane each, go to lanes 0 and 1.
    fn trace_of(lanes: &[Vec<(Ps, Ps)>]) -> Trace {
        let mut b = TraceBuilder::new(Format::ChromeJson);
        let p = b.add_process("p", "1", 0);
        let name = b.intern("s");
        for (i, slices) in lanes.iter().enumerate() {
            let t = b.add_track(p, &format!("t{i}"), &i.to_string(), 0, TrackKind::Slices);
            for &(start, dur) in slices {
                b.add_slice(t, start, dur, name, CategoryId::NONE, ArgSetId::NONE);
            }
        }
        b.finish()
    }

    fn boxes(out: &[f64]) -> Vec<[f64; SLICE_STRIDE]> {
        out.chunks(SLICE_STRIDE)
            .map(|c| c.try_into().unwrap())
            .collect()
    }

    /// Slices laid out with gaps and durations spread over many orders of magnitude.
    fn lane_strategy() -> impl Strategy<Value = Vec<(Ps, Ps)>> {
        proptest::collection::vec((0u32..24, 0u32..24, 0i64..1000), 0..300).prop_map(|v| {
            let mut t = 0;
            v.into_iter()
                .map(|(gap_exp, dur_exp, frac)| {
                    t += (1i64 << gap_exp) * frac / 1000;
                    let dur = (1i64 << dur_exp) * frac / 1000;
                    let s = (t, dur);
                    t += dur;
                    s
                })
                .collect()
        })
    }

    #[test]
    fn level_above_is_the_first_coarser_grain() {
        for t in [
            -5,
            0,
            1,
            1023,
            1024,
            1025,
            4095,
            4096,
            1 << 40,
            (1 << 62) - 1,
            1 << 62,
            Ps::MAX,
        ] {
            let brute = (0..MAX_LEVELS)
                .find(|&l| grain(l) > t)
                .unwrap_or(MAX_LEVELS);
            assert_eq!(level_above(t), brute, "{t}");
        }
    }

    #[test]
    fn extreme_times_count_every_slice() {
        let slices = vec![(i64::MIN / 2, 10), (0, 5), (7, 1), (i64::MAX / 2, 3)];
        let trace = trace_of(&[slices]);
        let levels = SliceLevels::build(&trace);
        let view = Viewport::new(i64::MIN, i64::MAX, 500.0).unwrap();
        let mut out = Vec::new();
        levels.render(&trace, &[TrackId(0)], view, &mut out);
        let counted: f64 = boxes(&out).iter().map(|b| b[5]).sum();
        assert_eq!(counted, 4.0);
    }

    #[test]
    fn dense_lanes_keep_few_small_levels() {
        // 100 000 slices of 100 ns every 200 ns: the levels shrink geometrically.
        let slices: Vec<(Ps, Ps)> = (0..100_000).map(|k| (k * 200_000, 100_000)).collect();
        let trace = trace_of(&[slices]);
        let levels = SliceLevels::build(&trace);
        let lane = &levels.lanes[0];
        assert!(!lane.is_empty());
        let total: usize = lane.iter().map(Level::len).sum();
        assert!(total * 7 <= 100_000, "{total}");
        for w in lane.windows(2) {
            assert!(w[1].len() * SHRINK <= w[0].len() && w[0].grain < w[1].grain);
        }
        // Zoomed out: one box for the lane, counting every slice.
        let view = Viewport::new(0, 20_000_000_000, 1000.0).unwrap();
        let mut out = Vec::new();
        levels.render(&trace, &[TrackId(0)], view, &mut out);
        let b = boxes(&out);
        assert_eq!(b.len(), 1, "{b:?}");
        assert_eq!(b[0][5], 100_000.0);
    }

    proptest! {
        /// The levels account for exactly the slices the direct scan does: the same visible
        /// slices in all, every slice at least one pixel wide as its own box with its id,
        /// boxes inside the viewport, in order per lane, at most ~2 per pixel.
        #[test]
        fn levels_account_for_the_same_slices_as_the_direct_scan(
            lanes in proptest::collection::vec(lane_strategy(), 1..3),
            t0_frac in 0.0f64..1.0,
            span_exp in 0u32..40,
            width in 1u32..600,
        ) {
            let trace = trace_of(&lanes);
            let levels = SliceLevels::build(&trace);
            let s = &trace.slices;
            let last = (0..s.len()).map(|i| s.end(i)).max().unwrap_or(0);
            let t0 = (last as f64 * t0_frac) as Ps - 1000;
            let span = (1i64 << span_exp).max(1);
            let view = Viewport::new(t0, t0 + span, f64::from(width)).unwrap();
            let tracks: Vec<TrackId> = (0..trace.tracks.len() as u32).map(TrackId).collect();
            let (mut direct, mut lod) = (Vec::new(), Vec::new());
            render_slices(&trace, &tracks, view, &mut direct);
            levels.render(&trace, &tracks, view, &mut lod);
            let (direct, lod) = (boxes(&direct), boxes(&lod));

            // Clusters merge as the direct scan's runs do: no more boxes, but for the two
            // clusters each lane's view edges may cut.
            prop_assert!(lod.len() <= direct.len() + 2 * 2 * tracks.len(), "{} boxes vs {}", lod.len(), direct.len());
            let visible: Vec<usize> = (0..s.len())
                .filter(|&i| s.end(i) >= view.t0 && s.start[i] <= view.t1)
                .collect();
            let counted: f64 = lod.iter().map(|b| b[5]).sum();
            let counted_direct: f64 = direct.iter().map(|b| b[5]).sum();
            prop_assert_eq!(counted as usize, visible.len());
            prop_assert_eq!(counted_direct as usize, visible.len());
            for &i in &visible {
                if view.x(s.end(i)) - view.x(s.start[i]) >= 1.0 {
                    prop_assert!(lod.iter().any(|b| b[4] == i as f64 && b[5] == 1.0), "slice {} lost", i);
                }
            }
            for track in &tracks {
                for lane in 0..2 {
                    let mine: Vec<_> = lod.iter().filter(|b| b[0] == f64::from(track.0) && b[1] == f64::from(lane)).collect();
                    let mut last_x = 0.0;
                    for b in &mine {
                        prop_assert!(0.0 <= b[2] && b[2] <= b[3] && b[3] <= f64::from(width));
                        prop_assert!(b[2] >= last_x - 1e-9);
                        last_x = b[3];
                    }
                    prop_assert!(mine.len() <= 2 * width as usize + 2);
                }
            }
        }
    }
}
