//! The order in which the timeline shows processes and tracks.

use super::{ProcessId, Trace, TrackId};

/// One process group and its non-empty tracks, in display order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrackGroup {
    /// The process.
    pub process: ProcessId,
    /// Its tracks that hold something, sorted by (sort index, source order).
    pub tracks: Vec<TrackId>,
}

/// Processes with at least one non-empty track, sorted by (sort index, source order);
/// within each, tracks sorted by (sort index, source order). Empty tracks are left out,
/// as the timeline does not draw them.
pub fn display_order(trace: &Trace) -> Vec<TrackGroup> {
    let mut groups: Vec<TrackGroup> = (0..trace.processes.len())
        .map(|p| TrackGroup {
            process: ProcessId(p as u32),
            tracks: Vec::new(),
        })
        .collect();
    for t in 0..trace.tracks.len() {
        let id = TrackId(t as u32);
        if trace.index.has_content(id) {
            groups[trace.tracks.process[t].index()].tracks.push(id);
        }
    }
    groups.retain(|g| !g.tracks.is_empty());
    for g in &mut groups {
        g.tracks
            .sort_by_key(|t| (trace.tracks.sort_index[t.index()], t.0));
    }
    groups.sort_by_key(|g| (trace.processes.sort_index[g.process.index()], g.process.0));
    groups
}
