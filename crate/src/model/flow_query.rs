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

/// Arrows to draw: those with at least one end on `tracks` whose time span (`from_ps` to
/// `to_ps`) overlaps `[t0, t1]`, at most `limit`, in flow order. Appends [`FLOW_STRIDE`]
/// numbers per arrow to `out`: `flow, from_slice, from_track, from_lane, from_ps, to_slice,
/// to_track, to_lane, to_ps`, where `to_ps` is the destination's start and `from_ps` is the
/// source slice's end, or `to_ps` when the destination starts inside the source (a kernel
/// that starts before its launch call returns): the tail stays on the source slice and
/// the arrow does not point back in time unless the destination starts before the source.
/// Cost O(flows).
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
        let to_ps = s.start[b];
        let from_ps = s.end(a).min(to_ps).max(s.start[a]);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ArgSetId, CategoryId, Format, TraceBuilder, TrackKind};

    /// A launch (0–100) on the CPU track whose kernel starts at 50 on the GPU track, and a
    /// copy (200–210) whose transfer starts at 400.
    fn trace() -> Trace {
        let mut b = TraceBuilder::new(Format::ChromeJson);
        let p = b.add_process("p", "1", 0);
        let cpu = b.add_track(p, "cpu", "1", 0, TrackKind::Slices);
        let gpu = b.add_track(p, "gpu", "2", 1, TrackKind::Slices);
        let names = ["launch", "kernel", "copy", "transfer"].map(|n| b.intern(n));
        let add = |b: &mut TraceBuilder, track, start, dur, name| {
            b.add_slice(track, start, dur, name, CategoryId::NONE, ArgSetId::NONE)
                .expect("no budget: every slice is kept")
        };
        let launch = add(&mut b, cpu, 0, 100, names[0]);
        let kernel = add(&mut b, gpu, 50, 10, names[1]);
        let copy = add(&mut b, cpu, 200, 10, names[2]);
        let transfer = add(&mut b, gpu, 400, 10, names[3]);
        let cat = b.category("ac2g");
        b.add_flow(launch, kernel, cat);
        b.add_flow(copy, transfer, cat);
        b.finish()
    }

    #[test]
    fn links_name_the_other_end_both_ways() {
        let t = trace();
        let kernel = (0..t.slices.len())
            .find(|&i| t.str(t.slices.name[i]) == "kernel")
            .map(|i| SliceId(i as u32))
            .unwrap();
        let links = flow_links(&t, kernel);
        assert!(links.outgoing.is_empty());
        assert_eq!(links.incoming.len(), 1);
        let l = &links.incoming[0];
        assert_eq!((l.name.as_str(), l.track_name.as_str()), ("launch", "cpu"));
        assert_eq!((l.category.as_str(), l.start_ps), ("ac2g", 0));
        let back = flow_links(&t, SliceId(l.slice));
        assert_eq!(back.outgoing[0].slice, kernel.0);
        assert_eq!(flow_links(&t, SliceId(99)), FlowLinks::default());
    }

    #[test]
    fn arrows_in_view_keep_their_tail_on_the_source() {
        let t = trace();
        let mut out = Vec::new();
        flows_in_view(&t, &[TrackId(1)], (0, 1_000), 10, &mut out);
        assert_eq!(out.len(), 2 * FLOW_STRIDE);
        let times: Vec<(f64, f64)> = out.chunks(FLOW_STRIDE).map(|a| (a[4], a[8])).collect();
        // The kernel starts inside its launch: the tail is at the kernel's start.
        assert!(times.contains(&(50.0, 50.0)) && times.contains(&(210.0, 400.0)));
        out.clear();
        flows_in_view(&t, &[TrackId(1)], (300, 350), 10, &mut out);
        assert_eq!(
            out.len(),
            FLOW_STRIDE,
            "only the copy's arrow crosses 300–350"
        );
        out.clear();
        flows_in_view(&t, &[TrackId(0), TrackId(1)], (0, 1_000), 1, &mut out);
        assert_eq!(out.len(), FLOW_STRIDE, "limit");
    }
}
