//! Perfetto protobuf importer (`.pftrace`, `.perfetto-trace`): a `Trace` of `TracePacket`s,
//! as Perfetto's SDK and Chromium write it.
//!
//! Supports:
//! - `TrackDescriptor`s (read first, in their own pass): process tracks and thread tracks
//!   grouped by pid, other tracks grouped under their root parent; names from the
//!   descriptor, `ProcessDescriptor.process_name`, `ThreadDescriptor.thread_name`.
//! - `TrackEvent`s: `TYPE_SLICE_BEGIN`/`TYPE_SLICE_END` nested per track (an END without a
//!   BEGIN counted `unmatched_end`; a BEGIN never ended closed at the trace end, counted
//!   `unclosed_begin`; END annotations merged into the slice), `TYPE_INSTANT` (an instant on
//!   a flow becomes a zero-length slice so the arrow has an end), `TYPE_COUNTER` on counter
//!   tracks (`counter_value` / `double_counter_value`, `unit_multiplier`, `is_incremental`),
//!   `extra_counter_values` / `extra_double_counter_values` (the built-in thread-time and
//!   instruction counters become `thread_dur_ns` / `thread_instruction_delta` args of the
//!   slice; other counters become samples), legacy events without a type by their phase
//!   (`B`/`b` begin, `E`/`e` end, `X` complete with `duration_us`, `I`/`i`/`R`/`n` instant;
//!   others counted `legacy_phase_not_imported`).
//! - Names and categories, plain or interned; debug annotations as typed args (nested dicts
//!   and arrays flattened to `a.b` / `a[2]` keys, names and string values plain or interned,
//!   pointers as hex); `task_execution.posted_from` and `source_location_iid` as text args.
//! - Flows: `flow_ids`, `terminating_flow_ids` (and their `_old` forms) and the legacy
//!   `bind_id` / `flow_direction`, linked in time order per id (see `flows.rs`).
//! - Per-sequence state (`trusted_packet_sequence_id`): interned data, `TracePacketDefaults`
//!   (default track, extra counter tracks, clock), `SEQ_INCREMENTAL_STATE_CLEARED` resets;
//!   a packet that `SEQ_NEEDS_INCREMENTAL_STATE` on a sequence whose state was never cleared
//!   (or was lost, `previous_packet_dropped`) is skipped and counted.
//! - Timestamps: `TracePacket.timestamp` with `timestamp_clock_id` (or the sequence default,
//!   else BOOTTIME). Built-in clocks are converted to the snapshot's `primary_trace_clock`
//!   with the latest `ClockSnapshot` that reads both; sequence-scoped clocks (64–127) with
//!   their unit and incremental encoding, through a built-in clock read in the same snapshot
//!   or, when there is none (Chromium's µs clocks), taken to be the trace clock. An event on
//!   a sequence clock its sequence never defined is skipped (`unknown_clock`); a built-in
//!   clock no snapshot relates to the trace clock is used as it is (`clock_not_converted`).
//!   The deprecated `TrackEvent` timestamps (`timestamp_delta_us` ...) are not read.
//!
//! Ignores, counted in `packet_not_imported` / `track_event_field_ignored` (Info) by field:
//! every other packet kind (ftrace, process stats, legacy `chrome_events` /
//! `chrome_metadata`, trace config and stats, `compressed_packets`, ...), typed Chrome
//! arguments (`chrome_mojo_event_info`, Chrome extensions, `log_message`, ...), the
//! deprecated `TrackEvent` timestamps and thread times, and correlation ids / callstacks.
//! Descriptor sort hints (`child_ordering`, `sibling_order_rank`) are not read: groups sort
//! by pid, threads by tid. A file cut short keeps every whole packet before the cut
//! (`truncated_input`); a damaged packet is skipped (`malformed_packet`).

mod annotations;
mod event;
mod flows;
mod place;
mod sequence;
mod tracks;
mod wire;

/// The prost types of `proto/perfetto.proto`: the subset of Perfetto's schema read here.
/// Public so that tests and tools can write Perfetto traces.
#[allow(clippy::all, missing_docs, missing_debug_implementations)]
pub mod proto {
    include!(concat!(env!("OUT_DIR"), "/planeview.perfetto.rs"));
}

