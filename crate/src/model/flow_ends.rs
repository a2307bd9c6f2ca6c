//! Flow ends given by a time on a track (Chrome `s`/`t`/`f` events), bound to a slice once
//! the slices are sorted into lanes.
//!
//! Binding rules (the Trace Event Format's): `Enclosing` takes the innermost slice of the
//! track with `start <= time <= end` (the latest start); `Next` takes the slice of the track that starts first
//! at or after `time` (the outermost one on a tie). An end that finds no slice drops its
//! arrow and is counted in `flow_end_without_slice`; an arrow from a slice to itself is
//! dropped and counted in `flow_to_itself` (Kineto marks runtime calls both ways).

use super::builder::NewPositions;
use super::lanes::Misfit;
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

/// What lane placement says about each track's nesting (see `lanes.rs`), for the search of
/// an enclosing slice: the first overflow lane of each track and which slices are misfits
/// kept at their depth. A slice on a depth lane that is not such a misfit holds every
/// slice of the shallower lanes that contains a time it strictly contains (a slice placed
/// on a shallower lane after it started had to wait for it to end), so the search may stop
/// there.
#[derive(Debug)]
pub(super) struct Nesting {
    /// Per track, its first overflow lane (`u16::MAX` when it has none).
    overflow_from: Vec<u16>,
    /// Per slice (sorted position), one bit: a misfit kept at its depth.
    kept_misfit: Vec<u64>,
}

impl Nesting {
    /// `tracks` tracks without overflow lanes and `slices` slices without misfits.
    pub(super) fn new(tracks: usize, slices: usize) -> Nesting {
        Nesting {
            overflow_from: vec![u16::MAX; tracks],
            kept_misfit: vec![0; slices.div_ceil(64)],
        }
    }

    /// Records the misfits of `track`, whose slices got `lanes` (run order); `position`
    /// maps a run position to the slice's sorted position.
    pub(super) fn note_misfits(
        &mut self,
        track: TrackId,
        lanes: &[u16],
        misfits: &[Misfit],
        position: impl Fn(usize) -> usize,
    ) {
        if misfits.iter().any(|m| m.moved) {
            let mut moved = misfits
                .iter()
                .filter(|m| m.moved)
                .map(|m| m.slice)
                .peekable();
            let mut deepest_kept = None;
            for (k, &lane) in lanes.iter().enumerate() {
                if moved.next_if_eq(&k).is_none() {
                    deepest_kept = deepest_kept.max(Some(lane));
                }
            }
            if let Some(first) = self.overflow_from.get_mut(track.index()) {
                *first = deepest_kept.map_or(0, |d| d.saturating_add(1));
            }
        }
        for m in misfits.iter().filter(|m| !m.moved) {
            let i = position(m.slice);
            if let Some(word) = self.kept_misfit.get_mut(i / 64) {
                *word |= 1 << (i % 64);
            }
        }
    }

    /// Whether a slice at `position` on `lane` of `track` ends the search for an enclosing
    /// slice of a time it strictly contains: a depth lane's slice that is not a kept misfit.
    fn ends_search(&self, track: TrackId, lane: u16, position: usize) -> bool {
        let overflow_from = self.overflow_from.get(track.index()).copied().unwrap_or(0);
        let kept = self
            .kept_misfit
            .get(position / 64)
            .is_some_and(|w| w & (1 << (position % 64)) != 0);
        lane < overflow_from && !kept
    }
}

