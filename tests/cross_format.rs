//! One capture, three files: `jax_cpu_mlp_small.xplane.pb` (XSpace) and the two Chrome JSON
//! files JAX wrote from it (`trace.json.gz` and `perfetto_trace.json.gz`). Importing them
//! must give the same threads, the same number of slices per thread, the same slice names
//! and the same start times to within a nanosecond.
//!
//! Known differences, checked here so they stay known:
//! - time resolution: XSpace keeps picoseconds; the JSON has µs with 3 decimals, so starts
//!   and durations agree only to the nearest nanosecond;
//! - thread ids: XSpace line ids are 64-bit (`-7958726995737787209`); the JSON `tid`s are
//!   32-bit numbers, so tracks match by name, not id;
//! - flows: the XSpace's `_p`/`_c` stats give producer → consumer arrows; JAX's JSON export
//!   writes no flow events, so the JSON imports have none;
//! - metadata: the XSpace has the `/host:metadata` plane (19 HLO modules) and
//!   `Task Environment` stats, which the JSON does not carry;
//! - events: the JSON arrays end with an empty `{}` entry, counted as an event
//!   (`empty_event`, Info), so `events` is 946 against 945 `XEvent`s.

mod common;

use planeview::import::import_bytes;
use planeview::model::{Ps, Trace, display_order};
use std::collections::BTreeMap;

/// Thread name → slices as (start, name), sorted.
fn per_thread(t: &Trace) -> BTreeMap<String, Vec<(Ps, String)>> {
    let mut out: BTreeMap<String, Vec<(Ps, String)>> = BTreeMap::new();
    for group in display_order(t) {
        for track in group.tracks {
            let slices = out
                .entry(t.str(t.tracks.name[track.index()]).to_owned())
                .or_default();
            for lane in t.index.lanes_of(track) {
                for i in lane.range() {
                    let abs = t.origin.source_ns as i128 * 1000 + t.slices.start[i] as i128;
                    slices.push((abs as Ps, t.str(t.slices.name[i]).to_owned()));
                }
            }
            slices.sort();
        }
    }
    out
}

fn load(dir: &str, file: &str) -> Trace {
    let path = common::data_dir(dir).join(file);
    import_bytes(&common::read(&path))
        .unwrap_or_else(|e| panic!("{file}: {e}"))
        .trace
}

#[test]
fn xspace_and_both_json_exports_agree() {
    let xspace = load("xplane", "jax_cpu_mlp_small.xplane.pb");
    let reference = per_thread(&xspace);
    assert_eq!(reference.len(), 5);
    assert_eq!(reference.values().map(Vec::len).sum::<usize>(), 945);
    assert!(!xspace.flows.is_empty(), "producer/consumer arrows");
    for file in [
        "jax_cpu_mlp_small.trace.json.gz",
        "jax_cpu_mlp_small.perfetto_trace.json.gz",
    ] {
        let json = load("chrome_json", file);
        let threads = per_thread(&json);
        assert_eq!(
            threads.keys().collect::<Vec<_>>(),
            reference.keys().collect::<Vec<_>>(),
            "{file}: thread names"
        );
        for (thread, slices) in &threads {
            let expected = &reference[thread];
            assert_eq!(
                slices.len(),
                expected.len(),
                "{file}: {thread}: slice count"
            );
            let mut names: Vec<&str> = slices.iter().map(|s| s.1.as_str()).collect();
            let mut expected_names: Vec<&str> = expected.iter().map(|s| s.1.as_str()).collect();
            names.sort_unstable();
            expected_names.sort_unstable();
            assert_eq!(names, expected_names, "{file}: {thread}: names");
            for (a, b) in slices.iter().zip(expected) {
                assert!(
                    (a.0 - b.0).abs() <= 1_000,
                    "{file}: {thread}: {:?} starts at {} ps, {:?} in the xplane at {} ps",
                    a.1,
                    a.0,
                    b.1,
                    b.0
                );
            }
        }
        assert!(json.flows.is_empty(), "{file}: JAX writes no flow events");
        assert_eq!(json.source_events, 946, "{file}");
    }
}
