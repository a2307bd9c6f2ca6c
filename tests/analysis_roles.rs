//! Analyses over track and process roles on profiles that are not XProf's GPU/TPU xplanes:
//! the Kineto V100 trace (environment, kernel op names, GPU time per operator), JAX on CPU
//! (HLO ops and op profile from host execution, no framework-op table of one empty IDLE row),
//! and ops without FLOPs on the TPU roofline. `--xprof-compat` keeps XProf's outputs; the
//! expected numbers were computed from the JSON with a separate script (correlation → runtime
//! call → innermost enclosing operator).
#![allow(clippy::disallowed_methods)]

#[path = "common/mod.rs"]
mod common;
#[path = "analysis/oracle.rs"]
mod oracle;

use planeview::Trace;
use planeview::analysis::compat::Compat;
use planeview::analysis::framework_ops::framework_op_stats_with;
use planeview::analysis::gpu_ops::gpu_ops;
use planeview::analysis::hlo_stats::hlo_stats_with;
use planeview::analysis::kernel_stats::kernel_stats;
use planeview::analysis::op_metrics::OpSource;
use planeview::analysis::op_profile::{GroupBy, op_profile_with};
use planeview::analysis::overview::overview;
use planeview::analysis::roofline::roofline_with;
use planeview::model::{ProcessRole, TrackRole};

fn kineto_v100() -> Trace {
    let path = common::data_dir("chrome_json")
        .join("kineto__resnet50_nw0_worker0.1623143089861.pt.trace.json.gz");
    planeview::import::import_bytes(&common::read(&path))
        .unwrap()
        .trace
}

#[test]
fn kineto_gpu_process_and_streams_have_device_roles() {
    let t = kineto_v100();
    let gpus: Vec<usize> = (0..t.processes.len())
        .filter(|&p| t.processes.role[p] == ProcessRole::Gpu)
        .collect();
    assert_eq!(gpus.len(), 1);
    let device = &t.devices.rows[0];
    assert_eq!(
        (device.index, device.name.as_str()),
        (0, "Tesla V100-DGXS-32GB")
    );
    assert_eq!(device.number("numSms"), Some(80.0));
    let streams: Vec<&str> = (0..t.tracks.len())
        .filter(|&i| t.tracks.role[i] == TrackRole::DeviceStream)
        .map(|i| t.str(t.tracks.name[i]))
        .collect();
    assert_eq!(streams, ["stream 7"]);
}

#[test]
fn kineto_overview_names_the_gpu() {
    let env = overview(&kineto_v100(), Compat::Planeview).environment;
    assert_eq!(env.hardware_type, "GPU");
    assert_eq!(env.device_type, "GPU");
    assert_eq!(env.device_core_count, 1);
    assert_eq!(env.device_name.as_deref(), Some("Tesla V100-DGXS-32GB"));
}

#[test]
fn kineto_kernels_name_their_launching_operator() {
    let t = kineto_v100();
    let rows = kernel_stats(&t, Compat::Planeview);
    assert!(
        rows.iter().all(|r| r.op_name.starts_with("aten::")),
        "{:?}",
        rows.iter()
            .find(|r| !r.op_name.starts_with("aten::"))
            .map(|r| (&r.kernel_name, &r.op_name))
    );
    let add: u64 = rows
        .iter()
        .filter(|r| {
            r.op_name == "aten::add_"
                && r.kernel_name
                    .contains("vectorized_elementwise_kernel<4, at::native::AddFunctor<float>")
        })
        .map(|r| r.occurrences)
        .sum();
    assert_eq!(add, 2994);
    // XProf's rule (only a stated `tf_op`) leaves them unnamed.
    assert!(
        kernel_stats(&t, Compat::Xprof)
            .iter()
            .all(|r| r.op_name.is_empty())
    );
}

