//! Invariants every imported trace must satisfy, checked after each successful import:
//! the per-track index covers the tables consistently, every name resolves, and a render of
//! the whole time range accounts for every slice and instant exactly once.

use planeview::Trace;
use planeview::analysis::lod::{self, INSTANT_STRIDE, SLICE_STRIDE, Viewport};
use planeview::model::TrackId;

/// Panics (a fuzz finding) if `trace` breaks an invariant.
pub fn check(trace: &Trace) {
    let s = &trace.slices;
    let n_tracks = trace.tracks.len();
    for t in 0..n_tracks {
        let track = TrackId(t as u32);
        for lane in trace.index.lanes_of(track) {
            let r = lane.range();
            assert!(r.end <= s.len(), "lane range past the slice table");
            for i in r.clone() {
                assert_eq!(s.track[i], track, "slice indexed under another track");
                let _ = trace.str(s.name[i]);
                if i + 1 < r.end {
                    assert!(s.start[i] <= s.start[i + 1], "lane not sorted by start");
                    assert!(s.end(i) <= s.start[i + 1], "overlapping slices in one lane");
                }
            }
        }
        let r = trace.index.instants_of(track);
        assert!(
            r.end <= trace.instants.len(),
            "instant range past the table"
        );
        for i in r.clone() {
            assert_eq!(trace.instants.track[i], track);
            if i + 1 < r.end {
                assert!(trace.instants.time[i] <= trace.instants.time[i + 1]);
            }
        }
    }
    let Some((a, b)) = trace.time_bounds() else {
        return;
    };
    let view =
        Viewport::new(a.saturating_sub(1), b.saturating_add(1), 997.0).expect("a non-empty range");
    let tracks: Vec<TrackId> = (0..n_tracks as u32).map(TrackId).collect();
    let counts = render_counts(trace, &tracks, view);
    let indexed_slices: usize = (0..n_tracks)
        .flat_map(|t| {
            trace
                .index
                .lanes_of(TrackId(t as u32))
                .iter()
                .map(|l| l.range().len())
        })
        .sum();
    let indexed_instants: usize = (0..n_tracks)
        .map(|t| trace.index.instants_of(TrackId(t as u32)).len())
        .sum();
    assert_eq!(
        counts,
        (indexed_slices, indexed_instants),
        "render of the whole range"
    );
}

/// Renders `view` and returns (slices, instants) accounted for; checks the boxes' geometry.
pub fn render_counts(trace: &Trace, tracks: &[TrackId], view: Viewport) -> (usize, usize) {
    let mut out = Vec::new();
    lod::render_slices(trace, tracks, view, &mut out);
    assert_eq!(out.len() % SLICE_STRIDE, 0);
    let mut slices = 0usize;
    for b in out.chunks(SLICE_STRIDE) {
        assert!(
            0.0 <= b[2] && b[2] <= b[3] && b[3] <= view.width_px,
            "box outside: {b:?}"
        );
        assert!(b[5] >= 1.0);
        if b[5] == 1.0 {
            assert!(b[4] >= 0.0 && (b[4] as usize) < trace.slices.len());
        } else {
            assert_eq!(b[4], -1.0);
        }
        slices += b[5] as usize;
    }
    out.clear();
    lod::render_instants(trace, tracks, view, &mut out);
    assert_eq!(out.len() % INSTANT_STRIDE, 0);
    let mut instants = 0usize;
    for m in out.chunks(INSTANT_STRIDE) {
        assert!(m[3] >= 1.0);
        instants += m[3] as usize;
    }
    (slices, instants)
}
