//! Kernel stats: parity with XProf's `kernel_stats` on the corpus GPU profile, the extras, and
//! Kineto kernels with hand-computed expectations.
#![allow(clippy::disallowed_methods)]

#[path = "common/mod.rs"]
mod common;
#[path = "analysis/oracle.rs"]
mod oracle;

use planeview::analysis::compat::Compat;
use planeview::analysis::kernel_stats::kernel_stats;

#[test]
fn gpu_kernel_stats_match_xprof() {
    let Some(trace) = oracle::load("tf_gpu_multi_worker") else {
        return;
    };
    let Some(expected) = oracle::oracle("tf_gpu_multi_worker", "kernel_stats.json") else {
        return;
    };
    let rows = kernel_stats(&trace, Compat::Xprof);
    let actual: Vec<_> = rows
        .iter()
        .map(|r| serde_json::to_value(r).unwrap())
        .collect();
    let diffs = oracle::diff_rows(&oracle::table_rows(&expected), &actual, &[]);
    assert!(diffs.is_empty(), "{diffs:#?}");
}

#[test]
fn default_mean_is_exact_and_extras_are_consistent() {
    let Some(trace) = oracle::load("tf_gpu_multi_worker") else {
        return;
    };
    for r in kernel_stats(&trace, Compat::Planeview) {
        let exact = r.total_duration_ps as f64 / r.occurrences as f64 / 1e6;
        assert!(
            (r.avg_duration_us - exact).abs() < 1e-9,
            "{}",
            r.kernel_name
        );
        assert!(r.min_duration_us <= r.p50_duration_us);
        assert!(r.p50_duration_us <= r.p90_duration_us);
        assert!(r.p90_duration_us <= r.p99_duration_us);
        assert!(r.p99_duration_us <= r.max_duration_us);
        assert!(r.device_busy_pct > 0.0 && r.device_busy_pct < 100.0);
        assert_eq!(r.slices.len() as u64, r.occurrences);
    }
}

#[test]
fn cpu_and_tpu_profiles_have_no_kernels() {
    for p in ["tpu_inference_2", "jax_cpu_mlp_small"] {
        let Some(trace) = oracle::load(p) else { return };
        assert!(kernel_stats(&trace, Compat::Planeview).is_empty(), "{p}");
    }
}

/// Three launches of one kernel and one of another, Kineto style, computed by hand.
#[test]
fn kineto_kernels_group_by_launch_parameters() {
    let k = |name: &str, ts: u64, dur: u64, grid: u32| {
        format!(
            r#"{{"ph":"X","cat":"kernel","name":"{name}","pid":0,"tid":"stream 7","ts":{ts},"dur":{dur},
               "args":{{"registers per thread":32,"shared memory":1024,"grid":[{grid},1,1],"block":[128,1,1],"est. achieved occupancy %":50}}}}"#
        )
    };
    let events = [
        k("gemm", 0, 10, 4),
        k("gemm", 20, 30, 4),
        k("gemm", 60, 20, 4),
        k("gemm", 100, 5, 8),
        r#"{"ph":"X","cat":"gpu_memcpy","name":"Memcpy HtoD","pid":0,"tid":"stream 7","ts":200,"dur":35}"#.to_owned(),
    ];
    let json = format!(r#"{{"traceEvents":[{}]}}"#, events.join(","));
    let trace = planeview::import::import_bytes(json.as_bytes())
        .unwrap()
        .trace;
    let rows = kernel_stats(&trace, Compat::Planeview);
    assert_eq!(rows.len(), 2);
    let r = &rows[0];
    assert_eq!(
        (r.kernel_name.as_str(), r.occurrences, r.grid_dim.as_str()),
        ("gemm", 3, "4,1,1")
    );
    assert_eq!((r.total_duration_us, r.avg_duration_us), (60.0, 20.0));
    assert_eq!(
        (r.min_duration_us, r.p50_duration_us, r.max_duration_us),
        (10.0, 20.0, 30.0)
    );
    assert_eq!(
        (r.registers_per_thread, r.shmem_bytes, r.occupancy_pct),
        (32, 1024, 50.0)
    );
    // Busy: 10 + 30 + 20 + 5 + 35 = 100 µs, none overlapping.
    assert!((r.device_busy_pct - 60.0).abs() < 1e-9);
    assert_eq!(
        (rows[1].occurrences, rows[1].grid_dim.as_str()),
        (1, "8,1,1")
    );
}

/// The corpus Kineto trace: every kernel is counted once.
#[test]
fn kineto_resnet_counts_every_kernel() {
    let path = common::data_dir("chrome_json")
        .join("kineto__resnet50_nw0_worker0.1623143089861.pt.trace.json.gz");
    let trace = planeview::import::import_bytes(&common::read(&path))
        .unwrap()
        .trace;
    let rows = kernel_stats(&trace, Compat::Planeview);
    let launches: u64 = rows.iter().map(|r| r.occurrences).sum();
    let kernels = (0..trace.slices.len())
        .filter(|&i| trace.str(trace.categories.name[trace.slices.category[i].index()]) == "Kernel")
        .filter(|&i| trace.slices.dur[i] > 0)
        .count() as u64;
    assert_eq!(launches, kernels);
    assert!(rows.len() > 10);
}
