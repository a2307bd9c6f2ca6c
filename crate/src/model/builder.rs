//! [`TraceBuilder`]: what importers fill, and `finish`, which turns it into a [`Trace`].

use super::flow_ends::{self, FlowEnd, Nesting, PendingFlow};
use super::index::{LaneIndex, TrackIndex};
use super::lanes::assign_lanes;
use super::row_order::order_by_track;
use super::sampling::Sampler;
use super::{
    AggregateTable, ArgSetId, ArgTable, ArgValue, CategoryId, CategoryTable, CounterMeta,
    CounterMetaTable, CounterTable, Device, DeviceTable, FlowTable, Format, InstantTable, Metadata,
    PS_PER_NS, PS_PER_US, ProcessId, ProcessRole, ProcessTable, Ps, SliceId, SliceTable, StrId,
    StringTable, TimeOrigin, Trace, TrackId, TrackKind, TrackRole, TrackTable,
};
use super::{COUNTER_ROW_BYTES, INSTANT_ROW_BYTES, SLICE_ROW_BYTES};
use crate::diagnostics::{DiagnosticKind, Diagnostics};
use hashbrown::HashMap;
use std::ops::Range;

/// Bytes per packed arg set, as a reservation prices it: its end and parent, and a few
/// pairs of a few bytes.
const PACKED_SET_BYTES: usize = 16;
/// Bytes per arg pair (key, kind, payload: see `ArgTable::heap_bytes`).
const ARG_PAIR_BYTES: usize = 13;

/// Accumulates one trace. Importers add processes, tracks, slices, instants, counter samples
/// and flows in any order; `finish` sorts and indexes them.
#[derive(Debug)]
pub struct TraceBuilder {
    trace: Trace,
    /// False in a reduced-detail import: args are not stored.
    keep_args: bool,
    category_ids: HashMap<StrId, CategoryId>,
    /// Arrows with an end given by time, bound in `finish`.
    pending_flows: Vec<PendingFlow>,
    /// What is kept once the model reaches its memory budget.
    sampler: Sampler,
}

impl TraceBuilder {
    /// An empty builder for `format`.
    pub fn new(format: Format) -> Self {
        TraceBuilder {
            trace: Trace {
                format,
                origin: TimeOrigin::default(),
                strings: StringTable::default(),
                categories: CategoryTable::default(),
                processes: ProcessTable::default(),
                tracks: TrackTable::default(),
                slices: SliceTable::default(),
                instants: InstantTable::default(),
                counters: CounterTable::default(),
                flows: FlowTable::default(),
                aggregates: AggregateTable::default(),
                counter_meta: CounterMetaTable::default(),
                args: ArgTable::default(),
                metadata: Metadata::default(),
                devices: DeviceTable::default(),
                diagnostics: Diagnostics::default(),
                source_events: 0,
                index: TrackIndex::default(),
            },
            category_ids: HashMap::new(),
            keep_args: true,
            pending_flows: Vec::new(),
            sampler: Sampler::default(),
        }
    }

    /// Sets the model's memory budget in bytes (`u64::MAX`, the default: none). Past it the
    /// builder samples what it keeps, as [`super::sampling`] states, and `finish` reports a
    /// `degraded_import` diagnostic.
    pub fn set_model_budget(&mut self, bytes: u64) {
        self.sampler.set_budget(bytes);
    }

    /// Counts one addition for the sampler's periodic look at the model's size.
    #[inline]
    fn tick(&mut self) {
        let t = &self.trace;
        self.sampler.tick(|| {
            let (slices, instants, samples) = (
                t.slices.start.len(),
                t.instants.time.len(),
                t.counters.time.len(),
            );
            // Rows in use, not capacity: a column doubling its room must not jump levels.
            let bytes = slices * SLICE_ROW_BYTES
                + instants * INSTANT_ROW_BYTES
                + samples * COUNTER_ROW_BYTES
                + t.args.stored_pair_count() * ARG_PAIR_BYTES
                + t.args.packed_bytes()
                + t.strings.heap_bytes();
            (slices + instants + samples, bytes)
        });
    }

    /// Reduced detail: from now on args are not stored (`push_arg`, `inherit_args` do
    /// nothing and every set is empty), which roughly halves the model of a real profile.
    pub fn drop_args(&mut self) {
        self.keep_args = false;
    }

    /// Sets the source-clock time (ns) that relative time 0 stands for. Times given to
    /// `add_*` are relative to it; `finish` may move it to the earliest event.
    pub fn set_origin_ns(&mut self, source_ns: i64) {
        self.trace.origin.source_ns = source_ns;
    }

    /// Interns a string.
    pub fn intern(&mut self, s: &str) -> StrId {
        self.trace.strings.intern(s)
    }

    /// Interns UTF-8 given as bytes (validated only when new); the flag is true when invalid
    /// UTF-8 was replaced with U+FFFD.
    pub fn intern_bytes(&mut self, bytes: &[u8]) -> (StrId, bool) {
        self.trace.strings.intern_bytes(bytes)
    }

