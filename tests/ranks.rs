//! A whole distributed job on the corpus's real multi-rank profiles: the `rankPartial` and
//! `mergeRanks` calls as the page makes them, checked against numbers computed here straight
//! from the files (the Kineto JSON read with serde_json) and against the ground truth of the
//! corpus's README; `planeview ranks` on a directory, its text as a snapshot.

#![allow(clippy::disallowed_methods)] // tests do I/O; the rule is for the core

mod common;

use planeview::api::Session;
use serde_json::{Value, json};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

fn multi() -> Option<PathBuf> {
    let dir = common::corpus_dir()?.join("multi");
    if dir.is_dir() {
        Some(dir)
    } else {
        common::skip(&format!("{} is missing", dir.display()));
        None
    }
}

fn files(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut f: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    f.sort();
    f
}

fn call(s: &Session, method: &str, args: Value) -> Value {
    let request = json!({ "method": method, "args": args }).to_string();
    let reply = s
        .handle_json(&request)
        .unwrap_or_else(|e| panic!("{method}: {} {e}", e.kind()));
    serde_json::from_str(&reply).unwrap()
}

/// Each file in its own engine, as the page loads a job: its partial, then the merge (sent to
/// the first engine: the call is stateless).
fn report(paths: &[PathBuf], align: Value) -> (Vec<Value>, Value) {
    let mut sessions = Vec::new();
    let mut partials = Vec::new();
    for p in paths {
        let bytes = common::read(p);
        let mut s = Session::new();
        s.reserve(bytes.len() as u64).unwrap();
        for chunk in bytes.chunks(1 << 20) {
            s.push(chunk).unwrap();
        }
        s.finish().unwrap();
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        partials.push(call(&s, "rankPartial", json!([name])));
        sessions.push(s);
    }
    let report = call(&sessions[0], "mergeRanks", json!([partials, align]));
    (partials, report)
}

/// One rank's Kineto trace, parsed by serde_json.
fn kineto(path: &Path) -> Value {
    let mut text = String::new();
    flate2::read::GzDecoder::new(&common::read(path)[..])
        .read_to_string(&mut text)
        .unwrap();
    serde_json::from_str(&text).unwrap()
}

/// Absolute ns of a `ts` (µs from `baseTimeNanoseconds`), to the ns.
fn abs_ns(trace: &Value, ts: &Value) -> i64 {
    trace["baseTimeNanoseconds"].as_i64().unwrap() + (ts.as_f64().unwrap() * 1000.0).round() as i64
}

