//! PyTorch/Kineto specifics on top of the generic trace-event import:
//! - `[memory]` instants (`profile_memory=True`) feed one counter track per device and
//!   series: `<device> Total Allocated` and `<device> Total Reserved`, where the device is
//!   `CPU` (`Device Type` 0, in the event's process) or `GPU <Device Id>` (type 1, in the
//!   process whose pid is the device id, as Kineto numbers GPU processes). The instants
//!   themselves are kept too. Older Kineto (PyTorch 1.9) writes only `Bytes`, the size of
//!   each allocation (positive) or free (negative): events without either total feed
//!   `<device> Net Allocated`, the running sum of `Bytes` in time order from 0 at the first
//!   event (what was allocated before profiling began is unknown, so it is net of that and
//!   may go negative). Every memory track has the unit `bytes`.
//! - CPU launch → GPU work arrows: Kineto writes them as flows (`ac2g`, earlier
//!   `async_cpu_to_gpu` / `async`), but files often lack the `s` half (more `f` than `s`).
//!   After the import, every GPU slice (categories `kernel`, `gpu_memcpy`, `gpu_memset`,
//!   and the 2021 `Kernel`, `Memcpy`, `Memset`) whose `correlation` arg matches a runtime
//!   slice's (`cuda_runtime`, `cuda_driver`, `Runtime`, `mtia_runtime`) gets an arrow from
//!   it if no flow already joins the two; these are counted in `flows_from_correlation`
//!   (Info).
//! - [`profiler_steps`] lists the `ProfilerStep#N` slices, for step analysis.
//! - Devices ([`tag_devices`]): a thread holding GPU work (the categories above) is a device
//!   stream (Kineto's `stream N` of the process whose pid is the device id) and its process
//!   a GPU; MTIA work (`mtia_ccp_events`) makes a device stream of another device. The
//!   device's number is the work's `device` arg, else the pid; its name and properties come
//!   from the header's `deviceProperties` entry with that `id` (a device other than a GPU
//!   without one is named by its process labels).
//!
//! Kernel args (grid, block, registers per thread, shared memory, blocks/warps per SM,
//! occupancy) and the header keys (`deviceProperties`, `distributedInfo`,
//! `baseTimeNanoseconds`, `traceName`, ...) need nothing special: args are kept as typed
//! values and top-level keys as metadata.

use super::counters::numeric;
use super::event::EventFields;
use super::place::{Extra, Placer};
use crate::diagnostics::DiagnosticKind;
use crate::model::{
    ArgSetId, ArgTable, ArgValue, CategoryId, Device, ProcessId, ProcessRole, Ps, SliceId, StrId,
    Trace, TrackId, TrackRole,
};
use hashbrown::HashMap;

/// Flow categories Kineto uses for CPU launch → GPU work.
const LAUNCH_FLOW_CATEGORIES: [&str; 4] = ["ac2g", "async_cpu_to_gpu", "async", "async_gpu"];

/// Categories of the runtime calls that launch GPU work.
const RUNTIME_CATEGORIES: [&str; 4] = ["cuda_runtime", "cuda_driver", "Runtime", "mtia_runtime"];

/// Categories of GPU work.
const GPU_CATEGORIES: [&str; 6] = [
    "kernel",
    "gpu_memcpy",
    "gpu_memset",
    "Kernel",
    "Memcpy",
    "Memset",
];

/// Categories of work that other devices than GPUs run (MTIA).
const OTHER_DEVICE_CATEGORIES: [&str; 1] = ["mtia_ccp_events"];

/// The header key Kineto lists the GPUs under.
const DEVICE_PROPERTIES: &str = "deviceProperties";

/// The series of `[memory]` events: the two totals, and the running sum of `Bytes` for
/// events that carry neither total (see the module doc).
const MEMORY_SERIES: [&str; 3] = ["Total Allocated", "Total Reserved", "Net Allocated"];

/// True for Kineto's launch flow categories.
pub(super) fn is_launch_flow_category(category: &str) -> bool {
    LAUNCH_FLOW_CATEGORIES.contains(&category)
}

/// Memory counter tracks by (process, device type, device id, series).
#[derive(Debug, Default)]
pub(super) struct MemoryCounters {
    /// Interned arg keys: the two totals, `Device Type`, `Device Id`, `Bytes`.
    keys: Option<[StrId; 5]>,
    tracks: HashMap<(ProcessId, i64, i64, usize), TrackId>,
    /// The `Net Allocated` tracks, whose samples hold `Bytes` deltas until
    /// [`sum_memory_deltas`] runs after `finish`.
    pub(super) delta_tracks: Vec<TrackId>,
}

