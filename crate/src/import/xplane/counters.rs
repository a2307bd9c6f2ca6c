//! XSpace counter events become counter tracks instead of slices.
//!
//! Which events are counter samples (as XProf's trace viewer decides, see
//! `docs/FORMATS.md` § XSpace):
//! - every event on a line named `_counters_` (any plane): XProf draws that line as counters,
//!   one series per event name;
//! - every event on a `/device:TPU:*` plane that carries a `counter_value` stat (on the event
//!   or its event metadata): the hardware performance counters of XProf's kernel profiling,
//!   whichever line holds them (XProf's `perf_counters` tool reads them from every line).
//!
//! A sample's series is named by its event (display) name and grouped under its plane: one
//! counter track per (plane, name). Its time is the event's start.
//!
//! # The value, and the unscaled magnitude
//! Kernel profiling can right-shift counter values by `scaling` bits before writing them, and
//! XProf's docs say the trace viewer "restores the original values for display"
//! (`docs/kernel-profiling.md` in openxla/xprof). The schema names the two forms
//! `Raw Value` and `Scaled Value` (tsl `xplane_schema`, "performance counter related") and has
//! no stat for the shift itself, so the restored magnitude must travel as a stat. The rule:
//! 1. `Scaled Value` when present: the magnitude with the shift undone;
//! 2. else `counter_value`;
//! 3. else `Raw Value`;
//! 4. else, on a `_counters_` line only, the first numeric stat, metadata stats before event
//!    stats (the order in which XProf's trace viewer takes a counter event's first argument).
//!
//! When `Scaled Value` and a non-zero `Raw Value` both exist, the track's
//! [`crate::model::CounterMeta::scaling`] states the factor between them. `Time Scale
//! Multiplier` is not applied to values: XProf uses it to normalise *time* under frequency
//! scaling (op profile's `aggDvfsTimeScaleMultiplier`), not counter magnitudes; it stays an
//! ordinary stat. `performance_counter_id`, `performance_counter_description` and
//! `performance_counter_sets` of the first sample become the track's metadata.
//!
//! A `_counters_` event with no numeric stat is dropped and counted
//! (`counter_without_value`).

use super::event::{Event, RawValue};
use super::id_cache::IdCache;
use super::pb;
use crate::diagnostics::DiagnosticKind;
use crate::model::{Ps, StrId, TraceBuilder, TrackId, TrackKind};
use hashbrown::HashMap;

/// Line whose events are all counter samples.
pub(super) const COUNTERS_LINE: &str = "_counters_";
/// Planes whose events carrying `counter_value` are counter samples.
const TPU_PLANE_PREFIX: &str = "/device:TPU:";
/// Counter tracks sort after the plane's lines.
const FIRST_COUNTER_SORT_INDEX: i64 = 1 << 32;

/// The stats that make and describe a counter sample, by role.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct StatIds {
    counter_value: Option<i64>,
    raw: Option<i64>,
    scaled: Option<i64>,
    counter_id: Option<i64>,
    description: Option<i64>,
    sets: Option<i64>,
}

impl StatIds {
    fn of(plane: &pb::XPlane) -> Self {
        let mut ids = StatIds::default();
        let mut by_id: Vec<(&i64, &pb::XStatMetadata)> = plane.stat_metadata.iter().collect();
        by_id.sort_by_key(|(id, _)| **id);
        for (&id, md) in by_id {
            let slot = match md.name.as_str() {
                "counter_value" => &mut ids.counter_value,
                "Raw Value" => &mut ids.raw,
                "Scaled Value" => &mut ids.scaled,
                "performance_counter_id" => &mut ids.counter_id,
                "performance_counter_description" => &mut ids.description,
                "performance_counter_sets" => &mut ids.sets,
                _ => continue,
            };
            slot.get_or_insert(id);
        }
        ids
    }

    fn any_value(&self) -> bool {
        self.counter_value.is_some() || self.raw.is_some() || self.scaled.is_some()
    }
}

/// The stats of one event that matter here, found on the event or its metadata.
#[derive(Clone, Copy, Debug, Default)]
struct Found<'a> {
    counter_value: Option<RawValue<'a>>,
    raw: Option<RawValue<'a>>,
    scaled: Option<RawValue<'a>>,
    counter_id: Option<RawValue<'a>>,
    description: Option<RawValue<'a>>,
    sets: Option<RawValue<'a>>,
    first_number: Option<f64>,
}

impl<'a> Found<'a> {
    /// Records `value` of stat `id` unless an earlier stat already filled its role.
    fn note(&mut self, ids: &StatIds, id: i64, value: RawValue<'a>) {
        let roles = [
            (ids.counter_value, &mut self.counter_value),
            (ids.raw, &mut self.raw),
            (ids.scaled, &mut self.scaled),
            (ids.counter_id, &mut self.counter_id),
            (ids.description, &mut self.description),
            (ids.sets, &mut self.sets),
        ];
        for (role, slot) in roles {
            if role == Some(id) && slot.is_none() {
                *slot = Some(value);
            }
        }
        if self.first_number.is_none() {
            self.first_number = number(value);
        }
    }

    /// The sample value by the rule of the module doc, and whether `Scaled Value` gave it.
    fn value(&self, counters_line: bool) -> Option<(f64, bool)> {
        if let Some(v) = self.scaled.and_then(number) {
            return Some((v, true));
        }
        let plain = self.counter_value.or(self.raw).and_then(number);
        let fallback = counters_line.then_some(self.first_number).flatten();
        plain.or(fallback).map(|v| (v, false))
    }
}

/// A numeric stat value as `f64` (`None` for strings, bytes and unset values).
fn number(value: RawValue) -> Option<f64> {
    match value {
        RawValue::Double(v) => Some(v),
        RawValue::Uint(v) => Some(v as f64),
        RawValue::Int(v) => Some(v as f64),
        _ => None,
    }
}

