//! Per-op metrics on devices, the table XProf calls the device `OpMetricsDb`, shared by the
//! framework op stats, HLO op stats, op profile and roofline.
//!
//! TPU: the `XLA Ops` line of each `/device:TPU:N` plane; an op is (program id, HLO op name),
//! its time is the `device_duration_ps` stat (else the event's duration), and the device's
//! time is the span from the first op's `device_offset_ps` to the last op's end, summed over
//! cores. Category, FLOPs, bytes and framework op come from the `hlo_category`, `flops`,
//! `model_flops`, `bytes_accessed` and `tf_op` stats. GPU: the events of each
//! `/device:GPU:N` plane's non-derived lines that carry a `tf_op` stat, one op per
//! (framework op, kernel name); the device's time is the span of all those lines' events.
//! Idle time is the device time no op covers (XProf's `IDLE`). Ops are named by the slice
//! name (the event's display name, the HLO op name; the metadata name of a TPU op is its
//! whole HLO text).

use super::query::{arg_f64, arg_i64, arg_str, arg_u64, is_derived_line, processes_named};
use super::tf_op::parse_tf_op;
use crate::model::{Ps, SliceId, StrId, Trace};
use hashbrown::HashMap;

/// The kind of device a profile ran on, as XProf names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeviceKind {
    /// No device planes.
    CpuOnly,
    /// `/device:GPU:*` planes.
    Gpu,
    /// `/device:TPU:*` planes.
    Tpu,
}

impl DeviceKind {
    /// XProf's `deviceType` / hardware type text.
    pub fn as_str(self) -> &'static str {
        match self {
            DeviceKind::CpuOnly => "CPU_ONLY",
            DeviceKind::Gpu => "GPU",
            DeviceKind::Tpu => "TPU",
        }
    }
}

/// One device op aggregated over its occurrences on all devices.
#[derive(Clone, Debug, Default)]
pub struct DeviceOp {
    /// XLA program id (0 when unknown).
    pub program_id: u64,
    /// HLO op name (TPU) or `<framework op>/<kernel>` (GPU).
    pub name: String,
    /// HLO category (TPU) or framework op type (GPU).
    pub category: String,
    /// The framework op's full name (`tf_op` stat), empty when none.
    pub provenance: String,
    /// The op this one duplicates (`deduplicated_name` stat), empty when none.
    pub deduplicated_name: String,
    /// Launches.
    pub occurrences: u64,
    /// Total time, ps.
    pub time_ps: i64,
    /// Total self time, ps.
    pub self_time_ps: i64,
    /// FLOPs over all occurrences.
    pub flops: f64,
    /// Model FLOPs over all occurrences.
    pub model_flops: f64,
    /// Bytes accessed over all occurrences.
    pub bytes_accessed: f64,
    /// Any occurrence ran eagerly.
    pub is_eager: bool,
    /// The slices that make up this op.
    pub slices: Vec<SliceId>,
}

/// All device ops of a trace.
#[derive(Clone, Debug)]
pub struct DeviceOpDb {
    /// What the devices are.
    pub kind: DeviceKind,
    /// Ops, in first-seen order.
    pub ops: Vec<DeviceOp>,
    /// Device time summed over devices, ps.
    pub total_time_ps: i64,
    /// Sum of the ops' self times, ps.
    pub op_time_ps: i64,
}

impl DeviceOpDb {
    /// Device time no op covers (XProf's IDLE), ps.
    pub fn idle_ps(&self) -> i64 {
        (self.total_time_ps - self.op_time_ps).max(0)
    }
}

/// Interned stat names.
#[derive(Debug)]
struct Keys {
    tf_op: Option<StrId>,
    program_id: Option<StrId>,
    category: Option<StrId>,
    flops: Option<StrId>,
    model_flops: Option<StrId>,
    bytes: Option<StrId>,
    offset: Option<StrId>,
    duration: Option<StrId>,
    is_eager: Option<StrId>,
    deduplicated: Option<StrId>,
}

impl Keys {
    fn new(trace: &Trace) -> Self {
        let k = |s: &str| trace.strings.lookup(s);
        Keys {
            tf_op: k("tf_op"),
            program_id: k("program_id"),
            category: k("hlo_category"),
            flops: k("flops"),
            model_flops: k("model_flops"),
            bytes: k("bytes_accessed"),
            offset: k("device_offset_ps"),
            duration: k("device_duration_ps"),
            is_eager: k("is_eager"),
            deduplicated: k("deduplicated_name"),
        }
    }
}

/// What kind of devices the trace has (TPU over GPU; CPU only when neither).
pub fn device_kind(trace: &Trace) -> DeviceKind {
    if tpu_planes(trace).next().is_some() {
        DeviceKind::Tpu
    } else if processes_named(trace, "/device:GPU:").next().is_some() {
        DeviceKind::Gpu
    } else {
        DeviceKind::CpuOnly
    }
}

