//! GPU kernel statistics, XProf's `kernel_stats` tool plus percentiles and device share.
//!
//! Sources: the streams of GPUs. A kernel is a slice with a `kernel_details` stat (XSpace,
//! as XProf reads them) or of category `kernel` (Kineto, launch parameters from the args
//! `grid`, `block`, `registers per thread`, `shared memory`, `est. achieved occupancy %`).
//! Rows group kernels exactly as XProf does: by (name, grid, block, registers, static and
//! dynamic shared memory, Tensor Core use and eligibility, op name); zero-length kernels are
//! skipped. Rows are sorted by total time, longest first, ties in XProf's key order; XProf
//! keeps the top 1000, so do we.
//!
//! The op name is the framework op the kernel states (`tf_op`); without one (Kineto),
//! outside `--xprof-compat`, the innermost framework op that enclosed its launch on the host
//! ([`super::launch_ops`]: `aten::conv2d` for a cuDNN kernel).

use super::compat::Compat;
use super::intervals::union_length;
use super::launch_ops::LaunchOps;
use super::query::{
    arg, arg_f64, arg_i64, arg_str, args_of, device_work_categories, is_gpu_stream, ps_to_us,
    value_str_id,
};
use super::tf_op::parse_tf_op;
use crate::model::{ArgSetId, ArgValue, Ps, SliceId, StrId, Trace};
use hashbrown::HashMap;
use serde::Serialize;

/// XProf keeps this many rows.
const MAX_ROWS: usize = 1000;

/// What identifies a row (XProf's kernel report key).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Key {
    name: String,
    grid: [u32; 3],
    block: [u32; 3],
    registers: u32,
    static_shmem: u32,
    dynamic_shmem: u32,
    uses_tensor_core: bool,
    tensor_core_eligible: bool,
    op_name: String,
}

/// One row of `planeview kernels --json`: XProf's column ids plus our extras.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct KernelRow {
    /// 1-based position in the sorted table.
    pub rank: usize,
    /// Kernel name as the profile states it.
    pub kernel_name: String,
    /// Registers per thread.
    pub registers_per_thread: u32,
    /// Static plus dynamic shared memory in bytes.
    pub shmem_bytes: u64,
    /// Static shared memory in bytes.
    pub static_shmem_bytes: u32,
    /// Dynamic shared memory in bytes.
    pub dynamic_shmem_bytes: u32,
    /// `"x,y,z"`.
    pub block_dim: String,
    /// `"x,y,z"`.
    pub grid_dim: String,
    /// Occupancy in percent as the profile states it (0 if absent).
    pub occupancy_pct: f64,
    /// Whether the framework op could use Tensor Cores.
    pub is_op_tensor_core_eligible: bool,
    /// Whether the kernel uses Tensor Cores (judged from its name, as XProf does).
    pub is_kernel_using_tensor_core: bool,
    /// Framework op that launched it (empty when unknown).
    pub op_name: String,
    /// Number of launches.
    pub occurrences: u64,
    /// Sum of durations, µs.
    pub total_duration_us: f64,
    /// Mean duration, µs.
    pub avg_duration_us: f64,
    /// Shortest, µs.
    pub min_duration_us: f64,
    /// Longest, µs.
    pub max_duration_us: f64,
    /// Median (nearest rank), µs.
    pub p50_duration_us: f64,
    /// 90th percentile (nearest rank), µs.
    pub p90_duration_us: f64,
    /// 99th percentile (nearest rank), µs.
    pub p99_duration_us: f64,
    /// Share of device busy time (the union of kernel and memcpy intervals of all devices), %.
    pub device_busy_pct: f64,
    /// Exact sum of durations, ps.
    pub total_duration_ps: i64,
    /// The longest launch (for "jump to the longest").
    #[serde(skip)]
    pub longest: SliceId,
    /// Every launch.
    #[serde(skip)]
    pub slices: Vec<SliceId>,
}

/// Accumulates one row.
#[derive(Debug)]
struct Acc {
    key: Key,
    occupancy_pct: f64,
    /// Sum of the launches' durations.
    total: Ps,
    slices: Vec<SliceId>,
}

/// Launch parameters of one kernel.
#[derive(Debug, Default)]
struct Launch {
    registers: u32,
    static_shmem: u32,
    dynamic_shmem: u32,
    grid: [u32; 3],
    block: [u32; 3],
    occupancy_pct: f64,
}

/// What decides a launch's row, as interned ids: with `kernel_details` (XSpace) the name and
/// the `kernel_details`, `tf_op` and `equation` strings; else (Kineto) the name and the arg
/// set; and the name of the op that launched it, when that names the op.
/// Launches with equal raw keys have equal [`Key`]s, so each raw key is parsed once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct RawKey {
    name: StrId,
    parts: [Option<StrId>; 3],
    set: ArgSetId,
    launched_by: Option<StrId>,
}