/// Counter state of one plane: which stats mean what, and the tracks made so far.
#[derive(Debug)]
pub(super) struct PlaneCounters {
    tpu: bool,
    ids: StatIds,
    tracks: HashMap<StrId, TrackId>,
    /// Per event metadata id: whether its own stats include a counter value.
    metadata_has_value: IdCache<bool>,
}

impl PlaneCounters {
    pub(super) fn new(plane: &pb::XPlane) -> Self {
        PlaneCounters {
            tpu: plane.name.starts_with(TPU_PLANE_PREFIX),
            ids: StatIds::of(plane),
            tracks: HashMap::new(),
            metadata_has_value: IdCache::new(),
        }
    }

    /// If `event` is a counter sample (see the module doc), adds it to its counter track and
    /// returns true; the caller then adds no slice. `track` is the event's line track (it
    /// gives the plane's process), `name` its interned name, `time` its start.
    pub(super) fn take(
        &mut self,
        b: &mut TraceBuilder,
        plane: &pb::XPlane,
        line: &pb::XLine,
        event: &Event,
        (track, name, time): (TrackId, StrId, Ps),
    ) -> bool {
        let counters_line = line.name == COUNTERS_LINE;
        let may_count = counters_line || (self.tpu && self.ids.any_value());
        if !may_count {
            return false;
        }
        let metadata = plane.event_metadata.get(&event.metadata_id);
        if !counters_line && !self.carries_value(event, metadata) {
            return false;
        }
        let mut found = Found::default();
        if let Some(md) = metadata {
            for stat in &md.stats {
                found.note(&self.ids, stat.metadata_id, RawValue::of(stat));
            }
        }
        // Event stats come after metadata stats but take precedence for the named roles.
        let mut own = Found::default();
        for stat in event.stats {
            own.note(&self.ids, stat.metadata_id, stat.value);
        }
        let found = merge(own, found);
        let Some((value, scaled)) = found.value(counters_line) else {
            let text = b.strings().get(name).to_owned();
            b.diagnostics()
                .record(DiagnosticKind::CounterWithoutValue, || {
                    format!("{text:?} on a {COUNTERS_LINE} line has no numeric stat; dropped")
                });
            return true;
        };
        let counter_track = self.track_for(b, track, name, plane, &found, scaled);
        b.add_counter_sample(counter_track, time, value);
        true
    }

    /// True when the event or its metadata has a stat that gives a counter value.
    fn carries_value(&mut self, event: &Event, metadata: Option<&pb::XEventMetadata>) -> bool {
        let ids = self.ids;
        let is_value = |id: i64| [ids.counter_value, ids.raw, ids.scaled].contains(&Some(id));
        if event.stats.iter().any(|s| is_value(s.metadata_id)) {
            return true;
        }
        let Some(md) = metadata else {
            return false;
        };
        if let Some(has) = self.metadata_has_value.get(md.id) {
            return has;
        }
        let has = md.stats.iter().any(|s| is_value(s.metadata_id));
        self.metadata_has_value.insert(md.id, has);
        has
    }

    /// The counter track of `name` on this plane, made (with its metadata) on first use.
    fn track_for(
        &mut self,
        b: &mut TraceBuilder,
        line_track: TrackId,
        name: StrId,
        plane: &pb::XPlane,
        found: &Found,
        scaled: bool,
    ) -> TrackId {
        if let Some(&t) = self.tracks.get(&name) {
            return t;
        }
        let process = b.track_process(line_track);
        let text = b.strings().get(name).to_owned();
        let sort = FIRST_COUNTER_SORT_INDEX + self.tracks.len() as i64;
        let source_id = format!("counter:{text}");
        let t = b.add_track(process, &text, &source_id, sort, TrackKind::Counter);
        self.tracks.insert(name, t);
        let text_of = |v: Option<RawValue>| v.and_then(|v| stat_text(plane, v));
        let meta = b.counter_meta(t);
        meta.counter_id = found.counter_id.and_then(|v| match v {
            RawValue::Uint(u) => Some(u),
            RawValue::Int(i) => u64::try_from(i).ok(),
            _ => None,
        });
        meta.description = text_of(found.description);
        meta.sets = text_of(found.sets);
        if scaled {
            let factor = match (found.scaled.and_then(number), found.raw.and_then(number)) {
                (Some(s), Some(r)) if r != 0.0 => format!(" (Raw Value × {})", s / r),
                _ => String::new(),
            };
            meta.scaling = Some(format!(
                "Scaled Value: the magnitude before the capture's right shift{factor}"
            ));
        }
        t
    }
}

/// `own` with every role it lacks taken from `inherited`.
fn merge<'a>(own: Found<'a>, inherited: Found<'a>) -> Found<'a> {
    Found {
        counter_value: own.counter_value.or(inherited.counter_value),
        raw: own.raw.or(inherited.raw),
        scaled: own.scaled.or(inherited.scaled),
        counter_id: own.counter_id.or(inherited.counter_id),
        description: own.description.or(inherited.description),
        sets: own.sets.or(inherited.sets),
        // XProf's order: metadata stats first, then the event's.
        first_number: inherited.first_number.or(own.first_number),
    }
}

/// A string stat as text (`ref_value` resolved through the plane's stat metadata).
fn stat_text(plane: &pb::XPlane, value: RawValue) -> Option<String> {
    match value {
        RawValue::Str(s) => Some(s.to_owned()),
        RawValue::Ref(id) => plane
            .stat_metadata
            .get(&(id as i64))
            .map(|md| md.name.clone()),
        _ => None,
    }
}
