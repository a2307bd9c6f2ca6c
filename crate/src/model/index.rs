//! Per-track ranges into the sorted slice, instant and counter tables.

use super::tables::TrackId;
use std::ops::Range;

/// The slices of one lane: a range of the slice table, sorted by start, never overlapping,
/// so both starts and ends are non-decreasing (the level-of-detail code binary-searches
/// either).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LaneIndex {
    /// First slice of the lane.
    pub start: u32,
    /// One past the last slice of the lane.
    pub end: u32,
}

impl LaneIndex {
    /// The lane's slices as a range of slice indices.
    pub fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// Ranges per track, built by `TraceBuilder::finish`.
#[derive(Clone, Debug, Default)]
pub struct TrackIndex {
    /// For each track, its lanes as a range of `lanes`.
    pub track_lanes: Vec<Range<u32>>,
    /// All lanes of all tracks, track by track.
    pub lanes: Vec<LaneIndex>,
    /// For each track, its instants as a range of the instant table.
    pub track_instants: Vec<Range<u32>>,
    /// For each track, its samples as a range of the counter table.
    pub track_counters: Vec<Range<u32>>,
}

impl TrackIndex {
    /// The lanes of `track`, from depth 0 down.
    pub fn lanes_of(&self, track: TrackId) -> &[LaneIndex] {
        let r = &self.track_lanes[track.index()];
        &self.lanes[r.start as usize..r.end as usize]
    }

    /// The instants of `track`.
    pub fn instants_of(&self, track: TrackId) -> Range<usize> {
        let r = &self.track_instants[track.index()];
        r.start as usize..r.end as usize
    }

    /// The counter samples of `track`.
    pub fn counters_of(&self, track: TrackId) -> Range<usize> {
        let r = &self.track_counters[track.index()];
        r.start as usize..r.end as usize
    }

    /// True if `track` holds at least one slice, instant or counter sample.
    pub fn has_content(&self, track: TrackId) -> bool {
        let i = track.index();
        !self.track_lanes[i].is_empty()
            || !self.track_instants[i].is_empty()
            || !self.track_counters[i].is_empty()
    }

    /// Approximate bytes held.
    pub fn heap_bytes(&self) -> usize {
        self.track_lanes.capacity() * 24 + self.lanes.capacity() * 8
    }
}
