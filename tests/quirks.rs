//! One tiny hand-written file per quirk of the Chrome trace-event format and of Kineto
//! (`tests/data/quirks/<quirk>.json`), each with its expected dump
//! (`tests/snapshots/quirk_<quirk>.txt`) and the assertions that state the rule.

mod common;

use planeview::import::import_bytes;
use planeview::model::{SliceId, Trace, TrackKind, dump_text};
use planeview::summary::Summary;
use planeview::{DiagnosticKind, Severity};

fn load(quirk: &str) -> Trace {
    let path = common::data_dir("quirks").join(format!("{quirk}.json"));
    import_bytes(&common::read(&path))
        .unwrap_or_else(|e| panic!("{quirk}: {e}"))
        .trace
}

fn diag(t: &Trace, kind: DiagnosticKind) -> Option<(u64, Severity)> {
    t.diagnostics.get(kind).map(|d| (d.count, d.severity))
}

/// (start, duration) in ns of the slice named `name`.
fn slice(t: &Trace, name: &str) -> (i64, i64) {
    let i = find(t, name).index();
    (t.slices.start[i] / 1000, t.slices.dur[i] / 1000)
}

fn find(t: &Trace, name: &str) -> SliceId {
    (0..t.slices.len())
        .find(|&i| t.str(t.slices.name[i]) == name)
        .map(|i| SliceId(i as u32))
        .unwrap_or_else(|| panic!("no slice {name:?}"))
}

fn track_of(t: &Trace, s: SliceId) -> String {
    t.str(t.tracks.name[t.slices.track[s.index()].index()])
        .to_owned()
}

fn track_names(t: &Trace, kind: TrackKind) -> Vec<String> {
    (0..t.tracks.len())
        .filter(|&i| t.tracks.kind[i] == kind)
        .map(|i| t.str(t.tracks.name[i]).to_owned())
        .collect()
}

fn arg_keys(t: &Trace, s: SliceId) -> Vec<String> {
    t.args
        .get(t.slices.args[s.index()])
        .map(|(k, _)| t.str(k).to_owned())
        .collect()
}

/// (source slice name, destination slice name) of every arrow, sorted.
fn arrows(t: &Trace) -> Vec<(String, String)> {
    let name = |s: SliceId| t.str(t.slices.name[s.index()]).to_owned();
    let mut v: Vec<_> = (0..t.flows.len())
        .map(|f| (name(t.flows.from[f]), name(t.flows.to[f])))
        .collect();
    v.sort();
    v
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[test]
fn every_quirk_file_matches_its_dump() {
    let mut names: Vec<String> = std::fs::read_dir(common::data_dir("quirks"))
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            name.strip_suffix(".json").map(str::to_owned)
        })
        .collect();
    names.sort();
    assert!(names.len() >= 18, "{names:?}");
    for quirk in names {
        let t = load(&quirk);
        for (name, d) in t.diagnostics.iter() {
            assert!(d.severity < Severity::Error, "{quirk}: {name} {d:?}");
        }
        common::assert_snapshot(&format!("quirk_{quirk}"), &dump_text(&t, 50));
    }
}

#[test]
fn x_without_dur_is_drawn_with_zero_duration() {
    let t = load("x_without_dur");
    assert_eq!(slice(&t, "no_dur"), (0, 0));
    assert_eq!(
        diag(&t, DiagnosticKind::MissingDuration),
        Some((1, Severity::Info))
    );
}

#[test]
fn begin_end_pair_in_time_order_whatever_the_file_order() {
    let t = load("begin_end_unsorted");
    assert_eq!(slice(&t, "outer"), (0, 30_000));
    assert_eq!(slice(&t, "inner"), (10_000, 10_000));
    // An E closes the innermost open B: the first E (result "ok") closes "inner".
    let first_value = |name: &str| {
        let s = find(&t, name);
        let v = t.args.get(t.slices.args[s.index()]).next().unwrap().1;
        planeview::model::arg_value_to_json(v, &t.strings)
    };
    assert_eq!(first_value("inner"), "ok");
    assert_eq!(first_value("outer"), "pending");
    assert_eq!(arg_keys(&t, find(&t, "outer")), ["result", "k"]);
    assert_eq!(
        diag(&t, DiagnosticKind::UnmatchedEnd),
        Some((1, Severity::DataLoss))
    );
    assert_eq!(
        diag(&t, DiagnosticKind::UnclosedBegin),
        Some((1, Severity::DataLoss))
    );
    // Closed at the latest time of the trace (the end of "last").
    assert_eq!(slice(&t, "still_open"), (40_000, 50_000));
}

