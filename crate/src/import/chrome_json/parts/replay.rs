//! Taking a part: its ops replayed into the stream's reader, strings interned and events
//! placed in the order the part read them.

use super::super::Reader;
use super::super::event::EventFields;
use super::Part;
use super::tape::{Op, TapeReader};
use crate::diagnostics::DiagnosticKind;
use crate::model::{ArgValue, CategoryId, StrId};

impl Reader {
    /// Replays `part`; false (nothing changed) when its ops are not the ones it wrote. Should
    /// intact ops still not decode (a bug of the writer), the events before the fault stay,
    /// with a `malformed_record` diagnostic.
    pub(in super::super) fn replay(&mut self, part: &Part) -> bool {
        if !part.intact() {
            return false;
        }
        let mut ev = EventFields::default();
        let mut tape = TapeReader::new(part.record());
        // The model's id of each of the part's strings, and of each of its categories (by
        // the model's id of its name; the category itself once asked for).
        let mut strings: Vec<StrId> = vec![StrId::EMPTY];
        let mut categories: Vec<(StrId, Option<CategoryId>)> =
            vec![(StrId::EMPTY, Some(CategoryId::NONE))];
        let mut entries = 0u64;
        loop {
            let op = match tape.next(&mut ev) {
                Some(Some(op)) => op,
                Some(None) if entries == part.entries() => break,
                _ => {
                    self.part_fault(part, entries);
                    break;
                }
            };
            match op {
                Op::String(text) => strings.push(self.placer.b.intern(text)),
                Op::Category(sid) => categories.push((strings[sid.0 as usize], None)),
                Op::Event => {
                    ev.name = strings[ev.name.0 as usize];
                    let (name, known) = &mut categories[ev.category.0 as usize];
                    ev.category = match *known {
                        // Past the model's category limit the reader asks again each time
                        // (each is reported).
                        Some(id) if id != CategoryId(u16::MAX) => id,
                        _ => {
                            let id = self.placer.b.category_of(*name);
                            *known = Some(id);
                            id
                        }
                    };
                    for (key, value) in &mut ev.args {
                        *key = strings[key.0 as usize];
                        *value = remap(*value, &strings);
                    }
                    for value in ev.thread_time.iter_mut().flatten() {
                        *value = remap(*value, &strings);
                    }
                    self.placer.place(&ev);
                    self.entries += 1;
                    entries += 1;
                }
                Op::NotAnObject(offset) => {
                    self.placer.not_an_event(offset);
                    self.entries += 1;
                    entries += 1;
                }
            }
        }
        true
    }

    fn part_fault(&mut self, part: &Part, read: u64) {
        let (start, stop, of) = (part.start(), part.stop(), part.entries());
        self.placer
            .b
            .diagnostics()
            .record(DiagnosticKind::MalformedRecord, || {
                format!(
                    "the events of bytes {start}..{stop}, read apart, did not decode after {read} of {of}; the rest of them are missing"
                )
            });
    }
}

/// An arg value with the model's string ids.
fn remap(value: ArgValue, strings: &[StrId]) -> ArgValue {
    match value {
        ArgValue::Str(id) => ArgValue::Str(strings[id.0 as usize]),
        ArgValue::Json(id) => ArgValue::Json(strings[id.0 as usize]),
        other => other,
    }
}
