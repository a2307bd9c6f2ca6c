//! The columnar tables of a [`crate::model::Trace`]: processes, tracks, slices, instants,
//! counter samples and flows. Each is a struct of parallel `Vec`s addressed by a typed id.

use super::args::ArgSetId;
use super::roles::{ProcessRole, TrackRole};
use super::strings::StrId;
use super::time::Ps;
use std::sync::OnceLock;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
        pub struct $name(pub u32);
        impl $name {
            /// The id as an index into its table's columns.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id_type!(
    /// A process group: a Chrome pid, an XSpace plane, a Perfetto process.
    ProcessId
);
id_type!(
    /// A timeline row: a thread, a GPU stream, an XLine, a counter series.
    TrackId
);
id_type!(
    /// A slice (an event with a duration, or zero duration for XSpace instants).
    SliceId
);
/// A category (Chrome `cat`), interned in [`CategoryTable`]; 2 bytes so a slice stays at 32.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct CategoryId(pub u16);

impl CategoryId {
    /// No category.
    pub const NONE: CategoryId = CategoryId(0);
    /// The id as an index into [`CategoryTable::name`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Process groups.
#[derive(Clone, Debug, Default)]
pub struct ProcessTable {
    /// Display name (`process_name` metadata, plane name).
    pub name: Vec<StrId>,
    /// The id the source gave the group (pid, plane id), as text (pids may be strings).
    pub source_id: Vec<StrId>,
    /// Sort key (`process_sort_index`, else source order).
    pub sort_index: Vec<i64>,
    /// Extra labels shown beside the name (Chrome `process_labels`, e.g. "GPU 0"); empty if none.
    pub labels: Vec<StrId>,
    /// What the process is (host, GPU, TPU core, ...), as its importer tagged it.
    pub role: Vec<ProcessRole>,
}

impl ProcessTable {
    /// The name as the timeline shows it: `name (labels)` when there are labels.
    pub fn display_name(&self, strings: &super::StringTable, p: ProcessId) -> String {
        let (name, labels) = (
            strings.get(self.name[p.index()]),
            strings.get(self.labels[p.index()]),
        );
        if labels.is_empty() {
            name.to_owned()
        } else {
            format!("{name} ({labels})")
        }
    }

    /// Number of processes.
    pub fn len(&self) -> usize {
        self.name.len()
    }
    /// True if there are none.
    pub fn is_empty(&self) -> bool {
        self.name.is_empty()
    }
}

/// What a track holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrackKind {
    /// A thread, an XLine, a stream: slices and instants.
    Slices,
    /// A counter series: samples.
    Counter,
    /// Asynchronous operations (Chrome `b`/`e`, `S`/`F`, object lifetimes): slices that may
    /// overlap by nature. They get sub-lanes like any track, but overlaps are not counted
    /// as a diagnostic.
    Async,
}

impl TrackKind {
    /// The stable name the page and the CLI use: `slices`, `counter`, `async`.
    pub fn as_str(self) -> &'static str {
        match self {
            TrackKind::Slices => "slices",
            TrackKind::Counter => "counter",
            TrackKind::Async => "async",
        }
    }
}

/// Timeline rows.
#[derive(Clone, Debug, Default)]
pub struct TrackTable {
    /// Owning process group.
    pub process: Vec<ProcessId>,
    /// Display name.
    pub name: Vec<StrId>,
    /// The id the source gave the row (tid, line id), as text.
    pub source_id: Vec<StrId>,
    /// Sort key within the process (`thread_sort_index`, else source order).
    pub sort_index: Vec<i64>,
    /// Slices or counter samples.
    pub kind: Vec<TrackKind>,
    /// What the row is (host thread, device stream, XLA ops line, ...), as its importer
    /// tagged it.
    pub role: Vec<TrackRole>,
}

impl TrackTable {
    /// Number of tracks.
    pub fn len(&self) -> usize {
        self.name.len()
    }
    /// True if there are none.
    pub fn is_empty(&self) -> bool {
        self.name.is_empty()
    }
}

