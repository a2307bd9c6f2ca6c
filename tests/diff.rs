//! Comparing two runs (`planeview::analysis::diff`, the `diffSide` / `diff` / `diffStepChart`
//! calls and `planeview diff`) on real pairs of the corpus: a documented change, two runs of
//! the same program, two compilations of one JAX program, and unrelated profiles.

#![allow(clippy::disallowed_methods)] // tests do I/O; the rule is for the core

mod common;

use planeview::analysis::compat::Compat;
use planeview::analysis::diff::{DiffReport, DiffSide, TableTotal, diff};
use planeview::analysis::framework_ops::framework_op_stats_with;
use planeview::analysis::hlo_stats::hlo_stats_with;
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
    DiffSide::of(
        &t,
        &framework_op_stats_with(&t, Compat::Planeview),
        &hlo_stats_with(&t, Compat::Planeview),
    )
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
            (total.matched + total.removed, total.matched + total.added),
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
    assert_eq!(
        (s.base_step_ps / 10_000_000, s.cand_step_ps / 10_000_000),
        (1167, 2235)
    );
    let pct = s.delta_pct.unwrap();
    assert!((91.0..92.0).contains(&pct), "{pct}");
    assert_eq!(
        s.text,
        "the candidate's mean step is 91.6% slower (8 steps vs 8)"
    );
    // The matmuls of the wider layer: aten::mm (+7.612 ms/step) and aten::addmm (+3.072).
    let top: Vec<&str> = r.regressions.iter().map(|t| t.label.as_str()).collect();
    assert_eq!(
        top[..2],
        ["aten::mm (Host)", "aten::addmm (Host)"],
        "{top:?}"
    );
    let mm = &r.framework_ops[r.regressions[0].row];
    assert_eq!(mm.key.operation, "aten::mm");
    assert_eq!((mm.base_occurrences, mm.cand_occurrences), (40, 40));
    // Self ms per step × 8 steps, to the µs of the ground truth's rounding.
    let us_per_step = |ps: i64| (ps / 8 + 500_000) / 1_000_000;
    assert_eq!(
        (us_per_step(mm.base_ps), us_per_step(mm.cand_ps)),
        (4502, 12114)
    );
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
    let (base, cand) = (
        call(&sb, "diffSide", json!([])),
        call(&sc, "diffSide", json!([])),
    );
    assert_eq!(base["steps"].as_array().unwrap().len(), 8);
    assert!(
        base["framework_ops"][0]["longest"].is_u64(),
        "{}",
        base["framework_ops"][0]
    );
    // Stateless: any engine with a profile answers, here the base's.
    let request = json!({ "method": "diff", "args": [base, cand] }).to_string();
    let reply = sb.handle_json(&request).unwrap();
    let cli = serde_json::to_string(&diff(&side(&b), &side(&c))).unwrap();
    assert_eq!(
        reply, cli,
        "the call and planeview diff --json are one document"
    );
    let report: Value = serde_json::from_str(&reply).unwrap();
    assert_eq!(report["regressions"][0]["label"], "aten::mm (Host)");
    let chart = call(&sb, "diffStepChart", json!([base, cand]));
    assert_eq!(chart["chart"]["kind"], "step_compare");
    let svg = chart["svg"].as_str().unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("candidate: 8 steps"),
        "{svg:.300}"
    );
    assert_eq!(
        svg.matches("data-bar=").count(),
        chart_bars(&chart),
        "a hit per bar"
    );
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
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in [
        "base_step_ps",
        "cand_step_ps",
        "delta_pct",
        "basis",
        "base_steps",
        "cand_steps",
    ] {
        assert!(v["summary"].get(key).is_some(), "summary lacks {key}");
    }
    for table in [
        "kernels",
        "hlo_ops",
        "framework_ops",
        "events",
        "steps",
        "unmatched",
    ] {
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
        assert!(
            row.get(key).is_some(),
            "framework op row lacks {key}: {row}"
        );
    }
    assert_eq!(v["events"][0]["role"], "host_thread");
    assert!(v["steps"][0]["step"].is_i64());
    // +91.6 %: above 50 fails with exit 3 and one line, under 100 passes.
    let out = planeview(&["diff", b, c, "--fail-above", "50"]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("planeview: regression: the candidate's mean step is 91.6% slower"),
        "{err}"
    );
    assert!(
        !out.stdout.is_empty(),
        "the report is printed before the verdict"
    );
    assert_eq!(
        planeview(&["diff", b, c, "--fail-above", "100"])
            .status
            .code(),
        Some(0)
    );
    // The other way round the candidate is faster: no regression at any limit.
    assert_eq!(
        planeview(&["diff", c, b, "--fail-above", "0", "--json"])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(planeview(&["diff", b]).status.code(), Some(1));
    assert_eq!(
        planeview(&["diff", b, c, "--fail-above", "x"])
            .status
            .code(),
        Some(1)
    );
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

const RESNET_RUN1: &str = "chrome_json/kineto__resnet50_nw0_worker0.1623143089861.pt.trace.json.gz";
const RESNET_RUN2: &str = "multi/diff_same_program/resnet50_nw0_run2.pt.trace.json.gz";

/// Rows smaller than this share of their table's larger total are below the noise floor.
const NOISE_FLOOR: f64 = 0.001;
/// The noise bands of `docs/COMPARE.md` § Noise band, in percent: compute kernels; memory
/// copies and the device rows of the framework ops that launch them; host work; steps.
const KERNEL_BAND: f64 = 5.0;
const COPY_BAND: f64 = 20.0;
const HOST_BAND: f64 = 60.0;
const STEP_BAND: f64 = 20.0;

/// Two runs of one ResNet-50 program on one V100, profiled 8 minutes apart: the same kernels
/// and ops on both sides, and every change within the noise band.
#[test]
fn two_runs_of_one_program_stay_within_the_noise_band() {
    let Some((base, cand)) = pair(RESNET_RUN1, RESNET_RUN2) else {
        return;
    };
    let r = diff(&base, &cand);
    assert_reconciles(&base, &cand, &r);
    for t in [
        &r.totals.kernels,
        &r.totals.framework_ops,
        &r.totals.events,
        &r.totals.steps,
    ] {
        assert_eq!((t.added, t.removed), (0, 0), "the same program: {t:?}");
    }
    assert!(r.totals.kernels.matched > 200, "{:?}", r.totals.kernels);
    assert!(r.unmatched.is_empty(), "{:?}", r.unmatched);
    // The runs' step numbers differ (#5..#10 and #16..#21): steps pair by position.
    assert!(r.steps.iter().all(|s| s.rule == Some("position")));
    fn widest<K>(rows: &[planeview::analysis::diff::DiffRow<K>], keep: impl Fn(&K) -> bool) -> f64 {
        let total = rows
            .iter()
            .map(|r| r.base_ps)
            .sum::<i64>()
            .max(rows.iter().map(|r| r.cand_ps).sum());
        rows.iter()
            .filter(|r| {
                keep(&r.key) && r.base_ps.max(r.cand_ps) as f64 >= NOISE_FLOOR * total as f64
            })
            .map(|r| {
                r.delta_pct
                    .expect("a matched row above the floor has a base time")
                    .abs()
            })
            .fold(0.0, f64::max)
    }
    let kernels = widest(&r.kernels, |_| true);
    let device_ops = widest(&r.framework_ops, |k| {
        k.host_or_device == "Device" && k.op_type != "IDLE"
    });
    let is_copy = |name: &str| name.starts_with("Memcpy") || name.starts_with("Memset");
    let device_kernels = widest(&r.events, |k| {
        k.role == "device_stream" && !is_copy(&k.name)
    });
    let copies = widest(&r.events, |k| k.role == "device_stream" && is_copy(&k.name));
    let host_ops = widest(&r.framework_ops, |k| k.host_or_device == "Host");
    let host_events = widest(&r.events, |k| k.role == "host_thread");
    let steps = widest(&r.steps, |_| true);
    let mean = r.summary.delta_pct.unwrap().abs();
    let measured = format!(
        "kernels {kernels:.1}%, kernel events {device_kernels:.1}%, copies {copies:.1}%, device ops \
         {device_ops:.1}%, host ops {host_ops:.1}%, host events {host_events:.1}%, steps \
         {steps:.1}%, mean step {mean:.1}%"
    );
    eprintln!("noise measured: {measured}");
    assert!(
        kernels <= KERNEL_BAND && device_kernels <= KERNEL_BAND,
        "{measured}"
    );
    assert!(copies <= COPY_BAND && device_ops <= COPY_BAND, "{measured}");
    for host in [host_ops, host_events] {
        assert!(host <= HOST_BAND, "{measured}");
    }
    assert!(steps <= STEP_BAND && mean <= STEP_BAND, "{measured}");
    // Device work is stable where the host is not: the total kernel time moved by < 0.1 %.
    let k = &r.totals.kernels;
    assert!(
        (k.delta_ps.abs() as f64) < 0.001 * k.base_ps as f64,
        "{k:?}"
    );
}

/// Two compilations of one JAX program (the small and the large run of the same MLP, and the
/// two processes of one job): every HLO op pairs with the op that computes the same thing.
#[test]
fn hlo_ops_of_two_compilations_match_by_what_they_compute() {
    for (b, c, ops) in [
        (
            "xplane/jax_cpu_mlp_small.xplane.pb",
            "xplane/jax_cpu_mlp_large.xplane.pb.gz",
            29,
        ),
        (
            "multi/jax_cpu_2proc/host0.xplane.pb",
            "multi/jax_cpu_2proc/host1.xplane.pb",
            34,
        ),
    ] {
        let Some((base, cand)) = pair(b, c) else {
            return;
        };
        let r = diff(&base, &cand);
        assert_reconciles(&base, &cand, &r);
        let t = &r.totals.hlo_ops;
        assert_eq!((t.matched, t.added, t.removed), (ops, 0, 0), "{b}");
        for row in &r.hlo_ops {
            assert_eq!(row.rule, Some("computation"), "{b}: {:?}", row.key);
            assert!(
                row.base_key.is_none(),
                "{b}: {:?} matched another op",
                row.key
            );
            assert!(
                !row.key.module.contains('('),
                "{b}: module not normalised: {}",
                row.key.module
            );
        }
        // The ops are counted as the host ran them: each side's occurrences as in its profile.
        let occurrences = |s: &DiffSide| s.hlo_ops.iter().map(|o| o.occurrences).sum::<u64>();
        let rows = |f: fn(&planeview::analysis::diff::DiffRow<_>) -> u64| {
            r.hlo_ops.iter().map(f).sum::<u64>()
        };
        assert_eq!(rows(|r| r.base_occurrences), occurrences(&base));
        assert_eq!(rows(|r| r.cand_occurrences), occurrences(&cand));
    }
}

/// HTA's trace-compare pair: the test trace adds three operators and drops a launch; the rows
/// added are exactly the operator names only the test trace has (counted from the JSON).
#[test]
fn the_hta_compare_pair_adds_the_operators_only_the_test_trace_has() {
    let (Some(b), Some(c)) = (
        corpus("chrome_json/hta__trace_compare_base_base.json.gz"),
        corpus("chrome_json/hta__trace_compare_test_test.json.gz"),
    ) else {
        return;
    };
    let names = |p: &Path| -> std::collections::BTreeSet<String> {
        let bytes = planeview::import::gunzip(&common::read(p), 1 << 26)
            .unwrap()
            .data;
        let v: Value = serde_json::from_slice(&bytes).unwrap();
        v["traceEvents"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["cat"] == "cpu_op")
            .map(|e| e["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let only_test: Vec<String> = names(&c).difference(&names(&b)).cloned().collect();
    assert!(!only_test.is_empty());
    let (base, cand) = (side(&b), side(&c));
    let r = diff(&base, &cand);
    assert_reconciles(&base, &cand, &r);
    let mut added: Vec<String> = r
        .framework_ops
        .iter()
        .filter(|o| o.status == planeview::analysis::diff::Status::Added)
        .map(|o| o.key.operation.clone())
        .collect();
    added.sort();
    assert_eq!(added, only_test);
    assert_eq!(r.totals.framework_ops.removed, 0);
    assert_eq!(
        r.summary.text,
        "the candidate's mean step is unchanged (2 steps vs 2)"
    );
}

/// A profile compared with itself: every row matched by its first rule, nothing changed.
#[test]
fn a_profile_compared_with_itself_is_unchanged() {
    for file in [
        "chrome_json/hta__trace_diff_control_control.json.gz",
        "xplane/tf_gpu_multi_worker.xplane.pb",
        "xplane/tpu_inference_2.xplane.pb",
        TORCH_BASE,
    ] {
        let Some(p) = corpus(file) else {
            return;
        };
        let s = side(&p);
        let r = diff(&s, &s);
        assert_reconciles(&s, &s, &r);
        let rows = r.kernels.len() + r.hlo_ops.len() + r.framework_ops.len() + r.events.len();
        assert!(rows > 0, "{file}");
        let first = [
            "name+grid+block",
            "computation",
            "type+operation",
            "role+name",
            "number",
        ];
        let check = |rule: Option<&str>, delta: i64, renamed: bool, what: &str| {
            assert!(
                rule.is_some_and(|r| first.contains(&r)),
                "{file}: {what} by {rule:?}"
            );
            assert!(delta == 0 && !renamed, "{file}: {what}");
        };
        r.kernels
            .iter()
            .for_each(|x| check(x.rule, x.delta_ps, x.base_key.is_some(), &x.key.kernel_name));
        r.hlo_ops
            .iter()
            .for_each(|x| check(x.rule, x.delta_ps, x.base_key.is_some(), &x.key.hlo_op_name));
        r.framework_ops
            .iter()
            .for_each(|x| check(x.rule, x.delta_ps, x.base_key.is_some(), &x.key.operation));
        r.events
            .iter()
            .for_each(|x| check(x.rule, x.delta_ps, x.base_key.is_some(), &x.key.name));
        r.steps
            .iter()
            .for_each(|x| check(x.rule, x.delta_ps, x.base_key.is_some(), "a step"));
        assert!(
            r.regressions.is_empty() && r.improvements.is_empty(),
            "{file}"
        );
        assert_eq!(r.summary.delta_pct, Some(0.0), "{file}");
        assert!(r.unmatched.is_empty(), "{file}: {:?}", r.unmatched);
    }
}

/// A PyTorch CPU training step against a JAX MLP on CPU: nothing in common, said so, and both
/// sides still in the report.
#[test]
fn unrelated_profiles_say_why_nothing_matched() {
    let Some((base, cand)) = pair(TORCH_BASE, "xplane/jax_cpu_mlp_small.xplane.pb") else {
        return;
    };
    let r = diff(&base, &cand);
    assert_reconciles(&base, &cand, &r);
    let what: Vec<&str> = r.unmatched.iter().map(|u| u.what.as_str()).collect();
    assert!(what.contains(&"profiles"), "{:?}", r.unmatched);
    assert!(
        what.contains(&"framework_ops") && what.contains(&"hlo_ops"),
        "{what:?}"
    );
    let t = &r.totals;
    assert_eq!(
        (t.framework_ops.removed, t.framework_ops.added),
        (base.framework_ops.len(), 0)
    );
    assert_eq!(
        (t.hlo_ops.removed, t.hlo_ops.added),
        (0, cand.hlo_ops.len())
    );
    assert_eq!(t.events.matched, 0);
    assert_eq!(
        (t.events.removed, t.events.added),
        (base.events.len(), cand.events.len())
    );
}

/// The step chart of the torch pair, drawn as the page gets it.
#[test]
fn step_chart_of_the_torch_pair() {
    let Some((base, cand)) = pair(TORCH_BASE, TORCH_CHANGED) else {
        return;
    };
    let chart = planeview::analysis::diff::step_chart(&base, &cand);
    let svg = planeview::charts::render_svg(&chart, 720, 324).unwrap();
    assert!(svg.contains("base: 8 steps, mean 11.67 ms"), "{svg:.400}");
    assert!(svg.contains("candidate: 8 steps, mean 22.36 ms"));
    common::assert_snapshot("diff_torch_pair_step_chart", &svg);
}

/// XLA renumbers fusions between compilations: when the candidate's `ynn_fusion.2` computes
/// what the base's `ynn_fusion.5` did (and the other way round), each pairs with the op that
/// computes the same thing, not with the op of the same name.
#[test]
fn renumbered_ops_pair_by_what_they_compute_not_by_name() {
    let Some(p) = corpus("xplane/jax_cpu_mlp_small.xplane.pb") else {
        return;
    };
    let base = side(&p);
    let ops = &base.hlo_ops;
    let (a, b) = (0..ops.len())
        .flat_map(|i| (0..ops.len()).map(move |j| (i, j)))
        .find(|&(i, j)| {
            i < j
                && ops[i].module == ops[j].module
                && ops[i].computation.is_some()
                && ops[i].structure != ops[j].structure
        })
        .expect("two ops of one module that compute different things");
    let mut cand = base.clone();
    let (name_a, name_b) = (ops[a].hlo_op_name.clone(), ops[b].hlo_op_name.clone());
    cand.hlo_ops[a].hlo_op_name = name_b.clone();
    cand.hlo_ops[b].hlo_op_name = name_a.clone();
    cand.hlo_ops[a].time_ps *= 3;
    let r = diff(&base, &cand);
    assert_reconciles(&base, &cand, &r);
    assert_eq!(r.totals.hlo_ops.matched, ops.len());
    let row = r
        .hlo_ops
        .iter()
        .find(|r| r.base_key.as_ref().is_some_and(|k| k.hlo_op_name == name_a))
        .expect("the base's op a, renamed");
    assert_eq!(
        row.key.hlo_op_name, name_b,
        "a pairs with the op now named {name_b}"
    );
    assert_eq!(row.rule, Some("computation"));
    assert_eq!(
        (row.base_ps, row.cand_ps),
        (ops[a].time_ps, 3 * ops[a].time_ps)
    );
    let renamed = r.hlo_ops.iter().filter(|r| r.base_key.is_some()).count();
    assert_eq!(renamed, 2, "only the two swapped ops changed names");
    assert_eq!(
        r.regressions[0].label,
        format!("{}/{name_b}", ops[a].module)
    );
}
