//! Placing decoded track events into the model: instants, counter samples and flow points
//! at once; BEGINs and ENDs kept per track and matched at the end in time order (packets of
//! different sequences are not in time order in the file, and a track may be written by
//! several sequences), with thread-time args.

use super::annotations::{Flattener, report_unknown_iid};
use super::event::{
    Number, RawEvent, TYPE_COUNTER, TYPE_INSTANT, TYPE_SLICE_BEGIN, TYPE_SLICE_END,
};
use super::flows::Flows;
use super::sequence::Sequence;
use super::tracks::{CounterInfo, ThreadCounter, Tracks};
use crate::diagnostics::DiagnosticKind;
use crate::model::{ArgSetId, ArgValue, CategoryId, PS_PER_US, Ps, StrId, TraceBuilder, TrackId};

/// What an event does, from its `type` or, without one, its legacy phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Begin,
    End,
    Instant,
    Counter,
    /// A legacy `X` event with its duration.
    Complete(Ps),
}

/// A BEGIN waiting for its END.
#[derive(Debug)]
struct Open {
    start: Ps,
    name: StrId,
    category: CategoryId,
    args: ArgSetId,
    /// Flow slot, if the BEGIN named flows.
    slot: Option<u32>,
    /// Thread time and instruction count at the BEGIN, if the event carried them.
    thread: [Option<f64>; 2],
}

/// An END as read: its own args, thread counters and flow slot.
#[derive(Debug)]
struct End {
    args: Vec<(StrId, ArgValue)>,
    thread: [Option<f64>; 2],
    slot: Option<u32>,
}

/// A BEGIN or END of one track, in input order until matched.
#[derive(Debug)]
struct Edge {
    time: Ps,
    what: EdgeKind,
}

#[derive(Debug)]
enum EdgeKind {
    Begin(Open),
    End(End),
}

/// Import state for events.
#[derive(Debug)]
pub(super) struct Placer {
    pub b: TraceBuilder,
    pub tracks: Tracks,
    /// BEGINs and ENDs, by model track.
    edges: Vec<Vec<Edge>>,
    /// Args of the event being placed (reused).
    scratch: Vec<(StrId, ArgValue)>,
    /// Extra counter values of the event being placed (reused).
    counter_scratch: Vec<(u64, Number)>,
    flows: Flows,
    /// Latest time seen, where unclosed slices are closed.
    latest: Ps,
    /// Legacy phases not imported: (phase, count).
    legacy_skipped: Vec<(u64, u64)>,
    keys: Keys,
}

/// Arg keys added by the importer.
#[derive(Debug)]
struct Keys {
    posted_from: StrId,
    source_location: StrId,
    thread_dur: StrId,
    thread_instructions: StrId,
}

impl Placer {
    pub(super) fn new(mut b: TraceBuilder, tracks: Tracks) -> Self {
        let keys = Keys {
            posted_from: b.intern("task.posted_from"),
            source_location: b.intern("source_location"),
            thread_dur: b.intern("thread_dur_ns"),
            thread_instructions: b.intern("thread_instruction_delta"),
        };
        Placer {
            b,
            tracks,
            edges: Vec::new(),
            scratch: Vec::new(),
            counter_scratch: Vec::new(),
            flows: Flows::default(),
            latest: Ps::MIN,
            legacy_skipped: Vec::new(),
            keys,
        }
    }

    /// True once something that can be drawn was read.
    pub(super) fn has_usable(&self) -> bool {
        self.b.placed_count() > 0
            || (self.edges.iter().flatten()).any(|e| matches!(e.what, EdgeKind::Begin(_)))
    }

