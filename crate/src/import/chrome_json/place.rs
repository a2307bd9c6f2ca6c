//! Placing read events into the model: processes and tracks by `pid`/`tid` text, `B`/`E`
//! stacks per track, `M` names and sort indices, time relative to the first event.

use super::event::{EventFields, Micros, Phase};
use crate::diagnostics::Severity;
use crate::model::{
    ArgValue, CategoryId, Format, PS_PER_NS, ProcessId, Ps, StrId, Trace, TraceBuilder, TrackId,
    TrackKind,
};
use hashbrown::HashMap;

/// Default sort keys of processes and threads whose id is not a number start here, after
/// any numeric id, in order of first appearance.
const NON_NUMERIC_SORT_BASE: i64 = 1 << 40;

/// A `B` event waiting for its `E`.
#[derive(Debug)]
struct OpenSlice {
    start: Ps,
    name: StrId,
    category: CategoryId,
    args: Vec<(StrId, ArgValue)>,
}

/// Interned keys and `M` event names compared on every metadata event.
#[derive(Clone, Copy, Debug)]
struct WellKnown {
    name: StrId,
    sort_index: StrId,
    labels: StrId,
    process_name: StrId,
    thread_name: StrId,
    process_sort_index: StrId,
    thread_sort_index: StrId,
    process_labels: StrId,
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
        }
    }
}

