//! An area of the timeline (some tracks, a time range): its slices grouped by name, and the
//! per-step table built on it. Which slices are in the range, their parents, wall and self
//! times are defined in [`super::nesting`]; in short, times are clipped to the range, and self
//! time is the time a slice is the innermost open slice of its track.

use super::compat::Compat;
use super::counters::track_names;
use super::nesting::{NestingVisitor, walk_track};
use super::steps::steps;
use crate::model::{Ps, SliceId, StrId, Trace, TrackId, display_order};
use serde::Serialize;
use std::ops::Range;

/// The slices of a selection grouped by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Selection {
    /// Start of the range, ps (included).
    pub from_ps: Ps,
    /// End of the range, ps (excluded).
    pub to_ps: Ps,
    /// The selected tracks that hold a slice in the range.
    pub tracks: Vec<SelectedTrack>,
    /// The selection's total: the busy time of each track (the union of its slices in the
    /// range), summed over the tracks. A moment when two tracks are busy counts twice; idle
    /// time counts for none.
    pub busy_ps: Ps,
    /// Slices in the range.
    pub slices: u64,
    /// Whether `names` has one row per (track, name) rather than one per name.
    pub per_track: bool,
    /// One row per name (or per track and name), by wall time, longest first.
    pub names: Vec<NameStats>,
}

/// One selected track with slices in the range.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SelectedTrack {
    /// Track id.
    pub track: u32,
    /// Track name.
    pub name: String,
    /// Its group (process, plane).
    pub group: String,
    /// Slices of the track in the range.
    pub slices: u64,
    /// Time in the range covered by at least one of its slices, ps (equal to the sum of
    /// their self times).
    pub busy_ps: Ps,
}

/// The slices of one name in a selection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NameStats {
    /// Slice name.
    pub name: String,
    /// The track, when grouped per track; `None` over all selected tracks.
    pub track: Option<u32>,
    /// Slices of this name in the range.
    pub occurrences: u64,
    /// Sum of their durations clipped to the range, ps.
    pub wall_ps: Ps,
    /// Sum of their whole durations, ps (a slice sticking out of the range counts whole).
    pub unclipped_wall_ps: Ps,
    /// Sum of their self times clipped to the range, ps.
    pub self_ps: Ps,
    /// `wall_ps / occurrences`, rounded down.
    pub avg_wall_ps: Ps,
    /// The longest clipped duration, ps.
    pub max_wall_ps: Ps,
    /// The slice of that longest duration (the lowest slice id on a tie).
    pub longest_slice: u32,
}

/// Slices of `tracks` (empty: every track) in `range` grouped by name, or by track and name
/// with `per_track`. Unknown track ids are ignored; an empty range selects nothing.
pub fn select(trace: &Trace, tracks: &[TrackId], range: Range<Ps>, per_track: bool) -> Selection {
    let mut row_of = Vec::new();
    select_leaving_out(trace, tracks, range, per_track, |_| false, &mut row_of)
}

/// [`select`] with the slices `leave_out` names left out of the rows (they still count in the
/// track's slices and busy time, and still own their self time). `row_of` is scratch space
/// kept between calls: empty, or as the last call left it.
fn select_leaving_out(
    trace: &Trace,
    tracks: &[TrackId],
    range: Range<Ps>,
    per_track: bool,
    leave_out: impl Fn(usize) -> bool,
    row_of: &mut Vec<u32>,
) -> Selection {
    let mut by_name = ByName::new(trace, leave_out, row_of);
    let mut selected = Vec::new();
    let mut busy_ps = 0;
    for track in selected_tracks(trace, tracks) {
        if per_track {
            by_name.start_track(track.0);
        }
        let before = by_name.slices;
        let busy = walk_track(trace, track, range.clone(), &mut by_name);
        let slices = by_name.slices - before;
        if slices == 0 {
            continue;
        }
        busy_ps += busy;
        let (name, group) = track_names(trace, track);
        selected.push(SelectedTrack {
            track: track.0,
            name,
            group,
            slices,
            busy_ps: busy,
        });
    }
    let slices = by_name.slices;
    let mut names = by_name.rows(trace);
    names.sort_by(|a, b| {
        (b.wall_ps, b.self_ps)
            .cmp(&(a.wall_ps, a.self_ps))
            .then_with(|| a.name.cmp(&b.name))
            .then_with(|| a.track.cmp(&b.track))
    });
    Selection {
        from_ps: range.start,
        to_ps: range.end,
        tracks: selected,
        busy_ps,
        slices,
        per_track,
        names,
    }
}

/// The whole trace as a range: from the earliest start to one ps past the latest end (so a
/// slice of zero duration at the very end is in it); `0..0` for a trace without events.
pub fn whole_range(trace: &Trace) -> Range<Ps> {
    trace
        .time_bounds()
        .map_or(0..0, |(lo, hi)| lo..hi.saturating_add(1))
}

