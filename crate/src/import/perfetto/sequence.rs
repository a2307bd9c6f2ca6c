//! What a packet sequence (`trusted_packet_sequence_id`) carries from packet to packet:
//! interned strings, `TracePacketDefaults`, sequence-scoped clocks and incremental counter
//! values. `SEQ_INCREMENTAL_STATE_CLEARED` empties all but the clocks (a new clock snapshot
//! replaces those).

use super::proto::{ClockSnapshot, TracePacketDefaults};
use super::wire::{Broken, Fields, Value};
use crate::model::{StrId, TraceBuilder};
use hashbrown::HashMap;

/// `InternedData` field numbers read.
const EVENT_CATEGORIES: u32 = 1;
const EVENT_NAMES: u32 = 2;
const DEBUG_ANNOTATION_NAMES: u32 = 3;
const SOURCE_LOCATIONS: u32 = 4;
const DEBUG_ANNOTATION_STRING_VALUES: u32 = 29;

/// First sequence-scoped clock id; ids 64–127 are scoped to their sequence.
pub(super) const FIRST_SEQUENCE_CLOCK: u32 = 64;
const LAST_SEQUENCE_CLOCK: u32 = 127;

/// Interned entries of one sequence, resolved to model ids when they are defined.
#[derive(Debug, Default)]
pub(super) struct Interned {
    pub names: HashMap<u64, StrId>,
    /// Category names (the model category is looked up on use).
    pub categories: HashMap<u64, StrId>,
    pub annotation_names: HashMap<u64, StrId>,
    pub annotation_strings: HashMap<u64, StrId>,
    /// Source locations as one text: `function (file:line)`.
    pub source_locations: HashMap<u64, StrId>,
}

/// A sequence-scoped clock from a `ClockSnapshot`.
#[derive(Clone, Copy, Debug)]
struct SequenceClock {
    id: u32,
    unit_ns: i128,
    incremental: bool,
    /// The latest value, in the clock's unit.
    last: u64,
    /// A built-in clock read in the same snapshot, and `builtin_ns - value_ns` then.
    link: Option<(u32, i128)>,
}

/// The state of one packet sequence.
#[derive(Debug, Default)]
pub(super) struct Sequence {
    /// True once the sequence cleared its incremental state (so interned data and defaults
    /// can be trusted).
    pub valid: bool,
    pub interned: Interned,
    pub default_clock: Option<u32>,
    pub default_track: Option<u64>,
    pub default_extra_counters: Vec<u64>,
    pub default_extra_double_counters: Vec<u64>,
    /// Running values of incremental counters, by track uuid, in the counter's raw unit.
    pub counter_values: HashMap<u64, f64>,
    clocks: Vec<SequenceClock>,
}

impl Sequence {
    /// `SEQ_INCREMENTAL_STATE_CLEARED`: forget interned data, defaults and counter values.
    pub(super) fn clear(&mut self) {
        self.valid = true;
        self.interned = Interned::default();
        self.default_clock = None;
        self.default_track = None;
        self.default_extra_counters.clear();
        self.default_extra_double_counters.clear();
        self.counter_values.clear();
    }

    /// Applies `TracePacketDefaults`.
    pub(super) fn set_defaults(&mut self, d: &TracePacketDefaults) {
        self.default_clock = d.timestamp_clock_id;
        let ted = d.track_event_defaults.clone().unwrap_or_default();
        self.default_track = ted.track_uuid;
        self.default_extra_counters = ted.extra_counter_track_uuids;
        self.default_extra_double_counters = ted.extra_double_counter_track_uuids;
    }

    /// Adds the entries of an encoded `InternedData`.
    pub(super) fn add_interned(
        &mut self,
        bytes: &[u8],
        b: &mut TraceBuilder,
    ) -> Result<(), Broken> {
        let mut fields = Fields::new(bytes);
        for (number, value) in &mut fields {
            let Value::Len(entry) = value else { continue };
            match number {
                SOURCE_LOCATIONS => {
                    let (iid, text) = source_location(entry, b)?;
                    self.interned.source_locations.insert(iid, text);
                }
                EVENT_CATEGORIES
                | EVENT_NAMES
                | DEBUG_ANNOTATION_NAMES
                | DEBUG_ANNOTATION_STRING_VALUES => {
                    let (iid, name) = interned_name(entry)?;
                    let (id, _) = b.intern_bytes(name);
                    let i = &mut self.interned;
                    match number {
                        EVENT_CATEGORIES => {
                            i.categories.insert(iid, id);
                        }
                        EVENT_NAMES => {
                            i.names.insert(iid, id);
                        }
                        DEBUG_ANNOTATION_NAMES => {
                            i.annotation_names.insert(iid, id);
                        }
                        _ => {
                            i.annotation_strings.insert(iid, id);
                        }
                    }
                }
                _ => {}
            }
        }
        fields.broken().map_or(Ok(()), Err)
    }

