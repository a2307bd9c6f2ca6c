//! Device peaks from the plane stats of the first device plane: FLOP rate and memory
//! bandwidths, as XProf's roofline and bound-by use them.
//!
//! TPU planes state `peak_teraflops_per_second` and `peak_*_bw_gigabytes_per_second`
//! (GB/s); GPU planes state `memory_bandwidth` in bytes/s and no FLOP rate. Missing peaks
//! are 0; the user can supply them (the page's roofline tab asks).

use super::op_metrics::{DeviceKind, device_kind, tpu_planes};
use super::query::processes_named;
use crate::model::Trace;

/// Peak rates of one device.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Peaks {
    /// GFLOP/s.
    pub flop_rate_gflops: f64,
    /// HBM bandwidth, GB/s (10^9 bytes).
    pub hbm_gbps: f64,
    /// VMEM read bandwidth, GB/s.
    pub vmem_read_gbps: f64,
    /// VMEM write bandwidth, GB/s.
    pub vmem_write_gbps: f64,
    /// CMEM read bandwidth, GB/s.
    pub cmem_read_gbps: f64,
    /// CMEM write bandwidth, GB/s.
    pub cmem_write_gbps: f64,
    /// The device states a merged VMEM.
    pub has_merged_vmem: bool,
    /// The device states a megacore.
    pub megacore: bool,
}

impl Peaks {
    /// The peaks of the trace's first device plane (all zero for a CPU-only profile).
    pub fn of(trace: &Trace) -> Peaks {
        let plane = match device_kind(trace) {
            DeviceKind::Tpu => tpu_planes(trace).next(),
            DeviceKind::Gpu => processes_named(trace, "/device:GPU:")
                .find(|(p, name)| {
                    trace
                        .metadata
                        .get(&format!("{name}/memory_bandwidth"))
                        .is_some()
                        && p.index() < usize::MAX
                })
                .map(|(p, _)| p),
            DeviceKind::CpuOnly => None,
        };
        let Some(plane) = plane else {
            return Peaks::default();
        };
        let name = trace.str(trace.processes.name[plane.index()]);
        let stat = |key: &str| {
            trace
                .metadata
                .get(&format!("{name}/{key}"))
                .and_then(|v| {
                    v.as_f64()
                        .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
                })
                .unwrap_or(0.0)
        };
        Peaks {
            flop_rate_gflops: stat("peak_teraflops_per_second") * 1e3,
            hbm_gbps: stat("peak_hbm_bw_gigabytes_per_second").max(stat("memory_bandwidth") / 1e9),
            vmem_read_gbps: stat("peak_vmem_rd_bw_gigabytes_per_second"),
            vmem_write_gbps: stat("peak_vmem_wr_bw_gigabytes_per_second"),
            cmem_read_gbps: stat("peak_cmem_rd_bw_gigabytes_per_second"),
            cmem_write_gbps: stat("peak_cmem_wr_bw_gigabytes_per_second"),
            has_merged_vmem: stat("has_merged_vmem") != 0.0,
            megacore: stat("has_megacore") != 0.0,
        }
    }

    /// FLOPs per byte where HBM bandwidth and compute meet (0 without both peaks).
    pub fn hbm_ridge_point(&self) -> f64 {
        super::query::safe_div(self.flop_rate_gflops, self.hbm_gbps)
    }
}
