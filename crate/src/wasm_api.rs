//! The Wasm shell: the only file that uses wasm-bindgen. It owns one imported profile per
//! `Session` and hands the page small JSON documents and typed arrays; big data stays here.
//!
//! Errors cross as a thrown plain object `{kind, message}` with a stable `kind`.
//! Times are picoseconds relative to the trace origin, as `f64` (exact below 2^53 ps, about
//! 2.5 hours of trace).

use crate::analysis::lod::{self, Viewport};
use crate::analysis::search::search_slices;
use crate::error::ImportError;
use crate::import::{ImportOptions, Imported, import_bytes_with};
use crate::limits::MAX_UNPACKED_BYTES;
use crate::model::{SliceId, Trace, TrackId, TrackKind, arg_value_to_json, display_order};
use crate::summary::Summary;
use serde_json::{Map, Value, json};
use wasm_bindgen::prelude::*;

/// One profile being loaded or explored.
#[wasm_bindgen]
#[derive(Debug, Default)]
pub struct Session {
    pending: Vec<u8>,
    imported: Option<Imported>,
}

#[wasm_bindgen]
impl Session {
    /// An empty session. Installs the panic hook so a bug shows a readable message.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Session {
        console_error_panic_hook::set_once();
        Session::default()
    }

    /// Reserves room for `bytes` of input (the file's size, when known), so the input is
    /// held in one exact allocation instead of a buffer that doubles as it grows (Wasm
    /// memory never shrinks). Throws `{kind: "limit_exceeded"}` past the input limit.
    pub fn reserve(&mut self, bytes: f64) -> Result<(), JsValue> {
        let wanted = bytes.max(0.0) as u64;
        self.check_input_limit(wanted)?;
        let additional = (wanted as usize).saturating_sub(self.pending.len());
        self.pending
            .try_reserve_exact(additional)
            .map_err(|_| out_of_memory(wanted))
    }

    /// Appends a chunk of the file. Throws `{kind: "limit_exceeded"}` when the input grows
    /// past the limit, rather than failing inside the allocator.
    pub fn push(&mut self, chunk: &[u8]) -> Result<(), JsValue> {
        let total = self.pending.len() as u64 + chunk.len() as u64;
        self.check_input_limit(total)?;
        self.pending
            .try_reserve(chunk.len())
            .map_err(|_| out_of_memory(total))?;
        self.pending.extend_from_slice(chunk);
        Ok(())
    }

    /// Imports everything pushed so far and returns the overview JSON (summary, time range,
    /// track groups in display order, metadata). `reduced_detail` drops args and stats (the
    /// retry after the engine ran out of memory). Throws `{kind, message}` on failure.
    pub fn finish(&mut self, reduced_detail: bool) -> Result<String, JsValue> {
        let bytes = std::mem::take(&mut self.pending);
        self.imported = None;
        let options = ImportOptions {
            drop_args: reduced_detail,
            ..ImportOptions::default()
        };
        let imported =
            import_bytes_with(&bytes, &options).map_err(|e| js_error(e.kind(), &e.to_string()))?;
        drop(bytes);
        let overview = overview_json(&imported);
        self.imported = Some(imported);
        Ok(overview.to_string())
    }

    /// Render list of slices: see [`lod::render_slices`] (stride 7).
    pub fn render_slices(
        &self,
        track_ids: &[u32],
        t0_ps: f64,
        t1_ps: f64,
        width_px: f64,
    ) -> Vec<f64> {
        self.render(lod::render_slices, track_ids, (t0_ps, t1_ps, width_px))
    }

    /// Render list of instants: see [`lod::render_instants`] (stride 4).
    pub fn render_instants(
        &self,
        track_ids: &[u32],
        t0_ps: f64,
        t1_ps: f64,
        width_px: f64,
    ) -> Vec<f64> {
        self.render(lod::render_instants, track_ids, (t0_ps, t1_ps, width_px))
    }

    /// An interned string ("" for an unknown id).
    pub fn string(&self, id: u32) -> String {
        match self.trace() {
            Some(t) if (id as usize) < t.strings.len() => t.str(crate::model::StrId(id)).to_owned(),
            _ => String::new(),
        }
    }

    /// `[start_ps, dur_ps, track_id, lane, name_id]` of a slice (empty for an unknown id).
    pub fn slice_info(&self, slice_id: u32) -> Vec<f64> {
        let Some((t, i)) = self.slice(slice_id) else {
            return Vec::new();
        };
        let s = &t.slices;
        vec![
            s.start[i] as f64,
            s.dur[i] as f64,
            s.track[i].0 as f64,
            f64::from(s.lane[i]),
            f64::from(s.name[i].0),
        ]
    }

    /// Everything the details panel shows about a slice, as JSON (`null` for an unknown id).
    pub fn slice_details(&self, slice_id: u32) -> String {
        let Some((t, i)) = self.slice(slice_id) else {
            return "null".into();
        };
        let s = &t.slices;
        let mut v = event_json(t, s.track[i], s.name[i], s.category[i].index(), s.args[i]);
        v["id"] = json!(slice_id);
        v["start_ps"] = json!(s.start[i]);
        v["dur_ps"] = json!(s.dur[i]);
        v["lane"] = json!(s.lane[i]);
        v.to_string()
    }

    /// Everything the details panel shows about an instant, as JSON (`null` if unknown).
    pub fn instant_details(&self, index: u32) -> String {
        let Some(t) = self.trace() else {
            return "null".into();
        };
        let i = index as usize;
        if i >= t.instants.len() {
            return "null".into();
        }
        let n = &t.instants;
        let mut v = event_json(t, n.track[i], n.name[i], n.category[i].index(), n.args[i]);
        v["id"] = json!(index);
        v["time_ps"] = json!(n.time[i]);
        v.to_string()
    }

    /// Slice ids whose name contains `query` (case-insensitive), in time order.
    pub fn search(&self, query: &str, limit: u32) -> Vec<u32> {
        self.trace()
            .map(|t| {
                search_slices(t, query, limit as usize)
                    .into_iter()
                    .map(|s| s.0)
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// A level-of-detail renderer of `lod`.
type Renderer = fn(&Trace, &[TrackId], Viewport, &mut Vec<f64>);

impl Session {
    fn check_input_limit(&self, bytes: u64) -> Result<(), JsValue> {
        if bytes > MAX_UNPACKED_BYTES {
            let e = ImportError::LimitExceeded {
                what: "the file",
                limit: format!("{MAX_UNPACKED_BYTES} bytes in the browser"),
            };
            return Err(js_error(e.kind(), &e.to_string()));
        }
        Ok(())
    }

    /// Runs `renderer` over `track_ids` for the range `(t0, t1, width)`; empty without a
    /// profile or for an empty range.
    fn render(
        &self,
        renderer: Renderer,
        track_ids: &[u32],
        (t0, t1, width): (f64, f64, f64),
    ) -> Vec<f64> {
        let mut out = Vec::new();
        if let (Some(trace), Some(view)) = (self.trace(), viewport(t0, t1, width)) {
            renderer(trace, &track_list(track_ids), view, &mut out);
        }
        out
    }

    fn trace(&self) -> Option<&Trace> {
        self.imported.as_ref().map(|i| &i.trace)
    }

    fn slice(&self, slice_id: u32) -> Option<(&Trace, usize)> {
        let t = self.trace()?;
        let i = SliceId(slice_id).index();
        (i < t.slices.len()).then_some((t, i))
    }
}

fn viewport(t0: f64, t1: f64, width: f64) -> Option<Viewport> {
    if !(t0.is_finite() && t1.is_finite()) {
        return None;
    }
    Viewport::new(t0.floor() as i64, t1.ceil() as i64, width)
}

fn track_list(ids: &[u32]) -> Vec<TrackId> {
    ids.iter().map(|&i| TrackId(i)).collect()
}

fn out_of_memory(bytes: u64) -> JsValue {
    js_error(
        "limit_exceeded",
        &format!("the browser could not reserve {bytes} bytes for the file"),
    )
}

/// The error object the page receives.
#[derive(serde::Serialize)]
struct JsError<'a> {
    kind: &'a str,
    message: &'a str,
}

fn js_error(kind: &str, message: &str) -> JsValue {
    // Serializing two strings cannot fail; fall back to the bare message if it ever does.
    serde_wasm_bindgen::to_value(&JsError { kind, message }).unwrap_or_else(|_| message.into())
}

fn overview_json(imported: &Imported) -> Value {
    let t = &imported.trace;
    let (start, end) = t.time_bounds().unwrap_or((0, 0));
    let groups: Vec<Value> = display_order(t)
        .into_iter()
        .map(|g| {
            let tracks: Vec<Value> = g
                .tracks
                .iter()
                .map(|&id| {
                    let kind = match t.tracks.kind[id.index()] {
                        TrackKind::Slices => "slices",
                        TrackKind::Counter => "counter",
                    };
                    json!({
                        "id": id.0,
                        "name": t.str(t.tracks.name[id.index()]),
                        "kind": kind,
                        "lanes": t.index.lanes_of(id).len().max(1),
                    })
                })
                .collect();
            json!({"process": g.process.0, "name": t.processes.display_name(&t.strings, g.process), "tracks": tracks})
        })
        .collect();
    let metadata: Vec<Value> = t
        .metadata
        .entries
        .iter()
        .map(|(k, v)| json!([k, v]))
        .collect();
    json!({
        "summary": Summary::of(imported),
        "start_ps": start,
        "end_ps": end,
        "groups": groups,
        "metadata": metadata,
    })
}

fn event_json(
    t: &Trace,
    track: TrackId,
    name: crate::model::StrId,
    category: usize,
    args: crate::model::ArgSetId,
) -> Value {
    let mut arg_map = Map::new();
    for (k, v) in t.args.get(args) {
        arg_map.insert(t.str(k).to_owned(), arg_value_to_json(v, &t.strings));
    }
    let process = t.tracks.process[track.index()];
    json!({
        "name": t.str(name),
        "category": t.str(t.categories.name[category]),
        "track": track.0,
        "track_name": t.str(t.tracks.name[track.index()]),
        "process_name": t.processes.display_name(&t.strings, process),
        "args": arg_map,
    })
}

// ---- Analyses (issue 5: kernel stats, framework ops, HLO stats, op profile, overview,
// roofline, charts). Each call recomputes from the model; results are JSON strings.

#[wasm_bindgen]
impl Session {
    /// A table (`kernels`, `hlo-stats`, `framework-ops`) as `{"rows": [...]}`; each row
    /// has XProf's column ids and `_longest`, the id of its longest slice.
    pub fn analysis_table(&self, tool: &str, xprof_compat: bool) -> Result<String, JsValue> {
        let t = self.analysis_source()?;
        let table = crate::analysis::tables::table(t, table_tool(tool)?, compat(xprof_compat));
        Ok(json!({ "rows": table.rows }).to_string())
    }

    /// The slice ids of row `row` of a table (to highlight them on the timeline).
    pub fn analysis_row_slices(
        &self,
        tool: &str,
        row: u32,
        xprof_compat: bool,
    ) -> Result<Vec<u32>, JsValue> {
        let t = self.analysis_source()?;
        let table = crate::analysis::tables::table(t, table_tool(tool)?, compat(xprof_compat));
        Ok(table
            .slices
            .get(row as usize)
            .map(|s| s.iter().map(|id| id.0).collect())
            .unwrap_or_default())
    }

    /// The row of a table that holds `slice_id`, or -1.
    pub fn analysis_row_of_slice(
        &self,
        tool: &str,
        slice_id: u32,
        xprof_compat: bool,
    ) -> Result<i32, JsValue> {
        let t = self.analysis_source()?;
        let table = crate::analysis::tables::table(t, table_tool(tool)?, compat(xprof_compat));
        Ok(table.row_of(SliceId(slice_id)).map_or(-1, |r| r as i32))
    }

    /// The overview document (CLI.md `overview`).
    pub fn analysis_overview(&self, xprof_compat: bool) -> Result<String, JsValue> {
        let t = self.analysis_source()?;
        to_json(&crate::analysis::overview::overview(
            t,
            compat(xprof_compat),
        ))
    }

    /// The op profile tree grouped by `program` or `category`.
    pub fn analysis_op_profile(&self, group_by: &str) -> Result<String, JsValue> {
        use crate::analysis::op_profile::{GroupBy, op_profile};
        let t = self.analysis_source()?;
        let g = match group_by {
            "category" => GroupBy::Category,
            _ => GroupBy::Program,
        };
        to_json(&op_profile(t, g))
    }

    /// The roofline; peaks > 0 replace the profile's (GFLOP/s, GB/s).
    pub fn analysis_roofline(
        &self,
        peak_gflops: f64,
        peak_hbm_gbps: f64,
    ) -> Result<String, JsValue> {
        let t = self.analysis_source()?;
        to_json(&crate::analysis::roofline::roofline(
            t,
            user_peaks(peak_gflops, peak_hbm_gbps),
        ))
    }

    /// Chart data (JSON for [`chart_svg`]): `kernel_histogram` (of kernel row `arg`),
    /// `steps`, `roofline` (peaks as in [`Session::analysis_roofline`]), `categories`.
    pub fn analysis_chart(
        &self,
        kind: &str,
        arg: u32,
        peak_gflops: f64,
        peak_hbm_gbps: f64,
    ) -> Result<String, JsValue> {
        use crate::analysis::{compat::Compat, op_profile, overview, roofline};
        use crate::charts::data;
        let t = self.analysis_source()?;
        let chart = match kind {
            "kernel_histogram" => {
                let rows = crate::analysis::kernel_stats::kernel_stats(t, Compat::Planeview);
                let row = rows
                    .get(arg as usize)
                    .ok_or_else(|| js_error("bad_request", &format!("no kernel row {arg}")))?;
                data::kernel_histogram(t, row)
            }
            "steps" => data::step_bars(&overview::overview(t, Compat::Planeview)),
            "roofline" => data::roofline_plot(&roofline::roofline(
                t,
                user_peaks(peak_gflops, peak_hbm_gbps),
            )),
            "categories" => {
                data::category_bars(&op_profile::op_profile(t, op_profile::GroupBy::Category))
            }
            other => return Err(js_error("bad_request", &format!("unknown chart {other:?}"))),
        };
        to_json(&chart)
    }
}

impl Session {
    fn analysis_source(&self) -> Result<&Trace, JsValue> {
        self.trace()
            .ok_or_else(|| js_error("no_profile", "no profile is loaded"))
    }
}

/// Draws chart data (from `Session.analysis_chart`) as SVG. Call it on the page's main
/// thread: plotters measures text through `document`.
#[wasm_bindgen]
pub fn chart_svg(chart_json: &str, width: u32, height: u32) -> Result<String, JsValue> {
    crate::charts::render_svg_json(chart_json, width, height)
        .map_err(|e| js_error("bad_request", &e.to_string()))
}

fn table_tool(name: &str) -> Result<crate::analysis::tables::Tool, JsValue> {
    crate::analysis::tables::Tool::from_name(name)
        .ok_or_else(|| js_error("bad_request", &format!("unknown table {name:?}")))
}

fn compat(on: bool) -> crate::analysis::compat::Compat {
    if on {
        crate::analysis::compat::Compat::Xprof
    } else {
        crate::analysis::compat::Compat::Planeview
    }
}

fn user_peaks(gflops: f64, hbm_gbps: f64) -> Option<crate::analysis::peaks::Peaks> {
    let ok = |v: f64| if v.is_finite() && v > 0.0 { v } else { 0.0 };
    Some(crate::analysis::peaks::Peaks {
        flop_rate_gflops: ok(gflops),
        hbm_gbps: ok(hbm_gbps),
        ..Default::default()
    })
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<String, JsValue> {
    serde_json::to_string(value).map_err(|e| js_error("internal", &e.to_string()))
}