/// Kernel statistics of a trace (empty when it has no kernels).
pub fn kernel_stats(trace: &Trace, compat: Compat) -> Vec<KernelRow> {
    let mut rows: Vec<Acc> = Vec::new();
    let mut by_key: HashMap<Key, usize> = HashMap::new();
    let mut by_raw: HashMap<RawKey, usize> = HashMap::new();
    let keys = Keys::new(trace);
    let busy_ps = for_each_kernel(trace, &keys, compat, |raw, slice| {
        let row = *by_raw.entry(raw).or_insert_with(|| {
            let (key, launch) = full_key(trace, &keys, raw);
            if let Some(&row) = by_key.get(&key) {
                return row;
            }
            by_key.insert(key.clone(), rows.len());
            rows.push(Acc {
                key,
                occupancy_pct: launch.occupancy_pct,
                total: 0,
                slices: Vec::new(),
            });
            rows.len() - 1
        });
        let a = &mut rows[row];
        a.total += trace.slices.dur[slice.index()];
        a.slices.push(slice);
    });
    rows.sort_by(|a, b| b.total.cmp(&a.total).then_with(|| a.key.cmp(&b.key)));
    rows.truncate(MAX_ROWS);
    rows.into_iter()
        .enumerate()
        .map(|(i, a)| make_row(trace, i + 1, a, busy_ps, compat))
        .collect()
}

fn make_row(trace: &Trace, rank: usize, a: Acc, busy_ps: i64, compat: Compat) -> KernelRow {
    let total = a.total;
    let mut durations: Vec<Ps> = a
        .slices
        .iter()
        .map(|s| trace.slices.dur[s.index()])
        .collect();
    let n = durations.len() as u64;
    let longest = a
        .slices
        .iter()
        .copied()
        .max_by_key(|s| (trace.slices.dur[s.index()], std::cmp::Reverse(s.0)))
        .unwrap_or_default();
    let [p50, p90, p99] = percentiles(&mut durations, [50, 90, 99]);
    let min = durations.iter().copied().min().unwrap_or(0);
    let max = durations.iter().copied().max().unwrap_or(0);
    let avg_us = if compat.on() {
        // XProf divides whole nanoseconds by the count in integers.
        ((total / 1000) as u64 / n) as f64 / 1e3
    } else {
        total as f64 / n as f64 / 1e6
    };
    let dims = |d: [u32; 3]| format!("{},{},{}", d[0], d[1], d[2]);
    let k = a.key;
    KernelRow {
        rank,
        registers_per_thread: k.registers,
        shmem_bytes: u64::from(k.static_shmem) + u64::from(k.dynamic_shmem),
        static_shmem_bytes: k.static_shmem,
        dynamic_shmem_bytes: k.dynamic_shmem,
        block_dim: dims(k.block),
        grid_dim: dims(k.grid),
        occupancy_pct: a.occupancy_pct,
        is_op_tensor_core_eligible: k.tensor_core_eligible,
        is_kernel_using_tensor_core: k.uses_tensor_core,
        occurrences: n,
        total_duration_us: ps_to_us(total),
        avg_duration_us: avg_us,
        min_duration_us: ps_to_us(min),
        max_duration_us: ps_to_us(max),
        p50_duration_us: ps_to_us(p50),
        p90_duration_us: ps_to_us(p90),
        p99_duration_us: ps_to_us(p99),
        device_busy_pct: if busy_ps > 0 {
            100.0 * total as f64 / busy_ps as f64
        } else {
            0.0
        },
        total_duration_ps: total,
        kernel_name: k.name,
        op_name: k.op_name,
        longest,
        slices: a.slices,
    }
}

/// Nearest-rank percentiles `ps` (ascending, each in 1..=100) of non-empty `v`, which is
/// reordered. Selects each rank within the part below the previous one instead of sorting.
fn percentiles<const N: usize>(v: &mut [Ps], ps: [u64; N]) -> [Ps; N] {
    let n = v.len() as u64;
    let mut out = [0; N];
    let mut end = v.len();
    for (slot, &p) in out.iter_mut().zip(&ps).rev() {
        let rank = ((p * n).div_ceil(100).max(1) - 1) as usize;
        let (_, &mut x, _) = v[..end].select_nth_unstable(rank);
        *slot = x;
        end = rank + 1;
    }
    out
}