    /// The strings interned so far.
    pub fn strings(&self) -> &StringTable {
        &self.trace.strings
    }

    /// Interns a category. Past 65,535 distinct categories the rest share the last id,
    /// with a diagnostic.
    pub fn category(&mut self, name: &str) -> CategoryId {
        let sid = self.trace.strings.intern(name);
        self.category_of(sid)
    }

    /// The category named by an interned string (see [`Self::category`]).
    pub fn category_of(&mut self, sid: StrId) -> CategoryId {
        if sid == StrId::EMPTY {
            return CategoryId::NONE;
        }
        if let Some(&id) = self.category_ids.get(&sid) {
            return id;
        }
        let names = &mut self.trace.categories.name;
        if names.len() > u16::MAX as usize {
            let name = self.trace.strings.get(sid).to_owned();
            self.trace
                .diagnostics
                .record(DiagnosticKind::CategoryLimit, || {
                    format!("category {name:?} shares the last category id")
                });
            return CategoryId(u16::MAX);
        }
        let id = CategoryId(names.len() as u16);
        names.push(sid);
        self.category_ids.insert(sid, id);
        id
    }

    /// Adds a process group.
    pub fn add_process(&mut self, name: &str, source_id: &str, sort_index: i64) -> ProcessId {
        let p = &mut self.trace.processes;
        let id = ProcessId(p.name.len() as u32);
        let name = self.trace.strings.intern(name);
        let source_id = self.trace.strings.intern(source_id);
        let p = &mut self.trace.processes;
        p.name.push(name);
        p.source_id.push(source_id);
        p.sort_index.push(sort_index);
        p.labels.push(StrId::EMPTY);
        p.role.push(ProcessRole::Other);
        id
    }

    /// Tags what a process is (see [`ProcessRole`]; `Other` until set).
    pub fn set_process_role(&mut self, process: ProcessId, role: ProcessRole) {
        self.trace.processes.role[process.index()] = role;
    }

    /// Lists the device behind a device process.
    pub fn add_device(&mut self, device: Device) {
        self.trace.devices.rows.push(device);
    }

    /// Sets the labels shown beside a process name (Chrome `process_labels`).
    pub fn set_process_labels(&mut self, process: ProcessId, labels: &str) {
        let labels = self.trace.strings.intern(labels);
        self.trace.processes.labels[process.index()] = labels;
    }

    /// Renames a process group (Chrome `process_name` may come after its events).
    pub fn set_process_name(&mut self, process: ProcessId, name: &str) {
        let name = self.trace.strings.intern(name);
        self.trace.processes.name[process.index()] = name;
    }

    /// Sets a process group's sort key.
    pub fn set_process_sort_index(&mut self, process: ProcessId, sort_index: i64) {
        self.trace.processes.sort_index[process.index()] = sort_index;
    }

    /// Adds a timeline row to `process`.
    pub fn add_track(
        &mut self,
        process: ProcessId,
        name: &str,
        source_id: &str,
        sort_index: i64,
        kind: TrackKind,
    ) -> TrackId {
        let id = TrackId(self.trace.tracks.name.len() as u32);
        let name = self.trace.strings.intern(name);
        let source_id = self.trace.strings.intern(source_id);
        let t = &mut self.trace.tracks;
        t.process.push(process);
        t.name.push(name);
        t.source_id.push(source_id);
        t.sort_index.push(sort_index);
        t.kind.push(kind);
        t.role.push(match kind {
            TrackKind::Counter => TrackRole::Counters,
            TrackKind::Async => TrackRole::Async,
            TrackKind::Slices => TrackRole::Other,
        });
        id
    }

    /// Tags what a track is (see [`TrackRole`]; until set, `Counters` for counter tracks,
    /// `Async` for async tracks and `Other` for the rest).
    pub fn set_track_role(&mut self, track: TrackId, role: TrackRole) {
        self.trace.tracks.role[track.index()] = role;
    }

    /// Renames a track.
    pub fn set_track_name(&mut self, track: TrackId, name: &str) {
        let name = self.trace.strings.intern(name);
        self.trace.tracks.name[track.index()] = name;
    }

    /// Sets a track's sort key.
    pub fn set_track_sort_index(&mut self, track: TrackId, sort_index: i64) {
        self.trace.tracks.sort_index[track.index()] = sort_index;
    }

    /// Makes room for `slices` more slices and `arg_pairs` more arg pairs, so that an importer
    /// that knows (or has counted) what is coming fills the columns without regrowing them:
    /// each regrowth copies a column and, in Wasm, leaves the old copy's memory behind.
    /// Under a model budget, a reservation takes at most half of it (reserved room counts as
    /// held memory, and sampling may keep far fewer than `slices`).
    pub fn reserve(&mut self, slices: usize, arg_pairs: usize) {
        let slices = self.sampler.cap(slices, SLICE_ROW_BYTES);
        self.trace.slices.reserve(slices);
        if self.keep_args {
            let arg_pairs = self.sampler.cap(arg_pairs, ARG_PAIR_BYTES);
            // A set holds at least one pair: never more new sets than pairs.
            self.trace.args.reserve(slices.min(arg_pairs), arg_pairs);
        }
    }

