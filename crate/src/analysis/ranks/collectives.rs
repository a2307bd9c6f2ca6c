//! The collectives one rank ran, each with what matches it to the same collective on the
//! other ranks.
//!
//! Which events are the collectives, by kind (the first kind present is taken, so that a
//! launch and its execution are not counted twice):
//! 1. XLA ops (a `hlo_op` stat or an XLA-ops line) whose op is an all-reduce, all-gather,
//!    reduce-scatter, all-to-all or collective-permute (also their `-start` halves and JAX's
//!    `psum*`, `pmax*`, `pmin*`, `ppermute*`; never the `-done` halves);
//! 2. NCCL/RCCL kernels on device streams (`nccl*Kernel*`);
//! 3. the backend's own execution spans, `gloo:*` (on Gloo's `pt_gloo_runloop` threads: they
//!    last until the collective completes);
//! 4. `nccl:*` annotations;
//! 5. PyTorch's `record_param_comms`;
//! 6. the launches `c10d::*`.
//!
//! The arrival of a rank is the start of its event. A process that runs several devices
//! (XLA ops with `device_ordinal`) arrives when its last device arrives: per match key the
//! latest start and the latest end of its devices are taken, and `devices` counts them.
//!
//! Match key: the sequence number (`Seq`) with the process group where the event states it;
//! else the run (`run_id`, which XLA gives every device of every process for one execution
//! of a program) with the op name and its ordinal among the rank's events of that name in the
//! run; else the step with the name and the ordinal within the step.

use super::super::query::{arg, arg_u64, value_i64, value_str};
use super::RankStep;
use super::xla_sizes::XlaSizes;
use crate::model::{ArgSetId, ArgValue, Ps, StrId, Trace, TrackRole};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One collective on one rank.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RankCollective {
    /// The collective as the ranks name it alike (`gloo:all_reduce`, `all-reduce.3`,
    /// `allreduce` from `Collective name`).
    pub name: String,
    /// The step whose span holds its start.
    pub step: Option<i64>,
    /// Its position among this rank's collectives of the same name in the same run (or step),
    /// from 0.
    pub ordinal: u32,
    /// The sequence number the event states (per process group).
    pub seq: Option<i64>,
    /// The run that joins the ranks' executions (XLA `run_id`).
    pub group: Option<String>,
    /// The process group as the event states it (its ranks, or its name).
    pub process_group: Option<String>,
    /// Arrival: the start, ps (trace time).
    pub start_ps: Ps,
    /// The end, ps.
    pub end_ps: Ps,
    /// Message size in bytes: where the event states element count and type, else, for an
    /// XLA op, its operands' bytes in the profile's HLO module.
    pub bytes: Option<u64>,
    /// Devices of this process that ran it (1 unless XLA ops name several).
    pub devices: u32,
}

/// The kinds of collective events, best first (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Launch,
    ParamComms,
    NcclAnnotation,
    Backend,
    DeviceKernel,
    Xla,
}

/// Arg keys read, interned once.
struct Keys {
    hlo_op: Option<StrId>,
    program_id: Option<StrId>,
    run_id: Option<StrId>,
    device: Option<StrId>,
    collective_name: Option<StrId>,
    seq: [Option<StrId>; 2],
    pg: [Option<StrId>; 2],
    nelems: Option<StrId>,
    dtype: Option<StrId>,
    dims: Option<StrId>,
    types: Option<StrId>,
}

impl Keys {
    fn of(t: &Trace) -> Keys {
        let k = |s: &str| t.strings.lookup(s);
        Keys {
            hlo_op: k("hlo_op"),
            program_id: k("program_id"),
            run_id: k("run_id"),
            device: k("device_ordinal"),
            collective_name: k("Collective name"),
            seq: [k("Seq"), k("seq")],
            pg: [k("Process Group Ranks"), k("Process Group Name")],
            nelems: k("In msg nelems"),
            dtype: k("dtype"),
            dims: k("Input Dims"),
            types: k("Input type"),
        }
    }
}

/// One candidate event.
struct Found {
    kind: Kind,
    slice: usize,
    name: String,
    device: i64,
    /// The XLA program an XLA op ran in (its `program_id`).
    program: Option<u64>,
}

