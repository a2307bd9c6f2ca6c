//! XLA buffer assignment through the engine calls (`bufferAssignment`, `bufferChartSvg`) on an
//! XSpace and on standalone HLO files, and checked against XLA's own buffer-assignment report
//! of the same compilation (corpus `hlo/*-buffer-assignment.txt`).

#![allow(clippy::disallowed_methods)]

mod common;

use planeview::api::Session;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::Path;

fn load(path: &Path) -> Session {
    let bytes = common::read(path);
    let mut s = Session::new();
    s.reserve(bytes.len() as u64).expect("reserve");
    for chunk in bytes.chunks(1 << 20) {
        s.push(chunk).expect("push");
    }
    s.finish().expect("finish");
    s
}

fn call(s: &Session, method: &str, args: Value) -> Result<Value, &'static str> {
    let request = json!({ "method": method, "args": args }).to_string();
    s.handle_json(&request)
        .map(|r| serde_json::from_str(&r).expect("reply is JSON"))
        .map_err(|e| e.kind())
}

#[test]
fn every_module_of_an_xspace_with_its_peak_and_buffers() {
    let s = load(&common::data_dir("xplane").join("jax_cpu_mlp_small.xplane.pb"));
    let all = call(&s, "bufferAssignment", json!([null])).unwrap();
    let modules = all["modules"].as_array().unwrap();
    assert_eq!(modules.len(), 19, "the 19 HLO modules of /host:metadata");
    let m = modules
        .iter()
        .find(|m| m["module"] == "jit_train_step(32)")
        .unwrap();
    // XProf: peakHeapMib 3.9366607666015625, peakHeapSizePosition 4, 17 heap sizes.
    assert_eq!(m["peak_heap_bytes"], 4_127_888);
    assert_eq!(m["peak_position"], 4);
    assert_eq!(m["program_length"], 16);
    assert_eq!(m["problems"], json!([]));
    let buffers = m["buffers_at_peak"].as_array().unwrap();
    let sizes: Vec<i64> = buffers
        .iter()
        .map(|b| b["bytes"].as_i64().unwrap())
        .collect();
    assert!(
        sizes.windows(2).all(|w| w[0] >= w[1]),
        "largest first: {sizes:?}"
    );
    let top = &buffers[0];
    assert_eq!(top["bytes"], 1 << 20);
    assert_eq!(top["shape"], "f32[512,512]{1,0}");
    assert!(
        buffers
            .iter()
            .any(|b| b["kind"] == "parameter" && b["offset_bytes"].is_null())
    );
    assert!(
        buffers
            .iter()
            .any(|b| b["kind"] == "temporary" && b["offset_bytes"].is_i64())
    );

    let one = call(&s, "bufferAssignment", json!(["jit_train_step"])).unwrap();
    assert_eq!(
        one["modules"].as_array().unwrap().len(),
        1,
        "a bare name finds the module"
    );
    assert_eq!(&one["modules"][0], m);
    assert_eq!(
        call(&s, "bufferAssignment", json!(["jit_nothing"])),
        Err("not_found")
    );
    assert_eq!(call(&s, "bufferAssignment", json!([])), Err("bad_request"));

    let svg = call(
        &s,
        "bufferChartSvg",
        json!(["jit_train_step(32)", 640, 320]),
    )
    .unwrap();
    let svg = svg.as_str().unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("peak 3.937 MiB at 4"),
        "{svg}"
    );
    assert_eq!(
        call(&s, "bufferChartSvg", json!(["jit_nothing", 640, 320])),
        Err("not_found")
    );
}

#[test]
fn standalone_hlo_files_with_and_without_an_assignment() {
    let dir = common::data_dir("hlo");
    let text = load(&dir.join("mlp_jit_train_step.cpu_after_optimizations.txt"));
    let none = call(&text, "bufferAssignment", json!([null])).unwrap();
    assert_eq!(
        none["modules"],
        json!([]),
        "HLO text has no buffer assignment"
    );

    let proto = load(&dir.join("mlp_jit_train_step.cpu_after_optimizations.hlo.pb"));
    let all = call(&proto, "bufferAssignment", json!([null])).unwrap();
    let modules = all["modules"].as_array().unwrap();
    assert_eq!(modules.len(), 1);
    assert_eq!(
        modules[0]["module"], "jit_train_step",
        "no program id in a standalone file"
    );
    let Some(corpus) = common::corpus_dir() else {
        return;
    };
    let report = std::fs::read_to_string(
        corpus.join("hlo/mlp_jit_train_step.cpu_after_optimizations-buffer-assignment.txt"),
    )
    .unwrap();
    check_against_xla_report(&modules[0], &report);
}

/// One value of XLA's report: its allocation's attributes, size, offset, shape, instruction.
struct Reported {
    attrs: String,
    bytes: i64,
    offset: i64,
    shape: String,
    instruction: String,
}