/// Calls `f` for every kernel launch of the trace, in slice order, with its raw key; returns
/// the busy time of all devices (per device the union of its kernel and copy intervals).
fn for_each_kernel(
    trace: &Trace,
    keys: &Keys,
    compat: Compat,
    mut f: impl FnMut(RawKey, SliceId),
) -> i64 {
    let work = device_work_categories(trace);
    let is_kernel: Vec<bool> = (0..trace.categories.name.len())
        .map(|c| {
            trace
                .str(trace.categories.name[c])
                .eq_ignore_ascii_case("kernel")
        })
        .collect();
    let launches = (!compat.on()).then(|| LaunchOps::new(trace));
    let mut busy: Vec<Vec<(Ps, Ps)>> = vec![Vec::new(); trace.processes.len()];
    let s = &trace.slices;
    for i in 0..s.len() {
        let track = s.track[i].index();
        if !is_gpu_stream(trace, track) || s.dur[i] <= 0 {
            continue;
        }
        let category = s.category[i].index();
        if work[category] {
            busy[trace.tracks.process[track].index()].push((s.start[i], s.end(i)));
        }
        let [details, tf_op, equation] = args_of(
            trace,
            s.args[i],
            [keys.kernel_details, keys.tf_op, keys.equation],
        )
        .map(|v| v.and_then(value_str_id));
        let launched_by = match &launches {
            Some(l) if tf_op.is_none() => l.op_of(trace, i).map(|op| s.name[op]),
            _ => None,
        };
        let raw = if details.is_some() {
            RawKey {
                name: s.name[i],
                parts: [details, tf_op, equation],
                set: ArgSetId::NONE,
                launched_by,
            }
        } else if is_kernel[category] {
            RawKey {
                name: s.name[i],
                parts: [None; 3],
                set: s.args[i],
                launched_by,
            }
        } else {
            continue;
        };
        f(raw, SliceId(i as u32));
    }
    busy.into_iter().map(union_length).sum()
}

/// The row key and launch parameters of launches with raw key `raw`.
fn full_key(trace: &Trace, keys: &Keys, raw: RawKey) -> (Key, Launch) {
    let (launch, tf_op, equation) = match raw.parts {
        [Some(details), tf_op, equation] => (
            parse_kernel_details(trace.str(details)),
            tf_op.map(|s| trace.str(s)),
            equation.map(|s| trace.str(s)),
        ),
        _ => (
            kineto_launch(trace, raw.set, keys),
            arg_str(trace, raw.set, keys.tf_op),
            arg_str(trace, raw.set, keys.equation),
        ),
    };
    let name = trace.str(raw.name).to_owned();
    let uses_tensor_core = is_kernel_using_tensor_core(&name);
    let (op_name, tensor_core_eligible) = match (tf_op.map(parse_tf_op), raw.launched_by) {
        (Some(op), _) => {
            let eligible = is_op_tensor_core_eligible(op.name)
                || equation.is_some_and(is_einsum_eligible)
                || uses_tensor_core;
            (op.name.to_owned(), eligible)
        }
        (None, Some(op)) => (trace.str(op).to_owned(), false),
        (None, None) => (String::new(), false),
    };
    let key = Key {
        name,
        grid: launch.grid,
        block: launch.block,
        registers: launch.registers,
        static_shmem: launch.static_shmem,
        dynamic_shmem: launch.dynamic_shmem,
        uses_tensor_core,
        tensor_core_eligible,
        op_name,
    };
    (key, launch)
}

/// Interned arg keys the kernel analysis reads.
#[derive(Debug)]
struct Keys {
    kernel_details: Option<StrId>,
    tf_op: Option<StrId>,
    equation: Option<StrId>,
    grid: Option<StrId>,
    block: Option<StrId>,
    registers: Option<StrId>,
    shared: Option<StrId>,
    occupancy: Option<StrId>,
}

impl Keys {
    fn new(trace: &Trace) -> Self {
        let k = |s: &str| trace.strings.lookup(s);
        Keys {
            kernel_details: k("kernel_details"),
            tf_op: k("tf_op"),
            equation: k("equation"),
            grid: k("grid"),
            block: k("block"),
            registers: k("registers per thread"),
            shared: k("shared memory"),
            occupancy: k("est. achieved occupancy %"),
        }
    }
}

/// Parses XSpace `kernel_details` (`regs:N static_shared:N dynamic_shared:N grid:x,y,z
/// block:x,y,z occ_pct:F`, space or newline separated) as XProf does: unknown or malformed
/// tokens are ignored, dimensions default to 1.
fn parse_kernel_details(text: &str) -> Launch {
    let mut l = Launch {
        grid: [1; 3],
        block: [1; 3],
        ..Launch::default()
    };
    for token in text.split([' ', '\n']) {
        let mut kv = token.split(':');
        let (Some(key), Some(value), None) = (kv.next(), kv.next(), kv.next()) else {
            continue;
        };
        match key {
            "regs" => set_u32(&mut l.registers, value),
            "static_shared" => set_u32(&mut l.static_shmem, value),
            "dynamic_shared" => set_u32(&mut l.dynamic_shmem, value),
            "grid" => set_dims(&mut l.grid, value),
            "block" => set_dims(&mut l.block, value),
            "occ_pct" => {
                if let Ok(v) = value.parse() {
                    l.occupancy_pct = v;
                }
            }
            _ => {}
        }
    }
    l
}

