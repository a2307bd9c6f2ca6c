//! A small XSpace generator for counter tests: a TPU plane with XLA ops and long custom calls,
//! periodic hardware counters on a `_counters_` line (one sample per µs), event-triggered
//! counters sampled every 250 ns inside the custom calls, a counter written with
//! `Raw Value` / `Scaled Value`, and a host `_counters_` line whose value is an ordinary stat.
//! Encoded with the prost types that `build.rs` generates from `proto/xplane.proto`, every
//! field as the schema (`docs/FORMATS.md` § XSpace) defines it.

#![allow(dead_code)]

/// The prost types of `proto/xplane.proto`.
#[allow(clippy::all, missing_docs, missing_debug_implementations)]
pub mod pb {
    include!(concat!(env!("OUT_DIR"), "/planeview.xspace.rs"));
}

use pb::x_event::Data;
use pb::x_stat::Value;
use prost::Message;
use std::collections::HashMap;

/// Picoseconds per µs.
pub const US: i64 = 1_000_000;
/// Custom-call windows `[start, end)` in ps.
pub const CUSTOM_CALLS: [(i64, i64); 2] = [(10 * US, 110 * US), (200 * US, 260 * US)];
/// Event-triggered sampling interval inside custom calls.
pub const TRIGGERED_EVERY: i64 = 250_000;
/// The trace spans 0..300 µs; periodic counters sample every µs.
pub const END: i64 = 300 * US;
/// Clock: cycles per µs.
pub const CYCLES_PER_US: u64 = 1000;
/// Right shift of the scaled counter (its `Raw Value` is the value >> 2).
pub const SHIFT: u32 = 2;

const STATS: [(i64, &str); 10] = [
    (1, "counter_value"),
    (2, "performance_counter_id"),
    (3, "performance_counter_description"),
    (4, "performance_counter_sets"),
    (5, "Raw Value"),
    (6, "Scaled Value"),
    (7, "Time Scale Multiplier"),
    (8, "hlo_op"),
    (9, "TC_COMPUTATION"),
    (10, "value"),
];

fn stat(id: i64, value: Value) -> pb::XStat {
    pb::XStat {
        metadata_id: id,
        value: Some(value),
    }
}

fn event(metadata_id: i64, offset_ps: i64, duration_ps: i64, stats: Vec<pb::XStat>) -> pb::XEvent {
    pb::XEvent {
        metadata_id,
        data: Some(Data::OffsetPs(offset_ps)),
        duration_ps,
        stats,
    }
}

fn line(id: i64, name: &str, events: Vec<pb::XEvent>) -> pb::XLine {
    pb::XLine {
        id,
        display_id: id,
        name: name.into(),
        timestamp_ns: 1_000,
        events,
        ..Default::default()
    }
}

fn metadata(id: i64, name: &str, stats: Vec<pb::XStat>) -> (i64, pb::XEventMetadata) {
    (
        id,
        pb::XEventMetadata {
            id,
            name: name.into(),
            stats,
            ..Default::default()
        },
    )
}

fn stat_metadata() -> HashMap<i64, pb::XStatMetadata> {
    STATS
        .iter()
        .map(|&(id, name)| {
            (
                id,
                pb::XStatMetadata {
                    id,
                    name: name.into(),
                    description: String::new(),
                },
            )
        })
        .collect()
}

/// Busy cycles per µs at time `t`: 80 % of the clock inside custom calls, 10 % outside.
pub fn busy_per_us(t: i64) -> u64 {
    if in_custom_call(t) { 800 } else { 100 }
}

/// True inside a custom call.
pub fn in_custom_call(t: i64) -> bool {
    CUSTOM_CALLS.iter().any(|&(a, b)| (a..b).contains(&t))
}

/// Busy count at time `t` (µs resolution, cumulative).
pub fn busy_at(t: i64) -> u64 {
    (0..t / US).map(|k| busy_per_us(k * US)).sum()
}

/// HBM bytes read at a triggered sample `k` inside a custom call (cumulative, multiple of 4).
pub fn hbm_bytes(k: u64) -> u64 {
    k * 4096
}