/// The collectives of `trace`, in start order (see the module doc); `steps` from the same
/// trace give each its step.
pub fn collectives(trace: &Trace, steps: &[RankStep]) -> Vec<RankCollective> {
    let keys = Keys::of(trace);
    let mut found: Vec<Found> = Vec::new();
    let mut best = None;
    for i in 0..trace.slices.len() {
        let Some(f) = classify(trace, &keys, i) else {
            continue;
        };
        if best.is_some_and(|b| f.kind < b) {
            continue;
        }
        if best.is_some_and(|b| f.kind > b) {
            found.clear();
        }
        best = Some(f.kind);
        found.push(f);
    }
    found.sort_by_key(|f| (trace.slices.start[f.slice], f.slice));
    let sizes = XlaSizes::of(
        trace,
        found
            .iter()
            .filter_map(|f| Some((f.program?, f.name.as_str()))),
    );
    combine(trace, &keys, steps, &found, &sizes)
}

/// Whether slice `i` is a collective, and of which kind.
fn classify(t: &Trace, keys: &Keys, i: usize) -> Option<Found> {
    let name = t.str(t.slices.name[i]);
    let set = t.slices.args[i];
    let role = t.tracks.role[t.slices.track[i].index()];
    let hlo_op = arg(t, set, keys.hlo_op).and_then(|v| value_str(t, v));
    let device = || {
        arg(t, set, keys.device)
            .and_then(|v| value_i64(t, v))
            .unwrap_or(i64::from(t.slices.track[i].0))
    };
    let xla_line = matches!(role, TrackRole::XlaOps | TrackRole::XlaAsyncOps);
    if hlo_op.is_some() || xla_line {
        let op = hlo_op.unwrap_or(name);
        return is_xla_collective(op).then(|| Found {
            kind: Kind::Xla,
            slice: i,
            name: op.to_owned(),
            device: device(),
            program: arg_u64(t, set, keys.program_id),
        });
    }
    let stated = || {
        arg(t, set, keys.collective_name)
            .and_then(|v| value_str(t, v))
            .map(str::to_owned)
    };
    let kind = if role == TrackRole::DeviceStream {
        let lower = name.to_ascii_lowercase();
        (lower.starts_with("nccl") || lower.starts_with("rccl")) && lower.contains("kernel")
    } else {
        false
    };
    let (kind, name) = if kind {
        (
            Kind::DeviceKernel,
            stated().unwrap_or_else(|| name.to_owned()),
        )
    } else if name.starts_with("gloo:") {
        (Kind::Backend, name.to_owned())
    } else if name.starts_with("nccl:") {
        (Kind::NcclAnnotation, name.to_owned())
    } else if name == "record_param_comms" {
        (
            Kind::ParamComms,
            stated().unwrap_or_else(|| name.to_owned()),
        )
    } else if name.starts_with("c10d::") {
        (Kind::Launch, name.to_owned())
    } else {
        return None;
    };
    Some(Found {
        kind,
        slice: i,
        name,
        device: 0,
        program: None,
    })
}

/// Whether an HLO op name is a collective's (see the module doc).
fn is_xla_collective(op: &str) -> bool {
    const OPS: [&str; 13] = [
        "all-reduce",
        "all-gather",
        "reduce-scatter",
        "all-to-all",
        "collective-permute",
        "collective-broadcast",
        "all_reduce",
        "all_gather",
        "reduce_scatter",
        "psum",
        "pmax",
        "pmin",
        "ppermute",
    ];
    OPS.iter().any(|p| op.starts_with(p)) && !op.contains("-done") && !op.contains("_done")
}