use super::ImportOptions;
use crate::diagnostics::DiagnosticKind;
use crate::error::ImportError;
use crate::model::{Format, PS_PER_NS, Ps, Trace, TraceBuilder};
use event::{RawEvent, ignored_field_name};
use hashbrown::HashMap;
use place::Placer;
use prost::Message;
use sequence::{Clocks, FIRST_SEQUENCE_CLOCK, Sequence};
use tracks::Tracks;
use wire::{Broken, FIXED32, FIXED64, Fields, LEN, VARINT, Value};

/// Format name in error messages.
const FORMAT: &str = "Perfetto trace";

/// `Trace.packet`.
const TRACE_PACKET: u32 = 1;
/// `TracePacket` fields read.
const TIMESTAMP: u32 = 8;
const TIMESTAMP_CLOCK_ID: u32 = 58;
const SEQUENCE_ID: u32 = 10;
const TRACK_EVENT: u32 = 11;
const INTERNED_DATA: u32 = 12;
const SEQUENCE_FLAGS: u32 = 13;
const INCREMENTAL_STATE_CLEARED: u32 = 41;
const PREVIOUS_PACKET_DROPPED: u32 = 42;
const DEFAULTS: u32 = 59;
const TRACK_DESCRIPTOR: u32 = 60;
const CLOCK_SNAPSHOT: u32 = 6;
const FIRST_PACKET_ON_SEQUENCE: u32 = 87;
/// Packet attributes written by the service, not data: `trusted_uid`, `trusted_pid`,
/// `machine_id`.
const ATTRIBUTES: [u32; 3] = [3, 79, 98];
/// `SequenceFlags` bits.
const SEQ_INCREMENTAL_STATE_CLEARED: u64 = 1;
const SEQ_NEEDS_INCREMENTAL_STATE: u64 = 2;
/// `BuiltinClock::BOOTTIME`: the clock of a packet that names none.
const DEFAULT_PACKET_CLOCK: u32 = 6;

/// How many packets `sniff` looks at, at most.
const SNIFF_PACKETS: usize = 4;

/// True when `bytes` start like a Perfetto trace: top-level fields are `packet`s (a length
/// running past the end is accepted, as in a cut file), and the first packets' fields are
/// well formed, have TracePacket's wire types, and include one that only a TracePacket has
/// (a sequence id, timestamp, track event, descriptor ...). XSpace planes and HLO modules,
/// whose field 1 / 3 are a varint / a message, do not pass.
pub fn sniff(bytes: &[u8]) -> bool {
    let mut outer = Fields::new(bytes);
    let mut strong = false;
    for _ in 0..SNIFF_PACKETS {
        let start = outer_position(bytes, &outer);
        match outer.next() {
            Some((TRACE_PACKET, Value::Len(packet))) => match packet_evidence(packet) {
                Evidence::Packet { strong: s } => strong |= s,
                // Judged by the packets before the damage.
                Evidence::Damaged => return strong,
                Evidence::Foreign => return false,
            },
            Some(_) => return false,
            None => {
                return match outer.broken() {
                    None => strong,
                    // The first packet is cut: judge what there is of it.
                    Some(Broken::Cut { at }) if at == start => {
                        let present = cut_packet(&bytes[at..]).map(packet_evidence);
                        matches!(present, Some(Evidence::Packet { strong: true })) || strong
                    }
                    Some(Broken::Cut { .. }) => strong,
                    Some(Broken::Damaged { .. }) => false,
                };
            }
        }
    }
    strong
}

/// Where the walk `fields` of `bytes` stands (its next field starts there).
fn outer_position(bytes: &[u8], fields: &Fields) -> usize {
    bytes.len() - fields.remaining()
}

/// The bytes present of a packet whose length runs past the end.
fn cut_packet(at: &[u8]) -> Option<&[u8]> {
    let (key, pos) = wire::read_varint(at, 0)?;
    if key != u64::from(TRACE_PACKET << 3 | LEN as u32) {
        return None;
    }
    let (_, body) = wire::read_varint(at, pos)?;
    Some(&at[body..])
}

/// What the fields of (the start of) a packet say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Evidence {
    /// Every field is consistent with a TracePacket; `strong` when one of them is one only
    /// a TracePacket has.
    Packet { strong: bool },
    /// A field has a wire type TracePacket does not give it: another kind of message.
    Foreign,
    /// Bytes no valid encoding produces.
    Damaged,
}