#[test]
fn torch_ddp_4rank_collectives_and_steps_agree_with_the_json() {
    let Some(dir) = multi() else { return };
    let paths = files(&dir.join("torch_ddp_4rank"), ".json.gz");
    assert_eq!(paths.len(), 4);
    let (partials, r) = report(&paths, json!({"mode": "clock"}));
    for (k, p) in partials.iter().enumerate() {
        assert_eq!(p["rank"], k as i64);
        assert_eq!(p["world_size"], 4);
        assert_eq!(p["backend"], "gloo");
        assert_eq!(p["identity_source"], "distributedInfo");
        assert_eq!(p["clock_absolute"], true);
        assert!(p["origin_ns"].is_string());
    }
    assert_eq!(r["problems"], json!([]));
    let origin: i64 = r["origin_ns"].as_str().unwrap().parse().unwrap();

    // Straight from the JSON: the k-th gloo:all_reduce by start on each rank, and the steps.
    let traces: Vec<Value> = paths.iter().map(|p| kineto(p)).collect();
    let mut starts: Vec<Vec<i64>> = Vec::new();
    for t in &traces {
        let mut s: Vec<i64> = t["traceEvents"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["name"] == "gloo:all_reduce" && e["ph"] == "X")
            .map(|e| abs_ns(t, &e["ts"]))
            .collect();
        s.sort();
        assert_eq!(s.len(), 12);
        starts.push(s);
    }
    let collectives = r["collectives"].as_array().unwrap();
    assert_eq!(collectives.len(), 12);
    let mut latest = Vec::new();
    for (k, c) in collectives.iter().enumerate() {
        assert_eq!(c["instance"], k);
        assert_eq!(c["name"], "gloo:all_reduce");
        let at: Vec<i64> = starts.iter().map(|s| s[k]).collect();
        let (first, last) = (*at.iter().min().unwrap(), *at.iter().max().unwrap());
        let late = at.iter().position(|&a| a == last).unwrap();
        assert_eq!(c["late_rank"], late, "instance {k}");
        let ps = |v: &Value| v.as_i64().unwrap();
        let skew = ps(&c["skew_ps"]);
        assert!(
            (skew - (last - first) * 1000).abs() <= 2000,
            "instance {k}: {skew}"
        );
        for (rank, a) in at.iter().enumerate() {
            let arrival = ps(&c["arrival_ps"][rank.to_string()]);
            assert!(
                (arrival - (a - origin) * 1000).abs() <= 2000,
                "instance {k} rank {rank}"
            );
            let wait = ps(&c["wait_ps"][rank.to_string()]);
            assert!((wait - (last - a) * 1000).abs() <= 2000);
        }
        latest.push(late);
        // 1,066,000 and 263,168 floats: the two DDP buckets.
        assert_eq!(c["bytes"], if k % 2 == 0 { 4_264_000 } else { 1_052_672 });
    }
    // The ground truth table of the corpus README ("latest starter").
    assert_eq!(latest, [0, 0, 0, 2, 1, 0, 3, 3, 2, 2, 2, 2]);

    let steps = r["steps"].as_array().unwrap();
    assert_eq!(
        steps
            .iter()
            .map(|s| s["step"].as_i64().unwrap())
            .collect::<Vec<_>>(),
        [2, 3, 4, 5, 6, 7]
    );
    for (rank, t) in traces.iter().enumerate() {
        for e in t["traceEvents"].as_array().unwrap() {
            let Some(n) = e["name"]
                .as_str()
                .and_then(|n| n.strip_prefix("ProfilerStep#"))
            else {
                continue;
            };
            let n: i64 = n.parse().unwrap();
            let s = steps.iter().find(|s| s["step"] == n).unwrap();
            let time = s["times_ps"][rank.to_string()].as_f64().unwrap();
            assert!(
                (time - e["dur"].as_f64().unwrap() * 1e6).abs() < 2000.0,
                "step {n} rank {rank}"
            );
            let entry = &r["ranks"][rank]["steps"];
            let start = entry
                .as_array()
                .unwrap()
                .iter()
                .find(|x| x["step"] == n)
                .unwrap()["start_ps"]
                .as_i64()
                .unwrap();
            assert!((start - (abs_ns(t, &e["ts"]) - origin) * 1000).abs() <= 2000);
        }
    }
    for s in steps {
        let times: Vec<(i64, f64)> = s["times_ps"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.parse().unwrap(), v.as_f64().unwrap()))
            .collect();
        let slowest = times.iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap().0;
        assert_eq!(s["slowest_rank"], slowest);
        // The straggler is the late rank of one of the step's collectives.
        let late: Vec<&Value> = collectives
            .iter()
            .filter(|c| c["step"] == s["step"])
            .map(|c| &c["late_rank"])
            .collect();
        assert_eq!(late.len(), 2);
        assert!(late.contains(&&s["straggler_rank"]), "{s}");
    }
    // Step 7 (README): rank 2 started both all-reduces last.
    assert_eq!(steps[5]["straggler_rank"], 2);
    assert_eq!(r["heat"]["ranks"], json!([0, 1, 2, 3]));
    assert_eq!(r["heat"]["step_ps"][0][0], steps[0]["times_ps"]["0"]);
}

#[test]
fn torch_ddp_4rank_step_alignment_starts_the_step_together() {
    let Some(dir) = multi() else { return };
    let paths = files(&dir.join("torch_ddp_4rank"), ".json.gz");
    let (_, clock) = report(&paths, json!({"mode": "clock"}));
    let (_, aligned) = report(&paths, json!({"mode": "step", "step": 4}));
    let start = |r: &Value, rank: usize| {
        r["ranks"][rank]["steps"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["step"] == 4)
            .unwrap()["start_ps"]
            .as_i64()
            .unwrap()
    };
    for rank in 0..4 {
        assert_eq!(start(&aligned, rank), start(&aligned, 0));
        let moved = start(&aligned, rank) - start(&clock, rank);
        let offset = |r: &Value| r["ranks"][rank]["offset_ps"].as_i64().unwrap();
        assert_eq!(offset(&aligned) - offset(&clock), moved);
    }
}

