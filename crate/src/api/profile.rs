//! [`Profile`]: one loaded profile, the caches of what was computed from it, and the bulk
//! calls (plain vectors the Wasm adapter hands to JS as typed arrays).

use super::ApiError;
use crate::analysis::compat::Compat;
use crate::analysis::counters::{self, lod::CounterLod};
use crate::analysis::diff::DiffSide;
use crate::analysis::framework_ops::{FrameworkOpRow, framework_op_stats_with};
use crate::analysis::hlo_stats::{HloStatsRow, hlo_stats_of};
use crate::analysis::lod::{self, Viewport};
use crate::analysis::lod_levels::SliceLevels;
use crate::analysis::memory::runtime::RuntimeMemory;
use crate::analysis::op_metrics::{DeviceOpDb, xla_op_db};
use crate::analysis::op_profile::{GroupBy, Node, op_profile_of};
use crate::analysis::peaks::Peaks;
use crate::analysis::roofline::{Roofline, roofline_of};
use crate::analysis::search::search_slices;
use crate::analysis::tables::{Table, Tool, framework_table, hlo_table, table};
use crate::export;
use crate::hlo::service::HloService;
use crate::import::Imported;
use crate::model::{SliceId, StrId, Trace, TrackId, flows_in_view};
use std::cell::OnceCell;

/// One imported profile and what was computed from it, each computed on first use.
#[derive(Debug)]
pub struct Profile {
    imported: Imported,
    /// Min/max index of the counter table, built on the first counter render.
    counter_lod: OnceCell<CounterLod>,
    /// HLO modules of the profile, decoded on first use.
    hlo: OnceCell<HloService>,
    /// Framework op rows, shared by their table and the overview's top ops.
    framework_rows: [OnceCell<Vec<FrameworkOpRow>>; 2],
    /// The XLA op table, shared by the HLO op rows and the op profile.
    xla_ops: [OnceCell<DeviceOpDb>; 2],
    /// HLO op rows, shared by their table, the roofline and comparisons.
    hlo_rows: [OnceCell<Vec<HloStatsRow>>; 2],
    /// Slice levels of detail, built by [`Profile::build_slice_levels`] after the first frame.
    slice_levels: OnceCell<SliceLevels>,
    /// Analysis tables per (tool, compatibility mode): see [`Profile::table`].
    tables: [OnceCell<Table>; 8],
    /// What the profile contributes to a comparison of two runs.
    diff_side: OnceCell<DiffSide>,
    /// Runtime memory per allocator (with its chart maxima and its diagnostics).
    memory: OnceCell<RuntimeMemory>,
}

impl Profile {
    /// A profile with nothing computed yet.
    pub fn new(imported: Imported) -> Profile {
        Profile {
            imported,
            counter_lod: OnceCell::new(),
            hlo: OnceCell::new(),
            framework_rows: Default::default(),
            xla_ops: Default::default(),
            hlo_rows: Default::default(),
            slice_levels: OnceCell::new(),
            tables: Default::default(),
            diff_side: OnceCell::new(),
            memory: OnceCell::new(),
        }
    }

    /// The import result.
    pub fn imported(&self) -> &Imported {
        &self.imported
    }

    /// The model.
    pub fn trace(&self) -> &Trace {
        &self.imported.trace
    }

    /// The framework op rows in mode `compat`, computed once (for their table and the
    /// overview's top ops).
    pub fn framework_rows(&self, compat: Compat) -> &[FrameworkOpRow] {
        self.framework_rows[usize::from(compat == Compat::Xprof)]
            .get_or_init(|| framework_op_stats_with(self.trace(), compat))
    }

    /// The XLA op table in mode `compat`, built once (for the HLO op rows and the op
    /// profile).
    pub fn xla_ops(&self, compat: Compat) -> &DeviceOpDb {
        self.xla_ops[usize::from(compat == Compat::Xprof)]
            .get_or_init(|| xla_op_db(self.trace(), compat))
    }

    /// The HLO op rows in mode `compat`, computed once (for their table, the roofline and
    /// comparisons).
    pub fn hlo_rows(&self, compat: Compat) -> &[HloStatsRow] {
        self.hlo_rows[usize::from(compat == Compat::Xprof)]
            .get_or_init(|| hlo_stats_of(self.trace(), self.xla_ops(compat)))
    }