fn packet_evidence(packet: &[u8]) -> Evidence {
    let mut strong = false;
    let mut fields = Fields::new(packet);
    for (number, value) in &mut fields {
        let wire = match value {
            Value::Varint(_) => VARINT,
            Value::Fixed64(_) => FIXED64,
            Value::Len(_) => LEN,
            Value::Fixed32(_) => FIXED32,
        };
        let expected = match number {
            TIMESTAMP
            | SEQUENCE_ID
            | SEQUENCE_FLAGS
            | TIMESTAMP_CLOCK_ID
            | FIRST_PACKET_ON_SEQUENCE
            | PREVIOUS_PACKET_DROPPED
            | INCREMENTAL_STATE_CLEARED
            | 3
            | 79 => VARINT,
            1 | 2 | 4 | 5 | CLOCK_SNAPSHOT | 7 | 9 | TRACK_EVENT | INTERNED_DATA | DEFAULTS
            | TRACK_DESCRIPTOR | 33 | 34 | 35 | 36 => LEN,
            _ => wire,
        };
        if wire != expected {
            return Evidence::Foreign;
        }
        strong |= matches!(
            number,
            TIMESTAMP
                | SEQUENCE_ID
                | TRACK_EVENT
                | TRACK_DESCRIPTOR
                | DEFAULTS
                | SEQUENCE_FLAGS
                | TIMESTAMP_CLOCK_ID
                | FIRST_PACKET_ON_SEQUENCE
        );
    }
    match fields.broken() {
        Some(Broken::Damaged { .. }) => Evidence::Damaged,
        _ => Evidence::Packet { strong },
    }
}

/// Imports a Perfetto trace. A cut or damaged file keeps what was read before the problem;
/// it is an error only when no event that can be drawn was read.
pub fn import(bytes: &[u8]) -> Result<Trace, ImportError> {
    import_with(bytes, &ImportOptions::default())
}

/// [`import`] with options (reduced detail drops args).
pub fn import_with(bytes: &[u8], options: &ImportOptions) -> Result<Trace, ImportError> {
    let mut b = TraceBuilder::new(Format::Perfetto);
    if options.drop_args {
        b.drop_args();
    }
    b.set_model_budget(options.model_budget_bytes);
    let tracks = collect_descriptors(bytes);
    let mut importer = Importer::new(Placer::new(b, tracks));
    let mut outer = Fields::new(bytes);
    loop {
        let start = outer_position(bytes, &outer);
        match outer.next() {
            Some((TRACE_PACKET, Value::Len(packet))) => importer.packet(packet, start),
            Some((number, _)) => importer.malformed(
                start,
                format!("a top-level field {number} where a Trace has only packets (field 1)"),
            ),
            None => break,
        }
    }
    match outer.broken() {
        Some(Broken::Cut { at }) => importer.cut = Some(at),
        Some(Broken::Damaged { at, what }) => {
            importer.malformed(at, format!("{what}; the rest of the file is not read"));
        }
        None => {}
    }
    importer.finish(bytes.len())
}

/// First pass: every complete `TrackDescriptor` in the file.
fn collect_descriptors(bytes: &[u8]) -> Tracks {
    let mut tracks = Tracks::default();
    let mut outer = Fields::new(bytes);
    loop {
        let start = outer_position(bytes, &outer);
        let Some((number, value)) = outer.next() else {
            break;
        };
        let (TRACE_PACKET, Value::Len(packet)) = (number, value) else {
            continue;
        };
        for (number, value) in Fields::new(packet) {
            if let (TRACK_DESCRIPTOR, Value::Len(d)) = (number, value) {
                tracks.add_encoded(d, start);
            }
        }
    }
    tracks
}

/// The fields of one packet that are read.
#[derive(Debug, Default)]
struct Packet<'a> {
    timestamp: Option<u64>,
    clock: Option<u32>,
    sequence: u32,
    flags: u64,
    dropped: bool,
    first_on_sequence: bool,
    track_event: Option<&'a [u8]>,
    interned: Option<&'a [u8]>,
    defaults: Option<&'a [u8]>,
    snapshot: Option<&'a [u8]>,
    /// A data field this importer does not read.
    other: Option<u32>,
}

