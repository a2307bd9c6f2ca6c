//! Debug annotations → args. Nested values are flattened into one arg per leaf: a dict entry
//! `b` of `a` becomes the key `a.b`, element 2 of array `a` becomes `a[2]` (both for the
//! current `dict_entries` / `array_values` encoding and the older `NestedValue`). Values keep
//! their type; pointers become hex text, `legacy_json_value` stays JSON, a `proto_value`
//! keeps its length only.

use super::sequence::Interned;
use super::wire::{Broken, Fields, Value};
use crate::diagnostics::DiagnosticKind;
use crate::model::{ArgValue, StrId, TraceBuilder};
use std::fmt::Write;

/// Nesting levels flattened; deeper values are replaced by a note (real traces nest < 10).
const MAX_DEPTH: usize = 32;

/// Flattens encoded annotations into `(key, value)` args.
#[derive(Debug)]
pub(super) struct Flattener<'s> {
    interned: &'s Interned,
    /// The key being built (reused).
    key: String,
    out: &'s mut Vec<(StrId, ArgValue)>,
}

impl<'s> Flattener<'s> {
    /// Appends to `out` the args of the annotations given to [`Self::push`].
    pub(super) fn new(interned: &'s Interned, out: &'s mut Vec<(StrId, ArgValue)>) -> Self {
        Flattener {
            interned,
            key: String::new(),
            out,
        }
    }

    /// Adds the args of one top-level `DebugAnnotation`.
    pub(super) fn push(&mut self, bytes: &[u8], b: &mut TraceBuilder) -> Result<(), Broken> {
        self.key.clear();
        self.annotation(bytes, Place::Named, 0, b)
    }

    fn annotation(
        &mut self,
        bytes: &[u8],
        place: Place,
        depth: usize,
        b: &mut TraceBuilder,
    ) -> Result<(), Broken> {
        let mut name: Option<Name> = None;
        let mut value = None;
        let mut nested = None;
        let mut has_children = false;
        let mut fields = Fields::new(bytes);
        for (number, v) in &mut fields {
            match (number, v) {
                (1, v) => name = v.as_u64().map(Name::Iid),
                (10, Value::Len(text)) => name = Some(Name::Text(text)),
                (2, v) => value = v.as_u64().map(|v| Leaf::Plain(ArgValue::Bool(v != 0))),
                (3, v) => value = v.as_u64().map(|v| Leaf::Plain(ArgValue::Uint(v))),
                (4, v) => value = v.as_u64().map(|v| Leaf::Plain(ArgValue::Int(v as i64))),
                (5, v) => {
                    value = v
                        .as_u64()
                        .map(|v| Leaf::Plain(ArgValue::Float(f64::from_bits(v))));
                }
                (6, Value::Len(text)) => value = Some(Leaf::Text(text)),
                (17, v) => value = v.as_u64().map(Leaf::TextIid),
                (7, v) => value = v.as_u64().map(Leaf::Pointer),
                (9, Value::Len(text)) => value = Some(Leaf::Json(text)),
                (14, Value::Len(proto)) => {
                    value = Some(Leaf::Plain(ArgValue::Bytes(proto.len() as u64)));
                }
                (8, Value::Len(n)) => nested = Some(n),
                (11 | 12, Value::Len(_)) => has_children = true,
                _ => {}
            }
        }
        if let Some(broken) = fields.broken() {
            return Err(broken);
        }
        let len = self.key.len();
        match place {
            Place::Named => {
                if len > 0 {
                    self.key.push('.');
                }
                self.push_name(name, b);
            }
            Place::Element(i) => {
                let _ = write!(self.key, "[{i}]");
            }
        }
        if depth >= MAX_DEPTH {
            self.too_deep(b);
        } else if has_children {
            let mut element = 0;
            for (number, v) in Fields::new(bytes) {
                match (number, v) {
                    (11, Value::Len(entry)) => {
                        self.annotation(entry, Place::Named, depth + 1, b)?;
                    }
                    (12, Value::Len(entry)) => {
                        self.annotation(entry, Place::Element(element), depth + 1, b)?;
                        element += 1;
                    }
                    _ => {}
                }
            }
        } else if let Some(n) = nested {
            self.nested(n, depth + 1, b)?;
        } else {
            let value = match value {
                Some(leaf) => self.leaf(leaf, b),
                None => ArgValue::Null,
            };
            self.emit(value, b);
        }
        self.key.truncate(len);
        Ok(())
    }

