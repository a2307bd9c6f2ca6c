//! The roofline model, XProf's `roofline_model`: every device op as a point (operational
//! intensity, achieved FLOP rate) under the device's roofs (peak FLOP rate, HBM bandwidth).
//!
//! Rows are the HLO ops of [`super::hlo_stats`] with XProf's roofline columns; peaks come
//! from the plane stats ([`Peaks`]) or, when the profile states none, from the caller (the
//! page lets the user type them). Memory traffic is `bytes_accessed`, all counted as HBM.
//!
//! An op without FLOPs has no place under the roofline (its operational intensity is 0) and
//! its efficiencies say nothing (an async copy's start moves its whole buffer in a few
//! cycles: XProf reports 1,924,470 of peak bandwidth): outside `--xprof-compat` its
//! `roofline_efficiency`, `compute_efficiency` and `max_mem_bw_utilization` are `null`, and
//! the roofline chart leaves it out ([`crate::charts::data::roofline_plot`]).

use super::compat::Compat;
use super::hlo_stats::{HloStatsRow, hlo_stats_with};
use super::op_metrics::{DeviceKind, device_kind, tpu_cores};
use super::peaks::Peaks;
use super::query::safe_div;
use crate::model::{SliceId, Trace};
use serde::Serialize;

/// Bytes in a GiB over bytes in a GB.
const GIB_PER_GB: f64 = 1.073_741_824;

/// The `roofline` document: peaks and one row per op.
#[derive(Clone, Debug, Serialize)]
pub struct Roofline {
    /// Device type as the profile states it.
    pub device_type: String,
    /// Peaks used (from the profile unless overridden).
    pub peaks: Peaks,
    /// FLOPs per byte where the HBM roof meets the compute roof.
    pub hbm_ridge_point: f64,
    /// Ops, longest self time first.
    pub rows: Vec<RooflineRow>,
}

/// One op of the roofline, keyed by XProf's column ids.
#[derive(Clone, Debug, Serialize)]
pub struct RooflineRow {
    /// `Total` (over the whole profile).
    pub step: &'static str,
    /// 1-based position.
    pub rank: usize,
    /// HLO category.
    pub category: String,
    /// HLO op name.
    pub operation: String,
    /// Occurrences.
    pub occurrences: u64,
    /// µs.
    pub total_time: f64,
    /// µs.
    pub avg_time: f64,
    /// µs.
    pub total_self_time: f64,
    /// µs.
    pub avg_self_time: f64,
    /// Share of device time, 0–1.
    pub total_self_time_percent: f64,
    /// Running share, 0–1.
    pub cumulative_total_self_time_percent: f64,
    /// GFLOP/s.
    pub measured_flop_rate: f64,
    /// GFLOP/s.
    pub model_flop_rate: f64,
    /// GiB/s.
    pub measured_memory_bw: f64,
    /// GiB/s.
    pub hbm_bw: f64,
    /// FLOPs per byte.
    pub operational_intensity: f64,
    /// FLOPs per HBM byte.
    pub hbm_operational_intensity: f64,
    /// Intensity against the binding memory (HBM).
    pub bottleneck_operational_intensity: f64,
    /// `Compute`, `HBM` or `Unknown`.
    pub bound_by: &'static str,
    /// µs per device core.
    pub total_time_per_core: f64,
    /// Share of device time, 0–1.
    pub total_time_in_percentage: f64,
    /// The roof at this intensity, GFLOP/s.
    pub optimal_flop_rate: f64,
    /// Achieved over the binding roof: bandwidth utilisation when memory bound, FLOP
    /// utilisation when compute bound (`null` for an op without FLOPs, see the module doc).
    pub roofline_efficiency: Option<f64>,
    /// Achieved over the peak FLOP rate (`null` for an op without FLOPs).
    pub compute_efficiency: Option<f64>,
    /// HBM bandwidth over its peak (`null` for an op without FLOPs).
    pub max_mem_bw_utilization: Option<f64>,
    /// XLA program id.
    pub hlo_module_id: String,
    /// Source cell as in `hlo_stats`.
    pub source_info: String,
    /// Occurrences on the timeline.
    #[serde(skip)]
    pub slices: Vec<SliceId>,
}

