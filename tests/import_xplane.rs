//! XSpace importer on real profiles: snapshots of the readable dump, counts against XProf's
//! own plane/line/event counts (the oracle), detection by content, cut and damaged input.

mod common;

use planeview::DiagnosticKind;
use planeview::import::{Detected, detect, import_bytes};
use planeview::model::{Trace, dump_text};
use planeview::summary::Summary;
use std::collections::BTreeMap;
use std::io::{Read, Write};

/// The test files, with XProf's total event count for each.
const FILES: [(&str, u64); 3] = [
    ("jax_cpu_mlp_small.xplane.pb", 945),
    ("tpu_inference_2.xplane.pb", 26_723),
    ("tf_gpu_multi_worker.xplane.pb.gz", 23_128),
];

fn stem(file: &str) -> &str {
    file.split(".xplane").next().unwrap()
}

fn read_data(file: &str) -> Vec<u8> {
    common::read(&common::data_dir("xplane").join(file))
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .unwrap();
    out
}

/// The file's bytes, decompressed if it is gzip.
fn unpacked(file: &str) -> Vec<u8> {
    let bytes = read_data(file);
    if planeview::import::is_gzip(&bytes) {
        gunzip(&bytes)
    } else {
        bytes
    }
}

fn import(file: &str) -> Trace {
    import_bytes(&read_data(file))
        .unwrap_or_else(|e| panic!("{file}: {e}"))
        .trace
}

#[test]
fn snapshots() {
    for (file, _) in FILES {
        let trace = import(file);
        common::assert_snapshot(&format!("xplane_{}", stem(file)), &dump_text(&trace, 12));
    }
}

#[test]
fn summary_counts_every_xevent() {
    for (file, events) in FILES {
        let bytes = read_data(file);
        let imported = import_bytes(&bytes).unwrap();
        let summary = Summary::of(&imported);
        assert_eq!(summary.format, "xspace", "{file}");
        assert_eq!(summary.events, events, "{file}");
        assert_eq!(summary.bytes, bytes.len() as u64, "{file}");
        assert_eq!(
            summary.unpacked_bytes,
            unpacked(file).len() as u64,
            "{file}"
        );
        assert!(summary.span_ps > 0, "{file}");
        assert!(
            summary
                .diagnostics
                .get(DiagnosticKind::TruncatedInput)
                .is_none(),
            "{file}"
        );
        assert!(
            summary
                .diagnostics
                .get(DiagnosticKind::MalformedRecord)
                .is_none(),
            "{file}"
        );
    }
}

/// `(plane name, line id)` → events, from the oracle's `planes.txt` lines such as
/// `    line 'python' ('python') id=10488017077971764407 events=261` under
/// `'/host:CPU' id=None lines=5 events=945 ...`. Line ids are printed unsigned; ours are
/// the proto's signed int64.
fn oracle_line_events(planes_txt: &str) -> BTreeMap<(String, String), u64> {
    let mut lines = BTreeMap::new();
    let mut plane = String::new();
    for row in planes_txt.lines() {
        let events: u64 = row
            .rsplit("events=")
            .next()
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        if let Some(rest) = row.strip_prefix('\'') {
            plane = rest[..rest.find("' id=").unwrap()].to_owned();
        } else if events > 0 {
            let id = row.split(" id=").nth(1).unwrap().split(' ').next().unwrap();
            let id = id.parse::<u64>().unwrap() as i64;
            *lines.entry((plane.clone(), id.to_string())).or_default() += events;
        }
    }
    lines
}

/// `(process name, track source id)` → slices.
fn track_slices(trace: &Trace) -> BTreeMap<(String, String), u64> {
    let mut tracks = BTreeMap::new();
    for i in 0..trace.slices.len() {
        *tracks.entry(common::track_key(trace, i)).or_default() += 1;
    }
    tracks
}

#[test]
fn lines_match_the_oracle() {
    let Some(corpus) = common::corpus_dir() else {
        return;
    };
    for (file, events) in FILES {
        let path = corpus.join("oracle").join(stem(file)).join("planes.txt");
        let oracle = oracle_line_events(&String::from_utf8(common::read(&path)).unwrap());
        assert_eq!(oracle.values().sum::<u64>(), events, "{file}: oracle total");
        let trace = import(file);
        assert!(
            trace
                .diagnostics
                .get(DiagnosticKind::AggregateNotDrawn)
                .is_none(),
            "{file}"
        );
        assert_eq!(track_slices(&trace), oracle, "{file}");
        let summary = Summary::of(&import_bytes(&read_data(file)).unwrap());
        assert_eq!(summary.tracks, oracle.len() as u64, "{file}");
    }
}

