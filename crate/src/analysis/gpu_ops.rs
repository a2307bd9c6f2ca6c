//! GPU time per operator, PyTorch's view of where device time goes: each framework op (by
//! name: `aten::conv2d`, `aten::addmm`, a TensorFlow op) with the device time of the work it
//! launched. Each piece of GPU work (kernels, copies and memsets on GPU streams; annotations
//! left out) is charged to the innermost framework op that enclosed its launch on the host
//! ([`super::launch_ops`]: the `cudaLaunchKernel` found through the work's `correlation` /
//! `ac2g` arrow, then the deepest operator slice around it). An op that launches through a
//! child op (`aten::conv2d` → `aten::cudnn_convolution`) is charged nothing for what the
//! child launched. Work no op launched is left out of the rows.
//!
//! Keys of a row: `operation`, `occurrences` (the op's slices that launched work),
//! `kernels` (pieces of work launched), `total_device_time_us`, `avg_device_time_us` (per
//! occurrence), `device_time_percent` (share of all GPU work time, attributed or not) and
//! `total_device_time_ps`. Rows are sorted by device time, longest first, then by name.

use super::launch_ops::LaunchOps;
use super::query::{device_work_categories, is_gpu_stream, ps_to_us, safe_div};
use crate::model::{SliceId, StrId, Trace};
use hashbrown::{HashMap, HashSet};
use serde::Serialize;

/// One row of `planeview gpu-ops --json`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct GpuOpRow {
    /// 1-based position.
    pub rank: usize,
    /// The framework op's name.
    pub operation: String,
    /// The op's occurrences (slices) that launched GPU work.
    pub occurrences: u64,
    /// Pieces of GPU work launched (kernels, copies, memsets).
    pub kernels: u64,
    /// Device time of that work, µs.
    pub total_device_time_us: f64,
    /// Device time per occurrence, µs.
    pub avg_device_time_us: f64,
    /// Share of all GPU work time, %.
    pub device_time_percent: f64,
    /// Exact device time, ps.
    pub total_device_time_ps: i64,
    /// The op's occurrences, then the work they launched.
    #[serde(skip)]
    pub slices: Vec<SliceId>,
}

/// One op before ranking.
#[derive(Debug, Default)]
struct Acc {
    name: StrId,
    occurrences: HashSet<usize>,
    ops: Vec<SliceId>,
    work: Vec<SliceId>,
    time_ps: i64,
}

/// The table (empty without GPU work that an op launched).
pub fn gpu_ops(trace: &Trace) -> Vec<GpuOpRow> {
    let work = device_work_categories(trace);
    let launches = LaunchOps::new(trace);
    let mut by_name: HashMap<StrId, usize> = HashMap::new();
    let mut accs: Vec<Acc> = Vec::new();
    let mut all_work_ps = 0i64;
    let s = &trace.slices;
    for i in 0..s.len() {
        let track = s.track[i].index();
        if !is_gpu_stream(trace, track) || !work[s.category[i].index()] {
            continue;
        }
        all_work_ps += s.dur[i];
        let Some(op) = launches.op_of(trace, i) else {
            continue;
        };
        let k = *by_name.entry(s.name[op]).or_insert_with(|| {
            accs.push(Acc {
                name: s.name[op],
                ..Acc::default()
            });
            accs.len() - 1
        });
        let a = &mut accs[k];
        if a.occurrences.insert(op) {
            a.ops.push(SliceId(op as u32));
        }
        a.work.push(SliceId(i as u32));
        a.time_ps += s.dur[i];
    }
    accs.sort_by(|a, b| {
        b.time_ps
            .cmp(&a.time_ps)
            .then_with(|| trace.str(a.name).cmp(trace.str(b.name)))
    });
    accs.into_iter()
        .enumerate()
        .map(|(rank, a)| {
            let n = a.ops.len() as u64;
            let total = ps_to_us(a.time_ps);
            let mut slices = a.ops;
            let kernels = a.work.len() as u64;
            slices.extend(a.work);
            GpuOpRow {
                rank: rank + 1,
                operation: trace.str(a.name).to_owned(),
                occurrences: n,
                kernels,
                total_device_time_us: total,
                avg_device_time_us: safe_div(total, n as f64),
                device_time_percent: 100.0 * safe_div(a.time_ps as f64, all_work_ps as f64),
                total_device_time_ps: a.time_ps,
                slices,
            }
        })
        .collect()
}