/// The roofline outside `--xprof-compat` (see [`roofline_with`]).
pub fn roofline(trace: &Trace, override_peaks: Option<Peaks>) -> Roofline {
    roofline_with(trace, override_peaks, Compat::Planeview)
}

/// The roofline with the profile's peaks, replaced by `override_peaks` where those are
/// non-zero (the page's typed-in peaks).
pub fn roofline_with(trace: &Trace, override_peaks: Option<Peaks>, compat: Compat) -> Roofline {
    roofline_of(
        trace,
        &hlo_stats_with(trace, compat),
        override_peaks,
        compat,
    )
}

/// The roofline from the HLO op rows computed before in mode `compat`.
pub fn roofline_of(
    trace: &Trace,
    hlo_rows: &[HloStatsRow],
    override_peaks: Option<Peaks>,
    compat: Compat,
) -> Roofline {
    let mut peaks = Peaks::of(trace);
    if let Some(o) = override_peaks {
        if o.flop_rate_gflops > 0.0 {
            peaks.flop_rate_gflops = o.flop_rate_gflops;
        }
        if o.hbm_gbps > 0.0 {
            peaks.hbm_gbps = o.hbm_gbps;
        }
    }
    let cores = match device_kind(trace) {
        DeviceKind::Tpu => tpu_cores(trace).count(),
        _ => 1,
    }
    .max(1) as f64;
    let device_type = match device_kind(trace) {
        DeviceKind::Tpu => tpu_cores(trace)
            .next()
            .and_then(|p| trace.devices.of_process(p))
            .map(|d| d.name.as_str())
            .filter(|n| !n.is_empty())
            .unwrap_or("TPU")
            .to_owned(),
        DeviceKind::Gpu => "GPU".into(),
        DeviceKind::CpuOnly => String::new(),
    };
    let ridge = peaks.hbm_ridge_point();
    let rows = hlo_rows
        .iter()
        .map(|r| row(r, &peaks, cores, compat))
        .collect();
    Roofline {
        device_type,
        peaks,
        hbm_ridge_point: ridge,
        rows,
    }
}

fn row(r: &HloStatsRow, peaks: &Peaks, cores: f64, compat: Compat) -> RooflineRow {
    let intensity = r.operational_intensity;
    let optimal = if peaks.hbm_gbps > 0.0 {
        (intensity * peaks.hbm_gbps).min(peaks.flop_rate_gflops)
    } else {
        peaks.flop_rate_gflops
    };
    let compute_efficiency = safe_div(r.normalized_flop_rate, peaks.flop_rate_gflops);
    let memory_efficiency = safe_div(r.hbm_bw * GIB_PER_GB, peaks.hbm_gbps);
    let roofline_efficiency = match r.bound_by {
        "HBM" => memory_efficiency,
        "Compute" => compute_efficiency,
        _ => 0.0,
    };
    // FLOPs over a positive time give a positive rate: a zero rate is an op without FLOPs.
    let measured = |v: f64| (compat.on() || r.normalized_flop_rate > 0.0).then_some(v);
    RooflineRow {
        step: "Total",
        rank: r.rank,
        category: r.category.clone(),
        operation: r.hlo_op_name.clone(),
        occurrences: r.occurrences,
        total_time: r.total_time,
        avg_time: r.avg_time,
        total_self_time: r.total_self_time,
        avg_self_time: r.avg_self_time,
        total_self_time_percent: r.total_self_time_percent / 100.0,
        cumulative_total_self_time_percent: r.cumulative_total_self_time_percent / 100.0,
        measured_flop_rate: r.normalized_flop_rate,
        model_flop_rate: r.model_flop_rate,
        measured_memory_bw: r.measured_memory_bw,
        hbm_bw: r.hbm_bw,
        operational_intensity: intensity,
        hbm_operational_intensity: intensity,
        bottleneck_operational_intensity: intensity,
        bound_by: r.bound_by,
        total_time_per_core: r.total_time / cores,
        total_time_in_percentage: r.total_self_time_percent / 100.0,
        optimal_flop_rate: optimal,
        roofline_efficiency: measured(roofline_efficiency),
        compute_efficiency: measured(compute_efficiency),
        max_mem_bw_utilization: measured(memory_efficiency),
        hlo_module_id: r.program_id.clone(),
        source_info: r.source_info.clone(),
        slices: r.slices.clone(),
    }
}
