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
#[derive(Debug)]
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
        let hash = self.hasher.hash_one(s);
        let (arena, ends) = (&self.arena, &self.ends);
        let lookup = |&id: &u32| slice_of(arena, ends, id) == s;
        if let Some(&id) = self.index.find(hash, lookup) {
            return StrId(id);
        }
        let id = self.ends.len() as u32;
        self.arena.push_str(s);
        self.ends.push(self.arena.len() as u32);
        let (arena, ends, hasher) = (&self.arena, &self.ends, &self.hasher);
        self.index.insert_unique(hash, id, |&other| {
            hasher.hash_one(slice_of(arena, ends, other))
        });
        StrId(id)
    }

    /// Returns the id of `s` if it was interned.
    pub fn lookup(&self, s: &str) -> Option<StrId> {
        let hash = self.hasher.hash_one(s);
        self.index
            .find(hash, |&id| slice_of(&self.arena, &self.ends, id) == s)
            .map(|&id| StrId(id))
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

fn slice_of<'a>(arena: &'a str, ends: &[u32], id: u32) -> &'a str {
    let end = ends[id as usize] as usize;
    let start = if id == 0 {
        0
    } else {
        ends[id as usize - 1] as usize
    };
    &arena[start..end]
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
    }
}
