//! Runtime memory against XProf 2.24.2's `memory_profile` (`oracle/<profile>/memory_profile.json`)
//! for every corpus xplane. XProf's snapshot order and selection are not deterministic (its
//! sort is unstable and its maps unordered), so what is compared is what does not depend on
//! them: per allocator, the peak (`peakStats.peakBytesInUse`), its time (`peakStatsTimePs`),
//! the capacity and lifetime peak there, every allocation and free as a multiset of (time,
//! activity, bytes in use after it) when XProf keeps them all (fewer than its 1000
//! timeline samples), and the allocations live at the peak as a multiset of (bytes,
//! requested bytes, op, region, data type, shape). XProf's times are offsets from the
//! event's XLine `timestamp_ns`; ours are on the profile's clock, so each is converted with
//! the line's timestamp read here from the file's own bytes (`docs/XPROF-PARITY.md`).

#![allow(clippy::disallowed_methods)]

#[path = "common/mod.rs"]
mod common;
#[path = "analysis/oracle.rs"]
mod oracle;

use planeview::analysis::memory::runtime::RuntimeMemory;
use planeview::model::PS_PER_NS;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

/// A varint at `*at` of `b`.
fn varint(b: &[u8], at: &mut usize) -> u64 {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = b[*at];
        *at += 1;
        v |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            break;
        }
    }
    v
}

/// The fields of one protobuf message: (field number, varint value or bytes).
fn fields(b: &[u8]) -> Vec<(u64, Result<u64, &[u8]>)> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < b.len() {
        let key = varint(b, &mut at);
        let value = match key & 7 {
            0 => Ok(varint(b, &mut at)),
            1 => {
                at += 8;
                Ok(0)
            }
            2 => {
                let n = varint(b, &mut at) as usize;
                at += n;
                Err(&b[at - n..at])
            }
            5 => {
                at += 4;
                Ok(0)
            }
            w => panic!("wire type {w}"),
        };
        out.push((key >> 3, value));
    }
    out
}

/// `timestamp_ns` of every line, by (plane name, line id): XSpace field 1 = planes; XPlane
/// field 2 = name, 3 = lines; XLine field 1 = id, 3 = timestamp_ns.
fn line_timestamps(xspace: &[u8]) -> HashMap<(String, String), i64> {
    let mut out = HashMap::new();
    for (f, plane) in fields(xspace) {
        let (1, Err(plane)) = (f, plane) else {
            continue;
        };
        let plane = fields(plane);
        let name = plane
            .iter()
            .find_map(|(f, v)| match (f, v) {
                (2, Err(s)) => Some(String::from_utf8_lossy(s).into_owned()),
                _ => None,
            })
            .unwrap_or_default();
        for (f, line) in &plane {
            let (3, Err(line)) = (*f, line) else { continue };
            let line = fields(line);
            let get = |n: u64| {
                line.iter()
                    .find_map(|(f, v)| (*f == n).then(|| *v.as_ref().unwrap_or(&0)))
                    .unwrap_or(0)
            };
            out.insert((name.clone(), get(1).to_string()), get(3) as i64);
        }
    }
    out
}

fn num(v: &Value) -> i64 {
    match v {
        Value::String(s) => s.parse().unwrap_or_else(|_| panic!("{s}")),
        v => v.as_i64().unwrap_or_else(|| panic!("{v}")),
    }
}

/// The allocations of XProf's `activeAllocations` (merged rows expanded by their
/// occurrences), less its two made-up rows ("unused preallocated device memory", "stack"):
/// (allocation bytes, requested bytes, op, region, data type, shape) with their counts.
type AllocKey = (i64, i64, String, String, String, String);

fn xprof_active(a: &Value) -> BTreeMap<AllocKey, i64> {
    let snapshots = a["memoryProfileSnapshots"].as_array().unwrap();
    let mut out = BTreeMap::new();
    for row in a["activeAllocations"].as_array().unwrap() {
        let index = num(&row["snapshotIndex"]);
        if index < 0 {
            continue;
        }
        let m = &snapshots[index as usize]["activityMetadata"];
        let key = (
            num(&m["allocationBytes"]),
            num(&m["requestedBytes"]),
            m["tfOpName"].as_str().unwrap_or("").to_owned(),
            m["regionType"].as_str().unwrap_or("").to_owned(),
            m["dataType"].as_str().unwrap_or("").to_owned(),
            m["tensorShape"].as_str().unwrap_or("").to_owned(),
        );
        *out.entry(key).or_insert(0) += num(&row["numOccurrences"]);
    }
    out
}

