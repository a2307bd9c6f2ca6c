//! Flow ends given by a time on a track (Chrome `s`/`t`/`f` events), bound to a slice once
//! the slices are sorted into lanes.
//!
//! Binding rules (the Trace Event Format's): `Enclosing` takes the innermost slice of the
//! track with `start <= time <= end` (the latest start); `Next` takes the slice of the track that starts first
//! at or after `time` (the outermost one on a tie). An end that finds no slice drops its
//! arrow and is counted in `flow_end_without_slice`; an arrow from a slice to itself is
//! dropped and counted in `flow_to_itself` (Kineto marks runtime calls both ways).

use super::builder::NewPositions;
use super::tables::{CategoryId, SliceId, TrackId};
use super::{Ps, Trace};
use crate::diagnostics::DiagnosticKind;

/// How a flow end given by time finds its slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlowBind {
    /// The innermost slice that contains the time (Chrome `s`, `t`, and `f` with `bp: "e"`).
    Enclosing,
    /// The next slice that starts at or after the time (Chrome `f` without `bp`).
    Next,
}

/// One end of a flow arrow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlowEnd {
    /// A slice, as returned by `TraceBuilder::add_slice`.
    Slice(SliceId),
    /// A time on a track, relative to the origin like every time given to the builder.
    At {
        /// The track.
        track: TrackId,
        /// The time.
        time: Ps,
        /// How the slice is found.
        bind: FlowBind,
    },
}

/// An arrow waiting for `finish`.
#[derive(Clone, Copy, Debug)]
pub(super) struct PendingFlow {
    pub(super) from: FlowEnd,
    pub(super) to: FlowEnd,
    pub(super) category: CategoryId,
}

impl PendingFlow {
    /// Moves time ends by `-shift` (the builder's rebase).
    pub(super) fn shift(&mut self, shift: Ps) {
        for end in [&mut self.from, &mut self.to] {
            if let FlowEnd::At { time, .. } = end {
                *time = time.saturating_sub(shift);
            }
        }
    }
}

/// Binds the pending arrows of a finished (sorted, indexed) trace and appends them to its
/// flow table. `new_of_old` maps slice ids given by `add_slice` to their sorted position.
pub(super) fn resolve(trace: &mut Trace, pending: &[PendingFlow], new_of_old: &NewPositions) {
    let mut unbound = 0u64;
    let mut first_unbound = None;
    let mut to_itself = 0u64;
    for p in pending {
        let ends = [p.from, p.to].map(|end| bind(trace, end, new_of_old));
        match ends {
            [Some(from), Some(to)] if from == to => to_itself += 1,
            [Some(from), Some(to)] => trace.flows.push(from, to, p.category),
            _ => {
                unbound += 1;
                first_unbound.get_or_insert(if ends[0].is_none() { p.from } else { p.to });
            }
        }
    }
    if let Some(end) = first_unbound {
        let example = match end {
            FlowEnd::At { track, time, .. } => format!(
                "a flow end at {time} ps on track {:?} lies in no slice; arrow dropped",
                trace.str(trace.tracks.name[track.index()])
            ),
            FlowEnd::Slice(s) => format!("a flow end names slice {} that does not exist", s.0),
        };
        trace
            .diagnostics
            .record_many(DiagnosticKind::FlowEndWithoutSlice, unbound, example);
    }
    trace.diagnostics.record_many(
        DiagnosticKind::FlowToItself,
        to_itself,
        format!("{to_itself} flows start and end in the same slice; not drawn"),
    );
}

fn bind(trace: &Trace, end: FlowEnd, new_of_old: &NewPositions) -> Option<SliceId> {
    match end {
        FlowEnd::Slice(old) => new_of_old.get(old.index()).map(SliceId),
        FlowEnd::At { track, time, bind } => {
            if track.index() >= trace.tracks.len() {
                return None;
            }
            match bind {
                FlowBind::Enclosing => enclosing(trace, track, time),
                FlowBind::Next => next(trace, track, time),
            }
        }
    }
}

/// The innermost slice of `track` with `start <= time <= end`: the one that starts last,
/// the shorter on a tie (in a proper nesting, the deepest). Every lane is asked, since a
/// lane's depth says nothing about nesting in a track's overflow lanes (see `lanes.rs`).
fn enclosing(trace: &Trace, track: TrackId, time: Ps) -> Option<SliceId> {
    let s = &trace.slices;
    let containing = trace.index.lanes_of(track).iter().filter_map(|lane| {
        // A lane's slices do not overlap, so its span is its first start to its last end:
        // lanes that cannot contain `time` cost no search.
        let (first, last) = (lane.start as usize, (lane.end as usize).checked_sub(1)?);
        if first > last || s.start[first] > time || s.end(last) < time {
            return None;
        }
        let starts = &s.start[lane.range()];
        let k = starts.partition_point(|&t| t <= time);
        let i = lane.start as usize + k.checked_sub(1)?;
        (s.end(i) >= time).then_some(i)
    });
    containing
        .max_by_key(|&i| (s.start[i], std::cmp::Reverse(s.dur[i])))
        .map(|i| SliceId(i as u32))
}

/// The slice of `track` that starts first at or after `time`; the outermost on a tie.
fn next(trace: &Trace, track: TrackId, time: Ps) -> Option<SliceId> {
    let s = &trace.slices;
    let mut best: Option<usize> = None;
    for lane in trace.index.lanes_of(track) {
        if lane.end == lane.start || s.start[lane.end as usize - 1] < time {
            continue; // nothing starts at or after `time` in this lane
        }
        let starts = &s.start[lane.range()];
        let i = lane.start as usize + starts.partition_point(|&t| t < time);
        if i < lane.end as usize && best.is_none_or(|b| s.start[i] < s.start[b]) {
            best = Some(i);
        }
    }
    best.map(|i| SliceId(i as u32))
}
