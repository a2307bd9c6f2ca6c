//! Flow arrows as the timeline draws them: the flows of one slice (to follow them either way)
//! and the flows touching a set of tracks in a time range.

use crate::model::{Ps, SliceId, Trace, TrackId};
use serde::Serialize;

/// Numbers per arrow in [`flows_in_view`]' output.
pub const FLOW_STRIDE: usize = 9;

/// One flow of a slice, seen from that slice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FlowLink {
    /// Index in the flow table.
    pub flow: u32,
    /// `out` when the slice is the flow's source, `in` when it is its destination.
    pub direction: &'static str,
    /// The slice at the other end.
    pub other: u32,
    /// Its name.
    pub other_name: String,
    /// Its track name.
    pub other_track: String,
    /// Its start (ps).
    pub other_start_ps: Ps,
    /// Flow category, "" if none.
    pub category: String,
}

/// The flows that start or end at `slice`, outgoing first, each in flow-table order.
pub fn flows_of(trace: &Trace, slice: SliceId) -> Vec<FlowLink> {
    let f = &trace.flows;
    let mut links = Vec::new();
    for (direction, mine, other) in [("out", &f.from, &f.to), ("in", &f.to, &f.from)] {
        for k in 0..f.len() {
            if mine[k] != slice || other[k].index() >= trace.slices.len() {
                continue;
            }
            let o = other[k].index();
            let s = &trace.slices;
            links.push(FlowLink {
                flow: k as u32,
                direction,
                other: other[k].0,
                other_name: trace.str(s.name[o]).to_owned(),
                other_track: trace.str(trace.tracks.name[s.track[o].index()]).to_owned(),
                other_start_ps: s.start[o],
                category: trace
                    .str(trace.categories.name[f.category[k].index()])
                    .to_owned(),
            });
        }
    }
    links
}

/// Appends the arrows with an end on one of `tracks` and a time span meeting `[t0, t1]`, at
/// most `limit`, [`FLOW_STRIDE`] numbers each: `[flow, from slice, from track, from lane,
/// from end ps, to slice, to track, to lane, to start ps]` (an arrow runs from the end of
/// its source slice to the start of its destination).
pub fn flows_in_view(
    trace: &Trace,
    tracks: &[TrackId],
    (t0, t1): (Ps, Ps),
    limit: usize,
    out: &mut Vec<f64>,
) {
    let f = &trace.flows;
    let s = &trace.slices;
    let mut shown = vec![false; trace.tracks.len()];
    for t in tracks {
        if let Some(x) = shown.get_mut(t.index()) {
            *x = true;
        }
    }
    let mut n = 0;
    for k in 0..f.len() {
        if n >= limit {
            break;
        }
        let (a, b) = (f.from[k].index(), f.to[k].index());
        if a >= s.len() || b >= s.len() {
            continue;
        }
        let (ta, tb) = (s.track[a], s.track[b]);
        let visible = shown[ta.index()] || shown[tb.index()];
        let (lo, hi) = (s.end(a).min(s.start[b]), s.end(a).max(s.start[b]));
        if !visible || hi < t0 || lo > t1 {
            continue;
        }
        out.extend_from_slice(&[
            k as f64,
            a as f64,
            ta.0 as f64,
            f64::from(s.lane[a]),
            s.end(a) as f64,
            b as f64,
            tb.0 as f64,
            f64::from(s.lane[b]),
            s.start[b] as f64,
        ]);
        n += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ArgSetId, CategoryId, Format, TraceBuilder, TrackKind};

    #[test]
    fn both_directions_and_view_filter() {
        let mut b = TraceBuilder::new(Format::ChromeJson);
        let p = b.add_process("p", "1", 0);
        let cpu = b.add_track(p, "cpu", "1", 0, TrackKind::Slices);
        let gpu = b.add_track(p, "gpu", "2", 1, TrackKind::Slices);
        let launch = b.intern("cudaLaunchKernel");
        let kernel = b.intern("kernel");
        let l = b.add_slice(cpu, 0, 10, launch, CategoryId::NONE, ArgSetId::NONE);
        let k = b.add_slice(gpu, 50, 10, kernel, CategoryId::NONE, ArgSetId::NONE);
        let cat = b.category("ac2g");
        b.add_flow(l, k, cat);
        let t = b.finish();
        let find = |name: &str| {
            SliceId(
                (0..t.slices.len())
                    .find(|&i| t.str(t.slices.name[i]) == name)
                    .unwrap() as u32,
            )
        };
        let out = flows_of(&t, find("cudaLaunchKernel"));
        assert_eq!(
            (out[0].direction, out[0].other_name.as_str()),
            ("out", "kernel")
        );
        assert_eq!(out[0].category, "ac2g");
        let back = flows_of(&t, find("kernel"));
        assert_eq!(
            (back[0].direction, back[0].other_name.as_str()),
            ("in", "cudaLaunchKernel")
        );
        let mut v = Vec::new();
        flows_in_view(&t, &[TrackId(1)], (0, 100), 10, &mut v);
        assert_eq!(v.len(), FLOW_STRIDE);
        v.clear();
        flows_in_view(&t, &[TrackId(1)], (70, 100), 10, &mut v);
        assert!(v.is_empty());
    }
}
