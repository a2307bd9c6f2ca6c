//! Arguments (Chrome `args`, XSpace stats): interned keys and typed values in one arena.
//!
//! Contract: an [`ArgSetId`] names a contiguous run of `(key, value)` pairs. `ArgSetId::NONE`
//! (0) is the empty set, so a slice without args costs nothing beyond its 4-byte handle.
//! Nested JSON values (objects, arrays) are kept as their compact JSON text. A set may name a
//! parent set whose pairs it inherits (XSpace events inherit their event metadata's stats),
//! so shared stats are stored once.
//!
//! A set may instead be *packed* (see `packed_args.rs`): its own pairs as a few bytes each
//! in one byte arena, read when the set is read. Readers see no difference:
//! [`ArgTable::get`] and [`ArgTable::find`] give the same pairs, in the same order, as a set
//! stored in the pair columns would.

use super::packed_args::{PackedPairs, PackedSets};
use super::strings::{StrId, StringTable};
use std::ops::Range;

/// The pairs of set `id` (≥ 1) as a range of the key/value columns.
fn set_range(set_ends: &[u32], id: u32) -> Range<usize> {
    set_ends[id as usize - 1] as usize..set_ends[id as usize] as usize
}

/// Handle of a set of args; 0 is the empty set. Ids with the top bit set name packed sets
/// (packed record `id & !PACKED`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ArgSetId(pub u32);

impl ArgSetId {
    /// The empty set.
    pub const NONE: ArgSetId = ArgSetId(0);
}

/// The bit that marks a packed set's id.
const PACKED: u32 = 1 << 31;

/// One typed value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ArgValue {
    /// A signed integer.
    Int(i64),
    /// An unsigned integer (XSpace `uint64_value`, ids that exceed `i64`).
    Uint(u64),
    /// A floating-point number.
    Float(f64),
    /// A boolean.
    Bool(bool),
    /// An interned string.
    Str(StrId),
    /// A nested JSON object or array, as compact JSON text.
    Json(StrId),
    /// Binary data that is not shown (for example a serialized proto), with its length.
    Bytes(u64),
    /// JSON `null`.
    Null,
}

/// An [`ArgValue`] split into a one-byte kind and an 8-byte payload, stored in two columns:
/// 13 bytes a pair with its key instead of the 20 of a key beside a 16-byte enum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(super) enum Kind {
    Int,
    Uint,
    Float,
    Bool,
    Str,
    Json,
    Bytes,
    Null,
}

impl Kind {
    /// The kind whose `as u8` is `tag & 7`.
    #[inline]
    pub(super) fn from_tag(tag: u8) -> Kind {
        match tag & 7 {
            0 => Kind::Int,
            1 => Kind::Uint,
            2 => Kind::Float,
            3 => Kind::Bool,
            4 => Kind::Str,
            5 => Kind::Json,
            6 => Kind::Bytes,
            _ => Kind::Null,
        }
    }
}

impl ArgValue {
    #[inline]
    pub(super) fn pack(self) -> (Kind, u64) {
        match self {
            ArgValue::Int(v) => (Kind::Int, v as u64),
            ArgValue::Uint(v) => (Kind::Uint, v),
            ArgValue::Float(v) => (Kind::Float, v.to_bits()),
            ArgValue::Bool(v) => (Kind::Bool, u64::from(v)),
            ArgValue::Str(s) => (Kind::Str, u64::from(s.0)),
            ArgValue::Json(s) => (Kind::Json, u64::from(s.0)),
            ArgValue::Bytes(n) => (Kind::Bytes, n),
            ArgValue::Null => (Kind::Null, 0),
        }
    }

    #[inline]
    pub(super) fn unpack(kind: Kind, bits: u64) -> Self {
        match kind {
            Kind::Int => ArgValue::Int(bits as i64),
            Kind::Uint => ArgValue::Uint(bits),
            Kind::Float => ArgValue::Float(f64::from_bits(bits)),
            Kind::Bool => ArgValue::Bool(bits != 0),
            Kind::Str => ArgValue::Str(StrId(bits as u32)),
            Kind::Json => ArgValue::Json(StrId(bits as u32)),
            Kind::Bytes => ArgValue::Bytes(bits),
            Kind::Null => ArgValue::Null,
        }
    }
}

