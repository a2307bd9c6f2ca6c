//! Framework op statistics, the first table of XProf's `framework_op_stats` (the one with
//! the IDLE rows): device ops grouped by framework op, then host ops, each part sorted by
//! self time (longest first, then by name) and cut to 500 rows as XProf does, ranks running
//! on across both parts.
//!
//! Device ops join their framework op by the `tf_op` stat; ops without one keep their own
//! name with type `Unknown`. A framework op's occurrences are the largest of its device
//! ops' (XProf's rule); its times, FLOPs and bytes are sums. Rates: FLOP rates in GFLOP/s
//! (FLOPs per ns), memory bandwidth in GiB/s, bound-by from the HBM ridge point of the
//! device's peaks.
//!
//! A profile with no framework op at all (JAX on CPU) gives XProf a single host `IDLE` row
//! of zero time; outside `--xprof-compat` the table is then empty instead.

use super::compat::Compat;
use super::host_ops::host_op_db;
use super::op_metrics::{DeviceOpDb, device_op_db};
use super::peaks::Peaks;
use super::query::{ps_to_us, safe_div};
use super::tf_op::parse_tf_op;
use crate::model::{SliceId, Trace};
use hashbrown::HashMap;
use serde::Serialize;

/// One row of `planeview framework-ops --json`, keyed by XProf's column ids.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct FrameworkOpRow {
    /// 1-based position.
    pub rank: usize,
    /// `Host` or `Device`.
    pub host_or_device: &'static str,
    /// Op type (`IDLE` for idle time).
    #[serde(rename = "type")]
    pub op_type: String,
    /// Op name.
    pub operation: String,
    /// Occurrences.
    pub occurrences: u64,
    /// Total time, µs.
    pub total_time: f64,
    /// Mean time, µs.
    pub avg_time: f64,
    /// Total self time, µs.
    pub total_self_time: f64,
    /// Mean self time, µs.
    pub avg_self_time: f64,
    /// Share of device time (0–1).
    pub device_total_self_time_percent: f64,
    /// Running share of device time (0–1).
    pub device_cumulative_total_self_time_percent: f64,
    /// Share of host time (0–1).
    pub host_total_self_time_percent: f64,
    /// Running share of host time (0–1) (XProf spells this id with a capital H).
    #[serde(rename = "Host_cumulative_total_self_time_percent")]
    pub host_cumulative_total_self_time_percent: f64,
    /// FLOPs per ns (GFLOP/s).
    pub measured_flop_rate: f64,
    /// Model FLOPs per ns (GFLOP/s).
    pub model_flop_rate: f64,
    /// GiB/s.
    pub measured_memory_bw: f64,
    /// FLOPs per byte.
    pub operational_intensity: f64,
    /// Always 0 (XProf fills it from kernel stats on GPU framework ops only).
    pub gpu_tensorcore_utilization: f64,
    /// `Compute`, `HBM` or `Unknown`.
    pub bound_by: &'static str,
    /// `Eager` or `Function`.
    pub eager: &'static str,
    /// Exact total self time, ps.
    pub total_self_time_ps: i64,
    /// Occurrences on the timeline.
    #[serde(skip)]
    pub slices: Vec<SliceId>,
}

/// An op before ranking.
#[derive(Debug, Default)]
struct Op {
    name: String,
    op_type: String,
    occurrences: u64,
    time_ps: i64,
    self_time_ps: i64,
    flops: f64,
    model_flops: f64,
    bytes: f64,
    eager: bool,
    slices: Vec<SliceId>,
}

/// The table outside `--xprof-compat` (see [`framework_op_stats_with`]).
pub fn framework_op_stats(trace: &Trace) -> Vec<FrameworkOpRow> {
    framework_op_stats_with(trace, Compat::Planeview)
}

/// The table; outside `--xprof-compat` it is empty when it would hold nothing but `IDLE`
/// rows of zero time, and GPU work without a `tf_op` is attributed to the op that launched
/// it (see [`device_op_db`]).
pub fn framework_op_stats_with(trace: &Trace, compat: Compat) -> Vec<FrameworkOpRow> {
    let device = device_op_db(trace, compat);
    let ridge = Peaks::of(trace).hbm_ridge_point();
    let mut rows = Vec::new();
    let device_ops = device_framework_ops(&device);
    push_part(&mut rows, true, device_ops, device.total_time_ps, ridge);
    let host = host_op_db(trace);
    let mut host_ops: Vec<Op> = host
        .ops
        .into_iter()
        .map(|o| Op {
            name: o.name,
            op_type: o.op_type,
            occurrences: o.occurrences,
            time_ps: o.time_ps,
            self_time_ps: o.self_time_ps,
            eager: o.is_eager,
            slices: o.slices,
            ..Op::default()
        })
        .collect();
    host_ops.push(idle(host.total_time_ps - host.op_time_ps));
    push_part(&mut rows, false, host_ops, host.total_time_ps, ridge);
    let only_empty_idle = rows
        .iter()
        .all(|r| r.op_type == "IDLE" && r.total_self_time_ps == 0 && r.occurrences == 0);
    if only_empty_idle && !compat.on() {
        rows.clear();
    }
    rows
}

