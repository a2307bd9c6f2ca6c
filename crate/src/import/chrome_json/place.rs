//! Placing read events into the model: processes and tracks by `pid`/`tid` text, `X`
//! slices, instants by scope, `M` names and sort indices, time relative to the first
//! event. The phases that need the whole file (`B`/`E`, async, flows) are buffered by
//! their own modules and resolved in [`Placer::finish`], so unsorted input is fine. Every
//! `pid` is a host and every `tid` a host thread until [`kineto::tag_devices`] finds device
//! work on them.

use super::async_slices::AsyncSlices;
use super::begin_end::BeginEnd;
use super::counters::Counters;
use super::event::{EventFields, Micros, Phase};
use super::flows::Flows;
use super::kineto::{self, MemoryCounters};
use crate::diagnostics::DiagnosticKind;
use crate::model::{
    ArgSetId, ArgValue, Format, PS_PER_NS, ProcessId, ProcessRole, Ps, StrId, Trace, TraceBuilder,
    TrackId, TrackKind, TrackRole,
};
use hashbrown::HashMap;

/// Default sort keys of processes and threads whose id is not a number start here, after
/// any numeric id, in order of first appearance.
const NON_NUMERIC_SORT_BASE: i64 = 1 << 40;

/// Sort keys of the tracks a process gets besides its threads: counters and process-scoped
/// instants first, async tracks after every thread.
const COUNTER_SORT_BASE: i64 = -(1 << 50);
const ASYNC_SORT_BASE: i64 = 1 << 50;

/// Interned keys and `M` event names compared on every metadata event.
#[derive(Clone, Copy, Debug)]
pub(super) struct WellKnown {
    name: StrId,
    sort_index: StrId,
    labels: StrId,
    process_name: StrId,
    thread_name: StrId,
    process_sort_index: StrId,
    thread_sort_index: StrId,
    process_labels: StrId,
    tts: StrId,
    tdur: StrId,
    /// Kineto's memory events, `[memory]`.
    pub(super) memory: StrId,
}

impl WellKnown {
    fn new(b: &mut TraceBuilder) -> Self {
        WellKnown {
            name: b.intern("name"),
            sort_index: b.intern("sort_index"),
            labels: b.intern("labels"),
            process_name: b.intern("process_name"),
            thread_name: b.intern("thread_name"),
            process_sort_index: b.intern("process_sort_index"),
            thread_sort_index: b.intern("thread_sort_index"),
            process_labels: b.intern("process_labels"),
            tts: b.intern("tts"),
            tdur: b.intern("tdur"),
            memory: b.intern("[memory]"),
        }
    }
}

/// Which extra track of a process (see [`Placer::extra_track`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Extra {
    /// Process-scoped instants (`"s": "p"`).
    ProcessInstants,
    /// A counter series.
    Counter,
    /// Async slices of one name.
    Async,
}

/// Import state between events.
#[derive(Debug)]
pub(super) struct Placer {
    pub(super) b: TraceBuilder,
    pub(super) known: WellKnown,
    processes: HashMap<String, ProcessId>,
    /// Keyed by `pid`, U+001F, `tid`.
    tracks: HashMap<String, TrackId>,
    track_key: String,
    /// The `pid`, `tid` and track of the last [`Placer::track`] call.
    last_track: Option<(String, String, TrackId)>,
    /// Tracks that are not threads, by (process, name, what).
    extra_tracks: HashMap<(ProcessId, StrId, Extra), TrackId>,
    /// The track of global instants (`"s": "g"`), in its own process.
    global_track: Option<TrackId>,
    origin_ns: Option<i64>,
    /// Latest time seen, where unclosed slices are closed.
    pub(super) latest: Ps,
    pub(super) begin_end: BeginEnd,
    pub(super) asyncs: AsyncSlices,
    pub(super) flows: Flows,
    pub(super) counters: Counters,
    pub(super) memory: MemoryCounters,
    /// Entries of unimplemented phases: (ph, count, first event name).
    unknown_phases: Vec<(String, u64, StrId)>,
    /// Array entries that had a `ph`.
    pub(super) entries_with_phase: u64,
}

impl Placer {
    pub(super) fn new() -> Self {
        let mut b = TraceBuilder::new(Format::ChromeJson);
        let known = WellKnown::new(&mut b);
        Placer {
            b,
            known,
            processes: HashMap::new(),
            tracks: HashMap::new(),
            track_key: String::new(),
            last_track: None,
            extra_tracks: HashMap::new(),
            global_track: None,
            origin_ns: None,
            latest: Ps::MIN,
            begin_end: BeginEnd::default(),
            asyncs: AsyncSlices::default(),
            flows: Flows::default(),
            counters: Counters::default(),
            memory: MemoryCounters::default(),
            unknown_phases: Vec::new(),
            entries_with_phase: 0,
        }
    }