/// Import state between events.
#[derive(Debug)]
pub(super) struct Placer {
    pub(super) b: TraceBuilder,
    known: WellKnown,
    processes: HashMap<String, ProcessId>,
    /// Keyed by `pid`, U+001F, `tid`.
    tracks: HashMap<String, TrackId>,
    track_key: String,
    /// Open `B` slices, indexed by track.
    open: Vec<Vec<OpenSlice>>,
    origin_ns: Option<i64>,
    /// Latest end seen, where unclosed `B` slices are closed.
    latest: Ps,
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
            open: Vec::new(),
            origin_ns: None,
            latest: Ps::MIN,
            unknown_phases: Vec::new(),
            entries_with_phase: 0,
        }
    }

    /// True once something that can be drawn and named was read.
    pub(super) fn has_usable(&self) -> bool {
        self.b.placed_count() > 0 || self.open.iter().any(|s| !s.is_empty())
    }

    /// Counts an array entry that is not an object: an event without a phase.
    pub(super) fn not_an_event(&mut self, offset: usize) {
        self.b.count_source_events(1);
        self.b
            .diagnostics()
            .report("not_an_event", Severity::DataLoss, || {
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
            Phase::Begin => self.begin(ev),
            Phase::End => self.end(ev),
            Phase::Instant => self.instant(ev),
            Phase::Metadata => self.metadata_event(ev),
            Phase::Other => self.count_unknown_phase(ev),
            Phase::Missing => self.report_missing_phase(ev),
        }
    }

    /// An entry without `ph` is skipped; an empty one (JAX ends its array with `{}`) loses
    /// nothing, so it is only Info.
    fn report_missing_phase(&mut self, ev: &EventFields) {
        let empty = ev.name == StrId::EMPTY && ev.ts == Micros::Absent && ev.args.is_empty();
        let severity = if empty {
            Severity::Info
        } else {
            Severity::DataLoss
        };
        let name = self.b.strings().get(ev.name).to_owned();
        self.b.diagnostics().report("missing_phase", severity, || {
            if empty {
                "an entry without \"ph\", \"name\" or \"ts\"; skipped".to_owned()
            } else {
                format!("event {name:?} has no \"ph\"; skipped")
            }
        });
    }

    fn complete(&mut self, ev: &EventFields) {
        let Some(start) = self.time(ev) else { return };
        let dur = match ev.dur {
            Micros::Ns(ns) => ns.saturating_mul(PS_PER_NS),
            Micros::Absent => {
                let name = self.b.strings().get(ev.name).to_owned();
                self.b
                    .diagnostics()
                    .report("missing_duration", Severity::Info, || {
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
        let args = self.args(&ev.args);
        self.b
            .add_slice(track, start, dur, ev.name, ev.category, args);
        self.latest = self.latest.max(start.saturating_add(dur));
    }

    fn begin(&mut self, ev: &EventFields) {
        let Some(start) = self.time(ev) else { return };
        let track = self.track(&ev.pid, &ev.tid);
        self.latest = self.latest.max(start);
        let open = OpenSlice {
            start,
            name: ev.name,
            category: ev.category,
            args: ev.args.clone(),
        };
        if let Some(stack) = self.open.get_mut(track.index()) {
            stack.push(open);
        }
    }

    /// Closes the innermost open `B` of the track; `E` args are merged into the slice's.
    fn end(&mut self, ev: &EventFields) {
        let Some(end) = self.time(ev) else { return };
        let track = self.track(&ev.pid, &ev.tid);
        self.latest = self.latest.max(end);
        let Some(open) = self.open.get_mut(track.index()).and_then(Vec::pop) else {
            let name = self.b.strings().get(ev.name).to_owned();
            let (pid, tid) = (ev.pid.clone(), ev.tid.clone());
            self.b
                .diagnostics()
                .report("unmatched_end", Severity::DataLoss, || {
                    format!("E {name:?} on pid {pid} tid {tid} has no open B; ignored")
                });
            return;
        };
        for &(key, value) in &open.args {
            if ev.arg(key).is_none() {
                self.b.push_arg(key, value);
            }
        }
        let args = self.args(&ev.args);
        let name = if open.name == StrId::EMPTY {
            ev.name
        } else {
            open.name
        };
        self.b.add_slice(
            track,
            open.start,
            end.saturating_sub(open.start),
            name,
            open.category,
            args,
        );
    }

    /// Instants of every scope go on the track of their pid/tid.
    fn instant(&mut self, ev: &EventFields) {
        let Some(time) = self.time(ev) else { return };
        let track = self.track(&ev.pid, &ev.tid);
        let args = self.args(&ev.args);
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
                .report("ignored_metadata_event", Severity::Info, || {
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
    fn time(&mut self, ev: &EventFields) -> Option<Ps> {
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
                self.b.diagnostics().report("timestamp_out_of_range", Severity::DataLoss, || {
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
            ("missing_timestamp", "has no")
        } else {
            ("invalid_timestamp", "has an unusable")
        };
        self.b.diagnostics().report(diag, Severity::DataLoss, || {
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

    /// Pushes `args` and closes the set.
    fn args(&mut self, args: &[(StrId, ArgValue)]) -> crate::model::ArgSetId {
        for &(key, value) in args {
            self.b.push_arg(key, value);
        }
        self.b.finish_args()
    }

    /// The process of `pid`, created with a default name and sort key on first use.
    fn process(&mut self, pid: &str) -> ProcessId {
        if let Some(&id) = self.processes.get(pid) {
            return id;
        }
        let sort = pid
            .parse::<i64>()
            .unwrap_or(NON_NUMERIC_SORT_BASE + self.processes.len() as i64);
        let name = default_name("Process", pid);
        let id = self.b.add_process(&name, pid, sort);
        self.processes.insert(pid.to_owned(), id);
        id
    }

    /// The track of (`pid`, `tid`), created with a default name and sort key on first use.
    fn track(&mut self, pid: &str, tid: &str) -> TrackId {
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
        self.tracks.insert(self.track_key.clone(), id);
        self.open.push(Vec::new());
        id
    }

    /// Closes open `B` slices at the latest time seen, reports per-phase counts, and
    /// builds the trace.
    pub(super) fn finish(mut self, replaced_chars: u64) -> Trace {
        self.close_open_slices();
        for (ph, count, name) in std::mem::take(&mut self.unknown_phases) {
            let example = format!(
                "ph {ph:?}: {count} events (first {:?}); not imported yet",
                self.b.strings().get(name)
            );
            self.b
                .diagnostics()
                .report_many("unknown_phase", Severity::DataLoss, count, example);
        }
        if replaced_chars > 0 {
            let example =
                format!("{replaced_chars} invalid escapes or UTF-8 sequences became U+FFFD");
            self.b.diagnostics().report_many(
                "invalid_string",
                Severity::Info,
                replaced_chars,
                example,
            );
        }
        self.b.finish()
    }

    fn close_open_slices(&mut self) {
        let latest = self.latest;
        for (t, stack) in std::mem::take(&mut self.open).into_iter().enumerate() {
            for open in stack.into_iter().rev() {
                let name = self.b.strings().get(open.name).to_owned();
                self.b
                    .diagnostics()
                    .report("unclosed_begin", Severity::DataLoss, || {
                        format!("B {name:?} has no E; closed at the end of the trace")
                    });
                let args = self.args(&open.args);
                let track = TrackId(t as u32);
                self.b.add_slice(
                    track,
                    open.start,
                    latest.saturating_sub(open.start),
                    open.name,
                    open.category,
                    args,
                );
            }
        }
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
