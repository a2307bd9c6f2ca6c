//! The Wasm shell: the only file that uses wasm-bindgen. It owns one imported profile per
//! `Session` and hands the page small JSON documents and typed arrays; big data stays here.
//!
//! Errors cross as a thrown plain object `{kind, message}` with a stable `kind`.
//! Times are picoseconds relative to the trace origin, as `f64` (exact below 2^53 ps, about
//! 2.5 hours of trace).

use crate::analysis::counters::lod::CounterLod;
use crate::analysis::lod::{self, Viewport};
use crate::analysis::search::search_slices;
use crate::analysis::{counters, health};
use crate::charts;
use crate::import::{ImportOptions, Imported, Incoming};
use crate::model::{
    FlowLinks, SliceId, Trace, TrackId, arg_value_to_json, display_order, flow_links, flows_in_view,
};
use crate::summary::Summary;
use serde_json::{Map, Value, json};
use wasm_bindgen::prelude::*;

/// One profile being loaded or explored.
#[wasm_bindgen]
#[derive(Debug, Default)]
pub struct Session {
    incoming: Incoming,
    imported: Option<Imported>,
    /// Min/max index of the counter table, built on the first counter render (counters area).
    counter_lod: std::cell::OnceCell<CounterLod>,
    /// HLO modules of the loaded profile, decoded on first use (HLO area).
    hlo: std::cell::OnceCell<crate::hlo::service::HloService>,
    /// Framework op rows, computed once for their table and the overview's top ops.
    framework_rows: std::cell::OnceCell<Vec<crate::analysis::framework_ops::FrameworkOpRow>>,
    /// Slice levels of detail, built by `build_slice_levels` after the first frame (timeline area).
    slice_levels: std::cell::OnceCell<crate::analysis::lod_levels::SliceLevels>,
}

