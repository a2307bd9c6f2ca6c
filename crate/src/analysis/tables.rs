//! The analysis tables behind one interface, for the page: rows as JSON objects (XProf's
//! column ids) and, per row, the slices it was computed from (to highlight them on the
//! timeline and to find the row of a selected slice).

use super::compat::Compat;
use super::framework_ops::{FrameworkOpRow, framework_op_stats_with};
use super::gpu_ops::gpu_ops;
use super::hlo_stats::{HloStatsRow, hlo_stats_with};
use super::kernel_stats::kernel_stats;
use crate::model::{SliceId, Trace};
use serde::Serialize;
use serde_json::Value;

/// Which table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// `kernels`.
    Kernels,
    /// `hlo-stats`.
    HloStats,
    /// `framework-ops`.
    FrameworkOps,
    /// `gpu-ops`: GPU time per framework op.
    GpuOps,
}

impl Tool {
    /// The tool of a CLI command / page tab name.
    pub fn from_name(name: &str) -> Option<Tool> {
        match name {
            "kernels" => Some(Tool::Kernels),
            "hlo-stats" => Some(Tool::HloStats),
            "framework-ops" => Some(Tool::FrameworkOps),
            "gpu-ops" => Some(Tool::GpuOps),
            _ => None,
        }
    }
}

/// Rows and their slices.
#[derive(Debug, Default)]
pub struct Table {
    /// Rows as JSON objects, with `_longest`: the id of the row's longest slice (or null).
    pub rows: Vec<Value>,
    /// The slices of each row.
    pub slices: Vec<Vec<SliceId>>,
}

/// Computes one table.
pub fn table(trace: &Trace, tool: Tool, compat: Compat) -> Table {
    match tool {
        Tool::Kernels => collect(trace, &kernel_stats(trace, compat), |r| r.slices.clone()),
        Tool::HloStats => hlo_table(trace, &hlo_stats_with(trace, compat)),
        Tool::FrameworkOps => framework_table(trace, &framework_op_stats_with(trace, compat)),
        Tool::GpuOps => collect(trace, &gpu_ops(trace), |r| r.slices.clone()),
    }
}

/// The HLO op table from rows computed before (the page computes them once per profile for
/// this table, the roofline and comparisons).
pub fn hlo_table(trace: &Trace, rows: &[HloStatsRow]) -> Table {
    collect(trace, rows, |r| r.slices.clone())
}

/// The framework op table from rows computed before (the page computes them once per profile
/// for this table and the overview's top ops).
pub fn framework_table(trace: &Trace, rows: &[FrameworkOpRow]) -> Table {
    collect(trace, rows, |r| r.slices.clone())
}

fn collect<R: Serialize>(
    trace: &Trace,
    rows: &[R],
    slices_of: impl Fn(&R) -> Vec<SliceId>,
) -> Table {
    let mut t = Table::default();
    for r in rows {
        let slices = slices_of(r);
        let longest = slices
            .iter()
            .max_by_key(|s| (trace.slices.dur[s.index()], std::cmp::Reverse(s.0)))
            .map(|s| s.0);
        let mut v = serde_json::to_value(r).unwrap_or(Value::Null);
        if let Value::Object(m) = &mut v {
            m.insert("_longest".into(), longest.map_or(Value::Null, Value::from));
        }
        t.rows.push(v);
        t.slices.push(slices);
    }
    t
}

impl Table {
    /// The row that holds `slice`, if any.
    pub fn row_of(&self, slice: SliceId) -> Option<usize> {
        self.slices.iter().position(|s| s.contains(&slice))
    }
}