#[test]
fn instants_go_to_the_track_of_their_scope() {
    let t = load("instant_scopes");
    let track_of_instant = |name: &str| {
        let k = (0..t.instants.len())
            .find(|&k| t.str(t.instants.name[k]) == name)
            .unwrap();
        t.str(t.tracks.name[t.instants.track[k].index()]).to_owned()
    };
    assert_eq!(track_of_instant("thread_scoped"), "Thread 1");
    assert_eq!(track_of_instant("no_scope"), "Thread 1");
    assert_eq!(track_of_instant("navigationStart"), "Thread 1");
    assert_eq!(track_of_instant("process_scoped"), "Process instants");
    assert_eq!(track_of_instant("global"), "Global instants");
    assert_eq!(track_of_instant("mark_without_scope"), "Thread 9");
    assert!(t.diagnostics.is_empty(), "{:?}", t.diagnostics);
}

#[test]
fn counters_get_one_track_per_args_key() {
    let t = load("counter_series_per_key");
    let mut names = track_names(&t, TrackKind::Counter);
    names.sort();
    assert_eq!(
        names,
        [
            "multi",
            "multi.cats",
            "multi.dogs",
            "odd.ok",
            "single",
            "with_id 7"
        ],
        "pid 2's `multi` events have one key each"
    );
    let single = (0..t.tracks.len())
        .find(|&i| t.str(t.tracks.name[i]) == "single")
        .unwrap();
    let samples = t
        .index
        .counters_of(planeview::model::TrackId(single as u32));
    assert_eq!(&t.counters.value[samples], [1.0, 3.5]);
    assert_eq!(
        diag(&t, DiagnosticKind::CounterValueNotNumeric),
        Some((1, Severity::Info))
    );
    assert_eq!(
        diag(&t, DiagnosticKind::CounterWithoutValue),
        Some((1, Severity::DataLoss))
    );
    let imported = import_bytes(&common::read(
        &common::data_dir("quirks").join("counter_series_per_key.json"),
    ))
    .unwrap();
    assert_eq!(Summary::of(&imported).counters, 6);
}

#[test]
fn nestable_async_matches_by_id_scope_and_process() {
    let t = load("async_nestable");
    assert_eq!(track_names(&t, TrackKind::Async).len(), 5);
    // Same plain id in two processes: two operations.
    let requests: Vec<(i64, i64)> = (0..t.slices.len())
        .filter(|&i| t.str(t.slices.name[i]) == "request")
        .map(|i| (t.slices.start[i] / 1000, t.slices.dur[i] / 1000))
        .collect();
    assert_eq!(requests.len(), 3);
    assert!(requests.contains(&(0, 100_000)) && requests.contains(&(50_000, 10_000)));
    assert!(requests.contains(&(30_000, 40_000)), "id2.local 0x2");
    // The child shares its root's track, one lane down.
    let (request, dns) = (find(&t, "request"), find(&t, "dns"));
    assert_eq!(track_of(&t, dns), track_of(&t, request));
    assert_eq!(slice(&t, "dns"), (10_000, 10_000));
    // A global id matches across processes.
    assert_eq!(slice(&t, "job"), (5_000, 20_000));
    // "scope" separates ids: the end in scope b matches nothing.
    assert_eq!(slice(&t, "scoped"), (0, 2_000));
    assert_eq!(
        diag(&t, DiagnosticKind::UnmatchedAsyncEnd),
        Some((1, Severity::DataLoss))
    );
    assert_eq!(
        diag(&t, DiagnosticKind::UnclosedAsyncBegin),
        Some((1, Severity::DataLoss))
    );
    assert!(
        diag(&t, DiagnosticKind::OverlapSublane).is_none(),
        "async overlaps are normal"
    );
}

