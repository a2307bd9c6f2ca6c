//! Comparing two runs (`planeview::analysis::diff`, the `diffSide` / `diff` / `diffStepChart`
//! calls and `planeview diff`) on real pairs of the corpus: a documented change, two runs of
//! the same program, two compilations of one JAX program, and unrelated profiles.

#![allow(clippy::disallowed_methods)] // tests do I/O; the rule is for the core

mod common;

use planeview::analysis::compat::Compat;
use planeview::analysis::diff::{DiffReport, DiffSide, TableTotal, diff};
use planeview::analysis::framework_ops::framework_op_stats_with;
use planeview::api::Session;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A corpus file, or `None` (the test skips) without the corpus.
fn corpus(rel: &str) -> Option<PathBuf> {
    let path = common::corpus_dir()?.join(rel);
    if path.is_file() {
        Some(path)
    } else {
        common::skip(&format!("{} is not in the corpus", path.display()));
        None
    }
}

fn import(path: &Path) -> planeview::Trace {
    planeview::import::import_bytes(&common::read(path))
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .trace
}

/// The side of one profile, as the CLI computes it.
fn side(path: &Path) -> DiffSide {
    let t = import(path);
    DiffSide::of(&t, &framework_op_stats_with(&t, Compat::Planeview))
}

fn pair(base: &str, cand: &str) -> Option<(DiffSide, DiffSide)> {
    Some((side(&corpus(base)?), side(&corpus(cand)?)))
}

const TORCH_BASE: &str = "multi/diff_pair_torch/base.pt.trace.json.gz";
const TORCH_CHANGED: &str = "multi/diff_pair_torch/changed.pt.trace.json.gz";

/// Every table's rows add up: the sum of the row deltas (added and removed rows included) is
/// the change of the table's total, each side's rows sum to what the side holds, and every row
/// of both sides is in the report exactly once.
fn assert_reconciles(base: &DiffSide, cand: &DiffSide, r: &DiffReport) {
    fn check<K>(
        what: &str,
        rows: &[planeview::analysis::diff::DiffRow<K>],
        total: &TableTotal,
        side_sums: (i64, i64),
        side_rows: (usize, usize),
    ) {
        let delta: i64 = rows.iter().map(|r| r.delta_ps).sum();
        let base: i64 = rows.iter().map(|r| r.base_ps).sum();
        let cand: i64 = rows.iter().map(|r| r.cand_ps).sum();
        assert_eq!(delta, cand - base, "{what}: row deltas");
        assert_eq!((base, cand), side_sums, "{what}: rows against the sides");
        assert_eq!(total.delta_ps, side_sums.1 - side_sums.0, "{what}: total");
        assert_eq!((total.base_ps, total.cand_ps), side_sums, "{what}: totals");
        assert_eq!(
            (
                total.matched + total.removed,
                total.matched + total.added
            ),
            side_rows,
            "{what}: every row once"
        );
        assert_eq!(rows.len(), total.matched + total.added + total.removed);
        let abs: Vec<u64> = rows.iter().map(|r| r.delta_ps.unsigned_abs()).collect();
        assert!(abs.windows(2).all(|w| w[0] >= w[1]), "{what}: sorted");
    }
    let sum = |v: &[i64]| v.iter().sum::<i64>();
    macro_rules! table {
        ($name:ident) => {
            check(
                stringify!($name),
                &r.$name,
                &r.totals.$name,
                (
                    sum(&base.$name.iter().map(|x| x.time_ps).collect::<Vec<_>>()),
                    sum(&cand.$name.iter().map(|x| x.time_ps).collect::<Vec<_>>()),
                ),
                (base.$name.len(), cand.$name.len()),
            )
        };
    }
    table!(kernels);
    table!(hlo_ops);
    table!(framework_ops);
    table!(events);
    table!(steps);
    // The host threads' event rows (self time) add up to the host time of each side, and
    // their deltas to the change of host time.
    let host = |rows: &[planeview::analysis::diff::DiffRow<_>], pick: fn(&_) -> i64| -> i64 {
        rows.iter().map(pick).sum()
    };
    let host_rows: Vec<_> = r
        .events
        .iter()
        .filter(|e| e.key.role == "host_thread")
        .cloned()
        .collect();
    let (b, c) = (
        host(&host_rows, |e| e.base_ps),
        host(&host_rows, |e| e.cand_ps),
    );
    assert_eq!(
        (b, c),
        (r.summary.base_host_ps, r.summary.cand_host_ps),
        "host events against host time"
    );
    assert_eq!(
        host(&host_rows, |e| e.delta_ps),
        r.summary.cand_host_ps - r.summary.base_host_ps
    );
}