    /// True once something that can be drawn and named was read.
    pub(super) fn has_usable(&self) -> bool {
        self.b.placed_count() > 0 || !self.begin_end.is_empty() || !self.asyncs.is_empty()
    }

    /// Counts an array entry that is not an object: an event without a phase.
    pub(super) fn not_an_event(&mut self, offset: usize) {
        self.b.count_source_events(1);
        self.b.diagnostics().record(DiagnosticKind::NotAnEvent, || {
            format!("entry at byte {offset} of the event array is not an object; skipped")
        });
    }

    /// Places one complete event.
    pub(super) fn place(&mut self, ev: &EventFields) {
        if ev.phase != Phase::Missing {
            self.entries_with_phase += 1;
        }
        if ev.phase != Phase::Metadata {
            self.b.count_source_events(1);
        }
        match ev.phase {
            Phase::Complete => self.complete(ev),
            Phase::Begin | Phase::End => self.begin_or_end(ev),
            Phase::Instant | Phase::Mark => self.instant(ev),
            Phase::Sample | Phase::MemoryDump => self.thread_instant(ev),
            Phase::Counter => self.counter(ev),
            Phase::AsyncBegin
            | Phase::AsyncEnd
            | Phase::AsyncInstant
            | Phase::LegacyStart
            | Phase::LegacyStep
            | Phase::LegacyFinish
            | Phase::ObjectNew
            | Phase::ObjectSnapshot
            | Phase::ObjectDelete => self.async_event(ev),
            Phase::FlowStart | Phase::FlowStep | Phase::FlowEnd => self.flow_event(ev),
            Phase::Metadata => self.metadata_event(ev),
            Phase::Other => self.count_unknown_phase(ev),
            Phase::Missing => self.report_missing_phase(ev),
        }
    }

    /// An entry without `ph` is skipped; an empty one (JAX ends its array with `{}`) loses
    /// nothing, so it is counted apart.
    fn report_missing_phase(&mut self, ev: &EventFields) {
        if ev.name == StrId::EMPTY && ev.ts == Micros::Absent && ev.args.is_empty() {
            self.b.diagnostics().record(DiagnosticKind::EmptyEvent, || {
                "an entry without \"ph\", \"name\" or \"ts\"; skipped".to_owned()
            });
            return;
        }
        let name = self.b.strings().get(ev.name).to_owned();
        self.b
            .diagnostics()
            .record(DiagnosticKind::MissingPhase, || {
                format!("event {name:?} has no \"ph\"; skipped")
            });
    }

    /// `X`: a slice now; a flow v2 end (`bind_id`, `flow_in`, `flow_out`) if it has one.
    fn complete(&mut self, ev: &EventFields) {
        let Some(start) = self.time(ev) else { return };
        let dur = match ev.dur {
            Micros::Ns(ns) => ns.saturating_mul(PS_PER_NS),
            Micros::Absent => {
                let name = self.b.strings().get(ev.name).to_owned();
                self.b
                    .diagnostics()
                    .record(DiagnosticKind::MissingDuration, || {
                        format!("X event {name:?} has no \"dur\"; drawn with duration 0")
                    });
                0
            }
            Micros::Invalid => {
                self.report_bad_time(ev, "dur");
                0
            }
        };
        let track = self.track(&ev.pid, &ev.tid);
        let args = self.args(ev);
        let slice = self
            .b
            .add_slice(track, start, dur, ev.name, ev.category, args);
        self.latest = self.latest.max(start.saturating_add(dur));
        if let Some(slice) = slice.filter(|_| ev.flow_in || ev.flow_out) {
            self.flows
                .bound_slice(ev, crate::model::FlowEnd::Slice(slice), start);
        }
    }

    /// `i`, `I`, `R`: on the thread (`"s": "t"` or none), process (`"p"`) or global (`"g"`)
    /// track. Kineto's `[memory]` instants also feed the memory counters.
    fn instant(&mut self, ev: &EventFields) {
        let Some(time) = self.time(ev) else { return };
        let track = match ev.scope {
            b'g' => self.global_track(),
            b'p' => {
                let process = self.process(&ev.pid);
                self.extra_track(process, "Process instants", Extra::ProcessInstants)
            }
            _ => self.track(&ev.pid, &ev.tid),
        };
        if ev.name == self.known.memory {
            kineto::memory_sample(self, ev, time);
        }
        let args = self.args(ev);
        self.b.add_instant(track, time, ev.name, ev.category, args);
        self.latest = self.latest.max(time);
    }

    /// `P` samples and `v`/`V` memory dumps: kept whole as instants on their thread.
    fn thread_instant(&mut self, ev: &EventFields) {
        let Some(time) = self.time(ev) else { return };
        let track = self.track(&ev.pid, &ev.tid);
        let args = self.args(ev);
        self.b.add_instant(track, time, ev.name, ev.category, args);
        self.latest = self.latest.max(time);
    }