/// Groups events into collectives per match key, combining devices (see the module doc).
fn combine(
    t: &Trace,
    keys: &Keys,
    steps: &[RankStep],
    found: &[Found],
    sizes: &XlaSizes,
) -> Vec<RankCollective> {
    let mut by_start: Vec<&RankStep> = steps.iter().collect();
    by_start.sort_by_key(|s| s.start_ps);
    let step_of = |at: Ps| {
        let k = by_start.partition_point(|s| s.start_ps <= at);
        k.checked_sub(1)
            .map(|k| by_start[k])
            .filter(|s| at < s.start_ps + s.time_ps.max(1))
            .map(|s| s.step)
    };
    // Ordinal per (device, run or step, name).
    let mut ordinals: BTreeMap<(i64, Option<String>, Option<i64>, String), u32> = BTreeMap::new();
    let mut merged: BTreeMap<(Option<String>, Option<i64>, String, u32), RankCollective> =
        BTreeMap::new();
    for f in found {
        let i = f.slice;
        let set = t.slices.args[i];
        let (start, end) = (t.slices.start[i], t.slices.start[i] + t.slices.dur[i]);
        let group = arg(t, set, keys.run_id)
            .and_then(|v| value_i64(t, v))
            .map(|r| r.to_string());
        let step = step_of(start);
        let scope_step = if group.is_some() { None } else { step };
        let ord = ordinals
            .entry((f.device, group.clone(), scope_step, f.name.clone()))
            .or_default();
        let ordinal = *ord;
        *ord += 1;
        let seq = keys
            .seq
            .iter()
            .find_map(|&k| arg(t, set, k).and_then(|v| value_i64(t, v)));
        let process_group = keys
            .pg
            .iter()
            .find_map(|&k| arg(t, set, k).and_then(|v| value_str(t, v)))
            .map(str::to_owned);
        let bytes = message_bytes(t, keys, set).or_else(|| sizes.get(f.program?, &f.name));
        merged
            .entry((group.clone(), scope_step, f.name.clone(), ordinal))
            .and_modify(|c| {
                c.start_ps = c.start_ps.max(start);
                c.end_ps = c.end_ps.max(end);
                c.devices += 1;
                c.bytes = c.bytes.or(bytes);
            })
            .or_insert(RankCollective {
                name: f.name.clone(),
                step,
                ordinal,
                seq,
                group,
                process_group,
                start_ps: start,
                end_ps: end,
                bytes,
                devices: 1,
            });
    }
    let mut out: Vec<RankCollective> = merged.into_values().collect();
    out.sort_by(|a, b| (a.start_ps, &a.name, a.ordinal).cmp(&(b.start_ps, &b.name, b.ordinal)));
    out
}

/// The message size: `In msg nelems` × `dtype`, else the elements of `Input Dims` × the size
/// of the first `Input type`.
fn message_bytes(t: &Trace, keys: &Keys, set: ArgSetId) -> Option<u64> {
    let text = |v: ArgValue| value_str(t, v).map(str::to_owned);
    if let (Some(n), Some(d)) = (
        arg(t, set, keys.nelems).and_then(|v| value_i64(t, v)),
        arg(t, set, keys.dtype).and_then(text),
    ) {
        return dtype_bytes(&d).and_then(|b| u64::try_from(n).ok().map(|n| n * b));
    }
    let dims: serde_json::Value =
        serde_json::from_str(&arg(t, set, keys.dims).and_then(text)?).ok()?;
    let types: serde_json::Value =
        serde_json::from_str(&arg(t, set, keys.types).and_then(text)?).ok()?;
    let size = dtype_bytes(types.get(0)?.as_str()?)?;
    Some(elements(dims.get(0)?)? * size)
}

/// Elements of a shape `[a, b]`, or of a list of shapes `[[a], [b, c]]` (summed).
fn elements(dims: &serde_json::Value) -> Option<u64> {
    let items = dims.as_array()?;
    if items.iter().all(serde_json::Value::is_u64) {
        return Some(items.iter().filter_map(serde_json::Value::as_u64).product());
    }
    items.iter().map(elements).sum()
}

/// Bytes of one element of a dtype as PyTorch names it (`float`, `c10::BFloat16`, `Half`).
fn dtype_bytes(dtype: &str) -> Option<u64> {
    let d = dtype.to_ascii_lowercase();
    let d = d
        .trim_start_matches("c10::")
        .trim_start_matches("torch.")
        .trim_start_matches("at::");
    Some(match d {
        "float" | "float32" | "int" | "int32" | "uint32" => 4,
        "double" | "float64" | "long" | "int64" | "uint64" | "complexfloat" => 8,
        "half" | "float16" | "bfloat16" | "short" | "int16" | "uint16" => 2,
        "char" | "byte" | "bool" | "int8" | "uint8" | "float8_e4m3fn" | "float8_e5m2" => 1,
        "complexdouble" => 16,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xla_collective_names() {
        for op in [
            "all-reduce",
            "all-reduce.3",
            "psum_invariant.63",
            "all-gather-start.1",
            "reduce-scatter",
        ] {
            assert!(is_xla_collective(op), "{op}");
        }
        for op in ["all-reduce-done", "fusion.1", "dot.2", "all-gather-done.1"] {
            assert!(!is_xla_collective(op), "{op}");
        }
    }

    #[test]
    fn shapes_and_types() {
        let v: serde_json::Value = serde_json::from_str("[[263168]]").unwrap();
        assert_eq!(elements(&v[0]), Some(263168));
        let v: serde_json::Value = serde_json::from_str("[[[4], [2, 3]], []]").unwrap();
        assert_eq!(elements(&v[0]), Some(10));
        assert_eq!(dtype_bytes("c10::BFloat16"), Some(2));
        assert_eq!(dtype_bytes("Float"), Some(4));
        assert_eq!(dtype_bytes("TensorList"), None);
    }
}
