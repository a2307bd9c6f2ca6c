//! Per-op metrics on devices, the table XProf calls the device `OpMetricsDb`, shared by the
//! framework op stats, HLO op stats, op profile and roofline.
//!
//! TPU: the XLA ops line of each TPU core; an op is (program id, HLO op name), its time is
//! the `device_duration_ps` stat (else the event's duration), and the device's time is the
//! span from the first op's `device_offset_ps` to the last op's end, summed over cores.
//! Category, FLOPs, bytes and framework op come from the `hlo_category`, `flops`,
//! `model_flops`, `bytes_accessed` and `tf_op` stats. GPU: the work on each GPU's streams
//! (annotations left out) that names a framework op, one op per (framework op, kernel name);
//! the framework op is the `tf_op` stat, and without one (Kineto), outside `--xprof-compat`,
//! the op that launched the work ([`super::launch_ops`]). The device's time is the span of
//! its streams' work. Idle time is the device time no op covers (XProf's `IDLE`). Ops are
//! named by the slice name (the event's display name, the HLO op name; the metadata name of
//! a TPU op is its whole HLO text).
//!
//! Without devices, [`xla_op_db`] (outside `--xprof-compat`) takes the XLA ops a host ran
//! instead: host-thread slices with an `hlo_op` stat (JAX on CPU), one op per (program id,
//! op name), each thread that ran them counted as one core (its time the span of its ops).
//! XProf reads no ops there, so its tables stay empty.

use super::compat::Compat;
use super::launch_ops::LaunchOps;
use super::query::{
    arg_f64, arg_i64, arg_str, arg_u64, device_work_categories, processes_with_role,
};
use super::tf_op::parse_tf_op;
use crate::model::{ProcessId, ProcessRole, Ps, SliceId, StrId, Trace, TrackRole};
use hashbrown::HashMap;

/// The kind of device a profile ran on, as XProf names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeviceKind {
    /// No GPU or TPU core.
    CpuOnly,
    /// GPUs.
    Gpu,
    /// TPU cores.
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

/// Where the ops of a [`DeviceOpDb`] ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OpSource {
    /// On devices.
    Device,
    /// On host threads (XLA on CPU).
    Host,
}

/// All device ops of a trace.
#[derive(Clone, Debug)]
pub struct DeviceOpDb {
    /// What the devices are.
    pub kind: DeviceKind,
    /// Where the ops ran.
    pub source: OpSource,
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
    if tpu_cores(trace).next().is_some() {
        DeviceKind::Tpu
    } else if processes_with_role(trace, ProcessRole::Gpu)
        .next()
        .is_some()
    {
        DeviceKind::Gpu
    } else {
        DeviceKind::CpuOnly
    }
}

/// The TPU TensorCore processes, in process id order.
pub fn tpu_cores(trace: &Trace) -> impl Iterator<Item = ProcessId> + '_ {
    processes_with_role(trace, ProcessRole::TpuCore)
}

/// The XLA ops table: [`device_op_db`], or without devices, outside `--xprof-compat`, the XLA
/// ops the host ran (see the module doc).
pub fn xla_op_db(trace: &Trace, compat: Compat) -> DeviceOpDb {
    let db = device_op_db(trace, compat);
    if db.kind == DeviceKind::CpuOnly && !compat.on() {
        host_xla_op_db(trace)
    } else {
        db
    }
}

/// Builds the device op table.
pub fn device_op_db(trace: &Trace, compat: Compat) -> DeviceOpDb {
    let kind = device_kind(trace);
    let keys = Keys::new(trace);
    let mut db = Db::default();
    let (planes, line): (Vec<ProcessId>, TrackRole) = match kind {
        DeviceKind::Tpu => (tpu_cores(trace).collect(), TrackRole::XlaOps),
        DeviceKind::Gpu => (
            processes_with_role(trace, ProcessRole::Gpu).collect(),
            TrackRole::DeviceStream,
        ),
        DeviceKind::CpuOnly => (Vec::new(), TrackRole::DeviceStream),
    };
    let mut in_plane = vec![usize::MAX; trace.processes.len()];
    for (i, p) in planes.iter().enumerate() {
        in_plane[p.index()] = i;
    }
    let work = device_work_categories(trace);
    let launches = (kind == DeviceKind::Gpu && !compat.on()).then(|| LaunchOps::new(trace));
    let mut spans: Vec<Option<(Ps, Ps)>> = vec![None; planes.len()];
    let s = &trace.slices;
    for i in 0..s.len() {
        let track = s.track[i];
        let plane = in_plane[trace.tracks.process[track.index()].index()];
        if plane == usize::MAX || trace.tracks.role[track.index()] != line {
            continue;
        }
        let set = s.args[i];
        let (start, dur) = match kind {
            DeviceKind::Tpu => {
                let dur = arg_i64(trace, set, keys.duration).unwrap_or(s.dur[i]);
                (arg_i64(trace, set, keys.offset).unwrap_or(s.start[i]), dur)
            }
            _ => {
                if !work[s.category[i].index()] {
                    continue;
                }
                (s.start[i], s.dur[i])
            }
        };
        let span = spans[plane].get_or_insert((start, start + dur));
        *span = (span.0.min(start), span.1.max(start + dur));
        let stated = arg_str(trace, set, keys.tf_op).unwrap_or("");
        let launched_by = match &launches {
            Some(l) if stated.is_empty() => l.op_of(trace, i).map(|op| trace.str(s.name[op])),
            _ => None,
        };
        let provenance = launched_by.unwrap_or(stated);
        let gpu_name;
        let (program_id, name, category) = match kind {
            DeviceKind::Tpu => (
                arg_u64(trace, set, keys.program_id).unwrap_or(0),
                trace.str(s.name[i]),
                arg_str(trace, set, keys.category).unwrap_or(""),
            ),
            _ => {
                if provenance.is_empty() {
                    continue;
                }
                let op = match launched_by {
                    // A PyTorch operator is its own type.
                    Some(name) => (name, name),
                    None => {
                        let op = parse_tf_op(provenance);
                        (op.name, op.op_type)
                    }
                };
                gpu_name = format!("{}/{}", op.0, trace.str(s.name[i]));
                (0, gpu_name.as_str(), op.1)
            }
        };
        let op = db.entry(program_id, name, category, provenance);
        op.add_occurrence(trace, &keys, i, dur);
    }
    let total_time_ps = spans.iter().flatten().map(|(a, b)| b - a).sum::<i64>();
    db.finish(kind, OpSource::Device, total_time_ps)
}