#[test]
fn planes_become_processes_in_display_order() {
    let trace = import("tpu_inference_2.xplane.pb");
    let mut planes: Vec<(i64, &str)> = (0..trace.processes.len())
        .map(|p| {
            (
                trace.processes.sort_index[p],
                trace.str(trace.processes.name[p]),
            )
        })
        .collect();
    planes.sort();
    let names: Vec<&str> = planes.iter().map(|p| p.1).collect();
    let expect = [
        "/device:TPU:0",
        "/device:TPU:1",
        "/device:TPU:2",
        "/device:TPU:3",
        "/host:CPU",
        "/host:metadata",
        "Task Environment",
    ];
    assert_eq!(names, expect);
    let tracks = planeview::model::display_order(&trace);
    let first: Vec<&str> = tracks[0]
        .tracks
        .iter()
        .map(|t| trace.str(trace.tracks.name[t.index()]))
        .collect();
    assert_eq!(
        first,
        ["XLA Modules", "XLA Ops", "Async XLA Ops", "XLA TraceMe"]
    );
}

#[test]
fn hlo_modules_and_plane_stats_become_metadata() {
    let trace = import("jax_cpu_mlp_small.xplane.pb");
    let modules = &trace.metadata.hlo_modules;
    assert_eq!(modules.len(), 19);
    let train = modules.iter().find(|m| m.name == "jit_train_step").unwrap();
    assert_eq!(train.program_id, Some(32));
    assert!(train.proto.len() > 1000);
    assert!(
        trace
            .metadata
            .get("Task Environment/profile_start_time")
            .is_some()
    );
    assert!(
        trace
            .metadata
            .get("Task Environment/profile_stop_time")
            .is_some()
    );

    let tpu = import("tpu_inference_2.xplane.pb");
    let names: Vec<String> = tpu
        .metadata
        .hlo_modules
        .iter()
        .map(|m| format!("{}({})", m.name, m.program_id.unwrap()))
        .collect();
    assert_eq!(names.len(), 4);
    assert!(
        names.contains(&"jit_f(12190760917235803885)".to_owned()),
        "{names:?}"
    );
}

#[test]
fn detected_by_content() {
    for (file, _) in FILES {
        let bytes = unpacked(file);
        assert_eq!(detect(&bytes), Some(Detected::Xspace), "{file}");
        // The same bytes under no name at all, re-wrapped in gzip: still an XSpace.
        let renamed = bytes.clone();
        assert_eq!(detect(&renamed), Some(Detected::Xspace), "{file}");
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(&renamed).unwrap();
        let trace = import_bytes(&gz.finish().unwrap()).unwrap().trace;
        assert_eq!(trace.format.as_str(), "xspace");
    }
}

#[test]
fn noise_and_text_are_not_claimed() {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut claimed = 0;
    for _ in 0..1000 {
        let noise: Vec<u8> = (0..256)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u8
            })
            .collect();
        claimed += usize::from(detect(&noise) == Some(Detected::Xspace));
    }
    assert!(
        claimed <= 5,
        "{claimed} of 1000 random inputs claimed as XSpace"
    );
    for text in [
        "\nhello world\n",
        "\n\nsome notes\n",
        "plain text",
        "\n\"quoted\"\n",
    ] {
        assert_eq!(detect(text.as_bytes()), None, "{text:?}");
    }
}

/// Imports `bytes[..len]`, which must succeed with a `truncated_input` diagnostic naming
/// `len`, and returns the trace.
fn import_cut(bytes: &[u8], len: usize) -> Trace {
    let trace = import_bytes(&bytes[..len])
        .unwrap_or_else(|e| panic!("cut at {len}: {e}"))
        .trace;
    let diag = trace
        .diagnostics
        .get(DiagnosticKind::TruncatedInput)
        .expect("truncated_input");
    assert_eq!(diag.severity, planeview::Severity::DataLoss);
    assert!(
        diag.examples[0].contains(&format!("byte {len}")),
        "{:?}",
        diag.examples
    );
    trace
}

