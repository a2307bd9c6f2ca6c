//! A part's record: a header, then the reader's results in input order, each as one op:
//! a new string (its text), a new category (its name's string), a complete event (its
//! fields, with the part's string and category ids), an entry that is not an object (its
//! offset). Integers are LEB128 varints (signed ones zigzag); a `pid`/`tid` equal to the
//! previous event's is written as a zero length, a `ts` as the difference from the
//! previous event's.
//!
//! [`TapeReader`] never panics and never reads past the record: every op it returns is
//! bounds-checked, ids included (a string or category id must name one made before it). The
//! header's checksum of the ops lets a damaged record be refused whole.

use super::super::event::{EventFields, IdScope, Micros, Phase};
use crate::model::{ArgValue, CategoryId, StrId};

/// The record's first bytes.
const MAGIC: &[u8; 5] = b"PVJP1";

/// Header: magic, `bare`, two reserved bytes, then start, stop, replaced characters, entries
/// and the checksum of the ops as little-endian u64.
pub(super) const HEADER_BYTES: usize = 48;

const OP_STRING: u8 = 1;
const OP_CATEGORY: u8 = 2;
const OP_EVENT: u8 = 3;
const OP_NOT_AN_OBJECT: u8 = 4;

const MICROS_ABSENT: u8 = 0;
const MICROS_NS: u8 = 1;
const MICROS_INVALID: u8 = 2;

const ARG_INT: u8 = 0;
const ARG_UINT: u8 = 1;
const ARG_FLOAT: u8 = 2;
const ARG_FALSE: u8 = 3;
const ARG_TRUE: u8 = 4;
const ARG_STR: u8 = 5;
const ARG_JSON: u8 = 6;
const ARG_BYTES: u8 = 7;
const ARG_NULL: u8 = 8;
const ARG_NONE: u8 = 9;

/// What the header says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Header {
    pub(super) bare: bool,
    pub(super) start: usize,
    pub(super) stop: usize,
    pub(super) replaced_chars: u64,
    pub(super) entries: u64,
    /// [`checksum`] of the ops.
    pub(super) checksum: u64,
}

impl Header {
    pub(super) fn write(&self, out: &mut [u8]) {
        out[..5].copy_from_slice(MAGIC);
        out[5] = u8::from(self.bare);
        out[6..8].fill(0);
        let words = [
            self.start as u64,
            self.stop as u64,
            self.replaced_chars,
            self.entries,
            self.checksum,
        ];
        for (k, w) in words.into_iter().enumerate() {
            out[8 + 8 * k..16 + 8 * k].copy_from_slice(&w.to_le_bytes());
        }
    }

    /// The header of `bytes`, if it has one: the magic, `bare` 0 or 1, start ≤ stop.
    pub(super) fn read(bytes: &[u8]) -> Option<Header> {
        let head = bytes.get(..HEADER_BYTES)?;
        if &head[..5] != MAGIC || head[5] > 1 {
            return None;
        }
        let word = |k: usize| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&head[8 + 8 * k..16 + 8 * k]);
            u64::from_le_bytes(w)
        };
        let header = Header {
            bare: head[5] == 1,
            start: usize::try_from(word(0)).ok()?,
            stop: usize::try_from(word(1)).ok()?,
            replaced_chars: word(2),
            entries: word(3),
            checksum: word(4),
        };
        (header.start <= header.stop).then_some(header)
    }
}