fn idle(ps: i64) -> Op {
    Op {
        name: "IDLE".into(),
        op_type: "IDLE".into(),
        time_ps: ps.max(0),
        self_time_ps: ps.max(0),
        ..Op::default()
    }
}

/// Device ops grouped by framework op, plus IDLE (only when there are device planes).
fn device_framework_ops(db: &DeviceOpDb) -> Vec<Op> {
    let mut ops: Vec<Op> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for d in &db.ops {
        let (name, op_type) = if d.provenance.is_empty() {
            (d.name.clone(), String::new())
        } else {
            let op = parse_tf_op(&d.provenance);
            (op.name.to_owned(), op.op_type.to_owned())
        };
        let i = *index.entry(name.clone()).or_insert_with(|| {
            let op_type = if op_type.is_empty() {
                "Unknown".into()
            } else {
                op_type
            };
            ops.push(Op {
                name,
                op_type,
                ..Op::default()
            });
            ops.len() - 1
        });
        let o = &mut ops[i];
        o.occurrences = o.occurrences.max(d.occurrences);
        o.time_ps += d.time_ps;
        o.self_time_ps += d.self_time_ps;
        o.flops += d.flops;
        o.model_flops += d.model_flops;
        o.bytes += d.bytes_accessed;
        o.eager = d.is_eager;
        o.slices.extend_from_slice(&d.slices);
    }
    if db.kind != super::op_metrics::DeviceKind::CpuOnly {
        ops.push(idle(db.idle_ps()));
    }
    ops
}

/// XProf keeps this many rows of each part (device, host), IDLE included.
const MAX_ROWS_PER_PART: usize = 500;

/// Sorts one part, keeps its first [`MAX_ROWS_PER_PART`] rows and appends them.
fn push_part(
    rows: &mut Vec<FrameworkOpRow>,
    on_device: bool,
    mut ops: Vec<Op>,
    total_ps: i64,
    ridge: f64,
) {
    ops.sort_by(|a, b| {
        b.self_time_ps
            .cmp(&a.self_time_ps)
            .then_with(|| a.name.cmp(&b.name))
    });
    ops.truncate(MAX_ROWS_PER_PART);
    let total_us = ps_to_us(total_ps);
    let mut cumulative = 0.0;
    for o in ops {
        let n = o.occurrences as f64;
        let (total, self_us) = (ps_to_us(o.time_ps), ps_to_us(o.self_time_ps));
        let share = safe_div(self_us, total_us);
        cumulative += share;
        let ns = o.time_ps as f64 / 1e3;
        let intensity = safe_div(o.flops, o.bytes);
        let (device_share, device_cum, host_share, host_cum) = if on_device {
            (share, cumulative, 0.0, 0.0)
        } else {
            (0.0, 0.0, share, cumulative)
        };
        rows.push(FrameworkOpRow {
            rank: rows.len() + 1,
            host_or_device: if on_device { "Device" } else { "Host" },
            op_type: o.op_type,
            operation: o.name,
            occurrences: o.occurrences,
            total_time: total,
            avg_time: safe_div(total, n),
            total_self_time: self_us,
            avg_self_time: safe_div(self_us, n),
            device_total_self_time_percent: device_share,
            device_cumulative_total_self_time_percent: device_cum,
            host_total_self_time_percent: host_share,
            host_cumulative_total_self_time_percent: host_cum,
            measured_flop_rate: safe_div(o.flops, ns),
            model_flop_rate: safe_div(o.model_flops, ns),
            measured_memory_bw: safe_div(o.bytes, ns) * 1e9 / GIB,
            operational_intensity: intensity,
            gpu_tensorcore_utilization: 0.0,
            bound_by: bound_by(o.flops, o.bytes, ridge),
            eager: if o.eager { "Eager" } else { "Function" },
            total_self_time_ps: o.self_time_ps,
            slices: o.slices,
        });
    }
}

/// Bytes in a GiB.
pub const GIB: f64 = 1_073_741_824.0;

/// XProf's verdict from FLOPs, bytes and the HBM ridge point (FLOPs per byte).
pub fn bound_by(flops: f64, bytes: f64, ridge: f64) -> &'static str {
    if bytes > 0.0 {
        if flops / bytes >= ridge && ridge > 0.0 {
            "Compute"
        } else {
            "HBM"
        }
    } else if flops > 0.0 {
        "Compute"
    } else {
        "Unknown"
    }
}
