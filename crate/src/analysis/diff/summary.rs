//! The headline of a comparison, what could not be matched, and the biggest changes.

use super::report::{DiffReport, DiffRow, DiffSummary, TableTotal, TopRow, Unmatched, pct};
use super::side::DiffSide;

/// Rows in each of the regressions and improvements lists.
const TOP: usize = 10;

/// Changes smaller than this (in percent) read as "unchanged".
const UNCHANGED_PCT: f64 = 0.05;

/// The summary: mean step times when both sides have steps, else total device time when both
/// ran device work, else total host time.
pub fn summary(base: &DiffSide, cand: &DiffSide, matched_steps: usize) -> DiffSummary {
    let mean = |s: &DiffSide| {
        let n = s.steps.len() as i64;
        s.steps.iter().map(|s| s.time_ps).sum::<i64>() / n.max(1)
    };
    let (basis, b, c) = if !base.steps.is_empty() && !cand.steps.is_empty() {
        ("steps", mean(base), mean(cand))
    } else if base.totals.device_ps > 0 && cand.totals.device_ps > 0 {
        ("device time", base.totals.device_ps, cand.totals.device_ps)
    } else {
        ("host time", base.totals.host_ps, cand.totals.host_ps)
    };
    let delta_pct = pct(c - b, b);
    let change = match delta_pct {
        None => "not comparable (the base's is 0)".to_owned(),
        Some(p) if p.abs() < UNCHANGED_PCT => "unchanged".to_owned(),
        Some(p) if p > 0.0 => format!("{p:.1}% slower"),
        Some(p) => format!("{:.1}% faster", -p),
    };
    let (nb, nc) = (base.steps.len(), cand.steps.len());
    let text = if basis == "steps" {
        format!("the candidate's mean step is {change} ({nb} steps vs {nc})")
    } else {
        format!("the candidate's total {basis} is {change} (no steps to compare: {nb} vs {nc})")
    };
    DiffSummary {
        base_step_ps: b,
        cand_step_ps: c,
        delta_pct,
        basis,
        base_steps: nb,
        cand_steps: nc,
        matched_steps,
        base_device_ps: base.totals.device_ps,
        cand_device_ps: cand.totals.device_ps,
        base_host_ps: base.totals.host_ps,
        cand_host_ps: cand.totals.host_ps,
        text,
    }
}

/// What could not be matched: a table one side lacks, a table where no row matched, and
/// two profiles with nothing in common.
pub fn unmatched(report: &DiffReport) -> Vec<Unmatched> {
    let t = &report.totals;
    let tables: [(&str, &str, TableTotal); 5] = [
        ("kernels", "kernels", t.kernels),
        ("hlo_ops", "HLO ops", t.hlo_ops),
        ("framework_ops", "framework ops", t.framework_ops),
        ("events", "event names", t.events),
        ("steps", "steps", t.steps),
    ];
    let mut out = Vec::new();
    for (what, noun, total) in tables {
        let (nb, nc) = (total.matched + total.removed, total.matched + total.added);
        let why = match (nb, nc, total.matched) {
            (0, 0, _) => continue,
            (b, 0, _) => format!("only the base has {noun} ({b}); the candidate has none"),
            (0, c, _) => format!("only the candidate has {noun} ({c}); the base has none"),
            (b, c, 0) => format!(
                "none of the base's {b} {noun} matches one of the candidate's {c} by any rule"
            ),
            _ => continue,
        };
        out.push(Unmatched {
            what: what.to_owned(),
            why,
        });
    }
    let s = &report.summary;
    if s.basis != "steps" && (s.base_steps > 0 || s.cand_steps > 0) {
        out.push(Unmatched {
            what: "summary".to_owned(),
            why: format!(
                "only one side has steps ({} vs {}), so the summary compares total {}",
                s.base_steps, s.cand_steps, s.basis
            ),
        });
    }
    // Step numbers match by accident; what the programs ran is in the other tables.
    let ran = &tables[..4];
    let matched: usize = ran.iter().map(|(_, _, t)| t.matched).sum();
    let rows: usize = ran.iter().map(|(_, _, t)| t.added + t.removed).sum();
    if matched == 0 && rows > 0 {
        out.push(Unmatched {
            what: "profiles".to_owned(),
            why: "the two profiles have nothing in common: no kernel, HLO op, framework op or \
                  event name of one matches the other; every such row is added or removed"
                .to_owned(),
        });
    }
    out
}

/// Fills the regressions and improvements lists from the op tables (kernels, HLO ops,
/// framework ops without `IDLE`), or from the events when those are empty.
pub fn top_rows(report: &mut DiffReport) {
    let mut all = Vec::new();
    collect(&mut all, "kernels", &report.kernels, |k| {
        format!(
            "{} (grid {}, block {})",
            k.kernel_name, k.grid_dim, k.block_dim
        )
    });
    collect(&mut all, "hlo_ops", &report.hlo_ops, |o| {
        format!("{}/{}", o.module, o.hlo_op_name)
    });
    for (row, r) in report.framework_ops.iter().enumerate() {
        if r.key.op_type != "IDLE" {
            let label = format!("{} ({})", r.key.operation, r.key.host_or_device);
            all.push(top("framework_ops", row, label, r));
        }
    }
    if all.is_empty() {
        collect(&mut all, "events", &report.events, |e| {
            format!("{} ({})", e.name, e.role)
        });
    }
    let mut up: Vec<TopRow> = all.iter().filter(|r| r.delta_ps > 0).cloned().collect();
    up.sort_by_key(|r| std::cmp::Reverse(r.delta_ps));
    up.truncate(TOP);
    let mut down: Vec<TopRow> = all.into_iter().filter(|r| r.delta_ps < 0).collect();
    down.sort_by_key(|r| r.delta_ps);
    down.truncate(TOP);
    report.regressions = up;
    report.improvements = down;
}

fn collect<K>(
    out: &mut Vec<TopRow>,
    table: &'static str,
    rows: &[DiffRow<K>],
    label: impl Fn(&K) -> String,
) {
    out.extend(
        rows.iter()
            .enumerate()
            .map(|(i, r)| top(table, i, label(&r.key), r)),
    );
}

fn top<K>(table: &'static str, row: usize, label: String, r: &DiffRow<K>) -> TopRow {
    TopRow {
        table,
        row,
        label,
        base_ps: r.base_ps,
        cand_ps: r.cand_ps,
        delta_ps: r.delta_ps,
        delta_pct: r.delta_pct,
        status: r.status,
    }
}