#[test]
fn the_wider_linear_layer_is_the_top_regression() {
    let Some((base, cand)) = pair(TORCH_BASE, TORCH_CHANGED) else {
        return;
    };
    let r = diff(&base, &cand);
    assert_reconciles(&base, &cand, &r);
    let s = &r.summary;
    // corpus/multi/README.md: 8 steps each, mean 11.67 ms → 22.36 ms.
    assert_eq!((s.basis, s.base_steps, s.cand_steps), ("steps", 8, 8));
    assert_eq!(s.matched_steps, 8);
    assert_eq!((s.base_step_ps / 10_000_000, s.cand_step_ps / 10_000_000), (1167, 2235));
    let pct = s.delta_pct.unwrap();
    assert!((91.0..92.0).contains(&pct), "{pct}");
    assert_eq!(
        s.text,
        "the candidate's mean step is 91.6% slower (8 steps vs 8)"
    );
    // The matmuls of the wider layer: aten::mm (+7.612 ms/step) and aten::addmm (+3.072).
    let top: Vec<&str> = r.regressions.iter().map(|t| t.label.as_str()).collect();
    assert_eq!(top[..2], ["aten::mm (Host)", "aten::addmm (Host)"], "{top:?}");
    let mm = &r.framework_ops[r.regressions[0].row];
    assert_eq!(mm.key.operation, "aten::mm");
    assert_eq!((mm.base_occurrences, mm.cand_occurrences), (40, 40));
    // Self ms per step × 8 steps, to the µs of the ground truth's rounding.
    assert_eq!((mm.base_ps / 8 / 1_000_000, mm.cand_ps / 8 / 1_000_000), (4502, 12114));
    // Same op set and call counts: nothing added or removed.
    for t in [&r.totals.framework_ops, &r.totals.events, &r.totals.steps] {
        assert_eq!((t.added, t.removed), (0, 0), "{t:?}");
    }
    assert!(r.unmatched.is_empty(), "{:?}", r.unmatched);
}

/// The calls as the page makes them: `diffSide` on each profile's engine, then the stateless
/// `diff` and `diffStepChart` with both sides.
#[test]
fn the_engine_calls_compare_two_loaded_profiles() {
    let (Some(b), Some(c)) = (corpus(TORCH_BASE), corpus(TORCH_CHANGED)) else {
        return;
    };
    let session = |p: &Path| {
        let mut s = Session::new();
        s.push(&common::read(p)).unwrap();
        s.finish().unwrap();
        s
    };
    let call = |s: &Session, method: &str, args: Value| -> Value {
        let request = json!({ "method": method, "args": args }).to_string();
        serde_json::from_str(&s.handle_json(&request).unwrap()).unwrap()
    };
    let (sb, sc) = (session(&b), session(&c));
    let (base, cand) = (call(&sb, "diffSide", json!([])), call(&sc, "diffSide", json!([])));
    assert_eq!(base["steps"].as_array().unwrap().len(), 8);
    assert!(base["framework_ops"][0]["longest"].is_u64(), "{}", base["framework_ops"][0]);
    // Stateless: any engine with a profile answers, here the base's.
    let request = json!({ "method": "diff", "args": [base, cand] }).to_string();
    let reply = sb.handle_json(&request).unwrap();
    let cli = serde_json::to_string(&diff(&side(&b), &side(&c))).unwrap();
    assert_eq!(reply, cli, "the call and planeview diff --json are one document");
    let report: Value = serde_json::from_str(&reply).unwrap();
    assert_eq!(report["regressions"][0]["label"], "aten::mm (Host)");
    let chart = call(&sb, "diffStepChart", json!([base, cand]));
    assert_eq!(chart["chart"]["kind"], "step_compare");
    let svg = chart["svg"].as_str().unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("candidate: 8 steps"), "{svg:.300}");
    assert_eq!(svg.matches("data-bar=").count(), chart_bars(&chart), "a hit per bar");
}

