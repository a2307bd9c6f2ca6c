//! Lanes on real files: the PyTorch CPU training trace recorded with Python stacks, whose
//! `user_annotation` slices (`ProfilerStep#N`, `train_step`, optimizer steps) start inside
//! a short Python frame and end long after it. Its main thread must stay about as deep as
//! its nesting, with every slice kept at its full length.

mod common;

use planeview::DiagnosticKind;
use planeview::import::{gunzip, import_bytes};
use planeview::model::{Trace, TrackId};
use serde::Deserialize;
use std::collections::HashMap;

const TORCH_TRAIN: &str = "chrome_json/torch_cpu_transformer_train_dev.pt.trace.json.gz";

/// The fields of a Chrome event this test reads itself, without the importer.
#[derive(Deserialize)]
struct RawEvent {
    ph: Option<String>,
    tid: Option<serde_json::Value>,
    dur: Option<f64>,
}

#[derive(Deserialize)]
struct RawFile {
    #[serde(rename = "traceEvents")]
    events: Vec<RawEvent>,
}

/// The most slices of `track` open at one instant, from their start and end times alone
/// (a slice is open on `[start, end)`, a zero-length one at its instant after the slices
/// that start there): a lower bound of its lane count, whatever the placement.
fn max_concurrency(trace: &Trace, track: TrackId) -> usize {
    let s = &trace.slices;
    let mut edges: Vec<(i64, u8)> = Vec::new(); // 0 end, 1 start, 2 zero-length
    for i in (0..s.len()).filter(|&i| s.track[i] == track) {
        if s.dur[i] > 0 {
            edges.push((s.start[i], 1));
            edges.push((s.end(i), 0));
        } else {
            edges.push((s.start[i], 2));
        }
    }
    edges.sort_unstable();
    let (mut open, mut most) = (0usize, 0usize);
    for (_, kind) in edges {
        match kind {
            0 => open -= 1,
            1 => {
                open += 1;
                most = most.max(open);
            }
            _ => most = most.max(open + 1),
        }
    }
    most
}

#[test]
fn pytorch_stacks_keep_the_main_thread_as_deep_as_its_nesting() {
    let Some(corpus) = common::corpus_dir() else {
        return;
    };
    let bytes = common::read(&corpus.join(TORCH_TRAIN));
    let trace = import_bytes(&bytes).unwrap().trace;

    // The file's own `X` events per thread, read with serde_json.
    let json = gunzip(&bytes, u64::MAX).unwrap().data;
    let raw: RawFile = serde_json::from_slice(&json).unwrap();
    let mut per_tid: HashMap<String, (usize, i64)> = HashMap::new();
    for e in raw.events.iter().filter(|e| e.ph.as_deref() == Some("X")) {
        let tid = e.tid.as_ref().map_or(String::new(), |t| t.to_string());
        let entry = per_tid.entry(tid).or_default();
        entry.0 += 1;
        entry.1 += (e.dur.unwrap_or(0.0) * 1000.0).round() as i64; // µs → ns
    }
    let (file_count, file_dur_ns) = per_tid.values().copied().max().unwrap();

    // The main thread: the track with the most slices.
    let s = &trace.slices;
    let mut per_track = vec![0usize; trace.tracks.len()];
    for &t in &s.track {
        per_track[t.index()] += 1;
    }
    let main = (0..per_track.len()).max_by_key(|&t| per_track[t]).unwrap();
    let main = TrackId(main as u32);
    let lanes = trace.index.lanes_of(main);

    // Nothing lost or shortened: as many slices and the same summed duration as the file.
    let in_lanes: usize = lanes.iter().map(|l| l.range().len()).sum();
    let dur_ps: i64 = lanes.iter().flat_map(|l| l.range()).map(|i| s.dur[i]).sum();
    assert_eq!(
        (per_track[main.index()], in_lanes),
        (file_count, file_count)
    );
    assert_eq!(dur_ps, file_dur_ns * 1000);

    // No lane holds overlapping slices.
    for (l, lane) in lanes.iter().enumerate() {
        for i in lane.start as usize + 1..lane.end as usize {
            assert!(
                s.end(i - 1) <= s.start[i],
                "lane {l}: slices {} and {i} overlap",
                i - 1
            );
        }
    }

    let concurrency = max_concurrency(&trace, main);
    let moved = trace
        .diagnostics
        .get(DiagnosticKind::OverlapSublane)
        .unwrap();
    eprintln!(
        "{}: {} lanes, at most {concurrency} slices open at once, {} overlaps without nesting",
        trace.str(trace.tracks.name[main.index()]),
        lanes.len(),
        moved.count
    );
    assert!(
        lanes.len() <= concurrency + 4,
        "{} lanes for a nesting {concurrency} deep",
        lanes.len()
    );
    assert_eq!(
        moved.count, 160,
        "the annotations that start inside a Python frame"
    );
}

/// Every track of every timeline file in `tests/data`: each slice in one lane, no lane
/// holding overlapping slices, and no more lanes than twice the most slices open at once
/// (depth lanes and overflow lanes are each bounded by it).
#[test]
fn every_sample_file_has_compact_non_overlapping_lanes() {
    let mut tracks_seen = 0;
    for dir in ["chrome_json", "perfetto", "xplane", "quirks"] {
        let mut paths: Vec<_> = std::fs::read_dir(common::data_dir(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| !p.to_string_lossy().ends_with(".md"))
            .collect();
        paths.sort();
        for path in paths {
            let Ok(imported) = import_bytes(&common::read(&path)) else {
                continue; // files kept for their import error
            };
            let trace = &imported.trace;
            let s = &trace.slices;
            let mut placed = 0;
            for t in 0..trace.tracks.len() {
                let track = TrackId(t as u32);
                let lanes = trace.index.lanes_of(track);
                for lane in lanes {
                    assert!(
                        !lane.range().is_empty(),
                        "{}: an empty lane",
                        path.display()
                    );
                    for i in lane.start as usize + 1..lane.end as usize {
                        assert!(
                            s.end(i - 1) <= s.start[i],
                            "{}: overlap in a lane",
                            path.display()
                        );
                    }
                    placed += lane.range().len();
                }
                let concurrency = max_concurrency(trace, track);
                assert!(
                    lanes.len() <= 2 * concurrency,
                    "{} track {t}: {} lanes, {concurrency} open at once",
                    path.display(),
                    lanes.len()
                );
                tracks_seen += usize::from(!lanes.is_empty());
            }
            assert_eq!(placed, s.len(), "{}", path.display());
        }
    }
    assert!(tracks_seen > 100, "only {tracks_seen} tracks with slices");
}
