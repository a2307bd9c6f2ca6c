//! Arg sets packed into bytes: a few bytes a pair instead of the 13 of the pair columns.
//!
//! Contract: a packed set is a record: a 16-bit mask of its keys (little-endian; each key
//! has a bit, given in the order keys were first pushed: the 15 first keys one each, bit 15
//! the rest), then its pairs back to back, each a varint head
//! `key << 3 | kind` and its payload (nothing for `Null`, 8 little-endian bytes for `Float`,
//! a zigzag varint for `Int`, a varint for the other kinds). [`PackedPairs`] reads a record
//! in the order it was written. On bytes it did not write (a record damaged in memory, or
//! arbitrary bytes in a test) it never panics: it gives the pairs before the damage, then
//! one pair `(StrId::EMPTY, ArgValue::Bytes(n))` with the `n` bytes left, and stops. Damage
//! is a cut head or payload, a varint past 64 bits, a key over 32 bits, or a key whose bit
//! the mask lacks (so a key whose bit is clear is in no pair, and [`PackedPairs::find_key`]
//! answers it from the mask alone); a record of one byte is damaged whole.

use super::args::{ArgValue, Kind};
use super::strings::StrId;

/// Packed sets: their records, each one's end, and the set each inherits.
#[derive(Debug, Default)]
pub(super) struct PackedSets {
    /// The records, back to back.
    bytes: Vec<u8>,
    /// `ends[r]`: the end of record `r` in `bytes`, its low 32 bits; the high bits are the
    /// number of entries of `wraps` ≤ `r`.
    ends: Vec<u32>,
    /// The records at which the high bits of the ends step up by one (every 4 GiB).
    wraps: Vec<u32>,
    /// `parents[r]`: the set whose pairs record `r` inherits (0: none).
    parents: Vec<u32>,
    /// Pairs in all records.
    pairs: usize,
    /// Where the record under construction starts in `bytes`.
    pending: usize,
    /// The key mask of the record under construction.
    pending_mask: u16,
    /// `codes[key]`: 1 + the order in which `key` was first pushed (0: never pushed).
    codes: Vec<u8>,
    /// Distinct keys pushed, up to 255.
    distinct: u8,
}

impl PackedSets {
    /// Number of records.
    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Appends a pair to the record under construction.
    #[inline]
    pub(super) fn push(&mut self, key: StrId, value: ArgValue) {
        let (kind, bits) = value.pack();
        if self.bytes.len() == self.pending {
            self.bytes.extend_from_slice(&[0, 0]);
        }
        self.pending_mask |= self.key_bit_or_new(key);
        push_varint(&mut self.bytes, u64::from(key.0) << 3 | kind as u64);
        match kind {
            Kind::Null => {}
            Kind::Float => self.bytes.extend_from_slice(&bits.to_le_bytes()),
            Kind::Int => push_varint(&mut self.bytes, zigzag(bits as i64)),
            _ => push_varint(&mut self.bytes, bits),
        }
        self.pairs += 1;
    }

    /// The mask bit of `key`, given it one if it has none yet.
    #[inline]
    fn key_bit_or_new(&mut self, key: StrId) -> u16 {
        let k = key.0 as usize;
        if k >= self.codes.len() {
            self.codes.resize(k + 1, 0);
        }
        if self.codes[k] == 0 {
            self.distinct = self.distinct.saturating_add(1);
            self.codes[k] = self.distinct;
        }
        key_bit(&self.codes, key)
    }

    /// Bytes of the record under construction.
    pub(super) fn pending_bytes(&self) -> usize {
        self.bytes.len() - self.pending
    }

    /// Closes the record under construction, inheriting `parent`; returns its index.
    #[inline]
    pub(super) fn finish(&mut self, parent: u32) -> u32 {
        let mask = std::mem::take(&mut self.pending_mask).to_le_bytes();
        if let Some(at) = self.bytes.get_mut(self.pending..self.pending + 2) {
            at.copy_from_slice(&mask);
        }
        let end = self.bytes.len() as u64;
        let r = self.len() as u32;
        while end >> 32 > self.wraps.len() as u64 {
            self.wraps.push(r);
        }
        self.ends.push(end as u32);
        self.parents.push(parent);
        self.pending = self.bytes.len();
        r
    }

    /// Makes room for `records` more records of `bytes` bytes in all.
    pub(super) fn reserve(&mut self, records: usize, bytes: usize) {
        self.ends.reserve(records);
        self.parents.reserve(records);
        self.bytes.reserve(bytes);
    }

