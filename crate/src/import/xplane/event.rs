//! The hot path: `XEvent`s decoded straight from the wire, without allocation.
//!
//! A profile holds millions of events and each carries a few stats. Decoding them with
//! prost's generated types costs a `Vec` of stats and a `String` per string stat; here an
//! event borrows its strings from the input and its stats go into a buffer reused from one
//! event to the next. Semantics follow protobuf: the last value of a field wins, unknown
//! fields are skipped, a field with the wrong wire type or a string that is not UTF-8 makes
//! the event invalid (as it does for prost).

use super::pb;
use super::pb::x_stat::Value;
use super::wire::{LEN, MAX_PLAUSIBLE_LEN, VARINT, read_varint};
use crate::import::protowire::{FIXED32, FIXED64};

/// A stat value borrowed from the input (or from a prost-decoded `XStat`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum RawValue<'a> {
    /// No value set.
    None,
    /// `double_value`.
    Double(f64),
    /// `uint64_value`.
    Uint(u64),
    /// `int64_value`.
    Int(i64),
    /// `str_value`, valid UTF-8.
    Str(&'a str),
    /// `bytes_value`.
    Bytes(&'a [u8]),
    /// `ref_value`: a stat metadata id whose name is the value.
    Ref(u64),
    /// `compressed_str_value`.
    Compressed(&'a [u8]),
}

impl<'a> RawValue<'a> {
    /// The value of a stat decoded by prost (event metadata and plane stats).
    pub(super) fn of(stat: &'a pb::XStat) -> Self {
        match &stat.value {
            None => RawValue::None,
            Some(Value::DoubleValue(v)) => RawValue::Double(*v),
            Some(Value::Uint64Value(v)) => RawValue::Uint(*v),
            Some(Value::Int64Value(v)) => RawValue::Int(*v),
            Some(Value::StrValue(s)) => RawValue::Str(s),
            Some(Value::BytesValue(b)) => RawValue::Bytes(b),
            Some(Value::RefValue(v)) => RawValue::Ref(*v),
            Some(Value::CompressedStrValue(b)) => RawValue::Compressed(b),
        }
    }
}

/// One stat of an event.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct RawStat<'a> {
    /// Stat metadata id (gives the name).
    pub metadata_id: i64,
    /// The value.
    pub value: RawValue<'a>,
}

/// Where an event lies: at an offset, or an aggregate with a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Placement {
    /// `offset_ps` from the line's timestamp (0 when unset).
    Offset(i64),
    /// `num_occurrences`: an aggregate, not placed on the timeline.
    Aggregate(i64),
}

/// One event; `stats` is reused across events by [`decode_event`].
#[derive(Debug, Default)]
pub(super) struct RawEvent<'a> {
    /// Event metadata id (gives the name).
    pub metadata_id: i64,
    /// Offset or aggregate count.
    pub placement: Option<Placement>,
    /// Duration in ps.
    pub duration_ps: i64,
    /// The stats, in wire order.
    pub stats: Vec<RawStat<'a>>,
}

/// One event of a [`DecodedRun`]: its stats borrowed from the run.
#[derive(Clone, Copy, Debug)]
pub(super) struct Event<'r, 'a> {
    /// Event metadata id (gives the name).
    pub metadata_id: i64,
    /// Offset or aggregate count.
    pub placement: Option<Placement>,
    /// Duration in ps.
    pub duration_ps: i64,
    /// The stats, in wire order.
    pub stats: &'r [RawStat<'a>],
}

/// An event record of a run: where it starts and, if it decodes, its fields.
#[derive(Clone, Copy, Debug)]
struct Head {
    /// Offset of the record's key in the message the run was read from.
    start: usize,
    /// `None` for a record that does not decode.
    fields: Option<(i64, Option<Placement>, i64)>,
    /// End of its stats in the run's `stats`.
    stats_end: usize,
}

