//! Perfetto protobuf importer: the Chromium sample (snapshot, counts, `summary --json`),
//! detection, and tiny traces written with the prost types for each feature.

#![allow(clippy::disallowed_methods)] // tests do I/O; the rule is for the core

mod common;

use planeview::import::perfetto::proto::{
    self, ClockSnapshot, CounterDescriptor, DebugAnnotation, InternedData, InternedName,
    ProcessDescriptor, ThreadDescriptor, TracePacket, TracePacketDefaults, TrackDescriptor,
    TrackEvent, TrackEventDefaults, clock_snapshot::Clock, debug_annotation::NestedValue,
    track_event::LegacyEvent,
};
use planeview::import::{Detected, detect, import_bytes};
use planeview::model::{Trace, arg_value_to_json, dump_text};
use planeview::{DiagnosticKind, ImportError, Severity};
use prost::Message;

const SAMPLE: &str = "chromium_devtools_small.pftrace.gz";
/// TracePackets of the sample that carry a TrackEvent (counted independently of this
/// importer, by walking the packets' field numbers).
const SAMPLE_EVENTS: u64 = 75_372;

const BEGIN: i32 = 1;
const END: i32 = 2;
const INSTANT: i32 = 3;
const COUNTER: i32 = 4;
const CLEARED: u32 = 1;
const NEEDS_STATE: u32 = 2;

fn sample() -> Vec<u8> {
    common::read(&common::data_dir("perfetto").join(SAMPLE))
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .unwrap();
    out
}

fn encode(packets: Vec<TracePacket>) -> Vec<u8> {
    proto::Trace { packet: packets }.encode_to_vec()
}

fn import(packets: Vec<TracePacket>) -> Trace {
    let bytes = encode(packets);
    assert_eq!(detect(&bytes), Some(Detected::Perfetto));
    import_bytes(&bytes).unwrap().trace
}

/// A packet on sequence 1 at `ts` (ns, BOOTTIME) holding `event`.
fn at(ts: u64, event: TrackEvent) -> TracePacket {
    TracePacket {
        timestamp: Some(ts),
        trusted_packet_sequence_id: Some(1),
        track_event: Some(event),
        ..Default::default()
    }
}

fn event(kind: i32, track: u64, name: Option<&str>) -> TrackEvent {
    TrackEvent {
        r#type: Some(kind),
        track_uuid: Some(track),
        name: name.map(str::to_owned),
        ..Default::default()
    }
}

fn descriptor(d: TrackDescriptor) -> TracePacket {
    TracePacket {
        trusted_packet_sequence_id: Some(1),
        track_descriptor: Some(d),
        ..Default::default()
    }
}

fn thread(uuid: u64, pid: i32, tid: i32, name: &str) -> TracePacket {
    descriptor(TrackDescriptor {
        uuid: Some(uuid),
        thread: Some(ThreadDescriptor {
            pid: Some(pid),
            tid: Some(tid),
            thread_name: Some(name.into()),
            ..Default::default()
        }),
        ..Default::default()
    })
}

fn annotation(name: &str) -> DebugAnnotation {
    DebugAnnotation {
        name: Some(name.into()),
        ..Default::default()
    }
}

fn diag(t: &Trace, kind: DiagnosticKind) -> u64 {
    t.diagnostics.get(kind).map_or(0, |d| d.count)
}

/// (name, start ps, duration ps, lane) of every slice, in time order.
fn slices(t: &Trace) -> Vec<(String, i64, i64, u16)> {
    let mut v: Vec<_> = (0..t.slices.len())
        .map(|i| {
            (
                t.str(t.slices.name[i]).to_owned(),
                t.slices.start[i],
                t.slices.dur[i],
                t.slices.lane[i],
            )
        })
        .collect();
    v.sort_by_key(|s| (s.1, s.3));
    v
}

/// `key=value` args of slice `i`.
fn slice_args(t: &Trace, i: usize) -> Vec<String> {
    t.args
        .get(t.slices.args[i])
        .map(|(k, v)| format!("{}={}", t.str(k), arg_value_to_json(v, &t.strings)))
        .collect()
}

fn slice_named(t: &Trace, name: &str) -> usize {
    (0..t.slices.len())
        .find(|&i| t.str(t.slices.name[i]) == name)
        .unwrap_or_else(|| panic!("no slice {name:?}"))
}

fn track_names(t: &Trace) -> Vec<(String, String)> {
    (0..t.tracks.len())
        .map(|i| {
            let p = t.tracks.process[i].index();
            (
                t.str(t.processes.name[p]).to_owned(),
                t.str(t.tracks.name[i]).to_owned(),
            )
        })
        .collect()
}

