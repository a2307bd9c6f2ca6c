//! Small read helpers the analyses share: args by key, the slices of a track, the tracks and
//! processes of a role, and which categories mark device work and framework operators.

use crate::model::{ArgSetId, ArgValue, ProcessId, ProcessRole, StrId, Trace, TrackId, TrackRole};

/// Whether track `track` is a stream of a GPU (where kernels, copies and memsets run).
pub fn is_gpu_stream(trace: &Trace, track: usize) -> bool {
    let process = trace.tracks.process[track].index();
    trace.processes.role[process] == ProcessRole::Gpu
        && trace.tracks.role[track] == TrackRole::DeviceStream
}

/// The first value of arg `key` in `set`, or `None` (also when `key` was never interned).
pub fn arg(trace: &Trace, set: ArgSetId, key: Option<StrId>) -> Option<ArgValue> {
    trace.args.find(set, key?)
}

/// The values of `keys` in `set`, as [`arg`] finds them.
pub fn args_of<const N: usize>(
    trace: &Trace,
    set: ArgSetId,
    keys: [Option<StrId>; N],
) -> [Option<ArgValue>; N] {
    keys.map(|k| arg(trace, set, k))
}

/// An arg as text (a string value; `None` for other types).
pub fn arg_str(trace: &Trace, set: ArgSetId, key: Option<StrId>) -> Option<&str> {
    value_str(trace, arg(trace, set, key)?)
}

/// A value as text (strings and JSON text; `None` for other types).
pub fn value_str(trace: &Trace, v: ArgValue) -> Option<&str> {
    value_str_id(v).map(|s| trace.str(s))
}

/// The interned text of a string or JSON value.
pub fn value_str_id(v: ArgValue) -> Option<StrId> {
    match v {
        ArgValue::Str(s) | ArgValue::Json(s) => Some(s),
        _ => None,
    }
}

/// An arg as an integer (ints, unsigned ints that fit, booleans; floats with no fraction).
pub fn arg_i64(trace: &Trace, set: ArgSetId, key: Option<StrId>) -> Option<i64> {
    value_i64(trace, arg(trace, set, key)?)
}

/// A value as an integer, as [`arg_i64`] reads it.
pub fn value_i64(trace: &Trace, v: ArgValue) -> Option<i64> {
    match v {
        ArgValue::Int(v) => Some(v),
        ArgValue::Uint(v) => i64::try_from(v).ok(),
        ArgValue::Bool(v) => Some(i64::from(v)),
        ArgValue::Float(v) if v.fract() == 0.0 && v.abs() < 9.0e15 => Some(v as i64),
        ArgValue::Str(s) => trace.str(s).trim().parse().ok(),
        _ => None,
    }
}

/// An arg as an unsigned 64-bit integer (program ids may exceed `i64`).
pub fn arg_u64(trace: &Trace, set: ArgSetId, key: Option<StrId>) -> Option<u64> {
    match arg(trace, set, key)? {
        ArgValue::Uint(v) => Some(v),
        ArgValue::Int(v) => u64::try_from(v).ok(),
        ArgValue::Str(s) => trace.str(s).trim().parse().ok(),
        _ => None,
    }
}

/// An arg as a float (any numeric value).
pub fn arg_f64(trace: &Trace, set: ArgSetId, key: Option<StrId>) -> Option<f64> {
    match arg(trace, set, key)? {
        ArgValue::Int(v) => Some(v as f64),
        ArgValue::Uint(v) => Some(v as f64),
        ArgValue::Float(v) => Some(v),
        ArgValue::Bool(v) => Some(f64::from(u8::from(v))),
        ArgValue::Str(s) => trace.str(s).trim().parse().ok(),
        _ => None,
    }
}

/// Every slice of `track`, lane by lane (each lane in start order).
pub fn track_slices(trace: &Trace, track: TrackId) -> impl Iterator<Item = usize> + '_ {
    trace
        .index
        .lanes_of(track)
        .iter()
        .flat_map(|lane| lane.range())
}