#[test]
fn legacy_async_pairs_by_name_and_id() {
    let t = load("async_legacy_start_finish");
    // The F before the S belongs to an operation that began before the trace.
    assert_eq!(
        diag(&t, DiagnosticKind::UnmatchedAsyncEnd),
        Some((1, Severity::DataLoss))
    );
    // Times are relative to the earliest placed event, the S of "Visibility" at 5 µs.
    assert_eq!(slice(&t, "Audio"), (2_000, 2_000));
    assert_eq!(slice(&t, "Visibility"), (0, 15_000), "closed at the end");
    let step = (0..t.instants.len())
        .find(|&k| t.str(t.instants.name[k]) == "Visibility")
        .unwrap();
    assert_eq!(t.instants.time[step] / 1000, 1_000);
}

#[test]
fn flow_v1_binds_enclosing_or_next_and_one_start_has_many_ends() {
    let t = load("flow_v1_binding");
    assert_eq!(
        arrows(&t),
        pairs(&[
            ("cudaLaunchKernel", "kernel_a"),
            ("cudaLaunchKernel", "kernel_b"),
            ("op", "relay"),
            ("relay", "next_task"),
        ])
    );
    let launch = find(&t, "cudaLaunchKernel");
    assert_eq!(t.flows.outgoing(launch).count(), 2);
    assert_eq!(
        diag(&t, DiagnosticKind::UnmatchedFlowEnd),
        Some((1, Severity::Info))
    );
    assert_eq!(
        diag(&t, DiagnosticKind::UnmatchedFlowStart),
        Some((1, Severity::Info))
    );
}

#[test]
fn flow_v2_chains_bound_slices() {
    let t = load("flow_v2_bind_id");
    assert_eq!(
        arrows(&t),
        pairs(&[("relay", "receive"), ("send", "relay")])
    );
    assert_eq!(
        diag(&t, DiagnosticKind::UnmatchedFlowEnd),
        Some((1, Severity::Info))
    );
}

#[test]
fn metadata_events_name_and_order_processes_and_threads() {
    let t = load("metadata_events");
    let order = planeview::model::display_order(&t);
    let process_names: Vec<String> = order
        .iter()
        .map(|g| t.processes.display_name(&t.strings, g.process))
        .collect();
    assert_eq!(process_names, ["Process 2", "Browser (GPU 0)"]);
    let threads: Vec<&str> = order[1]
        .tracks
        .iter()
        .map(|&id| t.str(t.tracks.name[id.index()]))
        .collect();
    assert_eq!(threads, ["Thread 8", "main"]);
    assert_eq!(
        t.str(t.tracks.name[order[0].tracks[0].index()]),
        "named after its events"
    );
    assert_eq!(
        diag(&t, DiagnosticKind::MetadataEventIgnored),
        Some((1, Severity::Info))
    );
}

#[test]
fn samples_objects_and_memory_dumps_are_kept() {
    let t = load("samples_objects_memory_dumps");
    let instants: Vec<&str> = (0..t.instants.len())
        .map(|k| t.str(t.instants.name[k]))
        .collect();
    for name in ["Profile", "ProfileChunk", "periodic_interval", "layer"] {
        assert!(instants.contains(&name), "{name}: {instants:?}");
    }
    let layers: Vec<(i64, i64)> = (0..t.slices.len())
        .filter(|&i| t.str(t.slices.name[i]) == "layer")
        .map(|i| (t.slices.start[i] / 1000, t.slices.dur[i] / 1000))
        .collect();
    assert_eq!(layers, [(1_000, 7_000), (3_000, 7_000)]);
    assert_eq!(
        diag(&t, DiagnosticKind::ObjectAliveAtEnd),
        Some((1, Severity::Info))
    );
    assert_eq!(
        diag(&t, DiagnosticKind::UnmatchedAsyncEnd),
        Some((1, Severity::DataLoss))
    );
    assert!(diag(&t, DiagnosticKind::UnknownPhase).is_none());
}

#[test]
fn display_time_unit_does_not_change_timestamps() {
    let t = load("display_time_unit_ns");
    assert_eq!(slice(&t, "one_microsecond"), (0, 1_000));
    assert_eq!(slice(&t, "ns_resolution"), (100_001, 500));
    assert_eq!(
        t.metadata.get("displayTimeUnit"),
        Some(&serde_json::json!("ns"))
    );
}