#[test]
fn chromium_sample_matches_its_snapshot_and_counts() {
    let imported = import_bytes(&sample()).unwrap();
    let t = &imported.trace;
    assert_eq!(t.source_events, SAMPLE_EVENTS);
    assert_eq!(imported.unpacked_bytes, 3_971_923);
    common::assert_snapshot("perfetto_chromium_devtools_small", &dump_text(t, 6));
    // Nothing the sample holds is an error; what is lost or skipped is explained in the
    // snapshot's diagnostics.
    for (name, d) in t.diagnostics.iter() {
        assert!(d.severity < Severity::Error, "{name}: {d:?}");
    }
    assert!(t.slices.len() > 36_000 && t.instants.len() > 1_500 && t.flows.len() > 250);
    let names = track_names(t);
    assert!(
        names.contains(&("Browser".into(), "CrBrowserMain".into())),
        "{names:?}"
    );
    // Chromium writes thread time with every slice edge: it becomes an arg, not a track.
    let main = slice_named(t, "ThreadControllerImpl::RunTask");
    assert!(
        slice_args(t, main)
            .iter()
            .any(|a| a.starts_with("thread_dur_ns="))
    );
}

#[test]
fn chromium_sample_is_detected_with_and_without_gzip() {
    let unpacked = gunzip(&sample());
    assert_eq!(detect(&unpacked), Some(Detected::Perfetto));
    let t = import_bytes(&unpacked).unwrap().trace;
    assert_eq!(t.source_events, SAMPLE_EVENTS);
    // XSpace and the other protobufs keep their own importers.
    let xplane = common::read(&common::data_dir("xplane").join("jax_cpu_mlp_small.xplane.pb"));
    assert_eq!(detect(&xplane), Some(Detected::Xspace));
}

