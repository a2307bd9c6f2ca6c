//! Counters end to end in the core: XSpace counter events from the generator in
//! `tests/counters/generator.rs` become counter tracks, and the analyses (range statistics,
//! sample details, perf-counters table, kernel telemetry, `planeview counters`) read them.

#![allow(clippy::disallowed_methods)] // tests do I/O; the rule is for the core

mod common;
#[path = "counters/generator.rs"]
mod generator;

use generator::{CUSTOM_CALLS, CYCLES_PER_US, END, SHIFT, TRIGGERED_EVERY, US};
use planeview::DiagnosticKind;
use planeview::analysis::counters::kernel::kernel_telemetry;
use planeview::analysis::counters::perf_table::perf_counters_at;
use planeview::analysis::counters::sample::{sample_details, sample_near};
use planeview::analysis::counters::stats::{busy_time, counter_range_stats};
use planeview::analysis::counters::{Series, counter_tracks};
use planeview::model::{SliceId, Trace, TrackId, TrackKind};
use std::process::Command;

/// The committed copy of the generator's output (the e2e tests drop it on the page).
const GENERATED: &str = "xplane/tpu_counters_generated.xplane.pb";

fn trace() -> Trace {
    planeview::import::import_bytes(&generator::xspace_bytes())
        .unwrap()
        .trace
}

fn track(t: &Trace, name: &str) -> TrackId {
    counter_tracks(t)
        .into_iter()
        .find(|&k| t.str(t.tracks.name[k.index()]) == name)
        .unwrap_or_else(|| panic!("no counter track {name}"))
}

#[test]
fn committed_sample_is_the_generator_output() {
    use prost::Message;
    let path = common::data_dir(GENERATED);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, generator::xspace_bytes()).unwrap();
    }
    let committed = generator::pb::XSpace::decode(&common::read(&path)[..]).unwrap();
    assert!(
        committed == generator::xspace(),
        "{} is stale: run with UPDATE_SNAPSHOTS=1",
        path.display()
    );
}

#[test]
fn counter_events_become_tracks_grouped_under_their_plane() {
    let t = trace();
    let names: Vec<(String, String)> = counter_tracks(&t)
        .into_iter()
        .map(|k| {
            let p = t.tracks.process[k.index()];
            (
                t.str(t.tracks.name[k.index()]).to_owned(),
                t.str(t.processes.name[p.index()]).to_owned(),
            )
        })
        .collect();
    let expect = [
        ("VF_Cycles", "/device:TPU:0"),
        ("Busy", "/device:TPU:0"),
        ("vector_load_count", "/device:TPU:0"),
        ("hbm_read_bytes", "/device:TPU:0"),
        ("cpu_util_percent", "/host:CPU"),
    ];
    assert_eq!(names, expect.map(|(a, b)| (a.to_owned(), b.to_owned())));
    // Counter events are not slices; the ops and the host thread are.
    let slice_names: Vec<&str> = (0..t.slices.len())
        .map(|i| t.str(t.slices.name[i]))
        .collect();
    assert_eq!(slice_names.len(), 4, "{slice_names:?}");
    assert!(
        slice_names
            .iter()
            .all(|n| ["fusion.1", "custom-call.3", "python"].contains(n))
    );
    // Periodic counters: one sample per µs over 0..=300 µs.
    assert_eq!(
        Series::of(&t, track(&t, "VF_Cycles")).len(),
        (END / US + 1) as usize
    );
    // `_counters_` lines hold no slice track of their own.
    let summary = planeview::summary::Summary::of(
        &planeview::import::import_bytes(&generator::xspace_bytes()).unwrap(),
    );
    assert_eq!((summary.counters, summary.tracks), (5, 7));
    // The host `_counters_` event without a number is dropped and counted.
    assert_eq!(
        t.diagnostics
            .get(DiagnosticKind::CounterWithoutValue)
            .map(|d| d.count),
        Some(1)
    );
    // Counter tracks sort after the plane's lines.
    let tpu = t.tracks.process[track(&t, "Busy").index()];
    let group = planeview::model::display_order(&t)
        .into_iter()
        .find(|g| g.process == tpu)
        .unwrap();
    assert_eq!(t.tracks.kind[group.tracks[0].index()], TrackKind::Slices);
}

