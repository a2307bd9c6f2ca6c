//! The JSON calls: one [`Request`] variant per engine call, its [`Response`] variant and its
//! arm in [`Profile::handle`].
//!
//! A request is `{"method": "<name>", "args": [...]}`: the method is the page's `Engine`
//! method name and the arguments come in the order that method takes them (see
//! [`super::wire`]).

use super::ApiError;
use super::profile::{Profile, compat, tool_named};
use super::replies::{
    AnalysisTable, ChartDoc, CounterTrackInfo, EventDetails, FlowListEntry, MlirKernel, RangeStats,
    SliceInfo,
};
use super::wire::requests;
use crate::analysis::call_tree::{CallTree, Direction, TreeLimits, call_tree};
use crate::analysis::counters::{
    self, kernel::KernelTelemetry, perf_table::PerfRow, sample::SampleDetails,
};
use crate::analysis::diff::{DiffReport, DiffSide, diff, step_chart};
use crate::analysis::health::{HealthEntry, health_entries_with};
use crate::analysis::memory::{buffers, runtime};
use crate::analysis::op_profile::{GroupBy, Node};
use crate::analysis::overview::{Overview as AnalysisOverview, overview_with_ops};
use crate::analysis::ranks;
use crate::analysis::roofline::Roofline;
use crate::analysis::search::slices_named;
use crate::analysis::selection::{Selection, StepRow, select, step_table};
use crate::charts::counters::ChartSpec;
use crate::model::{SliceId, TrackId};
use serde::{Deserialize, Serialize};
use serde_json::Value;