/// All args of a trace.
#[derive(Debug)]
pub struct ArgTable {
    /// `set_ends[i]` is the end (exclusive) of set `i` in the pair columns; set 0 is empty.
    set_ends: Vec<u32>,
    keys: Vec<StrId>,
    /// Value kinds, one per pair.
    kinds: Vec<Kind>,
    /// Value payloads (see [`ArgValue::pack`]), one per pair.
    bits: Vec<u64>,
    /// `parents[i]`: the set whose pairs set `i` inherits (0: none).
    parents: Vec<u32>,
    /// Parent of the set under construction.
    pending_parent: ArgSetId,
    /// The packed sets.
    packed: PackedSets,
}

impl Default for ArgTable {
    fn default() -> Self {
        ArgTable {
            set_ends: vec![0],
            keys: Vec::new(),
            kinds: Vec::new(),
            bits: Vec::new(),
            parents: vec![0],
            pending_parent: ArgSetId::NONE,
            packed: PackedSets::default(),
        }
    }
}

impl ArgTable {
    /// Appends one pair to the set under construction (see [`ArgTable::finish_set`]).
    #[inline]
    pub fn push(&mut self, key: StrId, value: ArgValue) {
        let (kind, bits) = value.pack();
        self.keys.push(key);
        self.kinds.push(kind);
        self.bits.push(bits);
    }

    /// Appends `pairs` to the set under construction, as [`ArgTable::push`] one by one would
    /// (one reservation per column instead of a growth check per pair).
    pub fn push_all(&mut self, pairs: &[(StrId, ArgValue)]) {
        self.keys.extend(pairs.iter().map(|&(key, _)| key));
        self.kinds
            .extend(pairs.iter().map(|&(_, value)| value.pack().0));
        self.bits
            .extend(pairs.iter().map(|&(_, value)| value.pack().1));
    }

    /// Makes the set under construction inherit the pairs of `parent` (whose keys it does
    /// not have itself). `parent` must not have a parent of its own; if it has, the call is
    /// ignored (one level keeps reads cheap and cycles impossible).
    pub fn inherit(&mut self, parent: ArgSetId) {
        if self.parents.get(parent.0 as usize) == Some(&0) {
            self.pending_parent = parent;
        }
    }

    /// Closes the set under construction and returns its handle: `NONE` if it is empty, the
    /// parent itself if it only inherits, else a new id.
    pub fn finish_set(&mut self) -> ArgSetId {
        let parent = std::mem::take(&mut self.pending_parent);
        let start = *self.set_ends.last().unwrap_or(&0) as usize;
        if self.keys.len() == start {
            return parent;
        }
        self.set_ends.push(self.keys.len() as u32);
        self.parents.push(parent.0);
        ArgSetId(self.set_ends.len() as u32 - 1)
    }

    /// Appends one pair to the packed set under construction (see
    /// [`ArgTable::finish_packed`]).
    #[inline]
    pub fn push_packed(&mut self, key: StrId, value: ArgValue) {
        self.packed.push(key, value);
    }

    /// Closes the packed set under construction, inheriting `parent`'s pairs (as
    /// [`ArgTable::inherit`] states: ignored if `parent` has a parent), and returns its
    /// handle: the parent itself if it has no pairs of its own, else a new id.
    #[inline]
    pub fn finish_packed(&mut self, parent: ArgSetId) -> ArgSetId {
        let parent = match self.parents.get(parent.0 as usize) {
            Some(0) => parent,
            _ => ArgSetId::NONE,
        };
        if self.packed.pending_bytes() == 0 {
            return parent;
        }
        ArgSetId(PACKED | self.packed.finish(parent.0))
    }

    /// Makes room for `sets` more packed sets of `bytes` bytes in all.
    pub fn reserve_packed(&mut self, sets: usize, bytes: usize) {
        self.packed.reserve(sets, bytes);
    }

    /// Bytes the packed sets take in use (their records, ends and parents).
    pub fn packed_bytes(&self) -> usize {
        self.packed.bytes_in_use()
    }