/// The event records of a range of an encoded `XLine`, decoded: what can be done apart from
/// the model, on any thread (see `in_order.rs`). Strings stay borrowed from the input.
#[derive(Debug, Default)]
pub(super) struct DecodedRun<'a> {
    heads: Vec<Head>,
    stats: Vec<RawStat<'a>>,
}

impl<'a> DecodedRun<'a> {
    /// Decodes the whole event records (field `field`) of `message[range]`, as
    /// [`whole_records`] finds them from `range.start`; `events` sizes the lists.
    pub(super) fn decode(
        message: &'a [u8],
        range: std::ops::Range<usize>,
        field: u64,
        events: usize,
    ) -> Self {
        let mut heads = Vec::with_capacity(events);
        // The stats go straight into the run's list.
        let mut event = RawEvent {
            stats: Vec::with_capacity(events * STATS_PER_EVENT_GUESS),
            ..RawEvent::default()
        };
        for (start, payload) in whole_records(&message[range.clone()], field) {
            let before = event.stats.len();
            let fields = match decode_event(payload, &mut event) {
                Ok(()) => Some((event.metadata_id, event.placement, event.duration_ps)),
                Err(Invalid) => {
                    event.stats.truncate(before);
                    None
                }
            };
            heads.push(Head {
                start: range.start + start,
                fields,
                stats_end: event.stats.len(),
            });
        }
        DecodedRun {
            heads,
            stats: event.stats,
        }
    }

    /// The records in order: each one's offset in the message, and its event if it decodes.
    pub(super) fn events(&self) -> impl Iterator<Item = (usize, Option<Event<'_, 'a>>)> {
        let mut stats_start = 0;
        self.heads.iter().map(move |head| {
            let stats = &self.stats[stats_start..head.stats_end];
            stats_start = head.stats_end;
            let event = head
                .fields
                .map(|(metadata_id, placement, duration_ps)| Event {
                    metadata_id,
                    placement,
                    duration_ps,
                    stats,
                });
            (head.start, event)
        })
    }
}

/// One-byte keys of `XEvent` fields 1–4 (field number << 3 | wire type), and of `XStat`
/// field 1.
const KEY_METADATA_ID: u8 = 1 << 3 | VARINT;
const KEY_OFFSET_PS: u8 = 2 << 3 | VARINT;
const KEY_DURATION_PS: u8 = 3 << 3 | VARINT;
const KEY_STAT: u8 = 4 << 3 | LEN;
const KEY_STAT_METADATA_ID: u8 = 1 << 3 | VARINT;

/// The event is not valid protobuf for `XEvent`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Invalid;

/// Decodes the `XEvent` in `bytes` into `out`: its fields set, its stats appended to
/// `out.stats` (on `Invalid`, some may have been).
pub(super) fn decode_event<'a>(bytes: &'a [u8], out: &mut RawEvent<'a>) -> Result<(), Invalid> {
    out.metadata_id = 0;
    out.placement = None;
    out.duration_ps = 0;
    let mut pos = 0;
    // Writers emit fields in number order, so most events are `metadata_id`, `offset_ps`,
    // `duration_ps` (each left out when 0), then the stats: read that prefix with one
    // well-predicted test per field, then anything else in the general loop below (which
    // treats every field alike, so the result is the same).
    if bytes.first() == Some(&KEY_METADATA_ID) {
        (out.metadata_id, pos) = varint_i64(bytes, 1)?;
    }
    if bytes.get(pos) == Some(&KEY_OFFSET_PS) {
        let (v, next) = varint_i64(bytes, pos + 1)?;
        (out.placement, pos) = (Some(Placement::Offset(v)), next);
    }
    if bytes.get(pos) == Some(&KEY_DURATION_PS) {
        (out.duration_ps, pos) = varint_i64(bytes, pos + 1)?;
    }
    while bytes.get(pos) == Some(&KEY_STAT) {
        if let Some((stat, next)) = usual_stat(bytes, pos) {
            out.stats.push(stat);
            pos = next;
            continue;
        }
        let (body, next) = length_delimited(bytes, pos + 1)?;
        out.stats.push(decode_stat(body)?);
        pos = next;
    }
    while pos < bytes.len() {
        let (number, wire, next) = key(bytes, pos)?;
        pos = next;
        match (number, wire) {
            (1, VARINT) => (out.metadata_id, pos) = varint_i64(bytes, pos)?,
            (2, VARINT) => {
                let (v, next) = varint_i64(bytes, pos)?;
                (out.placement, pos) = (Some(Placement::Offset(v)), next);
            }
            (3, VARINT) => (out.duration_ps, pos) = varint_i64(bytes, pos)?,
            (5, VARINT) => {
                let (v, next) = varint_i64(bytes, pos)?;
                (out.placement, pos) = (Some(Placement::Aggregate(v)), next);
            }
            (4, LEN) => {
                let (body, next) = length_delimited(bytes, pos)?;
                out.stats.push(decode_stat(body)?);
                pos = next;
            }
            (1..=5, _) => return Err(Invalid),
            (_, wire) => pos = skip(bytes, pos, wire)?,
        }
    }
    Ok(())
}

