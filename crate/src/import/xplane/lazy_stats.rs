//! Events' own stats kept encoded, decoded into args only when a set is read.
//!
//! At import each event's stats are read once (for flows and counters, and to intern their
//! keys and string values in the order an eager import would), then copied here as they
//! are on the wire: a record per event, each stat a length prefix and its `XStat` bytes.
//! That is a few bytes a stat instead of 13 a pair in the arg table. Reading a set decodes
//! its record: stat metadata ids become the keys the plane interned, `ref_value`s the
//! names they refer to, strings the ids they were interned as (looked up by text in
//! [`ValueIds`]), `compressed_str_value`s are inflated again.

use super::event::{RawStat, RawValue, decode_stat};
use super::id_cache::IdCache;
use super::stats::inflate;
use super::wire::read_varint;
use crate::model::{ArgDecoder, ArgValue, StrId, StringTable};

/// The encoded stats of a file's events and what decoding them needs.
#[derive(Debug)]
pub(super) struct LazyStats {
    /// The records, back to back.
    store: Vec<u8>,
    /// `ends[r]`: end of record `r` in `store` (its start is the end of `r - 1`, or 0), its
    /// low 32 bits; the high bits are the number of entries of `wraps` ≤ `r`.
    ends: Vec<u32>,
    /// The records at which the high bits of the ends step up by one (4 GiB of records).
    wraps: Vec<u32>,
    /// The first record of each plane with records, and the keys of its stat ids.
    planes: Vec<(u32, IdCache<StrId>)>,
    values: ValueIds,
    /// Stats in all records.
    pairs: usize,
}

impl LazyStats {
    pub(super) fn new() -> Self {
        LazyStats {
            store: Vec::new(),
            ends: Vec::new(),
            wraps: Vec::new(),
            planes: Vec::new(),
            values: ValueIds::new(),
            pairs: 0,
        }
    }

    /// Number of records.
    pub(super) fn records(&self) -> u32 {
        self.ends.len() as u32
    }

    /// Makes room for `records` more records of `bytes` stat bytes in all.
    pub(super) fn reserve(&mut self, records: usize, bytes: usize) {
        self.ends.reserve(records);
        self.store.reserve(bytes);
    }

    /// Adds the record of one event's stats (in wire order); returns the bytes it takes.
    pub(super) fn push(&mut self, stats: &[RawStat]) -> usize {
        let start = self.store.len();
        self.pairs += stats.len();
        for stat in stats {
            push_varint(&mut self.store, stat.body.len() as u64);
            self.store.extend_from_slice(stat.body);
        }
        let end = self.store.len() as u64;
        while end >> 32 > self.wraps.len() as u64 {
            self.wraps.push(self.records());
        }
        self.ends.push(end as u32);
        self.store.len() - start + 4
    }

    /// The end of record `r` in the store.
    fn end(&self, r: u32) -> Option<usize> {
        let low = u64::from(*self.ends.get(r as usize)?);
        let high = self.wraps.partition_point(|&w| w <= r) as u64;
        usize::try_from(high << 32 | low).ok()
    }

    /// Closes a plane whose records start at `first_record`: `keys` name its stat ids.
    pub(super) fn end_plane(&mut self, first_record: u32, keys: IdCache<StrId>) {
        if first_record < self.records() {
            self.planes.push((first_record, keys));
        }
    }

    /// Notes that string value `text` was interned as `id`.
    #[inline]
    pub(super) fn note_str(&mut self, id: StrId, text: &str) {
        self.values.note(id, text);
    }

    /// Releases spare capacity.
    pub(super) fn seal(&mut self) {
        self.store.shrink_to_fit();
        self.ends.shrink_to_fit();
        self.wraps.shrink_to_fit();
        self.planes.shrink_to_fit();
    }

    /// The bytes of record `r` and the stat keys of its plane.
    fn record(&self, r: u32) -> Option<(&[u8], &IdCache<StrId>)> {
        let end = self.end(r)?;
        let start = match r {
            0 => 0,
            _ => self.end(r - 1)?,
        };
        let plane = self.planes.partition_point(|p| p.0 <= r).checked_sub(1)?;
        Some((self.store.get(start..end)?, &self.planes[plane].1))
    }