fn tpu_plane() -> pb::XPlane {
    let desc = |s: &str| stat(3, Value::StrValue(s.into()));
    let sets = stat(4, Value::RefValue(9));
    let event_metadata: HashMap<i64, pb::XEventMetadata> = [
        metadata(
            1,
            "fusion.1",
            vec![stat(8, Value::StrValue("fusion.1".into()))],
        ),
        metadata(
            2,
            "custom-call.3",
            vec![stat(8, Value::StrValue("custom-call.3".into()))],
        ),
        // Counter identity lives on the event metadata; values on the events.
        metadata(
            10,
            "VF_Cycles",
            vec![
                stat(2, Value::Uint64Value(10)),
                desc("core clock cycles"),
                sets.clone(),
            ],
        ),
        metadata(
            11,
            "Busy",
            vec![
                stat(2, Value::Uint64Value(11)),
                desc("tensor core busy cycles"),
                sets.clone(),
            ],
        ),
        metadata(
            12,
            "vector_load_count",
            vec![stat(2, Value::Uint64Value(56)), desc("vector loads"), sets],
        ),
        metadata(
            13,
            "hbm_read_bytes",
            vec![
                stat(2, Value::Uint64Value(57)),
                desc("bytes read from HBM"),
                stat(4, Value::StrValue("TC_MEMORY".into())),
            ],
        ),
    ]
    .into_iter()
    .collect();

    let mut ops = vec![event(1, 0, 5 * US, vec![])];
    for &(a, b) in &CUSTOM_CALLS {
        ops.push(event(2, a, b - a, vec![]));
    }

    let mut periodic = Vec::new();
    for k in 0..=END / US {
        let t = k * US;
        let cycles = k as u64 * CYCLES_PER_US;
        periodic.push(event(10, t, 0, vec![stat(1, Value::Uint64Value(cycles))]));
        periodic.push(event(
            11,
            t,
            0,
            vec![stat(1, Value::Uint64Value(busy_at(t)))],
        ));
        periodic.push(event(
            12,
            t,
            0,
            vec![
                stat(1, Value::DoubleValue((k % 7) as f64)),
                stat(7, Value::DoubleValue(1.5)),
            ],
        ));
    }

    let mut triggered = Vec::new();
    let mut n = 0u64;
    for &(a, b) in &CUSTOM_CALLS {
        let mut t = a;
        while t < b {
            n += 1;
            let scaled = hbm_bytes(n);
            triggered.push(event(
                13,
                t,
                0,
                vec![
                    stat(5, Value::Uint64Value(scaled >> SHIFT)),
                    stat(6, Value::Uint64Value(scaled)),
                    stat(1, Value::Uint64Value(scaled >> SHIFT)),
                ],
            ));
            t += TRIGGERED_EVERY;
        }
    }

    pb::XPlane {
        id: 1,
        name: "/device:TPU:0".into(),
        lines: vec![
            line(1, "XLA Ops", ops),
            line(2, "_counters_", periodic),
            line(3, "Kernel Counters", triggered),
        ],
        event_metadata,
        stat_metadata: stat_metadata(),
        stats: vec![],
    }
}

fn host_plane() -> pb::XPlane {
    let event_metadata: HashMap<i64, pb::XEventMetadata> = [
        metadata(1, "python", vec![]),
        metadata(2, "cpu_util_percent", vec![]),
        metadata(3, "marker", vec![]),
    ]
    .into_iter()
    .collect();
    let host_ops = vec![event(1, 0, 250 * US, vec![])];
    let mut counters = Vec::new();
    for k in 0..=30 {
        counters.push(event(
            2,
            k * 10 * US,
            0,
            vec![stat(10, Value::DoubleValue(50.0 + k as f64))],
        ));
    }
    counters.push(event(
        3,
        5 * US,
        0,
        vec![stat(8, Value::StrValue("no number".into()))],
    ));
    pb::XPlane {
        id: 2,
        name: "/host:CPU".into(),
        lines: vec![line(7, "python", host_ops), line(8, "_counters_", counters)],
        event_metadata,
        stat_metadata: stat_metadata(),
        stats: vec![],
    }
}

/// The generated XSpace.
pub fn xspace() -> pb::XSpace {
    pb::XSpace {
        planes: vec![tpu_plane(), host_plane()],
        hostnames: vec!["generated".into()],
        ..Default::default()
    }
}

/// The generated XSpace, encoded (map entries in hash order: compare decoded, not bytes).
pub fn xspace_bytes() -> Vec<u8> {
    xspace().encode_to_vec()
}