    /// Places one event at `time` on sequence `seq`.
    pub(super) fn event(&mut self, ev: &RawEvent, seq: &mut Sequence, time: Ps) {
        let Some(action) = self.action(ev) else {
            return;
        };
        self.latest = self.latest.max(time);
        let uuid = ev.track_uuid.or(seq.default_track).unwrap_or(0);
        let thread = self.extra_counters(ev, seq, time);
        match action {
            Action::Counter => self.counter(ev, seq, uuid, time),
            Action::Begin => {
                let (name, category) = self.name_and_category(ev, seq);
                let track = self.tracks.slice_track(uuid, name, &mut self.b);
                let args = self.args(ev, seq);
                let slot = self.flow_slot(ev, time);
                let what = EdgeKind::Begin(Open {
                    start: time,
                    name,
                    category,
                    args,
                    slot,
                    thread,
                });
                self.edges_of(track).push(Edge { time, what });
            }
            Action::End => {
                let track = self.tracks.slice_track(uuid, StrId::EMPTY, &mut self.b);
                let mut args = Vec::new();
                self.flatten(ev, seq, &mut args);
                let slot = self.flow_slot(ev, time);
                let what = EdgeKind::End(End { args, thread, slot });
                self.edges_of(track).push(Edge { time, what });
            }
            Action::Instant | Action::Complete(_) => {
                let (name, category) = self.name_and_category(ev, seq);
                let track = self.tracks.slice_track(uuid, name, &mut self.b);
                let args = self.args(ev, seq);
                match (action, self.flow_slot(ev, time)) {
                    (Action::Complete(dur), slot) => {
                        let id = self.b.add_slice(track, time, dur, name, category, args);
                        self.latest = self.latest.max(time.saturating_add(dur));
                        if let (Some(slot), Some(id)) = (slot, id) {
                            self.flows.fill(slot, id);
                        }
                    }
                    // An instant on a flow becomes a zero-length slice, so the arrow has an end.
                    (_, Some(slot)) => {
                        if let Some(id) = self.b.add_slice(track, time, 0, name, category, args) {
                            self.flows.fill(slot, id);
                        }
                    }
                    (_, None) => self.b.add_instant(track, time, name, category, args),
                }
            }
        }
    }

    /// The event's action; `None` (counted) when it has neither a known type nor a legacy
    /// phase that is imported.
    fn action(&mut self, ev: &RawEvent) -> Option<Action> {
        match ev.kind.unwrap_or(0) {
            TYPE_SLICE_BEGIN => return Some(Action::Begin),
            TYPE_SLICE_END => return Some(Action::End),
            TYPE_INSTANT => return Some(Action::Instant),
            TYPE_COUNTER => return Some(Action::Counter),
            _ => {}
        }
        let legacy = ev.legacy.unwrap_or_default();
        let phase = legacy.phase.unwrap_or(0);
        match u8::try_from(phase).unwrap_or(0) {
            b'B' | b'b' => Some(Action::Begin),
            b'E' | b'e' => Some(Action::End),
            b'I' | b'i' | b'R' | b'n' => Some(Action::Instant),
            b'X' => {
                let dur = legacy.duration_us.unwrap_or(0).saturating_mul(PS_PER_US);
                Some(Action::Complete(dur))
            }
            _ => {
                match self.legacy_skipped.iter_mut().find(|(p, _)| *p == phase) {
                    Some((_, n)) => *n += 1,
                    None => self.legacy_skipped.push((phase, 1)),
                }
                None
            }
        }
    }

    /// Matches the BEGINs and ENDs of one track in time order (input order for equal
    /// times): an END closes the innermost open slice; its args are added to the BEGIN's,
    /// and thread time and instruction deltas become args.
    fn match_edges(&mut self, track: TrackId, mut edges: Vec<Edge>) {
        if !edges.is_sorted_by_key(|e| e.time) {
            edges.sort_by_key(|e| e.time);
        }
        let mut stack: Vec<Open> = Vec::new();
        for edge in edges {
            match edge.what {
                EdgeKind::Begin(open) => stack.push(open),
                EdgeKind::End(end) => match stack.pop() {
                    Some(open) => self.close(track, open, edge.time, end),
                    None => {
                        let track_name = self.track_name(track);
                        self.b
                            .diagnostics()
                            .record(DiagnosticKind::UnmatchedEnd, || {
                                format!("SLICE_END on track {track_name:?} has no open SLICE_BEGIN; ignored")
                            });
                    }
                },
            }
        }
        let end = self.latest;
        while let Some(open) = stack.pop() {
            let name = self.b.strings().get(open.name).to_owned();
            let track_name = self.track_name(track);
            self.b
                .diagnostics()
                .record(DiagnosticKind::UnclosedBegin, || {
                    format!("SLICE_BEGIN {name:?} on track {track_name:?} never ends; closed at the trace end")
                });
            let at_end = End {
                args: Vec::new(),
                thread: [None, None],
                slot: None,
            };
            let end_time = end.max(open.start);
            self.close(track, open, end_time, at_end);
        }
    }