/// What the census of a plane's events counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Census {
    /// Events.
    pub events: usize,
    /// Events with at least one stat.
    pub events_with_stats: usize,
    /// Stats.
    pub stats: usize,
    /// Bytes of the stats' payloads.
    pub stat_bytes: usize,
}

impl Census {
    /// Counts one event record (its payload): a walk over field keys and lengths only, so
    /// that the builder can reserve room before the events are decoded; quietly stops at
    /// damage (the count only sizes allocations).
    pub(super) fn count_event(&mut self, event: &[u8]) {
        self.events += 1;
        let mut at = 0;
        let stats = self.stats;
        // The usual layout first (as in `decode_event`): the three numbers, then stats with
        // one-byte lengths; anything else in the general loop, which counts alike.
        for key in [KEY_METADATA_ID, KEY_OFFSET_PS, KEY_DURATION_PS] {
            if event.get(at) == Some(&key) {
                let Some(next) = skip_varint(event, at + 1) else {
                    break;
                };
                at = next;
            }
        }
        while let (Some(&KEY_STAT), Some(&len)) = (event.get(at), event.get(at + 1)) {
            let end = at + 2 + usize::from(len);
            if len >= 0x80 || end > event.len() {
                break;
            }
            self.stats += 1;
            self.stat_bytes += end - at - 1;
            at = end;
        }
        while let Some((number, wire, next)) = lean_key(event, at) {
            let Some(end) = field_end(event, next, wire) else {
                break;
            };
            if (number, wire) == (4, LEN) {
                self.stats += 1;
                self.stat_bytes += end - next;
            }
            at = end;
        }
        self.events_with_stats += usize::from(self.stats > stats);
    }

    /// The sums of both counts.
    pub(super) fn add(self, other: Census) -> Census {
        Census {
            events: self.events + other.events,
            events_with_stats: self.events_with_stats + other.events_with_stats,
            stats: self.stats + other.stats,
            stat_bytes: self.stat_bytes + other.stat_bytes,
        }
    }
}

/// Room for stats a run starts with, per event (real profiles carry about three).
const STATS_PER_EVENT_GUESS: usize = 4;

/// [`key`] for [`Census::count_event`]: `None` at the end, at damage or at field number 0.
#[inline]
fn lean_key(bytes: &[u8], pos: usize) -> Option<(u64, u8, usize)> {
    match bytes.get(pos) {
        Some(&b) if (8..0x80).contains(&b) => Some((u64::from(b >> 3), b & 7, pos + 1)),
        Some(_) => key(bytes, pos).ok().filter(|k| k.0 != 0),
        None => None,
    }
}

/// The end of the field whose value starts at `pos` (for `LEN`, at its length prefix),
/// without reading varint values; `None` if it runs past `bytes` or is damaged.
#[inline]
fn field_end(bytes: &[u8], pos: usize, wire: u8) -> Option<usize> {
    match wire {
        VARINT => skip_varint(bytes, pos),
        LEN => {
            let (len, at) = read_varint(bytes, pos).ok()?;
            let end = at.checked_add(usize::try_from(len).ok()?)?;
            (end <= bytes.len()).then_some(end)
        }
        _ => skip(bytes, pos, wire).ok(),
    }
}

