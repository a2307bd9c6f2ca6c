//! HLO op statistics, XProf's `hlo_stats`: one row per device HLO op (program id, op name),
//! sorted by self time, with the op's HLO text from the module stored in the profile.
//!
//! Shares are percentages of the device time including idle. Rates: FLOP rates in GFLOP/s
//! (FLOPs per ns), bandwidths in GiB/s from `bytes_accessed` (all of it counted as HBM; the
//! per-memory breakdown is not decoded), operational intensity in FLOPs per byte. Columns
//! XProf fills from data these profiles do not carry (DMA stalls, CMEM, energy,
//! rematerialisation, outside compilation, autotuning) are zero / `No`.
//!
//! A profile without devices (JAX on CPU) has its XLA ops on host threads: outside
//! `--xprof-compat` the rows are computed from those ([`xla_op_db`]) with `source` `host`
//! (`device` otherwise); XProf leaves the table empty there.

use super::compat::Compat;
use super::framework_ops::{GIB, bound_by};
use super::hlo_modules::HloModules;
use super::op_metrics::{DeviceKind, DeviceOp, DeviceOpDb, OpSource, xla_op_db};
use super::peaks::Peaks;
use super::query::{arg_str, ps_to_us, safe_div};
use crate::hlo::{PrintOptions, category, instruction_text};
use crate::model::{SliceId, Trace};
use serde::Serialize;

/// One row of `planeview hlo-stats --json`, keyed by XProf's column ids.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct HloStatsRow {
    /// 1-based position.
    pub rank: usize,
    /// XLA program id, as a string (may exceed 2^53).
    pub program_id: String,
    /// HLO category.
    pub category: String,
    /// HLO op name.
    pub hlo_op_name: String,
    /// The op's HLO text (empty when the module is not in the profile).
    pub hlo_op_expression: String,
    /// The framework op as the profile states it (`tf_op` stat).
    pub tf_op_name: String,
    /// Occurrences.
    pub occurrences: u64,
    /// Total time, µs.
    pub total_time: f64,
    /// Mean time, µs.
    pub avg_time: f64,
    /// Total self time, µs.
    pub total_self_time: f64,
    /// Mean self time, µs.
    pub avg_self_time: f64,
    /// Share of device time, %.
    pub total_self_time_percent: f64,
    /// Running share, %.
    pub cumulative_total_self_time_percent: f64,
    /// DMA stall share, % (not in these profiles: 0).
    pub dma_stall_percent: f64,
    /// Model FLOPs per ns.
    pub model_flop_rate: f64,
    /// FLOPs per ns.
    pub normalized_flop_rate: f64,
    /// GiB/s.
    pub measured_memory_bw: f64,
    /// GiB/s.
    pub hbm_bw: f64,
    /// GiB/s (0).
    pub cmem_read_bw: f64,
    /// GiB/s (0).
    pub cmem_write_bw: f64,
    /// FLOPs per byte.
    pub operational_intensity: f64,
    /// `Compute`, `HBM` or `Unknown`.
    pub bound_by: &'static str,
    /// `No`.
    pub hlo_rematerialization: &'static str,
    /// `No`.
    pub outside_compilation: &'static str,
    /// `No`.
    pub autotuned: &'static str,
    /// XProf's HTML cell: the source stack as its title, `file:line` as its text.
    pub source_info: String,
    /// `TensorCore` on TPU, `CPU` for host rows.
    pub core_type: &'static str,
    /// Empty.
    pub parent_op_name: String,
    /// 0.
    pub vdd_energy: f64,
    /// Exact total self time, ps.
    pub total_self_time_ps: i64,
    /// Where the op ran: `device`, or `host` for XLA ops a CPU ran.
    pub source: OpSource,
    /// Occurrences on the timeline.
    #[serde(skip)]
    pub slices: Vec<SliceId>,
}

/// The table outside `--xprof-compat` (see [`hlo_stats_with`]).
pub fn hlo_stats(trace: &Trace) -> Vec<HloStatsRow> {
    hlo_stats_with(trace, Compat::Planeview)
}