/// `tracks` without unknown ids and repeats, in the order given; when empty, every track
/// that holds slices, in display order.
pub fn selected_tracks(trace: &Trace, tracks: &[TrackId]) -> Vec<TrackId> {
    if tracks.is_empty() {
        return display_order(trace)
            .into_iter()
            .flat_map(|g| g.tracks)
            .filter(|&t| !trace.index.lanes_of(t).is_empty())
            .collect();
    }
    let mut out: Vec<TrackId> = Vec::with_capacity(tracks.len());
    for &t in tracks {
        if t.index() < trace.tracks.len() && !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

/// One step of the trace, as a row of the per-step table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StepRow {
    /// Step number.
    pub number: i64,
    /// Display name (`ProfilerStep#5`, `train 3`).
    pub name: String,
    /// Start, ps.
    pub start_ps: Ps,
    /// Duration, ps.
    pub duration_ps: Ps,
    /// The range to zoom to: the step with a twentieth of its duration on either side.
    pub zoom_from_ps: Ps,
    /// End of the range to zoom to.
    pub zoom_to_ps: Ps,
    /// The selection's total over the step (see [`Selection::busy_ps`]).
    pub busy_ps: Ps,
    /// The names with the most self time in the step, most first, leaving out the step's
    /// markers and the slices that enclose the whole step (the profiler's own span, the
    /// training loop): they are the step's context, not what took its time.
    pub top_self: Vec<NameStats>,
}

/// The steps of [`steps`], each with the `top` names by self time over `tracks` (empty:
/// every track) within the step's range (see [`StepRow::top_self`]).
pub fn step_table(trace: &Trace, tracks: &[TrackId], compat: Compat, top: usize) -> Vec<StepRow> {
    let mut row_of = Vec::new();
    steps(trace, compat)
        .into_iter()
        .map(|step| {
            let end = step.start_ps.saturating_add(step.duration_ps);
            let margin = step.duration_ps / 20;
            let s = &trace.slices;
            let context = |i: usize| {
                step.markers.contains(&SliceId(i as u32))
                    || (s.start[i] <= step.start_ps && s.end(i) >= end)
            };
            let range = step.start_ps..end;
            let sel = select_leaving_out(trace, tracks, range, false, context, &mut row_of);
            StepRow {
                number: step.number,
                name: step.name,
                start_ps: step.start_ps,
                duration_ps: step.duration_ps,
                zoom_from_ps: step.start_ps.saturating_sub(margin),
                zoom_to_ps: end.saturating_add(margin),
                busy_ps: sel.busy_ps,
                top_self: top_by_self(sel.names, top),
            }
        })
        .collect()
}

/// The `n` rows with the most self time, most first (ties by name).
pub fn top_by_self(mut names: Vec<NameStats>, n: usize) -> Vec<NameStats> {
    names.sort_by(|a, b| {
        b.self_ps
            .cmp(&a.self_ps)
            .then_with(|| a.name.cmp(&b.name))
            .then_with(|| a.track.cmp(&b.track))
    });
    names.truncate(n);
    names
}

/// Sums per (track, name) as the walk closes slices.
struct ByName<'t, 's, F> {
    trace: &'t Trace,
    /// Slices counted but not summed into rows.
    leave_out: F,
    /// The track rows go to, `u32::MAX` over all tracks.
    track: u32,
    /// The row of each name (by `StrId`) among the rows of `track`, `u32::MAX` for none: only
    /// the entries of `rows[track_rows..]` are set (and reset when done).
    row_of: &'s mut Vec<u32>,
    /// The first row of `track`.
    track_rows: usize,
    rows: Vec<Sums>,
    slices: u64,
}

struct Sums {
    track: u32,
    name: StrId,
    occurrences: u64,
    wall: Ps,
    unclipped: Ps,
    self_time: Ps,
    max: Ps,
    longest: usize,
}

impl<'t, 's, F: Fn(usize) -> bool> ByName<'t, 's, F> {
    fn new(trace: &'t Trace, leave_out: F, row_of: &'s mut Vec<u32>) -> Self {
        row_of.resize(trace.strings.len(), u32::MAX);
        ByName {
            trace,
            leave_out,
            track: u32::MAX,
            row_of,
            track_rows: 0,
            rows: Vec::new(),
            slices: 0,
        }
    }

    /// Sends the following slices to rows of `track`.
    fn start_track(&mut self, track: u32) {
        self.forget_rows();
        self.track = track;
        self.track_rows = self.rows.len();
    }

    /// Resets `row_of` for the rows of the current track.
    fn forget_rows(&mut self) {
        for r in &self.rows[self.track_rows..] {
            self.row_of[r.name.0 as usize] = u32::MAX;
        }
    }

    fn rows(mut self, trace: &Trace) -> Vec<NameStats> {
        self.forget_rows();
        self.rows
            .into_iter()
            .map(|r| NameStats {
                name: trace.str(r.name).to_owned(),
                track: (r.track != u32::MAX).then_some(r.track),
                occurrences: r.occurrences,
                wall_ps: r.wall,
                unclipped_wall_ps: r.unclipped,
                self_ps: r.self_time,
                avg_wall_ps: r.wall / r.occurrences as Ps,
                max_wall_ps: r.max,
                longest_slice: r.longest as u32,
            })
            .collect()
    }
}

impl<F: Fn(usize) -> bool> NestingVisitor for ByName<'_, '_, F> {
    fn open(&mut self, _slice: usize, _parent: Option<u32>) -> u32 {
        0
    }

    fn close(&mut self, slice: usize, _tag: u32, wall_ps: Ps, self_ps: Ps) {
        self.slices += 1;
        if (self.leave_out)(slice) {
            return;
        }
        let name = self.trace.slices.name[slice];
        let k = match self.row_of[name.0 as usize] {
            u32::MAX => {
                self.row_of[name.0 as usize] = self.rows.len() as u32;
                self.rows.push(Sums {
                    track: self.track,
                    name,
                    occurrences: 0,
                    wall: 0,
                    unclipped: 0,
                    self_time: 0,
                    max: -1,
                    longest: slice,
                });
                self.rows.len() - 1
            }
            k => k as usize,
        };
        let r = &mut self.rows[k];
        r.occurrences += 1;
        r.wall += wall_ps;
        r.unclipped += self.trace.slices.dur[slice];
        r.self_time += self_ps;
        if wall_ps > r.max || (wall_ps == r.max && slice < r.longest) {
            r.max = wall_ps;
            r.longest = slice;
        }
    }
}
