//! Counter sources beyond XSpace: the units each importer states (Kineto `[memory]` bytes,
//! Perfetto `CounterDescriptor` units, none for Chrome `C` events), and the running sum that
//! older Kineto `[memory]` events (only `Bytes`, an allocation delta) become.

#![allow(clippy::disallowed_methods)] // tests do I/O; the rule is for the core

mod common;

use planeview::analysis::counters::{Series, counter_tracks, unit_of};
use planeview::import::import_bytes;
use planeview::import::perfetto::proto::{
    self, CounterDescriptor, TracePacket, TrackDescriptor, TrackEvent,
};
use planeview::model::{Trace, TrackId};
use prost::Message;
use serde_json::Value;
use std::collections::BTreeMap;

fn load(path: &std::path::Path) -> Trace {
    import_bytes(&common::read(path)).unwrap().trace
}

/// Counter tracks by name.
fn tracks(t: &Trace) -> BTreeMap<String, TrackId> {
    counter_tracks(t)
        .into_iter()
        .map(|k| (t.str(t.tracks.name[k.index()]).to_owned(), k))
        .collect()
}

/// The source's own unit of a track (not what the known-counter table guesses from its name).
fn stated_unit(t: &Trace, track: TrackId) -> Option<String> {
    t.counter_meta.get(track).and_then(|m| m.unit.clone())
}