#[test]
fn jax_cpu_2proc_processes_steps_and_all_reduces() {
    let Some(dir) = multi() else { return };
    let paths = files(&dir.join("jax_cpu_2proc"), ".xplane.pb");
    let (partials, r) = report(&paths, json!({"mode": "clock"}));
    assert_eq!(partials[0]["devices"], json!([0, 1]));
    assert_eq!(partials[1]["devices"], json!([2048, 2049]));
    for (k, p) in partials.iter().enumerate() {
        assert_eq!(p["rank"], k);
        assert_eq!(p["identity_source"], "device ids");
        assert_eq!(p["host"], "vm");
        assert_eq!(p["clock_absolute"], true);
    }
    // Ground truth of the corpus README: duration (ms) and start (ms after the earliest
    // start) of each step on each process.
    let truth = [
        [(17.92, 0.00), (19.00, 0.03)],
        [(36.11, 17.95), (36.77, 19.05)],
        [(24.40, 54.09), (24.49, 55.85)],
        [(29.29, 78.52), (29.39, 80.37)],
        [(20.25, 107.86), (20.15, 109.79)],
        [(20.37, 128.14), (21.75, 129.95)],
    ];
    let ranks = r["ranks"].as_array().unwrap();
    let earliest = ranks
        .iter()
        .map(|k| k["steps"][0]["start_ps"].as_f64().unwrap())
        .fold(f64::MAX, f64::min);
    for (step, per_rank) in truth.iter().enumerate() {
        for (rank, (dur, at)) in per_rank.iter().enumerate() {
            let s = &ranks[rank]["steps"][step];
            assert_eq!(s["step"], step);
            let ms = |v: &Value| v.as_f64().unwrap() / 1e9;
            assert!(
                (ms(&s["time_ps"]) - dur).abs() < 0.006,
                "step {step} rank {rank}: {s}"
            );
            assert!(
                ((s["start_ps"].as_f64().unwrap() - earliest) / 1e9 - at).abs() < 0.006,
                "step {step} rank {rank}: {s}"
            );
        }
    }
    // 5 all-reduces per step (4 gradients and the loss's psum), each matched on both
    // processes by run_id and op name.
    let collectives = r["collectives"].as_array().unwrap();
    assert_eq!(collectives.len(), 30);
    for c in collectives {
        assert_eq!(c["arrival_ps"].as_object().unwrap().len(), 2, "{c}");
    }
    let names: std::collections::BTreeSet<&str> = collectives
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names.into_iter().collect::<Vec<_>>(),
        [
            "all-reduce",
            "all-reduce.1",
            "all-reduce.2",
            "all-reduce.3",
            "psum_invariant.63"
        ]
    );
    // Each process arrives when its last device does; in the truncated last step device 1 of
    // process 0 has no all-reduce.3, so only one device counts there.
    let last_run = partials[0]["collectives"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["name"] == "all-reduce.3")
        .map(|c| c["devices"].as_u64().unwrap())
        .collect::<Vec<_>>();
    assert_eq!(last_run, [2, 2, 2, 2, 2, 1]);

    // Message sizes: each all-reduce's operand bytes, here read from the op's expression as
    // `planeview hlo-stats` prints it (`all-reduce(f32[8]{0} %bitcast.6, f32[128,256]{1,0} %dot)`).
    let out = Command::new(env!("CARGO_BIN_EXE_planeview"))
        .arg("hlo-stats")
        .arg(&paths[0])
        .arg("--json")
        .output()
        .unwrap();
    let rows: Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut sizes = std::collections::BTreeMap::new();
    for row in rows.as_array().unwrap() {
        let expr = row["hlo_op_expression"].as_str().unwrap();
        let Some(args) = expr.split_once(" all-reduce(").map(|(_, rest)| rest) else {
            continue;
        };
        let args = &args[..args.find(')').unwrap()];
        let bytes: u64 = args.split(", ").map(array_bytes).sum();
        sizes.insert(row["hlo_op_name"].as_str().unwrap().to_owned(), bytes);
    }
    assert_eq!(sizes.len(), 5, "{sizes:?}");
    for c in collectives {
        let want = sizes[c["name"].as_str().unwrap()];
        assert_eq!(c["bytes"], want, "{c}");
        assert!(c["algbw_gbps"].as_f64().unwrap() > 0.0, "{c}");
    }
}

/// Bytes of an HLO operand as printed, `f32[128,256]{1,0} %dot` (a scalar `f32[]` is one element).
fn array_bytes(operand: &str) -> u64 {
    let (ty, rest) = operand.split_once('[').unwrap();
    let dims = &rest[..rest.find(']').unwrap()];
    let elements: u64 = dims
        .split(',')
        .filter(|d| !d.is_empty())
        .map(|d| d.parse::<u64>().unwrap())
        .product();
    let width = match ty {
        "f64" | "s64" | "u64" => 8,
        "f32" | "s32" | "u32" => 4,
        "f16" | "bf16" | "s16" | "u16" => 2,
        "s8" | "u8" | "pred" => 1,
        other => panic!("element type {other}"),
    };
    elements * width
}