    /// Makes room for the rest of an input of which `seen` of `total` bytes are read, assuming
    /// the rest holds slices and arg pairs at the same rate as the part read, plus a tenth (a
    /// streaming importer calls it once, early, instead of letting the columns double).
    pub fn reserve_projected(&mut self, seen: u64, total: u64) {
        if seen == 0 || total <= seen {
            return;
        }
        let scale = total as f64 / seen as f64 * 1.1;
        let more = |n: usize| ((n as f64 * scale) as usize).saturating_sub(n);
        let (slices, pairs) = (self.trace.slices.len(), self.trace.args.pair_count());
        self.reserve(more(slices), more(pairs));
    }

    /// Appends an arg to the set under construction; close it with [`Self::finish_args`].
    pub fn push_arg(&mut self, key: StrId, value: ArgValue) {
        if !self.keep_args {
            return;
        }
        self.trace.args.push(key, value);
    }

    /// Appends args to the set under construction, as [`Self::push_arg`] one by one would.
    pub fn push_args(&mut self, pairs: &[(StrId, ArgValue)]) {
        if !self.keep_args {
            return;
        }
        self.trace.args.push_all(pairs);
    }

    /// Makes the arg set under construction inherit `parent`'s pairs (see `ArgTable::inherit`).
    pub fn inherit_args(&mut self, parent: ArgSetId) {
        if !self.keep_args {
            return;
        }
        self.trace.args.inherit(parent);
    }

    /// Whether args are kept (false in a reduced-detail import, see [`Self::drop_args`]).
    pub fn keeps_args(&self) -> bool {
        self.keep_args
    }

    /// Appends an arg to the packed set under construction (a few bytes a pair instead of
    /// 13, read a little slower); close it with [`Self::finish_packed_args`].
    #[inline]
    pub fn push_packed_arg(&mut self, key: StrId, value: ArgValue) {
        if self.keep_args {
            self.trace.args.push_packed(key, value);
        }
    }

    /// Closes the packed set under construction, inheriting `parent`'s pairs (see
    /// `ArgTable::finish_packed`); `NONE` in a reduced-detail import.
    #[inline]
    pub fn finish_packed_args(&mut self, parent: ArgSetId) -> ArgSetId {
        if !self.keep_args {
            return ArgSetId::NONE;
        }
        self.trace.args.finish_packed(parent)
    }

    /// Makes room for `sets` more packed sets of about `bytes` bytes in all.
    pub fn reserve_packed_args(&mut self, sets: usize, bytes: usize) {
        if self.keep_args {
            let sets = self.sampler.cap(sets, PACKED_SET_BYTES);
            let bytes = self.sampler.cap(bytes, 1);
            self.trace.args.reserve_packed(sets, bytes);
        }
    }

    /// Closes the arg set under construction.
    pub fn finish_args(&mut self) -> ArgSetId {
        self.trace.args.finish_set()
    }

    /// A new set holding `own`'s pairs, then `base`'s pairs whose keys `own` lacks (a Chrome
    /// `E`'s args over its `B`'s). `NONE` in a reduced-detail import.
    pub fn merge_args(&mut self, own: ArgSetId, base: ArgSetId) -> ArgSetId {
        if !self.keep_args {
            return ArgSetId::NONE;
        }
        let args = &self.trace.args;
        let mut pairs: Vec<(StrId, ArgValue)> = args.get(own).collect();
        let own_len = pairs.len();
        for (k, v) in args.get(base) {
            if !pairs[..own_len].iter().any(|&(o, _)| o == k) {
                pairs.push((k, v));
            }
        }
        for (k, v) in pairs {
            self.trace.args.push(k, v);
        }
        self.trace.args.finish_set()
    }

    /// The name of a category (`StrId::EMPTY` for none).
    pub fn category_name(&self, category: CategoryId) -> StrId {
        self.trace.categories.name[category.index()]
    }

    /// Name of a track added earlier.
    pub fn track_name(&self, track: TrackId) -> StrId {
        self.trace.tracks.name[track.index()]
    }

    /// Drops the args pushed since the last `finish_args`.
    pub fn abandon_args(&mut self) {
        self.trace.args.abandon_set()
    }