impl<'a> Packet<'a> {
    fn decode(bytes: &'a [u8]) -> Result<Self, Broken> {
        let mut p = Packet::default();
        let mut fields = Fields::new(bytes);
        for (number, value) in &mut fields {
            let int = value.as_u64();
            match number {
                TIMESTAMP => p.timestamp = int,
                TIMESTAMP_CLOCK_ID => p.clock = int.map(|v| v as u32),
                SEQUENCE_ID => p.sequence = int.unwrap_or(0) as u32,
                SEQUENCE_FLAGS => p.flags = int.unwrap_or(0),
                INCREMENTAL_STATE_CLEARED if int.unwrap_or(0) != 0 => {
                    p.flags |= SEQ_INCREMENTAL_STATE_CLEARED;
                }
                PREVIOUS_PACKET_DROPPED => p.dropped = int.unwrap_or(0) != 0,
                FIRST_PACKET_ON_SEQUENCE => p.first_on_sequence = int.unwrap_or(0) != 0,
                TRACK_EVENT => p.track_event = value.as_bytes(),
                INTERNED_DATA => p.interned = value.as_bytes(),
                DEFAULTS => p.defaults = value.as_bytes(),
                CLOCK_SNAPSHOT => p.snapshot = value.as_bytes(),
                TRACK_DESCRIPTOR | INCREMENTAL_STATE_CLEARED => {}
                n if ATTRIBUTES.contains(&n) => {}
                n => p.other = p.other.or(Some(n)),
            }
        }
        fields.broken().map_or(Ok(p), Err)
    }
}

/// Import state between packets.
#[derive(Debug)]
struct Importer<'a> {
    placer: Placer,
    clocks: Clocks,
    sequences: HashMap<u32, Sequence>,
    event: RawEvent<'a>,
    /// Time 0 of the model, in trace-clock ns (the first event's time).
    origin_ns: Option<i128>,
    packets: u64,
    /// Where the input ends inside a packet.
    cut: Option<usize>,
    /// First damage: offset and what.
    damage: Option<(usize, String)>,
    /// Packets of kinds not imported: (field number, count).
    not_imported: Vec<(u32, u64)>,
    /// TrackEvent fields not read: (field number, events).
    ignored_fields: Vec<(u32, u64)>,
    /// Clocks without a conversion to the trace clock.
    unconverted_clocks: Vec<u32>,
}

impl<'a> Importer<'a> {
    fn new(placer: Placer) -> Self {
        Importer {
            placer,
            clocks: Clocks::default(),
            sequences: HashMap::new(),
            event: RawEvent::default(),
            origin_ns: None,
            packets: 0,
            cut: None,
            damage: None,
            not_imported: Vec::new(),
            ignored_fields: Vec::new(),
            unconverted_clocks: Vec::new(),
        }
    }

    fn malformed(&mut self, offset: usize, detail: String) {
        if self.damage.is_none() {
            self.damage = Some((offset, detail.clone()));
        }
        self.placer
            .b
            .diagnostics()
            .record(DiagnosticKind::MalformedPacket, || {
                format!("packet at byte {offset}: {detail}; skipped")
            });
    }