    /// Releases spare capacity.
    pub(super) fn seal(&mut self) {
        self.bytes.shrink_to_fit();
        self.ends.shrink_to_fit();
        self.wraps.shrink_to_fit();
        self.parents.shrink_to_fit();
        self.codes.shrink_to_fit();
    }

    /// The start of record `r` (the end of `r - 1`).
    #[inline]
    fn start(&self, r: usize) -> usize {
        match r {
            0 => 0,
            _ => self.end(r - 1).unwrap_or(0),
        }
    }

    /// The end of record `r` in `bytes`.
    #[inline]
    fn end(&self, r: usize) -> Option<usize> {
        let low = u64::from(*self.ends.get(r)?);
        let high = match self.wraps.as_slice() {
            [] => 0,
            wraps => wraps.partition_point(|&w| w as usize <= r) as u64,
        };
        usize::try_from(high << 32 | low).ok()
    }

    /// The pairs and the parent of record `r`; `None` for a record that does not exist.
    #[inline]
    pub(super) fn record(&self, r: u32) -> Option<(PackedPairs<'_>, u32)> {
        let r = r as usize;
        let end = self.end(r)?;
        let bytes = self.bytes.get(self.start(r)..end).unwrap_or(&[]);
        Some((PackedPairs::new(bytes, &self.codes), self.parents[r]))
    }

    /// Pairs in all records.
    pub(super) fn pair_count(&self) -> usize {
        self.pairs
    }

    /// Bytes the records hold in use (not capacity: the model's budget counts rows in use).
    pub(super) fn bytes_in_use(&self) -> usize {
        self.bytes.len()
            + (self.ends.len() + self.parents.len() + self.wraps.len()) * 4
            + self.codes.len()
    }

    /// Bytes held.
    pub(super) fn heap_bytes(&self) -> usize {
        self.bytes.capacity()
            + (self.ends.capacity() + self.parents.capacity() + self.wraps.capacity()) * 4
            + self.codes.capacity()
    }

    /// Replaces the records by `bytes` as one record inheriting `parent` (tests of damaged
    /// bytes).
    #[cfg(test)]
    pub(super) fn set_one_record(&mut self, bytes: Vec<u8>, parent: u32) {
        self.ends = vec![bytes.len() as u32];
        self.parents = vec![parent];
        self.wraps.clear();
        self.pending = bytes.len();
        self.bytes = bytes;
    }

    /// The bytes of record `r` (tests).
    #[cfg(test)]
    pub(super) fn record_bytes(&self, r: usize) -> &[u8] {
        &self.bytes[self.start(r)..self.end(r).unwrap_or(0)]
    }
}

/// The pairs of one packed record, in the order they were pushed (see the module's
/// contract for damaged bytes).
#[derive(Clone, Debug)]
pub(super) struct PackedPairs<'a> {
    bytes: &'a [u8],
    /// The keys' codes (see [`PackedSets`]).
    codes: &'a [u8],
    pos: usize,
    /// The record's key mask (0 for a record too short to hold one: all its bytes damage).
    mask: u16,
}

impl<'a> PackedPairs<'a> {
    #[inline]
    fn new(bytes: &'a [u8], codes: &'a [u8]) -> Self {
        match bytes {
            [a, b, ..] => PackedPairs {
                bytes,
                codes,
                pos: 2,
                mask: u16::from_le_bytes([*a, *b]),
            },
            _ => PackedPairs {
                bytes,
                codes,
                pos: 0,
                mask: 0,
            },
        }
    }

    /// The key and kind of the pair at `self.pos`, and where its payload starts; `None` if
    /// the head is damaged.
    #[inline]
    fn head(&self) -> Option<(StrId, Kind, usize)> {
        let (head, at) = read_varint(self.bytes, self.pos)?;
        let key = StrId(u32::try_from(head >> 3).ok()?);
        if self.mask & key_bit(self.codes, key) == 0 {
            return None;
        }
        Some((key, Kind::from_tag((head & 7) as u8), at))
    }

    /// The payload of a `kind` value at `at` and the position after it; `None` if damaged.
    #[inline]
    fn value(&self, kind: Kind, at: usize) -> Option<(ArgValue, usize)> {
        let (bits, next) = match kind {
            Kind::Null => (0, at),
            Kind::Float => {
                let raw = self.bytes.get(at..at.checked_add(8)?)?;
                (u64::from_le_bytes(raw.try_into().ok()?), at + 8)
            }
            Kind::Int => {
                let (v, next) = read_varint(self.bytes, at)?;
                (unzigzag(v) as u64, next)
            }
            _ => read_varint(self.bytes, at)?,
        };
        Some((ArgValue::unpack(kind, bits), next))
    }