    /// Adds the slice of a matched BEGIN and END.
    fn close(&mut self, track: TrackId, open: Open, end_time: Ps, end: End) {
        let keys = [self.keys.thread_dur, self.keys.thread_instructions];
        let mut extra = !end.args.is_empty();
        for &(key, value) in &end.args {
            self.b.push_arg(key, value);
        }
        for (k, (begin, end)) in open.thread.iter().zip(end.thread).enumerate() {
            if let (Some(begin), Some(end)) = (begin, end) {
                self.b
                    .push_arg(keys[k], ArgValue::Int((end - begin) as i64));
                extra = true;
            }
        }
        let args = if extra {
            self.b.inherit_args(open.args);
            self.b.finish_args()
        } else {
            open.args
        };
        let dur = end_time.saturating_sub(open.start);
        let Some(id) = (self.b).add_slice(track, open.start, dur, open.name, open.category, args)
        else {
            return;
        };
        for slot in [open.slot, end.slot].into_iter().flatten() {
            self.flows.fill(slot, id);
        }
    }

    /// A `TYPE_COUNTER` event: one sample on the counter track `uuid`.
    fn counter(&mut self, ev: &RawEvent, seq: &mut Sequence, uuid: u64, time: Ps) {
        let Some(value) = ev.counter else {
            self.b
                .diagnostics()
                .record(DiagnosticKind::CounterWithoutValue, || {
                    format!("a TYPE_COUNTER event on track {uuid} has no value; skipped")
                });
            return;
        };
        let value = counter_value(seq, uuid, self.tracks.counter_info(uuid), value);
        let track = self.tracks.counter_track(uuid, &mut self.b);
        self.b.add_counter_sample(track, time, value);
    }

    /// `extra_counter_values` / `extra_double_counter_values`: samples on their counter
    /// tracks, except built-in thread counters, which are returned (thread time in ns,
    /// instruction count) for the slice's args.
    fn extra_counters(&mut self, ev: &RawEvent, seq: &mut Sequence, time: Ps) -> [Option<f64>; 2] {
        let mut thread = [None, None];
        if ev.extra_values.is_empty() && ev.extra_double_values.is_empty() {
            return thread;
        }
        let ints = if ev.has_extra_uuids {
            &ev.extra_uuids
        } else {
            &seq.default_extra_counters
        };
        let doubles = if ev.has_extra_double_uuids {
            &ev.extra_double_uuids
        } else {
            &seq.default_extra_double_counters
        };
        let missing =
            ev.extra_values.len() > ints.len() || ev.extra_double_values.len() > doubles.len();
        let mut values = std::mem::take(&mut self.counter_scratch);
        values.clear();
        values.extend(
            ints.iter()
                .copied()
                .zip(ev.extra_values.iter().map(|&v| Number::Int(v))),
        );
        values.extend(
            (doubles.iter().copied())
                .zip(ev.extra_double_values.iter().map(|&v| Number::Double(v))),
        );
        for &(uuid, value) in &values {
            let info = self.tracks.counter_info(uuid);
            let value = counter_value(seq, uuid, info, value);
            match info.and_then(|c| c.thread) {
                Some(ThreadCounter::Time) => thread[0] = Some(value),
                Some(ThreadCounter::Instructions) => thread[1] = Some(value),
                None => {
                    let track = self.tracks.counter_track(uuid, &mut self.b);
                    self.b.add_counter_sample(track, time, value);
                }
            }
        }
        self.counter_scratch = values;
        if missing {
            self.b
                .diagnostics()
                .record(DiagnosticKind::ExtraCounterWithoutTrack, || {
                    "an event has more extra counter values than counter track uuids; the rest are skipped".to_owned()
                });
        }
        thread
    }

    /// A flow slot if the event names flows (`flow_ids`, `terminating_flow_ids`, or a
    /// legacy `bind_id`), with its points added.
    fn flow_slot(&mut self, ev: &RawEvent, time: Ps) -> Option<u32> {
        let legacy = ev.legacy.and_then(|l| Some((l.bind_id?, l.flow_direction)));
        if ev.flow_ids.is_empty() && ev.terminating_flow_ids.is_empty() && legacy.is_none() {
            return None;
        }
        let slot = self.flows.new_slot();
        for &id in &ev.flow_ids {
            self.flows.add(id, time, slot, false);
        }
        for &id in &ev.terminating_flow_ids {
            self.flows.add(id, time, slot, true);
        }
        if let Some((id, direction)) = legacy {
            // FLOW_IN (1) ends the flow here; FLOW_OUT (2) and FLOW_INOUT (3) continue it.
            self.flows.add(id, time, slot, direction == 1);
        }
        Some(slot)
    }