requests! {
    /// Where a slice is: [`SliceInfo`]; `not_found` for an unknown id.
    "sliceInfo" => SliceInfo { id: u32 },
    /// Everything the details panel shows about a slice, flows included; `not_found`.
    "sliceDetails" => SliceDetails { id: u32 },
    /// Everything the details panel shows about an instant; `not_found`.
    "instantDetails" => InstantDetails { index: u32 },
    /// The kernel custom calls of loaded MLIR text (StableHLO); empty for other files.
    "mlirKernels" => MlirKernels {},
    /// The text of kernel `index` of `mlirKernels`; `mlir` when it is missing or its
    /// bytecode cannot be decoded.
    "mlirKernelText" => MlirKernelText { index: u32, locs: bool },
    /// Counter-table index of the sample of `track` nearest `t` within `tolerance` (ps),
    /// else the one whose value holds at `t`; -1 when there is none.
    "counterSampleNear" => CounterSampleNear { track: u32, t: f64, tolerance: f64 },
    /// A counter sample with its value, delta and rate since the previous one; `not_found`.
    "counterSample" => CounterSample { index: u32 },
    /// The counter tracks.
    "counterTracks" => CounterTracks {},
    /// Statistics of every counter over `[t0, t1]` and the busy time of every slice track.
    "rangeStats" => RangeStats { t0: f64, t1: f64 },
    /// The perf-counters table at `t`.
    "perfCounters" => PerfCounters { t: f64 },
    /// Counter telemetry inside a slice and over its occurrences; `null` for an unknown slice.
    "kernelTelemetry" => KernelTelemetry { slice_id: u32 },
    /// Every diagnostic with severity, count and examples linked to slices.
    "health" => Health {},
    /// The flows of a slice, outgoing first; empty for an unknown slice.
    "sliceFlows" => SliceFlows { slice_id: u32 },
    /// One HLO request (see [`crate::hlo::service`]); `hlo` when it fails.
    "hlo" => Hlo { request: Value },
    /// The counter chart `spec` as SVG (text sized by estimate, so it draws in the Worker).
    "counterChartSvg" => CounterChartSvg { spec: ChartSpec },
    /// An analysis table (`kernels`, `hlo-stats`, `framework-ops`): rows with XProf's column
    /// ids and `_longest`, the id of the row's longest slice.
    "analysisTable" => AnalysisTable { tool: String, compat: bool },
    /// The row of a table that holds `slice`, or -1.
    "analysisRowOfSlice" => AnalysisRowOfSlice { tool: String, slice: u32, compat: bool },
    /// An analysis document.
    "analysisDoc" => AnalysisDoc { request: AnalysisDocRequest },
    /// The aggregated events (XSpace events with `num_occurrences`, which have no place on
    /// the timeline), in the order the file lists them.
    "aggregates" => Aggregates {},
    /// The slices named exactly `name`, in time order, at most `limit` (see
    /// [`crate::analysis::search::slices_named`]).
    "slicesNamed" => SlicesNamed { name: String, limit: u32 },
    /// The slices of `tracks` (empty: every slice track) in `[t0, t1)` grouped by name, one
    /// row per (track, name) when `per_track` (see [`crate::analysis::selection::select`]).
    "selection" => Selection { tracks: Vec<u32>, t0: f64, t1: f64, per_track: bool },
    /// The call tree of `tracks` (empty: every slice track) in `[t0, t1)`; `direction` is
    /// `top-down` or `bottom-up` (`bad_request` otherwise).
    "callTree" => CallTree { tracks: Vec<u32>, t0: f64, t1: f64, direction: String },
    /// The steps of the trace, each with its zoom range and top names by self time over
    /// `tracks` (empty: every slice track).
    "stepTable" => StepTable { tracks: Vec<u32> },
    /// What this profile contributes to a job of several ranks: identity, clock, steps and
    /// collectives ([`crate::analysis::ranks::RankPartial`]); `file` is its display name (it
    /// helps find the rank when the content does not state it).
    "rankPartial" => RankPartial { file: String },
    /// Stateless: the job's report from the ranks' partials
    /// ([`crate::analysis::ranks::RanksReport`], the document of `planeview ranks --json`).
    "mergeRanks" => MergeRanks { partials: Vec<ranks::RankPartial>, align: ranks::Align },
    /// Stateless: the analysis tables of `tool` of several profiles as one, each row with the
    /// `rank` column set to its profile's label, plus one `"all"` row per key
    /// ([`crate::analysis::ranks::merge_tables`]); `bad_request` for an unknown tool or when
    /// `labels` and `tables` differ in length.
    "mergeTables" => MergeTables { tool: String, tables: Vec<TableRows>, labels: Vec<String> },
    /// The small tables the loaded profile contributes to a comparison of two runs (kernels,
    /// HLO ops, framework ops, events by name per track role, steps, totals), each row with
    /// `longest`, the slice id of its longest occurrence (see [`crate::analysis::diff::side`]).
    "diffSide" => DiffSide {},
    /// Stateless: `cand` compared with `base` (two `diffSide` replies), the document of
    /// `planeview diff --json` (see [`crate::analysis::diff`]).
    "diff" => Diff { base: DiffSide, cand: DiffSide },
    /// Stateless: both runs' step-time distributions in one chart, as a [`ChartDoc`].
    "diffStepChart" => DiffStepChart { base: DiffSide, cand: DiffSide },
    /// The tables of `docs/SCHEMA.md` for the loaded profile: name, rows and columns (name and
    /// Arrow type, `profile` included), in a fixed order; the bulk call `tableArrow` gives
    /// one as an Arrow IPC stream.
    "exportTables" => ExportTables {},
    /// XLA's buffer assignment (XProf's memory viewer) of every module that has one, or of
    /// `module` alone (named as listed, or bare when unambiguous; `not_found` otherwise): see
    /// [`crate::analysis::memory::buffers`].
    "bufferAssignment" => BufferAssignment { module: Option<String> },
    /// The heap of `module` over program order as SVG, the peak marked (`not_found` for an
    /// unknown module).
    "bufferChartSvg" => BufferChartSvg { module: String, width: u32, height: u32 },
    /// The runtime memory of every allocator: `{allocators: [AllocatorReport]}` (see
    /// [`crate::analysis::memory::runtime`]); `allocators` is empty without memory events.
    "memoryProfile" => MemoryProfile {},
    /// Allocator `allocator` at `time_ps` (`null`: at its peak): bytes in use and reserved,
    /// the number of live allocations and the `limit` largest, largest first; `not_found`
    /// for an unknown allocator.
    "memoryAt" => MemoryAt { allocator: u32, time_ps: Option<i64>, limit: u32 },
    /// The chart of allocator `allocator` over `[start_ps, end_ps]` as SVG of `width` ×
    /// `height` px: bytes in use and reserved, the most per pixel column, the peak marked;
    /// `not_found` for an unknown allocator.
    "memoryChartSvg" => MemoryChartSvg { allocator: u32, start_ps: i64, end_ps: i64, width: u32, height: u32 },
}

/// An analysis table as `analysisTable` answers it, sent back to be merged.
#[derive(Debug, Deserialize)]
pub struct TableRows {
    pub rows: Vec<Value>,
}

