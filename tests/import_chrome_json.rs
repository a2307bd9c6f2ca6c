//! Chrome trace-event JSON importer: snapshots of real files, counts against the corpus
//! README, detection, and small inline traces for each rule.

mod common;

use planeview::ImportError;
use planeview::import::{Detected, detect, import_bytes};
use planeview::model::{ProcessId, SliceId, Trace, dump_text};
use planeview::{DiagnosticKind, Severity};

/// Test files in `tests/data/chrome_json` with the `events` count (entries minus `M`).
const FILES: &[(&str, &str, u64)] = &[
    (
        "hta_cpu_only",
        "hta__cpu_only_rank-34.Jul_15_10_52_41.1074.pt.trace.json.gz",
        18,
    ),
    (
        "hta_event_sync",
        "hta__critical_path_cuda_event_sync_event_sync_trace.json.gz",
        56,
    ),
    (
        "hta_trace_compare_base",
        "hta__trace_compare_base_base.json.gz",
        33,
    ),
    (
        "kineto_resnet50",
        "kineto__resnet50_nw0_worker0.1623143089861.pt.trace.json.gz",
        75698,
    ),
    (
        "firefox_unchunked",
        "firefox-profiler__test.chrome-unchunked.json",
        145,
    ),
    (
        "speedscope_simple_partial",
        "speedscope__trace-event_simple-partial.json",
        6,
    ),
    (
        "speedscope_chrome66_worker",
        "speedscope__Chrome_66_worker.json",
        2403,
    ),
    (
        "speedscope_multiprocess",
        "speedscope__trace-event_multiprocess.json",
        8,
    ),
    (
        "torch_cpu_smallcnn",
        "torch-cpu__torch_cpu_smallcnn_train.json.gz",
        1613,
    ),
    ("xprof_trace", "xprof__trace.json", 34),
    ("jax_cpu_mlp_small", "jax_cpu_mlp_small.trace.json.gz", 946),
    (
        "jax_cpu_mlp_small_perfetto",
        "jax_cpu_mlp_small.perfetto_trace.json.gz",
        946,
    ),
    (
        "firefox_chrome_tracing",
        "firefox-profiler__chrome-tracing.json.gz",
        194,
    ),
    (
        "hta_call_stack_backward",
        "hta__call_stack_backward_thread.json",
        7,
    ),
    (
        "hta_alexnet",
        "hta__critical_path_alexnet_benchmark_result_2869224_1695835535_trace.json.gz",
        1370,
    ),
    (
        "hta_cupti_profiler",
        "hta__cupti_profiler_benchmark_result_924719_1679055439_trace.json.gz",
        4189,
    ),
    (
        "hta_distributed_info_unavailable",
        "hta__distributed_info_unavailable_distributed_info_not_found.json.gz",
        2467,
    ),
    (
        "hta_execution_trace_simple_add",
        "hta__execution_trace_benchmark_simple_add_trace.json.gz",
        77,
    ),
    (
        "hta_trace_compare_test",
        "hta__trace_compare_test_test.json.gz",
        34,
    ),
    (
        "hta_inference_rank_1",
        "hta__trace_file_list_inference_rank_1.json.gz",
        22,
    ),
    (
        "speedscope_chrome141_no_arg_data",
        "speedscope__Chrome_141_no-arg-data.json",
        12,
    ),
    (
        "speedscope_hermes",
        "speedscope__trace-event_hermes-multiple-frames.json",
        8,
    ),
    (
        "speedscope_multi_thread_samples",
        "speedscope__trace-event_multi-thread-with-samples.json",
        2,
    ),
    (
        "speedscope_simple_object",
        "speedscope__trace-event_simple-object.json",
        5,
    ),
    (
        "chromium_devtools_small",
        "chromium__chromium_devtools_small.json.gz",
        4629,
    ),
    (
        "speedscope_chrome69_simple",
        "speedscope__Chrome_69_simple.json.gz",
        1326,
    ),
];

fn data(name: &str) -> Vec<u8> {
    common::read(&common::data_dir("chrome_json").join(name))
}

