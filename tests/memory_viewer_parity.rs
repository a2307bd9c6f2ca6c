//! XLA buffer assignment against XProf 2.24.2's memory viewer (`oracle/<profile>/
//! memory_viewer.<module>.json`, memory space 0) on every module of every corpus xplane: the
//! module list, the peak heap (XProf's MiB as bytes), its position, the heap over program
//! order, the parameter and output totals, and the buffers at the peak (XProf folds those
//! under 16 KiB into one "small" entry; we list them one by one, so they are compared by their
//! sum). Differences are listed per module and fail the test.

#![allow(clippy::disallowed_methods)]

mod common;
#[path = "analysis/oracle.rs"]
mod oracle;

use planeview::analysis::memory::buffers::{BufferAnalysis, PeakBuffer, module_buffers};
use serde_json::Value;
use std::collections::BTreeMap;

/// XProf's `kSmallBufferSize`: buffers below it are folded into one entry of its `maxHeap`.
const SMALL: i64 = 16 * 1024;

/// MiB as XProf prints them → bytes; `None` unless it is a whole number of bytes.
fn bytes(mib: &Value) -> Option<i64> {
    let b = mib.as_f64()? * (1u64 << 20) as f64;
    ((b - b.round()).abs() < 1e-3).then_some(b.round() as i64)
}

/// The oracle's modules of `profile`: file stem → parsed JSON.
fn oracle_modules(profile: &str) -> Option<BTreeMap<String, Value>> {
    let dir = common::corpus_dir()?.join("oracle").join(profile);
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).ok()? {
        let name = entry.ok()?.file_name().to_string_lossy().into_owned();
        let Some(module) = name
            .strip_prefix("memory_viewer.")
            .and_then(|s| s.strip_suffix(".json"))
        else {
            continue;
        };
        if module.ends_with(".xprof-rs") {
            continue;
        }
        let v: Value = serde_json::from_slice(&common::read(&dir.join(&name))).unwrap();
        out.insert(module.to_owned(), v);
    }
    Some(out)
}

/// `(logical buffer id, bytes, instruction, kind, shape)` of a listed buffer.
type Key = (i64, i64, String, String, String);

fn our_key(b: &PeakBuffer) -> Key {
    (
        b.logical_buffer_id,
        b.bytes,
        b.instruction.clone(),
        b.kind.to_owned(),
        b.shape.clone(),
    )
}

fn their_key(o: &Value) -> Key {
    (
        o["logicalBufferId"].as_i64().unwrap_or(0),
        bytes(&o["logicalBufferSizeMib"]).unwrap_or(-1),
        o["instructionName"].as_str().unwrap_or("").to_owned(),
        o["groupName"].as_str().unwrap_or("").to_lowercase(),
        o["shapeString"].as_str().unwrap_or("").to_owned(),
    )
}

/// Every difference between our analysis of one module and XProf's.
fn differences(ours: &BufferAnalysis, theirs: &Value) -> Vec<String> {
    let s = &ours.summary;
    let mut d = Vec::new();
    let check = |d: &mut Vec<String>, what: &str, ours: i64, theirs: Option<i64>| {
        if theirs != Some(ours) {
            d.push(format!("{what}: ours {ours}, XProf {theirs:?}"));
        }
    };
    check(
        &mut d,
        "peak heap bytes",
        s.peak_heap_bytes,
        bytes(&theirs["peakHeapMib"]),
    );
    check(
        &mut d,
        "peak position",
        i64::from(s.peak_position),
        Some(theirs["peakHeapSizePosition"].as_i64().unwrap_or(0)),
    );
    check(
        &mut d,
        "entry parameter bytes",
        s.parameter_bytes,
        bytes(&theirs["entryComputationParametersMib"]).or(Some(0)),
    );
    check(
        &mut d,
        "maybe-live-out bytes",
        s.output_bytes,
        bytes(&theirs["maybeLiveOutMib"]).or(Some(0)),
    );
    // XProf's heapSizes: the heap before the first event, then after each.
    let heap: Vec<i64> = (theirs["heapSizes"].as_array())
        .map(|v| v.iter().map(|m| bytes(m).unwrap_or(-1)).collect())
        .unwrap_or_default();
    let expected: Vec<i64> = match heap.split_first() {
        Some((first, rest)) => {
            check(
                &mut d,
                "heap before the program",
                s.indefinite_bytes,
                Some(*first),
            );
            rest.to_vec()
        }
        None => Vec::new(),
    };
    if ours.heap_after != expected {
        d.push(format!(
            "heap over program order: ours {} points, XProf {}; first difference at {:?}",
            ours.heap_after.len(),
            expected.len(),
            (ours.heap_after.iter().zip(&expected)).position(|(a, b)| a != b)
        ));
    }
    let empty = Vec::new();
    let listed = theirs["maxHeap"].as_array().unwrap_or(&empty);
    let mut their_big: Vec<Key> = (listed.iter())
        .filter(|o| o["logicalBufferId"].as_i64() != Some(-1))
        .map(their_key)
        .collect();
    let their_small: i64 = (listed.iter())
        .filter(|o| o["logicalBufferId"].as_i64() == Some(-1))
        .map(|o| bytes(&o["logicalBufferSizeMib"]).unwrap_or(-1))
        .sum();
    let mut our_big: Vec<Key> = (s.buffers_at_peak.iter())
        .filter(|b| b.bytes >= SMALL)
        .map(our_key)
        .collect();
    let our_small: i64 = (s.buffers_at_peak.iter())
        .filter(|b| b.bytes < SMALL)
        .map(|b| b.bytes)
        .sum();
    their_big.sort();
    our_big.sort();
    if their_big != our_big {
        d.push(format!(
            "buffers at the peak:\n    ours  {our_big:?}\n    XProf {their_big:?}"
        ));
    }
    check(
        &mut d,
        "bytes of small buffers at the peak",
        our_small,
        Some(their_small),
    );
    d
}

#[test]
fn buffer_assignment_matches_xprof_memory_viewer_on_every_corpus_module() {
    let (mut matched, mut total) = (0, 0);
    let mut failures = Vec::new();
    for profile in oracle::PROFILES {
        let Some(theirs) = oracle_modules(profile) else {
            common::skip(&format!("oracle {profile} not found in the corpus"));
            continue;
        };
        let Some(trace) = oracle::load(profile) else {
            continue;
        };
        let ours = module_buffers(&trace);
        let names: Vec<&str> = ours.iter().map(|a| a.summary.module.as_str()).collect();
        let expected: Vec<&str> = theirs.keys().map(String::as_str).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        if sorted != expected {
            failures.push(format!(
                "{profile}: modules ours {sorted:?}, XProf {expected:?}"
            ));
        }
        for a in &ours {
            let Some(t) = theirs.get(&a.summary.module) else {
                continue;
            };
            total += 1;
            let d = differences(a, t);
            if d.is_empty() {
                matched += 1;
            } else {
                failures.push(format!(
                    "{profile} / {}:\n  {}",
                    a.summary.module,
                    d.join("\n  ")
                ));
            }
        }
    }
    eprintln!("memory viewer: {matched} of {total} modules match XProf");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