/// Names by self time kept per step of `stepTable`.
const STEP_TOP: usize = 5;

/// Which analysis document `analysisDoc` computes (`{"kind": ...}`, as the page writes it).
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum AnalysisDocRequest {
    /// The overview page (`planeview overview`).
    Overview { compat: bool },
    /// The op profile tree.
    #[serde(rename_all = "camelCase")]
    OpProfile { group_by: GroupByName },
    /// The roofline; peaks > 0 replace the profile's (GFLOP/s, GB/s).
    #[serde(rename_all = "camelCase")]
    Roofline {
        peak_gflops: f64,
        peak_hbm_gbps: f64,
    },
    /// A chart, as its data and as SVG of `width` × `height` px (default 720 × 45 % of it).
    #[serde(rename_all = "camelCase")]
    Chart {
        chart: ChartKind,
        /// `kernelHistogram`: the kernel row.
        #[serde(default)]
        arg: u32,
        #[serde(default)]
        peak_gflops: f64,
        #[serde(default)]
        peak_hbm_gbps: f64,
        #[serde(default)]
        width: Option<u32>,
        #[serde(default)]
        height: Option<u32>,
    },
}

/// How the op profile groups.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GroupByName {
    /// Program → category → op.
    Program,
    /// Category → op.
    Category,
}

/// The analysis charts.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChartKind {
    /// Launch durations of one kernel row.
    KernelHistogram,
    /// Step times stacked by category.
    Steps,
    /// Ops under the roofline.
    Roofline,
    /// Time per category.
    Categories,
}