fn not_a_trace(name: &str) -> Vec<u8> {
    common::read(&common::data_dir("not_a_trace").join(name))
}

fn unpacked(bytes: &[u8]) -> Vec<u8> {
    use std::io::Read;
    if !planeview::import::is_gzip(bytes) {
        return bytes.to_vec();
    }
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .unwrap();
    out
}

fn import_str(text: &str) -> Result<Trace, ImportError> {
    import_bytes(text.as_bytes()).map(|i| i.trace)
}

fn diag_count(trace: &Trace, kind: DiagnosticKind) -> u64 {
    trace.diagnostics.get(kind).map_or(0, |d| d.count)
}

#[test]
fn real_files_match_their_snapshots_and_counts() {
    for &(snap, file, events) in FILES {
        let bytes = data(file);
        let imported = import_bytes(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        let trace = &imported.trace;
        assert_eq!(trace.source_events, events, "{file}: events");
        assert!(
            !trace.tracks.is_empty() && !trace.processes.is_empty(),
            "{file}"
        );
        assert!(
            trace.slices.len() + trace.instants.len() > 0,
            "{file}: nothing placed"
        );
        common::assert_snapshot(&format!("chrome_json_{snap}"), &dump_text(trace, 12));
        assert_lanes_never_overlap(trace, file);
    }
}

/// Overlaps are placed on sub-lanes, never dropped or clipped: within a lane, each slice
/// ends before the next starts.
fn assert_lanes_never_overlap(t: &Trace, file: &str) {
    for lane in &t.index.lanes {
        for i in lane.start as usize + 1..lane.end as usize {
            assert!(
                t.slices.end(i - 1) <= t.slices.start[i],
                "{file}: slice {i}"
            );
        }
    }
    let placed: usize = t.index.lanes.iter().map(|l| l.range().len()).sum();
    assert_eq!(placed, t.slices.len(), "{file}");
}

#[test]
fn real_files_are_detected_as_chrome_json() {
    for &(_, file, _) in FILES {
        let json = unpacked(&data(file));
        assert_eq!(detect(&json), Some(Detected::ChromeJson), "{file}");
    }
}

#[test]
fn kineto_resnet50_has_named_gpu_and_cpu_tracks() {
    let trace = import_bytes(&data(FILES[3].1)).unwrap().trace;
    let names: Vec<&str> = (0..trace.tracks.len())
        .map(|t| trace.str(trace.tracks.name[t]))
        .collect();
    assert!(names.iter().any(|n| n.contains("stream 7")), "{names:?}");
    assert_eq!(trace.slices.len(), 44666);
    assert_eq!(trace.instants.len(), 12840);
    assert_eq!(diag_count(&trace, DiagnosticKind::UnknownPhase), 0);
    // Every `s` has its `f`: one arrow each, from the launch to the GPU work.
    assert_eq!(trace.flows.len(), 9096);
    let launch = (0..trace.slices.len())
        .find(|&i| trace.str(trace.slices.name[i]) == "cudaLaunchKernel")
        .unwrap();
    let out: Vec<usize> = trace.flows.outgoing(SliceId(launch as u32)).collect();
    assert_eq!(out.len(), 1);
    let kernel = trace.flows.to[out[0]];
    let kernel_track = trace.slices.track[kernel.index()];
    assert_eq!(
        trace.str(trace.tracks.name[kernel_track.index()]),
        "stream 7"
    );
    assert!(trace.slices.start[kernel.index()] >= trace.slices.start[launch]);
    let back: Vec<usize> = trace.flows.incoming(kernel).collect();
    assert_eq!(back, out, "the kernel leads back to its launch");
    assert!(
        trace
            .metadata
            .get("deviceProperties")
            .is_some_and(|v| v.is_array())
    );
}

#[test]
fn not_a_trace_files_are_rejected_clearly() {
    let err = import_bytes(&not_a_trace(
        "execution_trace_benchmark_simple_add_et.json.gz",
    ))
    .unwrap_err();
    assert_eq!(err.kind(), "not_a_trace");
    let msg = err.to_string();
    assert!(
        msg.contains("without a traceEvents array") && msg.contains("schema, pid, time"),
        "{msg}"
    );
    let err = import_bytes(&not_a_trace("memory_analysis_memory_timeline.raw.gz")).unwrap_err();
    assert_eq!(err.kind(), "not_a_trace");
    assert!(
        err.to_string().contains("first element is an array"),
        "{err}"
    );
}

#[test]
fn object_form_keeps_keys_before_and_after_events() {
    let t = import_str(
        r#"{"schemaVersion": 1, "displayTimeUnit": "ns", "traceEvents": [
            {"ph": "X", "name": "a", "pid": 1, "tid": 2, "ts": 10, "dur": 5}
        ], "traceName": "x.json", "deviceProperties": [{"id": 0, "name": "GPU"}]}"#,
    )
    .unwrap();
    assert_eq!(t.slices.len(), 1);
    assert_eq!(t.slices.dur[0], 5_000_000);
    assert_eq!(t.metadata.get("displayTimeUnit").unwrap(), "ns");
    assert_eq!(t.metadata.get("traceName").unwrap(), "x.json");
    assert_eq!(t.metadata.get("schemaVersion").unwrap(), 1);
    assert_eq!(
        t.metadata.get("deviceProperties").unwrap()[0]["name"],
        "GPU"
    );
    assert!(t.diagnostics.is_empty(), "{:?}", t.diagnostics);
}