/// Values of XLA's `BufferAssignment:` report by logical buffer id.
fn parse_report(report: &str) -> HashMap<i64, Reported> {
    let mut out = HashMap::new();
    let mut attrs = String::new();
    for line in report.lines() {
        if let Some(rest) = line.strip_prefix("allocation ") {
            attrs = rest.to_owned();
        } else if let Some(rest) = line.trim_start().strip_prefix("value: <") {
            // `271 ynn_fusion.5 @0> (size=65536,offset=0): f32[32,512]{1,0}`
            let (head, tail) = rest.split_once("> (size=").unwrap();
            let mut words = head.split_whitespace();
            let id: i64 = words.next().unwrap().parse().unwrap();
            let instruction = words.next().unwrap().trim_end_matches("{}").to_owned();
            let (size, tail) = tail.split_once(",offset=").unwrap();
            let (offset, shape) = tail.split_once("): ").unwrap();
            out.insert(
                id,
                Reported {
                    attrs: attrs.clone(),
                    bytes: size.parse().unwrap(),
                    offset: offset.parse().unwrap(),
                    shape: shape.to_owned(),
                    instruction,
                },
            );
        }
    }
    out
}

fn check_against_xla_report(module: &Value, report: &str) {
    let values = parse_report(report);
    assert!(values.len() > 20, "the report parses");
    let buffers = module["buffers_at_peak"].as_array().unwrap();
    assert!(!buffers.is_empty());
    for b in buffers {
        let id = b["logical_buffer_id"].as_i64().unwrap();
        let r = values
            .get(&id)
            .unwrap_or_else(|| panic!("buffer {id} is not in XLA's report"));
        assert_eq!(b["bytes"], r.bytes, "{id}");
        assert_eq!(b["shape"], r.shape.as_str(), "{id}");
        assert_eq!(b["instruction"], r.instruction.as_str(), "{id}");
        let kind = b["kind"].as_str().unwrap();
        let expected = if r.attrs.contains(", parameter ") {
            "parameter"
        } else if r.attrs.contains("maybe-live-out") {
            "output"
        } else if r.attrs.contains("constant") {
            "constant"
        } else {
            assert!(r.attrs.contains("preallocated-temp"), "{}", r.attrs);
            "temporary"
        };
        assert_eq!(kind, expected, "{id}: {}", r.attrs);
        if kind == "temporary" {
            assert_eq!(b["offset_bytes"], r.offset, "{id}: offset in the heap");
        }
    }
    // The heap's buffers at the peak never overlap in the heap.
    let mut spans: Vec<(i64, i64)> = (buffers.iter())
        .filter(|b| b["kind"] == "temporary")
        .map(|b| {
            let o = b["offset_bytes"].as_i64().unwrap();
            (o, o + b["bytes"].as_i64().unwrap())
        })
        .collect();
    spans.sort_unstable();
    assert!(spans.windows(2).all(|w| w[0].1 <= w[1].0), "{spans:?}");
}

#[test]
fn damaged_assignments_never_panic() {
    use planeview::analysis::memory::buffers::analyse_blob;
    use planeview::model::HloModuleBlob;
    let bytes = common::read(
        &common::data_dir("hlo").join("mlp_jit_train_step.cpu_after_optimizations.hlo.pb"),
    );
    let blob = |proto: Vec<u8>| HloModuleBlob {
        name: "m".into(),
        program_id: Some(1),
        proto,
    };
    let whole = analyse_blob(&blob(bytes.clone())).expect("the file has an assignment");
    assert!(
        whole.summary.problems.is_empty(),
        "{:?}",
        whole.summary.problems
    );
    let mut analysed = 0;
    for k in 0..64 {
        let cut = bytes.len() * k / 64;
        analysed += usize::from(analyse_blob(&blob(bytes[..cut].to_vec())).is_some());
        let mut flipped = bytes.clone();
        let at = (k * 7919 + 13) % bytes.len();
        flipped[at] ^= 1 << (k % 8);
        if let Some(a) = analyse_blob(&blob(flipped)) {
            analysed += 1;
            assert_eq!(a.heap_after.len(), a.summary.program_length as usize);
            assert!(a.summary.peak_heap_bytes >= 0);
        }
    }
    assert!(
        analysed > 0,
        "some damaged copies still decode and are analysed"
    );
}

#[test]
fn cli_lists_modules_and_one_module_with_the_keys_of_the_contract() {
    let file = common::data_dir("xplane").join("jax_cpu_mlp_small.xplane.pb");
    let run = |extra: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_planeview"))
            .arg("memory")
            .arg(&file)
            .args(extra)
            .output()
            .unwrap()
    };
    let out = run(&["--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["modules"].as_array().unwrap().len(), 19);
    for m in v["modules"].as_array().unwrap() {
        for key in [
            "module",
            "peak_heap_bytes",
            "peak_position",
            "buffers_at_peak",
        ] {
            assert!(m.get(key).is_some(), "{key}");
        }
        for b in m["buffers_at_peak"].as_array().unwrap() {
            for key in ["bytes", "instruction", "kind"] {
                assert!(b.get(key).is_some(), "{key}");
            }
        }
    }
    let one = run(&["--module", "jit_train_step(32)", "--json"]);
    let v: Value = serde_json::from_slice(&one.stdout).unwrap();
    assert_eq!(v["modules"].as_array().unwrap().len(), 1);
    assert_eq!(v["modules"][0]["peak_heap_bytes"], 4_127_888);
    let text = run(&["--module", "jit_train_step"]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.starts_with("jit_train_step(32): peak heap 3.94 MiB at 4 of 16"),
        "{text}"
    );
    let bad = run(&["--module", "jit_nothing"]);
    assert_eq!(
        bad.status.code(),
        Some(1),
        "an unknown module is a usage error"
    );
    assert!(String::from_utf8_lossy(&bad.stderr).contains("jit_train_step(32)"));
}