    /// Where the payload of a `kind` value at `at` ends, as [`Self::value`] would find it
    /// (the same damage too), without decoding it.
    #[inline]
    fn payload_end(&self, kind: Kind, at: usize) -> Option<usize> {
        match kind {
            Kind::Null => Some(at),
            Kind::Float => at.checked_add(8).filter(|&end| end <= self.bytes.len()),
            _ => varint_end(self.bytes, at),
        }
    }

    /// What the walk gives for `key` at damage at `self.pos`: the damage pair's value if
    /// `key` is its key.
    fn at_damage(&self, key: StrId) -> Option<ArgValue> {
        (key == StrId::EMPTY).then(|| ArgValue::Bytes((self.bytes.len() - self.pos) as u64))
    }

    /// The value of the first pair with `key`: what `self.find(|p| p.0 == key)` gives, found
    /// by reading only the keys of the pairs before it.
    #[inline(always)]
    pub(super) fn find_key(mut self, key: StrId) -> Option<ArgValue> {
        if self.mask & key_bit(self.codes, key) == 0 && key != StrId::EMPTY {
            return None;
        }
        while self.pos < self.bytes.len() {
            let Some((k, kind, at)) = self.head() else {
                return self.at_damage(key);
            };
            if k == key {
                return match self.value(kind, at) {
                    Some((value, _)) => Some(value),
                    None => self.at_damage(key),
                };
            }
            match self.payload_end(kind, at) {
                Some(next) => self.pos = next,
                None => return self.at_damage(key),
            }
        }
        None
    }
}

impl Iterator for PackedPairs<'_> {
    type Item = (StrId, ArgValue);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.pos >= self.bytes.len() {
            return None;
        }
        match self
            .head()
            .and_then(|(key, kind, at)| Some((key, self.value(kind, at)?)))
        {
            Some((key, (value, next))) => {
                self.pos = next;
                Some((key, value))
            }
            None => {
                let rest = self.bytes.len() - self.pos;
                self.pos = self.bytes.len();
                Some((StrId::EMPTY, ArgValue::Bytes(rest as u64)))
            }
        }
    }
}

/// The bit of `key` in a record's key mask, by its code (0 for a key never pushed).
#[inline]
fn key_bit(codes: &[u8], key: StrId) -> u16 {
    match codes.get(key.0 as usize) {
        Some(&code) if code > 0 => 1 << (code - 1).min(15),
        _ => 0,
    }
}

/// Appends `v` as a varint (7 bits a byte, low first, high bit: more follow).
#[inline(always)]
fn push_varint(out: &mut Vec<u8>, v: u64) {
    if v < 0x80 {
        out.push(v as u8);
    } else if v < 0x4000 {
        out.extend_from_slice(&[v as u8 | 0x80, (v >> 7) as u8]);
    } else {
        push_long_varint(out, v);
    }
}

fn push_long_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Reads a varint at `pos`: its value and the position after it; `None` if it is cut or
/// not over by its 10th byte, or that byte is over 1 (past 64 bits).
#[inline]
fn read_varint(bytes: &[u8], pos: usize) -> Option<(u64, usize)> {
    let b = *bytes.get(pos)?;
    if b < 0x80 {
        return Some((u64::from(b), pos + 1));
    }
    match bytes.get(pos + 1) {
        Some(&c) if c < 0x80 => Some((u64::from(b & 0x7f) | u64::from(c) << 7, pos + 2)),
        _ => read_long_varint(bytes, pos),
    }
}

fn read_long_varint(bytes: &[u8], mut pos: usize) -> Option<(u64, usize)> {
    let mut v = 0u64;
    for i in 0..10 {
        let b = *bytes.get(pos)?;
        pos += 1;
        v |= u64::from(b & 0x7f) << (7 * i);
        if b < 0x80 {
            return (i < 9 || b <= 1).then_some((v, pos));
        }
    }
    None
}

/// Where the varint at `pos` ends: the position [`read_varint`] gives, `None` where it
/// gives `None`.
#[inline]
fn varint_end(bytes: &[u8], pos: usize) -> Option<usize> {
    let end = bytes.len().min(pos.saturating_add(10));
    let i = bytes.get(pos..end)?.iter().position(|&b| b < 0x80)?;
    (i < 9 || bytes[pos + i] <= 1).then_some(pos + i + 1)
}

fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