    /// Adds a slice. A negative duration is clamped to 0 and counted. `None` when the model
    /// is over its budget and sampling drops the slice (see [`Self::set_model_budget`]).
    pub fn add_slice(
        &mut self,
        track: TrackId,
        start: Ps,
        dur: Ps,
        name: StrId,
        category: CategoryId,
        args: ArgSetId,
    ) -> Option<SliceId> {
        self.tick();
        if !self.sampler.keeps_slice(dur) {
            return None;
        }
        let dur = if dur < 0 {
            let name = self.trace.strings.get(name).to_owned();
            self.trace
                .diagnostics
                .record(DiagnosticKind::NegativeDuration, || {
                    format!("{name:?} has duration {dur} ps; drawn as 0")
                });
            0
        } else {
            dur
        };
        Some(
            self.trace
                .slices
                .push(track, start, dur, name, category, args),
        )
    }

    /// Adds an instant event (unless sampling drops it).
    pub fn add_instant(
        &mut self,
        track: TrackId,
        time: Ps,
        name: StrId,
        category: CategoryId,
        args: ArgSetId,
    ) {
        self.tick();
        if !self.sampler.keeps_point(track) {
            return;
        }
        let t = &mut self.trace.instants;
        t.time.push(time);
        t.name.push(name);
        t.track.push(track);
        t.args.push(args);
        t.category.push(category);
    }

    /// Adds a counter sample to a counter track (unless sampling drops it).
    pub fn add_counter_sample(&mut self, track: TrackId, time: Ps, value: f64) {
        self.tick();
        if !self.sampler.keeps_point(track) {
            return;
        }
        let c = &mut self.trace.counters;
        c.track.push(track);
        c.time.push(time);
        c.value.push(value);
    }

    /// The source facts of counter track `track` (unit, id, description), created empty.
    pub fn counter_meta(&mut self, track: TrackId) -> &mut CounterMeta {
        self.trace.counter_meta.entry(track)
    }

    /// The process group that `track` belongs to.
    pub fn track_process(&self, track: TrackId) -> ProcessId {
        self.trace.tracks.process[track.index()]
    }

    /// Adds a flow arrow between two slices (ids as returned by `add_slice`).
    pub fn add_flow(&mut self, from: SliceId, to: SliceId, category: CategoryId) {
        self.trace.flows.push(from, to, category);
    }

    /// Adds a flow arrow whose ends may be given by time on a track; `finish` binds them to
    /// slices (see [`FlowEnd`] and [`super::FlowBind`] for the rules and diagnostics).
    pub fn add_flow_between(&mut self, from: FlowEnd, to: FlowEnd, category: CategoryId) {
        match (from, to) {
            (FlowEnd::Slice(from), FlowEnd::Slice(to)) => self.add_flow(from, to, category),
            _ => self.pending_flows.push(PendingFlow { from, to, category }),
        }
    }

    /// Lists an aggregated event (XSpace `num_occurrences`), which is not drawn.
    pub fn add_aggregate(
        &mut self,
        track: TrackId,
        name: StrId,
        occurrences: i64,
        dur: Ps,
        args: ArgSetId,
    ) {
        let a = &mut self.trace.aggregates;
        a.track.push(track);
        a.name.push(name);
        a.occurrences.push(occurrences);
        a.dur.push(dur);
        a.args.push(args);
    }

    /// Kind of a track added earlier.
    pub fn track_kind(&self, track: TrackId) -> TrackKind {
        self.trace.tracks.kind[track.index()]
    }

    /// Number of slices added so far.
    pub fn slice_count(&self) -> usize {
        self.trace.slices.len()
    }

    /// Number of slices, instants and counter samples added so far.
    pub fn placed_count(&self) -> usize {
        self.trace.slices.len() + self.trace.instants.len() + self.trace.counters.len()
    }

    /// Counts source event records (see `Trace::source_events`).
    pub fn count_source_events(&mut self, n: u64) {
        self.trace.source_events += n;
    }

    /// File-level metadata.
    pub fn metadata(&mut self) -> &mut Metadata {
        &mut self.trace.metadata
    }

    /// Per-record diagnostics.
    pub fn diagnostics(&mut self) -> &mut Diagnostics {
        &mut self.trace.diagnostics
    }

    /// A finished model of what was added so far, for a preview while the rest of the input
    /// arrives: processes, tracks, slices, instants and counter samples with their names,
    /// categories and roles, sorted and indexed as [`TraceBuilder::finish`] does; no args,
    /// flows, aggregates, metadata or diagnostics. The builder is left as it was (a copy of
    /// those columns is made, so a preview costs their size in memory while it is kept).
    /// `extra`: slices the importer has not added yet but can already tell (`(track, start,
    /// duration, name, category)`, e.g. matched begin/end pairs), added to the copy only.
    pub fn snapshot(&self, extra: &[(TrackId, Ps, Ps, StrId, CategoryId)]) -> Trace {
        let t = &self.trace;
        let no_args = |n: usize| vec![ArgSetId::NONE; n];
        let mut slices = t.slices.clone();
        for &(track, start, dur, name, category) in extra {
            slices.push(track, start, dur, name, category, ArgSetId::NONE);
        }
        slices.args = no_args(slices.start.len());
        let mut instants = t.instants.clone();
        instants.args = no_args(instants.time.len());
        let trace = Trace {
            format: t.format,
            origin: t.origin,
            strings: t.strings.clone(),
            categories: t.categories.clone(),
            processes: t.processes.clone(),
            tracks: t.tracks.clone(),
            slices,
            instants,
            counters: t.counters.clone(),
            flows: FlowTable::default(),
            aggregates: AggregateTable::default(),
            counter_meta: t.counter_meta.clone(),
            args: ArgTable::default(),
            metadata: Metadata::default(),
            devices: t.devices.clone(),
            diagnostics: Diagnostics::default(),
            source_events: t.source_events,
            index: TrackIndex::default(),
        };
        sort_and_index(trace, Vec::new())
    }