/// Binds the pending arrows of a finished (sorted, indexed) trace and appends them to its
/// flow table. `new_of_old` maps slice ids given by `add_slice` to their sorted position;
/// `nesting` says which tracks nest properly.
pub(super) fn resolve(
    trace: &mut Trace,
    pending: &[PendingFlow],
    new_of_old: &NewPositions,
    nesting: &Nesting,
) {
    let mut unbound = 0u64;
    let mut first_unbound = None;
    let mut to_itself = 0u64;
    for p in pending {
        let ends = [p.from, p.to].map(|end| bind(trace, end, new_of_old, nesting));
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

fn bind(
    trace: &Trace,
    end: FlowEnd,
    new_of_old: &NewPositions,
    nesting: &Nesting,
) -> Option<SliceId> {
    match end {
        FlowEnd::Slice(old) => new_of_old.get(old.index()).map(SliceId),
        FlowEnd::At { track, time, bind } => {
            if track.index() >= trace.tracks.len() {
                return None;
            }
            match bind {
                FlowBind::Enclosing => enclosing(trace, track, time, nesting),
                FlowBind::Next => next(trace, track, time),
            }
        }
    }
}

/// The slice of the lane `first..end` (positions in the slice table) with
/// `start <= time <= end`, if any.
fn slice_at(trace: &Trace, first: usize, end: usize, time: Ps) -> Option<usize> {
    let s = &trace.slices;
    // A lane's slices do not overlap, so its span is its first start to its last end:
    // lanes that cannot contain `time` cost no search.
    let last = end.checked_sub(1)?;
    if first > last || s.start[first] > time || s.end(last) < time {
        return None;
    }
    let k = s.start[first..end].partition_point(|&t| t <= time);
    let i = first + k.checked_sub(1)?;
    (s.end(i) >= time).then_some(i)
}

/// The innermost slice of `track` with `start <= time <= end`: the one that starts last,
/// the shorter on a tie (in a proper nesting, the deepest). Lanes are asked deepest first,
/// up to the first slice that settles it (see [`Nesting`]): a lane's depth alone says
/// nothing about nesting in a track's overflow lanes or around misfits (see `lanes.rs`).
fn enclosing(trace: &Trace, track: TrackId, time: Ps, nesting: &Nesting) -> Option<SliceId> {
    let s = &trace.slices;
    let key = |i: usize| (s.start[i], std::cmp::Reverse(s.dur[i]));
    let mut best: Option<usize> = None;
    for (lane, range) in trace.index.lanes_of(track).iter().enumerate().rev() {
        let Some(i) = slice_at(trace, range.start as usize, range.end as usize, time) else {
            continue;
        };
        if best.is_none_or(|b| key(i) > key(b)) {
            best = Some(i);
        }
        if s.end(i) > time && nesting.ends_search(track, lane as u16, i) {
            break;
        }
    }
    best.map(|i| SliceId(i as u32))
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

#[cfg(test)]
mod tests {
    use crate::model::{
        ArgSetId, CategoryId, FlowBind, FlowEnd, Format, Ps, SliceId, TraceBuilder, TrackKind,
    };
    use proptest::prelude::*;

    proptest! {
        /// A flow end bound by time lands on the innermost slice containing it (latest
        /// start, shorter on a tie), as a scan of every slice finds it, whatever the
        /// overlaps: nested, misfits kept at their depth or moved to overflow lanes.
        #[test]
        fn enclosing_finds_the_innermost_slice(
            spans in prop::collection::vec((0i64..1_000, 0i64..300), 1..80),
            times in prop::collection::vec(0i64..1_300, 1..40),
        ) {
            let mut b = TraceBuilder::new(Format::ChromeJson);
            let p = b.add_process("p", "1", 0);
            let work = b.add_track(p, "work", "1", 0, TrackKind::Slices);
            let from = b.add_track(p, "from", "2", 1, TrackKind::Slices);
            let (name, source) = (b.intern("s"), b.intern("source"));
            for &(start, dur) in &spans {
                b.add_slice(work, start, dur, name, CategoryId::NONE, ArgSetId::NONE);
            }
            // One source slice per query time, far from the work: the q-th starts at 10^6 + q.
            for (q, &time) in times.iter().enumerate() {
                let at = 1_000_000 + q as Ps;
                let src = b.add_slice(from, at, 0, source, CategoryId::NONE, ArgSetId::NONE);
                let src = FlowEnd::Slice(src.expect("no budget"));
                let to = FlowEnd::At { track: work, time, bind: FlowBind::Enclosing };
                b.add_flow_between(src, to, CategoryId::NONE);
            }
            let t = b.finish();
            let s = &t.slices;
            let shift = t.slices.start.iter().min().copied().unwrap_or(0)
                - spans.iter().map(|&(s, _)| s).min().unwrap_or(0);
            let key = |i: usize| (s.start[i], std::cmp::Reverse(s.dur[i]));
            for (q, &time) in times.iter().enumerate() {
                let time = time + shift;
                let src = (0..s.len())
                    .find(|&i| s.track[i] == from && s.start[i] == 1_000_000 + q as Ps + shift)
                    .expect("source slice");
                let innermost = (0..s.len())
                    .filter(|&i| s.track[i] == work && s.start[i] <= time && time <= s.end(i))
                    .max_by_key(|&i| key(i));
                let bound: Vec<usize> = t
                    .flows
                    .outgoing(SliceId(src as u32))
                    .map(|f| t.flows.to[f].index())
                    .collect();
                match innermost {
                    None => prop_assert!(bound.is_empty()),
                    Some(i) => {
                        prop_assert_eq!(bound.len(), 1);
                        prop_assert_eq!(key(bound[0]), key(i));
                    }
                }
            }
        }
    }
}