#[test]
fn ranks_cli_text_on_a_directory() {
    let Some(dir) = multi() else { return };
    let out = Command::new(env!("CARGO_BIN_EXE_planeview"))
        .current_dir(&dir)
        .args(["ranks", "torch_ddp_4rank"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    common::assert_snapshot(
        "ranks_torch_ddp_4rank",
        &String::from_utf8(out.stdout).unwrap(),
    );
}

#[test]
fn ranks_cli_reports_a_file_that_is_no_profile_and_keeps_the_others() {
    let Some(dir) = multi() else { return };
    let tmp = std::env::temp_dir().join(format!("planeview-ranks-{}", std::process::id()));
    let run = tmp.join("plugins/profile/run");
    std::fs::create_dir_all(&run).unwrap();
    for p in files(&dir.join("jax_cpu_2proc"), ".xplane.pb") {
        std::fs::copy(&p, run.join(p.file_name().unwrap())).unwrap();
    }
    std::fs::write(run.join("notes.txt"), "not a profile\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_planeview"))
        .args([
            "ranks",
            &tmp.to_string_lossy(),
            "--json",
            "--align",
            "collective:3",
        ])
        .output()
        .unwrap();
    std::fs::remove_dir_all(&tmp).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in [
        "origin_ns",
        "align",
        "ranks",
        "steps",
        "collectives",
        "heat",
        "problems",
    ] {
        assert!(r.get(key).is_some(), "no {key}");
    }
    assert_eq!(r["align"], json!({"mode": "collective", "instance": 3}));
    assert_eq!(r["ranks"].as_array().unwrap().len(), 2);
    assert_eq!(r["collectives"][3]["skew_ps"], 0);
    let problems = r["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0]["file"].as_str().unwrap().ends_with("notes.txt"));
    assert!(
        problems[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("not read: ")
    );

    let usage = Command::new(env!("CARGO_BIN_EXE_planeview"))
        .args(["ranks", "x", "--align", "sideways"])
        .output()
        .unwrap();
    assert_eq!(usage.status.code(), Some(1));
    let none = Command::new(env!("CARGO_BIN_EXE_planeview"))
        .args(["ranks", "/nonexistent/rank-0.json"])
        .output()
        .unwrap();
    assert_eq!(none.status.code(), Some(2));
}

#[test]
fn torch_ddp_4rank_framework_op_tables_merge_with_an_all_row_per_op() {
    let Some(dir) = multi() else { return };
    let paths = files(&dir.join("torch_ddp_4rank"), ".json.gz");
    let mut sessions = Vec::new();
    let mut tables = Vec::new();
    for p in &paths {
        let bytes = common::read(p);
        let mut s = Session::new();
        s.reserve(bytes.len() as u64).unwrap();
        s.push(&bytes).unwrap();
        s.finish().unwrap();
        tables.push(call(&s, "analysisTable", json!(["framework-ops", false])));
        sessions.push(s);
    }
    let labels = ["0", "1", "2", "3"];
    let merged = call(
        &sessions[0],
        "mergeTables",
        json!(["framework-ops", tables, labels]),
    );
    let rows = merged["rows"].as_array().unwrap();
    let input_rows: usize = tables
        .iter()
        .map(|t| t["rows"].as_array().unwrap().len())
        .sum();
    let alls: Vec<&Value> = rows.iter().filter(|r| r["rank"] == "all").collect();
    assert_eq!(rows.len(), input_rows + alls.len());
    // Each all row sums its op's rows over the ranks, computed here from the inputs.
    for all in &alls {
        let same = |r: &&Value| {
            ["host_or_device", "type", "operation"]
                .iter()
                .all(|k| r[*k] == all[*k])
        };
        let of_op: Vec<&Value> = tables
            .iter()
            .flat_map(|t| t["rows"].as_array().unwrap())
            .filter(same)
            .collect();
        let occ: u64 = of_op
            .iter()
            .map(|r| r["occurrences"].as_u64().unwrap())
            .sum();
        let ps: i64 = of_op
            .iter()
            .map(|r| r["total_self_time_ps"].as_i64().unwrap())
            .sum();
        assert_eq!(all["occurrences"], occ, "{}", all["operation"]);
        assert_eq!(all["total_self_time_ps"], ps);
        let avg = all["avg_self_time"].as_f64().unwrap();
        let expected = if occ == 0 {
            0.0
        } else {
            all["total_self_time"].as_f64().unwrap() / occ as f64
        };
        assert!((avg - expected).abs() < 1e-6, "{all}");
    }
    let mm = alls
        .iter()
        .find(|r| r["operation"] == "aten::addmm")
        .expect("aten::addmm");
    assert_eq!(mm["occurrences"].as_u64().unwrap() % 4, 0);
    // The host shares of the all rows add up to the whole host time.
    let host: f64 = alls
        .iter()
        .map(|r| r["host_total_self_time_percent"].as_f64().unwrap())
        .sum();
    assert!((host - 1.0).abs() < 1e-3, "{host}");
}