/// Adds the samples of one `[memory]` instant.
pub(super) fn memory_sample(p: &mut Placer, ev: &EventFields, time: Ps) {
    let keys = *p.memory.keys.get_or_insert_with(|| {
        let b = &mut p.b;
        [
            b.intern(MEMORY_SERIES[0]),
            b.intern(MEMORY_SERIES[1]),
            b.intern("Device Type"),
            b.intern("Device Id"),
            b.intern("Bytes"),
        ]
    });
    let int = |key| match ev.arg(key) {
        Some(ArgValue::Int(v)) => v,
        Some(ArgValue::Uint(v)) => v as i64,
        _ => 0,
    };
    let (device_type, device_id) = (int(keys[2]), int(keys[3]));
    let process = match device_type {
        1 => p.process(&device_id.to_string()),
        _ => p.process(&ev.pid),
    };
    let mut samples: [Option<f64>; 3] = [None; 3];
    samples[0] = ev.arg(keys[0]).and_then(numeric);
    samples[1] = ev.arg(keys[1]).and_then(numeric);
    if samples[0].is_none() && samples[1].is_none() {
        samples[2] = ev.arg(keys[4]).and_then(numeric);
    }
    for (series, value) in samples.into_iter().enumerate() {
        let Some(value) = value else {
            continue;
        };
        let track_key = (process, device_type, device_id, series);
        let track = match p.memory.tracks.get(&track_key) {
            Some(&t) => t,
            None => {
                let device = match device_type {
                    0 => "CPU".to_owned(),
                    1 => format!("GPU {device_id}"),
                    t => format!("Device {t}:{device_id}"),
                };
                let name = format!("{device} {}", MEMORY_SERIES[series]);
                let t = p.extra_track(process, &name, Extra::Counter);
                p.b.counter_meta(t).unit = Some("bytes".to_owned());
                if series == 2 {
                    p.memory.delta_tracks.push(t);
                }
                p.memory.tracks.insert(track_key, t);
                t
            }
        };
        p.b.add_counter_sample(track, time, value);
    }
}

/// Turns the `Bytes` deltas on each of `tracks` (the `Net Allocated` tracks) into their
/// running sum, in the time order `finish` sorted them into.
pub(super) fn sum_memory_deltas(trace: &mut Trace, tracks: &[TrackId]) {
    for &track in tracks {
        let range = trace.index.counters_of(track);
        let mut total = 0.0;
        for v in &mut trace.counters.value[range] {
            total += *v;
            *v = total;
        }
    }
}

/// Adds an arrow from each runtime slice to the GPU slices with its `correlation` arg,
/// where no flow joins them yet (see the module doc). Does nothing for other traces.
pub(super) fn link_launches_by_correlation(trace: &mut Trace) {
    let Some(correlation) = trace.strings.lookup("correlation") else {
        return;
    };
    let class_of: Vec<u8> = trace
        .categories
        .name
        .iter()
        .map(|&n| {
            let n = trace.strings.get(n);
            u8::from(RUNTIME_CATEGORIES.contains(&n)) | (u8::from(GPU_CATEGORIES.contains(&n)) << 1)
        })
        .collect();
    if !class_of.iter().any(|&c| c & 2 != 0) {
        return;
    }
    let mut launches: HashMap<i64, SliceId> = HashMap::new();
    let mut gpu_work: Vec<(i64, SliceId)> = Vec::new();
    let s = &trace.slices;
    for i in 0..s.len() {
        let class = class_of[s.category[i].index()];
        if class == 0 {
            continue;
        }
        let Some(id) = correlation_id(&trace.args, s.args[i], correlation) else {
            continue;
        };
        if class & 1 != 0 {
            launches.entry(id).or_insert(SliceId(i as u32));
        } else {
            gpu_work.push((id, SliceId(i as u32)));
        }
    }
    let category = trace
        .flows
        .category
        .iter()
        .copied()
        .find(|c| is_launch_flow_category(trace.strings.get(trace.categories.name[c.index()])))
        .unwrap_or(CategoryId::NONE);
    let mut added = 0u64;
    for (id, gpu) in gpu_work {
        let Some(&launch) = launches.get(&id) else {
            continue;
        };
        if trace
            .flows
            .incoming(gpu)
            .any(|f| trace.flows.from[f] == launch)
        {
            continue;
        }
        trace.flows.push(launch, gpu, category);
        added += 1;
    }
    if added > 0 {
        trace.flows.build_index();
        trace.diagnostics.record_many(
            DiagnosticKind::FlowsFromCorrelation,
            added,
            format!(
                "{added} launch → GPU arrows come from matching `correlation` args (the file has no flow event for them)"
            ),
        );
    }
}

