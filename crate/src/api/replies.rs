//! The reply shapes built from the model: the overview a load returns, the details of an
//! event, flow lists, counter tracks, range statistics, MLIR kernels, tables and charts.

use super::ApiError;
use crate::analysis::counters::{self, stats};
use crate::charts::Chart;
use crate::import::Imported;
use crate::model::{ArgSetId, FlowLinks, SliceId, StrId, Trace, TrackId, arg_value_to_json};
use crate::model::{display_order, flow_links};
use crate::summary::Summary;
use serde::Serialize;
use serde_json::{Map, Value};

/// What a load returns: summary, time range, track groups in display order, metadata.
#[derive(Debug, Serialize)]
pub struct Overview {
    pub summary: Summary,
    pub start_ps: i64,
    pub end_ps: i64,
    pub groups: Vec<GroupInfo>,
    /// `[key, value]` pairs.
    pub metadata: Vec<(String, Value)>,
}

/// A process and its tracks.
#[derive(Debug, Serialize)]
pub struct GroupInfo {
    pub process: u32,
    pub name: String,
    pub tracks: Vec<TrackInfo>,
}

/// A track as the timeline lists it.
#[derive(Debug, Serialize)]
pub struct TrackInfo {
    pub id: u32,
    pub name: String,
    /// `slices`, `counter` or `async`.
    pub kind: &'static str,
    /// Lanes to draw (at least 1).
    pub lanes: usize,
}

impl Overview {
    /// The overview of an imported profile.
    pub fn of(imported: &Imported) -> Overview {
        let t = &imported.trace;
        let (start_ps, end_ps) = t.time_bounds().unwrap_or((0, 0));
        let groups = display_order(t)
            .into_iter()
            .map(|g| GroupInfo {
                process: g.process.0,
                name: t.processes.display_name(&t.strings, g.process),
                tracks: g
                    .tracks
                    .iter()
                    .map(|&id| TrackInfo {
                        id: id.0,
                        name: t.str(t.tracks.name[id.index()]).to_owned(),
                        kind: t.tracks.kind[id.index()].as_str(),
                        lanes: t.index.lanes_of(id).len().max(1),
                    })
                    .collect(),
            })
            .collect();
        Overview {
            summary: Summary::of(imported),
            start_ps,
            end_ps,
            groups,
            metadata: t.metadata.entries.clone(),
        }
    }
}

/// Where a slice is.
#[derive(Debug, Serialize)]
pub struct SliceInfo {
    pub id: u32,
    pub start_ps: i64,
    pub dur_ps: i64,
    pub track: u32,
    pub lane: u16,
    #[serde(rename = "nameId")]
    pub name_id: u32,
}

impl SliceInfo {
    /// `None` for an unknown id.
    pub fn of(t: &Trace, id: u32) -> Option<SliceInfo> {
        let i = SliceId(id).index();
        let s = &t.slices;
        (i < s.len()).then(|| SliceInfo {
            id,
            start_ps: s.start[i],
            dur_ps: s.dur[i],
            track: s.track[i].0,
            lane: s.lane[i],
            name_id: s.name[i].0,
        })
    }
}

/// Everything the details panel shows about a slice (`start_ps`, `dur_ps`, `lane`, `flows`)
/// or an instant (`time_ps`).
#[derive(Debug, Serialize)]
pub struct EventDetails {
    pub id: u32,
    pub name: String,
    pub category: String,
    pub track: u32,
    pub track_name: String,
    pub process_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_ps: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dur_ps: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lane: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_ps: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flows: Option<FlowLinks>,
    /// Arg name → typed value (integers past 2^53 stay exact in the JSON text).
    pub args: Map<String, Value>,
}

impl EventDetails {
    /// A slice's details; `None` for an unknown id.
    pub fn of_slice(t: &Trace, id: u32) -> Option<EventDetails> {
        let i = SliceId(id).index();
        let s = &t.slices;
        (i < s.len()).then(|| EventDetails {
            start_ps: Some(s.start[i]),
            dur_ps: Some(s.dur[i]),
            lane: Some(s.lane[i]),
            flows: Some(flow_links(t, SliceId(id))),
            ..EventDetails::new(
                t,
                id,
                s.track[i],
                s.name[i],
                s.category[i].index(),
                s.args[i],
            )
        })
    }

    /// An instant's details; `None` for an unknown index.
    pub fn of_instant(t: &Trace, index: u32) -> Option<EventDetails> {
        let i = index as usize;
        let n = &t.instants;
        (i < n.len()).then(|| EventDetails {
            time_ps: Some(n.time[i]),
            ..EventDetails::new(
                t,
                index,
                n.track[i],
                n.name[i],
                n.category[i].index(),
                n.args[i],
            )
        })
    }

    fn new(
        t: &Trace,
        id: u32,
        track: TrackId,
        name: StrId,
        category: usize,
        args: ArgSetId,
    ) -> EventDetails {
        let process = t.tracks.process[track.index()];
        EventDetails {
            id,
            name: t.str(name).to_owned(),
            category: t.str(t.categories.name[category]).to_owned(),
            track: track.0,
            track_name: t.str(t.tracks.name[track.index()]).to_owned(),
            process_name: t.processes.display_name(&t.strings, process),
            start_ps: None,
            dur_ps: None,
            lane: None,
            time_ps: None,
            flows: None,
            args: args_json(t, args),
        }
    }
}

/// An arg set as a JSON object.
pub fn args_json(t: &Trace, args: ArgSetId) -> Map<String, Value> {
    t.args
        .get(args)
        .map(|(k, v)| (t.str(k).to_owned(), arg_value_to_json(v, &t.strings)))
        .collect()
}