#[test]
fn kineto_gpu_time_per_operator() {
    let rows = gpu_ops(&kineto_v100());
    let names: Vec<&str> = rows.iter().take(3).map(|r| r.operation.as_str()).collect();
    assert_eq!(
        names,
        [
            "aten::cudnn_convolution_backward_weight",
            "aten::cudnn_convolution_backward_input",
            "aten::cudnn_convolution",
        ]
    );
    let r = &rows[0];
    assert_eq!((r.occurrences, r.kernels), (318, 990));
    assert_eq!(r.total_device_time_ps, 142_461_000_000);
    // Every piece of GPU work has a launching op: the shares add up to 100 %.
    let total: i64 = rows.iter().map(|r| r.total_device_time_ps).sum();
    assert_eq!(total, 603_558_000_000);
    let share: f64 = rows.iter().map(|r| r.device_time_percent).sum();
    assert!((share - 100.0).abs() < 1e-9);
}

#[test]
fn jax_cpu_hlo_ops_come_from_host_execution() {
    let Some(t) = oracle::load("jax_cpu_mlp_small") else {
        return;
    };
    let rows = hlo_stats_with(&t, Compat::Planeview);
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|r| r.source == OpSource::Host));
    let fusion = rows
        .iter()
        .find(|r| r.hlo_op_name == "ynn_fusion.6")
        .unwrap();
    assert_eq!(fusion.program_id, "32");
    assert!(!fusion.hlo_op_expression.is_empty() && !fusion.category.is_empty());
    let host_slices = (0..t.slices.len())
        .filter(|&i| {
            t.args
                .get(t.slices.args[i])
                .any(|(k, _)| t.str(k) == "hlo_op")
        })
        .count() as u64;
    assert_eq!(rows.iter().map(|r| r.occurrences).sum::<u64>(), host_slices);
    let tree = op_profile_with(&t, GroupBy::Program, Compat::Planeview);
    assert_eq!(tree.source, Some(OpSource::Host));
    assert!(
        tree.children
            .iter()
            .any(|c| c.name.starts_with("jit_train_step"))
    );
    // XProf reads no ops there.
    assert!(hlo_stats_with(&t, Compat::Xprof).is_empty());
    assert!(
        op_profile_with(&t, GroupBy::Program, Compat::Xprof)
            .children
            .is_empty()
    );
}

#[test]
fn framework_ops_of_one_empty_idle_row_are_no_table() {
    let Some(t) = oracle::load("jax_cpu_mlp_small") else {
        return;
    };
    assert!(framework_op_stats_with(&t, Compat::Planeview).is_empty());
    let xprof = framework_op_stats_with(&t, Compat::Xprof);
    assert_eq!(xprof.len(), 1);
    assert_eq!(
        (xprof[0].op_type.as_str(), xprof[0].total_self_time),
        ("IDLE", 0.0)
    );
}

#[test]
fn roofline_ops_without_flops_have_no_efficiency_and_no_point() {
    let Some(t) = oracle::load("tpu_inference_2") else {
        return;
    };
    let ours = roofline_with(&t, None, Compat::Planeview);
    let copy = ours
        .rows
        .iter()
        .find(|r| r.operation == "copy-start.1")
        .unwrap();
    assert_eq!(copy.measured_flop_rate, 0.0);
    assert_eq!(
        (
            copy.roofline_efficiency,
            copy.compute_efficiency,
            copy.max_mem_bw_utilization
        ),
        (None, None, None)
    );
    let json = serde_json::to_value(copy).unwrap();
    assert!(json["roofline_efficiency"].is_null());
    let fusion = ours
        .rows
        .iter()
        .find(|r| r.operation == "broadcast_add_fusion")
        .unwrap();
    assert!(
        fusion
            .roofline_efficiency
            .is_some_and(|e| e > 0.0 && e < 1.0)
    );
    // XProf's numbers with --xprof-compat: 1,924,470 of peak bandwidth.
    let xprof = roofline_with(&t, None, Compat::Xprof);
    let copy = xprof
        .rows
        .iter()
        .find(|r| r.operation == "copy-start.1")
        .unwrap();
    assert!(copy.roofline_efficiency.is_some_and(|e| e > 1e6));
    let chart = serde_json::to_value(planeview::charts::data::roofline_plot(&ours)).unwrap();
    let points = chart["points"].as_array().unwrap();
    let with_flops = ours
        .rows
        .iter()
        .filter(|r| r.measured_flop_rate > 0.0)
        .count();
    assert_eq!(points.len(), with_flops);
    assert!(points.len() < ours.rows.len());
    assert!(points.iter().all(|p| p[0] != "copy-start.1"));
}
