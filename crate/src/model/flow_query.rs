//! Questions the timeline and the details panel ask about flow arrows.

use super::tables::{SliceId, TrackId};
use super::{Ps, Trace};
use serde::Serialize;

/// The slice at the other end of one arrow.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FlowLink {
    /// Index of the arrow in the flow table.
    pub flow: u32,
    /// The slice at the other end.
    pub slice: u32,
    /// Its name.
    pub name: String,
    /// The arrow's category ("" for none).
    pub category: String,
    /// The other slice's track.
    pub track: u32,
    /// The other slice's track name.
    pub track_name: String,
    /// The other slice's start, ps from the origin.
    pub start_ps: Ps,
}

/// The arrows that arrive at and leave one slice.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct FlowLinks {
    /// Arrows ending here, with their source slice.
    pub incoming: Vec<FlowLink>,
    /// Arrows starting here, with their destination slice.
    pub outgoing: Vec<FlowLink>,
}

/// The arrows of `slice`, both ways (empty for an unknown id).
pub fn flow_links(trace: &Trace, slice: SliceId) -> FlowLinks {
    if slice.index() >= trace.slices.len() {
        return FlowLinks::default();
    }
    let link = |flow: usize, other: SliceId| {
        let i = other.index();
        let track = trace.slices.track[i];
        FlowLink {
            flow: flow as u32,
            slice: other.0,
            name: trace.str(trace.slices.name[i]).to_owned(),
            category: trace
                .str(trace.categories.name[trace.flows.category[flow].index()])
                .to_owned(),
            track: track.0,
            track_name: trace.str(trace.tracks.name[track.index()]).to_owned(),
            start_ps: trace.slices.start[i],
        }
    };
    FlowLinks {
        incoming: trace
            .flows
            .incoming(slice)
            .map(|f| link(f, trace.flows.from[f]))
            .collect(),
        outgoing: trace
            .flows
            .outgoing(slice)
            .map(|f| link(f, trace.flows.to[f]))
            .collect(),
    }
}

/// Values per arrow in [`flows_in_view`]'s output.
pub const FLOW_STRIDE: usize = 9;

/// Arrows to draw: those with at least one end on `tracks` whose time span (source slice's
/// end to destination slice's start) overlaps `[t0, t1]`, at most `limit`, in flow order.
/// Appends [`FLOW_STRIDE`] numbers per arrow to `out`: `flow, from_slice, from_track,
/// from_lane, from_ps, to_slice, to_track, to_lane, to_ps`, where `from_ps` is the source
/// slice's end and `to_ps` the destination's start. Cost O(flows).
pub fn flows_in_view(
    trace: &Trace,
    tracks: &[TrackId],
    (t0, t1): (Ps, Ps),
    limit: usize,
    out: &mut Vec<f64>,
) {
    let s = &trace.slices;
    let mut wanted = vec![false; trace.tracks.len()];
    for t in tracks {
        if let Some(w) = wanted.get_mut(t.index()) {
            *w = true;
        }
    }
    let mut n = 0;
    for f in 0..trace.flows.len() {
        if n >= limit {
            break;
        }
        let (a, b) = (trace.flows.from[f].index(), trace.flows.to[f].index());
        let (ta, tb) = (s.track[a], s.track[b]);
        if !(wanted[ta.index()] || wanted[tb.index()]) {
            continue;
        }
        let (from_ps, to_ps) = (s.end(a), s.start[b]);
        if from_ps.max(to_ps) < t0 || from_ps.min(to_ps) > t1 {
            continue;
        }
        out.extend_from_slice(&[
            f as f64,
            a as f64,
            f64::from(ta.0),
            f64::from(s.lane[a]),
            from_ps as f64,
            b as f64,
            f64::from(tb.0),
            f64::from(s.lane[b]),
            to_ps as f64,
        ]);
        n += 1;
    }
}