#[test]
fn bare_array_and_unterminated_arrays_are_accepted() {
    let ev = r#"{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": 2}"#;
    for text in [
        format!("[{ev}]"),
        format!("[{ev},{ev}"),
        format!("[{ev},\n{ev},\n"),
        format!("\u{feff} [ {ev} ,{ev} ] "),
    ] {
        let t = import_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(!t.slices.is_empty(), "{text}");
        assert_eq!(diag_count(&t, DiagnosticKind::TruncatedInput), 0, "{text}");
        for (_, d) in t.diagnostics.iter() {
            assert_eq!(d.severity, Severity::Info, "{text}");
        }
    }
}

#[test]
fn pid_and_tid_may_be_strings_or_numbers() {
    let t = import_str(
        r#"[{"ph": "X", "name": "a", "pid": "Spans", "tid": "PyTorch Profiler", "ts": 1, "dur": 1},
            {"ph": "X", "name": "b", "pid": 7, "tid": "25738", "ts": 1, "dur": 1},
            {"ph": "X", "name": "c", "pid": 7, "tid": 25738, "ts": 2, "dur": 1},
            {"ph": "X", "name": "d", "pid": 7, "tid": -1, "ts": 2, "dur": 1},
            {"ph": "M", "name": "thread_name", "pid": 7, "tid": -1, "args": {"name": "dumps"}},
            {"ph": "M", "name": "process_name", "pid": "Spans", "args": {"name": "Spans!"}}]"#,
    )
    .unwrap();
    assert_eq!(t.source_events, 4);
    assert_eq!(t.tracks.len(), 3, "\"25738\" and 25738 are one track");
    let track_names: Vec<&str> = (0..t.tracks.len())
        .map(|i| t.str(t.tracks.name[i]))
        .collect();
    assert_eq!(track_names, ["PyTorch Profiler", "Thread 25738", "dumps"]);
    let process_names: Vec<&str> = (0..t.processes.len())
        .map(|i| t.str(t.processes.name[i]))
        .collect();
    assert_eq!(process_names, ["Spans!", "Process 7"]);
    // Numeric pids sort by number, before non-numeric ones.
    assert!(t.processes.sort_index[1] < t.processes.sort_index[0]);
}