    /// Sorts the tables, assigns lanes, moves the origin to the earliest event (whole ns)
    /// and builds the per-track index.
    pub fn finish(self) -> Trace {
        let mut trace = self.trace;
        self.sampler.report(&mut trace.diagnostics);
        sort_and_index(trace, self.pending_flows)
    }
}

/// What [`TraceBuilder::finish`] does to the tables added: rebase, sort and assign lanes,
/// bind the flow ends given by time (`pending`), index.
fn sort_and_index(mut trace: Trace, mut pending: Vec<PendingFlow>) -> Trace {
    let shift = rebase(&mut trace);
    pending.iter_mut().for_each(|p| p.shift(shift));
    let (new_of_old, nesting) = sort_and_assign_lanes(&mut trace);
    remap_flows(&mut trace.flows, &new_of_old);
    sort_instants(&mut trace.instants);
    sort_counters(&mut trace.counters);
    trace.index = build_index(&trace);
    flow_ends::resolve(&mut trace, &pending, &new_of_old, &nesting);
    trace.flows.build_index();
    trace.args.seal();
    trace.strings.seal();
    trace
}

/// Shifts all times so the earliest is in [0, 1 ns), keeping the origin in whole ns.
/// Returns the shift in ps (subtracted from every time).
fn rebase(trace: &mut Trace) -> Ps {
    let Some((lo, _)) = trace.time_bounds() else {
        return 0;
    };
    let shift_ns = lo.div_euclid(PS_PER_NS);
    if shift_ns == 0 {
        return 0;
    }
    // Saturating: an earliest time near i64::MIN ps has no whole-ns shift in range (fuzzing).
    let shift = shift_ns.saturating_mul(PS_PER_NS);
    trace.origin.source_ns = trace.origin.source_ns.saturating_add(shift_ns);
    for t in trace
        .slices
        .start
        .iter_mut()
        .chain(trace.instants.time.iter_mut())
        .chain(trace.counters.time.iter_mut())
    {
        // Saturating: times spanning more than i64 ps around the new origin clamp instead of
        // overflowing (found by fuzzing, tests/data/regressions/).
        *t = t.saturating_sub(shift);
    }
    shift
}

/// Where each slice given by `add_slice` (its old id) lies after `finish` sorted them.
#[derive(Debug)]
pub(super) enum NewPositions {
    /// No slice moved; there are this many.
    Same(usize),
    /// `map[old]` is the new position.
    Moved(Vec<u32>),
}

impl NewPositions {
    /// The new position of old slice id `old`, `None` if there is no such slice.
    pub(super) fn get(&self, old: usize) -> Option<u32> {
        match self {
            NewPositions::Same(n) => (old < *n).then_some(old as u32),
            NewPositions::Moved(map) => map.get(old).copied(),
        }
    }
}

