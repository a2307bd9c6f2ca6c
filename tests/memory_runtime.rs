//! Runtime memory (`crate/src/analysis/memory/runtime/`) on real files and tiny inline
//! traces: the engine calls as the worker sends them, `planeview memory --json` as a
//! snapshot, a recomputation of every allocator's peak straight from the trace JSON, the
//! chart's per-column maxima against a brute force, and each kind of bad input counted in
//! the Health list.

#![allow(clippy::disallowed_methods)] // tests do I/O; the rule is for the core

mod common;

use planeview::analysis::memory::runtime::RuntimeMemory;
use planeview::api::Session;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

/// The CPU PyTorch trace with `[memory]` instants (`tests/data/chrome_json/README.md`).
const SMALLCNN: &str = "torch-cpu__torch_cpu_smallcnn_train.json.gz";

fn data(name: &str) -> std::path::PathBuf {
    common::data_dir("chrome_json").join(name)
}

fn session(bytes: &[u8]) -> Session {
    let mut s = Session::new();
    s.reserve(bytes.len() as u64).expect("reserve");
    s.push(bytes).expect("push");
    s.finish().expect("finish");
    s
}

fn call(s: &Session, method: &str, args: Value) -> Value {
    let request = json!({ "method": method, "args": args }).to_string();
    let reply = s
        .handle_json(&request)
        .unwrap_or_else(|e| panic!("{request}: {} {e}", e.kind()));
    serde_json::from_str(&reply).expect("reply is JSON")
}

fn error_kind(s: &Session, method: &str, args: Value) -> &'static str {
    let request = json!({ "method": method, "args": args }).to_string();
    match s.handle_json(&request) {
        Ok(reply) => panic!("{request} answered {reply}"),
        Err(e) => e.kind(),
    }
}

/// The trace JSON of a file (gzip or not).
fn trace_json(path: &Path) -> Value {
    let bytes = common::read(path);
    let text = if planeview::import::is_gzip(&bytes) {
        planeview::import::gunzip(&bytes, u64::MAX)
            .expect("gunzip")
            .data
    } else {
        bytes
    };
    serde_json::from_slice(&text).expect("trace JSON")
}

/// Per device label, the peak of `Total Allocated` and the times (µs as written) that reach
/// it, straight from the `[memory]` events of the JSON.
fn peaks_from_json(v: &Value) -> HashMap<String, (i64, Vec<f64>)> {
    let mut out: HashMap<String, (i64, Vec<f64>)> = HashMap::new();
    for e in v["traceEvents"].as_array().expect("traceEvents") {
        if e["name"] != "[memory]" {
            continue;
        }
        let a = &e["args"];
        let label = match (a["Device Type"].as_i64(), a["Device Id"].as_i64()) {
            (Some(0) | None, _) => "CPU".to_owned(),
            (Some(1), Some(id)) => format!("GPU {id}"),
            (Some(t), id) => format!("Device {t}:{}", id.unwrap_or(-1)),
        };
        let Some(total) = a["Total Allocated"].as_i64() else {
            continue;
        };
        let ts = e["ts"].as_f64().expect("ts");
        let entry = out.entry(label).or_insert((i64::MIN, Vec::new()));
        if total > entry.0 {
            *entry = (total, vec![ts]);
        } else if total == entry.0 {
            entry.1.push(ts);
        }
    }
    out
}