/// Per device (`CPU`, `GPU <id>`), the running sum of `Bytes` of the file's `[memory]`
/// events in time order, computed here from the JSON independently of the importer.
fn expected_running_sums(json: &[u8]) -> BTreeMap<String, Vec<f64>> {
    let doc: Value = serde_json::from_slice(json).unwrap();
    let mut events: Vec<&Value> = doc["traceEvents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["name"] == "[memory]")
        .collect();
    events.sort_by(|a, b| a["ts"].as_f64().partial_cmp(&b["ts"].as_f64()).unwrap());
    let mut sums: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for e in events {
        let a = &e["args"];
        let device = match a["Device Type"].as_i64().unwrap() {
            0 => "CPU".to_owned(),
            _ => format!("GPU {}", a["Device Id"].as_i64().unwrap()),
        };
        let series = sums.entry(device).or_default();
        let last = series.last().copied().unwrap_or(0.0);
        series.push(last + a["Bytes"].as_f64().unwrap());
    }
    sums
}

fn assert_net_allocated(t: &Trace, expected: &BTreeMap<String, Vec<f64>>) {
    let by_name = tracks(t);
    for (device, sums) in expected {
        let name = format!("{device} Net Allocated");
        let track = *by_name
            .get(&name)
            .unwrap_or_else(|| panic!("no track {name} in {:?}", by_name.keys()));
        assert_eq!(Series::of(t, track).value, &sums[..], "{name}");
        assert_eq!(stated_unit(t, track).as_deref(), Some("bytes"), "{name}");
    }
}

#[test]
fn kineto_memory_events_with_only_bytes_become_a_running_sum_per_device() {
    // 32 `[memory]` events copied from a PyTorch 1.9 Kineto trace (see tests/data/counters).
    let path = common::data_dir("counters/kineto_memory_bytes_only.json");
    let t = load(&path);
    let expected = expected_running_sums(&common::read(&path));
    assert_eq!(
        tracks(&t).keys().collect::<Vec<_>>(),
        ["CPU Net Allocated", "GPU 0 Net Allocated"]
    );
    assert_net_allocated(&t, &expected);
    // Hand-checked: the first GPU events allocate 19267584 and 512 bytes, then free both.
    let gpu = Series::of(&t, tracks(&t)["GPU 0 Net Allocated"]);
    assert_eq!(&gpu.value[..4], [19_267_584.0, 19_268_096.0, 512.0, 0.0]);
}

#[test]
fn kineto_running_sum_over_a_whole_real_trace() {
    let Some(corpus) = common::corpus_dir() else {
        return;
    };
    let path =
        corpus.join("chrome_json/kineto__resnet50_nw0_worker0.1623143089861.pt.trace.json.gz");
    let t = load(&path);
    let json = {
        use std::io::Read;
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(&common::read(&path)[..])
            .read_to_end(&mut out)
            .unwrap();
        out
    };
    let expected = expected_running_sums(&json);
    assert_eq!(expected.values().map(Vec::len).sum::<usize>(), 12_838);
    assert_net_allocated(&t, &expected);
}

#[test]
fn kineto_memory_totals_are_in_bytes() {
    let t = load(&common::data_dir("quirks/kineto_memory_instants.json"));
    let by_name = tracks(&t);
    assert_eq!(by_name.len(), 4);
    for (name, &track) in &by_name {
        assert_eq!(stated_unit(&t, track).as_deref(), Some("bytes"), "{name}");
    }
}

#[test]
fn chrome_counter_events_state_no_unit() {
    let t = load(&common::data_dir("quirks/counter_series_per_key.json"));
    assert!(!tracks(&t).is_empty());
    for (name, track) in tracks(&t) {
        assert_eq!(stated_unit(&t, track), None, "{name}");
    }
}

/// A Perfetto trace with one counter track per descriptor in `counters` (uuid 10, 11, ...),
/// one sample each.
fn perfetto_counters(counters: Vec<(&str, CounterDescriptor)>) -> Trace {
    let mut packets = Vec::new();
    for (k, (name, c)) in counters.into_iter().enumerate() {
        let uuid = 10 + k as u64;
        packets.push(TracePacket {
            trusted_packet_sequence_id: Some(1),
            track_descriptor: Some(TrackDescriptor {
                uuid: Some(uuid),
                name: Some(name.to_owned()),
                counter: Some(c),
                ..Default::default()
            }),
            ..Default::default()
        });
        packets.push(TracePacket {
            timestamp: Some(1_000 + k as u64),
            trusted_packet_sequence_id: Some(1),
            track_event: Some(TrackEvent {
                r#type: Some(4), // TYPE_COUNTER
                track_uuid: Some(uuid),
                counter_value: Some(3),
                ..Default::default()
            }),
            ..Default::default()
        });
    }
    let bytes = proto::Trace { packet: packets }.encode_to_vec();
    import_bytes(&bytes).unwrap().trace
}

#[test]
fn perfetto_counter_descriptors_give_units() {
    let t = perfetto_counters(vec![
        (
            "time",
            CounterDescriptor {
                unit: Some(1),
                ..Default::default()
            },
        ),
        (
            "events",
            CounterDescriptor {
                unit: Some(2),
                ..Default::default()
            },
        ),
        (
            "heap",
            CounterDescriptor {
                unit: Some(3),
                unit_multiplier: Some(1024),
                ..Default::default()
            },
        ),
        (
            "power",
            CounterDescriptor {
                unit: Some(2),
                unit_name: Some("mW".into()),
                ..Default::default()
            },
        ),
        ("plain", CounterDescriptor::default()),
        (
            "thread",
            CounterDescriptor {
                r#type: Some(1),
                ..Default::default()
            },
        ),
    ]);
    let by_name = tracks(&t);
    let unit = |name: &str| stated_unit(&t, by_name[name]);
    assert_eq!(unit("time").as_deref(), Some("ns"));
    assert_eq!(unit("events").as_deref(), Some("count"));
    // The multiplier is applied to the values, which stay in the stated unit.
    assert_eq!(unit("heap").as_deref(), Some("bytes"));
    assert_eq!(Series::of(&t, by_name["heap"]).value, [3.0 * 1024.0]);
    assert_eq!(unit("power").as_deref(), Some("mW"), "unit_name wins");
    assert_eq!(unit("plain"), None);
    assert_eq!(
        unit("thread").as_deref(),
        Some("ns"),
        "built-in thread time"
    );
    // What the page and the CLI show.
    assert_eq!(unit_of(&t, by_name["power"]).as_deref(), Some("mW"));
}
