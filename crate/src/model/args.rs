//! Arguments (Chrome `args`, XSpace stats): interned keys and typed values in one arena.
//!
//! Contract: an [`ArgSetId`] names a contiguous run of `(key, value)` pairs. `ArgSetId::NONE`
//! (0) is the empty set, so a slice without args costs nothing beyond its 4-byte handle.
//! Nested JSON values (objects, arrays) are kept as their compact JSON text.

use super::strings::{StrId, StringTable};

/// Handle of a set of args; 0 is the empty set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ArgSetId(pub u32);

impl ArgSetId {
    /// The empty set.
    pub const NONE: ArgSetId = ArgSetId(0);
}

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

/// All args of a trace.
#[derive(Debug)]
pub struct ArgTable {
    /// `set_ends[i]` is the end (exclusive) of set `i` in `keys`/`values`; set 0 is empty.
    set_ends: Vec<u32>,
    keys: Vec<StrId>,
    values: Vec<ArgValue>,
}

impl Default for ArgTable {
    fn default() -> Self {
        ArgTable {
            set_ends: vec![0],
            keys: Vec::new(),
            values: Vec::new(),
        }
    }
}

impl ArgTable {
    /// Appends one pair to the set under construction (see [`ArgTable::finish_set`]).
    pub fn push(&mut self, key: StrId, value: ArgValue) {
        self.keys.push(key);
        self.values.push(value);
    }

    /// Closes the set under construction and returns its handle (`NONE` if it is empty).
    pub fn finish_set(&mut self) -> ArgSetId {
        let start = *self.set_ends.last().unwrap_or(&0);
        if self.keys.len() as u32 == start {
            return ArgSetId::NONE;
        }
        self.set_ends.push(self.keys.len() as u32);
        ArgSetId(self.set_ends.len() as u32 - 1)
    }

    /// Drops the pairs pushed since the last `finish_set`.
    pub fn abandon_set(&mut self) {
        let start = *self.set_ends.last().unwrap_or(&0) as usize;
        self.keys.truncate(start);
        self.values.truncate(start);
    }

    /// The pairs of one set.
    pub fn get(&self, id: ArgSetId) -> impl Iterator<Item = (StrId, ArgValue)> + '_ {
        let i = id.0 as usize;
        let range = if i == 0 || i >= self.set_ends.len() {
            0..0
        } else {
            self.set_ends[i - 1] as usize..self.set_ends[i] as usize
        };
        self.keys[range.clone()]
            .iter()
            .copied()
            .zip(self.values[range].iter().copied())
    }

    /// Number of pairs stored.
    pub fn pair_count(&self) -> usize {
        self.keys.len()
    }

    /// Bytes this table holds.
    pub fn heap_bytes(&self) -> usize {
        self.set_ends.capacity() * 4
            + self.keys.capacity() * 4
            + self.values.capacity() * std::mem::size_of::<ArgValue>()
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