/// Non-empty bars of a step chart: bins with steps, per run.
fn chart_bars(chart: &Value) -> usize {
    let series = chart["chart"]["series"].as_array().unwrap();
    let c: planeview::charts::StepCompare = serde_json::from_value(chart["chart"].clone()).unwrap();
    let (_, _, counts) = c.binned();
    assert_eq!(counts.len(), series.len());
    counts.iter().flatten().filter(|n| **n > 0).count()
}

fn planeview(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_planeview"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn cli_json_has_the_contract_keys_and_fail_above_exits_3() {
    let (Some(b), Some(c)) = (corpus(TORCH_BASE), corpus(TORCH_CHANGED)) else {
        return;
    };
    let (b, c) = (b.to_str().unwrap(), c.to_str().unwrap());
    let out = planeview(&["diff", b, c, "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in ["base_step_ps", "cand_step_ps", "delta_pct", "basis", "base_steps", "cand_steps"] {
        assert!(v["summary"].get(key).is_some(), "summary lacks {key}");
    }
    for table in ["kernels", "hlo_ops", "framework_ops", "events", "steps", "unmatched"] {
        assert!(v[table].is_array(), "no {table}");
    }
    let row = &v["framework_ops"][0];
    for key in [
        "host_or_device",
        "type",
        "operation",
        "base_ps",
        "cand_ps",
        "delta_ps",
        "delta_pct",
        "base_occurrences",
        "cand_occurrences",
        "status",
        "rule",
        "base_longest",
        "cand_longest",
    ] {
        assert!(row.get(key).is_some(), "framework op row lacks {key}: {row}");
    }
    assert_eq!(v["events"][0]["role"], "host_thread");
    assert!(v["steps"][0]["step"].is_i64());
    // +91.6 %: above 50 fails with exit 3 and one line, under 100 passes.
    let out = planeview(&["diff", b, c, "--fail-above", "50"]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("planeview: regression: the candidate's mean step is 91.6% slower"), "{err}");
    assert!(!out.stdout.is_empty(), "the report is printed before the verdict");
    assert_eq!(planeview(&["diff", b, c, "--fail-above", "100"]).status.code(), Some(0));
    // The other way round the candidate is faster: no regression at any limit.
    assert_eq!(planeview(&["diff", c, b, "--fail-above", "0", "--json"]).status.code(), Some(0));
    assert_eq!(planeview(&["diff", b]).status.code(), Some(1));
    assert_eq!(planeview(&["diff", b, c, "--fail-above", "x"]).status.code(), Some(1));
}

#[test]
fn text_output_of_the_torch_pair() {
    let (Some(b), Some(c)) = (corpus(TORCH_BASE), corpus(TORCH_CHANGED)) else {
        return;
    };
    let out = planeview(&["diff", b.to_str().unwrap(), c.to_str().unwrap()]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    // The file paths depend on where the corpus is.
    let text = text
        .replace(b.to_str().unwrap(), TORCH_BASE)
        .replace(c.to_str().unwrap(), TORCH_CHANGED);
    common::assert_snapshot("diff_torch_pair", &text);
}
