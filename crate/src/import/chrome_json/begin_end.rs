//! `B`/`E` pairs. Both are buffered and matched per track in time order at the end (file
//! order breaks ties), so unsorted files pair correctly. An `E` closes the innermost open
//! `B` of its track; its args are added to the `B`'s (an `E` arg wins over a `B` arg of the
//! same key). An `E` with nothing open is counted in `unmatched_end` and dropped; a `B`
//! still open at the end is closed at the latest time of the trace and counted in
//! `unclosed_begin` (Chrome writes these when tracing stops inside a slice).

use super::event::{EventFields, Phase};
use super::place::Placer;
use crate::diagnostics::DiagnosticKind;
use crate::model::{ArgSetId, CategoryId, FlowBind, FlowEnd, Ps, StrId, TrackId};

/// One buffered `B` or `E`.
#[derive(Clone, Copy, Debug)]
struct Edge {
    track: TrackId,
    time: Ps,
    begin: bool,
    name: StrId,
    category: CategoryId,
    args: ArgSetId,
}

/// The buffered edges.
#[derive(Debug, Default)]
pub(super) struct BeginEnd {
    edges: Vec<Edge>,
}

impl BeginEnd {
    /// True if no edge was buffered.
    pub(super) fn is_empty(&self) -> bool {
        self.edges.is_empty()
    }

    /// The slices of the pairs buffered so far, as `finish` would pair them, without their
    /// args (`(track, start, duration, name, category)`; for a preview): `B`s still open and
    /// unmatched `E`s are left out, as the rest of the file may close them.
    pub(super) fn matched(&self) -> Vec<(TrackId, Ps, Ps, StrId, CategoryId)> {
        let mut edges = self.edges.clone();
        let mut out = Vec::new();
        pair(&mut edges, &mut out, |out, paired| {
            if let Paired::Slice(begin, end) = paired {
                out.push((
                    begin.track,
                    begin.time,
                    end.time.saturating_sub(begin.time),
                    slice_name(&begin, end.name),
                    begin.category,
                ));
            }
        });
        out
    }

    /// Pairs the edges and adds the slices.
    pub(super) fn finish(p: &mut Placer) {
        let mut edges = std::mem::take(&mut p.begin_end.edges);
        pair(&mut edges, p, |p, paired| match paired {
            Paired::Slice(begin, end) => close(p, begin, end.time, end.name, end.args),
            Paired::UnmatchedEnd(edge) => {
                let name = p.b.strings().get(edge.name).to_owned();
                let track_name = p.b.strings().get(p.b.track_name(edge.track)).to_owned();
                p.b.diagnostics().record(DiagnosticKind::UnmatchedEnd, || {
                    format!("E {name:?} on {track_name:?} has no open B; ignored")
                });
            }
            Paired::Unclosed(begin) => {
                let name = p.b.strings().get(begin.name).to_owned();
                p.b.diagnostics().record(DiagnosticKind::UnclosedBegin, || {
                    format!("B {name:?} has no E; closed at the end of the trace")
                });
                let latest = p.latest;
                close(p, begin, latest, StrId::EMPTY, ArgSetId::NONE);
            }
        });
    }
}

/// What pairing found for an edge.
enum Paired {
    /// A `B` and the `E` that closes it.
    Slice(Edge, Edge),
    /// An `E` with nothing open on its track.
    UnmatchedEnd(Edge),
    /// A `B` still open at the end of its track's edges (innermost first).
    Unclosed(Edge),
}

/// Sorts `edges` per track in time order (stable: file order on ties) and tells `on` each
/// pairing in order: an `E` closes the innermost open `B` of its track.
fn pair<C>(edges: &mut [Edge], ctx: &mut C, mut on: impl FnMut(&mut C, Paired)) {
    edges.sort_by_key(|e| (e.track, e.time));
    let mut open: Vec<Edge> = Vec::new();
    let mut i = 0;
    while i < edges.len() {
        let track = edges[i].track;
        open.clear();
        while i < edges.len() && edges[i].track == track {
            let edge = edges[i];
            i += 1;
            if edge.begin {
                open.push(edge);
                continue;
            }
            match open.pop() {
                Some(begin) => on(ctx, Paired::Slice(begin, edge)),
                None => on(ctx, Paired::UnmatchedEnd(edge)),
            }
        }
        for begin in open.drain(..).rev() {
            on(ctx, Paired::Unclosed(begin));
        }
    }
}

/// A slice's name: its `B`'s, else (an empty one) its `E`'s.
fn slice_name(begin: &Edge, end_name: StrId) -> StrId {
    if begin.name == StrId::EMPTY {
        end_name
    } else {
        begin.name
    }
}

/// Adds the slice of `begin` ending at `end`, with the `E`'s args over the `B`'s.
fn close(p: &mut Placer, begin: Edge, end: Ps, end_name: StrId, end_args: ArgSetId) {
    let args = if end_args == ArgSetId::NONE {
        begin.args
    } else {
        p.b.merge_args(end_args, begin.args)
    };
    let name = slice_name(&begin, end_name);
    p.b.add_slice(
        begin.track,
        begin.time,
        end.saturating_sub(begin.time),
        name,
        begin.category,
        args,
    );
}

impl Placer {
    /// Buffers a `B` or `E`. A `B` with a flow v2 binding becomes a flow end at its start.
    pub(super) fn begin_or_end(&mut self, ev: &EventFields) {
        let Some(time) = self.time(ev) else { return };
        let track = self.track(&ev.pid, &ev.tid);
        self.latest = self.latest.max(time);
        let begin = ev.phase == Phase::Begin;
        let args = self.args(ev);
        self.begin_end.edges.push(Edge {
            track,
            time,
            begin,
            name: ev.name,
            category: ev.category,
            args,
        });
        if begin && (ev.flow_in || ev.flow_out) {
            let end = FlowEnd::At {
                track,
                time,
                bind: FlowBind::Enclosing,
            };
            self.flows.bound_slice(ev, end, time);
        }
    }
}
