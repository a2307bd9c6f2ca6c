//! The CLI contract of `docs/CONTRACT.md`: `summary --json` keys, exit statuses, error line.

#![allow(clippy::disallowed_methods)] // tests do I/O; the rule is for the core

mod common;

use std::process::{Command, Output};

fn planeview(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_planeview"))
        .args(args)
        .output()
        .unwrap()
}

fn data(rel: &str) -> String {
    common::data_dir(rel).to_string_lossy().into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn summary_json_has_every_contract_key() {
    for file in [
        "xplane/jax_cpu_mlp_small.xplane.pb",
        "chrome_json/xprof__trace.json",
    ] {
        let out = planeview(&["summary", &data(file), "--json"]);
        assert!(out.status.success(), "{file}: {}", stderr(&out));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        for key in [
            "format",
            "bytes",
            "unpacked_bytes",
            "events",
            "tracks",
            "processes",
            "span_ps",
            "flows",
            "counters",
            "diagnostics",
        ] {
            assert!(v.get(key).is_some(), "{file}: summary lacks {key}: {v}");
        }
        assert!(v["events"].as_u64().unwrap() > 0);
        assert!(v["span_ps"].as_i64().unwrap() > 0);
    }
}

#[test]
fn xplane_summary_numbers() {
    let out = planeview(&[
        "summary",
        &data("xplane/jax_cpu_mlp_small.xplane.pb"),
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["format"], "xspace");
    assert_eq!(v["bytes"], 385_610);
    assert_eq!(v["unpacked_bytes"], 385_610);
    // corpus/oracle/jax_cpu_mlp_small/planes.txt: one plane with lines, 5 lines, 945 events.
    assert_eq!(v["events"], 945);
    assert_eq!(v["tracks"], 5);
    assert_eq!(v["processes"], 1);
}

#[test]
fn unusable_inputs_exit_2_with_one_line_naming_the_file() {
    let dir = std::env::temp_dir().join(format!("planeview-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty.json");
    std::fs::write(&empty, b"").unwrap();
    let random = dir.join("random.bin");
    std::fs::write(
        &random,
        (0u32..4096)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect::<Vec<u8>>(),
    )
    .unwrap();
    let cases = [
        (empty.to_string_lossy().into_owned(), "empty file"),
        (
            random.to_string_lossy().into_owned(),
            "not a recognised profile",
        ),
        (
            data("not_a_trace/execution_trace_benchmark_simple_add_et.json.gz"),
            "not a trace",
        ),
    ];
    for (file, expected) in cases {
        let out = planeview(&["summary", &file, "--json"]);
        assert_eq!(out.status.code(), Some(2), "{file}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with(&format!("planeview: {file}: ")), "{err}");
        assert!(err.contains(expected), "{err} should say {expected}");
        assert!(out.stdout.is_empty());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_errors_exit_1() {
    assert_eq!(planeview(&[]).status.code(), Some(1));
    assert_eq!(planeview(&["frobnicate", "x"]).status.code(), Some(1));
    assert_eq!(planeview(&["summary"]).status.code(), Some(1));
    assert_eq!(
        planeview(&["summary", "a", "--bogus"]).status.code(),
        Some(1)
    );
}

#[test]
fn missing_file_is_an_input_error() {
    let out = planeview(&["summary", "/nonexistent/trace.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("planeview: /nonexistent/trace.json: "));
}

#[test]
fn a_reader_that_stops_early_ends_the_command_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_planeview"))
        .args([
            "dump",
            &data("xplane/tpu_inference_2.xplane.pb"),
            "--limit",
            "1000000",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap(); // the reader is dropped here, like `| head -1`
    assert!(first.starts_with("format xspace"), "{first}");
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}: {}", out.status, stderr(&out));
    assert_eq!(stderr(&out), "");
}

#[test]
fn summary_of_several_files_has_a_row_each_and_a_total() {
    let files = [
        data("xplane/jax_cpu_mlp_small.xplane.pb"),
        data("chrome_json/xprof__trace.json"),
    ];
    let one: Vec<serde_json::Value> = files
        .iter()
        .map(|f| serde_json::from_slice(&planeview(&["summary", f, "--json"]).stdout).unwrap())
        .collect();
    let out = planeview(&["summary", &files[0], &files[1], "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for (k, s) in one.iter().enumerate() {
        assert_eq!(v["files"][k]["file"], files[k].as_str());
        assert_eq!(v["files"][k]["events"], s["events"]);
    }
    let sum = |key: &str| one.iter().map(|s| s[key].as_u64().unwrap()).sum::<u64>();
    for key in ["bytes", "events", "slices", "tracks", "flows"] {
        assert_eq!(v["total"][key], sum(key), "{key}");
    }
    assert_eq!(v["total"]["files"], 2);

    let text = planeview(&["summary", &files[0], "/nonexistent/trace.json", &files[1]]);
    assert_eq!(text.status.code(), Some(2));
    let stdout = String::from_utf8(text.stdout.clone()).unwrap();
    assert_eq!(stdout.lines().count(), 5, "{stdout}");
    assert!(stdout.lines().last().unwrap().starts_with("total"));
    assert!(stderr(&text).starts_with("planeview: /nonexistent/trace.json: "));
}