    /// Handles one complete packet that starts at input offset `offset`.
    fn packet(&mut self, bytes: &'a [u8], offset: usize) {
        self.packets += 1;
        let p = match Packet::decode(bytes) {
            Ok(p) => p,
            Err(broken) => {
                let detail = match broken {
                    Broken::Cut { .. } => "a field runs past the end of its packet",
                    Broken::Damaged { what, .. } => what,
                };
                return self.malformed(offset, detail.to_owned());
            }
        };
        if p.track_event.is_some() {
            self.placer.b.count_source_events(1);
        }
        if let Some(n) = p.other {
            count(&mut self.not_imported, n);
        }
        let seq = self.sequences.entry(p.sequence).or_default();
        let cleared = p.flags & SEQ_INCREMENTAL_STATE_CLEARED != 0;
        if cleared {
            seq.clear();
        } else if p.dropped && !p.first_on_sequence && seq.valid {
            seq.valid = false;
            let id = p.sequence;
            self.placer
                .b
                .diagnostics()
                .record(DiagnosticKind::PacketsLost, || {
                    format!("sequence {id} lost packets before byte {offset}; its events are skipped until its state is re-sent")
                });
        }
        if let Some(snapshot) = p.snapshot {
            match proto::ClockSnapshot::decode(snapshot) {
                Ok(s) => {
                    self.clocks.add_snapshot(&s);
                    seq.set_clocks(&s);
                }
                Err(e) => {
                    return self.malformed(
                        offset,
                        format!("a ClockSnapshot that does not decode ({e})"),
                    );
                }
            }
        }
        if let Some(defaults) = p.defaults {
            match proto::TracePacketDefaults::decode(defaults) {
                Ok(d) => seq.set_defaults(&d),
                Err(e) => {
                    return self.malformed(
                        offset,
                        format!("TracePacketDefaults that do not decode ({e})"),
                    );
                }
            }
        }
        // Every packet with a timestamp advances an incremental clock; an event without one
        // is at 0 on its clock (a delta of 0 on an incremental one).
        let clock = (p.clock.or(seq.default_clock)).unwrap_or(DEFAULT_PACKET_CLOCK);
        let time_ns = (p.timestamp.is_some() || p.track_event.is_some()).then(|| {
            let ts = p.timestamp.unwrap_or(0);
            read_time(&self.clocks, seq, clock, ts, &mut self.unconverted_clocks)
        });
        if p.flags & SEQ_NEEDS_INCREMENTAL_STATE != 0 && !seq.valid {
            if p.track_event.is_some() || p.interned.is_some() {
                let id = p.sequence;
                self.placer
                    .b
                    .diagnostics()
                    .record(DiagnosticKind::IncrementalStateMissing, || {
                        format!("packet at byte {offset} of sequence {id} needs interned data or defaults that were never sent (or were lost); skipped")
                    });
            }
            return;
        }
        if let Some(interned) = p.interned {
            if seq.add_interned(interned, &mut self.placer.b).is_err() {
                return self.malformed(offset, "InternedData that does not decode".to_owned());
            }
        }
        let Some(track_event) = p.track_event else {
            return;
        };
        if self.event.decode(track_event).is_err() {
            return self.malformed(offset, "a TrackEvent that does not decode".to_owned());
        }
        for &n in &self.event.ignored {
            count(&mut self.ignored_fields, n);
        }
        let Some(ns) = time_ns.flatten() else {
            let id = p.sequence;
            self.placer
                .b
                .diagnostics()
                .record(DiagnosticKind::UnknownClock, || {
                    format!("packet at byte {offset} of sequence {id} is timed on clock {clock}, which no clock snapshot of its sequence defines; skipped")
                });
            return;
        };
        let origin = *self.origin_ns.get_or_insert_with(|| {
            self.placer.b.set_origin_ns(clamp_ns(ns));
            i128::from(clamp_ns(ns))
        });
        let time = relative_ps(ns, origin);
        if time.is_none() {
            self.placer
                .b
                .diagnostics()
                .record(DiagnosticKind::TimestampOutOfRange, || {
                    format!("packet at byte {offset} has time {ns} ns, too far from the first event; clamped")
                });
        }
        let time = time.unwrap_or(if ns < origin {
            Ps::MIN / 2
        } else {
            Ps::MAX / 2
        });
        self.placer.event(&self.event, seq, time);
    }

    /// Reports what was skipped and decides whether enough was read.
    fn finish(mut self, len: usize) -> Result<Trace, ImportError> {
        if !self.placer.has_usable() {
            if let Some((offset, detail)) = self.damage.take() {
                return Err(ImportError::Malformed {
                    format: FORMAT,
                    detail,
                    offset: offset as u64,
                });
            }
            if self.cut.is_some() {
                return Err(ImportError::TruncatedBeforeData {
                    format: FORMAT,
                    offset: len as u64,
                });
            }
            return Err(ImportError::NotATrace(format!(
                "a Perfetto trace with no track event to show ({} packets{})",
                self.packets,
                describe_packets(&self.not_imported)
            )));
        }
        let packets = self.packets;
        let b = &mut self.placer.b;
        if let Some(at) = self.cut {
            b.diagnostics().record(DiagnosticKind::TruncatedInput, || {
                format!("byte {len}: the input ends inside the packet that starts at byte {at}; kept the {packets} packets before it")
            });
        }
        let (undecodable, first) = self.placer.tracks.undecodable;
        if undecodable > 0 {
            b.diagnostics().record_many(
                DiagnosticKind::MalformedPacket,
                undecodable,
                format!("a TrackDescriptor at byte {first} does not decode; its track keeps a default name"),
            );
        }
        for &clock in &self.unconverted_clocks {
            let primary = self.clocks.primary;
            b.diagnostics().record(DiagnosticKind::ClockNotConverted, || {
                format!("no clock snapshot relates clock {clock} to the trace clock {primary}; its times are used as they are")
            });
        }
        sort_by_count(&mut self.not_imported);
        for &(n, count) in &self.not_imported {
            b.diagnostics().record_many(
                DiagnosticKind::PacketNotImported,
                count,
                format!(
                    "{count} packets of field {n} ({}) are not imported",
                    packet_field_name(n)
                ),
            );
        }
        sort_by_count(&mut self.ignored_fields);
        for &(n, count) in &self.ignored_fields {
            b.diagnostics().record_many(
                DiagnosticKind::TrackEventFieldIgnored,
                count,
                format!(
                    "{count} track events carry field {n} ({}), which is not shown",
                    ignored_field_name(n)
                ),
            );
        }
        Ok(self.placer.finish().finish())
    }
}