/// The answer to one [`Request`], serialised as the page's JSON.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Response<'a> {
    SliceInfo(SliceInfo),
    Event(Box<EventDetails>),
    Text(Option<String>),
    MlirKernels(Vec<MlirKernel>),
    Index(i64),
    CounterSample(SampleDetails),
    CounterTracks(Vec<CounterTrackInfo>),
    RangeStats(RangeStats),
    PerfCounters(Vec<PerfRow>),
    KernelTelemetry(Option<KernelTelemetry>),
    Health(Vec<HealthEntry>),
    Flows(Vec<FlowListEntry>),
    Json(Value),
    Table(AnalysisTable<'a>),
    Overview(Box<AnalysisOverview>),
    OpProfile(Box<Node>),
    Roofline(Box<Roofline>),
    Chart(Box<ChartDoc>),
    Aggregates(Vec<Aggregate>),
    SliceIds(Vec<u32>),
    Selection(Box<Selection>),
    CallTree(Box<CallTree>),
    Steps(Vec<StepRow>),
    RankPartial(Box<ranks::RankPartial>),
    RanksReport(Box<ranks::RanksReport>),
    DiffSide(&'a DiffSide),
    Diff(Box<DiffReport>),
    Tables(Vec<crate::export::TableInfo>),
    BufferAssignment(BufferAssignmentReply),
    MemoryProfile(MemoryProfileReply),
    MemoryAt(Box<runtime::MemoryAt>),
}

/// The reply of `bufferAssignment`.
#[derive(Debug, Serialize)]
pub struct BufferAssignmentReply {
    /// The modules, in the profile's order.
    pub modules: Vec<buffers::ModuleBuffers>,
}

/// The reply of `memoryProfile`.
#[derive(Debug, Serialize)]
pub struct MemoryProfileReply {
    /// One per allocator.
    pub allocators: Vec<runtime::AllocatorReport>,
}

impl Profile {
    /// Answers one JSON call.
    pub fn handle(&self, request: Request) -> Result<Response<'_>, ApiError> {
        let t = self.trace();
        Ok(match request {
            Request::SliceInfo { id } => Response::SliceInfo(
                SliceInfo::of(t, id).ok_or_else(|| not_found(format!("no slice {id}")))?,
            ),
            Request::SliceDetails { id } => Response::Event(Box::new(
                EventDetails::of_slice(t, id).ok_or_else(|| not_found(format!("no slice {id}")))?,
            )),
            Request::InstantDetails { index } => Response::Event(Box::new(
                EventDetails::of_instant(t, index)
                    .ok_or_else(|| not_found(format!("no instant {index}")))?,
            )),
            Request::MlirKernels {} => Response::MlirKernels(MlirKernel::list(self.imported())),
            Request::MlirKernelText { index, locs } => {
                Response::Text(Some(MlirKernel::text(self.imported(), index, locs)?))
            }
            Request::CounterSampleNear {
                track,
                t: at,
                tolerance,
            } => Response::Index(index_or_minus_one(counters::sample::sample_near(
                t,
                TrackId(track),
                at as i64,
                tolerance as i64,
            ))),
            Request::CounterSample { index } => Response::CounterSample(
                counters::sample::sample_details(t, index as usize)
                    .ok_or_else(|| not_found(format!("no counter sample {index}")))?,
            ),
            Request::CounterTracks {} => Response::CounterTracks(CounterTrackInfo::list(t)),
            Request::RangeStats { t0, t1 } => Response::RangeStats(RangeStats::of(t, t0, t1)),
            Request::PerfCounters { t: at } => {
                Response::PerfCounters(counters::perf_table::perf_counters_at(t, at as i64))
            }
            Request::KernelTelemetry { slice_id } => {
                Response::KernelTelemetry(counters::kernel::kernel_telemetry(t, SliceId(slice_id)))
            }
            Request::Health {} => {
                Response::Health(health_entries_with(t, &self.memory().diagnostics))
            }
            Request::SliceFlows { slice_id } => {
                Response::Flows(FlowListEntry::of_slice(t, slice_id))
            }
            Request::Hlo { request } => {
                Response::Json(self.hlo().request(&request).map_err(ApiError::Hlo)?)
            }
            Request::CounterChartSvg { spec } => Response::Text(Some(
                crate::charts::counters::to_svg(&spec).map_err(ApiError::Chart)?,
            )),
            Request::AnalysisTable { tool, compat: on } => Response::Table(AnalysisTable {
                rows: &self.table(tool_named(&tool)?, compat(on)).rows,
            }),
            Request::AnalysisRowOfSlice {
                tool,
                slice,
                compat: on,
            } => Response::Index(index_or_minus_one(
                self.table(tool_named(&tool)?, compat(on))
                    .row_of(SliceId(slice)),
            )),
            Request::AnalysisDoc { request } => self.analysis_doc(request)?,
            Request::Aggregates {} => Response::Aggregates(Aggregate::list(t)),
            Request::SlicesNamed { name, limit } => Response::SliceIds(
                slices_named(t, &name, limit as usize)
                    .into_iter()
                    .map(|s| s.0)
                    .collect(),
            ),
            Request::Selection {
                tracks,
                t0,
                t1,
                per_track,
            } => Response::Selection(Box::new(select(
                t,
                &track_ids(&tracks),
                ps_range(t0, t1),
                per_track,
            ))),
            Request::CallTree {
                tracks,
                t0,
                t1,
                direction,
            } => {
                let d = Direction::parse(&direction).ok_or_else(|| {
                    ApiError::BadRequest(format!(
                        "direction {direction:?} is neither top-down nor bottom-up"
                    ))
                })?;
                Response::CallTree(Box::new(call_tree(
                    t,
                    &track_ids(&tracks),
                    ps_range(t0, t1),
                    d,
                    TreeLimits::default(),
                )))
            }
            Request::StepTable { tracks } => Response::Steps(step_table(
                t,
                &track_ids(&tracks),
                crate::analysis::compat::Compat::Planeview,
                STEP_TOP,
            )),
            Request::RankPartial { file } => {
                Response::RankPartial(Box::new(ranks::RankPartial::of(t, &file)))
            }
            Request::MergeRanks { partials, align } => {
                Response::RanksReport(Box::new(ranks::merge_ranks(&partials, align)))
            }
            Request::MergeTables {
                tool,
                tables,
                labels,
            } => {
                let tables: Vec<Vec<Value>> = tables.into_iter().map(|t| t.rows).collect();
                let rows =
                    ranks::merge_tables(&tool, &tables, &labels).map_err(ApiError::BadRequest)?;
                Response::Json(serde_json::json!({ "rows": rows }))
            }
            Request::DiffSide {} => Response::DiffSide(self.diff_side()),
            Request::Diff { base, cand } => Response::Diff(Box::new(diff(&base, &cand))),
            Request::DiffStepChart { base, cand } => Response::Chart(Box::new(ChartDoc::draw(
                step_chart(&base, &cand),
                None,
                None,
            )?)),
            Request::ExportTables {} => Response::Tables(crate::export::table_list(self)),
            Request::BufferAssignment { module } => {
                let modules = match module {
                    None => buffers::module_buffers(t),
                    Some(name) => vec![buffer_module(t, &name)?],
                };
                Response::BufferAssignment(BufferAssignmentReply {
                    modules: modules.into_iter().map(|a| a.summary).collect(),
                })
            }
            Request::BufferChartSvg {
                module,
                width,
                height,
            } => {
                let a = buffer_module(t, &module)?;
                let curve = crate::charts::buffer_heap::HeapCurve {
                    title: a.summary.module,
                    heap_after: a.heap_after,
                    baseline_bytes: a.summary.indefinite_bytes,
                    peak_position: a.summary.peak_position as usize,
                    peak_bytes: a.summary.peak_heap_bytes,
                };
                Response::Text(Some(
                    crate::charts::buffer_heap::to_svg(&curve, width, height)
                        .map_err(ApiError::Chart)?,
                ))
            }
            Request::MemoryProfile {} => Response::MemoryProfile(MemoryProfileReply {
                allocators: self.memory().reports(t),
            }),
            Request::MemoryAt {
                allocator,
                time_ps,
                limit,
            } => Response::MemoryAt(Box::new(
                self.memory()
                    .at(t, allocator as usize, time_ps, limit as usize)
                    .ok_or_else(|| no_allocator(allocator))?,
            )),
            Request::MemoryChartSvg {
                allocator,
                start_ps,
                end_ps,
                width,
                height,
            } => Response::Text(Some(
                self.memory_chart(allocator, start_ps, end_ps, width, height)?,
            )),
        })
    }

    /// The SVG of `memoryChartSvg`.
    fn memory_chart(
        &self,
        allocator: u32,
        start_ps: i64,
        end_ps: i64,
        width: u32,
        height: u32,
    ) -> Result<String, ApiError> {
        let memory = self.memory();
        let k = allocator as usize;
        let timeline = memory
            .allocators
            .get(k)
            .ok_or_else(|| no_allocator(allocator))?;
        let width = width.clamp(200, 4000);
        let columns = memory
            .columns(
                k,
                start_ps.min(end_ps),
                start_ps.max(end_ps),
                chart_columns(width),
            )
            .ok_or_else(|| no_allocator(allocator))?;
        let peak = timeline
            .peak
            .map(|p| (timeline.events[p].time, timeline.in_use[p]));
        crate::charts::memory::to_svg(&crate::charts::memory::MemoryChart {
            title: &timeline.name,
            columns: &columns,
            peak,
            width,
            height,
        })
        .map_err(ApiError::Chart)
    }

    fn analysis_doc(&self, request: AnalysisDocRequest) -> Result<Response<'_>, ApiError> {
        let t = self.trace();
        Ok(match request {
            AnalysisDocRequest::Overview { compat: on } => Response::Overview(Box::new(
                overview_with_ops(t, compat(on), self.framework_rows(compat(on))),
            )),
            AnalysisDocRequest::OpProfile { group_by } => {
                let g = match group_by {
                    GroupByName::Program => GroupBy::Program,
                    GroupByName::Category => GroupBy::Category,
                };
                Response::OpProfile(Box::new(self.op_profile(g)))
            }
            AnalysisDocRequest::Roofline {
                peak_gflops,
                peak_hbm_gbps,
            } => Response::Roofline(Box::new(
                self.roofline(user_peaks(peak_gflops, peak_hbm_gbps)),
            )),
            AnalysisDocRequest::Chart {
                chart,
                arg,
                peak_gflops,
                peak_hbm_gbps,
                width,
                height,
            } => {
                let data = self.chart_data(chart, arg, user_peaks(peak_gflops, peak_hbm_gbps))?;
                Response::Chart(Box::new(ChartDoc::draw(data, width, height)?))
            }
        })
    }

    fn chart_data(
        &self,
        kind: ChartKind,
        arg: u32,
        peaks: Option<crate::analysis::peaks::Peaks>,
    ) -> Result<crate::charts::Chart, ApiError> {
        use crate::analysis::compat::Compat;
        use crate::charts::data;
        let t = self.trace();
        Ok(match kind {
            ChartKind::KernelHistogram => {
                let rows = crate::analysis::kernel_stats::kernel_stats(t, Compat::Planeview);
                let row = rows
                    .get(arg as usize)
                    .ok_or_else(|| ApiError::BadRequest(format!("no kernel row {arg}")))?;
                data::kernel_histogram(t, row)
            }
            ChartKind::Steps => data::step_bars(&overview_with_ops(
                t,
                Compat::Planeview,
                self.framework_rows(Compat::Planeview),
            )),
            ChartKind::Roofline => data::roofline_plot(&self.roofline(peaks)),
            ChartKind::Categories => data::category_bars(&self.op_profile(GroupBy::Category)),
        })
    }
}