/// The table: the HLO ops of TPU cores, or of host threads without devices outside
/// `--xprof-compat`; empty otherwise (GPU profiles).
pub fn hlo_stats_with(trace: &Trace, compat: Compat) -> Vec<HloStatsRow> {
    hlo_stats_of(trace, &xla_op_db(trace, compat))
}

/// The table from the XLA op table [`xla_op_db`] built before (the page builds it once per
/// profile for this table, the op profile and the roofline).
pub fn hlo_stats_of(trace: &Trace, db: &DeviceOpDb) -> Vec<HloStatsRow> {
    if db.kind != DeviceKind::Tpu && db.source != OpSource::Host {
        return Vec::new();
    }
    let modules = HloModules::of(trace, |id| db.ops.iter().any(|o| o.program_id == id));
    let ridge = Peaks::of(trace).hbm_ridge_point();
    let keys = (
        trace.strings.lookup("source"),
        trace.strings.lookup("source_stack"),
    );
    let mut ops: Vec<&DeviceOp> = db.ops.iter().collect();
    ops.sort_by(|a, b| {
        b.self_time_ps
            .cmp(&a.self_time_ps)
            .then_with(|| a.name.cmp(&b.name))
    });
    let total_us = ps_to_us(db.total_time_ps);
    let mut cumulative = 0.0;
    ops.into_iter()
        .enumerate()
        .map(|(i, op)| {
            let module = modules.get(op.program_id);
            let instr = module.and_then(|m| m.instruction(&op.name).map(|i| (m, i)));
            let expression = instr
                .map(|(m, i)| instruction_text(m, i, PrintOptions::expression()))
                .unwrap_or_default();
            let category = if op.category.is_empty() {
                instr.map(|(m, i)| category(m, i)).unwrap_or_default()
            } else {
                op.category.clone()
            };
            let (total, self_us) = (ps_to_us(op.time_ps), ps_to_us(op.self_time_ps));
            let n = op.occurrences as f64;
            let share = 100.0 * safe_div(self_us, total_us);
            cumulative += share;
            let ns = op.time_ps as f64 / 1e3;
            let bw = safe_div(op.bytes_accessed, ns) * 1e9 / GIB;
            let first = op.slices.first().map(|s| trace.slices.args[s.index()]);
            let source_info = first
                .map(|set| {
                    let file_line = arg_str(trace, set, keys.0).unwrap_or("");
                    let stack = arg_str(trace, set, keys.1).unwrap_or("");
                    source_cell(file_line, stack)
                })
                .unwrap_or_default();
            HloStatsRow {
                rank: i + 1,
                program_id: op.program_id.to_string(),
                category,
                hlo_op_name: op.name.clone(),
                hlo_op_expression: expression,
                tf_op_name: op.provenance.clone(),
                occurrences: op.occurrences,
                total_time: total,
                avg_time: safe_div(total, n),
                total_self_time: self_us,
                avg_self_time: safe_div(self_us, n),
                total_self_time_percent: share,
                cumulative_total_self_time_percent: cumulative,
                dma_stall_percent: 0.0,
                model_flop_rate: safe_div(op.model_flops, ns),
                normalized_flop_rate: safe_div(op.flops, ns),
                measured_memory_bw: bw,
                hbm_bw: bw,
                cmem_read_bw: 0.0,
                cmem_write_bw: 0.0,
                operational_intensity: safe_div(op.flops, op.bytes_accessed),
                bound_by: bound_by(op.flops, op.bytes_accessed, ridge),
                hlo_rematerialization: "No",
                outside_compilation: "No",
                autotuned: "No",
                source_info,
                core_type: match db.source {
                    OpSource::Device => "TensorCore",
                    OpSource::Host => "CPU",
                },
                parent_op_name: String::new(),
                vdd_energy: 0.0,
                total_self_time_ps: op.self_time_ps,
                source: db.source,
                slices: op.slices.clone(),
            }
        })
        .collect()
}

/// XProf's source cell: empty without a source line.
fn source_cell(file_line: &str, stack: &str) -> String {
    if file_line.is_empty() {
        return String::new();
    }
    format!(
        "<div class='source-info-cell' title='{}'>{}</div>",
        html_escape(stack),
        html_escape(file_line)
    )
}

fn html_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\'' => out.push_str("&#39;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}