#[test]
fn cut_file_keeps_what_was_read() {
    let bytes = read_data("tpu_inference_2.xplane.pb");
    let full = import_bytes(&bytes).unwrap().trace;
    let cut = import_cut(&bytes, bytes.len() / 2);
    assert!(!cut.slices.is_empty() && cut.slices.len() < full.slices.len());

    // The small capture is `/host:metadata` (HLO modules, no events) up to byte 350,931,
    // then `/host:CPU` whose lines come before its event metadata (up to byte 384,121):
    // cut before that, no event can be named, so nothing usable was read. Cut in its stat
    // metadata, every event is kept with its name, and so are the modules.
    let bytes = read_data("jax_cpu_mlp_small.xplane.pb");
    for len in [bytes.len() / 2, bytes.len() * 95 / 100] {
        let err = import_bytes(&bytes[..len]).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("XSpace ends at byte {len} before any usable event")
        );
    }
    let cut = import_cut(&bytes, bytes.len() * 997 / 1000);
    assert_eq!(cut.slices.len(), 945);
    assert!(cut.diagnostics.get(DiagnosticKind::UnknownStatId).is_some());
    assert_eq!(cut.metadata.hlo_modules.len(), 19);

    let err = import_bytes(&bytes[..10]).unwrap_err();
    assert!(err.to_string().contains("XSpace"), "{err}");
}

#[test]
fn cut_anywhere_or_flipped_bits_never_panic() {
    let bytes = read_data("jax_cpu_mlp_small.xplane.pb");
    for k in 1..40 {
        let _ = import_bytes(&bytes[..bytes.len() * k / 40]);
    }
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..40 {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let mut damaged = bytes.clone();
        let at = (state >> 33) as usize % damaged.len();
        damaged[at] ^= 1 << (state % 8);
        let _ = import_bytes(&damaged);
    }
}

#[test]
fn binary_re_encoded_as_text_is_rejected_with_an_offset() {
    let bytes = read_data("jax_cpu_mlp_small.xplane.pb");
    let mut text = Vec::with_capacity(bytes.len() * 2);
    for &b in &bytes {
        if b >= 0x80 {
            text.extend_from_slice(b"\xef\xbf\xbd")
        } else {
            text.push(b)
        }
    }
    assert!(text.starts_with(b"\x0a\xef\xbf\xbd"));
    assert_eq!(detect(&text), Some(Detected::Xspace));
    let err = import_bytes(&text).unwrap_err().to_string();
    assert!(err.starts_with("not a valid XSpace"), "{err}");
    assert!(err.contains(" at byte "), "{err}");
}

#[test]
fn large_capture_counts_every_event() {
    let Some(corpus) = common::corpus_dir() else {
        return;
    };
    let bytes = common::read(&corpus.join("xplane/jax_cpu_mlp_large.xplane.pb.gz"));
    let imported = import_bytes(&bytes).unwrap();
    assert_eq!(Summary::of(&imported).events, 541_489);
    assert_eq!(imported.trace.slices.len(), 541_489);
}

mod generated {
    //! XSpace cases built with the test writer (`tests/common/xspace.rs`).

    use super::common::xspace::{Event, Line, Plane, Val, encode};
    use planeview::import::import_bytes;
    use planeview::model::{SliceId, Trace, display_order};
    use planeview::{DiagnosticKind, Severity};

    fn import(planes: &[Plane]) -> Trace {
        import_bytes(&encode(planes)).unwrap().trace
    }

    fn find(t: &Trace, name: &str) -> SliceId {
        (0..t.slices.len())
            .find(|&i| t.str(t.slices.name[i]) == name)
            .map(|i| SliceId(i as u32))
            .unwrap_or_else(|| panic!("no slice {name:?}"))
    }

    fn names(t: &Trace, ids: impl Iterator<Item = SliceId>) -> Vec<String> {
        let mut v: Vec<String> = ids
            .map(|s| t.str(t.slices.name[s.index()]).to_owned())
            .collect();
        v.sort();
        v
    }