/// Track ids as the page sends them.
fn track_ids(tracks: &[u32]) -> Vec<TrackId> {
    tracks.iter().map(|&k| TrackId(k)).collect()
}

/// `[t0, t1)` in ps, in either order (not finite: 0).
fn ps_range(t0: f64, t1: f64) -> std::ops::Range<crate::model::Ps> {
    let (a, b) = (t0 as i64, t1 as i64);
    a.min(b)..a.max(b)
}

/// An index as the page takes it: -1 for none.
fn index_or_minus_one(i: Option<usize>) -> i64 {
    i.and_then(|i| i64::try_from(i).ok()).unwrap_or(-1)
}

/// An aggregated event: how often it happened on a line and for how long in total.
#[derive(Debug, Serialize)]
pub struct Aggregate {
    pub track: u32,
    pub track_name: String,
    pub name: String,
    /// `num_occurrences`.
    pub occurrences: i64,
    /// The total duration over the occurrences, as written.
    pub dur_ps: i64,
    pub args: serde_json::Map<String, Value>,
}

impl Aggregate {
    /// Every aggregate of the trace.
    fn list(t: &crate::model::Trace) -> Vec<Aggregate> {
        let a = &t.aggregates;
        (0..a.len())
            .map(|k| Aggregate {
                track: a.track[k].0,
                track_name: t.str(t.tracks.name[a.track[k].index()]).to_owned(),
                name: t.str(a.name[k]).to_owned(),
                occurrences: a.occurrences[k],
                dur_ps: a.dur[k],
                args: super::replies::args_json(t, a.args[k]),
            })
            .collect()
    }
}