    /// A `NestedValue`: a dict (`dict_keys` / `dict_values`), an array, or a leaf.
    fn nested(&mut self, bytes: &[u8], depth: usize, b: &mut TraceBuilder) -> Result<(), Broken> {
        let mut kind = 0;
        let mut value = None;
        let mut fields = Fields::new(bytes);
        for (number, v) in &mut fields {
            match (number, v) {
                (1, v) => kind = v.as_u64().unwrap_or(0),
                (5, v) => value = v.as_u64().map(|v| ArgValue::Int(v as i64)),
                (6, v) => value = v.as_u64().map(|v| ArgValue::Float(f64::from_bits(v))),
                (7, v) => value = v.as_u64().map(|v| ArgValue::Bool(v != 0)),
                (8, Value::Len(text)) => value = Some(ArgValue::Str(b.intern_bytes(text).0)),
                _ => {}
            }
        }
        if let Some(broken) = fields.broken() {
            return Err(broken);
        }
        if depth >= MAX_DEPTH {
            self.too_deep(b);
            return Ok(());
        }
        match kind {
            1 => {
                let keys: Vec<&[u8]> = Fields::new(bytes)
                    .filter_map(|(n, v)| if n == 2 { v.as_bytes() } else { None })
                    .collect();
                let values = Fields::new(bytes).filter(|(n, _)| *n == 3);
                for (key, (_, v)) in keys.into_iter().zip(values) {
                    let len = self.key.len();
                    if len > 0 {
                        self.key.push('.');
                    }
                    self.key.push_str(&String::from_utf8_lossy(key));
                    if let Some(v) = v.as_bytes() {
                        self.nested(v, depth + 1, b)?;
                    }
                    self.key.truncate(len);
                }
            }
            2 => {
                let values = Fields::new(bytes).filter(|(n, _)| *n == 4);
                for (i, (_, v)) in values.enumerate() {
                    let len = self.key.len();
                    let _ = write!(self.key, "[{i}]");
                    if let Some(v) = v.as_bytes() {
                        self.nested(v, depth + 1, b)?;
                    }
                    self.key.truncate(len);
                }
            }
            _ => self.emit(value.unwrap_or(ArgValue::Null), b),
        }
        Ok(())
    }

    fn push_name(&mut self, name: Option<Name>, b: &mut TraceBuilder) {
        match name {
            Some(Name::Text(text)) => self.key.push_str(&String::from_utf8_lossy(text)),
            Some(Name::Iid(iid)) => match self.interned.annotation_names.get(&iid) {
                Some(&id) => self.key.push_str(b.strings().get(id)),
                None => {
                    report_unknown_iid(b, "debug annotation name", iid);
                    let _ = write!(self.key, "arg#{iid}");
                }
            },
            None => self.key.push_str("(unnamed)"),
        }
    }

    fn leaf(&mut self, leaf: Leaf, b: &mut TraceBuilder) -> ArgValue {
        match leaf {
            Leaf::Plain(v) => v,
            Leaf::Text(text) => ArgValue::Str(b.intern_bytes(text).0),
            Leaf::Json(text) => ArgValue::Json(b.intern_bytes(text).0),
            Leaf::Pointer(p) => ArgValue::Str(b.intern(&format!("0x{p:x}"))),
            Leaf::TextIid(iid) => match self.interned.annotation_strings.get(&iid) {
                Some(&id) => ArgValue::Str(id),
                None => {
                    report_unknown_iid(b, "debug annotation string", iid);
                    ArgValue::Null
                }
            },
        }
    }

    fn emit(&mut self, value: ArgValue, b: &mut TraceBuilder) {
        let key = b.intern(&self.key);
        self.out.push((key, value));
    }

    fn too_deep(&mut self, b: &mut TraceBuilder) {
        let key = self.key.clone();
        b.diagnostics()
            .record(DiagnosticKind::AnnotationTooDeep, || {
                format!("debug annotation {key:?} nests deeper than {MAX_DEPTH} levels; the rest is not shown")
            });
        let note = b.intern("(nested too deep)");
        self.emit(ArgValue::Str(note), b);
    }
}

/// Counts a reference to an interned entry the sequence never defined.
pub(super) fn report_unknown_iid(b: &mut TraceBuilder, what: &str, iid: u64) {
    b.diagnostics()
        .record(DiagnosticKind::UnknownInternedId, || {
            format!("{what} iid {iid} was never interned on its sequence; shown as a placeholder")
        });
}

/// Where an annotation sits in its parent.
#[derive(Clone, Copy, Debug)]
enum Place {
    /// At the top or in a dict: it has a name.
    Named,
    /// In an array, at this index.
    Element(usize),
}

#[derive(Clone, Copy, Debug)]
enum Name<'a> {
    Iid(u64),
    Text(&'a [u8]),
}

#[derive(Clone, Copy, Debug)]
enum Leaf<'a> {
    Plain(ArgValue),
    Text(&'a [u8]),
    TextIid(u64),
    Pointer(u64),
    Json(&'a [u8]),
}