fn unzigzag(v: u64) -> i64 {
    (v >> 1) as i64 ^ -((v & 1) as i64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn value() -> impl Strategy<Value = ArgValue> {
        prop_oneof![
            any::<i64>().prop_map(ArgValue::Int),
            any::<u64>().prop_map(ArgValue::Uint),
            any::<u64>().prop_map(|b| ArgValue::Float(f64::from_bits(b))),
            any::<bool>().prop_map(ArgValue::Bool),
            any::<u32>().prop_map(|s| ArgValue::Str(StrId(s))),
            any::<u32>().prop_map(|s| ArgValue::Json(StrId(s))),
            any::<u64>().prop_map(ArgValue::Bytes),
            Just(ArgValue::Null),
        ]
    }

    /// Values compared bit for bit (a NaN equals itself).
    fn bits(pairs: &[(StrId, ArgValue)]) -> Vec<(StrId, (Kind, u64))> {
        pairs.iter().map(|&(k, v)| (k, v.pack())).collect()
    }

    fn packed(records: &[Vec<(StrId, ArgValue)>]) -> PackedSets {
        let mut sets = PackedSets::default();
        for (r, pairs) in records.iter().enumerate() {
            for &(key, value) in pairs {
                sets.push(key, value);
            }
            sets.finish(r as u32);
        }
        sets
    }

    proptest! {
        #[test]
        fn records_read_back_as_pushed(
            records in prop::collection::vec(
                prop::collection::vec(((0u32..3000).prop_map(StrId), value()), 0..6), 0..8)
        ) {
            let sets = packed(&records);
            prop_assert_eq!(sets.len(), records.len());
            prop_assert_eq!(sets.pair_count(), records.iter().map(Vec::len).sum::<usize>());
            for (r, pairs) in records.iter().enumerate() {
                let (got, parent) = sets.record(r as u32).unwrap();
                prop_assert_eq!(parent, r as u32);
                prop_assert_eq!(bits(&got.collect::<Vec<_>>()), bits(pairs));
            }
            prop_assert!(sets.record(records.len() as u32).is_none());
        }

        #[test]
        fn a_cut_record_gives_the_whole_pairs_then_the_rest_as_bytes(
            pairs in prop::collection::vec(((0u32..3000).prop_map(StrId), value()), 1..6),
            cut in any::<prop::sample::Index>(),
        ) {
            let whole = packed(std::slice::from_ref(&pairs));
            let len = cut.index(whole.bytes.len());
            // The end of each pair: the record packed so far.
            let ends: Vec<usize> = (1..=pairs.len())
                .map(|n| packed(&[pairs[..n].to_vec()]).bytes.len())
                .collect();
            let kept = ends.iter().filter(|&&end| end <= len).count();
            let mut want = bits(&pairs[..kept]);
            // A record of one byte is damaged whole; else its pairs start after the mask.
            let done = ends[..kept].last().copied().unwrap_or(len.min(2) & !1);
            if done < len {
                want.push((StrId::EMPTY, ArgValue::Bytes((len - done) as u64).pack()));
            }
            let mut sets = packed(std::slice::from_ref(&pairs));
            sets.set_one_record(whole.bytes[..len].to_vec(), 0);
            prop_assert_eq!(bits(&sets.record(0).unwrap().0.collect::<Vec<_>>()), want);
        }

        #[test]
        fn any_bytes_read_without_panic(
            bytes in prop::collection::vec(any::<u8>(), 0..40),
        ) {
            let mut sets = PackedSets::default();
            sets.set_one_record(bytes.clone(), 0);
            let got: Vec<_> = sets.record(0).unwrap().0.collect();
            // Each pair, the damage mark too, takes at least one byte.
            prop_assert!(got.len() <= bytes.len());
        }
    }

    proptest! {
        #[test]
        fn varint_end_ends_where_read_varint_does(
            bytes in prop::collection::vec(prop_oneof![any::<u8>(), 0x80u8..=0xff, 0u8..=2], 0..14),
            pos in 0usize..14,
        ) {
            prop_assert_eq!(varint_end(&bytes, pos), read_varint(&bytes, pos).map(|v| v.1));
        }

        #[test]
        fn find_key_gives_the_first_pair_with_its_key_on_any_bytes(
            bytes in prop::collection::vec(any::<u8>(), 0..40),
            codes in prop::collection::vec(0u8..20, 0..6),
            key in 0u32..6,
        ) {
            let pairs = PackedPairs::new(&bytes, &codes);
            let first = pairs.clone().find(|p| p.0 == StrId(key)).map(|p| p.1.pack());
            prop_assert_eq!(pairs.find_key(StrId(key)).map(ArgValue::pack), first);
        }
    }

    #[test]
    fn varints_over_64_bits_are_damage() {
        let mut bytes = vec![0xff; 9];
        bytes.push(0x02);
        assert_eq!(read_varint(&bytes, 0), None);
        bytes[9] = 0x01;
        assert_eq!(read_varint(&bytes, 0), Some((u64::MAX, 10)));
    }
}
