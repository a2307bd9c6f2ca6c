//! Device peaks from the properties of the first device: FLOP rate and memory bandwidths,
//! as XProf's roofline and bound-by use them.
//!
//! TPU cores state `peak_teraflops_per_second` and `peak_*_bw_gigabytes_per_second`
//! (GB/s); XSpace GPUs state `memory_bandwidth` in bytes/s and no FLOP rate (the first GPU
//! that states it is used). Missing peaks are 0; the user can supply them (the page's
//! roofline tab asks).

use super::op_metrics::{DeviceKind, device_kind};
use crate::model::{ProcessRole, Trace};

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
    /// The peaks of the trace's first device (all zero for a CPU-only profile).
    pub fn of(trace: &Trace) -> Peaks {
        let role = |d: &crate::model::Device| trace.processes.role[d.process.index()];
        let mut devices = trace.devices.rows.iter();
        let device = match device_kind(trace) {
            DeviceKind::Tpu => devices.find(|d| role(d) == ProcessRole::TpuCore),
            DeviceKind::Gpu => devices.find(|d| {
                role(d) == ProcessRole::Gpu && d.properties.contains_key("memory_bandwidth")
            }),
            DeviceKind::CpuOnly => None,
        };
        let Some(device) = device else {
            return Peaks::default();
        };
        let stat = |key: &str| device.number(key).unwrap_or(0.0);
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