    /// Takes the sequence-scoped clocks of a snapshot (ids 64–127), linking them to a
    /// built-in clock read in the same snapshot if there is one.
    pub(super) fn set_clocks(&mut self, snapshot: &ClockSnapshot) {
        let link_of = |ns: i128| {
            snapshot.clocks.iter().find_map(|c| {
                let id = c.clock_id?;
                let builtin_ns = i128::from(c.timestamp?);
                (id < FIRST_SEQUENCE_CLOCK).then_some((id, builtin_ns - ns))
            })
        };
        for c in &snapshot.clocks {
            let Some(id) = c
                .clock_id
                .filter(|id| (FIRST_SEQUENCE_CLOCK..=LAST_SEQUENCE_CLOCK).contains(id))
            else {
                continue;
            };
            let unit_ns = i128::from(c.unit_multiplier_ns.filter(|&u| u > 0).unwrap_or(1));
            let last = c.timestamp.unwrap_or(0);
            let clock = SequenceClock {
                id,
                unit_ns,
                incremental: c.is_incremental.unwrap_or(false),
                last,
                link: link_of(i128::from(last) * unit_ns),
            };
            match self.clocks.iter_mut().find(|k| k.id == id) {
                Some(k) => *k = clock,
                None => self.clocks.push(clock),
            }
        }
    }

    /// Reads sequence clock `id` at `value` (a delta if the clock is incremental): the time
    /// in ns and the built-in clock it is in (`None`: the trace clock), or `None` if the
    /// sequence has no such clock.
    pub(super) fn read_clock(&mut self, id: u32, value: u64) -> Option<(i128, Option<u32>)> {
        let clock = self.clocks.iter_mut().find(|k| k.id == id)?;
        if clock.incremental {
            clock.last = clock.last.wrapping_add(value);
        } else {
            clock.last = value;
        }
        let ns = i128::from(clock.last) * clock.unit_ns;
        Some(match clock.link {
            Some((builtin, offset)) => (ns + offset, Some(builtin)),
            None => (ns, None),
        })
    }
}

/// `iid` and text of an `EventName` / `EventCategory` / `DebugAnnotationName` /
/// `InternedString`.
fn interned_name(bytes: &[u8]) -> Result<(u64, &[u8]), Broken> {
    let (mut iid, mut name): (u64, &[u8]) = (0, b"");
    let mut fields = Fields::new(bytes);
    for (number, value) in &mut fields {
        match (number, value) {
            (1, v) => iid = v.as_u64().unwrap_or(0),
            (2, Value::Len(text)) => name = text,
            _ => {}
        }
    }
    fields.broken().map_or(Ok((iid, name)), Err)
}

/// `iid` and `function (file:line)` of a `SourceLocation`.
fn source_location(bytes: &[u8], b: &mut TraceBuilder) -> Result<(u64, StrId), Broken> {
    let (mut iid, mut file, mut function, mut line): (u64, &[u8], &[u8], u64) = (0, b"", b"", 0);
    let mut fields = Fields::new(bytes);
    for (number, value) in &mut fields {
        match (number, value) {
            (1, v) => iid = v.as_u64().unwrap_or(0),
            (2, Value::Len(text)) => file = text,
            (3, Value::Len(text)) => function = text,
            (4, v) => line = v.as_u64().unwrap_or(0),
            _ => {}
        }
    }
    if let Some(broken) = fields.broken() {
        return Err(broken);
    }
    let (file, function) = (
        String::from_utf8_lossy(file),
        String::from_utf8_lossy(function),
    );
    let text = match (function.is_empty(), line) {
        (true, 0) => file.into_owned(),
        (true, _) => format!("{file}:{line}"),
        (false, 0) => format!("{function} ({file})"),
        (false, _) => format!("{function} ({file}:{line})"),
    };
    Ok((iid, b.intern(&text)))
}

/// The trace-wide clocks: the trace clock and the latest snapshot of built-in clocks.
#[derive(Debug)]
pub(super) struct Clocks {
    /// The clock all times are converted to (`primary_trace_clock`, BOOTTIME by default).
    pub primary: u32,
    /// (clock id, ns) of the latest snapshot of built-in clocks.
    readings: Vec<(u32, i128)>,
}

/// `BuiltinClock::BOOTTIME`, the default trace clock.
const BOOTTIME: u32 = 6;

impl Default for Clocks {
    fn default() -> Self {
        Clocks {
            primary: BOOTTIME,
            readings: Vec::new(),
        }
    }
}

impl Clocks {
    /// Takes the built-in readings of a snapshot without sequence-scoped clocks.
    pub(super) fn add_snapshot(&mut self, snapshot: &ClockSnapshot) {
        if let Some(primary) = snapshot.primary_trace_clock {
            self.primary = primary;
        }
        let scoped = snapshot
            .clocks
            .iter()
            .any(|c| c.clock_id.unwrap_or(0) >= FIRST_SEQUENCE_CLOCK);
        if scoped {
            return;
        }
        self.readings = snapshot
            .clocks
            .iter()
            .filter_map(|c| Some((c.clock_id?, i128::from(c.timestamp?))))
            .collect();
    }

    /// `ns` of built-in clock `clock` in the trace clock, or `None` when the latest snapshot
    /// does not read both clocks.
    pub(super) fn to_primary(&self, clock: u32, ns: i128) -> Option<i128> {
        if clock == self.primary {
            return Some(ns);
        }
        let reading = |id: u32| self.readings.iter().find(|r| r.0 == id).map(|r| r.1);
        Some(ns - reading(clock)? + reading(self.primary)?)
    }
}
