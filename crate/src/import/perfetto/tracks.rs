//! Track descriptors: read in a first pass over the whole file (a descriptor may come after
//! the events that use its track, and re-emissions may fill in names), then turned into
//! model processes and tracks on first use.
//!
//! Grouping: a process track (`ProcessDescriptor`) and every track below it, and every
//! thread track (`ThreadDescriptor`, by its `pid`), form one process group per pid. A root
//! track without a process is its own group; events on no known track go to a "Global"
//! group. Within a group: the process-wide track first, then threads by tid, then other
//! tracks in the order their descriptors first appeared, then counters. A track without a
//! name is named after its thread, its counter kind or its first event. Roles: a pid group
//! is a host, its thread tracks host threads; counter tracks are counters.

use super::proto;
use crate::diagnostics::DiagnosticKind;
use crate::model::{ProcessId, ProcessRole, StrId, TraceBuilder, TrackId, TrackKind, TrackRole};
use hashbrown::HashMap;
use prost::Message;

/// Sort keys of the kinds of track within a group (a kind's own order is added).
const SORT_PROCESS_WIDE: i64 = 0;
const SORT_THREAD: i64 = 1 << 40;
const SORT_CUSTOM: i64 = 2 << 40;
const SORT_COUNTER: i64 = 3 << 40;
/// Process groups without a pid sort after every pid.
const SORT_ROOT_GROUP: i64 = 1 << 40;
/// How far up `parent_uuid` links are followed (a cycle is damage).
const MAX_PARENT_DEPTH: usize = 32;

/// The built-in counters whose values become slice args instead of counter tracks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ThreadCounter {
    /// `COUNTER_THREAD_TIME_NS`.
    Time,
    /// `COUNTER_THREAD_INSTRUCTION_COUNT`.
    Instructions,
}

/// What a counter descriptor says about its values.
#[derive(Clone, Copy, Debug)]
pub(super) struct CounterInfo {
    /// Values are multiplied by this (1 if unset).
    pub multiplier: f64,
    /// Values are deltas from the sequence's previous value of this counter.
    pub incremental: bool,
    /// A built-in thread counter, if it is one.
    pub thread: Option<ThreadCounter>,
}

/// Everything the descriptors of one uuid said, later emissions filling in.
#[derive(Clone, Debug, Default)]
struct Desc {
    parent: Option<u64>,
    name: Option<String>,
    pid: Option<i32>,
    tid: Option<i32>,
    is_process: bool,
    process_name: Option<String>,
    thread_name: Option<String>,
    counter: Option<CounterInfo>,
    /// Unit of a counter's values (after its multiplier), from `unit_name`, else `unit`,
    /// else the unit its built-in type implies.
    unit: Option<String>,
    /// Order of first appearance.
    first_seen: usize,
}

/// Which group a track belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum GroupKey {
    Pid(i32),
    Root(u64),
    Global,
}

/// Descriptors by uuid, and the model tracks and groups made from them so far.
#[derive(Debug, Default)]
pub(super) struct Tracks {
    descs: HashMap<u64, Desc>,
    /// `ProcessDescriptor` names by pid.
    process_names: HashMap<i32, String>,
    groups: HashMap<GroupKey, ProcessId>,
    slice_tracks: HashMap<u64, TrackId>,
    counter_tracks: HashMap<u64, TrackId>,
    /// Names of the model tracks made, by `TrackId`.
    names: Vec<StrId>,
    /// Descriptors that did not decode: (count, first offset).
    pub(super) undecodable: (u64, usize),
}

impl Tracks {
    /// Adds one encoded `TrackDescriptor` found at input offset `offset`.
    pub(super) fn add_encoded(&mut self, bytes: &[u8], offset: usize) {
        match proto::TrackDescriptor::decode(bytes) {
            Ok(d) => self.add(&d),
            Err(_) => {
                if self.undecodable.0 == 0 {
                    self.undecodable.1 = offset;
                }
                self.undecodable.0 += 1;
            }
        }
    }