#[wasm_bindgen]
impl Session {
    /// An empty session. Installs the panic hook so a bug shows a readable message.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Session {
        console_error_panic_hook::set_once();
        Session::default()
    }

    /// Reduced detail: import without args and stats (the retry after the engine ran out of
    /// memory). Call before the first chunk.
    pub fn reduce_detail(&mut self) {
        self.incoming = Incoming::new(ImportOptions {
            drop_args: true,
            ..ImportOptions::default()
        });
    }

    /// Announces the file's size (see [`Incoming::expect`]). Throws
    /// `{kind: "limit_exceeded"}` past the input limit.
    pub fn reserve(&mut self, bytes: f64) -> Result<(), JsValue> {
        self.incoming
            .expect(bytes.max(0.0) as u64)
            .map_err(|e| js_error(e.kind(), &e.to_string()))
    }

    /// Announces the decompressed size a gzip file's trailer states (see
    /// [`Incoming::hint_unpacked`]).
    pub fn hint_unpacked(&mut self, bytes: f64) {
        self.incoming.hint_unpacked(bytes.max(0.0) as u64);
    }

    /// Appends a chunk of the file (gzip is decompressed as it arrives). Throws
    /// `{kind: "limit_exceeded"}` when the input grows past a limit, rather than failing
    /// inside the allocator.
    pub fn push(&mut self, chunk: &[u8]) -> Result<(), JsValue> {
        self.incoming
            .push(chunk)
            .map_err(|e| js_error(e.kind(), &e.to_string()))
    }

    /// Events read so far, for the progress line (Chrome JSON is parsed as it arrives; other
    /// formats are read at `finish` and report 0 until then).
    pub fn events_read(&self) -> f64 {
        self.incoming.events_read() as f64
    }

    /// Imports everything pushed so far and returns the overview JSON (summary, time range,
    /// track groups in display order, metadata). Throws `{kind, message}` on failure.
    pub fn finish(&mut self) -> Result<String, JsValue> {
        let incoming = std::mem::take(&mut self.incoming);
        self.imported = None;
        self.counter_lod = std::cell::OnceCell::new();
        self.slice_levels = std::cell::OnceCell::new();
        self.hlo = std::cell::OnceCell::new();
        let imported = incoming
            .finish()
            .map_err(|e| js_error(e.kind(), &e.to_string()))?;
        let overview = overview_json(&imported);
        self.imported = Some(imported);
        Ok(overview.to_string())
    }

    /// Render list of slices: see [`lod::render_slices`] (stride 7), drawn from the slice
    /// levels of detail ([`crate::analysis::lod_levels`]) once [`Session::build_slice_levels`]
    /// has built them, by the direct scan (same boxes, slower zoomed out) before.
    pub fn render_slices(
        &self,
        track_ids: &[u32],
        t0_ps: f64,
        t1_ps: f64,
        width_px: f64,
    ) -> Vec<f64> {
        let mut out = Vec::new();
        if let (Some(trace), Some(view)) = (self.trace(), viewport(t0_ps, t1_ps, width_px)) {
            let tracks = track_list(track_ids);
            match self.slice_levels.get() {
                Some(levels) => levels.render(trace, &tracks, view, &mut out),
                None => lod::render_slices(trace, &tracks, view, &mut out),
            }
        }
        out
    }

    /// Builds the slice levels of detail of the loaded profile if not built yet (O(slices);
    /// the worker calls it after the first frame, so that frame does not wait for it).
    pub fn build_slice_levels(&self) {
        if let Some(trace) = self.trace() {
            self.slice_levels
                .get_or_init(|| crate::analysis::lod_levels::SliceLevels::build(trace));
        }
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
        v["flows"] = json!(flow_links(t, SliceId(slice_id)));
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
                    let kind = t.tracks.kind[id.index()].as_str();
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

// Area: mlir (the MLIR view).
#[wasm_bindgen]
impl Session {
    /// The MLIR text of the loaded file: bytecode printed in MLIR's generic op form (with
    /// locations when `locs`, as MLIR prints them with debug info on), MLIR text as
    /// written; `undefined` when the loaded file is not MLIR.
    pub fn mlir_text(&self, locs: bool) -> Option<String> {
        let source = self.imported.as_ref()?.mlir.as_ref()?;
        Some(source.text(&crate::mlir::PrintOptions { locs }))
    }

    /// The kernel custom calls of loaded MLIR text (StableHLO), as JSON
    /// `[{"name": "custom_call#N", "target", "kind"}]` (empty for other files).
    pub fn mlir_kernels(&self) -> String {
        let calls = self.mlir_kernel_calls();
        let list: Vec<Value> = calls
            .iter()
            .map(|c| {
                json!({
                    "name": c.name,
                    "target": c.target,
                    "kind": c.kernel.as_ref().map(|k| k.kind),
                })
            })
            .collect();
        Value::Array(list).to_string()
    }

    /// The text of kernel `index` of [`Session::mlir_kernels`]: bytecode printed like
    /// [`Session::mlir_text`], a text payload as written. Throws `{kind: "mlir"}` when the
    /// kernel is missing or its bytecode cannot be decoded.
    pub fn mlir_kernel_text(&self, index: u32, locs: bool) -> Result<String, JsValue> {
        let calls = self.mlir_kernel_calls();
        let kernel = calls
            .get(index as usize)
            .and_then(|c| c.kernel.as_ref())
            .ok_or_else(|| js_error("mlir", &format!("no kernel {index}")))?;
        kernel
            .text(&crate::mlir::PrintOptions { locs })
            .map_err(|e| js_error("mlir", &e.to_string()))
    }
}

impl Session {
    /// Custom calls with a kernel in the loaded MLIR text.
    fn mlir_kernel_calls(&self) -> Vec<crate::mlir::CustomCall> {
        match self.imported.as_ref().and_then(|i| i.mlir.as_ref()) {
            Some(crate::mlir::Source::Text(text)) => crate::mlir::custom_calls_in_stablehlo(text)
                .into_iter()
                .filter(|c| c.kernel.is_some())
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// Aggregates (importer-semantics area): `aggregates()` returns JSON
/// `[{track, track_name, name, occurrences, dur_ps, args}]`, the XSpace events with
/// `num_occurrences`, which have no place on the timeline. Flows: `slice_details(id)` carries
/// `"flows": {"incoming": [link...], "outgoing": [link...]}` (a link is `{flow, slice, name,
/// category, track, track_name, start_ps}`, `slice` being the other end); `slice_flows` and
/// `render_flows` (counters area, below) list and draw them.
#[wasm_bindgen]
impl Session {
    /// Aggregated events as JSON (see the block comment).
    pub fn aggregates(&self) -> String {
        let Some(t) = self.trace() else {
            return "[]".into();
        };
        let a = &t.aggregates;
        let rows: Vec<Value> = (0..a.len())
            .map(|k| {
                let mut args = Map::new();
                for (key, v) in t.args.get(a.args[k]) {
                    args.insert(t.str(key).to_owned(), arg_value_to_json(v, &t.strings));
                }
                json!({
                    "track": a.track[k].0,
                    "track_name": t.str(t.tracks.name[a.track[k].index()]),
                    "name": t.str(a.name[k]),
                    "occurrences": a.occurrences[k],
                    "dur_ps": a.dur[k],
                    "args": args,
                })
            })
            .collect();
        Value::Array(rows).to_string()
    }
}

// ---- Counters, flows and trace health (counters area) ---------------------------------------

#[wasm_bindgen]
impl Session {
    /// Render list of counter tracks, as f32: a header per track, then four numbers per pixel
    /// column (see [`counters::lod::render_counters`]).
    pub fn render_counters(
        &self,
        track_ids: &[u32],
        t0_ps: f64,
        t1_ps: f64,
        width_px: f64,
    ) -> Vec<f32> {
        let mut out = Vec::new();
        if let (Some(trace), Some(view)) = (self.trace(), viewport(t0_ps, t1_ps, width_px)) {
            let lod = self.counter_lod.get_or_init(|| CounterLod::build(trace));
            counters::lod::render_counters(trace, lod, &track_list(track_ids), view, &mut out);
        }
        out
    }

    /// One pixel column of counter `track` in the view `render_counters` was asked for (the
    /// held sample for a negative `column`), exactly: `[samples, min, max, last, time of the
    /// first sample in ps, its counter-table index]` (`samples` 0 for the held sample); empty
    /// when the column holds no sample. See [`counters::lod::column_at`].
    pub fn counter_column(
        &self,
        track: u32,
        t0_ps: f64,
        t1_ps: f64,
        width_px: f64,
        column: f64,
    ) -> Vec<f64> {
        let (Some(trace), Some(view)) = (self.trace(), viewport(t0_ps, t1_ps, width_px)) else {
            return Vec::new();
        };
        if !column.is_finite() || trace.tracks.len() <= TrackId(track).index() {
            return Vec::new();
        }
        let lod = self.counter_lod.get_or_init(|| CounterLod::build(trace));
        counters::lod::column_at(trace, lod, TrackId(track), view, column.floor() as i64)
            .map_or_else(Vec::new, |c| {
                let samples = if c.held { 0 } else { c.end - c.first };
                let time = trace.counters.time[c.first];
                vec![
                    samples as f64,
                    c.min,
                    c.max,
                    c.last,
                    time as f64,
                    c.first as f64,
                ]
            })
    }

    /// Counter-table index of the sample of `track` nearest `t_ps` within `tolerance_ps`,
    /// else the one whose value holds at `t_ps`; -1 when there is none.
    pub fn counter_sample_near(&self, track: u32, t_ps: f64, tolerance_ps: f64) -> f64 {
        let Some(trace) = self.trace() else {
            return -1.0;
        };
        counters::sample::sample_near(trace, TrackId(track), t_ps as i64, tolerance_ps as i64)
            .map_or(-1.0, |k| k as f64)
    }

    /// Details of a counter sample (value, delta and rate since the previous one, time), as
    /// JSON; `null` for an unknown index.
    pub fn counter_sample_details(&self, index: u32) -> String {
        self.trace()
            .and_then(|t| counters::sample::sample_details(t, index as usize))
            .map_or_else(|| "null".into(), |d| json!(d).to_string())
    }

    /// Counter tracks (id, name, group, unit, counter id, sets, samples) as a JSON array.
    pub fn counter_tracks(&self) -> String {
        let Some(t) = self.trace() else {
            return "[]".into();
        };
        let rows: Vec<Value> = counters::counter_tracks(t)
            .into_iter()
            .map(|track| {
                let (name, group) = counters::track_names(t, track);
                let meta = t.counter_meta.get(track).cloned().unwrap_or_default();
                json!({
                    "id": track.0,
                    "name": name,
                    "group": group,
                    "unit": counters::unit_of(t, track),
                    "counter_id": meta.counter_id,
                    "sets": meta.sets,
                    "samples": t.index.counters_of(track).len(),
                })
            })
            .collect();
        Value::Array(rows).to_string()
    }

    /// Range statistics over `[t0_ps, t1_ps]`: `{"counters": [...], "tracks": [...]}` (per
    /// counter, and busy time per slice track).
    pub fn counter_range_stats(&self, t0_ps: f64, t1_ps: f64) -> String {
        let Some(t) = self.trace() else {
            return "null".into();
        };
        let (a, b) = (t0_ps as i64, t1_ps as i64);
        json!({
            "t0_ps": a.min(b),
            "t1_ps": a.max(b),
            "counters": counters::stats::counter_range_stats(t, a, b),
            "tracks": counters::stats::busy_time(t, a, b),
        })
        .to_string()
    }

    /// The perf-counters table at `t_ps`, as a JSON array.
    pub fn perf_counters(&self, t_ps: f64) -> String {
        self.trace().map_or_else(
            || "[]".into(),
            |t| json!(counters::perf_table::perf_counters_at(t, t_ps as i64)).to_string(),
        )
    }

    /// Kernel-scoped telemetry of a slice, as JSON (`null` for an unknown slice).
    pub fn kernel_telemetry(&self, slice_id: u32) -> String {
        self.trace()
            .and_then(|t| counters::kernel::kernel_telemetry(t, SliceId(slice_id)))
            .map_or_else(|| "null".into(), |k| json!(k).to_string())
    }

    /// `[start_ps, end_ps, ...]` of the slices named like `slice_id` in the range (chart
    /// markers), at most `limit`.
    pub fn kernel_windows(&self, slice_id: u32, t0_ps: f64, t1_ps: f64, limit: u32) -> Vec<f64> {
        self.trace()
            .map(|t| {
                counters::kernel::occurrence_windows(
                    t,
                    SliceId(slice_id),
                    t0_ps as i64,
                    t1_ps as i64,
                    limit as usize,
                )
                .into_iter()
                .flat_map(|w| w.map(|x| x as f64))
                .collect()
            })
            .unwrap_or_default()
    }

    /// `[time_ps, value, ...]` of a counter over the range for a chart (see
    /// [`counters::chart_points`]).
    pub fn counter_chart_points(
        &self,
        track: u32,
        t0_ps: f64,
        t1_ps: f64,
        max_points: u32,
    ) -> Vec<f64> {
        self.trace()
            .map(|t| {
                counters::chart_points(
                    t,
                    TrackId(track),
                    t0_ps as i64,
                    t1_ps as i64,
                    max_points as usize,
                )
                .into_iter()
                .flatten()
                .collect()
            })
            .unwrap_or_default()
    }

    /// Every diagnostic with severity, count and examples linked to slices, as JSON.
    pub fn health(&self) -> String {
        self.trace().map_or_else(
            || "[]".into(),
            |t| json!(health::health_entries(t)).to_string(),
        )
    }

    /// The flows of a slice, both directions, as a JSON array of
    /// `{flow, direction: "out"|"in", other, other_name, other_track, other_start_ps,
    /// category}` (outgoing first; `other` is the slice at the other end).
    pub fn slice_flows(&self, slice_id: u32) -> String {
        match self.slice(slice_id) {
            Some((t, _)) => flow_list_json(&flow_links(t, SliceId(slice_id))).to_string(),
            None => "[]".into(),
        }
    }

    /// Flow arrows touching `track_ids` in the range: see [`flows_in_view`] (stride 9), at
    /// most `limit`.
    pub fn render_flows(&self, track_ids: &[u32], t0_ps: f64, t1_ps: f64, limit: u32) -> Vec<f64> {
        let mut out = Vec::new();
        if let (Some(t), true) = (self.trace(), t0_ps.is_finite() && t1_ps.is_finite()) {
            let range = (t0_ps.floor() as i64, t1_ps.ceil() as i64);
            flows_in_view(t, &track_list(track_ids), range, limit as usize, &mut out);
        }
        out
    }
}

/// [`FlowLinks`] as the details panel lists them.
fn flow_list_json(links: &FlowLinks) -> Value {
    let ends = [("out", &links.outgoing), ("in", &links.incoming)];
    let list = ends.iter().flat_map(|(direction, links)| {
        links.iter().map(move |l| {
            json!({
                "flow": l.flow,
                "direction": direction,
                "other": l.slice,
                "other_name": l.name,
                "other_track": l.track_name,
                "other_start_ps": l.start_ps,
                "category": l.category,
            })
        })
    });
    Value::Array(list.collect())
}

/// Draws the counter chart described by `spec_json` (see [`charts::counters::ChartSpec`]) as
/// SVG. Needs no DOM (text is sized by estimate), so it runs in the engine's Worker.
#[wasm_bindgen]
pub fn counter_chart_svg(spec_json: &str) -> Result<String, JsValue> {
    let spec: charts::counters::ChartSpec =
        serde_json::from_str(spec_json).map_err(|e| js_error("bad_request", &e.to_string()))?;
    charts::counters::to_svg(&spec).map_err(|e| js_error("chart", &e))
}

// HLO graph viewer (issue 6, HLO area).
#[wasm_bindgen]
impl Session {
    /// Answers one HLO request (JSON in, JSON out; see [`crate::hlo::service`]). Throws
    /// `{kind: "hlo", message}` for a bad request and `{kind: "no_profile"}` before a load.
    pub fn hlo_request(&self, request: &str) -> Result<String, JsValue> {
        let trace = self
            .trace()
            .ok_or_else(|| js_error("no_profile", "no profile is loaded"))?;
        let service = self
            .hlo
            .get_or_init(|| crate::hlo::service::HloService::from_trace(trace));
        let req: Value =
            serde_json::from_str(request).map_err(|e| js_error("hlo", &e.to_string()))?;
        service
            .request(&req)
            .map(|v| v.to_string())
            .map_err(|e| js_error("hlo", &e))
    }
}
// ---- Analyses (issue 5: kernel stats, framework ops, HLO stats, op profile, overview,
// roofline, charts). Each call recomputes from the model; results are JSON strings.

#[wasm_bindgen]
impl Session {
    /// A table (`kernels`, `hlo-stats`, `framework-ops`) as `{"rows": [...]}`; each row
    /// has XProf's column ids and `_longest`, the id of its longest slice.
    pub fn analysis_table(&self, tool: &str, xprof_compat: bool) -> Result<String, JsValue> {
        let table = self.table_of(tool, xprof_compat)?;
        Ok(json!({ "rows": table.rows }).to_string())
    }

    /// The slice ids of row `row` of a table (to highlight them on the timeline).
    pub fn analysis_row_slices(
        &self,
        tool: &str,
        row: u32,
        xprof_compat: bool,
    ) -> Result<Vec<u32>, JsValue> {
        let table = self.table_of(tool, xprof_compat)?;
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
        let table = self.table_of(tool, xprof_compat)?;
        Ok(table.row_of(SliceId(slice_id)).map_or(-1, |r| r as i32))
    }

    /// The overview document (CLI.md `overview`).
    pub fn analysis_overview(&self, xprof_compat: bool) -> Result<String, JsValue> {
        let t = self.analysis_source()?;
        to_json(&crate::analysis::overview::overview_with_ops(
            t,
            compat(xprof_compat),
            self.framework_rows(t),
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
            "steps" => data::step_bars(&overview::overview_with_ops(
                t,
                Compat::Planeview,
                self.framework_rows(t),
            )),
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

    /// Table `tool` of the loaded profile; the framework op table from the shared rows.
    fn table_of(
        &self,
        tool: &str,
        xprof_compat: bool,
    ) -> Result<crate::analysis::tables::Table, JsValue> {
        use crate::analysis::tables::{Tool, framework_table, table};
        let t = self.analysis_source()?;
        Ok(match table_tool(tool)? {
            Tool::FrameworkOps => framework_table(t, self.framework_rows(t)),
            other => table(t, other, compat(xprof_compat)),
        })
    }

    fn framework_rows(&self, t: &Trace) -> &[crate::analysis::framework_ops::FrameworkOpRow] {
        self.framework_rows
            .get_or_init(|| crate::analysis::framework_ops::framework_op_stats(t))
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