/// One flow of a slice as the details panel lists it (`other` is the slice at the other end).
#[derive(Debug, Serialize)]
pub struct FlowListEntry {
    pub flow: u32,
    /// `out` or `in`.
    pub direction: &'static str,
    pub other: u32,
    pub other_name: String,
    pub other_track: String,
    pub other_start_ps: i64,
    pub category: String,
}

impl FlowListEntry {
    /// The flows of a slice, outgoing first (empty for an unknown slice).
    pub fn of_slice(t: &Trace, slice: u32) -> Vec<FlowListEntry> {
        let FlowLinks { incoming, outgoing } = flow_links(t, SliceId(slice));
        let ends = [("out", outgoing), ("in", incoming)];
        ends.into_iter()
            .flat_map(|(direction, links)| {
                links.into_iter().map(move |l| FlowListEntry {
                    flow: l.flow,
                    direction,
                    other: l.slice,
                    other_name: l.name,
                    other_track: l.track_name,
                    other_start_ps: l.start_ps,
                    category: l.category,
                })
            })
            .collect()
    }
}

/// A counter track.
#[derive(Debug, Serialize)]
pub struct CounterTrackInfo {
    pub id: u32,
    pub name: String,
    pub group: String,
    pub unit: Option<String>,
    pub counter_id: Option<u64>,
    pub sets: Option<String>,
    pub samples: usize,
}

impl CounterTrackInfo {
    /// Every counter track of the profile.
    pub fn list(t: &Trace) -> Vec<CounterTrackInfo> {
        counters::counter_tracks(t)
            .into_iter()
            .map(|track| {
                let (name, group) = counters::track_names(t, track);
                let meta = t.counter_meta.get(track);
                CounterTrackInfo {
                    id: track.0,
                    name,
                    group,
                    unit: counters::unit_of(t, track),
                    counter_id: meta.and_then(|m| m.counter_id),
                    sets: meta.and_then(|m| m.sets.clone()),
                    samples: t.index.counters_of(track).len(),
                }
            })
            .collect()
    }
}

/// Statistics over a range: per counter, and busy time per slice track.
#[derive(Debug, Serialize)]
pub struct RangeStats {
    pub t0_ps: i64,
    pub t1_ps: i64,
    pub counters: Vec<stats::CounterRangeStats>,
    pub tracks: Vec<stats::TrackBusy>,
}

impl RangeStats {
    /// Over `[t0, t1]` ps (either order).
    pub fn of(t: &Trace, t0: f64, t1: f64) -> RangeStats {
        let (a, b) = (t0 as i64, t1 as i64);
        RangeStats {
            t0_ps: a.min(b),
            t1_ps: a.max(b),
            counters: stats::counter_range_stats(t, a, b),
            tracks: stats::busy_time(t, a, b),
        }
    }
}

/// A kernel custom call found in StableHLO text.
#[derive(Debug, Serialize)]
pub struct MlirKernel {
    /// `custom_call#N`.
    pub name: String,
    pub target: String,
    /// `mosaic_tpu`, `triton` or `mosaic_gpu`.
    pub kind: &'static str,
}

impl MlirKernel {
    /// The kernel custom calls of loaded MLIR text (empty for other files).
    pub fn list(imported: &Imported) -> Vec<MlirKernel> {
        kernel_calls(imported)
            .into_iter()
            .filter_map(|c| {
                let kind = c.kernel.as_ref()?.kind;
                Some(MlirKernel {
                    name: c.name,
                    target: c.target,
                    kind,
                })
            })
            .collect()
    }

    /// The text of kernel `index` of [`MlirKernel::list`]: bytecode printed in generic form
    /// (with locations when `locs`), a text payload as written.
    pub fn text(imported: &Imported, index: u32, locs: bool) -> Result<String, ApiError> {
        let calls = kernel_calls(imported);
        let kernel = calls
            .get(index as usize)
            .and_then(|c| c.kernel.as_ref())
            .ok_or_else(|| ApiError::Mlir(format!("no kernel {index}")))?;
        kernel
            .text(&crate::mlir::PrintOptions { locs })
            .map_err(|e| ApiError::Mlir(e.to_string()))
    }
}

/// Custom calls with a kernel in loaded MLIR text.
fn kernel_calls(imported: &Imported) -> Vec<crate::mlir::CustomCall> {
    match &imported.mlir {
        Some(crate::mlir::Source::Text(text)) => crate::mlir::custom_calls_in_stablehlo(text)
            .into_iter()
            .filter(|c| c.kernel.is_some())
            .collect(),
        _ => Vec::new(),
    }
}

/// An analysis table's rows (XProf's column ids and `_longest`), borrowed from the cache.
#[derive(Debug, Serialize)]
pub struct AnalysisTable<'a> {
    pub rows: &'a [Value],
}

/// A chart: its data and its SVG, drawn in the engine (text sized by estimate).
#[derive(Debug, Serialize)]
pub struct ChartDoc {
    pub chart: Chart,
    pub svg: String,
    pub width: u32,
    pub height: u32,
}

impl ChartDoc {
    /// Draws `chart` at `width` × `height` px (default 720 wide, height 45 % of the width).
    pub fn draw(
        chart: Chart,
        width: Option<u32>,
        height: Option<u32>,
    ) -> Result<ChartDoc, ApiError> {
        let width = width.unwrap_or(720).clamp(200, 4000);
        let height = height
            .unwrap_or((width * 45).div_ceil(100))
            .clamp(150, 4000);
        let svg = crate::charts::render_svg(&chart, width, height)
            .map_err(|e| ApiError::Chart(e.to_string()))?;
        Ok(ChartDoc {
            chart,
            svg,
            width,
            height,
        })
    }
}
