//! GPU kernel statistics, XProf's `kernel_stats` tool plus percentiles and device share.
//!
//! Sources: XSpace `/device:GPU:*` planes (events with a `kernel_details` stat on lines that
//! are not derived, as XProf reads them) and Chrome/Kineto JSON (slices of category
//! `kernel`, launch parameters from the args `grid`, `block`, `registers per thread`,
//! `shared memory`, `est. achieved occupancy %`). Rows group kernels exactly as XProf does:
//! by (name, grid, block, registers, static and dynamic shared memory, Tensor Core use and
//! eligibility, op name); zero-length kernels are skipped. Rows are sorted by total time,
//! longest first, ties in XProf's key order; XProf keeps the top 1000, so do we.

use super::compat::Compat;
use super::query::{arg, arg_f64, arg_i64, arg_str, is_derived_line, processes_named, ps_to_us};
use super::tf_op::parse_tf_op;
use crate::model::{ArgValue, Format, ProcessId, Ps, SliceId, StrId, Trace};
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
    occupancy_pct: f64,
    durations: Vec<Ps>,
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

/// Kernel statistics of a trace (empty when it has no kernels).
pub fn kernel_stats(trace: &Trace, compat: Compat) -> Vec<KernelRow> {
    let mut acc: HashMap<Key, Acc> = HashMap::new();
    let mut busy_ps: i64 = 0;
    for_each_kernel(trace, &mut busy_ps, |key, launch, slice| {
        let dur = trace.slices.dur[slice.index()];
        let a = acc.entry(key).or_insert_with(|| Acc {
            occupancy_pct: launch.occupancy_pct,
            durations: Vec::new(),
            slices: Vec::new(),
        });
        a.durations.push(dur);
        a.slices.push(slice);
    });
    let mut rows: Vec<(Key, Acc, i64)> = acc
        .into_iter()
        .map(|(k, a)| {
            let total = a.durations.iter().sum();
            (k, a, total)
        })
        .collect();
    rows.sort_by(|a, b| b.2.cmp(&a.2).then_with(|| a.0.cmp(&b.0)));
    rows.truncate(MAX_ROWS);
    rows.into_iter()
        .enumerate()
        .map(|(i, (k, a, total))| make_row(trace, i + 1, k, a, total, busy_ps, compat))
        .collect()
}

fn make_row(
    trace: &Trace,
    rank: usize,
    k: Key,
    mut a: Acc,
    total: i64,
    busy_ps: i64,
    compat: Compat,
) -> KernelRow {
    let n = a.durations.len() as u64;
    let longest = a
        .slices
        .iter()
        .copied()
        .max_by_key(|s| (trace.slices.dur[s.index()], std::cmp::Reverse(s.0)))
        .unwrap_or_default();
    a.durations.sort_unstable();
    let pick = |p: u64| a.durations[((p * n).div_ceil(100).max(1) - 1) as usize];
    let avg_us = if compat.on() {
        // XProf divides whole nanoseconds by the count in integers.
        ((total / 1000) as u64 / n) as f64 / 1e3
    } else {
        total as f64 / n as f64 / 1e6
    };
    let dims = |d: [u32; 3]| format!("{},{},{}", d[0], d[1], d[2]);
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
        min_duration_us: ps_to_us(a.durations[0]),
        max_duration_us: ps_to_us(a.durations[a.durations.len() - 1]),
        p50_duration_us: ps_to_us(pick(50)),
        p90_duration_us: ps_to_us(pick(90)),
        p99_duration_us: ps_to_us(pick(99)),
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

/// Calls `f` for every kernel launch of the trace; adds the busy time of every device (the
/// union of its kernel and copy intervals) to `busy_ps`.
fn for_each_kernel(trace: &Trace, busy_ps: &mut i64, mut f: impl FnMut(Key, Launch, SliceId)) {
    let keys = Keys::new(trace);
    let devices: Vec<ProcessId> = match trace.format {
        Format::Xspace => processes_named(trace, "/device:GPU:")
            .map(|(p, _)| p)
            .collect(),
        _ => (0..trace.processes.len() as u32).map(ProcessId).collect(),
    };
    let mut is_device = vec![false; trace.processes.len()];
    for p in &devices {
        is_device[p.index()] = true;
    }
    let mut busy: Vec<Vec<(Ps, Ps)>> = vec![Vec::new(); trace.processes.len()];
    let s = &trace.slices;
    for i in 0..s.len() {
        let track = s.track[i];
        let process = trace.tracks.process[track.index()];
        if !is_device[process.index()] || s.dur[i] <= 0 {
            continue;
        }
        let launch = match trace.format {
            Format::Xspace => {
                if is_derived_line(trace, track) {
                    continue;
                }
                busy[process.index()].push((s.start[i], s.end(i)));
                arg_str(trace, s.args[i], keys.kernel_details).map(parse_kernel_details)
            }
            _ => {
                let cat = trace.str(trace.categories.name[s.category[i].index()]);
                if is_device_activity(cat) {
                    busy[process.index()].push((s.start[i], s.end(i)));
                }
                cat.eq_ignore_ascii_case("kernel")
                    .then(|| kineto_launch(trace, s.args[i], &keys))
            }
        };
        let Some(launch) = launch else { continue };
        let name = trace.str(s.name[i]).to_owned();
        let uses_tensor_core = is_kernel_using_tensor_core(&name);
        let tf_op = arg_str(trace, s.args[i], keys.tf_op).map(parse_tf_op);
        let (op_name, tensor_core_eligible) = match tf_op {
            Some(op) => {
                let eligible = is_op_tensor_core_eligible(op.name)
                    || arg_str(trace, s.args[i], keys.equation).is_some_and(is_einsum_eligible)
                    || uses_tensor_core;
                (op.name.to_owned(), eligible)
            }
            None => (String::new(), false),
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
        f(key, launch, SliceId(i as u32));
    }
    *busy_ps = busy.iter_mut().map(|v| union_length(v)).sum();
}

/// Kineto categories of device work that occupies a device.
fn is_device_activity(cat: &str) -> bool {
    ["kernel", "gpu_memcpy", "gpu_memset", "memcpy", "memset"]
        .iter()
        .any(|c| cat.eq_ignore_ascii_case(c))
}

/// Total length of the union of `intervals` (sorted in place).
pub fn union_length(intervals: &mut [(Ps, Ps)]) -> i64 {
    intervals.sort_unstable();
    let mut total = 0;
    let mut cur: Option<(Ps, Ps)> = None;
    for &(a, b) in intervals.iter() {
        match &mut cur {
            Some((_, e)) if a <= *e => *e = (*e).max(b),
            _ => {
                if let Some((s, e)) = cur {
                    total += e - s;
                }
                cur = Some((a, b));
            }
        }
    }
    total + cur.map_or(0, |(s, e)| e - s)
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
    fn union_merges_overlaps() {
        let mut v = [(5, 10), (0, 3), (2, 4), (10, 12)];
        assert_eq!(union_length(&mut v), 4 + 7);
    }

    #[test]
    fn tensor_core_names() {
        assert!(is_kernel_using_tensor_core("volta_h884gemm_64x64"));
        assert!(is_kernel_using_tensor_core("sm80_xmma_gemm"));
        assert!(!is_kernel_using_tensor_core("volta_sgemm_128x64_nn"));
    }
}