#[test]
fn counter_metadata_and_the_unscaled_magnitude() {
    let t = trace();
    let busy = t.counter_meta.get(track(&t, "Busy")).unwrap();
    assert_eq!(busy.counter_id, Some(11));
    assert_eq!(busy.description.as_deref(), Some("tensor core busy cycles"));
    assert_eq!(
        busy.sets.as_deref(),
        Some("TC_COMPUTATION"),
        "ref_value resolved"
    );
    assert_eq!(busy.scaling, None);
    // Scaled Value wins over counter_value / Raw Value (which hold the shifted value).
    let hbm = track(&t, "hbm_read_bytes");
    let s = Series::of(&t, hbm);
    assert_eq!(s.value[0], generator::hbm_bytes(1) as f64);
    assert_eq!(s.value[1], generator::hbm_bytes(2) as f64);
    let scaling = t.counter_meta.get(hbm).unwrap().scaling.clone().unwrap();
    assert!(
        scaling.contains(&format!("× {}", 1u64 << SHIFT)),
        "{scaling}"
    );
    // The host counter's value is its first numeric stat.
    let cpu = Series::of(&t, track(&t, "cpu_util_percent"));
    assert_eq!((cpu.value[0], cpu.len()), (50.0, 31));
}

#[test]
fn sub_microsecond_sampling_under_long_custom_calls() {
    let t = trace();
    let hbm = Series::of(&t, track(&t, "hbm_read_bytes"));
    let (a, b) = CUSTOM_CALLS[0];
    let inside = hbm.within(a, b - 1);
    assert_eq!(inside.len() as i64, (b - a) / TRIGGERED_EVERY);
    assert_eq!(
        hbm.time[inside.start + 1] - hbm.time[inside.start],
        TRIGGERED_EVERY
    );
    // Sample details: delta and rate per µs between two triggered samples.
    let k = sample_near(&t, track(&t, "hbm_read_bytes"), a + TRIGGERED_EVERY, 1).unwrap();
    let d = sample_details(&t, k).unwrap();
    assert_eq!(d.delta, Some(4096.0));
    assert_eq!(d.rate_per_us, Some(4096.0 / 0.25));
    assert_eq!(d.unit.as_deref(), Some("bytes"));
    assert_eq!(d.counter_id, Some(57));
}

#[test]
fn kernel_telemetry_of_a_custom_call() {
    let t = trace();
    let cc = (0..t.slices.len())
        .find(|&i| {
            t.str(t.slices.name[i]) == "custom-call.3" && t.slices.start[i] == CUSTOM_CALLS[0].0
        })
        .unwrap();
    let tel = kernel_telemetry(&t, SliceId(cc as u32)).unwrap();
    assert_eq!((tel.occurrences, tel.aggregated), (2, 2));
    let busy = tel.counters.iter().find(|c| c.name == "Busy").unwrap();
    let (a, b) = CUSTOM_CALLS[0];
    assert_eq!(busy.delta, ((b - a) / US) as f64 * 800.0);
    assert_eq!(busy.utilisation, Some(0.8));
    let cycles = tel.counters.iter().find(|c| c.name == "VF_Cycles").unwrap();
    assert_eq!(cycles.delta, ((b - a) / US) as f64 * CYCLES_PER_US as f64);
    // Unknown counters are shown generically.
    let vl = tel
        .counters
        .iter()
        .find(|c| c.name == "vector_load_count")
        .unwrap();
    assert_eq!((vl.meaning, vl.utilisation), (None, None));
    // Aggregates over both occurrences: busy stays 80 % in each.
    let agg = tel.aggregates.iter().find(|c| c.name == "Busy").unwrap();
    assert_eq!(agg.utilisation, Some(0.8));
    let hbm = tel
        .aggregates
        .iter()
        .find(|c| c.name == "hbm_read_bytes")
        .unwrap();
    assert_eq!(hbm.occurrences, 2);
    assert!(hbm.peak >= generator::hbm_bytes(400) as f64);
    // Counters of the slice's own plane come first.
    assert_eq!(tel.counters.last().unwrap().name, "cpu_util_percent");
}

