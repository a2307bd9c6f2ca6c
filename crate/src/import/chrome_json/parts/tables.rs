//! A part's own string and category tables: what the event reader interns while reading a
//! part, each new string and category also written to the part's record, in the order they
//! were made, so the model interns them in that order when it takes the part.

use super::super::intern::Interner;
use super::tape::TapeWriter;
use crate::model::{CategoryId, StrId, StringTable};
use hashbrown::HashMap;

/// The most categories a part names; a part that meets more stops before the event that
/// names one more (the model's reader reads the rest).
const MAX_PART_CATEGORIES: usize = u16::MAX as usize;

/// Interns into the part's tables and records what is new.
#[derive(Debug, Default)]
pub(super) struct PartTables {
    pub(super) strings: StringTable,
    categories: HashMap<StrId, CategoryId>,
    /// Set when a category past [`MAX_PART_CATEGORIES`] was asked for.
    pub(super) full: bool,
    pub(super) tape: TapeWriter,
}

impl PartTables {
    fn note_new(&mut self, before: usize, id: StrId) {
        if self.strings.len() > before {
            self.tape.new_string(self.strings.get(id));
        }
    }
}

impl Interner for PartTables {
    fn intern(&mut self, s: &str) -> StrId {
        let before = self.strings.len();
        let id = self.strings.intern(s);
        self.note_new(before, id);
        id
    }

    fn intern_bytes(&mut self, bytes: &[u8]) -> (StrId, bool) {
        let before = self.strings.len();
        let (id, lossy) = self.strings.intern_bytes(bytes);
        self.note_new(before, id);
        (id, lossy)
    }

    fn category_of(&mut self, sid: StrId) -> CategoryId {
        if sid == StrId::EMPTY {
            return CategoryId::NONE;
        }
        if let Some(&id) = self.categories.get(&sid) {
            return id;
        }
        // Local ids start at 1: 0 is no category, as in the model.
        let next = self.categories.len() + 1;
        if next > MAX_PART_CATEGORIES {
            self.full = true;
            return CategoryId::NONE;
        }
        let id = CategoryId(next as u16);
        self.categories.insert(sid, id);
        self.tape.new_category(sid);
        id
    }
}