/// Tags the tracks that hold device work as device streams and their processes as devices,
/// and lists each device with its `deviceProperties` entry (see the module doc).
pub(super) fn tag_devices(trace: &mut Trace) {
    let role_of: Vec<Option<ProcessRole>> = trace
        .categories
        .name
        .iter()
        .map(|&n| {
            let n = trace.strings.get(n);
            if GPU_CATEGORIES.contains(&n) {
                Some(ProcessRole::Gpu)
            } else if OTHER_DEVICE_CATEGORIES.contains(&n) {
                Some(ProcessRole::Device)
            } else {
                None
            }
        })
        .collect();
    if role_of.iter().all(Option::is_none) {
        return;
    }
    let device_key = trace.strings.lookup("device");
    // Per process: its device role and the device number its work states.
    let mut found: Vec<Option<(ProcessRole, Option<i64>)>> = vec![None; trace.processes.len()];
    for i in 0..trace.slices.len() {
        let Some(role) = role_of[trace.slices.category[i].index()] else {
            continue;
        };
        let track = trace.slices.track[i].index();
        trace.tracks.role[track] = TrackRole::DeviceStream;
        let process = trace.tracks.process[track].index();
        let slot = found[process].get_or_insert((role, None));
        if role == ProcessRole::Gpu {
            slot.0 = role;
        }
        if slot.1.is_none() {
            slot.1 = device_key.and_then(|k| match trace.args.find(trace.slices.args[i], k) {
                Some(ArgValue::Int(v)) => Some(v),
                Some(ArgValue::Uint(v)) => i64::try_from(v).ok(),
                _ => None,
            });
        }
    }
    let listed = trace
        .metadata
        .get(DEVICE_PROPERTIES)
        .and_then(|v| v.as_array())
        .cloned()
        .unwrap_or_default();
    for (p, f) in found.into_iter().enumerate() {
        let Some((role, number)) = f else { continue };
        let process = ProcessId(p as u32);
        trace.processes.role[p] = role;
        let pid = trace.strings.get(trace.processes.source_id[p]).parse().ok();
        let index = number
            .or(pid)
            .and_then(|n| u32::try_from(n).ok())
            .unwrap_or(0);
        let properties = listed
            .iter()
            .filter_map(|d| d.as_object())
            .find(|d| d.get("id").and_then(|id| id.as_u64()) == Some(u64::from(index)))
            .cloned()
            .unwrap_or_default();
        // Without `deviceProperties`, another device's labels name it (`MTIA 9`); a GPU's
        // only number it (`GPU 0`), which is no product name.
        let name = match properties.get("name").and_then(|n| n.as_str()) {
            Some(n) => n.to_owned(),
            None if role == ProcessRole::Gpu => String::new(),
            None => trace.strings.get(trace.processes.labels[p]).to_owned(),
        };
        trace.devices.rows.push(Device {
            process,
            index,
            name,
            properties,
        });
    }
}

/// The first integer `correlation` arg of set `set` (the first pair with that key and an
/// `i64`-sized integer value). The first pair with the key answers directly when it is an
/// integer, as it almost always is; only a set whose first `correlation` is something else
/// is walked pair by pair.
fn correlation_id(args: &ArgTable, set: ArgSetId, correlation: StrId) -> Option<i64> {
    let as_id = |v: ArgValue| match v {
        ArgValue::Int(v) => Some(v),
        ArgValue::Uint(v) => i64::try_from(v).ok(),
        _ => None,
    };
    match args.find(set, correlation)? {
        ArgValue::Int(v) => Some(v),
        _ => args
            .get(set)
            .find_map(|(k, v)| if k == correlation { as_id(v) } else { None }),
    }
}

/// A `ProfilerStep#N` slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProfilerStep {
    /// N.
    pub number: u64,
    /// The slice.
    pub slice: SliceId,
}

/// The `ProfilerStep#N` slices of a trace (PyTorch's step annotations), in start order.
pub fn profiler_steps(trace: &Trace) -> Vec<ProfilerStep> {
    let numbers: HashMap<StrId, u64> = trace
        .strings
        .iter()
        .filter_map(|(id, s)| Some((id, s.strip_prefix("ProfilerStep#")?.parse().ok()?)))
        .collect();
    let s = &trace.slices;
    let mut steps: Vec<ProfilerStep> = (0..s.len())
        .filter_map(|i| {
            Some(ProfilerStep {
                number: *numbers.get(&s.name[i])?,
                slice: SliceId(i as u32),
            })
        })
        .collect();
    steps.sort_by_key(|st| (s.start[st.slice.index()], st.number));
    steps
}
