//! Comparing two runs: a [`DiffSide`] per profile (small tables: kernels, HLO ops, framework
//! ops, events by name per track role, steps, totals), then [`diff`] of two sides into a
//! [`DiffReport`] whose rows are matched by named rules ([`tables`]), with every row of both
//! sides kept (`matched`, `added`, `removed`), so each table's row deltas add up to the change
//! of its total.
//!
//! `side.rs` builds a side from one profile, `hlo_identity.rs` says which HLO ops are the same
//! across compilations, `matching.rs` pairs rows by rules, `tables.rs` holds each table's rules,
//! `summary.rs` the headline, the unmatched list and the biggest changes, `report.rs` the
//! document.

pub mod hlo_identity;
pub mod matching;
pub mod report;
pub mod side;
pub mod summary;
pub mod tables;

pub use report::{DiffReport, DiffRow, DiffSummary, Status, TableTotal, TableTotals, Unmatched};
pub use side::DiffSide;

/// Compares `cand` with `base`.
pub fn diff(base: &DiffSide, cand: &DiffSide) -> DiffReport {
    let (kernels, k) = tables::kernels(&base.kernels, &cand.kernels);
    let (hlo_ops, h) = tables::hlo_ops(&base.hlo_ops, &cand.hlo_ops);
    let (framework_ops, f) = tables::framework_ops(&base.framework_ops, &cand.framework_ops);
    let (events, e) = tables::events(&base.events, &cand.events);
    let (steps, s) = tables::steps(&base.steps, &cand.steps);
    let matched_steps = steps
        .iter()
        .filter(|r| r.status == Status::Matched && r.rule == Some("number"))
        .count();
    let mut report = DiffReport {
        summary: summary::summary(base, cand, matched_steps),
        regressions: Vec::new(),
        improvements: Vec::new(),
        kernels,
        hlo_ops,
        framework_ops,
        events,
        steps,
        totals: TableTotals {
            kernels: k,
            hlo_ops: h,
            framework_ops: f,
            events: e,
            steps: s,
        },
        unmatched: Vec::new(),
    };
    report.unmatched = summary::unmatched(&report);
    summary::top_rows(&mut report);
    report
}

/// The chart of both runs' step times (`diffStepChart`): a histogram per run on shared bins.
pub fn step_chart(base: &DiffSide, cand: &DiffSide) -> crate::charts::Chart {
    use crate::charts::{Chart, StepCompare, StepSeries};
    let series = |label: &str, s: &DiffSide| StepSeries {
        label: label.to_owned(),
        times_ps: s.steps.iter().map(|s| s.time_ps).collect(),
    };
    Chart::StepCompare(StepCompare {
        title: "Step time: base and candidate".to_owned(),
        series: vec![series("base", base), series("candidate", cand)],
        bins: None,
    })
}
