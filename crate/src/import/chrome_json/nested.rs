//! Nested arg values (objects and arrays) read as compact JSON, with the values met before
//! recognised by their bytes as written.
//!
//! Contract: [`NestedValues::read`] gives, for the value at the cursor, the id that copying
//! it as compact JSON ([`Lexer::write_compact`]) and interning the copy gives, and leaves the
//! cursor where that leaves it; errors are that path's. Traces repeat a few nested values
//! (a PyTorch trace's `Input Dims`, `Input type`, a kernel's `grid`) across most of their
//! events, so a value whose bytes equal those of one already read gives that one's id
//! without being copied or interned again.
//!
//! Why a match is exact: a value is remembered only when the copy took it as written (plain
//! ASCII text, no escapes; see `compact.rs`), with the bytes the copy consumed, at the nesting
//! depth it was read at. The copy of such a value reads none of the bytes after it, so at any
//! later offset whose bytes start with a remembered value, at the same depth, it would consume
//! the same bytes and give the same text and id. A lookup needs a length to try: the
//! brackets counted outside quotes ([`Lexer::container_len`]); a wrong one only misses.

use super::intern::Interner;
use super::lexer::{LexError, Lexer};
use crate::model::StrId;
use hashbrown::HashMap;

/// Longest value (as written, whitespace included) that is remembered or looked up.
const MAX_REMEMBERED_BYTES: usize = 256;
/// Values remembered at most; past that the memory starts again from empty.
const MAX_REMEMBERED: usize = 2048;
/// Lookups per window of the hit count.
const WINDOW: u32 = 1024;
/// Fewer hits than this in a window (a quarter) pause the lookups: a trace whose nested
/// values rarely repeat pays only for the copies, as without this memory.
const MIN_HITS: u32 = WINDOW / 4;
/// Values read without a lookup after a window with too few hits.
const PAUSE: u32 = 64 * WINDOW;

/// The reader's buffer for compact JSON and its memory of the nested values it has read.
#[derive(Debug, Default)]
pub(super) struct NestedValues {
    /// The compact JSON of the value being copied.
    json: Vec<u8>,
    /// Values as written → (their compact JSON's id, the nesting depth they were read at).
    seen: HashMap<Box<[u8]>, (StrId, usize)>,
    lookups: u32,
    hits: u32,
    /// Values still to be read without a lookup.
    paused: u32,
}

impl NestedValues {
    /// Reads the object or array at the cursor (after whitespace, on its `{` or `[`), at
    /// nesting level `depth`, and interns its compact JSON; see the module doc.
    pub(super) fn read<I: Interner>(
        &mut self,
        lx: &mut Lexer<'_>,
        b: &mut I,
        depth: usize,
    ) -> Result<StrId, LexError> {
        let rest = lx.rest();
        let measured = if self.paused > 0 {
            self.paused -= 1;
            None
        } else {
            let len = lx.container_len(MAX_REMEMBERED_BYTES);
            let known = len.and_then(|len| self.seen.get(&rest[..len]).map(|&v| (len, v)));
            let hit = known.filter(|&(_, (_, at))| at == depth);
            self.count(hit.is_some());
            if let Some((len, (id, _))) = hit {
                lx.skip_bytes(len);
                return Ok(id);
            }
            len
        };
        let start = lx.offset();
        self.json.clear();
        let as_written = lx.write_compact(&mut self.json, depth)?;
        let (id, lossy) = b.intern_bytes(&self.json);
        lx.replaced_chars += u64::from(lossy);
        if let Some(len) = measured.filter(|&len| as_written && lx.offset() - start == len) {
            if self.seen.len() >= MAX_REMEMBERED {
                self.seen.clear();
            }
            self.seen.insert(rest[..len].into(), (id, depth));
        }
        Ok(id)
    }

    /// Counts a lookup; a window with too few hits pauses them and forgets the values.
    fn count(&mut self, hit: bool) {
        self.lookups += 1;
        self.hits += u32::from(hit);
        if self.lookups == WINDOW {
            if self.hits < MIN_HITS {
                self.paused = PAUSE;
                self.seen.clear();
            }
            self.lookups = 0;
            self.hits = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Format, TraceBuilder};
    use proptest::prelude::*;

    /// What reading one value gave: its id, or the error.
    type Reads = Vec<Result<StrId, LexError>>;

    /// Every value of `text` (a JSON array of values, each read at depth 2) read through a
    /// memory and by copying alone (the cursors are checked to agree after each).
    fn read_both(text: &str) -> (Reads, Reads) {
        let bytes = text.as_bytes();
        let mut with_memory = TraceBuilder::new(Format::ChromeJson);
        let mut copied = TraceBuilder::new(Format::ChromeJson);
        let mut memory = NestedValues::default();
        let (mut a, mut b) = (Lexer::new(bytes), Lexer::new(bytes));
        let (mut out_a, mut out_b) = (Vec::new(), Vec::new());
        let mut json = Vec::new();
        for lx in [&mut a, &mut b] {
            let _ = lx.expect(b'[', "'['");
        }
        let (mut first_a, mut first_b) = (true, true);
        while a.next_element(&mut first_a).unwrap_or(false) {
            let at = a.offset();
            out_a.push(memory.read(&mut a, &mut with_memory, 2));
            let stop = out_a.last().is_some_and(Result::is_err);
            assert!(b.next_element(&mut first_b).unwrap_or(false));
            assert_eq!(b.offset(), at);
            json.clear();
            let copy = b
                .write_compact(&mut json, 2)
                .map(|_| copied.intern_bytes(&json).0);
            out_b.push(copy);
            if stop {
                break;
            }
            assert_eq!(a.offset(), b.offset(), "cursor after the value at {at}");
        }
        (out_a, out_b)
    }

    #[test]
    fn a_repeated_value_gives_the_copys_id() {
        let text = "[[1, [2]], {\"k\": \"v\"}, [1, [2]], [1,[2]], {\"k\": \"v\"}, [1, [2]]]";
        let (memory, copy) = read_both(text);
        assert_eq!(memory, copy);
        assert_eq!(memory.len(), 6);
    }

    proptest! {
        /// Values built from a few pieces, repeated, escaped, cut or broken: the memory
        /// gives what copying gives.
        #[test]
        fn the_memory_gives_what_copying_gives(pieces in proptest::collection::vec(0usize..12, 1..40)) {
            const PIECES: [&str; 12] = [
                "[1, 2]", "[1,2]", "{\"a\": [\"]\"]}", "[\"\\u00e9\"]", "[\"\u{e9}\"]", "[[], {}]",
                "[1 2]", "{\"k\": tru}", "[[[[[[1]]]]]]", "{\"a\":{\"b\":[true, null]}}", "[\"x\", -1.5e3]", "[",
            ];
            let text = format!("[{}]", pieces.iter().map(|&k| PIECES[k]).collect::<Vec<_>>().join(", "));
            let (memory, copy) = read_both(&text);
            prop_assert_eq!(memory, copy);
        }
    }
}