    /// Adds one descriptor; fields it sets replace what earlier ones said.
    pub(super) fn add(&mut self, d: &proto::TrackDescriptor) {
        let seen = self.descs.len();
        let uuid = d.uuid.unwrap_or(0);
        let desc = self.descs.entry(uuid).or_insert_with(|| Desc {
            first_seen: seen,
            ..Desc::default()
        });
        if d.parent_uuid.is_some() {
            desc.parent = d.parent_uuid;
        }
        if let Some(name) = non_empty(&d.name).or(non_empty(&d.static_name)) {
            desc.name = Some(name.to_owned());
        }
        if let Some(p) = &d.process {
            desc.is_process = true;
            desc.pid = p.pid.or(desc.pid);
            if let Some(name) = non_empty(&p.process_name) {
                desc.process_name = Some(name.to_owned());
            }
        }
        if let Some(t) = &d.thread {
            desc.pid = t.pid.or(desc.pid);
            desc.tid = t.tid.or(desc.tid);
            if let Some(name) = non_empty(&t.thread_name) {
                desc.thread_name = Some(name.to_owned());
            }
        }
        if let Some(c) = &d.counter {
            let multiplier = match c.unit_multiplier {
                Some(m) if m != 0 => m as f64,
                _ => 1.0,
            };
            let thread = match c.r#type {
                Some(1) => Some(ThreadCounter::Time),
                Some(2) => Some(ThreadCounter::Instructions),
                _ => None,
            };
            desc.counter = Some(CounterInfo {
                multiplier,
                incremental: c.is_incremental.unwrap_or(false),
                thread,
            });
            desc.unit = counter_unit(c);
        }
        if desc.is_process {
            if let (Some(pid), Some(name)) = (desc.pid, desc.process_name.clone()) {
                self.process_names.insert(pid, name);
            }
        }
    }

    /// The counter description of `uuid`, if its descriptor has one.
    pub(super) fn counter_info(&self, uuid: u64) -> Option<CounterInfo> {
        self.descs.get(&uuid).and_then(|d| d.counter)
    }

    /// The model track for slices and instants on `uuid`, made on first use. A track
    /// that has no name of its own (an async track) is named after `first_event`, the name
    /// of the first event placed on it, as Perfetto does.
    pub(super) fn slice_track(
        &mut self,
        uuid: u64,
        first_event: StrId,
        b: &mut TraceBuilder,
    ) -> TrackId {
        if let Some(&t) = self.slice_tracks.get(&uuid) {
            return t;
        }
        let t = self.make_track(uuid, TrackKind::Slices, b);
        let unnamed = self.descs.get(&uuid).is_some_and(|d| {
            d.name.is_none() && d.tid.is_none() && !d.is_process && d.counter.is_none()
        });
        if unnamed && first_event != StrId::EMPTY {
            let name = b.strings().get(first_event).to_owned();
            b.set_track_name(t, &name);
            self.names[t.index()] = first_event;
        }
        self.slice_tracks.insert(uuid, t);
        t
    }

    /// The model counter track for `uuid`, made on first use.
    pub(super) fn counter_track(&mut self, uuid: u64, b: &mut TraceBuilder) -> TrackId {
        if let Some(&t) = self.counter_tracks.get(&uuid) {
            return t;
        }
        let t = self.make_track(uuid, TrackKind::Counter, b);
        self.counter_tracks.insert(uuid, t);
        t
    }

    fn make_track(&mut self, uuid: u64, kind: TrackKind, b: &mut TraceBuilder) -> TrackId {
        let key = self.group_key(uuid);
        let process = self.group(&key, b);
        if uuid != 0 && !self.descs.contains_key(&uuid) {
            b.diagnostics().record(DiagnosticKind::UnknownTrackUuid, || {
                format!("events use track {uuid}, which no TrackDescriptor describes; shown under \"Global\"")
            });
        }
        let desc = self.descs.get(&uuid).cloned().unwrap_or_default();
        let (name, sort) = if kind == TrackKind::Counter {
            let name = desc.name.clone().unwrap_or_else(|| match desc.counter {
                Some(CounterInfo {
                    thread: Some(ThreadCounter::Time),
                    ..
                }) => "thread_time".to_owned(),
                Some(CounterInfo {
                    thread: Some(ThreadCounter::Instructions),
                    ..
                }) => "thread_instruction_count".to_owned(),
                _ => format!("Counter {uuid}"),
            });
            (name, SORT_COUNTER + desc.first_seen as i64)
        } else if let Some(tid) = desc.tid {
            let name = (desc.thread_name.clone())
                .or(desc.name.clone())
                .unwrap_or_else(|| format!("Thread {tid}"));
            (name, SORT_THREAD + i64::from(tid))
        } else if desc.is_process {
            let name = desc
                .name
                .clone()
                .unwrap_or_else(|| "Process-wide".to_owned());
            (name, SORT_PROCESS_WIDE)
        } else if uuid == 0 {
            ("Global".to_owned(), SORT_CUSTOM)
        } else {
            let name = desc.name.clone().unwrap_or_else(|| format!("Track {uuid}"));
            (name, SORT_CUSTOM + desc.first_seen as i64)
        };
        let track = b.add_track(process, &name, &uuid.to_string(), sort, kind);
        if kind == TrackKind::Slices && desc.tid.is_some() {
            b.set_track_role(track, TrackRole::HostThread);
        }
        if kind == TrackKind::Counter && desc.unit.is_some() {
            b.counter_meta(track).unit = desc.unit;
        }
        if self.names.len() <= track.index() {
            self.names.resize(track.index() + 1, StrId::EMPTY);
        }
        self.names[track.index()] = b.intern(&name);
        track
    }

    /// The name given to a model track made here.
    pub(super) fn name_of(&self, track: TrackId) -> StrId {
        self.names
            .get(track.index())
            .copied()
            .unwrap_or(StrId::EMPTY)
    }

    /// The group of `uuid`: its pid if it or an ancestor has one, else its root track.
    fn group_key(&self, uuid: u64) -> GroupKey {
        let mut at = uuid;
        for _ in 0..MAX_PARENT_DEPTH {
            let Some(d) = self.descs.get(&at) else {
                return GroupKey::Global;
            };
            if let Some(pid) = d.pid {
                return GroupKey::Pid(pid);
            }
            match d.parent {
                Some(parent) if parent != at => at = parent,
                _ => return GroupKey::Root(at),
            }
        }
        GroupKey::Global
    }

    fn group(&mut self, key: &GroupKey, b: &mut TraceBuilder) -> ProcessId {
        if let Some(&p) = self.groups.get(key) {
            return p;
        }
        let p = match key {
            GroupKey::Pid(pid) => {
                let name = (self.process_names.get(pid).cloned())
                    .unwrap_or_else(|| format!("Process {pid}"));
                let p = b.add_process(&name, &pid.to_string(), i64::from(*pid));
                b.set_process_role(p, ProcessRole::Host);
                p
            }
            GroupKey::Root(uuid) => {
                let desc = self.descs.get(uuid);
                let name =
                    (desc.and_then(|d| d.name.clone())).unwrap_or_else(|| format!("Track {uuid}"));
                let first = desc.map_or(0, |d| d.first_seen as i64);
                b.add_process(&name, &uuid.to_string(), SORT_ROOT_GROUP + first)
            }
            GroupKey::Global => b.add_process("Global", "", SORT_ROOT_GROUP - 1),
        };
        self.groups.insert(key.clone(), p);
        p
    }
}

fn non_empty(s: &Option<String>) -> Option<&str> {
    s.as_deref().filter(|s| !s.is_empty())
}

/// The unit a `CounterDescriptor` states for its values (which the importer has already
/// multiplied by `unit_multiplier`, so they are in the base unit): `unit_name` when given,
/// else the `Unit` enum (`UNIT_TIME_NS` → `ns`, `UNIT_COUNT` → `count`, `UNIT_SIZE_BYTES` →
/// `bytes`), else what a built-in type implies (thread time: `ns`, instruction count:
/// `count`); `None` when it says nothing.
fn counter_unit(c: &proto::CounterDescriptor) -> Option<String> {
    if let Some(name) = non_empty(&c.unit_name) {
        return Some(name.to_owned());
    }
    let unit = match (c.unit, c.r#type) {
        (Some(1), _) | (None | Some(0), Some(1)) => "ns",
        (Some(2), _) | (None | Some(0), Some(2)) => "count",
        (Some(3), _) => "bytes",
        _ => return None,
    };
    Some(unit.to_owned())
}