/// Slices, 32 bytes each. After [`crate::model::TraceBuilder::finish`] they are sorted by
/// (track, lane, start), and lanes never hold overlapping slices.
#[derive(Clone, Debug, Default)]
pub struct SliceTable {
    /// Start, relative to the trace origin.
    pub start: Vec<Ps>,
    /// Duration (≥ 0).
    pub dur: Vec<Ps>,
    /// Event name.
    pub name: Vec<StrId>,
    /// Timeline row.
    pub track: Vec<TrackId>,
    /// Args and stats.
    pub args: Vec<ArgSetId>,
    /// Category.
    pub category: Vec<CategoryId>,
    /// Lane within the track: the nesting depth, or a sub-lane for an overlap.
    pub lane: Vec<u16>,
}

impl SliceTable {
    /// Number of slices.
    pub fn len(&self) -> usize {
        self.start.len()
    }
    /// True if there are none.
    pub fn is_empty(&self) -> bool {
        self.start.is_empty()
    }
    /// Appends one slice in lane 0 (the builder's `finish` assigns lanes); returns its id.
    pub fn push(
        &mut self,
        track: TrackId,
        start: Ps,
        dur: Ps,
        name: StrId,
        category: CategoryId,
        args: ArgSetId,
    ) -> SliceId {
        let id = SliceId(self.start.len() as u32);
        self.start.push(start);
        self.dur.push(dur);
        self.name.push(name);
        self.track.push(track);
        self.args.push(args);
        self.category.push(category);
        self.lane.push(0);
        id
    }
    /// Makes room for `n` more slices in every column.
    pub fn reserve(&mut self, n: usize) {
        self.start.reserve(n);
        self.dur.reserve(n);
        self.name.reserve(n);
        self.track.reserve(n);
        self.args.reserve(n);
        self.category.reserve(n);
        self.lane.reserve(n);
    }

    /// End of slice `i`.
    pub fn end(&self, i: usize) -> Ps {
        self.start[i].saturating_add(self.dur[i])
    }
}

/// Instant events (Chrome `i`/`I`), drawn as markers on their track.
#[derive(Clone, Debug, Default)]
pub struct InstantTable {
    /// Time, relative to the origin.
    pub time: Vec<Ps>,
    /// Event name.
    pub name: Vec<StrId>,
    /// Timeline row.
    pub track: Vec<TrackId>,
    /// Args.
    pub args: Vec<ArgSetId>,
    /// Category.
    pub category: Vec<CategoryId>,
}

impl InstantTable {
    /// Number of instants.
    pub fn len(&self) -> usize {
        self.time.len()
    }
    /// True if there are none.
    pub fn is_empty(&self) -> bool {
        self.time.is_empty()
    }
}

/// Counter samples. After `finish` they are sorted by (track, time).
#[derive(Clone, Debug, Default)]
pub struct CounterTable {
    /// Counter track.
    pub track: Vec<TrackId>,
    /// Sample time.
    pub time: Vec<Ps>,
    /// Sample value.
    pub value: Vec<f64>,
}

impl CounterTable {
    /// Number of samples.
    pub fn len(&self) -> usize {
        self.time.len()
    }
    /// True if there are none.
    pub fn is_empty(&self) -> bool {
        self.time.is_empty()
    }
}

/// Flow arrows between slices. One source may have several destinations (and the
/// reverse): each pair is one arrow. The arrows of a slice are found in O(log n) both ways
/// ([`FlowTable::outgoing`], [`FlowTable::incoming`]) through two orders sorted on first
/// use, so an import that is never asked about flows (`planeview summary`) does not pay
/// for them.
#[derive(Debug, Default)]
pub struct FlowTable {
    /// Source slice.
    pub from: Vec<SliceId>,
    /// Destination slice.
    pub to: Vec<SliceId>,
    /// Category or flow kind.
    pub category: Vec<CategoryId>,
    /// Flow indices sorted by (`from`, `to`), built on first use.
    by_from: OnceLock<Vec<u32>>,
    /// Flow indices sorted by (`to`, `from`), built on first use.
    by_to: OnceLock<Vec<u32>>,
}