#[test]
fn calls_answer_profile_at_and_chart() {
    let s = session(&common::read(&data(SMALLCNN)));
    let profile = call(&s, "memoryProfile", json!([]));
    let allocators = profile["allocators"].as_array().unwrap();
    assert_eq!(allocators.len(), 1, "{profile}");
    let cpu = &allocators[0];
    assert_eq!(cpu["name"], "CPU");
    assert_eq!(cpu["source"], "kineto");
    let peak = cpu["peak_bytes"].as_i64().unwrap();
    let peak_time = cpu["peak_time_ps"].as_i64().unwrap();
    assert!(peak > 0);
    // The allocations live at the peak are listed largest first, each with its op and age.
    let live = cpu["live_at_peak"].as_array().unwrap();
    assert!(!live.is_empty());
    for pair in live.windows(2) {
        assert!(pair[0]["bytes"].as_i64() >= pair[1]["bytes"].as_i64());
    }
    for l in live {
        let start = l["start_ps"].as_i64().unwrap();
        assert!(start <= peak_time);
        assert_eq!(l["age_ps"].as_i64().unwrap(), peak_time - start);
        assert!(
            l["op"].as_str().is_some_and(|op| op.starts_with("aten::")),
            "{l}"
        );
        assert!(
            l["address"].as_str().is_some_and(|a| a.starts_with("0x")),
            "{l}"
        );
        // The slice is the op the allocation names.
        let slice = l["slice"].as_u64().unwrap();
        let info = call(&s, "sliceDetails", json!([slice]));
        assert_eq!(info["name"], l["op"], "{info}");
    }
    // `memoryAt` with no time is the peak; the live list adds up to what is in use there
    // (this capture allocates everything it holds).
    let at = call(&s, "memoryAt", json!([0, null, 1000]));
    assert_eq!(at["time_ps"], peak_time);
    assert_eq!(at["live_bytes"], peak);
    let listed: i64 = at["allocations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["bytes"].as_i64().unwrap())
        .sum();
    assert_eq!(at["total_count"], cpu["live_at_peak_count"]);
    assert_eq!(listed, cpu["live_at_peak_bytes"].as_i64().unwrap());
    // A limit cuts the list, not the count; before the first event nothing is live.
    let two = call(&s, "memoryAt", json!([0, peak_time, 2]));
    assert_eq!(two["allocations"].as_array().unwrap().len(), 2);
    assert_eq!(two["total_count"], at["total_count"]);
    let first = cpu["first_ps"].as_i64().unwrap();
    let before = call(&s, "memoryAt", json!([0, first - 1, 10]));
    assert_eq!(before["live_bytes"], 0);
    assert_eq!(before["total_count"], 0);
    // The chart of the whole span marks the peak.
    let last = cpu["last_ps"].as_i64().unwrap();
    let svg = call(&s, "memoryChartSvg", json!([0, first, last, 800, 240]));
    let svg = svg.as_str().unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("peak "),
        "{svg:.200}"
    );
    // Unknown allocators are `not_found`; a missing argument is a bad request.
    assert_eq!(
        error_kind(&s, "memoryAt", json!([7, null, 10])),
        "not_found"
    );
    assert_eq!(
        error_kind(&s, "memoryChartSvg", json!([7, 0, 10, 800, 240])),
        "not_found"
    );
    assert_eq!(error_kind(&s, "memoryAt", json!([0, 10])), "bad_request");
}

#[test]
fn a_trace_without_memory_events_has_no_allocators() {
    let s = session(&common::read(&data("hta__trace_compare_base_base.json.gz")));
    assert_eq!(
        call(&s, "memoryProfile", json!([])),
        json!({"allocators": []})
    );
    assert_eq!(
        error_kind(&s, "memoryAt", json!([0, null, 10])),
        "not_found"
    );
}

/// The peak and its time recomputed from the JSON's `Total Allocated` values.
fn check_peaks_against_json(path: &Path) {
    let v = trace_json(path);
    let want = peaks_from_json(&v);
    let imported = planeview::import::import_bytes(&common::read(path)).expect("import");
    let trace = &imported.trace;
    let memory = RuntimeMemory::of(trace);
    let reports = memory.reports(trace);
    assert_eq!(reports.len(), want.len(), "{}", path.display());
    for r in &reports {
        let (peak, times) = &want[&r.name];
        assert_eq!(r.peak_bytes, *peak, "{} {}", path.display(), r.name);
        // The origin is the trace's earliest time: the peak's time, back in µs on the
        // source clock, is one of the times that reach the peak (the last of them).
        let origin_us = trace.origin.source_ns as f64 / 1e3;
        let at_us = origin_us + r.peak_time_ps as f64 / 1e6;
        let last = times.iter().copied().fold(f64::MIN, f64::max);
        assert!((at_us - last).abs() < 0.01, "{}: {at_us} vs {last}", r.name);
    }
}

#[test]
fn peaks_match_a_recomputation_from_the_json() {
    check_peaks_against_json(&data(SMALLCNN));
    if let Some(corpus) = common::corpus_dir() {
        for name in [
            "hta__df_index_resolver_df_index_resolver.json.gz",
            "torch_cpu_transformer_train_dev.pt.trace.json.gz",
        ] {
            check_peaks_against_json(&corpus.join("chrome_json").join(name));
        }
    }
}