fn set_u32(slot: &mut u32, text: &str) {
    if let Ok(v) = text.parse() {
        *slot = v;
    }
}

fn set_dims(slot: &mut [u32; 3], text: &str) {
    let parts: Vec<Option<u32>> = text.split(',').map(|p| p.parse().ok()).collect();
    if let [Some(x), Some(y), Some(z)] = parts[..] {
        *slot = [x, y, z];
    }
}

/// Launch parameters from Kineto kernel args. Kineto's `shared memory` is the total; it is
/// reported as static (Kineto does not split it). Occupancy is Kineto's estimate.
fn kineto_launch(trace: &Trace, set: crate::model::ArgSetId, keys: &Keys) -> Launch {
    let dims = |key| match arg(trace, set, key) {
        Some(ArgValue::Json(s)) => {
            let mut d = [1u32; 3];
            set_dims(
                &mut d,
                trace
                    .str(s)
                    .trim_matches(['[', ']'])
                    .replace(' ', "")
                    .as_str(),
            );
            d
        }
        _ => [1; 3],
    };
    let small = |key| {
        arg_i64(trace, set, key)
            .and_then(|v| u32::try_from(v).ok())
            .unwrap_or(0)
    };
    Launch {
        registers: small(keys.registers),
        static_shmem: small(keys.shared),
        dynamic_shmem: 0,
        grid: dims(keys.grid),
        block: dims(keys.block),
        occupancy_pct: arg_f64(trace, set, keys.occupancy).unwrap_or(0.0),
    }
}

/// XProf's test for Tensor Core kernels, from the kernel name.
fn is_kernel_using_tensor_core(name: &str) -> bool {
    const PREFIXES: [&str; 12] = [
        "volta_i884",
        "volta_h884",
        "volta_s884",
        "volta_fp16_i884",
        "volta_fp16_h884",
        "volta_fp16_s884",
        "turing_i1688",
        "turing_h1688",
        "turing_s1688",
        "turing_fp16_i1688",
        "turing_fp16_h1688",
        "turing_fp16_s1688",
    ];
    PREFIXES.iter().any(|p| name.starts_with(p)) || name.contains("hmma") || name.contains("xmma")
}

/// XProf's test whether a TensorFlow op can use Tensor Cores, from its name.
fn is_op_tensor_core_eligible(op_name: &str) -> bool {
    const ENDS: [&str; 12] = [
        "Conv2D",
        "Conv2DBackpropFilter",
        "Conv2DBackpropInput",
        "Conv3D",
        "DepthwiseConv2dNative",
        "DepthwiseConv2dNativeBackpropFilter",
        "DepthwiseConv2dNativeBackpropInput",
        "/MatMul",
        "FusedMatMul",
        "/CudnnRNN",
        "XlaDot",
        "XlaDotV2",
    ];
    const CONTAINS: [&str; 4] = [
        "BatchMatMul",
        "CudnnRNNV",
        "CudnnRNNForward",
        "CudnnRNNBackprop",
    ];
    ENDS.iter().any(|e| op_name.ends_with(e)) || CONTAINS.iter().any(|c| op_name.contains(c))
}

/// An einsum can use Tensor Cores when its equation is `lhs,rhs->out`.
fn is_einsum_eligible(equation: &str) -> bool {
    let parts: Vec<&str> = equation.split("->").collect();
    parts.len() == 2 && parts[0].split(',').count() == 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kernel_details_parse_like_xprof() {
        let l = parse_kernel_details("regs:38 shm:0 grid:160,1,1 block:1024,1,1");
        assert_eq!(
            (l.registers, l.static_shmem, l.grid, l.block),
            (38, 0, [160, 1, 1], [1024, 1, 1])
        );
        let l = parse_kernel_details("static_shared:16\ndynamic_shared:8 grid:1,2 occ_pct:50.5");
        assert_eq!(
            (l.static_shmem, l.dynamic_shmem, l.grid, l.occupancy_pct),
            (16, 8, [1, 1, 1], 50.5)
        );
    }

    #[test]
    fn percentiles_are_nearest_rank() {
        let mut v: Vec<Ps> = (1..=200).rev().collect();
        assert_eq!(percentiles(&mut v, [50, 90, 99]), [100, 180, 198]);
        assert_eq!(percentiles(&mut [7], [50, 90, 99]), [7, 7, 7]);
    }

    #[test]
    fn tensor_core_names() {
        assert!(is_kernel_using_tensor_core("volta_h884gemm_64x64"));
        assert!(is_kernel_using_tensor_core("sm80_xmma_gemm"));
        assert!(!is_kernel_using_tensor_core("volta_sgemm_128x64_nn"));
    }
}
