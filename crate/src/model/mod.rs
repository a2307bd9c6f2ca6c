//! The trace model: columnar tables with typed ids, integer time and interned strings.
//!
//! Importers fill a [`TraceBuilder`]; [`TraceBuilder::finish`] sorts, assigns lanes, rebases
//! time and builds the per-track index that the level-of-detail code reads.

mod args;
mod builder;
mod counter_meta;
mod dump;
mod flow_ends;
mod flow_query;
mod index;
mod lanes;
mod metadata;
mod order;
mod packed_args;
mod roles;
mod row_order;
mod sampling;
mod strings;
mod tables;
mod time;

pub use args::{ArgPairs, ArgSetId, ArgTable, ArgValue, arg_value_to_json};
pub use builder::TraceBuilder;
pub use counter_meta::{CounterMeta, CounterMetaTable};
pub use dump::dump_text;
pub use flow_ends::{FlowBind, FlowEnd};
pub use flow_query::{FLOW_STRIDE, FlowLink, FlowLinks, flow_links, flows_in_view};
pub use index::{LaneIndex, TrackIndex};
pub use metadata::{HloModuleBlob, Metadata};
pub use order::{TrackGroup, display_order};
pub use roles::{Device, DeviceTable, ProcessRole, TrackRole};
pub(crate) use strings::bytes_equal;
pub use strings::{StrId, StringTable};
pub use tables::{
    AggregateTable, CategoryId, CategoryTable, CounterTable, FlowTable, InstantTable, ProcessId,
    ProcessTable, SliceId, SliceTable, TrackId, TrackKind, TrackTable,
};
pub use time::{PS_PER_NS, PS_PER_US, Ps, TimeOrigin};

use crate::diagnostics::Diagnostics;

/// Bytes one row takes in the slice, instant and counter tables (all columns together), as
/// [`Trace::heap_bytes`] and the builder's memory budget price them.
const SLICE_ROW_BYTES: usize = 32;
const INSTANT_ROW_BYTES: usize = 26;
const COUNTER_ROW_BYTES: usize = 20;

/// Which importer produced a trace (the `format` key of `planeview summary`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// XProf / JAX / TensorFlow XSpace protobuf.
    Xspace,
    /// Chrome trace-event JSON (including PyTorch/Kineto).
    ChromeJson,
    /// Perfetto protobuf.
    Perfetto,
    /// XLA HLO module.
    Hlo,
    /// MLIR text or bytecode.
    Mlir,
}

impl Format {
    /// The stable name used by the CLI and the page.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Xspace => "xspace",
            Format::ChromeJson => "chrome_json",
            Format::Perfetto => "perfetto",
            Format::Hlo => "hlo",
            Format::Mlir => "mlir",
        }
    }
}

/// One imported profile. Built by a [`TraceBuilder`]; immutable afterwards.
#[derive(Debug)]
pub struct Trace {
    /// The importer that produced it.
    pub format: Format,
    /// What relative time 0 is in the source clock.
    pub origin: TimeOrigin,
    /// Interned strings.
    pub strings: StringTable,
    /// Interned categories.
    pub categories: CategoryTable,
    /// Process groups.
    pub processes: ProcessTable,
    /// Timeline rows.
    pub tracks: TrackTable,
    /// Slices, sorted by (track, lane, start).
    pub slices: SliceTable,
    /// Instants, sorted by (track, time).
    pub instants: InstantTable,
    /// Counter samples, sorted by (track, time).
    pub counters: CounterTable,
    /// Flow arrows.
    pub flows: FlowTable,
    /// Aggregated events, listed but not drawn.
    pub aggregates: AggregateTable,
    /// Unit, id and description of counter tracks, where the source states them.
    pub counter_meta: CounterMetaTable,
    /// Args of slices and instants.
    pub args: ArgTable,
    /// File-level metadata (HLO modules, capture times, header keys).
    pub metadata: Metadata,
    /// The devices behind device processes, with what the source states about them.
    pub devices: DeviceTable,
    /// Per-record problems.
    pub diagnostics: Diagnostics,
    /// Event records in the source, counted as `planeview summary` defines `events`.
    pub source_events: u64,
    /// Per-track ranges into the sorted tables.
    pub index: TrackIndex,
}

impl Trace {
    /// The text of an interned string.
    pub fn str(&self, id: StrId) -> &str {
        self.strings.get(id)
    }

    /// Earliest start and latest end over slices, instants and counter samples, or `None`
    /// for a trace without any.
    pub fn time_bounds(&self) -> Option<(Ps, Ps)> {
        let mut lo = Ps::MAX;
        let mut hi = Ps::MIN;
        for i in 0..self.slices.len() {
            lo = lo.min(self.slices.start[i]);
            hi = hi.max(self.slices.end(i));
        }
        for &t in self.instants.time.iter().chain(&self.counters.time) {
            lo = lo.min(t);
            hi = hi.max(t);
        }
        (lo <= hi).then_some((lo, hi))
    }

    /// The samples of one counter track, in time order: (times, values), empty for a
    /// track without samples.
    pub fn counter_series(&self, track: TrackId) -> (&[Ps], &[f64]) {
        if track.index() >= self.tracks.len() {
            return (&[], &[]);
        }
        let r = self.index.counters_of(track);
        (&self.counters.time[r.clone()], &self.counters.value[r])
    }

    /// Approximate bytes the model holds in memory.
    pub fn heap_bytes(&self) -> usize {
        let s = &self.slices;
        self.strings.heap_bytes()
            + self.args.heap_bytes()
            + s.start.capacity() * SLICE_ROW_BYTES
            + self.instants.time.capacity() * INSTANT_ROW_BYTES
            + self.counters.time.capacity() * COUNTER_ROW_BYTES
            + self.flows.heap_bytes()
            + self.aggregates.len() * 28
            + self.index.heap_bytes()
            + self.metadata.heap_bytes()
            + self.counter_meta.heap_bytes()
            + self.devices.heap_bytes()
    }
}
