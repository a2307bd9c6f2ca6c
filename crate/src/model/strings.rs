//! Interned strings: every name, category, arg key and string value is stored once.
//!
//! Contract: `intern` returns the same [`StrId`] for equal strings; ids are dense from 0, and
//! id 0 is always the empty string. The text lives in one arena, so a table of a million
//! distinct kernel names costs their bytes plus 8 bytes of offsets and ~5 bytes of index each.

use hashbrown::HashTable;
use std::hash::BuildHasher;

/// Index of an interned string in [`StringTable`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct StrId(pub u32);

impl StrId {
    /// The empty string, always present.
    pub const EMPTY: StrId = StrId(0);
}

/// An append-only interner backed by one `String` arena.
#[derive(Clone, Debug)]
pub struct StringTable {
    arena: String,
    /// `ends[i]` is the end offset of string `i` in `arena`; its start is `ends[i - 1]` (or 0).
    ends: Vec<u32>,
    index: HashTable<u32>,
    hasher: hashbrown::DefaultHashBuilder,
}

impl Default for StringTable {
    fn default() -> Self {
        let mut table = StringTable {
            arena: String::new(),
            ends: Vec::new(),
            index: HashTable::new(),
            hasher: hashbrown::DefaultHashBuilder::default(),
        };
        table.intern("");
        table
    }
}

impl StringTable {
    /// Returns the id of `s`, adding it if it is new.
    pub fn intern(&mut self, s: &str) -> StrId {
        let hash = self.hasher.hash_one(s.as_bytes());
        self.find(hash, s.as_bytes())
            .unwrap_or_else(|| self.insert(hash, s))
    }

    /// Interns text given as bytes, checking that it is UTF-8 only when it is new (so a
    /// name seen a million times is validated once). Invalid UTF-8 is interned with U+FFFD
    /// replacements; the flag says so.
    pub fn intern_bytes(&mut self, bytes: &[u8]) -> (StrId, bool) {
        let hash = self.hasher.hash_one(bytes);
        if let Some(id) = self.find(hash, bytes) {
            return (id, false);
        }
        match std::str::from_utf8(bytes) {
            Ok(s) => (self.insert(hash, s), false),
            Err(_) => (self.intern(&String::from_utf8_lossy(bytes)), true),
        }
    }

    /// Returns the id of `s` if it was interned.
    pub fn lookup(&self, s: &str) -> Option<StrId> {
        self.find(self.hasher.hash_one(s.as_bytes()), s.as_bytes())
    }

    fn find(&self, hash: u64, bytes: &[u8]) -> Option<StrId> {
        let (arena, ends) = (&self.arena, &self.ends);
        let same = |&id: &u32| bytes_equal(bytes_of(arena.as_bytes(), ends, id), bytes);
        self.index.find(hash, same).map(|&id| StrId(id))
    }

    fn insert(&mut self, hash: u64, s: &str) -> StrId {
        let id = self.ends.len() as u32;
        self.arena.push_str(s);
        self.ends.push(self.arena.len() as u32);
        let (arena, ends, hasher) = (&self.arena, &self.ends, &self.hasher);
        let rehash = |&other: &u32| hasher.hash_one(slice_of(arena, ends, other).as_bytes());
        self.index.insert_unique(hash, id, rehash);
        StrId(id)
    }

    /// The text of `id`. Panics only on an id this table never returned.
    pub fn get(&self, id: StrId) -> &str {
        slice_of(&self.arena, &self.ends, id.0)
    }

    /// Number of distinct strings (including the empty string).
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Always false: the empty string is always present.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Iterates over `(id, text)` in id order.
    pub fn iter(&self) -> impl Iterator<Item = (StrId, &str)> {
        (0..self.ends.len() as u32).map(move |i| (StrId(i), slice_of(&self.arena, &self.ends, i)))
    }

    /// Releases spare capacity. The lookup index is kept: the details panel and search look
    /// strings up after import.
    pub fn seal(&mut self) {
        self.arena.shrink_to_fit();
        self.ends.shrink_to_fit();
    }

    /// Bytes this table holds (arena, offsets and index).
    pub fn heap_bytes(&self) -> usize {
        self.arena.capacity() + self.ends.capacity() * 4 + self.index.capacity() * 5
    }
}

/// `a == b`, eight bytes at a time in place: interned strings are mostly short, and a
/// slice `==` calls `memcmp`, which in Wasm is a byte loop behind a call.
#[inline]
pub(crate) fn bytes_equal(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let word = |c: &[u8]| {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        u64::from_ne_bytes(w)
    };
    let (mut a8, mut b8) = (a.chunks_exact(8), b.chunks_exact(8));
    for (x, y) in (&mut a8).zip(&mut b8) {
        if word(x) != word(y) {
            return false;
        }
    }
    let (ra, rb) = (a8.remainder(), b8.remainder());
    ra.iter().zip(rb).all(|(x, y)| x == y)
}

/// The byte range of string `id` in the arena.
fn range_of(ends: &[u32], id: u32) -> std::ops::Range<usize> {
    let end = ends[id as usize] as usize;
    let start = match id {
        0 => 0,
        _ => ends[id as usize - 1] as usize,
    };
    start..end
}

/// String `id` as bytes, without the char-boundary checks of slicing a `str`.
fn bytes_of<'a>(arena: &'a [u8], ends: &[u32], id: u32) -> &'a [u8] {
    &arena[range_of(ends, id)]
}

fn slice_of<'a>(arena: &'a str, ends: &[u32], id: u32) -> &'a str {
    &arena[range_of(ends, id)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_is_idempotent_and_dense() {
        let mut t = StringTable::default();
        assert_eq!(t.intern(""), StrId::EMPTY);
        let a = t.intern("matmul");
        let b = t.intern("add");
        assert_eq!(t.intern("matmul"), a);
        assert_eq!((a, b), (StrId(1), StrId(2)));
        assert_eq!(t.get(b), "add");
        assert_eq!(t.lookup("add"), Some(b));
        assert_eq!(t.lookup("sub"), None);
        assert_eq!(t.len(), 3);
        assert_eq!(t.intern_bytes(b"add"), (b, false));
        let (bad, lossy) = t.intern_bytes(b"a\xffb");
        assert!(lossy);
        assert_eq!(t.get(bad), "a\u{fffd}b");
    }

    proptest::proptest! {
        /// The word-at-a-time comparison agrees with `==` on slices of any length.
        #[test]
        fn bytes_equal_agrees_with_slice_eq(
            a in proptest::collection::vec(0u8..4, 0..40),
            b in proptest::collection::vec(0u8..4, 0..40),
            flip in 0usize..40,
        ) {
            proptest::prop_assert_eq!(bytes_equal(&a, &b), a == b);
            let mut c = a.clone();
            proptest::prop_assert!(bytes_equal(&a, &c));
            if !c.is_empty() {
                let at = flip % c.len();
                c[at] ^= 1;
                proptest::prop_assert!(!bytes_equal(&a, &c));
            }
        }
    }
}