/// A checksum of a record's ops, so that bytes damaged on their way between workers are
/// refused before any of them is taken (not a defence against crafted bytes: parts come from
/// the page's own workers). Eight bytes at a time.
pub(super) fn checksum(ops: &[u8]) -> u64 {
    let mut h: u64 = 0x243f_6a88_85a3_08d3 ^ ops.len() as u64;
    let mut words = ops.chunks_exact(8);
    for w in &mut words {
        let mut b = [0u8; 8];
        b.copy_from_slice(w);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    let mut b = [0u8; 8];
    b[..words.remainder().len()].copy_from_slice(words.remainder());
    h = (h.rotate_left(5) ^ u64::from_le_bytes(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    h ^ (h >> 29)
}

/// Writes ops after a header left blank until the end.
#[derive(Debug)]
pub(super) struct TapeWriter {
    pub(super) buf: Vec<u8>,
    last_pid: Vec<u8>,
    last_tid: Vec<u8>,
    last_ts: i64,
}

impl Default for TapeWriter {
    fn default() -> Self {
        TapeWriter {
            buf: vec![0; HEADER_BYTES],
            last_pid: Vec::new(),
            last_tid: Vec::new(),
            last_ts: 0,
        }
    }
}

impl TapeWriter {
    pub(super) fn new_string(&mut self, s: &str) {
        self.buf.push(OP_STRING);
        self.bytes(s.as_bytes());
    }

    pub(super) fn new_category(&mut self, sid: StrId) {
        self.buf.push(OP_CATEGORY);
        self.varint(u64::from(sid.0));
    }

    pub(super) fn not_an_object(&mut self, offset: usize) {
        self.buf.push(OP_NOT_AN_OBJECT);
        self.varint(offset as u64);
    }

    pub(super) fn event(&mut self, ev: &EventFields) {
        self.buf.push(OP_EVENT);
        self.buf.push(ev.phase.code());
        if ev.phase == Phase::Other {
            self.bytes(ev.ph_text.as_bytes());
        }
        self.varint(u64::from(ev.name.0));
        self.varint(u64::from(ev.category.0));
        Self::same_or_text(&mut self.buf, &mut self.last_pid, ev.pid.as_bytes());
        Self::same_or_text(&mut self.buf, &mut self.last_tid, ev.tid.as_bytes());
        match ev.ts {
            Micros::Ns(ns) => {
                self.buf.push(MICROS_NS);
                self.zigzag(ns.wrapping_sub(self.last_ts));
                self.last_ts = ns;
            }
            other => self.micros(other),
        }
        self.micros(ev.dur);
        self.buf.push(ev.scope);
        self.buf.push(ev.bp);
        let id_scope = match ev.id_scope {
            IdScope::Plain => 0,
            IdScope::Local => 1,
            IdScope::Global => 2,
        };
        self.buf
            .push(u8::from(ev.flow_in) | u8::from(ev.flow_out) << 1 | id_scope << 2);
        self.bytes(ev.id.as_bytes());
        self.bytes(ev.id_namespace.as_bytes());
        self.bytes(ev.bind_id.as_bytes());
        for value in ev.thread_time {
            match value {
                Some(v) => self.arg(v),
                None => self.buf.push(ARG_NONE),
            }
        }
        self.varint(ev.args.len() as u64);
        for &(key, value) in &ev.args {
            self.varint(u64::from(key.0));
            self.arg(value);
        }
    }

    /// A zero length when `text` is `last`, else its length + 1 and its bytes.
    fn same_or_text(buf: &mut Vec<u8>, last: &mut Vec<u8>, text: &[u8]) {
        if text == last.as_slice() {
            buf.push(0);
            return;
        }
        write_varint(buf, text.len() as u64 + 1);
        buf.extend_from_slice(text);
        last.clear();
        last.extend_from_slice(text);
    }

    fn micros(&mut self, m: Micros) {
        match m {
            Micros::Absent => self.buf.push(MICROS_ABSENT),
            Micros::Invalid => self.buf.push(MICROS_INVALID),
            Micros::Ns(ns) => {
                self.buf.push(MICROS_NS);
                self.zigzag(ns);
            }
        }
    }

    fn arg(&mut self, v: ArgValue) {
        match v {
            ArgValue::Int(i) => {
                self.buf.push(ARG_INT);
                self.zigzag(i);
            }
            ArgValue::Uint(u) => {
                self.buf.push(ARG_UINT);
                self.varint(u);
            }
            ArgValue::Float(f) => {
                self.buf.push(ARG_FLOAT);
                self.buf.extend_from_slice(&f.to_bits().to_le_bytes());
            }
            ArgValue::Bool(b) => self.buf.push(if b { ARG_TRUE } else { ARG_FALSE }),
            ArgValue::Str(id) => {
                self.buf.push(ARG_STR);
                self.varint(u64::from(id.0));
            }
            ArgValue::Json(id) => {
                self.buf.push(ARG_JSON);
                self.varint(u64::from(id.0));
            }
            ArgValue::Bytes(n) => {
                self.buf.push(ARG_BYTES);
                self.varint(n);
            }
            ArgValue::Null => self.buf.push(ARG_NULL),
        }
    }

    fn bytes(&mut self, b: &[u8]) {
        self.varint(b.len() as u64);
        self.buf.extend_from_slice(b);
    }

    fn varint(&mut self, v: u64) {
        write_varint(&mut self.buf, v);
    }

    fn zigzag(&mut self, v: i64) {
        write_varint(&mut self.buf, ((v << 1) ^ (v >> 63)) as u64);
    }
}

fn write_varint(buf: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        buf.push(v as u8 | 0x80);
        v >>= 7;
    }
    buf.push(v as u8);
}

/// One op read back, ids as the part wrote them.
#[derive(Debug)]
pub(super) enum Op<'a> {
    String(&'a str),
    Category(StrId),
    /// The event is in the reader's [`EventFields`].
    Event,
    NotAnObject(usize),
}

/// Reads the ops of a record.
#[derive(Debug)]
pub(super) struct TapeReader<'a> {
    buf: &'a [u8],
    pos: usize,
    last_ts: i64,
    /// Strings and categories made so far (ids must be below).
    strings: u32,
    categories: u32,
}

impl<'a> TapeReader<'a> {
    /// The ops after the header of `record` (whose header was read).
    pub(super) fn new(record: &'a [u8]) -> Self {
        TapeReader {
            buf: record,
            pos: HEADER_BYTES.min(record.len()),
            last_ts: 0,
            // The empty string is always there; category 0 is none.
            strings: 1,
            categories: 1,
        }
    }

    /// The next op (an event's fields go into `ev`, whose `pid`/`tid` must be the previous
    /// event's), `Some(None)` at the end, `None` if the record is damaged.
    pub(super) fn next(&mut self, ev: &mut EventFields) -> Option<Option<Op<'a>>> {
        let Some(&op) = self.buf.get(self.pos) else {
            return Some(None);
        };
        self.pos += 1;
        Some(Some(match op {
            OP_STRING => {
                let text = std::str::from_utf8(self.bytes()?).ok()?;
                self.strings = self.strings.checked_add(1)?;
                Op::String(text)
            }
            OP_CATEGORY => {
                let sid = self.string_id()?;
                self.categories = self.categories.checked_add(1)?;
                Op::Category(sid)
            }
            OP_EVENT => {
                self.event(ev)?;
                Op::Event
            }
            OP_NOT_AN_OBJECT => Op::NotAnObject(usize::try_from(self.varint()?).ok()?),
            _ => return None,
        }))
    }

    fn event(&mut self, ev: &mut EventFields) -> Option<()> {
        ev.phase = Phase::from_code(self.u8()?)?;
        ev.ph_text.clear();
        if ev.phase == Phase::Other {
            ev.ph_text
                .push_str(std::str::from_utf8(self.bytes()?).ok()?);
        }
        ev.name = self.string_id()?;
        let category = u32::try_from(self.varint()?).ok()?;
        if category >= self.categories {
            return None;
        }
        ev.category = CategoryId(u16::try_from(category).ok()?);
        self.same_or_text(true, ev)?;
        self.same_or_text(false, ev)?;
        ev.ts = match self.u8()? {
            MICROS_NS => {
                let ns = self.last_ts.wrapping_add(self.zigzag()?);
                self.last_ts = ns;
                Micros::Ns(ns)
            }
            tag => self.micros(tag)?,
        };
        let tag = self.u8()?;
        ev.dur = self.micros(tag)?;
        ev.scope = self.u8()?;
        ev.bp = self.u8()?;
        let flags = self.u8()?;
        ev.flow_in = flags & 1 != 0;
        ev.flow_out = flags & 2 != 0;
        ev.id_scope = match flags >> 2 {
            0 => IdScope::Plain,
            1 => IdScope::Local,
            2 => IdScope::Global,
            _ => return None,
        };
        for text in [&mut ev.id, &mut ev.id_namespace, &mut ev.bind_id] {
            text.clear();
            text.push_str(std::str::from_utf8(self.bytes()?).ok()?);
        }
        for k in 0..2 {
            let tag = self.u8()?;
            ev.thread_time[k] = if tag == ARG_NONE {
                None
            } else {
                Some(self.arg(tag)?)
            };
        }
        let n = self.varint()?;
        ev.args.clear();
        for _ in 0..n {
            let key = self.string_id()?;
            let tag = self.u8()?;
            ev.args.push((key, self.arg(tag)?));
        }
        Some(())
    }

    /// A `pid` (`pid`) or `tid` written by [`TapeWriter::same_or_text`].
    fn same_or_text(&mut self, pid: bool, ev: &mut EventFields) -> Option<()> {
        let n = self.varint()?;
        if n == 0 {
            return Some(());
        }
        let len = usize::try_from(n - 1).ok()?;
        let text = std::str::from_utf8(self.take(len)?).ok()?;
        let out = if pid { &mut ev.pid } else { &mut ev.tid };
        out.clear();
        out.push_str(text);
        Some(())
    }

    #[inline]
    fn micros(&mut self, tag: u8) -> Option<Micros> {
        match tag {
            MICROS_ABSENT => Some(Micros::Absent),
            MICROS_INVALID => Some(Micros::Invalid),
            MICROS_NS => Some(Micros::Ns(self.zigzag()?)),
            _ => None,
        }
    }

    #[inline]
    fn arg(&mut self, tag: u8) -> Option<ArgValue> {
        Some(match tag {
            ARG_INT => ArgValue::Int(self.zigzag()?),
            ARG_UINT => ArgValue::Uint(self.varint()?),
            ARG_FLOAT => {
                let mut w = [0u8; 8];
                w.copy_from_slice(self.take(8)?);
                ArgValue::Float(f64::from_bits(u64::from_le_bytes(w)))
            }
            ARG_FALSE => ArgValue::Bool(false),
            ARG_TRUE => ArgValue::Bool(true),
            ARG_STR => ArgValue::Str(self.string_id()?),
            ARG_JSON => ArgValue::Json(self.string_id()?),
            ARG_BYTES => ArgValue::Bytes(self.varint()?),
            ARG_NULL => ArgValue::Null,
            _ => return None,
        })
    }

    #[inline]
    fn string_id(&mut self) -> Option<StrId> {
        let id = u32::try_from(self.varint()?).ok()?;
        (id < self.strings).then_some(StrId(id))
    }

    #[inline]
    fn bytes(&mut self) -> Option<&'a [u8]> {
        let len = usize::try_from(self.varint()?).ok()?;
        self.take(len)
    }

    #[inline]
    fn take(&mut self, len: usize) -> Option<&'a [u8]> {
        let end = self.pos.checked_add(len)?;
        let out = self.buf.get(self.pos..end)?;
        self.pos = end;
        Some(out)
    }

    #[inline]
    fn u8(&mut self) -> Option<u8> {
        let b = *self.buf.get(self.pos)?;
        self.pos += 1;
        Some(b)
    }

    #[inline]
    fn varint(&mut self) -> Option<u64> {
        // Most values (ids, lengths, small numbers) fit one byte.
        if let Some(&b) = self.buf.get(self.pos) {
            if b < 0x80 {
                self.pos += 1;
                return Some(u64::from(b));
            }
        }
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.u8()?;
            v |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                return Some(v);
            }
        }
        None
    }

    #[inline]
    fn zigzag(&mut self) -> Option<i64> {
        let v = self.varint()?;
        Some((v >> 1) as i64 ^ -((v & 1) as i64))
    }
}