    /// The op profile tree (outside `--xprof-compat`) from the shared XLA op table.
    pub fn op_profile(&self, group_by: GroupBy) -> Node {
        op_profile_of(self.trace(), self.xla_ops(Compat::Planeview), group_by)
    }

    /// The roofline (outside `--xprof-compat`) from the shared HLO op rows, with `peaks`
    /// replacing the profile's where they are non-zero.
    pub fn roofline(&self, peaks: Option<Peaks>) -> Roofline {
        let compat = Compat::Planeview;
        roofline_of(self.trace(), self.hlo_rows(compat), peaks, compat)
    }

    /// Table `tool` in mode `compat`, computed once (the framework op and HLO op tables from
    /// the shared rows of that mode).
    pub fn table(&self, tool: Tool, compat: Compat) -> &Table {
        let slot = match tool {
            Tool::Kernels => 0,
            Tool::HloStats => 2,
            Tool::FrameworkOps => 4,
            Tool::GpuOps => 6,
        } + usize::from(compat == Compat::Xprof);
        self.tables[slot].get_or_init(|| match tool {
            Tool::FrameworkOps => framework_table(self.trace(), self.framework_rows(compat)),
            Tool::HloStats => hlo_table(self.trace(), self.hlo_rows(compat)),
            other => table(self.trace(), other, compat),
        })
    }

    /// What the profile contributes to a comparison of two runs, computed once (from the
    /// shared framework and HLO op rows).
    pub fn diff_side(&self) -> &DiffSide {
        self.diff_side.get_or_init(|| {
            DiffSide::of(
                self.trace(),
                self.framework_rows(Compat::Planeview),
                self.hlo_rows(Compat::Planeview),
            )
        })
    }

    /// The runtime memory of the profile's allocators, computed once.
    pub fn memory(&self) -> &RuntimeMemory {
        self.memory.get_or_init(|| RuntimeMemory::of(self.trace()))
    }

    /// The HLO service of the profile's modules, built once.
    pub fn hlo(&self) -> &HloService {
        self.hlo
            .get_or_init(|| HloService::from_trace(self.trace()))
    }

    fn counter_lod(&self) -> &CounterLod {
        self.counter_lod
            .get_or_init(|| CounterLod::build(self.trace()))
    }

    /// Builds the slice levels of detail if not built yet (O(slices); the worker calls it
    /// after the first frame, so that frame does not wait for it).
    pub fn build_slice_levels(&self) {
        self.slice_levels
            .get_or_init(|| SliceLevels::build(self.trace()));
    }

    /// Render list of slices: see [`lod::render_slices`] (stride 7), from the slice levels of
    /// detail once built, by the direct scan (same boxes, slower zoomed out) before. Empty for
    /// an empty or non-finite range.
    pub fn render_slices(&self, tracks: &[u32], t0_ps: f64, t1_ps: f64, width: f64) -> Vec<f64> {
        let mut out = Vec::new();
        if let Some(view) = viewport(t0_ps, t1_ps, width) {
            let tracks = track_list(tracks);
            match self.slice_levels.get() {
                Some(levels) => levels.render(self.trace(), &tracks, view, &mut out),
                None => lod::render_slices(self.trace(), &tracks, view, &mut out),
            }
        }
        out
    }

    /// Render list of instants: see [`lod::render_instants`] (stride 4).
    pub fn render_instants(&self, tracks: &[u32], t0_ps: f64, t1_ps: f64, width: f64) -> Vec<f64> {
        let mut out = Vec::new();
        if let Some(view) = viewport(t0_ps, t1_ps, width) {
            lod::render_instants(self.trace(), &track_list(tracks), view, &mut out);
        }
        out
    }

    /// Render list of counter tracks, as f32: a header per track, then four numbers per pixel
    /// column (see [`counters::lod::render_counters`]).
    pub fn render_counters(&self, tracks: &[u32], t0_ps: f64, t1_ps: f64, width: f64) -> Vec<f32> {
        let mut out = Vec::new();
        if let Some(view) = viewport(t0_ps, t1_ps, width) {
            let lod = self.counter_lod();
            counters::lod::render_counters(self.trace(), lod, &track_list(tracks), view, &mut out);
        }
        out
    }

