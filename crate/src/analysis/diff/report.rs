//! [`DiffReport`]: the document of `planeview diff --json` and of the `diff` engine call.

use serde::Serialize;

/// A comparison of a base and a candidate profile.
#[derive(Clone, Debug, Serialize)]
pub struct DiffReport {
    pub summary: DiffSummary,
    /// The op rows that grew most (kernels, HLO ops, framework ops; events when the profiles
    /// have none of those), largest growth first.
    pub regressions: Vec<TopRow>,
    /// The op rows that shrank most, largest saving first.
    pub improvements: Vec<TopRow>,
    pub kernels: Vec<DiffRow<KernelKey>>,
    pub hlo_ops: Vec<DiffRow<HloOpKey>>,
    pub framework_ops: Vec<DiffRow<FrameworkOpKey>>,
    pub events: Vec<DiffRow<EventKey>>,
    pub steps: Vec<DiffRow<StepKey>>,
    /// Per table: both sides' sums and how the rows split.
    pub totals: TableTotals,
    /// What could not be matched, and why.
    pub unmatched: Vec<Unmatched>,
}

/// The headline: mean step time (or the basis) of both sides.
#[derive(Clone, Debug, Serialize)]
pub struct DiffSummary {
    /// The base's mean step time, or its total device or host time (see `basis`), ps.
    pub base_step_ps: i64,
    /// The same for the candidate, ps.
    pub cand_step_ps: i64,
    /// `100 · (cand − base) / base`; null when the base's is 0.
    pub delta_pct: Option<f64>,
    /// `steps` when both have steps, else `device time` when both ran device work, else
    /// `host time`.
    pub basis: &'static str,
    /// Steps of the base.
    pub base_steps: usize,
    /// Steps of the candidate.
    pub cand_steps: usize,
    /// Steps found on both sides by number.
    pub matched_steps: usize,
    pub base_device_ps: i64,
    pub cand_device_ps: i64,
    pub base_host_ps: i64,
    pub cand_host_ps: i64,
    /// One sentence: "the candidate's mean step is 91.6% slower (8 steps vs 8)".
    pub text: String,
}

/// One row of a compared table: the key columns, then both sides.
#[derive(Clone, Debug, Serialize)]
pub struct DiffRow<K> {
    /// The key columns, of the candidate's row when there is one.
    #[serde(flatten)]
    pub key: K,
    /// The base row's key columns when they differ from `key` (an op matched by what it
    /// computes under another name); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base_key: Option<K>,
    pub base_ps: i64,
    pub cand_ps: i64,
    /// `cand_ps − base_ps`.
    pub delta_ps: i64,
    /// `100 · delta_ps / base_ps`; null when `base_ps` is 0.
    pub delta_pct: Option<f64>,
    pub base_occurrences: u64,
    pub cand_occurrences: u64,
    pub status: Status,
    /// The matching rule that paired the rows; null for a row on one side only.
    pub rule: Option<&'static str>,
    /// Slice id of the base row's longest occurrence.
    pub base_longest: Option<u32>,
    /// Slice id of the candidate row's longest occurrence.
    pub cand_longest: Option<u32>,
}

/// Whether a row is on both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// On both.
    Matched,
    /// Only in the candidate.
    Added,
    /// Only in the base.
    Removed,
}

/// Key columns of a kernel row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KernelKey {
    pub kernel_name: String,
    pub grid_dim: String,
    pub block_dim: String,
}

/// Key columns of an HLO op row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HloOpKey {
    /// The normalised module name.
    pub module: String,
    pub hlo_op_name: String,
    pub category: String,
    pub hlo_op_expression: String,
}

/// Key columns of a framework op row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FrameworkOpKey {
    pub host_or_device: String,
    #[serde(rename = "type")]
    pub op_type: String,
    pub operation: String,
}

/// Key columns of an event row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EventKey {
    pub role: String,
    pub name: String,
}

/// Key column of a step row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StepKey {
    pub step: i64,
}

/// A row of the regressions or improvements list.
#[derive(Clone, Debug, Serialize)]
pub struct TopRow {
    /// `kernels`, `hlo_ops`, `framework_ops` or `events`.
    pub table: &'static str,
    /// The row's index in that table.
    pub row: usize,
    /// The row for people (`aten::mm`, `jit_f/dot.1`).
    pub label: String,
    pub base_ps: i64,
    pub cand_ps: i64,
    pub delta_ps: i64,
    pub delta_pct: Option<f64>,
    pub status: Status,
}

/// Per table, what its rows add up to.
#[derive(Clone, Debug, Default, Serialize)]
pub struct TableTotals {
    pub kernels: TableTotal,
    pub hlo_ops: TableTotal,
    pub framework_ops: TableTotal,
    pub events: TableTotal,
    pub steps: TableTotal,
}

/// Both sides' sums over a table, and its rows by status. `delta_ps` is the sum of every
/// row's delta, added and removed rows included.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TableTotal {
    pub base_ps: i64,
    pub cand_ps: i64,
    pub delta_ps: i64,
    pub matched: usize,
    pub added: usize,
    pub removed: usize,
}

/// Something the comparison could not match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Unmatched {
    /// What (`kernels`, `steps`, `profiles`, ...).
    pub what: String,
    /// Why, for people.
    pub why: String,
}

/// `100 · delta / base`, or `None` when `base` is 0.
pub fn pct(delta: i64, base: i64) -> Option<f64> {
    (base != 0).then(|| 100.0 * delta as f64 / base as f64)
}