    /// Makes room for `sets` more sets holding `pairs` more pairs in all.
    pub fn reserve(&mut self, sets: usize, pairs: usize) {
        self.set_ends.reserve(sets);
        self.parents.reserve(sets);
        self.keys.reserve(pairs);
        self.kinds.reserve(pairs);
        self.bits.reserve(pairs);
    }

    /// Releases spare capacity once no more sets are added.
    pub fn seal(&mut self) {
        self.set_ends.shrink_to_fit();
        self.parents.shrink_to_fit();
        self.keys.shrink_to_fit();
        self.kinds.shrink_to_fit();
        self.bits.shrink_to_fit();
        self.packed.seal();
    }

    /// Drops the pairs pushed since the last `finish_set`.
    pub fn abandon_set(&mut self) {
        self.pending_parent = ArgSetId::NONE;
        let start = *self.set_ends.last().unwrap_or(&0) as usize;
        self.keys.truncate(start);
        self.kinds.truncate(start);
        self.bits.truncate(start);
    }

    /// The pairs of one set: its own, then those it inherits whose keys it does not have.
    pub fn get(&self, id: ArgSetId) -> ArgPairs<'_> {
        let (own, packed, parent) = match self.packed(id) {
            Some((pairs, parent)) => (0..0, Some(pairs), parent),
            None => (self.own_pairs(id.0), None, self.parent(id.0)),
        };
        ArgPairs {
            table: self,
            own_keys: own.clone(),
            own,
            packed_keys: packed.clone(),
            packed,
            inherited: self.own_pairs(parent),
        }
    }

    /// The value of `key` in set `id`: the first of its own pairs with that key, else the
    /// first of its parent's; the same value `get(id)` yields first for `key`, found
    /// without building that iterator (the analyses read a few keys of millions of sets).
    pub fn find(&self, id: ArgSetId, key: StrId) -> Option<ArgValue> {
        let (own, parent) = match self.packed(id) {
            Some((pairs, parent)) => {
                if let Some(value) = pairs.find_key(key) {
                    return Some(value);
                }
                (0..0, parent)
            }
            None => (self.own_pairs(id.0), self.parent(id.0)),
        };
        [own, self.own_pairs(parent)]
            .into_iter()
            .find_map(|r| {
                let start = r.start;
                self.keys[r]
                    .iter()
                    .position(|&k| k == key)
                    .map(|j| start + j)
            })
            .map(|k| ArgValue::unpack(self.kinds[k], self.bits[k]))
    }

    /// The own pairs and the parent of a packed set; `None` for a stored set (or an unknown
    /// packed id, read as a stored one: empty).
    #[inline]
    fn packed(&self, id: ArgSetId) -> Option<(PackedPairs<'_>, u32)> {
        if id.0 & PACKED == 0 {
            return None;
        }
        self.packed.record(id.0 & !PACKED)
    }

    /// The parent of stored set `i` (0 for none or an unknown id).
    fn parent(&self, i: u32) -> u32 {
        self.parents.get(i as usize).copied().unwrap_or(0)
    }

    /// The range of the pairs stored in set `i` itself (empty for 0 or an unknown id).
    fn own_pairs(&self, i: u32) -> Range<usize> {
        if i == 0 || i as usize >= self.set_ends.len() {
            0..0
        } else {
            set_range(&self.set_ends, i)
        }
    }

    /// Number of pairs held: stored in the pair columns, and packed.
    pub fn pair_count(&self) -> usize {
        self.keys.len() + self.packed.pair_count()
    }

    /// Number of pairs stored in the pair columns.
    pub fn stored_pair_count(&self) -> usize {
        self.keys.len()
    }

    /// Bytes this table holds.
    pub fn heap_bytes(&self) -> usize {
        self.set_ends.capacity() * 4
            + self.parents.capacity() * 4
            + self.keys.capacity() * 4
            + self.kinds.capacity()
            + self.bits.capacity() * 8
            + self.packed.heap_bytes()
    }
}

/// The pairs of one set ([`ArgTable::get`]): its own (stored or packed), then its
/// parent's whose keys it does not have.
#[derive(Debug)]
pub struct ArgPairs<'t> {
    table: &'t ArgTable,
    /// Own stored pairs not yet yielded.
    own: Range<usize>,
    /// All own stored pairs (for the inherited pairs' key test).
    own_keys: Range<usize>,
    /// Own packed pairs not yet yielded.
    packed: Option<PackedPairs<'t>>,
    /// All own packed pairs (for the inherited pairs' key test).
    packed_keys: Option<PackedPairs<'t>>,
    /// The parent's stored pairs not yet looked at.
    inherited: Range<usize>,
}

