//! Training or inference steps, from the markers profilers write, the first kind found:
//! - the steps lines of devices (XSpace's `Steps`: one event per step, `group_id` = step
//!   number); a step seen on several devices takes the earliest start and the longest
//!   duration;
//! - on the host, `StepTraceAnnotation` events: the root events (`_r`) that carry
//!   `step_num`, named `<event name> <step_num>` as XProf names them (`train 3`);
//! - PyTorch's `ProfilerStep#N` slices.
//!
//! Steps are sorted by number. XProf 2.24.2 drops the first and the last step once there are
//! more than five (they may be partial); we keep them unless asked for XProf's behaviour
//! ([`Compat::Xprof`]), see `docs/XPROF-PARITY.md`.

use super::compat::Compat;
use super::query::{arg_i64, process_role_of};
use crate::model::{Ps, SliceId, StrId, Trace, TrackId, TrackRole};
use hashbrown::HashMap;
use std::collections::BTreeMap;

/// XProf drops partial steps only when there are more than this many.
const DROP_PARTIAL_STEPS_ABOVE: usize = 5;

/// One step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Display name (`train 3`, `0`, `ProfilerStep#5`).
    pub name: String,
    /// Step number.
    pub number: i64,
    /// Start, ps.
    pub start_ps: Ps,
    /// Duration, ps.
    pub duration_ps: Ps,
    /// The marker slices.
    pub markers: Vec<SliceId>,
}

/// The steps of a trace (empty when it has no step markers).
pub fn steps(trace: &Trace, compat: Compat) -> Vec<Step> {
    let mut found = device_steps(trace);
    if found.is_empty() {
        found = host_steps(trace);
    }
    if found.is_empty() {
        found = profiler_steps(trace);
    }
    if compat.on() && found.len() > DROP_PARTIAL_STEPS_ABOVE {
        found.pop();
        found.remove(0);
    }
    found
}

/// Merges one marker into the step table.
fn add(by_number: &mut BTreeMap<i64, Step>, number: i64, name: &str, i: usize, trace: &Trace) {
    let (start, dur) = (trace.slices.start[i], trace.slices.dur[i]);
    let step = by_number.entry(number).or_insert_with(|| Step {
        name: name.to_owned(),
        number,
        start_ps: start,
        duration_ps: dur,
        markers: Vec::new(),
    });
    step.start_ps = step.start_ps.min(start);
    step.duration_ps = step.duration_ps.max(dur);
    step.markers.push(SliceId(i as u32));
}

fn device_steps(trace: &Trace) -> Vec<Step> {
    let group_id = trace.strings.lookup("group_id");
    let mut by_number = BTreeMap::new();
    for t in 0..trace.tracks.len() {
        let track = TrackId(t as u32);
        if trace.tracks.role[t] != TrackRole::Steps || !process_role_of(trace, track).is_device() {
            continue;
        }
        for i in super::query::track_slices(trace, track) {
            let name = trace.str(trace.slices.name[i]);
            let number =
                arg_i64(trace, trace.slices.args[i], group_id).or_else(|| name.parse().ok());
            if let Some(n) = number {
                add(&mut by_number, n, name, i, trace);
            }
        }
    }
    by_number.into_values().collect()
}

fn host_steps(trace: &Trace) -> Vec<Step> {
    let step_num = trace.strings.lookup("step_num");
    let root = trace.strings.lookup("_r");
    let mut by_number = BTreeMap::new();
    if step_num.is_none() {
        return Vec::new();
    }
    for i in 0..trace.slices.len() {
        let set = trace.slices.args[i];
        // Most slices have no step number: the root mark is read only for those that do.
        let Some(n) = arg_i64(trace, set, step_num) else {
            continue;
        };
        if arg_i64(trace, set, root).is_none() {
            continue;
        }
        let name = format!("{} {n}", trace.str(trace.slices.name[i]));
        add(&mut by_number, n, &name, i, trace);
    }
    by_number.into_values().collect()
}

fn profiler_steps(trace: &Trace) -> Vec<Step> {
    // The step number of each name, parsed once per distinct name.
    let mut number_of: HashMap<StrId, Option<i64>> = HashMap::new();
    let mut by_number = BTreeMap::new();
    for i in 0..trace.slices.len() {
        let id = trace.slices.name[i];
        let name = trace.str(id);
        let number = *number_of.entry(id).or_insert_with(|| {
            name.strip_prefix("ProfilerStep#")
                .and_then(|n| n.parse().ok())
        });
        if let Some(n) = number {
            add(&mut by_number, n, name, i, trace);
        }
    }
    by_number.into_values().collect()
}