/// The slices of `track` in the order a profiler writes them: by start, and for equal
/// starts the longer (enclosing) one first.
pub fn track_slices_in_order(trace: &Trace, track: TrackId) -> Vec<usize> {
    let mut v: Vec<usize> = track_slices(trace, track).collect();
    let s = &trace.slices;
    v.sort_by_key(|&i| (s.start[i], std::cmp::Reverse(s.dur[i]), s.lane[i]));
    v
}

/// The tracks of each process, indexed by `ProcessId`, in track id order.
pub fn tracks_by_process(trace: &Trace) -> Vec<Vec<TrackId>> {
    let mut out = vec![Vec::new(); trace.processes.len()];
    for (i, p) in trace.tracks.process.iter().enumerate() {
        out[p.index()].push(TrackId(i as u32));
    }
    out
}

/// The processes of role `role`, in process id order.
pub fn processes_with_role(
    trace: &Trace,
    role: ProcessRole,
) -> impl Iterator<Item = ProcessId> + '_ {
    (0..trace.processes.len())
        .filter(move |&i| trace.processes.role[i] == role)
        .map(|i| ProcessId(i as u32))
}

/// The role of the process that holds `track`.
pub fn process_role_of(trace: &Trace, track: TrackId) -> ProcessRole {
    trace.processes.role[trace.tracks.process[track.index()].index()]
}

/// Per category: whether slices of that category on a device stream are work the device
/// ran (kernels, copies, memsets) rather than annotations of it. Uncategorised slices (as
/// XSpace events are) are work; of categorised ones, Kineto's kernel, memcpy and memset
/// categories and MTIA's device events.
pub fn device_work_categories(trace: &Trace) -> Vec<bool> {
    const WORK: [&str; 6] = [
        "kernel",
        "gpu_memcpy",
        "gpu_memset",
        "memcpy",
        "memset",
        "mtia_ccp_events",
    ];
    trace
        .categories
        .name
        .iter()
        .enumerate()
        .map(|(c, &name)| {
            let name = trace.str(name);
            c == 0 || WORK.iter().any(|w| name.eq_ignore_ascii_case(w))
        })
        .collect()
}

/// Per category: whether it marks framework operators (PyTorch's `cpu_op`, Kineto 2021's
/// `Operator`).
pub fn operator_categories(trace: &Trace) -> Vec<bool> {
    trace
        .categories
        .name
        .iter()
        .map(|&name| {
            let name = trace.str(name);
            name.eq_ignore_ascii_case("cpu_op") || name.eq_ignore_ascii_case("operator")
        })
        .collect()
}

/// Picoseconds as XProf's microsecond floats.
pub fn ps_to_us(ps: i64) -> f64 {
    ps as f64 / 1e6
}

/// `a / b`, or 0 when `b` is 0 (XProf's `SafeDivide`).
pub fn safe_div(a: f64, b: f64) -> f64 {
    if b == 0.0 { 0.0 } else { a / b }
}

/// The name XProf gives slice `i`: for XSpace the event metadata's `name` (kept in the
/// `long_name` arg when the slice shows a shorter display name), else the slice's name.
pub fn xprof_name(trace: &Trace, long_name: Option<StrId>, i: usize) -> &str {
    arg_str(trace, trace.slices.args[i], long_name)
        .unwrap_or_else(|| trace.str(trace.slices.name[i]))
}

/// The interned name XProf gives slice `i` (see [`xprof_name`]), given the value of its
/// `long_name` arg.
pub fn xprof_name_id(trace: &Trace, long_name: Option<ArgValue>, i: usize) -> StrId {
    long_name
        .and_then(value_str_id)
        .unwrap_or(trace.slices.name[i])
}

/// The interned key of the `long_name` arg, if any slice has one.
pub fn long_name_key(trace: &Trace) -> Option<StrId> {
    trace.strings.lookup(crate::import::xplane::LONG_NAME_ARG)
}