/// The buffer assignment of module `name`; `not_found` when no module with one is so named.
fn buffer_module(t: &crate::model::Trace, name: &str) -> Result<buffers::BufferAnalysis, ApiError> {
    buffers::module_named(t, name)
        .ok_or_else(|| not_found(format!("no module {name:?} with a buffer assignment")))
}

/// Columns of a memory chart `width` px wide: one per pixel of the plot (the chart less its
/// axis labels and margins), at least one.
fn chart_columns(width: u32) -> usize {
    width.saturating_sub(120).max(1) as usize
}

fn no_allocator(allocator: u32) -> ApiError {
    not_found(format!("no allocator {allocator}"))
}

fn not_found(message: String) -> ApiError {
    ApiError::NotFound(message)
}

/// Peaks the person typed: values ≤ 0 or not finite keep the profile's.
fn user_peaks(gflops: f64, hbm_gbps: f64) -> Option<crate::analysis::peaks::Peaks> {
    let ok = |v: f64| if v.is_finite() && v > 0.0 { v } else { 0.0 };
    Some(crate::analysis::peaks::Peaks {
        flop_rate_gflops: ok(gflops),
        hbm_gbps: ok(hbm_gbps),
        ..Default::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::Imported;
    use crate::model::{ArgValue, Format, TraceBuilder, TrackKind};

    #[test]
    fn aggregates_list_count_duration_and_stats() {
        let mut b = TraceBuilder::new(Format::Xspace);
        let p = b.add_process("/device:TPU:0", "1", 0);
        let line = b.add_track(p, "XLA Ops", "2", 0, TrackKind::Slices);
        let (name, key) = (b.intern("fusion.1"), b.intern("flops"));
        b.push_arg(key, ArgValue::Uint(1 << 60));
        let args = b.finish_args();
        b.add_aggregate(line, name, 12, 3_000_000, args);
        let imported = Imported {
            trace: b.finish(),
            bytes: 0,
            unpacked_bytes: 0,
            mlir: None,
        };
        let profile = Profile::new(imported);
        let wire = crate::api::wire::Wire::parse(r#"{"method":"aggregates","args":[]}"#).unwrap();
        let reply = profile.handle(Request::decode(wire).unwrap()).unwrap();
        assert_eq!(
            serde_json::to_string(&reply).unwrap(),
            r#"[{"track":0,"track_name":"XLA Ops","name":"fusion.1","occurrences":12,"dur_ps":3000000,"args":{"flops":"1152921504606846976"}}]"#
        );
    }
}