/// The position after the varint at `pos`, its value not decoded.
#[inline]
fn skip_varint(bytes: &[u8], pos: usize) -> Option<usize> {
    if let Some(word) = bytes.get(pos..).and_then(|rest| rest.first_chunk::<8>()) {
        let ends = !u64::from_le_bytes(*word) & 0x8080_8080_8080_8080;
        if ends != 0 {
            return Some(pos + (ends.trailing_zeros() / 8 + 1) as usize);
        }
    }
    read_varint(bytes, pos).ok().map(|(_, next)| next)
}

/// The whole `field` records (length-delimited) of an encoded message, as (offset of the
/// key, payload), in wire order: the fields [`super::wire::Fields`] yields complete with that
/// number and wire type, found by a leaner walk for the hot per-event loop. Stops where that
/// walk stops (a cut, or damage, which the caller reports from its own walk of the message).
pub(super) fn whole_records(message: &[u8], field: u64) -> WholeRecords<'_> {
    WholeRecords {
        message,
        pos: 0,
        field,
    }
}

/// Iterator of [`whole_records`].
#[derive(Debug)]
pub(super) struct WholeRecords<'a> {
    message: &'a [u8],
    pos: usize,
    field: u64,
}

impl<'a> Iterator for WholeRecords<'a> {
    type Item = (usize, &'a [u8]);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        while self.pos < self.message.len() {
            let start = self.pos;
            let Ok((number, wire, next)) = key(self.message, start) else {
                break;
            };
            if number == 0 {
                break;
            }
            if wire == LEN {
                let Ok((len, at)) = read_varint(self.message, next) else {
                    break;
                };
                if len > MAX_PLAUSIBLE_LEN || len > (self.message.len() - at) as u64 {
                    break;
                }
                self.pos = at + len as usize;
                if number == self.field {
                    return Some((start, &self.message[at..self.pos]));
                }
            } else {
                let Ok(end) = skip(self.message, next, wire) else {
                    break;
                };
                self.pos = end;
            }
        }
        self.pos = self.message.len();
        None
    }
}

/// `XStat` field keys of the values [`usual_stat`] reads.
const KEY_DOUBLE: u8 = 2 << 3 | FIXED64;
const KEY_UINT: u8 = 3 << 3 | VARINT;
const KEY_INT: u8 = 4 << 3 | VARINT;
const KEY_STR: u8 = 5 << 3 | LEN;
const KEY_REF: u8 = 7 << 3 | VARINT;

/// The stat record whose key is at `bytes[pos]`, if it has the usual layout: a one-byte
/// length, `metadata_id`, then one number, string or reference value that ends the record.
/// Its varints are read from `bytes` (the whole event), where most have 8 bytes after them
/// to be read with one load; a record's own bytes are often fewer. Returns the stat and the
/// position after the record, the same stat [`decode_stat`] gives for the record's payload;
/// `None` for any other layout (left to [`decode_stat`]), or a record that does not decode.
#[inline(always)]
fn usual_stat(bytes: &[u8], pos: usize) -> Option<(RawStat<'_>, usize)> {
    let len = *bytes.get(pos + 1)?;
    let end = pos + 2 + usize::from(len);
    if len >= 0x80 || end > bytes.len() || bytes.get(pos + 2) != Some(&KEY_STAT_METADATA_ID) {
        return None;
    }
    let (id, at) = read_varint(bytes, pos + 3).ok()?;
    if at >= end {
        return None;
    }
    let (value, value_end) = match bytes[at] {
        KEY_UINT => {
            let (v, next) = read_varint(bytes, at + 1).ok()?;
            (RawValue::Uint(v), next)
        }
        KEY_INT => {
            let (v, next) = read_varint(bytes, at + 1).ok()?;
            (RawValue::Int(v as i64), next)
        }
        KEY_REF => {
            let (v, next) = read_varint(bytes, at + 1).ok()?;
            (RawValue::Ref(v), next)
        }
        KEY_STR => {
            let text = bytes.get(at + 2..end)?;
            if usize::from(*bytes.get(at + 1)?) != text.len() {
                return None;
            }
            (RawValue::Str(std::str::from_utf8(text).ok()?), end)
        }
        KEY_DOUBLE => {
            let raw = bytes.get(at + 1..end)?.first_chunk::<8>()?;
            (RawValue::Double(f64::from_le_bytes(*raw)), at + 9)
        }
        _ => return None,
    };
    let stat = RawStat {
        metadata_id: id as i64,
        value,
    };
    (value_end == end).then_some((stat, end))
}