    fn metadata_event(&mut self, ev: &EventFields) {
        let k = self.known;
        let (name_arg, sort_arg, labels_arg) =
            (ev.arg(k.name), ev.arg(k.sort_index), ev.arg(k.labels));
        let text = |v: Option<ArgValue>| match v {
            Some(ArgValue::Str(s)) => Some(s),
            _ => None,
        };
        let sort = match sort_arg {
            Some(ArgValue::Int(v)) => Some(v),
            Some(ArgValue::Float(v)) if v.is_finite() => Some(v as i64),
            _ => None,
        };
        let process = self.process(&ev.pid);
        if ev.name == k.process_name {
            if let Some(name) = text(name_arg) {
                let name = self.b.strings().get(name).to_owned();
                self.b.set_process_name(process, &name);
            }
        } else if ev.name == k.process_sort_index {
            if let Some(sort) = sort {
                self.b.set_process_sort_index(process, sort);
            }
        } else if ev.name == k.thread_name {
            let track = self.track(&ev.pid, &ev.tid);
            if let Some(name) = text(name_arg) {
                let name = self.b.strings().get(name).to_owned();
                self.b.set_track_name(track, &name);
            }
        } else if ev.name == k.thread_sort_index {
            let track = self.track(&ev.pid, &ev.tid);
            if let Some(sort) = sort {
                self.b.set_track_sort_index(track, sort);
            }
        } else if ev.name == k.process_labels {
            if let Some(labels) = text(labels_arg) {
                let labels = self.b.strings().get(labels).to_owned();
                self.b.set_process_labels(process, &labels);
            }
        } else {
            let name = self.b.strings().get(ev.name).to_owned();
            self.b
                .diagnostics()
                .record(DiagnosticKind::MetadataEventIgnored, || {
                    format!("M event {name:?} is not used")
                });
        }
    }

    fn count_unknown_phase(&mut self, ev: &EventFields) {
        match self
            .unknown_phases
            .iter_mut()
            .find(|(ph, _, _)| *ph == ev.ph_text)
        {
            Some(entry) => entry.1 += 1,
            None => self.unknown_phases.push((ev.ph_text.clone(), 1, ev.name)),
        }
    }

    /// The event's `ts` relative to the origin (the first placed event's `ts`), in ps.
    /// `None` (with a diagnostic) if it is missing or unusable.
    pub(super) fn time(&mut self, ev: &EventFields) -> Option<Ps> {
        let ns = match ev.ts {
            Micros::Ns(ns) => ns,
            Micros::Absent | Micros::Invalid => {
                self.report_bad_time(ev, "ts");
                return None;
            }
        };
        let origin = *self.origin_ns.get_or_insert_with(|| {
            self.b.set_origin_ns(ns);
            ns
        });
        match ns
            .checked_sub(origin)
            .and_then(|d| d.checked_mul(PS_PER_NS))
        {
            Some(ps) => Some(ps),
            None => {
                let name = self.b.strings().get(ev.name).to_owned();
                self.b.diagnostics().record(DiagnosticKind::TimestampOutOfRange, || {
                    format!("{name:?} at {ns} ns is too far from the first event ({origin} ns); skipped")
                });
                None
            }
        }
    }

    fn report_bad_time(&mut self, ev: &EventFields, field: &'static str) {
        let name = self.b.strings().get(ev.name).to_owned();
        let missing = field == "ts" && ev.ts == Micros::Absent;
        let (diag, what) = if missing {
            (DiagnosticKind::MissingTimestamp, "has no")
        } else {
            (DiagnosticKind::InvalidTimestamp, "has an unusable")
        };
        self.b.diagnostics().record(diag, || {
            format!(
                "event {name:?} {what} \"{field}\"; {}",
                if field == "ts" {
                    "skipped"
                } else {
                    "duration 0"
                }
            )
        });
    }

    /// Pushes the event's `args` (then `tts`/`tdur` when present) and closes the set.
    pub(super) fn args(&mut self, ev: &EventFields) -> ArgSetId {
        self.b.push_args(&ev.args);
        let keys = [self.known.tts, self.known.tdur];
        for (key, value) in keys.into_iter().zip(ev.thread_time) {
            if let Some(value) = value {
                self.b.push_arg(key, value);
            }
        }
        self.b.finish_args()
    }

    /// The process of `pid`, created with a default name and sort key on first use.
    pub(super) fn process(&mut self, pid: &str) -> ProcessId {
        if let Some(&id) = self.processes.get(pid) {
            return id;
        }
        let sort = pid
            .parse::<i64>()
            .unwrap_or(NON_NUMERIC_SORT_BASE + self.processes.len() as i64);
        let name = default_name("Process", pid);
        let id = self.b.add_process(&name, pid, sort);
        self.b.set_process_role(id, ProcessRole::Host);
        self.processes.insert(pid.to_owned(), id);
        id
    }