    fn ev(md: i64, offset_ps: i64, stats: Vec<(i64, Val)>) -> Event {
        Event {
            md,
            offset_ps,
            dur_ps: 1_000,
            stats,
            ..Event::default()
        }
    }

    const STATS: [(i64, &str); 6] = [
        (1, "_p"),
        (2, "_pt"),
        (3, "_c"),
        (4, "_ct"),
        (5, "correlation_id"),
        (6, "hlo_op"),
    ];

    /// A host plane whose "produce" feeds two "consume" events on another thread (one of
    /// them through an int64 −1 that equals uint64 2^64 − 1), plus an orphan consumer; and
    /// a launch whose correlation id meets a kernel on a GPU plane.
    fn flow_space() -> Vec<Plane> {
        let host = Plane {
            id: 1,
            name: "/host:CPU",
            lines: vec![
                Line {
                    id: 10,
                    name: "main",
                    events: vec![
                        ev(1, 0, vec![(1, Val::U(u64::MAX)), (2, Val::I(3))]),
                        ev(4, 5_000, vec![(5, Val::U(42))]),
                    ],
                    ..Line::default()
                },
                Line {
                    id: 11,
                    name: "worker",
                    events: vec![
                        ev(2, 2_000, vec![(3, Val::I(-1)), (4, Val::I(3))]),
                        ev(2, 9_000, vec![(3, Val::U(u64::MAX)), (4, Val::I(3))]),
                        ev(3, 12_000, vec![(3, Val::U(99)), (4, Val::I(3))]),
                    ],
                    ..Line::default()
                },
            ],
            event_md: vec![
                (1, "produce", "", vec![]),
                (2, "consume", "", vec![]),
                (3, "orphan", "", vec![]),
                (4, "cudaLaunchKernel", "", vec![]),
            ],
            stat_md: STATS.to_vec(),
            ..Plane::default()
        };
        let gpu = Plane {
            id: 2,
            name: "/device:GPU:0",
            lines: vec![Line {
                id: 7,
                name: "Stream #7(Compute)",
                events: vec![ev(1, 20_000, vec![(5, Val::I(42))])],
                ..Line::default()
            }],
            event_md: vec![(1, "gemm_kernel", "", vec![])],
            stat_md: STATS.to_vec(),
            ..Plane::default()
        };
        vec![host, gpu]
    }

    #[test]
    fn producer_consumer_and_correlation_flows() {
        let t = import(&flow_space());
        assert_eq!(t.flows.len(), 3);
        let produce = find(&t, "produce");
        let out = t.flows.outgoing(produce).map(|f| t.flows.to[f]);
        assert_eq!(names(&t, out), ["consume", "consume"]);
        let launch = find(&t, "cudaLaunchKernel");
        let kernel: Vec<SliceId> = t.flows.outgoing(launch).map(|f| t.flows.to[f]).collect();
        assert_eq!(names(&t, kernel.iter().copied()), ["gemm_kernel"]);
        let back = t.flows.incoming(kernel[0]).map(|f| t.flows.from[f]);
        assert_eq!(names(&t, back), ["cudaLaunchKernel"]);
        let cats: Vec<&str> = (0..t.flows.len())
            .map(|f| t.str(t.categories.name[t.flows.category[f].index()]))
            .collect();
        assert!(cats.contains(&"producer_consumer/3") && cats.contains(&"correlation_id"));
        let d = t.diagnostics.get(DiagnosticKind::UnmatchedFlowEnd).unwrap();
        assert_eq!((d.count, d.severity), (1, Severity::Info), "the orphan");
        let imported = import_bytes(&encode(&flow_space())).unwrap();
        assert_eq!(planeview::summary::Summary::of(&imported).flows, 3);
    }