/// Sorts slices by (track, lane, start) and assigns lanes (see [`super::lanes`]); says where
/// each slice went and which tracks nest properly. Misfits on tracks other than async ones
/// are counted in `overlap_sublane`.
///
/// Cost: one pass to check the (track, start) order (a sort only when the importer did not
/// add slices in that order), the lane placement, one counting pass that places each
/// slice in its lane, and one scatter per column, skipped when nothing moves. Columns are
/// scattered (read in order, written to one stream per lane) rather than gathered.
fn sort_and_assign_lanes(trace: &mut Trace) -> (NewPositions, Nesting) {
    let s = &mut trace.slices;
    let n = s.len();
    let mut nesting = Nesting::new(trace.tracks.len(), n);
    let order = order_by_track_and_start(s);
    let old_at = |k: usize| order.as_ref().map_or(k, |o| o[k] as usize);
    let mut new_of_old = vec![0u32; n];
    let mut lanes = vec![0u16; n];
    let mut moved = false;
    // Per track: spans and lanes of the run's slices (in sorted order), then their counting
    // sort.
    let mut spans: Vec<(Ps, Ps)> = Vec::new();
    let mut run_lanes: Vec<u16> = Vec::new();
    let mut next_in_lane: Vec<usize> = Vec::new();
    for run in runs_by_track(n, |k| s.track[old_at(k)]) {
        let track = s.track[old_at(run.start)];
        spans.clear();
        spans.extend(run.clone().map(|k| {
            let old = old_at(k);
            (s.start[old], s.end(old))
        }));
        run_lanes.clear();
        run_lanes.resize(run.len(), 0);
        let misfits = assign_lanes(&spans, &mut run_lanes);
        if trace.tracks.kind.get(track.index()) != Some(&TrackKind::Async) {
            let track_name = trace.strings.get(trace.tracks.name[track.index()]);
            for m in &misfits {
                let (slice, parent) = (old_at(run.start + m.slice), old_at(run.start + m.parent));
                trace.diagnostics.record(DiagnosticKind::OverlapSublane, || {
                    let name = |i: usize| trace.strings.get(s.name[i]);
                    let past_us = (s.end(slice) - s.end(parent)) as f64 / PS_PER_US as f64;
                    let place = if m.moved {
                        "drawn in the track's overflow lanes"
                    } else {
                        "drawn at its depth"
                    };
                    format!(
                        "{:?} overlaps {:?} without nesting on {track_name:?} (ends {past_us:.3} µs \
                         after it); {place}",
                        name(slice),
                        name(parent),
                    )
                });
            }
        }
        let lane_count = run_lanes.iter().max().map_or(0, |&m| m as usize + 1);
        next_in_lane.clear();
        next_in_lane.resize(lane_count + 1, 0);
        for &lane in &run_lanes {
            next_in_lane[lane as usize + 1] += 1;
        }
        next_in_lane[0] = run.start;
        for l in 1..=lane_count {
            next_in_lane[l] += next_in_lane[l - 1];
        }
        let run_start = run.start;
        for (k, &lane) in run.zip(&run_lanes) {
            let slot = &mut next_in_lane[lane as usize];
            let (old, new) = (old_at(k), *slot);
            *slot += 1;
            moved |= old != new;
            new_of_old[old] = new as u32;
            lanes[new] = lane;
        }
        nesting.note_misfits(track, &run_lanes, &misfits, |m| {
            new_of_old[old_at(run_start + m)] as usize
        });
    }
    s.lane = lanes;
    if !moved {
        return (NewPositions::Same(n), nesting);
    }
    scatter(&mut s.start, &new_of_old);
    scatter(&mut s.dur, &new_of_old);
    scatter(&mut s.name, &new_of_old);
    // Without a sort, slices only move within their track's run: the track column stays.
    if order.is_some() {
        scatter(&mut s.track, &new_of_old);
    }
    scatter(&mut s.args, &new_of_old);
    scatter(&mut s.category, &new_of_old);
    (NewPositions::Moved(new_of_old), nesting)
}

/// Slice indices in (track, start, longest first, index) order, or `None` when the slices
/// are in that order already (importers mostly add them so; then nothing is sorted).
fn order_by_track_and_start(s: &SliceTable) -> Option<Vec<u32>> {
    order_by_track(&s.track, |i| (s.start[i], std::cmp::Reverse(s.dur[i])))
}

/// The runs of sorted positions `0..n` that share a track (`track_at` is sorted by track).
fn runs_by_track(n: usize, track_at: impl Fn(usize) -> TrackId) -> Vec<Range<usize>> {
    let mut runs = Vec::new();
    let mut start = 0;
    while start < n {
        let track = track_at(start);
        let mut end = start + 1;
        while end < n && track_at(end) == track {
            end += 1;
        }
        runs.push(start..end);
        start = end;
    }
    runs
}

/// Moves `column[old]` to `new_of_old[old]` (a permutation of the positions).
fn scatter<T: Copy + Default>(column: &mut Vec<T>, new_of_old: &[u32]) {
    let mut moved = vec![T::default(); column.len()];
    for (&value, &new) in column.iter().zip(new_of_old) {
        moved[new as usize] = value;
    }
    *column = moved;
}

/// Maps the flows' slice ids to their sorted positions.
fn remap_flows(flows: &mut FlowTable, positions: &NewPositions) {
    let NewPositions::Moved(new_of_old) = positions else {
        return;
    };
    for id in flows.from.iter_mut().chain(flows.to.iter_mut()) {
        id.0 = new_of_old[id.index()];
    }
}

fn permute<T: Copy>(column: &mut Vec<T>, order: &[u32]) {
    let permuted: Vec<T> = order.iter().map(|&i| column[i as usize]).collect();
    *column = permuted;
}

/// Sorts instants by (track, time, order added).
fn sort_instants(t: &mut InstantTable) {
    let Some(order) = order_by_track(&t.track, |i| t.time[i]) else {
        return;
    };
    permute(&mut t.time, &order);
    permute(&mut t.name, &order);
    permute(&mut t.track, &order);
    permute(&mut t.args, &order);
    permute(&mut t.category, &order);
}

/// Sorts counter samples by (track, time, order added).
fn sort_counters(c: &mut CounterTable) {
    let Some(order) = order_by_track(&c.track, |i| c.time[i]) else {
        return;
    };
    permute(&mut c.track, &order);
    permute(&mut c.time, &order);
    permute(&mut c.value, &order);
}