#[test]
fn timestamps_keep_nanosecond_precision() {
    let t = import_str(
        r#"[{"ph": "i", "name": "a", "pid": 1, "tid": 1, "ts": 1700000000123456.789},
            {"ph": "i", "name": "b", "pid": 1, "tid": 1, "ts": 1700000000123457.001},
            {"ph": "X", "name": "c", "pid": 1, "tid": 1, "ts": 1.700000000123458e15, "dur": 0.0015}]"#,
    )
    .unwrap();
    assert_eq!(t.origin.source_ns, 1_700_000_000_123_456_789);
    assert_eq!(t.instants.time, [0, 212_000]);
    assert_eq!(t.slices.start[0], 1_211_000);
    assert_eq!(t.slices.dur[0], 2_000, "0.0015 µs rounds to 2 ns");
}

#[test]
fn begin_end_nest_and_report_unmatched_and_unclosed() {
    let t = import_str(
        r#"[{"ph": "B", "name": "outer", "pid": 1, "tid": 1, "ts": 0, "args": {"a": 1}},
            {"ph": "B", "name": "inner", "pid": 1, "tid": 1, "ts": 1},
            {"ph": "E", "pid": 1, "tid": 1, "ts": 3, "args": {"e": "x"}},
            {"ph": "E", "pid": 1, "tid": 2, "ts": 4},
            {"ph": "X", "name": "late", "pid": 1, "tid": 1, "ts": 8, "dur": 2}]"#,
    )
    .unwrap();
    assert_eq!(diag_count(&t, DiagnosticKind::UnmatchedEnd), 1);
    assert_eq!(diag_count(&t, DiagnosticKind::UnclosedBegin), 1);
    let find = |name: &str| {
        (0..t.slices.len())
            .find(|&i| t.str(t.slices.name[i]) == name)
            .unwrap()
    };
    let (outer, inner) = (find("outer"), find("inner"));
    assert_eq!(
        (t.slices.start[outer], t.slices.dur[outer]),
        (0, 10_000_000),
        "closed at the trace end"
    );
    assert_eq!(
        (t.slices.start[inner], t.slices.dur[inner]),
        (1_000_000, 2_000_000)
    );
    assert_eq!((t.slices.lane[outer], t.slices.lane[inner]), (0, 1));
    let inner_args: Vec<String> = t
        .args
        .get(t.slices.args[inner])
        .map(|(k, _)| t.str(k).to_owned())
        .collect();
    assert_eq!(inner_args, ["e"]);
    let outer_args: Vec<String> = t
        .args
        .get(t.slices.args[outer])
        .map(|(k, _)| t.str(k).to_owned())
        .collect();
    assert_eq!(outer_args, ["a"]);
}