    #[test]
    fn device_lines_in_xprof_order_with_display_names() {
        let names = [
            "Stream #12(Compute)",
            "Source code",
            "XLA Ops",
            "Stream #3(MemcpyH2D)",
            "Framework Ops",
            "Steps",
            "XLA Modules",
        ];
        let lines: Vec<Line> = names
            .iter()
            .enumerate()
            .map(|(k, &name)| Line {
                id: k as i64 + 1,
                name,
                display_name: if name == "Steps" { "Steps (shown)" } else { "" },
                events: vec![ev(1, 0, vec![])],
                ..Line::default()
            })
            .collect();
        let plane = Plane {
            id: 1,
            name: "/device:TPU:0",
            lines,
            event_md: vec![(
                1,
                "fusion.123.long.name",
                "fusion",
                vec![(6, Val::S("fusion.123"))],
            )],
            stat_md: STATS.to_vec(),
            stats: vec![(6, Val::S("plane-level"))],
        };
        let t = import(&[plane]);
        let order = display_order(&t);
        let shown: Vec<&str> = order[0]
            .tracks
            .iter()
            .map(|&id| t.str(t.tracks.name[id.index()]))
            .collect();
        assert_eq!(
            shown,
            [
                "Steps (shown)",
                "XLA Modules",
                "XLA Ops",
                "Framework Ops",
                "Source code",
                "Stream #3(MemcpyH2D)",
                "Stream #12(Compute)"
            ]
        );
        // The event's display name is its name; the full name and the metadata's stats
        // are in its args.
        let s = find(&t, "fusion");
        let args: Vec<(String, String)> = t
            .args
            .get(t.slices.args[s.index()])
            .map(|(k, v)| {
                (
                    t.str(k).to_owned(),
                    planeview::model::arg_value_to_json(v, &t.strings).to_string(),
                )
            })
            .collect();
        assert!(args.contains(&("long_name".into(), "\"fusion.123.long.name\"".into())));
        assert!(args.contains(&("hlo_op".into(), "\"fusion.123\"".into())));
        assert_eq!(
            t.metadata.get("/device:TPU:0/hlo_op"),
            Some(&serde_json::json!("plane-level")),
            "plane stats are metadata"
        );
    }

    #[test]
    fn aggregates_are_listed_not_drawn() {
        let plane = Plane {
            id: 1,
            name: "/host:CPU",
            lines: vec![Line {
                id: 1,
                name: "main",
                events: vec![
                    ev(1, 0, vec![]),
                    Event {
                        md: 2,
                        occurrences: Some(12),
                        dur_ps: 5_000_000,
                        stats: vec![(6, Val::S("op"))],
                        ..Event::default()
                    },
                ],
                ..Line::default()
            }],
            event_md: vec![(1, "drawn", "", vec![]), (2, "aggregated", "", vec![])],
            stat_md: STATS.to_vec(),
            ..Plane::default()
        };
        let t = import(&[plane]);
        assert_eq!((t.slices.len(), t.source_events), (1, 2));
        let a = &t.aggregates;
        assert_eq!(a.len(), 1);
        assert_eq!(t.str(a.name[0]), "aggregated");
        assert_eq!((a.occurrences[0], a.dur[0]), (12, 5_000_000));
        assert_eq!(t.str(t.tracks.name[a.track[0].index()]), "main");
        assert_eq!(t.args.get(a.args[0]).count(), 1);
        let d = t
            .diagnostics
            .get(DiagnosticKind::AggregateNotDrawn)
            .unwrap();
        assert_eq!((d.count, d.severity), (1, Severity::Info));
    }

    #[test]
    fn overlapping_events_go_to_sub_lanes() {
        let plane = Plane {
            id: 1,
            name: "/device:GPU:0",
            lines: vec![Line {
                id: 7,
                name: "Stream #7(Compute)",
                events: vec![
                    Event {
                        md: 1,
                        offset_ps: 0,
                        dur_ps: 10_000,
                        ..Event::default()
                    },
                    Event {
                        md: 2,
                        offset_ps: 5_000,
                        dur_ps: 10_000,
                        ..Event::default()
                    },
                    Event {
                        md: 1,
                        offset_ps: 20_000,
                        dur_ps: 1_000,
                        ..Event::default()
                    },
                ],
                ..Line::default()
            }],
            event_md: vec![(1, "kernel_a", "", vec![]), (2, "kernel_b", "", vec![])],
            ..Plane::default()
        };
        let t = import(&[plane]);
        assert_eq!(t.slices.len(), 3, "nothing dropped");
        let b = find(&t, "kernel_b");
        assert_eq!(t.slices.lane[b.index()], 1);
        assert_eq!(t.slices.dur[b.index()], 10_000, "nothing clipped");
        let d = t.diagnostics.get(DiagnosticKind::OverlapSublane).unwrap();
        assert_eq!((d.count, d.severity), (1, Severity::Info));
    }
}