    /// Calls `f` with each stat of record `r` until it returns true; stops at damage and
    /// returns the number of bytes left undecoded there.
    fn walk(&self, r: u32, mut f: impl FnMut(&IdCache<StrId>, RawStat) -> bool) -> Option<usize> {
        let (bytes, keys) = self.record(r)?;
        let mut pos = 0;
        while pos < bytes.len() {
            let Some((body, next)) = read_varint(bytes, pos)
                .ok()
                .and_then(|(len, at)| Some((bytes.get(at..at.checked_add(len as usize)?)?, at)))
                .map(|(body, at)| (body, at + body.len()))
            else {
                return Some(bytes.len() - pos);
            };
            let Ok(stat) = decode_stat(body) else {
                return Some(bytes.len() - pos);
            };
            if f(keys, stat) {
                return None;
            }
            pos = next;
        }
        None
    }

    /// A stat value as the arg value an eager import stores.
    fn value(&self, keys: &IdCache<StrId>, value: RawValue) -> ArgValue {
        match value {
            RawValue::None => ArgValue::Null,
            RawValue::Double(v) => ArgValue::Float(v),
            RawValue::Uint(v) => ArgValue::Uint(v),
            RawValue::Int(v) => ArgValue::Int(v),
            RawValue::Ref(id) => ArgValue::Str(keys.get(id as i64).unwrap_or(StrId::EMPTY)),
            RawValue::Str(s) => ArgValue::Str(self.values.lookup(s)),
            RawValue::Bytes(bytes) => ArgValue::Bytes(bytes.len() as u64),
            RawValue::Compressed(data) => match inflate(data) {
                Some(text) => ArgValue::Str(self.values.lookup(&text)),
                None => ArgValue::Bytes(data.len() as u64),
            },
        }
    }
}

impl ArgDecoder for LazyStats {
    fn decode(&self, record: u32, out: &mut Vec<(StrId, ArgValue)>) {
        let rest = self.walk(record, |keys, stat| {
            let key = keys.get(stat.metadata_id).unwrap_or(StrId::EMPTY);
            out.push((key, self.value(keys, stat.value)));
            false
        });
        if let Some(rest) = rest {
            out.push((StrId::EMPTY, ArgValue::Bytes(rest as u64)));
        }
    }

    fn find(&self, record: u32, key: StrId) -> Option<ArgValue> {
        let mut found = None;
        let rest = self.walk(record, |keys, stat| {
            if keys.get(stat.metadata_id).unwrap_or(StrId::EMPTY) == key {
                found = Some(self.value(keys, stat.value));
            }
            found.is_some()
        });
        match rest {
            Some(rest) if found.is_none() && key == StrId::EMPTY => {
                Some(ArgValue::Bytes(rest as u64))
            }
            _ => found,
        }
    }

    fn pair_count(&self) -> usize {
        self.pairs
    }

    fn heap_bytes(&self) -> usize {
        self.store.capacity()
            + self.ends.capacity() * 4
            + self.wraps.capacity() * 4
            + self.planes.iter().map(|p| p.1.heap_bytes()).sum::<usize>()
            + self.values.heap_bytes()
    }
}

/// The ids string values were interned as, by text: only the distinct values, so a file
/// whose events repeat a few strings keeps a few.
#[derive(Debug)]
struct ValueIds {
    /// The distinct values; local id `i` was interned as `ids[i]`.
    text: StringTable,
    ids: Vec<StrId>,
    /// One bit per interned id: noted already.
    seen: Vec<u64>,
}

impl ValueIds {
    fn new() -> Self {
        ValueIds {
            text: StringTable::default(),
            ids: vec![StrId::EMPTY],
            seen: vec![1],
        }
    }

    #[inline]
    fn note(&mut self, id: StrId, text: &str) {
        let (word, bit) = (id.0 as usize / 64, 1u64 << (id.0 % 64));
        if self.seen.len() <= word {
            self.seen.resize(word + 1, 0);
        }
        if self.seen[word] & bit != 0 {
            return;
        }
        self.seen[word] |= bit;
        if self.text.intern(text).0 as usize == self.ids.len() {
            self.ids.push(id);
        }
    }