/// Decodes one encoded `XStat`.
pub(super) fn decode_stat(bytes: &[u8]) -> Result<RawStat<'_>, Invalid> {
    let mut stat = RawStat {
        metadata_id: 0,
        value: RawValue::None,
    };
    let mut pos = 0;
    if bytes.first() == Some(&KEY_STAT_METADATA_ID) {
        (stat.metadata_id, pos) = varint_i64(bytes, 1)?;
    }
    while pos < bytes.len() {
        let (number, wire, next) = key(bytes, pos)?;
        pos = next;
        match (number, wire) {
            (1, VARINT) => (stat.metadata_id, pos) = varint_i64(bytes, pos)?,
            (2, FIXED64) => {
                let raw = bytes.get(pos..pos + 8).ok_or(Invalid)?;
                let mut le = [0u8; 8];
                le.copy_from_slice(raw);
                stat.value = RawValue::Double(f64::from_le_bytes(le));
                pos += 8;
            }
            (3, VARINT) | (7, VARINT) => {
                let (v, next) = read_varint(bytes, pos).map_err(|_| Invalid)?;
                stat.value = if number == 3 {
                    RawValue::Uint(v)
                } else {
                    RawValue::Ref(v)
                };
                pos = next;
            }
            (4, VARINT) => {
                let (v, next) = varint_i64(bytes, pos)?;
                (stat.value, pos) = (RawValue::Int(v), next);
            }
            (5, LEN) => {
                let (body, next) = length_delimited(bytes, pos)?;
                let text = std::str::from_utf8(body).map_err(|_| Invalid)?;
                (stat.value, pos) = (RawValue::Str(text), next);
            }
            (6, LEN) | (8, LEN) => {
                let (body, next) = length_delimited(bytes, pos)?;
                stat.value = if number == 6 {
                    RawValue::Bytes(body)
                } else {
                    RawValue::Compressed(body)
                };
                pos = next;
            }
            (1..=8, _) => return Err(Invalid),
            (_, wire) => pos = skip(bytes, pos, wire)?,
        }
    }
    Ok(stat)
}

/// Reads a field key: (number, wire type, position after it).
fn key(bytes: &[u8], pos: usize) -> Result<(u64, u8, usize), Invalid> {
    let (key, next) = read_varint(bytes, pos).map_err(|_| Invalid)?;
    Ok((key >> 3, (key & 7) as u8, next))
}

fn varint_i64(bytes: &[u8], pos: usize) -> Result<(i64, usize), Invalid> {
    read_varint(bytes, pos)
        .map(|(v, next)| (v as i64, next))
        .map_err(|_| Invalid)
}

/// Reads a length prefix and returns the payload and the position after it.
fn length_delimited(bytes: &[u8], pos: usize) -> Result<(&[u8], usize), Invalid> {
    let (len, start) = read_varint(bytes, pos).map_err(|_| Invalid)?;
    let end = usize::try_from(len)
        .ok()
        .and_then(|len| start.checked_add(len))
        .ok_or(Invalid)?;
    Ok((bytes.get(start..end).ok_or(Invalid)?, end))
}