#[test]
fn runtime_memory_matches_xprof_memory_profile() {
    let mut compared = 0;
    for profile in oracle::PROFILES {
        let Some(want) = oracle::oracle(profile, "memory_profile.json") else {
            continue;
        };
        let Some(path) = oracle::xplane(profile) else {
            common::skip(&format!("{profile} not found"));
            continue;
        };
        let bytes = common::read(&path);
        let raw = if planeview::import::is_gzip(&bytes) {
            planeview::import::gunzip(&bytes, 1 << 34).unwrap().data
        } else {
            bytes.clone()
        };
        let lines = line_timestamps(&raw);
        let trace = planeview::import::import_bytes(&bytes).unwrap().trace;
        let memory = RuntimeMemory::of(&trace);
        let reports = memory.reports(&trace);
        let per = want["memoryProfilePerAllocator"].as_object().unwrap();
        let ids: Vec<&str> = want["memoryIds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        let ours: Vec<&str> = reports.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(ours, ids, "{profile}: allocators (XProf lists them sorted)");
        let origin_ps = trace.origin.source_ns * PS_PER_NS;
        for (k, r) in reports.iter().enumerate() {
            let a = &per[&r.name];
            let what = format!("{profile} {}", r.name);
            let summary = &a["profileSummary"];
            let timeline = &memory.allocators[k];
            // XProf's offset of an event: its time less its line's start.
            let offset = |e: usize| {
                let ev = &timeline.events[e];
                let track = ev.track.unwrap() as usize;
                let process = trace.processes.name[trace.tracks.process[track].index()];
                let line = trace.str(trace.tracks.source_id[track]).to_owned();
                let line_ps = lines[&(trace.str(process).to_owned(), line)] * PS_PER_NS;
                ev.time + origin_ps - line_ps
            };
            assert_eq!(
                r.peak_bytes,
                num(&summary["peakStats"]["peakBytesInUse"]),
                "{what}: peak"
            );
            let peak = timeline.peak.unwrap();
            assert_eq!(
                offset(peak),
                num(&summary["peakStatsTimePs"]),
                "{what}: time of the peak"
            );
            assert_eq!(
                r.capacity_bytes,
                Some(num(&summary["memoryCapacity"])),
                "{what}: capacity"
            );
            // Every event, when XProf's timeline holds them all.
            let sampled = a["sampledTimelineSnapshots"].as_array().unwrap();
            let events = (r.alloc_count + r.free_count) as usize;
            if events < 1000 {
                // XProf's lifetime peak is the last event's in its line-by-line walk; ours is
                // the largest stated, the one the last event in time states.
                let stated = sampled
                    .iter()
                    .map(|s| num(&s["aggregationStats"]["peakBytesInUse"]))
                    .max();
                assert_eq!(r.lifetime_peak_bytes, stated, "{what}: lifetime peak");
                let theirs: BTreeMap<(i64, bool, i64), usize> =
                    sampled.iter().fold(BTreeMap::new(), |mut m, s| {
                        let st = &s["aggregationStats"];
                        let key = (
                            num(&s["timeOffsetPs"]),
                            s["activityMetadata"]["memoryActivity"] == "ALLOCATION",
                            num(&st["heapAllocatedBytes"]) + num(&st["stackReservedBytes"]),
                        );
                        *m.entry(key).or_default() += 1;
                        m
                    });
                let ours: BTreeMap<(i64, bool, i64), usize> =
                    (0..events).fold(BTreeMap::new(), |mut m, e| {
                        let alloc = timeline.events[e].activity
                            == planeview::analysis::memory::runtime::Activity::Alloc;
                        *m.entry((offset(e), alloc, timeline.in_use[e])).or_default() += 1;
                        m
                    });
                assert_eq!(ours, theirs, "{what}: every event");
            }
            // The allocations live at the peak.
            let at = memory.at(&trace, k, None, usize::MAX).unwrap();
            let ours: BTreeMap<AllocKey, i64> =
                at.allocations.iter().fold(BTreeMap::new(), |mut m, l| {
                    let key = (
                        l.bytes,
                        l.requested_bytes.unwrap_or(0),
                        l.op.clone().unwrap_or_default(),
                        l.region.clone().unwrap_or_default(),
                        l.data_type.clone().unwrap_or_else(|| "INVALID".into()),
                        l.shape.clone().unwrap_or_default(),
                    );
                    *m.entry(key).or_default() += 1;
                    m
                });
            let theirs = xprof_active(a);
            // XProf lists only what the peak's step allocated (its step ids come from its
            // own event grouping); where the allocator's events are all of one step that is
            // everything live, else a part of ours.
            let steps: std::collections::BTreeSet<i64> = sampled
                .iter()
                .map(|s| num(&s["activityMetadata"]["stepId"]))
                .collect();
            if steps.len() == 1 && events < 1000 {
                assert_eq!(ours, theirs, "{what}: live at the peak");
                // What XProf calls "unused preallocated device memory" is the peak less the
                // stack and the allocations it can name.
                let stack = num(&summary["peakStats"]["stackReservedBytes"]);
                let unnamed = a["specialAllocations"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|s| s["tfOpName"] == "unused preallocated device memory")
                    .map(|s| num(&s["allocationBytes"]))
                    .sum::<i64>();
                assert_eq!(
                    r.peak_bytes - stack - r.live_at_peak_bytes,
                    unnamed,
                    "{what}: unnamed"
                );
            } else {
                for (key, n) in &theirs {
                    assert!(
                        ours.get(key).is_some_and(|m| m >= n),
                        "{what}: {key:?} x{n}"
                    );
                }
            }
            compared += 1;
        }
    }
    if compared == 0 {
        common::skip("no memory_profile oracle with allocators");
    }
}