/// Reads a packet timestamp on `clock` as trace-clock ns (`None` for a sequence clock the
/// sequence never defined). A clock without a conversion is used as it is and listed once.
fn read_time(
    clocks: &Clocks,
    seq: &mut Sequence,
    clock: u32,
    ts: u64,
    unconverted: &mut Vec<u32>,
) -> Option<i128> {
    let (ns, builtin) = if clock >= FIRST_SEQUENCE_CLOCK {
        seq.read_clock(clock, ts)?
    } else {
        (i128::from(ts), Some(clock))
    };
    let Some(builtin) = builtin else {
        return Some(ns);
    };
    match clocks.to_primary(builtin, ns) {
        Some(ns) => Some(ns),
        None => {
            if !unconverted.contains(&builtin) {
                unconverted.push(builtin);
            }
            Some(ns)
        }
    }
}

/// `ns - origin` in ps, if it fits.
fn relative_ps(ns: i128, origin: i128) -> Option<Ps> {
    Ps::try_from((ns - origin).checked_mul(i128::from(PS_PER_NS))?).ok()
}

fn clamp_ns(ns: i128) -> i64 {
    ns.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}

fn count(counts: &mut Vec<(u32, u64)>, n: u32) {
    match counts.iter_mut().find(|(k, _)| *k == n) {
        Some((_, c)) => *c += 1,
        None => counts.push((n, 1)),
    }
}

fn sort_by_count(counts: &mut [(u32, u64)]) {
    counts.sort_by_key(|&(n, c)| (std::cmp::Reverse(c), n));
}

fn describe_packets(counts: &[(u32, u64)]) -> String {
    let kinds: Vec<String> = counts
        .iter()
        .map(|&(n, _)| packet_field_name(n).to_owned())
        .collect();
    if kinds.is_empty() {
        String::new()
    } else {
        format!(": {}", kinds.join(", "))
    }
}

/// The name of a TracePacket data field, for diagnostics.
fn packet_field_name(number: u32) -> &'static str {
    match number {
        1 => "ftrace_events",
        2 => "process_tree",
        4 => "inode_file_map",
        5 => "chrome_events",
        7 => "sys_stats",
        9 => "process_stats",
        33 => "trace_config",
        34 => "ftrace_stats",
        35 => "trace_stats",
        36 => "synchronization_marker",
        43 => "process_descriptor (deprecated)",
        44 => "thread_descriptor (deprecated)",
        45 => "system_info",
        48 => "chrome_benchmark_metadata",
        49 => "perfetto_metatrace",
        50 => "compressed_packets",
        51 => "chrome_metadata",
        54 => "streaming_profile_packet",
        66 => "perf_sample",
        69 => "service_event",
        72 => "extension_descriptor",
        89 => "trace_uuid",
        109 => "chrome_trigger",
        124 => "trace_provenance",
        _ => "other",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniff_tells_packets_from_other_protobufs() {
        let packet = proto::TracePacket {
            timestamp: Some(5),
            trusted_packet_sequence_id: Some(1),
            ..Default::default()
        };
        let trace = proto::Trace {
            packet: vec![packet.clone(), packet],
        }
        .encode_to_vec();
        assert!(sniff(&trace));
        assert!(sniff(&trace[..trace.len() - 1]), "cut in the last packet");
        assert!(
            sniff(&trace[..4]),
            "cut in the first packet after its first field"
        );
        // An XSpace plane starts with its id (field 1, a varint), then its name.
        assert!(!sniff(&[0x0a, 0x05, 0x08, 0x01, 0x12, 0x01, b'p']));
        // An HLO module: field 1 name, 3 computations (a message).
        assert!(!sniff(&[0x0a, 0x06, 0x0a, 0x01, b'm', 0x1a, 0x01, 0x00]));
        assert!(!sniff(b"\nhello world\n"));
        assert!(!sniff(&[]));
    }
}