    fn name_and_category(&mut self, ev: &RawEvent, seq: &Sequence) -> (StrId, CategoryId) {
        let name = match (ev.name, ev.name_iid.or(ev.legacy.and_then(|l| l.name_iid))) {
            (Some(text), _) => self.b.intern_bytes(text).0,
            (None, Some(iid)) => match seq.interned.names.get(&iid) {
                Some(&id) => id,
                None => {
                    report_unknown_iid(&mut self.b, "event name", iid);
                    self.b.intern(&format!("name#{iid}"))
                }
            },
            (None, None) => StrId::EMPTY,
        };
        let category = match (ev.category_iids.as_slice(), ev.categories.as_slice()) {
            ([iid], _) => match seq.interned.categories.get(iid) {
                Some(&sid) => self.b.category_of(sid),
                None => {
                    report_unknown_iid(&mut self.b, "category", *iid);
                    CategoryId::NONE
                }
            },
            ([], []) => CategoryId::NONE,
            ([], names) => {
                let joined: Vec<String> = names
                    .iter()
                    .map(|n| String::from_utf8_lossy(n).into_owned())
                    .collect();
                self.b.category(&joined.join(","))
            }
            (iids, _) => {
                let joined: Vec<&str> = iids
                    .iter()
                    .filter_map(|iid| seq.interned.categories.get(iid))
                    .map(|&sid| self.b.strings().get(sid))
                    .collect();
                let joined = joined.join(",");
                self.b.category(&joined)
            }
        };
        (name, category)
    }

    /// The event's args as a finished set: annotations, then the task's source location.
    fn args(&mut self, ev: &RawEvent, seq: &Sequence) -> ArgSetId {
        let mut scratch = std::mem::take(&mut self.scratch);
        self.flatten(ev, seq, &mut scratch);
        for (key, value) in scratch.drain(..) {
            self.b.push_arg(key, value);
        }
        self.scratch = scratch;
        let locations = [
            (self.keys.posted_from, ev.posted_from_iid),
            (self.keys.source_location, ev.source_location_iid),
        ];
        for (key, iid) in locations {
            let Some(iid) = iid else { continue };
            match seq.interned.source_locations.get(&iid) {
                Some(&text) => self.b.push_arg(key, ArgValue::Str(text)),
                None => report_unknown_iid(&mut self.b, "source location", iid),
            }
        }
        self.b.finish_args()
    }

    /// Appends the event's debug annotations to `out` as args.
    fn flatten(&mut self, ev: &RawEvent, seq: &Sequence, out: &mut Vec<(StrId, ArgValue)>) {
        let mut flattener = Flattener::new(&seq.interned, out);
        for bytes in &ev.annotations {
            if flattener.push(bytes, &mut self.b).is_err() {
                self.b
                    .diagnostics()
                    .record(DiagnosticKind::MalformedAnnotation, || {
                        "a debug annotation does not decode; the args read before it are kept"
                            .to_owned()
                    });
                break;
            }
        }
    }

    fn edges_of(&mut self, track: TrackId) -> &mut Vec<Edge> {
        if self.edges.len() <= track.index() {
            self.edges.resize_with(track.index() + 1, Vec::new);
        }
        &mut self.edges[track.index()]
    }

    fn track_name(&self, track: TrackId) -> String {
        self.b.strings().get(self.tracks.name_of(track)).to_owned()
    }

    /// Matches BEGINs and ENDs (closing unclosed slices at the latest time seen), links
    /// flows and reports what was skipped.
    pub(super) fn finish(mut self) -> TraceBuilder {
        for (t, edges) in std::mem::take(&mut self.edges).into_iter().enumerate() {
            self.match_edges(TrackId(t as u32), edges);
        }
        std::mem::take(&mut self.flows).resolve(&mut self.b);
        for &(phase, n) in &self.legacy_skipped {
            let shown = u8::try_from(phase)
                .ok()
                .filter(u8::is_ascii_graphic)
                .map_or_else(|| phase.to_string(), |c| (c as char).to_string());
            self.b.diagnostics().record_many(
                DiagnosticKind::LegacyPhaseNotImported,
                n,
                format!("{n} legacy events of phase {shown:?} (samples, async steps, objects ...) are not drawn"),
            );
        }
        self.b
    }
}

/// A counter value with its descriptor's multiplier, summed first if it is incremental.
fn counter_value(seq: &mut Sequence, uuid: u64, info: Option<CounterInfo>, value: Number) -> f64 {
    let raw = match info {
        Some(c) if c.incremental => {
            let total = seq.counter_values.entry(uuid).or_insert(0.0);
            *total += value.as_f64();
            *total
        }
        _ => value.as_f64(),
    };
    raw * info.map_or(1.0, |c| c.multiplier)
}
