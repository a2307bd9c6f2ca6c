//! Protobuf wire reading for the Perfetto importer: a field iterator that borrows from the
//! input, never allocates, and tells a cut (the input ends inside a field) from damage.

pub(super) use crate::import::protowire::{FIXED32, FIXED64, LEN, VARINT};

/// Reads the varint at `bytes[pos..]`: its value and the position after it, or `None` when
/// the input ends inside it or it is longer than 10 bytes.
#[inline(always)]
pub(super) fn read_varint(bytes: &[u8], pos: usize) -> Option<(u64, usize)> {
    crate::import::protowire::read_varint(bytes, pos).ok()
}

/// One field's value as found on the wire.
#[derive(Clone, Copy, Debug)]
pub(super) enum Value<'a> {
    /// Wire type 0.
    Varint(u64),
    /// Wire type 1 (little-endian bits; a `double` or a `fixed64`).
    Fixed64(u64),
    /// Wire type 2: a message, string, bytes or packed repeat.
    Len(&'a [u8]),
    /// Wire type 5.
    Fixed32(u32),
}

impl<'a> Value<'a> {
    /// The value as an integer when it is a varint or fixed-width field.
    pub(super) fn as_u64(self) -> Option<u64> {
        match self {
            Value::Varint(v) | Value::Fixed64(v) => Some(v),
            Value::Fixed32(v) => Some(u64::from(v)),
            Value::Len(_) => None,
        }
    }

    /// The payload of a length-delimited field.
    pub(super) fn as_bytes(self) -> Option<&'a [u8]> {
        match self {
            Value::Len(b) => Some(b),
            _ => None,
        }
    }
}

/// Why a message could not be read to its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Broken {
    /// The bytes end inside the field whose key starts at `at`.
    Cut { at: usize },
    /// Bytes no valid encoding produces, at `at`.
    Damaged { at: usize, what: &'static str },
}

/// Iterates over the fields of one message; `None` at the end or at the first problem,
/// which [`Fields::broken`] then reports.
#[derive(Debug)]
pub(super) struct Fields<'a> {
    bytes: &'a [u8],
    pos: usize,
    broken: Option<Broken>,
}

impl<'a> Fields<'a> {
    /// Walks `bytes`.
    pub(super) fn new(bytes: &'a [u8]) -> Self {
        Fields {
            bytes,
            pos: 0,
            broken: None,
        }
    }

    /// Bytes not walked yet.
    pub(super) fn remaining(&self) -> usize {
        self.bytes.len() - self.pos
    }

    /// What stopped the walk early, if anything.
    pub(super) fn broken(&self) -> Option<Broken> {
        self.broken
    }

    fn stop(&mut self, broken: Broken) -> Option<(u32, Value<'a>)> {
        self.broken = Some(broken);
        self.pos = self.bytes.len();
        None
    }
}

impl<'a> Iterator for Fields<'a> {
    type Item = (u32, Value<'a>);

    #[inline]
    fn next(&mut self) -> Option<(u32, Value<'a>)> {
        let start = self.pos;
        if start >= self.bytes.len() {
            return None;
        }
        let bytes = self.bytes;
        let cut = Broken::Cut { at: start };
        let Some((key, pos)) = read_varint(bytes, start) else {
            return self.stop(if bytes.len() - start < 10 {
                cut
            } else {
                Broken::Damaged {
                    at: start,
                    what: "a field key longer than 10 bytes",
                }
            });
        };
        let number = key >> 3;
        if number == 0 || number > u64::from(u32::MAX >> 3) {
            return self.stop(Broken::Damaged {
                at: start,
                what: "field number 0 or out of range",
            });
        }
        let number = number as u32;
        let (value, end) = match (key & 7) as u8 {
            VARINT => match read_varint(bytes, pos) {
                Some((v, end)) => (Value::Varint(v), end),
                None => return self.stop(cut),
            },
            FIXED64 => match bytes.get(pos..pos + 8) {
                Some(b) => (
                    Value::Fixed64(u64::from_le_bytes(b.try_into().unwrap_or([0; 8]))),
                    pos + 8,
                ),
                None => return self.stop(cut),
            },
            FIXED32 => match bytes.get(pos..pos + 4) {
                Some(b) => (
                    Value::Fixed32(u32::from_le_bytes(b.try_into().unwrap_or([0; 4]))),
                    pos + 4,
                ),
                None => return self.stop(cut),
            },
            LEN => {
                let Some((len, body)) = read_varint(bytes, pos) else {
                    return self.stop(cut);
                };
                match usize::try_from(len).ok().and_then(|l| body.checked_add(l)) {
                    Some(end) if end <= bytes.len() => (Value::Len(&bytes[body..end]), end),
                    _ => return self.stop(cut),
                }
            }
            _ => {
                return self.stop(Broken::Damaged {
                    at: start,
                    what: "a group or unknown wire type",
                });
            }
        };
        self.pos = end;
        Some((number, value))
    }
}

/// Calls `f` with each integer of a repeated integer field, whether it was written packed
/// (one length-delimited run of varints) or one field per value. `fixed` says the packed
/// elements are 8-byte little-endian (`fixed64`, `double`) rather than varints. Returns
/// false if a packed run is damaged.
pub(super) fn for_each_packed(value: Value, fixed: bool, mut f: impl FnMut(u64)) -> bool {
    let Value::Len(run) = value else {
        if let Some(v) = value.as_u64() {
            f(v);
        }
        return true;
    };
    if fixed {
        if run.len() % 8 != 0 {
            return false;
        }
        for chunk in run.chunks_exact(8) {
            f(u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])));
        }
        return true;
    }
    let mut pos = 0;
    while pos < run.len() {
        let Some((v, next)) = read_varint(run, pos) else {
            return false;
        };
        f(v);
        pos = next;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_each_wire_type_and_reports_cuts_and_damage() {
        // 1: varint 150, 2: "hi", 3: fixed64 7, 4: fixed32 9
        let mut msg = vec![0x08, 0x96, 0x01, 0x12, 2, b'h', b'i', 0x19];
        msg.extend(7u64.to_le_bytes());
        msg.push(0x25);
        msg.extend(9u32.to_le_bytes());
        let got: Vec<(u32, Option<u64>)> =
            Fields::new(&msg).map(|(n, v)| (n, v.as_u64())).collect();
        assert_eq!(got, [(1, Some(150)), (2, None), (3, Some(7)), (4, Some(9))]);
        let mut cut = Fields::new(&msg[..5]);
        assert_eq!(cut.by_ref().count(), 1);
        assert_eq!(cut.broken(), Some(Broken::Cut { at: 3 }));
        let mut damaged = Fields::new(&[0x0b, 0x00]);
        assert!(damaged.next().is_none());
        assert!(matches!(
            damaged.broken(),
            Some(Broken::Damaged { at: 0, .. })
        ));
        let mut zero = Fields::new(&[0x00]);
        assert!(
            zero.next().is_none() && zero.broken().is_some(),
            "field number 0"
        );
    }

    #[test]
    fn repeated_integers_packed_or_not() {
        let mut seen = Vec::new();
        assert!(for_each_packed(Value::Len(&[1, 0x96, 0x01]), false, |v| {
            seen.push(v)
        }));
        assert!(for_each_packed(Value::Varint(5), false, |v| seen.push(v)));
        assert_eq!(seen, [1, 150, 5]);
        assert!(!for_each_packed(Value::Len(&[0x80]), false, |_| {}));
        assert!(!for_each_packed(Value::Len(&[1, 2, 3]), true, |_| {}));
    }
}