#[test]
fn truncated_mid_event_keeps_earlier_events() {
    let text = r#"{"traceEvents": [{"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": 2},
        {"ph": "X", "name": "b", "pid": 1, "tid": 1, "ts": 3, "dur": 2}, {"ph": "X", "name": "c", "ts"#;
    let t = import_str(text).unwrap();
    assert_eq!(t.slices.len(), 2);
    assert_eq!(t.source_events, 2);
    let d = t.diagnostics.get(DiagnosticKind::TruncatedInput).unwrap();
    assert_eq!(d.severity, Severity::DataLoss);
    assert!(
        d.examples[0].starts_with(&format!("byte {}", text.len())),
        "{:?}",
        d.examples
    );
    // A syntax error after usable events is a cut too.
    let t = import_str(r#"[{"ph": "i", "name": "a", "pid": 1, "tid": 1, "ts": 1} {"#).unwrap();
    assert_eq!(t.instants.len(), 1);
    assert!(
        t.diagnostics
            .get(DiagnosticKind::TruncatedInput)
            .unwrap()
            .examples[0]
            .contains("expected ',' or ']'")
    );
}

#[test]
fn errors_before_any_event() {
    let err = import_str(r#"{"traceEvents": [{"ph": "X", "na"#).unwrap_err();
    assert_eq!(err.kind(), "truncated");
    let err = import_str(r#"{"traceEvents": [{"ph" "X"}]}"#).unwrap_err();
    assert_eq!(
        err,
        ImportError::Malformed {
            format: "Chrome trace JSON",
            detail: "expected ':', found '\"'".into(),
            offset: 23
        }
    );
    assert_eq!(import_str("[1, 2]").unwrap_err().kind(), "not_a_trace");
    assert_eq!(
        import_str(r#"[{"a": 1}, {"b": 2}]"#).unwrap_err().kind(),
        "not_a_trace"
    );
    assert_eq!(
        import_str(r#"{"traceEvents": 3}"#).unwrap_err().kind(),
        "not_a_trace"
    );
    let deep = format!(r#"[{{"ph": "X", "args": {}"#, "[".repeat(1000));
    assert_eq!(import_str(&deep).unwrap_err().kind(), "limit_exceeded");
}

#[test]
fn phases_args_and_metadata_events() {
    let t = import_str(
        r#"[{"ph": "M", "name": "process_name", "pid": 1, "args": {"name": "main"}},
            {"ph": "M", "name": "process_sort_index", "pid": 1, "args": {"sort_index": -5}},
            {"ph": "M", "name": "thread_sort_index", "pid": 1, "tid": 3, "args": {"sort_index": 9}},
            {"ph": "M", "name": "process_labels", "pid": 1, "args": {"labels": "GPU 0"}},
            {"ph": "X", "name": "k", "cat": "kernel,gpu", "pid": 1, "tid": 3, "ts": 5,
             "args": {"i": -3, "u": 18446744073709551615, "f": 0.5, "s": "t\u00e9\ud83d\ude00", "b": true,
                      "n": null, "grid": [1, 2, 3], "o": {"x": "y"}}},
            {"ph": "C", "name": "mem", "pid": 1, "ts": 5, "args": {"v": 1}},
            {"ph": "C", "name": "mem", "pid": 1, "ts": 6, "args": {"v": 2}},
            {"ph": "s", "name": "flow", "pid": 1, "tid": 3, "ts": 6, "id": 1},
            {"name": "no phase", "pid": 1, "tid": 3, "ts": 7}]"#,
    )
    .unwrap();
    assert_eq!(t.source_events, 5);
    assert_eq!(t.str(t.processes.name[0]), "main");
    assert_eq!(t.processes.sort_index[0], -5);
    assert_eq!(t.tracks.sort_index[0], 9);
    assert_eq!(t.str(t.processes.labels[0]), "GPU 0");
    assert_eq!(
        t.processes.display_name(&t.strings, ProcessId(0)),
        "main (GPU 0)"
    );
    assert_eq!(diag_count(&t, DiagnosticKind::MissingDuration), 1);
    assert_eq!(diag_count(&t, DiagnosticKind::UnknownPhase), 0);
    assert_eq!(diag_count(&t, DiagnosticKind::UnmatchedFlowStart), 1);
    assert_eq!(diag_count(&t, DiagnosticKind::MissingPhase), 1);
    assert_eq!(
        t.counters.value,
        [1.0, 2.0],
        "C samples on the counter track `mem`"
    );
    assert_eq!(
        t.str(t.categories.name[t.slices.category[0].index()]),
        "kernel,gpu"
    );
    let args: Vec<String> = t
        .args
        .get(t.slices.args[0])
        .map(|(k, v)| {
            format!(
                "{}={}",
                t.str(k),
                planeview::model::arg_value_to_json(v, &t.strings)
            )
        })
        .collect();
    assert_eq!(
        args,
        [
            "i=-3",
            "u=\"18446744073709551615\"",
            "f=0.5",
            "s=\"té😀\"",
            "b=true",
            "n=null",
            "grid=[1,2,3]",
            "o={\"x\":\"y\"}"
        ]
    );
}

#[test]
fn garbage_never_panics() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let alphabet = b"{}[]\",:0123456789.eE-+ \\utrfnlasphXBEMi\xff\xc3";
    let valid = br#"{"traceEvents": [{"ph": "B", "name": "a\u00e9", "pid": 1, "tid": "x", "ts": 1.5, "args": {"k": [1, {"z": null}]}}, {"ph": "E", "pid": 1, "tid": "x", "ts": 2}], "meta": 1}"#;
    for round in 0..3000 {
        let mut bytes = b"{\"traceEvents\": [".to_vec();
        if round % 2 == 0 {
            let len = (next() % 64) as usize;
            bytes.extend((0..len).map(|_| alphabet[(next() % alphabet.len() as u64) as usize]));
        } else {
            // Bit flips and truncations of a valid trace.
            bytes = valid.to_vec();
            for _ in 0..1 + next() % 3 {
                let i = (next() % bytes.len() as u64) as usize;
                bytes[i] ^= 1 << (next() % 8);
            }
            bytes.truncate((next() % (bytes.len() as u64 + 1)) as usize);
        }
        let _ = planeview::import::chrome_json::import(&bytes);
    }
    for cut in 0..valid.len() {
        let _ = planeview::import::chrome_json::import(&valid[..cut]);
    }
}

#[test]
fn every_corpus_file_imports() {
    let Some(corpus) = common::corpus_dir() else {
        return;
    };
    let expected: &[(&str, u64)] = &[
        ("torch_cpu_transformer_train_dev.pt.trace.json.gz", 356_381),
        (
            "hta__mtia_trace_single_rank_mtia_rank_0.json.gz",
            455_739 - 310_046,
        ),
        ("chromium__chromium_default_cats_4s.json.gz", 235_902 - 118),
        ("hta__trace_diff_control_control.json.gz", 109_123 - 42),
        ("speedscope__Chrome_69_simple.json", 1364 - 38),
    ];
    let mut dir: Vec<_> = std::fs::read_dir(corpus.join("chrome_json"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    dir.sort();
    for path in dir {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let imported = import_bytes(&common::read(&path)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let trace = &imported.trace;
        eprintln!(
            "{name}: events {} slices {} instants {} tracks {} diagnostics {:?}",
            trace.source_events,
            trace.slices.len(),
            trace.instants.len(),
            trace.tracks.len(),
            trace
                .diagnostics
                .iter()
                .map(|(n, d)| (n, d.count))
                .collect::<Vec<_>>()
        );
        if let Some(&(_, events)) = expected.iter().find(|(f, _)| *f == name) {
            assert_eq!(trace.source_events, events, "{name}");
        }
        assert!(
            trace
                .diagnostics
                .get(DiagnosticKind::TruncatedInput)
                .is_none(),
            "{name}"
        );
        for (diag, d) in trace.diagnostics.iter() {
            assert!(d.severity < Severity::Error, "{name}: {diag} {d:?}");
        }
        // Files too big to copy into tests/data get their snapshot here.
        let copied = FILES
            .iter()
            .any(|&(_, f, _)| f == name || f.strip_suffix(".gz") == Some(name.as_str()));
        if !copied {
            let stem = name
                .split(".json")
                .next()
                .unwrap_or(&name)
                .replace(['.', '-'], "_");
            common::assert_snapshot(&format!("chrome_json_corpus_{stem}"), &dump_text(trace, 12));
        }
    }
}

#[test]
fn real_file_cut_anywhere_keeps_what_was_read() {
    let json = unpacked(&data("torch-cpu__torch_cpu_smallcnn_train.json.gz"));
    let start = json
        .windows(13)
        .position(|w| w == b"\"traceEvents\"")
        .unwrap();
    let mut previous = 0;
    for k in 1..=9 {
        let cut = start + (json.len() - start) * k / 10;
        let t = planeview::import::chrome_json::import(&json[..cut])
            .unwrap_or_else(|e| panic!("cut at {cut}: {e}"));
        let d = t
            .diagnostics
            .get(DiagnosticKind::TruncatedInput)
            .expect("truncated_input");
        assert_eq!(d.severity, Severity::DataLoss);
        assert!(
            d.examples[0].starts_with(&format!("byte {cut}")),
            "{:?}",
            d.examples
        );
        assert!(
            t.source_events > previous && t.source_events < 1613,
            "cut at {cut}"
        );
        previous = t.source_events;
    }
}