#[test]
fn summary_json_follows_the_cli_contract() {
    let path = common::data_dir("perfetto").join(SAMPLE);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_planeview"))
        .args(["summary", path.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["format"], "perfetto");
    assert_eq!(v["bytes"], 502_345);
    assert_eq!(v["unpacked_bytes"], 3_971_923);
    assert_eq!(v["events"], SAMPLE_EVENTS);
    let t = import_bytes(&sample()).unwrap().trace;
    assert_eq!(v["flows"], t.flows.len() as u64);
    assert_eq!(
        v["counters"], 0,
        "the sample's only counters are thread time"
    );
    assert!(v["processes"].as_u64().unwrap() >= 8 && v["tracks"].as_u64().unwrap() > 60);
    let span = v["span_ps"].as_i64().unwrap();
    assert!(
        (3_000_000_000_000..5_000_000_000_000).contains(&span),
        "{span}"
    );
    let d = &v["diagnostics"]["unmatched_end"];
    assert_eq!(d["severity"], "data_loss");
}

#[test]
fn begin_end_nest_per_track_and_count_unmatched() {
    let mut begin = event(BEGIN, 2, Some("outer"));
    begin.debug_annotations = vec![DebugAnnotation {
        int_value: Some(-4),
        ..annotation("n")
    }];
    let mut end = event(END, 2, None);
    end.debug_annotations = vec![DebugAnnotation {
        bool_value: Some(true),
        ..annotation("ok")
    }];
    let t = import(vec![
        thread(2, 10, 11, "main"),
        at(1_000, begin),
        at(1_500, event(BEGIN, 2, Some("inner"))),
        at(2_000, event(END, 2, None)),
        at(3_000, end),
        at(3_500, event(END, 2, None)),
        at(4_000, event(BEGIN, 2, Some("open"))),
        at(5_000, event(INSTANT, 2, Some("mark"))),
    ]);
    assert_eq!(t.source_events, 7);
    assert_eq!(
        slices(&t),
        [
            ("outer".into(), 0, 2_000_000, 0),
            ("inner".into(), 500_000, 500_000, 1),
            ("open".into(), 3_000_000, 1_000_000, 0)
        ]
    );
    assert_eq!(
        slice_args(&t, slice_named(&t, "outer")),
        ["ok=true", "n=-4"],
        "END args join the BEGIN's"
    );
    assert_eq!(diag(&t, DiagnosticKind::UnmatchedEnd), 1);
    assert_eq!(diag(&t, DiagnosticKind::UnclosedBegin), 1);
    assert_eq!(t.instants.len(), 1);
    assert_eq!(t.str(t.instants.name[0]), "mark");
    assert_eq!(t.origin.source_ns, 1_000);
}

#[test]
fn packets_of_several_sequences_match_in_time_order() {
    // Sequence 2 wrote the BEGIN, sequence 1 the END, and the file holds the END first.
    let mut first = at(2_000, event(END, 2, None));
    first.trusted_packet_sequence_id = Some(1);
    let mut second = at(1_000, event(BEGIN, 2, Some("s")));
    second.trusted_packet_sequence_id = Some(2);
    let t = import(vec![thread(2, 1, 1, "t"), first, second]);
    assert_eq!(slices(&t), [("s".into(), 0, 1_000_000, 0)]);
    assert_eq!(diag(&t, DiagnosticKind::UnmatchedEnd), 0);
}

#[test]
fn debug_annotations_flatten_with_types() {
    let mut ev = event(INSTANT, 0, Some("i"));
    ev.debug_annotations = vec![
        DebugAnnotation {
            dict_entries: vec![
                DebugAnnotation {
                    string_value: Some("x".into()),
                    ..annotation("s")
                },
                DebugAnnotation {
                    array_values: vec![
                        DebugAnnotation {
                            double_value: Some(0.5),
                            ..Default::default()
                        },
                        DebugAnnotation {
                            uint_value: Some(u64::MAX),
                            ..Default::default()
                        },
                    ],
                    ..annotation("a")
                },
            ],
            ..annotation("d")
        },
        DebugAnnotation {
            pointer_value: Some(0xbeef),
            ..annotation("p")
        },
        DebugAnnotation {
            legacy_json_value: Some(r#"{"k":[1,2]}"#.into()),
            ..annotation("j")
        },
        DebugAnnotation {
            nested_value: Some(NestedValue {
                nested_type: Some(1),
                dict_keys: vec!["x".into()],
                dict_values: vec![NestedValue {
                    int_value: Some(7),
                    ..Default::default()
                }],
                ..Default::default()
            }),
            ..annotation("old")
        },
    ];
    let t = import(vec![at(5, ev)]);
    let args: Vec<String> = t
        .args
        .get(t.instants.args[0])
        .map(|(k, v)| format!("{}={}", t.str(k), arg_value_to_json(v, &t.strings)))
        .collect();
    assert_eq!(
        args,
        [
            "d.s=\"x\"",
            "d.a[0]=0.5",
            "d.a[1]=\"18446744073709551615\"",
            "p=\"0xbeef\"",
            "j={\"k\":[1,2]}",
            "old.x=7"
        ]
    );
    // No descriptor for track 0: the implicit global track.
    assert_eq!(track_names(&t), [("Global".into(), "Global".into())]);
}

#[test]
fn counter_tracks_take_values_multipliers_and_deltas() {
    let counter = |uuid: u64, name: &str, multiplier: Option<i64>, incremental: bool| {
        descriptor(TrackDescriptor {
            uuid: Some(uuid),
            parent_uuid: Some(1),
            name: Some(name.into()),
            counter: Some(CounterDescriptor {
                unit_multiplier: multiplier,
                is_incremental: Some(incremental),
                ..Default::default()
            }),
            ..Default::default()
        })
    };
    let value = |ts: u64, uuid: u64, v: i64| {
        let mut ev = event(COUNTER, uuid, None);
        ev.counter_value = Some(v);
        at(ts, ev)
    };
    let mut double = event(COUNTER, 5, None);
    double.double_counter_value = Some(0.25);
    let thread_time = descriptor(TrackDescriptor {
        uuid: Some(6),
        parent_uuid: Some(2),
        counter: Some(CounterDescriptor {
            r#type: Some(1),
            unit_multiplier: Some(1_000),
            is_incremental: Some(true),
            ..Default::default()
        }),
        ..Default::default()
    });
    let with_extras = |kind: i32, ts: u64, cpu_us: i64, mem: i64| {
        let mut ev = event(kind, 2, Some("work"));
        ev.extra_counter_track_uuids = vec![6, 4];
        ev.extra_counter_values = vec![cpu_us, mem];
        at(ts, ev)
    };
    let process = descriptor(TrackDescriptor {
        uuid: Some(1),
        process: Some(ProcessDescriptor {
            pid: Some(9),
            process_name: Some("p".into()),
            ..Default::default()
        }),
        ..Default::default()
    });
    let t = import(vec![
        process,
        thread(2, 9, 9, "t"),
        counter(3, "bytes", Some(1_024), false),
        counter(4, "delta", None, true),
        counter(5, "ratio", None, false),
        thread_time,
        value(10, 3, 2),
        value(20, 3, 3),
        at(30, double),
        with_extras(BEGIN, 40, 100, 5),
        with_extras(END, 50, 7, -2),
    ]);
    let samples = |name: &str| -> Vec<f64> {
        (0..t.counters.len())
            .filter(|&i| t.str(t.tracks.name[t.counters.track[i].index()]) == name)
            .map(|i| t.counters.value[i])
            .collect()
    };
    assert_eq!(samples("bytes"), [2_048.0, 3_072.0]);
    assert_eq!(samples("ratio"), [0.25]);
    assert_eq!(
        samples("delta"),
        [5.0, 3.0],
        "incremental values are summed"
    );
    assert!(samples("thread_time").is_empty());
    assert_eq!(
        slice_args(&t, slice_named(&t, "work")),
        ["thread_dur_ns=7000"]
    );
    let groups: Vec<(String, String)> = track_names(&t);
    assert!(groups.iter().all(|(p, _)| p == "p"), "{groups:?}");
}

#[test]
fn flows_link_events_in_time_order() {
    let flow = |kind: i32, track: u64, name: &str, ids: &[u64], ends: &[u64]| {
        let mut ev = event(kind, track, Some(name));
        ev.flow_ids = ids.to_vec();
        ev.terminating_flow_ids = ends.to_vec();
        ev
    };
    let t = import(vec![
        thread(1, 1, 1, "a"),
        thread(2, 1, 2, "b"),
        // Written out of time order: the step comes first in the file.
        at(30, flow(BEGIN, 2, "step", &[7], &[])),
        at(35, event(END, 2, None)),
        at(10, flow(BEGIN, 1, "source", &[7], &[])),
        at(20, event(END, 1, None)),
        at(40, flow(INSTANT, 1, "sink", &[], &[7])),
        at(50, flow(INSTANT, 1, "orphan end", &[], &[8])),
        at(60, flow(INSTANT, 2, "lonely", &[9], &[])),
    ]);
    let pairs: Vec<(String, String)> = (0..t.flows.len())
        .map(|f| {
            (
                t.str(t.slices.name[t.flows.from[f].index()]).to_owned(),
                t.str(t.slices.name[t.flows.to[f].index()]).to_owned(),
            )
        })
        .collect();
    assert_eq!(
        pairs,
        [
            ("source".into(), "step".into()),
            ("step".into(), "sink".into())
        ]
    );
    assert_eq!(diag(&t, DiagnosticKind::UnmatchedFlowEnd), 1);
    assert_eq!(diag(&t, DiagnosticKind::UnmatchedFlowStart), 1);
    // Instants on a flow are zero-length slices (the arrow needs an end); others stay instants.
    assert_eq!(t.slices.dur[slice_named(&t, "sink")], 0);
}

#[test]
fn interned_names_follow_incremental_state_resets() {
    let interned = |iid: u64, name: &str| InternedData {
        event_names: vec![InternedName {
            iid: Some(iid),
            name: Some(name.into()),
        }],
        event_categories: vec![InternedName {
            iid: Some(1),
            name: Some("cat".into()),
        }],
        ..Default::default()
    };
    let named = |ts: u64, iid: u64, flags: u32, data: Option<InternedData>| {
        let mut p = at(
            ts,
            TrackEvent {
                r#type: Some(INSTANT),
                name_iid: Some(iid),
                category_iids: vec![1],
                ..Default::default()
            },
        );
        p.sequence_flags = Some(flags);
        p.interned_data = data;
        p
    };
    let mut defaults = at(0, event(INSTANT, 0, Some("start")));
    defaults.sequence_flags = Some(CLEARED);
    defaults.trace_packet_defaults = Some(TracePacketDefaults {
        track_event_defaults: Some(TrackEventDefaults {
            track_uuid: Some(4),
            ..Default::default()
        }),
        ..Default::default()
    });
    defaults.track_event.as_mut().unwrap().track_uuid = None;
    let defaults_again = defaults.trace_packet_defaults.clone();
    let mut orphan = named(40, 1, NEEDS_STATE, None);
    orphan.trusted_packet_sequence_id = Some(2);
    let t = import(vec![
        thread(4, 3, 3, "t"),
        defaults,
        named(10, 1, NEEDS_STATE, Some(interned(1, "first"))),
        {
            // A reset forgets the defaults too: the writer sends them again.
            let mut p = named(20, 1, CLEARED | NEEDS_STATE, Some(interned(1, "second")));
            p.trace_packet_defaults = defaults_again;
            p
        },
        named(25, 2, NEEDS_STATE, None),
        orphan,
    ]);
    let names: Vec<&str> = t.instants.name.iter().map(|&n| t.str(n)).collect();
    assert_eq!(names, ["start", "first", "second", "name#2"]);
    assert_eq!(
        t.str(t.categories.name[t.instants.category[1].index()]),
        "cat"
    );
    assert_eq!(
        track_names(&t),
        [("Process 3".into(), "t".into())],
        "default track"
    );
    assert_eq!(diag(&t, DiagnosticKind::UnknownInternedId), 1);
    assert_eq!(diag(&t, DiagnosticKind::IncrementalStateMissing), 1);
    assert_eq!(t.source_events, 5);
}

#[test]
fn parent_tracks_make_process_groups() {
    let track = |uuid: u64, parent: Option<u64>, name: &str| {
        descriptor(TrackDescriptor {
            uuid: Some(uuid),
            parent_uuid: parent,
            name: Some(name.into()),
            ..Default::default()
        })
    };
    let process = descriptor(TrackDescriptor {
        uuid: Some(1),
        process: Some(ProcessDescriptor {
            pid: Some(42),
            process_name: Some("renderer".into()),
            ..Default::default()
        }),
        ..Default::default()
    });
    let t = import(vec![
        at(10, event(INSTANT, 5, Some("in child of root"))),
        at(10, event(INSTANT, 3, Some("async"))),
        at(10, event(INSTANT, 2, Some("on thread"))),
        at(10, event(INSTANT, 1, Some("process-wide"))),
        at(10, event(INSTANT, 6, Some("no descriptor"))),
        // Descriptors may come after the events that use them.
        process,
        thread(2, 42, 7, "worker"),
        track(3, Some(1), "network requests"),
        track(4, None, "GPU timeline"),
        track(5, Some(4), "queue 0"),
    ]);
    let mut names = track_names(&t);
    names.sort();
    assert_eq!(
        names,
        [
            ("GPU timeline".into(), "queue 0".into()),
            ("Global".into(), "Track 6".into()),
            ("renderer".into(), "Process-wide".into()),
            ("renderer".into(), "network requests".into()),
            ("renderer".into(), "worker".into()),
        ]
    );
    assert_eq!(diag(&t, DiagnosticKind::UnknownTrackUuid), 1);
    let order = planeview::model::display_order(&t);
    let first: Vec<&str> = order[0]
        .tracks
        .iter()
        .map(|&tr| t.str(t.tracks.name[tr.index()]))
        .collect();
    assert_eq!(first, ["Process-wide", "worker", "network requests"]);
}

#[test]
fn clocks_convert_to_the_trace_clock() {
    // Snapshot: BOOTTIME (6) = 5_000 when MONOTONIC (3), the trace clock, = 2_000.
    let global = TracePacket {
        trusted_packet_sequence_id: Some(9),
        clock_snapshot: Some(ClockSnapshot {
            clocks: vec![
                Clock {
                    clock_id: Some(6),
                    timestamp: Some(5_000),
                    ..Default::default()
                },
                Clock {
                    clock_id: Some(3),
                    timestamp: Some(2_000),
                    ..Default::default()
                },
            ],
            primary_trace_clock: Some(3),
        }),
        ..Default::default()
    };
    // Sequence 1: clock 64 counts µs incrementally from 10 (= 10_000 ns, trace clock).
    let sequence = TracePacket {
        trusted_packet_sequence_id: Some(1),
        sequence_flags: Some(CLEARED),
        clock_snapshot: Some(ClockSnapshot {
            clocks: vec![Clock {
                clock_id: Some(64),
                timestamp: Some(10),
                is_incremental: Some(true),
                unit_multiplier_ns: Some(1_000),
            }],
            primary_trace_clock: None,
        }),
        trace_packet_defaults: Some(TracePacketDefaults {
            timestamp_clock_id: Some(64),
            track_event_defaults: None,
        }),
        ..Default::default()
    };
    let boot = |ts: u64, name: &str| {
        let mut p = at(ts, event(INSTANT, 0, Some(name)));
        p.timestamp_clock_id = Some(6);
        p
    };
    // Sequence 3 names clock 64 without ever defining it.
    let mut undefined = at(1, event(INSTANT, 0, Some("lost")));
    undefined.trusted_packet_sequence_id = Some(3);
    undefined.timestamp_clock_id = Some(64);
    let t = import(vec![
        global,
        sequence,
        at(2, event(INSTANT, 0, Some("µs 12"))),
        at(3, event(INSTANT, 0, Some("µs 15"))),
        boot(8_000, "boot 8000"),
        undefined,
    ]);
    assert_eq!(diag(&t, DiagnosticKind::UnknownClock), 1);
    let times: Vec<(String, i64)> = (0..t.instants.len())
        .map(|i| {
            let ns = t.origin.source_ns + t.instants.time[i] / 1_000;
            (t.str(t.instants.name[i]).to_owned(), ns)
        })
        .collect();
    assert_eq!(
        times,
        [
            ("boot 8000".into(), 5_000),
            ("µs 12".into(), 12_000),
            ("µs 15".into(), 15_000)
        ]
    );
}

#[test]
fn legacy_events_by_phase() {
    let legacy = |phase: u8, duration_us: Option<i64>| {
        let mut ev = event(0, 1, Some(&format!("ph {}", phase as char)));
        ev.r#type = None;
        ev.legacy_event = Some(LegacyEvent {
            phase: Some(i32::from(phase)),
            duration_us,
            ..Default::default()
        });
        ev
    };
    let t = import(vec![
        thread(1, 1, 1, "t"),
        at(1_000, legacy(b'X', Some(3))),
        at(2_000, legacy(b'R', None)),
        at(3_000, legacy(b'P', None)),
    ]);
    assert_eq!(slices(&t), [("ph X".into(), 0, 3_000_000, 0)]);
    assert_eq!(t.instants.len(), 1);
    assert_eq!(diag(&t, DiagnosticKind::LegacyPhaseNotImported), 1);
    assert_eq!(t.source_events, 3);
}

#[test]
fn a_cut_file_keeps_the_packets_before_the_cut() {
    let packets = vec![
        thread(1, 1, 1, "t"),
        at(1_000, event(INSTANT, 1, Some("a"))),
        at(2_000, event(INSTANT, 1, Some("b"))),
    ];
    let bytes = encode(packets);
    let cut = &bytes[..bytes.len() - 3];
    assert_eq!(detect(cut), Some(Detected::Perfetto));
    let t = import_bytes(cut).unwrap().trace;
    assert_eq!(t.instants.len(), 1);
    let d = t.diagnostics.get(DiagnosticKind::TruncatedInput).unwrap();
    assert_eq!(d.severity, Severity::DataLoss);
    assert!(
        d.examples[0].starts_with(&format!("byte {}", cut.len())),
        "{:?}",
        d.examples
    );
    // Cut before any event: an error that says so.
    let first = encode(vec![thread(1, 1, 1, "t")]).len();
    let err = import_bytes(&bytes[..first + 4]).unwrap_err();
    assert_eq!(err.kind(), "truncated", "{err}");
    // A complete trace without any track event is not a timeline.
    let err = import_bytes(&encode(vec![thread(1, 1, 1, "t")])).unwrap_err();
    assert!(matches!(err, ImportError::NotATrace(_)), "{err}");
}

#[test]
fn damaged_packets_are_skipped_and_counted() {
    let mut bytes = encode(vec![
        thread(1, 1, 1, "t"),
        at(1_000, event(INSTANT, 1, Some("a"))),
    ]);
    let good = encode(vec![at(2_000, event(INSTANT, 1, Some("b")))]);
    // A packet whose only field has wire type 7, then a good one.
    bytes.extend([0x0a, 0x02, 0x0f, 0x00]);
    bytes.extend(&good);
    let t = import_bytes(&bytes).unwrap().trace;
    assert_eq!(t.instants.len(), 2);
    assert_eq!(diag(&t, DiagnosticKind::MalformedPacket), 1);
}

#[test]
fn the_sample_cut_anywhere_is_still_perfetto_and_keeps_what_was_read() {
    let unpacked = gunzip(&sample());
    for k in 1..16 {
        let cut = &unpacked[..unpacked.len() * k / 16];
        assert_eq!(
            detect(cut),
            Some(Detected::Perfetto),
            "cut at {}",
            cut.len()
        );
        let t = import_bytes(cut).unwrap().trace;
        assert!(t.source_events > 0 && t.source_events < SAMPLE_EVENTS);
        let d = t
            .diagnostics
            .get(DiagnosticKind::TruncatedInput)
            .expect("truncated_input");
        assert!(
            d.examples[0].starts_with(&format!("byte {}:", cut.len())),
            "{:?}",
            d.examples
        );
    }
}