/// TensorCore planes: `/device:TPU:<digits>`.
pub fn tpu_planes(trace: &Trace) -> impl Iterator<Item = crate::model::ProcessId> + '_ {
    processes_named(trace, "/device:TPU:")
        .filter(|(_, n)| {
            n["/device:TPU:".len()..]
                .bytes()
                .all(|c| c.is_ascii_digit())
        })
        .map(|(p, _)| p)
}

/// Builds the device op table.
pub fn device_op_db(trace: &Trace) -> DeviceOpDb {
    let kind = device_kind(trace);
    let keys = Keys::new(trace);
    let mut db = Db::default();
    let mut total_time_ps = 0;
    let planes: Vec<_> = match kind {
        DeviceKind::Tpu => tpu_planes(trace).collect(),
        DeviceKind::Gpu => processes_named(trace, "/device:GPU:")
            .map(|(p, _)| p)
            .collect(),
        DeviceKind::CpuOnly => Vec::new(),
    };
    let mut in_plane = vec![usize::MAX; trace.processes.len()];
    for (i, p) in planes.iter().enumerate() {
        in_plane[p.index()] = i;
    }
    let mut spans: Vec<Option<(Ps, Ps)>> = vec![None; planes.len()];
    let xla_ops = trace.strings.lookup("XLA Ops");
    let s = &trace.slices;
    for i in 0..s.len() {
        let track = s.track[i];
        let plane = in_plane[trace.tracks.process[track.index()].index()];
        if plane == usize::MAX {
            continue;
        }
        let set = s.args[i];
        let (start, dur) = match kind {
            DeviceKind::Tpu => {
                if Some(trace.tracks.name[track.index()]) != xla_ops {
                    continue;
                }
                let dur = arg_i64(trace, set, keys.duration).unwrap_or(s.dur[i]);
                (arg_i64(trace, set, keys.offset).unwrap_or(s.start[i]), dur)
            }
            _ => {
                if is_derived_line(trace, track) {
                    continue;
                }
                (s.start[i], s.dur[i])
            }
        };
        let span = spans[plane].get_or_insert((start, start + dur));
        *span = (span.0.min(start), span.1.max(start + dur));
        let provenance = arg_str(trace, set, keys.tf_op).unwrap_or("");
        let (program_id, name, category) = match kind {
            DeviceKind::Tpu => (
                arg_u64(trace, set, keys.program_id).unwrap_or(0),
                trace.str(s.name[i]).to_owned(),
                arg_str(trace, set, keys.category).unwrap_or("").to_owned(),
            ),
            _ => {
                if provenance.is_empty() {
                    continue;
                }
                let op = parse_tf_op(provenance);
                let name = format!("{}/{}", op.name, trace.str(s.name[i]));
                (0, name, op.op_type.to_owned())
            }
        };
        let op = db.entry(program_id, name, || category, provenance);
        op.occurrences += 1;
        op.time_ps += dur;
        op.self_time_ps += dur;
        op.flops += arg_f64(trace, set, keys.flops).unwrap_or(0.0);
        op.model_flops += arg_f64(trace, set, keys.model_flops).unwrap_or(0.0);
        op.bytes_accessed += arg_f64(trace, set, keys.bytes).unwrap_or(0.0);
        op.is_eager |= arg_i64(trace, set, keys.is_eager).is_some_and(|v| v != 0);
        if op.deduplicated_name.is_empty() {
            if let Some(d) = arg_str(trace, set, keys.deduplicated) {
                op.deduplicated_name = d.to_owned();
            }
        }
        op.slices.push(SliceId(i as u32));
    }
    total_time_ps += spans.iter().flatten().map(|(a, b)| b - a).sum::<i64>();
    let op_time_ps = db.ops.iter().map(|o| o.self_time_ps).sum();
    DeviceOpDb {
        kind,
        ops: db.ops,
        total_time_ps,
        op_time_ps,
    }
}

/// Ops by (program id, name).
#[derive(Debug, Default)]
struct Db {
    ops: Vec<DeviceOp>,
    index: HashMap<(u64, String), usize>,
}

impl Db {
    fn entry(
        &mut self,
        program_id: u64,
        name: String,
        category: impl FnOnce() -> String,
        provenance: &str,
    ) -> &mut DeviceOp {
        let ops = &mut self.ops;
        let i = *self
            .index
            .entry((program_id, name.clone()))
            .or_insert_with(|| {
                ops.push(DeviceOp {
                    program_id,
                    name,
                    category: category(),
                    provenance: provenance.to_owned(),
                    ..DeviceOp::default()
                });
                ops.len() - 1
            });
        &mut self.ops[i]
    }
}