impl FlowTable {
    /// Number of flows.
    pub fn len(&self) -> usize {
        self.from.len()
    }
    /// True if there are none.
    pub fn is_empty(&self) -> bool {
        self.from.is_empty()
    }

    /// Appends an arrow. Call [`FlowTable::build_index`] after the last one.
    pub fn push(&mut self, from: SliceId, to: SliceId, category: CategoryId) {
        self.from.push(from);
        self.to.push(to);
        self.category.push(category);
    }

    /// Forgets the lookup orders (they are sorted again on the next query); needed after
    /// any `push` or change to `from`/`to`.
    pub fn build_index(&mut self) {
        self.by_from = OnceLock::new();
        self.by_to = OnceLock::new();
    }

    /// Indices of the arrows that leave `slice`, by destination id.
    pub fn outgoing(&self, slice: SliceId) -> impl Iterator<Item = usize> + '_ {
        let order = self
            .by_from
            .get_or_init(|| sorted_order(&self.from, &self.to));
        Self::run(order, &self.from, slice)
    }

    /// Indices of the arrows that arrive at `slice`, by source id.
    pub fn incoming(&self, slice: SliceId) -> impl Iterator<Item = usize> + '_ {
        let order = self
            .by_to
            .get_or_init(|| sorted_order(&self.to, &self.from));
        Self::run(order, &self.to, slice)
    }

    fn run<'a>(
        order: &'a [u32],
        key: &'a [SliceId],
        slice: SliceId,
    ) -> impl Iterator<Item = usize> + 'a {
        let lo = order.partition_point(|&f| key[f as usize] < slice);
        order[lo..]
            .iter()
            .map(|&f| f as usize)
            .take_while(move |&f| key[f] == slice)
    }

    /// Approximate bytes held (the lookup orders once built).
    pub fn heap_bytes(&self) -> usize {
        let order = |o: &OnceLock<Vec<u32>>| o.get().map_or(0, |v| v.capacity() * 4);
        self.from.capacity() * 10 + order(&self.by_from) + order(&self.by_to)
    }
}

/// Flow indices sorted by (`a`, `b`, index).
fn sorted_order(a: &[SliceId], b: &[SliceId]) -> Vec<u32> {
    let mut keyed: Vec<(u64, u32)> = (0..a.len())
        .map(|f| ((u64::from(a[f].0) << 32) | u64::from(b[f].0), f as u32))
        .collect();
    keyed.sort_unstable();
    keyed.into_iter().map(|(_, f)| f).collect()
}

/// Aggregated events (XSpace `num_occurrences`): they have a count and a total duration but
/// no place on the timeline, so they are listed here instead of drawn.
#[derive(Debug, Default)]
pub struct AggregateTable {
    /// The line (track) they belong to.
    pub track: Vec<TrackId>,
    /// Event name.
    pub name: Vec<StrId>,
    /// `num_occurrences`.
    pub occurrences: Vec<i64>,
    /// `duration_ps` as written (the total over the occurrences, per XProf's use).
    pub dur: Vec<Ps>,
    /// Stats.
    pub args: Vec<ArgSetId>,
}

impl AggregateTable {
    /// Number of aggregates.
    pub fn len(&self) -> usize {
        self.name.len()
    }
    /// True if there are none.
    pub fn is_empty(&self) -> bool {
        self.name.is_empty()
    }
}

/// Distinct categories; id 0 is "no category". Kept apart from the string table so that a
/// slice stores a 2-byte id.
#[derive(Clone, Debug)]
pub struct CategoryTable {
    /// Category names; index = `CategoryId`.
    pub name: Vec<StrId>,
}

impl Default for CategoryTable {
    fn default() -> Self {
        CategoryTable {
            name: vec![StrId::EMPTY],
        }
    }
}