impl Iterator for ArgPairs<'_> {
    type Item = (StrId, ArgValue);

    fn next(&mut self) -> Option<Self::Item> {
        let t = self.table;
        if let Some(k) = self.own.next() {
            return Some((t.keys[k], ArgValue::unpack(t.kinds[k], t.bits[k])));
        }
        if let Some(pair) = self.packed.as_mut().and_then(Iterator::next) {
            return Some(pair);
        }
        let own_keys = &t.keys[self.own_keys.clone()];
        let packed_keys = &self.packed_keys;
        let k = self.inherited.by_ref().find(|&k| {
            let key = t.keys[k];
            !own_keys.contains(&key)
                && packed_keys
                    .clone()
                    .is_none_or(|pairs| pairs.find_key(key).is_none())
        })?;
        Some((t.keys[k], ArgValue::unpack(t.kinds[k], t.bits[k])))
    }
}

/// Renders a value as JSON for the details panel and the CLI.
pub fn arg_value_to_json(value: ArgValue, strings: &StringTable) -> serde_json::Value {
    use serde_json::Value;
    match value {
        ArgValue::Int(v) => Value::from(v),
        ArgValue::Uint(v) if v > (1 << 53) => Value::from(v.to_string()),
        ArgValue::Uint(v) => Value::from(v),
        ArgValue::Float(v) => serde_json::Number::from_f64(v)
            .map(Value::Number)
            .unwrap_or_else(|| Value::from(v.to_string())),
        ArgValue::Bool(v) => Value::from(v),
        ArgValue::Str(s) => Value::from(strings.get(s)),
        ArgValue::Json(s) => {
            serde_json::from_str(strings.get(s)).unwrap_or_else(|_| Value::from(strings.get(s)))
        }
        ArgValue::Bytes(n) => Value::from(format!("<{n} bytes>")),
        ArgValue::Null => Value::Null,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_inherits_its_parents_pairs_it_does_not_override() {
        let mut t = ArgTable::default();
        t.push(StrId(1), ArgValue::Int(1));
        t.push(StrId(2), ArgValue::Int(2));
        let parent = t.finish_set();
        t.push(StrId(2), ArgValue::Int(20));
        t.inherit(parent);
        let child = t.finish_set();
        let got: Vec<_> = t.get(child).collect();
        assert_eq!(
            got,
            vec![(StrId(2), ArgValue::Int(20)), (StrId(1), ArgValue::Int(1))]
        );
        // Only inheriting: the parent's own id.
        t.inherit(parent);
        assert_eq!(t.finish_set(), parent);
        // No grandparents.
        t.push(StrId(3), ArgValue::Null);
        t.inherit(child);
        let orphan = t.finish_set();
        assert_eq!(t.get(orphan).count(), 1);
        // `find` agrees with the first pair `get` yields for each key.
        for set in [ArgSetId::NONE, parent, child, orphan, ArgSetId(99)] {
            for key in (0..5).map(StrId) {
                let first = t.get(set).find(|&(k, _)| k == key).map(|(_, v)| v);
                assert_eq!(t.find(set, key), first, "{set:?} {key:?}");
            }
        }
    }

    proptest::proptest! {
        /// `push_all` stores the same sets as `push` pair by pair.
        #[test]
        fn push_all_matches_push(sets in proptest::collection::vec(
            proptest::collection::vec((0u32..4, 0u8..8, proptest::num::i64::ANY), 0..6),
            0..5,
        )) {
            let (mut one, mut all) = (ArgTable::default(), ArgTable::default());
            for set in &sets {
                let pairs: Vec<_> = set.iter().map(|&(k, kind, v)| (StrId(k), value(kind, v))).collect();
                for &(k, v) in &pairs {
                    one.push(k, v);
                }
                all.push_all(&pairs);
                let (a, b) = (one.finish_set(), all.finish_set());
                proptest::prop_assert_eq!(a, b);
                proptest::prop_assert_eq!(bits(one.get(a)), bits(all.get(b)));
            }
        }

        /// A packed set reads as the same set stored in the pair columns: `get` gives the
        /// same pairs in the same order, `find` the same value for every key.
        #[test]
        fn a_packed_set_reads_as_the_stored_set(
            parent in proptest::collection::vec((0u32..6, 0u8..8, proptest::num::i64::ANY), 0..4),
            own in proptest::collection::vec((0u32..6, 0u8..8, proptest::num::i64::ANY), 0..6),
        ) {
            let mut t = ArgTable::default();
            let parent = stored_set(&mut t, &parent);
            for &(k, kind, v) in &own {
                t.push(StrId(k), value(kind, v));
                t.push_packed(StrId(k), value(kind, v));
            }
            t.inherit(parent);
            let stored = t.finish_set();
            let packed = t.finish_packed(parent);
            proptest::prop_assert_eq!(packed.0 & PACKED != 0, !own.is_empty());
            proptest::prop_assert_eq!(bits(t.get(packed)), bits(t.get(stored)));
            for key in (0..7).map(StrId) {
                proptest::prop_assert_eq!(t.find(packed, key).map(ArgValue::pack), t.find(stored, key).map(ArgValue::pack));
            }
        }

        /// On any bytes, damaged or not, `find` gives the first value `get` yields for each
        /// key: both read a packed record through the one walk.
        #[test]
        fn find_agrees_with_get_on_any_packed_bytes(
            parent in proptest::collection::vec((0u32..4, 0u8..8, proptest::num::i64::ANY), 0..4),
            own in proptest::collection::vec((0u32..4, 0u8..8, proptest::num::i64::ANY), 1..5),
            cut in proptest::sample::select(vec![None, Some(0usize), Some(1), Some(2), Some(5), Some(9)]),
            edits in proptest::collection::vec((proptest::arbitrary::any::<proptest::sample::Index>(), proptest::num::u8::ANY), 0..3),
            noise in proptest::collection::vec(proptest::num::u8::ANY, 0..12),
        ) {
            let mut t = ArgTable::default();
            let parent = stored_set(&mut t, &parent);
            for &(k, kind, v) in &own {
                t.push_packed(StrId(k), value(kind, v));
            }
            let set = t.finish_packed(parent);
            let mut bytes = t.packed.record_bytes(0).to_vec();
            if let Some(cut) = cut {
                bytes.truncate(bytes.len().saturating_sub(cut));
            }
            for (at, byte) in edits {
                if !bytes.is_empty() {
                    let i = at.index(bytes.len());
                    bytes[i] = byte;
                }
            }
            bytes.extend_from_slice(&noise);
            t.packed.set_one_record(bytes, parent.0);
            let got: Vec<_> = t.get(set).collect();
            for key in (0..5).map(StrId) {
                let first = got.iter().find(|p| p.0 == key).map(|p| p.1.pack());
                proptest::prop_assert_eq!(t.find(set, key).map(ArgValue::pack), first, "{:?}", key);
            }
        }
    }

    /// A set stored in the pair columns from `(key, kind, value)` triples.
    fn stored_set(t: &mut ArgTable, pairs: &[(u32, u8, i64)]) -> ArgSetId {
        for &(k, kind, v) in pairs {
            t.push(StrId(k), value(kind, v));
        }
        t.finish_set()
    }

    fn value(kind: u8, v: i64) -> ArgValue {
        match kind {
            0 => ArgValue::Int(v),
            1 => ArgValue::Uint(v as u64),
            2 => ArgValue::Float(f64::from_bits(v as u64)),
            3 => ArgValue::Bool(v & 1 == 1),
            4 => ArgValue::Str(StrId(v as u32)),
            5 => ArgValue::Json(StrId(v as u32)),
            6 => ArgValue::Bytes(v as u64),
            _ => ArgValue::Null,
        }
    }

    /// Pairs with their values as bits (a NaN equals itself).
    fn bits(pairs: impl Iterator<Item = (StrId, ArgValue)>) -> Vec<(StrId, (Kind, u64))> {
        pairs.map(|(k, v)| (k, v.pack())).collect()
    }
}