/// The XLA ops host threads ran: slices with an `hlo_op` stat on host threads.
fn host_xla_op_db(trace: &Trace) -> DeviceOpDb {
    let keys = Keys::new(trace);
    let mut db = Db::default();
    let mut total_time_ps = 0;
    let Some(hlo_op) = trace.strings.lookup("hlo_op") else {
        return db.finish(DeviceKind::CpuOnly, OpSource::Host, 0);
    };
    for t in 0..trace.tracks.len() {
        let track = crate::model::TrackId(t as u32);
        if trace.tracks.role[t] != TrackRole::HostThread {
            continue;
        }
        let mut span: Option<(Ps, Ps)> = None;
        for i in super::query::track_slices(trace, track) {
            let s = &trace.slices;
            let set = s.args[i];
            let Some(name) = arg_str(trace, set, Some(hlo_op)) else {
                continue;
            };
            let (start, end) = (s.start[i], s.end(i));
            let sp = span.get_or_insert((start, end));
            *sp = (sp.0.min(start), sp.1.max(end));
            let program_id = arg_u64(trace, set, keys.program_id).unwrap_or(0);
            let category = arg_str(trace, set, keys.category).unwrap_or("");
            let provenance = arg_str(trace, set, keys.tf_op).unwrap_or("");
            let op = db.entry(program_id, name, category, provenance);
            op.add_occurrence(trace, &keys, i, s.dur[i]);
        }
        total_time_ps += span.map_or(0, |(a, b)| b - a);
    }
    db.finish(DeviceKind::CpuOnly, OpSource::Host, total_time_ps)
}

impl DeviceOp {
    /// Adds occurrence `i` (slice index) that took `dur`, with its stats.
    fn add_occurrence(&mut self, trace: &Trace, keys: &Keys, i: usize, dur: Ps) {
        let set = trace.slices.args[i];
        self.occurrences += 1;
        self.time_ps += dur;
        self.self_time_ps += dur;
        self.flops += arg_f64(trace, set, keys.flops).unwrap_or(0.0);
        self.model_flops += arg_f64(trace, set, keys.model_flops).unwrap_or(0.0);
        self.bytes_accessed += arg_f64(trace, set, keys.bytes).unwrap_or(0.0);
        self.is_eager |= arg_i64(trace, set, keys.is_eager).is_some_and(|v| v != 0);
        if self.deduplicated_name.is_empty() {
            if let Some(d) = arg_str(trace, set, keys.deduplicated) {
                self.deduplicated_name = d.to_owned();
            }
        }
        self.slices.push(SliceId(i as u32));
    }
}

/// An op's key in [`Db::index`] without its name copied: hashes and compares as the
/// `(u64, String)` it stands for.
#[derive(Hash)]
struct OpKey<'a>(u64, &'a str);

impl hashbrown::Equivalent<(u64, String)> for OpKey<'_> {
    fn equivalent(&self, key: &(u64, String)) -> bool {
        self.0 == key.0 && self.1 == key.1
    }
}

/// Ops by (program id, name).
#[derive(Debug, Default)]
struct Db {
    ops: Vec<DeviceOp>,
    index: HashMap<(u64, String), usize>,
}

impl Db {
    /// The op `(program_id, name)`, added with `category` and `provenance` if new (only a
    /// new op copies its strings).
    fn entry(
        &mut self,
        program_id: u64,
        name: &str,
        category: &str,
        provenance: &str,
    ) -> &mut DeviceOp {
        let i = match self.index.get(&OpKey(program_id, name)) {
            Some(&i) => i,
            None => {
                self.ops.push(DeviceOp {
                    program_id,
                    name: name.to_owned(),
                    category: category.to_owned(),
                    provenance: provenance.to_owned(),
                    ..DeviceOp::default()
                });
                let i = self.ops.len() - 1;
                self.index.insert((program_id, name.to_owned()), i);
                i
            }
        };
        &mut self.ops[i]
    }

    fn finish(self, kind: DeviceKind, source: OpSource, total_time_ps: i64) -> DeviceOpDb {
        let op_time_ps = self.ops.iter().map(|o| o.self_time_ps).sum();
        DeviceOpDb {
            kind,
            source,
            ops: self.ops,
            total_time_ps,
            op_time_ps,
        }
    }
}