    /// The id `text` was interned as (`StrId::EMPTY` if it never was).
    fn lookup(&self, text: &str) -> StrId {
        self.text
            .lookup(text)
            .map_or(StrId::EMPTY, |local| self.ids[local.0 as usize])
    }

    fn heap_bytes(&self) -> usize {
        self.text.heap_bytes() + self.ids.capacity() * 4 + self.seen.capacity() * 8
    }
}

/// Appends `v` as a protobuf varint.
fn push_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

#[cfg(test)]
mod tests {
    use super::super::pb;
    use super::*;
    use prost::Message;

    /// A store of one record with an int stat (key 1) and a string stat (key 2), as the
    /// importer fills it.
    fn one_record() -> (LazyStats, Vec<(StrId, ArgValue)>) {
        let stats = [
            pb::XStat {
                metadata_id: 1,
                value: Some(pb::x_stat::Value::Int64Value(-7)),
            },
            pb::XStat {
                metadata_id: 2,
                value: Some(pb::x_stat::Value::StrValue("text".into())),
            },
        ]
        .map(|s| s.encode_to_vec());
        let raw: Vec<RawStat> = stats.iter().map(|b| decode_stat(b).unwrap()).collect();
        let mut lazy = LazyStats::new();
        lazy.note_str(StrId(9), "text");
        lazy.push(&raw);
        let mut keys = IdCache::new();
        keys.insert(1, StrId(5));
        keys.insert(2, StrId(6));
        lazy.end_plane(0, keys);
        let pairs = vec![
            (StrId(5), ArgValue::Int(-7)),
            (StrId(6), ArgValue::Str(StrId(9))),
        ];
        (lazy, pairs)
    }

    fn decoded(lazy: &LazyStats, record: u32) -> Vec<(StrId, ArgValue)> {
        let mut out = Vec::new();
        lazy.decode(record, &mut out);
        out
    }

    #[test]
    fn decodes_what_was_pushed_and_finds_each_key() {
        let (lazy, pairs) = one_record();
        assert_eq!(decoded(&lazy, 0), pairs);
        for &(key, value) in &pairs {
            assert_eq!(lazy.find(0, key), Some(value));
        }
        assert_eq!(lazy.find(0, StrId(7)), None);
        // A record that does not exist is empty.
        assert_eq!(decoded(&lazy, 1), vec![]);
        assert_eq!(lazy.find(1, StrId(5)), None);
    }

    #[test]
    fn damaged_records_give_the_pairs_before_the_damage_and_the_rest_as_bytes() {
        let (whole, pairs) = one_record();
        let len = whole.store.len();
        // Every cut and every single-byte corruption of the record: never a panic; the
        // pairs before the damage, then (EMPTY, Bytes(rest)); `find` agrees with `decode`.
        let mut cases: Vec<Vec<u8>> = (0..len).map(|cut| whole.store[..cut].to_vec()).collect();
        for at in 0..len {
            for byte in [0x00, 0x07, 0x7f, 0x80, 0xff] {
                let mut bytes = whole.store.clone();
                bytes[at] = byte;
                cases.push(bytes);
            }
        }
        for bytes in cases {
            let (mut lazy, _) = one_record();
            lazy.ends = vec![bytes.len() as u32];
            lazy.store = bytes;
            let got = decoded(&lazy, 0);
            if let Some(&(StrId::EMPTY, ArgValue::Bytes(rest))) = got.last() {
                assert!(rest as usize <= lazy.store.len());
            }
            for (i, &(key, value)) in got.iter().enumerate() {
                if got[..i].iter().all(|&(k, _)| k != key) {
                    assert_eq!(lazy.find(0, key), Some(value), "{:?}", lazy.store);
                }
            }
            // What a cut keeps is a prefix of what was pushed.
            if lazy.store.len() < len && lazy.store == whole.store[..lazy.store.len()] {
                let kept = got.iter().take_while(|p| p.0 != StrId::EMPTY).count();
                assert_eq!(&got[..kept], &pairs[..kept]);
            }
        }
        // Record ends past the store: empty, no panic.
        let (mut lazy, _) = one_record();
        lazy.ends = vec![len as u32 + 100];
        assert_eq!(decoded(&lazy, 0), vec![]);
    }
}