#[test]
fn range_statistics_and_busy_time() {
    let t = trace();
    let (a, b) = CUSTOM_CALLS[0];
    let stats = counter_range_stats(&t, a, b);
    let busy = stats.iter().find(|s| s.name == "Busy").unwrap();
    assert_eq!(busy.delta, Some(((b - a) / US) as f64 * 800.0));
    assert_eq!(busy.rate_per_us, Some(800.0));
    assert_eq!(busy.samples as i64, (b - a) / US + 1);
    let tracks = busy_time(&t, a, b);
    let ops = tracks.iter().find(|x| x.name == "XLA Ops").unwrap();
    assert_eq!((ops.busy_ps, ops.busy_fraction), (b - a, 1.0));
}

#[test]
fn perf_counters_table_at_a_sample_time() {
    let t = trace();
    let rows = perf_counters_at(&t, 100 * US);
    let cycles = rows.iter().find(|r| r.name == "VF_Cycles").unwrap();
    assert_eq!(cycles.value, 100_000.0);
    assert_eq!(cycles.hex.as_deref(), Some("0x186a0"));
    assert_eq!(
        (cycles.counter_id, cycles.sets.as_deref()),
        (Some(10), Some("TC_COMPUTATION"))
    );
    assert_eq!(cycles.plane, "/device:TPU:0");
}

#[test]
fn cli_counters_json_follows_the_contract() {
    let out = Command::new(env!("CARGO_BIN_EXE_planeview"))
        .args([
            "counters",
            &common::data_dir(GENERATED).to_string_lossy(),
            "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 5);
    for r in rows {
        let mut keys: Vec<&str> = r.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort();
        assert_eq!(
            keys,
            [
                "group",
                "max",
                "mean",
                "min",
                "name",
                "samples",
                "time_weighted_mean",
                "unit"
            ]
        );
    }
    let cpu = rows
        .iter()
        .find(|r| r["name"] == "cpu_util_percent")
        .unwrap();
    assert_eq!(cpu["group"], "/host:CPU");
    assert_eq!(cpu["samples"], 31);
    assert_eq!(cpu["unit"], "percent");
    // Samples every 10 µs hold until the next; the last (at 300 µs) is the trace end.
    assert_eq!(cpu["time_weighted_mean"], 64.5);
    assert_eq!(cpu["mean"], 65.0);
    let vl = rows
        .iter()
        .find(|r| r["name"] == "vector_load_count")
        .unwrap();
    assert!(vl["unit"].is_null());
    // A file without counters prints an empty array.
    let out = Command::new(env!("CARGO_BIN_EXE_planeview"))
        .args([
            "counters",
            &common::data_dir("chrome_json/xprof__trace.json").to_string_lossy(),
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v.is_array());
}

/// Kernel-scoped telemetry on Kineto `[memory]` counters: an op's window shows the memory
/// samples taken inside it, per device, with their unit.
#[test]
fn kernel_telemetry_of_a_kineto_op_shows_its_memory_samples() {
    let bytes = std::fs::read(common::data_dir("quirks/kineto_memory_instants.json")).unwrap();
    let t = planeview::import::import_bytes(&bytes).unwrap().trace;
    let op = (0..t.slices.len())
        .find(|&i| t.str(t.slices.name[i]) == "aten::empty")
        .unwrap();
    let tel = kernel_telemetry(&t, SliceId(op as u32)).unwrap();
    assert_eq!((tel.name.as_str(), tel.occurrences), ("aten::empty", 1));
    let cpu = tel
        .counters
        .iter()
        .find(|c| c.name == "CPU Total Allocated")
        .unwrap();
    assert_eq!(cpu.unit.as_deref(), Some("bytes"));
    assert_eq!(cpu.sample_count, 2);
    assert_eq!((cpu.min, cpu.max, cpu.end_value), (0.0, 4096.0, 0.0));
    assert_eq!(cpu.delta, cpu.end_value - cpu.start_value);
    let gpu = tel
        .counters
        .iter()
        .find(|c| c.name.contains("Total Allocated") && c.name != "CPU Total Allocated")
        .unwrap();
    assert_eq!((gpu.sample_count, gpu.max), (1, 512.0));
    let agg = tel
        .aggregates
        .iter()
        .find(|c| c.name == "CPU Total Allocated")
        .unwrap();
    assert_eq!((agg.occurrences, agg.peak), (1, 4096.0));
}
