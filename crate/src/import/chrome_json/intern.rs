//! Where the event reader puts the strings and categories it reads: the model's own tables
//! when one reader imports the whole file, or a part's tables when the file is read in parts
//! ([`super::parts`]), whose strings the model interns later, in the same order.

use crate::model::{CategoryId, StrId, TraceBuilder};

/// The string and category tables [`super::event::read_event`] writes to.
pub(super) trait Interner {
    /// Interns a string.
    fn intern(&mut self, s: &str) -> StrId;
    /// Interns UTF-8 given as bytes; the flag is true when invalid UTF-8 was replaced.
    fn intern_bytes(&mut self, bytes: &[u8]) -> (StrId, bool);
    /// The category named by an interned string.
    fn category_of(&mut self, sid: StrId) -> CategoryId;
}

impl Interner for TraceBuilder {
    #[inline]
    fn intern(&mut self, s: &str) -> StrId {
        TraceBuilder::intern(self, s)
    }

    #[inline]
    fn intern_bytes(&mut self, bytes: &[u8]) -> (StrId, bool) {
        TraceBuilder::intern_bytes(self, bytes)
    }

    #[inline]
    fn category_of(&mut self, sid: StrId) -> CategoryId {
        TraceBuilder::category_of(self, sid)
    }
}