    /// Flow arrows touching `tracks` in the range: see [`flows_in_view`] (stride 9), at most
    /// `limit`.
    pub fn render_flows(&self, tracks: &[u32], t0_ps: f64, t1_ps: f64, limit: u32) -> Vec<f64> {
        let mut out = Vec::new();
        if t0_ps.is_finite() && t1_ps.is_finite() {
            let range = (t0_ps.floor() as i64, t1_ps.ceil() as i64);
            flows_in_view(
                self.trace(),
                &track_list(tracks),
                range,
                limit as usize,
                &mut out,
            );
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
        width: f64,
        column: f64,
    ) -> Vec<f64> {
        let trace = self.trace();
        let Some(view) = viewport(t0_ps, t1_ps, width) else {
            return Vec::new();
        };
        if !column.is_finite() || trace.tracks.len() <= TrackId(track).index() {
            return Vec::new();
        }
        let lod = self.counter_lod();
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

    /// The MLIR text of the loaded file: bytecode printed in MLIR's generic op form (with
    /// locations when `locs`, as MLIR prints them with debug info on), MLIR text as written;
    /// `None` when the file is not MLIR. A bulk call: the text can be megabytes.
    pub fn mlir_text(&self, locs: bool) -> Option<String> {
        let source = self.imported.mlir.as_ref()?;
        Some(source.text(&crate::mlir::PrintOptions { locs }))
    }

    /// An interned string ("" for an unknown id).
    pub fn string(&self, id: u32) -> &str {
        let t = self.trace();
        if (id as usize) < t.strings.len() {
            t.str(StrId(id))
        } else {
            ""
        }
    }

    /// Slice ids whose name contains `query` (case-insensitive), in time order, at most `limit`.
    pub fn search(&self, query: &str, limit: u32) -> Vec<u32> {
        search_slices(self.trace(), query, limit as usize)
            .into_iter()
            .map(|s| s.0)
            .collect()
    }

    /// `[start_ps, end_ps, ...]` of the slices named like `slice` in the range (chart
    /// markers), at most `limit`.
    pub fn kernel_windows(&self, slice: u32, t0_ps: f64, t1_ps: f64, limit: u32) -> Vec<f64> {
        counters::kernel::occurrence_windows(
            self.trace(),
            SliceId(slice),
            t0_ps as i64,
            t1_ps as i64,
            limit as usize,
        )
        .into_iter()
        .flat_map(|w| w.map(|x| x as f64))
        .collect()
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
        counters::chart_points(
            self.trace(),
            TrackId(track),
            t0_ps as i64,
            t1_ps as i64,
            max_points as usize,
        )
        .into_iter()
        .flatten()
        .collect()
    }

    /// The slice ids of row `row` of table `tool` (empty past the last row).
    pub fn analysis_row_slices(
        &self,
        tool: &str,
        row: u32,
        xprof_compat: bool,
    ) -> Result<Vec<u32>, ApiError> {
        let table = self.table(tool_named(tool)?, compat(xprof_compat));
        Ok(table
            .slices
            .get(row as usize)
            .map(|s| s.iter().map(|id| id.0).collect())
            .unwrap_or_default())
    }

    /// Table `name` of `docs/SCHEMA.md` as an Arrow IPC stream (schema, then record batches),
    /// its `profile` column filled with `profile` and `host`/`rank` from the rank identity;
    /// `unknownTable` for a name `exportTables` does not list.
    pub fn table_arrow(&self, name: &str, profile: &str) -> Result<Vec<u8>, ApiError> {
        let labels = export::Labels::of(self, profile, profile);
        let mut out = Vec::new();
        export::ipc::write_ipc_stream(self, name, &labels, &mut out).map_err(|e| match e {
            export::ExportError::UnknownTable(n) => ApiError::UnknownTable(n),
            other => ApiError::Export(other.to_string()),
        })?;
        Ok(out)
    }
}

/// The table a page tab names (`kernels`, `hlo-stats`, `framework-ops`).
pub(super) fn tool_named(name: &str) -> Result<Tool, ApiError> {
    Tool::from_name(name).ok_or_else(|| ApiError::BadRequest(format!("unknown table {name:?}")))
}

/// The compatibility mode of the page's `compat` flag.
pub(super) fn compat(xprof: bool) -> Compat {
    if xprof {
        Compat::Xprof
    } else {
        Compat::Planeview
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