/// Skips the value of an unknown field.
fn skip(bytes: &[u8], pos: usize, wire: u8) -> Result<usize, Invalid> {
    let end = match wire {
        VARINT => return read_varint(bytes, pos).map(|(_, n)| n).map_err(|_| Invalid),
        FIXED64 => pos + 8,
        LEN => return length_delimited(bytes, pos).map(|(_, n)| n),
        FIXED32 => pos + 4,
        _ => return Err(Invalid),
    };
    if end <= bytes.len() {
        Ok(end)
    } else {
        Err(Invalid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use prost::Message;

    fn encode(event: &pb::XEvent) -> Vec<u8> {
        event.encode_to_vec()
    }

    #[test]
    fn decodes_what_prost_encodes() {
        let stats = vec![
            pb::XStat {
                metadata_id: 1,
                value: Some(Value::DoubleValue(0.25)),
            },
            pb::XStat {
                metadata_id: 2,
                value: Some(Value::Uint64Value(u64::MAX)),
            },
            pb::XStat {
                metadata_id: 3,
                value: Some(Value::Int64Value(-7)),
            },
            pb::XStat {
                metadata_id: 4,
                value: Some(Value::StrValue("añ".into())),
            },
            pb::XStat {
                metadata_id: 5,
                value: Some(Value::BytesValue(vec![1, 2])),
            },
            pb::XStat {
                metadata_id: 6,
                value: Some(Value::RefValue(9)),
            },
            pb::XStat {
                metadata_id: 7,
                value: Some(Value::CompressedStrValue(vec![3])),
            },
            pb::XStat {
                metadata_id: 8,
                value: None,
            },
        ];
        let event = pb::XEvent {
            metadata_id: -3,
            duration_ps: 1_000_000,
            stats: stats.clone(),
            data: Some(pb::x_event::Data::OffsetPs(42)),
        };
        let bytes = encode(&event);
        let mut raw = RawEvent::default();
        decode_event(&bytes, &mut raw).unwrap();
        assert_eq!((raw.metadata_id, raw.duration_ps), (-3, 1_000_000));
        assert_eq!(raw.placement, Some(Placement::Offset(42)));
        let expect: Vec<RawValue> = stats.iter().map(RawValue::of).collect();
        let got: Vec<RawValue> = raw.stats.iter().map(|s| s.value).collect();
        assert_eq!(got, expect);
        assert_eq!(raw.stats[7].metadata_id, 8);

        let aggregate = pb::XEvent {
            data: Some(pb::x_event::Data::NumOccurrences(5)),
            ..Default::default()
        };
        let bytes = encode(&aggregate);
        let mut raw = RawEvent::default();
        decode_event(&bytes, &mut raw).unwrap();
        assert_eq!(raw.placement, Some(Placement::Aggregate(5)));
        assert!(raw.stats.is_empty());
    }

    #[test]
    fn whole_records_are_the_complete_fields_the_walker_finds() {
        use super::super::wire::Fields;
        let event = |id| pb::XEvent {
            metadata_id: id,
            ..Default::default()
        };
        let line = pb::XLine {
            id: 3,
            name: "l".into(),
            events: vec![event(1), event(300), event(2)],
            timestamp_ns: 5,
            ..Default::default()
        };
        let bytes = line.encode_to_vec();
        let mut damaged = bytes.clone();
        damaged.extend([0x0f, 0x00]); // wire type 7: damage
        for whole in [&bytes, &damaged] {
            for cut in 0..=whole.len() {
                let part = &whole[..cut];
                let ours: Vec<(usize, &[u8])> = whole_records(part, 4).collect();
                let walker: Vec<(usize, &[u8])> = Fields::new(part)
                    .filter(|f| f.number == 4 && f.wire == LEN && f.complete)
                    .map(|f| (f.start, f.payload))
                    .collect();
                assert_eq!(ours, walker, "cut at {cut}");
            }
        }
    }

    #[test]
    fn fields_out_of_order_or_repeated_decode_as_prost_decodes_them() {
        let stat = |id: i64, v: u64| pb::XStat {
            metadata_id: id,
            value: Some(Value::Uint64Value(v)),
        };
        let first = pb::XEvent {
            metadata_id: 7,
            duration_ps: 300,
            stats: vec![stat(1, 5)],
            data: Some(pb::x_event::Data::OffsetPs(1 << 40)),
        };
        let second = pb::XEvent {
            metadata_id: 9,
            stats: vec![stat(2, 6)],
            data: Some(pb::x_event::Data::NumOccurrences(4)),
            ..Default::default()
        };
        // Concatenated messages merge: later scalars win, stats append. Then stats first.
        let mut merged = encode(&first);
        merged.extend(encode(&second));
        let mut stats_first = encode(&pb::XEvent {
            stats: vec![stat(3, 1)],
            ..Default::default()
        });
        stats_first.extend(encode(&first));
        for bytes in [merged, stats_first] {
            let want = pb::XEvent::decode(&bytes[..]).unwrap();
            let mut raw = RawEvent::default();
            decode_event(&bytes, &mut raw).unwrap();
            assert_eq!(
                (raw.metadata_id, raw.duration_ps),
                (want.metadata_id, want.duration_ps)
            );
            let placement = match want.data {
                Some(pb::x_event::Data::OffsetPs(v)) => Some(Placement::Offset(v)),
                Some(pb::x_event::Data::NumOccurrences(v)) => Some(Placement::Aggregate(v)),
                None => None,
            };
            assert_eq!(raw.placement, placement);
            let ids: Vec<i64> = raw.stats.iter().map(|s| s.metadata_id).collect();
            let want_ids: Vec<i64> = want.stats.iter().map(|s| s.metadata_id).collect();
            assert_eq!(ids, want_ids);
        }
    }

    /// One `XStat` value of any kind, long strings and bytes included.
    fn any_value() -> impl proptest::strategy::Strategy<Value = Option<Value>> {
        use proptest::prelude::*;
        let text = proptest::collection::vec(any::<char>(), 0..70);
        prop_oneof![
            Just(None),
            any::<u64>().prop_map(|v| Some(Value::DoubleValue(f64::from_bits(v)))),
            any::<u64>().prop_map(|v| Some(Value::Uint64Value(v))),
            any::<i64>().prop_map(|v| Some(Value::Int64Value(v))),
            text.prop_map(|t| Some(Value::StrValue(t.into_iter().collect()))),
            proptest::collection::vec(any::<u8>(), 0..20).prop_map(|b| Some(Value::BytesValue(b))),
            any::<u64>().prop_map(|v| Some(Value::RefValue(v))),
        ]
    }

    proptest::proptest! {
        /// Where the usual-layout path reads a stat, it reads what `decode_stat` reads from
        /// the record's payload, and ends where the record ends: on stats as writers encode
        /// them, then with a byte changed (a mutated record may lose or keep the layout),
        /// and with bytes after the record (read in the same 8-byte words).
        #[test]
        fn the_usual_layout_reads_what_decode_stat_reads(
            id in proptest::prop_oneof![0i64..300, proptest::prelude::any::<i64>()],
            value in any_value(),
            change in proptest::option::of((0usize..200, proptest::prelude::any::<u8>())),
            after in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..12),
        ) {
            let stat = pb::XStat { metadata_id: id, value };
            let mut bytes = pb::XEvent { stats: vec![stat], ..Default::default() }.encode_to_vec();
            if let Some((at, byte)) = change {
                if let Some(b) = bytes.get_mut(at) {
                    *b = byte;
                }
            }
            bytes.extend(&after);
            if let Some((stat, end)) = usual_stat(&bytes, 0) {
                let body = &bytes[2..end];
                proptest::prop_assert_eq!(end, 2 + usize::from(bytes[1]));
                // Compared by their bits: a double may be a NaN.
                fn bits(s: RawStat<'_>) -> (i64, Option<u64>, RawValue<'_>) {
                    match s.value {
                        RawValue::Double(v) => (s.metadata_id, Some(v.to_bits()), RawValue::None),
                        other => (s.metadata_id, None, other),
                    }
                }
                proptest::prop_assert_eq!(decode_stat(body).map(bits), Ok(bits(stat)));
            }
        }
    }

    #[test]
    fn the_usual_layout_takes_the_usual_stats() {
        for value in [
            Value::DoubleValue(0.5),
            Value::Uint64Value(12_884_901_888),
            Value::Int64Value(-3),
            Value::StrValue("thunk.cc".into()),
            Value::RefValue(9),
        ] {
            let stat = pb::XStat {
                metadata_id: 5,
                value: Some(value),
            };
            let bytes = pb::XEvent {
                stats: vec![stat],
                ..Default::default()
            }
            .encode_to_vec();
            let (got, end) = usual_stat(&bytes, 0).expect("the usual layout");
            assert_eq!((Ok(got), end), (decode_stat(&bytes[2..]), bytes.len()));
        }
    }

    #[test]
    fn rejects_what_prost_rejects() {
        let event = pb::XEvent {
            metadata_id: 1,
            stats: vec![pb::XStat {
                metadata_id: 4,
                value: Some(Value::StrValue("ok".into())),
            }],
            ..Default::default()
        };
        let good = encode(&event);
        let mut raw = RawEvent::default();
        for cut in 0..good.len() {
            let ours = decode_event(&good[..cut], &mut raw).is_ok();
            let theirs = pb::XEvent::decode(&good[..cut]).is_ok();
            assert_eq!(ours, theirs, "cut at {cut}");
        }
        let mut bad_utf8 = good.clone();
        let at = bad_utf8.len() - 1;
        bad_utf8[at] = 0xff;
        assert!(decode_event(&bad_utf8, &mut raw).is_err());
        assert!(pb::XEvent::decode(&bad_utf8[..]).is_err());
    }

    #[test]
    fn the_census_counts_what_decoding_finds() {
        let stat = |id: i64, text_len: usize| pb::XStat {
            metadata_id: id,
            value: Some(Value::StrValue("s".repeat(text_len))),
        };
        let events = vec![
            // The usual layout, a stat longer than 127 bytes, no stats, stats first.
            pb::XEvent {
                metadata_id: 7,
                duration_ps: 1 << 40,
                stats: vec![stat(1, 3), stat(2, 200), stat(3, 0)],
                data: Some(pb::x_event::Data::OffsetPs(1 << 50)),
            },
            pb::XEvent {
                metadata_id: 8,
                ..Default::default()
            },
            pb::XEvent {
                stats: vec![stat(4, 1)],
                data: Some(pb::x_event::Data::NumOccurrences(2)),
                ..Default::default()
            },
        ];
        let line = pb::XLine {
            id: 3,
            events,
            ..Default::default()
        };
        let mut bytes = line.encode_to_vec();
        // An event whose stat precedes its metadata id.
        let mut odd = encode(&pb::XEvent {
            stats: vec![stat(5, 2)],
            ..Default::default()
        });
        odd.extend(encode(&pb::XEvent {
            metadata_id: 1,
            ..Default::default()
        }));
        bytes.push(4 << 3 | LEN);
        bytes.push(odd.len() as u8);
        bytes.extend(&odd);
        let mut want = Census::default();
        let mut raw = RawEvent::default();
        for (_, payload) in whole_records(&bytes, 4) {
            raw.stats.clear();
            decode_event(payload, &mut raw).unwrap();
            want.events += 1;
            want.events_with_stats += usize::from(!raw.stats.is_empty());
            want.stats += raw.stats.len();
        }
        let stat_bytes = |stats: &[pb::XStat]| -> usize {
            let n = stats.iter().map(|s| s.encoded_len());
            n.map(|n| n + prost::length_delimiter_len(n)).sum()
        };
        want.stat_bytes = line
            .events
            .iter()
            .map(|e| stat_bytes(&e.stats))
            .sum::<usize>()
            + stat_bytes(&[stat(5, 2)]);
        let mut got = Census::default();
        whole_records(&bytes, 4).for_each(|(_, payload)| got.count_event(payload));
        assert_eq!(got, want);
        assert_eq!((want.events, want.stats), (4, 5));
    }
}