/// Ranges of a column sorted by track: `result[t]` is the run whose key is `t`.
fn track_runs(keys: &[TrackId], tracks: usize) -> Vec<std::ops::Range<u32>> {
    let mut runs = vec![0..0; tracks];
    let mut i = 0;
    while i < keys.len() {
        let t = keys[i];
        let start = i;
        while i < keys.len() && keys[i] == t {
            i += 1;
        }
        runs[t.index()] = start as u32..i as u32;
    }
    runs
}

fn build_index(trace: &Trace) -> TrackIndex {
    let tracks = trace.tracks.len();
    let s = &trace.slices;
    let mut track_lanes = vec![0..0; tracks];
    let mut lanes = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let track = s.track[i];
        let first_lane = lanes.len() as u32;
        // Lanes are dense from 0 (see `lanes.rs`): the k-th run of a track is its lane k.
        while i < s.len() && s.track[i] == track {
            let lane = s.lane[i];
            let start = i;
            while i < s.len() && s.track[i] == track && s.lane[i] == lane {
                i += 1;
            }
            lanes.push(LaneIndex {
                start: start as u32,
                end: i as u32,
            });
        }
        track_lanes[track.index()] = first_lane..lanes.len() as u32;
    }
    TrackIndex {
        track_lanes,
        lanes,
        track_instants: track_runs(&trace.instants.track, tracks),
        track_counters: track_runs(&trace.counters.track, tracks),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn build(slices: &[(Ps, Ps)]) -> Trace {
        let mut b = TraceBuilder::new(Format::ChromeJson);
        let p = b.add_process("p", "1", 0);
        let t = b.add_track(p, "t", "1", 0, TrackKind::Slices);
        for (k, &(start, dur)) in slices.iter().enumerate() {
            let name = b.intern(&format!("s{k}"));
            b.add_slice(t, start, dur, name, CategoryId::NONE, ArgSetId::NONE);
        }
        b.finish()
    }

    fn lanes_by_name(trace: &Trace) -> Vec<(String, u16)> {
        let mut v: Vec<(String, u16)> = (0..trace.slices.len())
            .map(|i| {
                (
                    trace.str(trace.slices.name[i]).to_owned(),
                    trace.slices.lane[i],
                )
            })
            .collect();
        v.sort();
        v
    }

    #[test]
    fn nested_slices_get_depths() {
        let t = build(&[(0, 100), (10, 20), (12, 5), (40, 10), (200, 10)]);
        let expect = [("s0", 0), ("s1", 1), ("s2", 2), ("s3", 1), ("s4", 0)];
        let got = lanes_by_name(&t);
        assert_eq!(got, expect.map(|(n, l)| (n.to_owned(), l)));
        assert!(t.diagnostics.get(DiagnosticKind::OverlapSublane).is_none());
        assert_eq!(t.index.lanes_of(TrackId(0)).len(), 3);
    }

    #[test]
    fn partial_overlap_goes_to_a_sub_lane_and_is_counted() {
        let t = build(&[(0, 100), (50, 100), (60, 10)]);
        let got = lanes_by_name(&t);
        assert_eq!(got[0].1, 0);
        assert_eq!(got[1].1, 1);
        assert_eq!(got[2].1, 2);
        assert_eq!(
            t.diagnostics
                .get(DiagnosticKind::OverlapSublane)
                .map(|d| d.count),
            Some(1)
        );
        // No lane holds overlapping slices.
        for lane in t.index.lanes_of(TrackId(0)) {
            for i in lane.start as usize + 1..lane.end as usize {
                assert!(t.slices.end(i - 1) <= t.slices.start[i]);
            }
        }
    }

    #[test]
    fn rebase_moves_origin_to_earliest_event() {
        let mut b = TraceBuilder::new(Format::ChromeJson);
        b.set_origin_ns(1_000);
        let p = b.add_process("p", "1", 0);
        let t = b.add_track(p, "t", "1", 0, TrackKind::Slices);
        let n = b.intern("x");
        b.add_slice(t, 5_500, 10, n, CategoryId::NONE, ArgSetId::NONE);
        let trace = b.finish();
        assert_eq!(trace.origin.source_ns, 1_005);
        assert_eq!(trace.slices.start[0], 500);
    }

    #[test]
    fn flow_ends_bind_by_time_and_look_up_both_ways() {
        use crate::model::{FlowBind, FlowEnd};
        let mut b = TraceBuilder::new(Format::ChromeJson);
        let p = b.add_process("p", "1", 0);
        let cpu = b.add_track(p, "cpu", "1", 0, TrackKind::Slices);
        let gpu = b.add_track(p, "gpu", "2", 1, TrackKind::Slices);
        let names = ["outer", "launch", "k1", "k2"].map(|n| b.intern(n));
        // Added out of order on purpose: k2 first.
        let k2 = b.add_slice(gpu, 500, 10, names[3], CategoryId::NONE, ArgSetId::NONE);
        let k2 = k2.expect("no budget: every slice is kept");
        b.add_slice(cpu, 0, 100, names[0], CategoryId::NONE, ArgSetId::NONE);
        b.add_slice(cpu, 10, 5, names[1], CategoryId::NONE, ArgSetId::NONE);
        b.add_slice(gpu, 200, 10, names[2], CategoryId::NONE, ArgSetId::NONE);
        let at = |track, time, bind| FlowEnd::At { track, time, bind };
        let launch = at(cpu, 12, FlowBind::Enclosing);
        b.add_flow_between(launch, at(gpu, 150, FlowBind::Next), CategoryId::NONE);
        b.add_flow_between(launch, FlowEnd::Slice(k2), CategoryId::NONE);
        b.add_flow_between(launch, at(gpu, 300, FlowBind::Enclosing), CategoryId::NONE);
        b.add_flow_between(launch, at(cpu, 13, FlowBind::Enclosing), CategoryId::NONE);
        let t = b.finish();
        let name = |id: SliceId| t.str(t.slices.name[id.index()]).to_owned();
        let from = (0..t.slices.len())
            .map(|i| SliceId(i as u32))
            .find(|&i| name(i) == "launch")
            .unwrap();
        let to: Vec<String> = t
            .flows
            .outgoing(from)
            .map(|f| name(t.flows.to[f]))
            .collect();
        assert_eq!(to.len(), 2);
        assert!(to.contains(&"k1".to_owned()) && to.contains(&"k2".to_owned()));
        for f in t.flows.outgoing(from) {
            let back: Vec<usize> = t.flows.incoming(t.flows.to[f]).collect();
            assert_eq!(back, [f]);
        }
        assert_eq!(
            t.diagnostics
                .get(DiagnosticKind::FlowEndWithoutSlice)
                .map(|d| d.count),
            Some(1)
        );
        assert_eq!(
            t.diagnostics
                .get(DiagnosticKind::FlowToItself)
                .map(|d| d.count),
            Some(1)
        );
    }

    proptest::proptest! {
        /// Random slices on a few tracks, added in any order: after `finish` every slice is
        /// in exactly one lane of its track with its start and duration unchanged, and the
        /// lanes of the index never hold overlapping slices.
        #[test]
        fn finish_keeps_every_slice_whole_in_non_overlapping_lanes(
            input in proptest::collection::vec((0u32..3, 0i64..2_000, 0i64..500), 0..120)
        ) {
            let mut b = TraceBuilder::new(Format::ChromeJson);
            let p = b.add_process("p", "1", 0);
            let kinds = [TrackKind::Slices, TrackKind::Slices, TrackKind::Async];
            let tracks: Vec<TrackId> = (0..3)
                .map(|i| b.add_track(p, &format!("t{i}"), "", i, kinds[i as usize]))
                .collect();
            let mut expected = Vec::new();
            for (k, &(track, start, dur)) in input.iter().enumerate() {
                let name = b.intern(&format!("s{k}"));
                b.add_slice(tracks[track as usize], start, dur, name, CategoryId::NONE, ArgSetId::NONE);
                expected.push((tracks[track as usize], start, dur, format!("s{k}")));
            }
            let t = b.finish();
            // `finish` moves the origin by whole ns to the earliest start.
            let shift = input.iter().map(|e| e.1).min().map_or(0, |m| m / 1000 * 1000);
            for e in &mut expected {
                e.1 -= shift;
            }
            let mut placed = Vec::new();
            for &track in &tracks {
                for lane in t.index.lanes_of(track) {
                    proptest::prop_assert!(!lane.range().is_empty(), "an empty lane");
                    for i in lane.range() {
                        proptest::prop_assert_eq!(t.slices.track[i], track);
                        if i > lane.start as usize {
                            proptest::prop_assert!(t.slices.end(i - 1) <= t.slices.start[i]);
                        }
                        let name = t.str(t.slices.name[i]).to_owned();
                        placed.push((track, t.slices.start[i], t.slices.dur[i], name));
                    }
                }
            }
            expected.sort();
            placed.sort();
            proptest::prop_assert_eq!(placed, expected);
        }
    }

    #[test]
    fn overlaps_on_async_tracks_are_not_counted() {
        let mut b = TraceBuilder::new(Format::ChromeJson);
        let p = b.add_process("p", "1", 0);
        let t = b.add_track(p, "a", "", 0, TrackKind::Async);
        let n = b.intern("op");
        b.add_slice(t, 0, 100, n, CategoryId::NONE, ArgSetId::NONE);
        b.add_slice(t, 50, 100, n, CategoryId::NONE, ArgSetId::NONE);
        let trace = b.finish();
        assert_eq!(trace.index.lanes_of(t).len(), 2);
        assert!(
            trace
                .diagnostics
                .get(DiagnosticKind::OverlapSublane)
                .is_none()
        );
    }
}