#[test]
fn cli_json_snapshot() {
    let out = Command::new(env!("CARGO_BIN_EXE_planeview"))
        .args(["memory", &data(SMALLCNN).to_string_lossy(), "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    for a in v["allocators"].as_array().unwrap() {
        for key in ["name", "peak_bytes", "peak_time_ps", "live_at_peak"] {
            assert!(a.get(key).is_some(), "{key}");
        }
        for l in a["live_at_peak"].as_array().unwrap() {
            for key in ["bytes", "op", "start_ps"] {
                assert!(l.get(key).is_some(), "{key}");
            }
        }
    }
    common::assert_snapshot(
        "memory_torch_cpu_smallcnn",
        &String::from_utf8_lossy(&out.stdout),
    );
}

/// A tiny Kineto-style trace of `[memory]` instants `(ts µs, bytes, addr, total)` on one
/// thread, with one op slice around the first.
fn tiny(events: &[(f64, i64, Option<u64>, Option<i64>)], device: (i64, i64)) -> String {
    let mut out = vec![
        json!({"ph": "X", "cat": "cpu_op", "name": "aten::empty", "pid": 1, "tid": 1, "ts": 0.0, "dur": 5.0}),
    ];
    for &(ts, bytes, addr, total) in events {
        let mut args = json!({"Bytes": bytes, "Device Type": device.0, "Device Id": device.1});
        if let Some(a) = addr {
            args["Addr"] = json!(a);
        }
        if let Some(t) = total {
            args["Total Allocated"] = json!(t);
        }
        out.push(json!({"ph": "i", "s": "t", "cat": "cpu_instant_event", "name": "[memory]", "pid": 1, "tid": 1, "ts": ts, "args": args}));
    }
    json!({ "traceEvents": out }).to_string()
}

fn health_count(s: &Session, name: &str) -> u64 {
    let health = call(s, "health", json!([]));
    health
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == name)
        .map_or(0, |e| e["count"].as_u64().unwrap())
}

#[test]
fn bad_input_is_counted_and_the_peak_stays_right() {
    // A free of a block allocated before the capture, then a reused address.
    let s = session(
        tiny(
            &[
                (1.0, 100, Some(16), Some(100)),
                (2.0, -50, Some(32), Some(50)),
                (3.0, 200, Some(16), Some(250)),
                (4.0, -200, Some(16), Some(50)),
            ],
            (0, -1),
        )
        .as_bytes(),
    );
    assert_eq!(health_count(&s, "memory_free_without_allocation"), 1);
    assert_eq!(health_count(&s, "memory_address_reused"), 1);
    let cpu = &call(&s, "memoryProfile", json!([]))["allocators"][0];
    assert_eq!(cpu["peak_bytes"], 250, "the stated total, not a sum");
    assert_eq!(cpu["peak_time_ps"], 3_000_000, "{cpu}");
    // The reused address ended the first allocation; the second was freed at 4 µs.
    assert_eq!(cpu["never_freed_count"], 0);
    let live = &cpu["live_at_peak"];
    assert_eq!(live.as_array().unwrap().len(), 1, "{live}");
    assert_eq!(live[0]["bytes"], 200);
    assert_eq!(
        live[0]["op"], "aten::empty",
        "the op around 3 µs on the thread"
    );

    // No totals, and a free before any allocation: the running sum would go negative.
    let s = session(
        tiny(
            &[
                (1.0, -64, Some(8), None),
                (2.0, 128, Some(24), None),
                (3.0, 32, None, None),
            ],
            (1, 0),
        )
        .as_bytes(),
    );
    assert_eq!(health_count(&s, "memory_negative_total"), 1);
    assert_eq!(health_count(&s, "memory_event_without_address"), 1);
    let gpu = &call(&s, "memoryProfile", json!([]))["allocators"][0];
    assert_eq!(gpu["name"], "GPU 0");
    // At least 64 bytes were in use at the start: -64 + 128 + 32 raised by 64.
    assert_eq!(gpu["peak_bytes"], 160);
    assert_eq!(
        gpu["live_at_peak_count"], 1,
        "the allocation without an address is not listed"
    );
}

#[test]
fn an_allocator_appearing_late_is_counted() {
    let mut events: Vec<(f64, i64, Option<u64>, Option<i64>)> = (0..10)
        .map(|k| (k as f64, 8, Some(8 * k as u64 + 8), Some(8 * (k + 1))))
        .collect();
    let cpu = tiny(&events, (0, -1));
    events = vec![(9.5, 4096, Some(4096), Some(4096))];
    let gpu = tiny(&events, (1, 0));
    let mut a: Value = serde_json::from_str(&cpu).unwrap();
    let b: Value = serde_json::from_str(&gpu).unwrap();
    let extra = b["traceEvents"].as_array().unwrap()[1..].to_vec();
    a["traceEvents"].as_array_mut().unwrap().extend(extra);
    let s = session(a.to_string().as_bytes());
    assert_eq!(health_count(&s, "memory_allocator_mid_capture"), 1);
    let names: Vec<Value> = call(&s, "memoryProfile", json!([]))["allocators"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["name"].clone())
        .collect();
    assert_eq!(names, [json!("CPU"), json!("GPU 0")]);
}