#[test]
fn unsorted_input_is_sorted_and_nested() {
    let t = load("unsorted_input");
    let child = find(&t, "child");
    assert_eq!(t.slices.lane[child.index()], 1);
    assert_eq!(t.slices.lane[find(&t, "first").index()], 0);
    let times: Vec<i64> = t.instants.time.iter().map(|&p| p / 1000).collect();
    assert_eq!(times, [1_000, 31_000]);
}

#[test]
fn thread_time_is_kept_as_args() {
    let t = load("thread_time_tts");
    assert_eq!(arg_keys(&t, find(&t, "busy")), ["tts", "tdur"]);
    assert_eq!(arg_keys(&t, find(&t, "begin_end")), ["tts"]);
}

#[test]
fn partial_overlap_goes_to_a_sub_lane() {
    let t = load("overlap_partial");
    let lane = |n: &str| t.slices.lane[find(&t, n).index()];
    assert_eq!(
        (lane("kernel_a"), lane("kernel_b_overlaps_a"), lane("after")),
        (0, 1, 0)
    );
    // It starts after kernel_a ended: the nesting goes on as if kernel_b were not there
    // (kernel_b nests only up to kernel_a's end), and kernel_b's lane stays its own.
    assert_eq!(lane("nested_in_b"), 0);
    assert_eq!(slice(&t, "kernel_b_overlaps_a").1, 10_000, "not clipped");
    assert_eq!(
        diag(&t, DiagnosticKind::OverlapSublane),
        Some((1, Severity::Info))
    );
}

#[test]
fn negative_duration_is_clamped_and_counted() {
    let t = load("negative_duration");
    assert_eq!(slice(&t, "backwards").1, 0);
    assert_eq!(
        diag(&t, DiagnosticKind::NegativeDuration),
        Some((1, Severity::DataLoss))
    );
}

#[test]
fn unknown_phases_are_counted_per_phase() {
    let t = load("unknown_phase");
    let d = t.diagnostics.get(DiagnosticKind::UnknownPhase).unwrap();
    assert_eq!((d.count, d.severity), (3, Severity::DataLoss));
    assert_eq!(d.examples.len(), 3);
    assert_eq!(t.source_events, 4);
}

#[test]
fn kineto_launch_flows_use_correlation_when_s_is_missing() {
    let t = load("kineto_launch_flows_more_f_than_s");
    assert_eq!(
        arrows(&t),
        pairs(&[("cudaLaunchKernel", "gemm"), ("cudaLaunchKernel", "relu")])
    );
    assert_eq!(
        diag(&t, DiagnosticKind::FlowsFromCorrelation),
        Some((1, Severity::Info))
    );
    // Two `f` without `s`: the runtime-only call and the kernel linked by correlation.
    assert_eq!(
        diag(&t, DiagnosticKind::UnmatchedFlowEnd),
        Some((2, Severity::Info))
    );
    // Kernel args are kept for the details panel.
    let keys = arg_keys(&t, find(&t, "gemm"));
    for k in [
        "grid",
        "block",
        "registers per thread",
        "shared memory",
        "est. achieved occupancy %",
    ] {
        assert!(keys.iter().any(|x| x == k), "{k}");
    }
    let gemm = find(&t, "gemm");
    assert_eq!(track_of(&t, gemm), "stream 7 ");
}

#[test]
fn kineto_memory_instants_become_counter_tracks_per_device() {
    let t = load("kineto_memory_instants");
    let mut names = track_names(&t, TrackKind::Counter);
    names.sort();
    assert_eq!(
        names,
        [
            "CPU Total Allocated",
            "CPU Total Reserved",
            "GPU 0 Total Allocated",
            "GPU 0 Total Reserved"
        ]
    );
    assert_eq!(t.counters.len(), 6);
    assert_eq!(t.instants.len(), 3, "the instants are kept too");
}

#[test]
fn kineto_profiler_steps_and_header() {
    let t = load("kineto_profiler_steps_and_header");
    let steps = planeview::import::chrome_json::kineto::profiler_steps(&t);
    let numbers: Vec<u64> = steps.iter().map(|s| s.number).collect();
    assert_eq!(numbers, [7, 8]);
    assert_eq!(slice(&t, "ProfilerStep#7"), (0, 100_500));
    for key in [
        "deviceProperties",
        "distributedInfo",
        "baseTimeNanoseconds",
        "traceName",
        "displayTimeUnit",
    ] {
        assert!(t.metadata.get(key).is_some(), "{key}");
    }
}
