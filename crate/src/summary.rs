//! `planeview summary`: the counts other tools rely on (`docs/CONTRACT.md` § summary).

use crate::diagnostics::Diagnostics;
use crate::import::Imported;
use crate::model::{TrackId, TrackKind};
use serde::Serialize;

/// The `summary` document. Field names and meanings are a contract: extend, never rename.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// `xspace` | `chrome_json` | `perfetto` | `hlo` | `mlir`.
    pub format: &'static str,
    /// Size of the file as given.
    pub bytes: u64,
    /// Size after decompression.
    pub unpacked_bytes: u64,
    /// Event records in the source (see `Trace::source_events`).
    pub events: u64,
    /// Timeline rows holding at least one slice, instant or counter sample.
    pub tracks: u64,
    /// Groups holding at least one such track.
    pub processes: u64,
    /// Earliest start to latest end, in picoseconds.
    pub span_ps: i64,
    /// Flow arrows placed.
    pub flows: u64,
    /// Counter tracks (with samples).
    pub counters: u64,
    /// Slices placed on the timeline (extra key).
    pub slices: u64,
    /// Bytes the model holds (extra key).
    pub model_bytes: u64,
    /// Per-record problems.
    pub diagnostics: Diagnostics,
}

impl Summary {
    /// Computes the summary of an import.
    pub fn of(imported: &Imported) -> Summary {
        let trace = &imported.trace;
        let mut tracks = 0;
        let mut counters = 0;
        let mut process_used = vec![false; trace.processes.len()];
        for t in 0..trace.tracks.len() {
            let id = TrackId(t as u32);
            if trace.index.has_content(id) {
                tracks += 1;
                process_used[trace.tracks.process[t].index()] = true;
                if trace.tracks.kind[t] == TrackKind::Counter {
                    counters += 1;
                }
            }
        }
        Summary {
            format: trace.format.as_str(),
            bytes: imported.bytes,
            unpacked_bytes: imported.unpacked_bytes,
            events: trace.source_events,
            tracks,
            processes: process_used.iter().filter(|&&u| u).count() as u64,
            span_ps: trace.time_bounds().map_or(0, |(lo, hi)| hi - lo),
            flows: trace.flows.len() as u64,
            counters,
            slices: trace.slices.len() as u64,
            model_bytes: trace.heap_bytes() as u64,
            diagnostics: trace.diagnostics.clone(),
        }
    }
}
