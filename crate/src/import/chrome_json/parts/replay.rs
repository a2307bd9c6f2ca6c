//! Taking a part: its ops replayed into the stream's reader, strings interned and events
//! placed in the order the part read them.

use super::super::Reader;
use super::super::event::EventFields;
use super::Part;
use super::tape::{Op, TapeReader};
use crate::model::{ArgValue, CategoryId, StrId};

impl Reader {
    /// Replays `part` after checking that all of it decodes (so a damaged record changes
    /// nothing); false if it does not.
    pub(in super::super) fn replay(&mut self, part: &Part) -> bool {
        if !decodes(part) {
            return false;
        }
        let mut ev = EventFields::default();
        let mut tape = TapeReader::new(part.record());
        // The model's id of each of the part's strings, and of each of its categories (by
        // the model's id of its name; the category itself once asked for).
        let mut strings: Vec<StrId> = vec![StrId::EMPTY];
        let mut categories: Vec<(StrId, Option<CategoryId>)> =
            vec![(StrId::EMPTY, Some(CategoryId::NONE))];
        while let Some(Some(op)) = tape.next(&mut ev) {
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
                }
                Op::NotAnObject(offset) => {
                    self.placer.not_an_event(offset);
                    self.entries += 1;
                }
            }
        }
        true
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

/// True if every op of `part` decodes and the elements are as many as its header says.
fn decodes(part: &Part) -> bool {
    let mut ev = EventFields::default();
    let mut tape = TapeReader::new(part.record());
    let mut entries = 0u64;
    loop {
        match tape.next(&mut ev) {
            None => return false,
            Some(None) => return entries == part.entries(),
            Some(Some(Op::Event | Op::NotAnObject(_))) => entries += 1,
            Some(Some(_)) => {}
        }
    }
}