    /// The track of (`pid`, `tid`), created with a default name and sort key on first use.
    pub(super) fn track(&mut self, pid: &str, tid: &str) -> TrackId {
        // Runs of events on one thread are the rule: check the last track before hashing.
        if let Some((last_pid, last_tid, id)) = &self.last_track {
            if last_pid == pid && last_tid == tid {
                return *id;
            }
        }
        let id = self.track_by_key(pid, tid);
        let (last_pid, last_tid, last_id) = self
            .last_track
            .get_or_insert_with(|| (String::new(), String::new(), id));
        last_pid.clear();
        last_pid.push_str(pid);
        last_tid.clear();
        last_tid.push_str(tid);
        *last_id = id;
        id
    }

    /// [`Self::track`] through the map.
    fn track_by_key(&mut self, pid: &str, tid: &str) -> TrackId {
        self.track_key.clear();
        self.track_key.push_str(pid);
        self.track_key.push('\u{1f}');
        self.track_key.push_str(tid);
        if let Some(&id) = self.tracks.get(self.track_key.as_str()) {
            return id;
        }
        let process = self.process(pid);
        let sort = tid
            .parse::<i64>()
            .unwrap_or(NON_NUMERIC_SORT_BASE + self.tracks.len() as i64);
        let name = default_name("Thread", tid);
        let id = self
            .b
            .add_track(process, &name, tid, sort, TrackKind::Slices);
        self.b.set_track_role(id, TrackRole::HostThread);
        self.tracks.insert(self.track_key.clone(), id);
        id
    }

    /// A track of `process` that is not a thread, by name and kind, created on first use:
    /// counters and process instants sort before the threads, async tracks after them.
    pub(super) fn extra_track(&mut self, process: ProcessId, name: &str, what: Extra) -> TrackId {
        let name_id = self.b.intern(name);
        if let Some(&id) = self.extra_tracks.get(&(process, name_id, what)) {
            return id;
        }
        let n = self.extra_tracks.len() as i64;
        let (kind, sort) = match what {
            Extra::ProcessInstants => (TrackKind::Slices, COUNTER_SORT_BASE + n),
            Extra::Counter => (TrackKind::Counter, COUNTER_SORT_BASE + n),
            Extra::Async => (TrackKind::Async, ASYNC_SORT_BASE + n),
        };
        let id = self.b.add_track(process, name, "", sort, kind);
        self.extra_tracks.insert((process, name_id, what), id);
        id
    }

    /// The track of global instants, in a process of its own shown first.
    fn global_track(&mut self) -> TrackId {
        if let Some(id) = self.global_track {
            return id;
        }
        let process = self.b.add_process("Global", "", i64::MIN);
        let id = self
            .b
            .add_track(process, "Global instants", "", 0, TrackKind::Slices);
        self.global_track = Some(id);
        id
    }

    /// Resolves what needed the whole file, reports per-phase counts, and builds the trace.
    pub(super) fn finish(mut self, replaced_chars: u64) -> Trace {
        BeginEnd::finish(&mut self);
        AsyncSlices::finish(&mut self);
        Counters::finish(&mut self);
        Flows::finish(&mut self);
        for (ph, count, name) in std::mem::take(&mut self.unknown_phases) {
            let example = format!(
                "ph {ph:?}: {count} events (first {:?}); not imported",
                self.b.strings().get(name)
            );
            self.b
                .diagnostics()
                .record_many(DiagnosticKind::UnknownPhase, count, example);
        }
        if replaced_chars > 0 {
            let example =
                format!("{replaced_chars} invalid escapes or UTF-8 sequences became U+FFFD");
            self.b.diagnostics().record_many(
                DiagnosticKind::InvalidString,
                replaced_chars,
                example,
            );
        }
        let memory_deltas = std::mem::take(&mut self.memory.delta_tracks);
        let mut trace = self.b.finish();
        kineto::sum_memory_deltas(&mut trace, &memory_deltas);
        kineto::link_launches_by_correlation(&mut trace);
        kineto::tag_devices(&mut trace);
        trace
    }
}

/// The name of a process or thread without a metadata name: `Thread 25738` for a numeric id,
/// the id itself for a textual one (Kineto's `stream 7`, `PyTorch Profiler`), and
/// `Thread (no tid)` for none.
fn default_name(kind: &str, id: &str) -> String {
    if id.is_empty() {
        format!(
            "{kind} (no {})",
            if kind == "Thread" { "tid" } else { "pid" }
        )
    } else if id.parse::<i64>().is_ok() {
        format!("{kind} {id}")
    } else {
        id.to_owned()
    }
}
