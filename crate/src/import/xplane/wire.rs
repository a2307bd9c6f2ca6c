//! Hand-walking of protobuf wire data.
//!
//! prost decodes a message all-or-nothing. To keep what precedes a cut or a damaged record,
//! the importer walks a message's fields here, one by one, and lets prost decode each whole
//! field (protobuf merges concatenated fields, so decoding fields one at a time builds the
//! same message).

use crate::import::protowire::{FIXED32, FIXED64};
pub(super) use crate::import::protowire::{LEN, VARINT, VarintError, read_varint};

/// A length prefix above this is damage, not a cut: no accepted input is that long.
pub(super) const MAX_PLAUSIBLE_LEN: u64 = crate::limits::MAX_UNPACKED_BYTES;

/// What a UTF-8 re-encode writes in place of each byte >= 0x80 (U+FFFD).
const REPLACEMENT_CHAR: &[u8] = b"\xef\xbf\xbd";

/// Splits a field key into (field number, wire type).
pub(super) fn split_key(key: u64) -> (u64, u8) {
    (key >> 3, (key & 7) as u8)
}

/// One field of a message, as found on the wire. Offsets are relative to the walked bytes.
#[derive(Clone, Copy, Debug)]
pub(super) struct Field<'a> {
    /// Field number.
    pub number: u64,
    /// Wire type.
    pub wire: u8,
    /// Offset of the key.
    pub start: usize,
    /// The whole field, key included, ready to merge into a message with prost.
    pub whole: &'a [u8],
    /// Payload of a length-delimited field (empty for other wire types).
    pub payload: &'a [u8],
    /// Offset of `payload`.
    pub payload_start: usize,
    /// False for the last field of a cut message: a length-delimited field whose declared
    /// length runs past the end; `payload` then holds what is there.
    pub complete: bool,
}

/// Why walking stopped before the end of the bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// The bytes end inside the field that starts at `offset`.
    Cut {
        /// Offset of the cut field's key.
        offset: usize,
    },
    /// Bytes that no valid encoding produces.
    Damaged {
        /// Offset of the bad bytes.
        offset: usize,
        /// What was expected and what was found.
        detail: String,
    },
}

/// Iterates over the fields of one message. Stops at the end, at a cut (yielding a cut
/// length-delimited field as its last item, marked incomplete) or at damage; then
/// [`Fields::stop`] says why.
#[derive(Debug)]
pub(super) struct Fields<'a> {
    bytes: &'a [u8],
    pos: usize,
    stop: Option<Stop>,
}

impl<'a> Fields<'a> {
    /// Walks the fields of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Fields {
            bytes,
            pos: 0,
            stop: None,
        }
    }

    /// Why the walk ended early, once the iterator returned `None`; `None` if it reached the
    /// end cleanly.
    pub fn stop(&self) -> Option<&Stop> {
        self.stop.as_ref()
    }

    /// The next field if it is a complete length-delimited field `number` with a one-byte
    /// key: its start and payload, exactly as [`Iterator::next`] would yield them (then
    /// `complete`). Otherwise `None`, with the walk where it was, for `next` to take.
    #[inline]
    pub fn next_whole(&mut self, number: u8) -> Option<(usize, &'a [u8])> {
        let start = self.pos;
        if !(1..16).contains(&number) || self.bytes.get(start) != Some(&(number << 3 | LEN)) {
            return None;
        }
        let (len, payload_start) = read_varint(self.bytes, start + 1).ok()?;
        if len > MAX_PLAUSIBLE_LEN || len > (self.bytes.len() - payload_start) as u64 {
            return None;
        }
        self.pos = payload_start + len as usize;
        Some((start, &self.bytes[payload_start..self.pos]))
    }

    fn halt(&mut self, stop: Stop) -> Option<Field<'a>> {
        self.pos = self.bytes.len();
        self.stop = Some(stop);
        None
    }

    fn varint_stop(&self, err: VarintError, field_start: usize, at: usize) -> Stop {
        match err {
            VarintError::Cut => Stop::Cut {
                offset: field_start,
            },
            VarintError::TooLong => Stop::Damaged {
                offset: at,
                detail: "expected a varint, found over 10 bytes".into(),
            },
        }
    }

    /// Reads the length prefix at `at` of the field starting at `start` and yields the field.
    fn length_delimited(&mut self, number: u64, start: usize, at: usize) -> Option<Field<'a>> {
        let (len, payload_start) = match read_varint(self.bytes, at) {
            Ok(v) => v,
            Err(e) => return self.halt(self.varint_stop(e, start, at)),
        };
        let available = (self.bytes.len() - payload_start) as u64;
        if len > MAX_PLAUSIBLE_LEN
            || (len > available && self.has_replacement_chars(at, payload_start))
        {
            return self.halt(Stop::Damaged {
                offset: at,
                detail: self.describe_bad_length(len, at, payload_start),
            });
        }
        let complete = len <= available;
        let end = if complete {
            payload_start + len as usize
        } else {
            self.bytes.len()
        };
        if !complete {
            self.stop = Some(Stop::Cut { offset: start });
        }
        self.pos = end;
        Some(Field {
            number,
            wire: LEN,
            start,
            whole: &self.bytes[start..end],
            payload: &self.bytes[payload_start..end],
            payload_start,
            complete,
        })
    }

    fn has_replacement_chars(&self, from: usize, to: usize) -> bool {
        self.bytes[from..to]
            .windows(3)
            .any(|w| w == REPLACEMENT_CHAR)
    }

    fn describe_bad_length(&self, len: u64, at: usize, payload_start: usize) -> String {
        if self.has_replacement_chars(at, payload_start) {
            format!(
                "length prefix holds UTF-8 replacement characters (ef bf bd), so the binary file \
                 was re-encoded as text; it declares {len} bytes where {} remain",
                self.bytes.len() - payload_start
            )
        } else {
            format!("expected a length prefix, found {len} bytes declared")
        }
    }

    /// Yields a fixed-size field of `size` bytes whose value starts at `at`.
    fn fixed(
        &mut self,
        number: u64,
        wire: u8,
        start: usize,
        at: usize,
        size: usize,
    ) -> Option<Field<'a>> {
        let end = at.saturating_add(size);
        if end > self.bytes.len() {
            return self.halt(Stop::Cut { offset: start });
        }
        self.pos = end;
        Some(Field {
            number,
            wire,
            start,
            whole: &self.bytes[start..end],
            payload: &[],
            payload_start: at,
            complete: true,
        })
    }
}

impl<'a> Iterator for Fields<'a> {
    type Item = Field<'a>;

    fn next(&mut self) -> Option<Field<'a>> {
        let start = self.pos;
        if start >= self.bytes.len() {
            return None;
        }
        let (key, at) = match read_varint(self.bytes, start) {
            Ok(v) => v,
            Err(e) => return self.halt(self.varint_stop(e, start, start)),
        };
        let (number, wire) = split_key(key);
        if number == 0 {
            return self.halt(Stop::Damaged {
                offset: start,
                detail: "expected a field key, found field number 0".into(),
            });
        }
        match wire {
            VARINT => match read_varint(self.bytes, at) {
                Ok((_, end)) => {
                    self.pos = end;
                    Some(Field {
                        number,
                        wire,
                        start,
                        whole: &self.bytes[start..end],
                        payload: &[],
                        payload_start: at,
                        complete: true,
                    })
                }
                Err(e) => self.halt(self.varint_stop(e, start, at)),
            },
            LEN => self.length_delimited(number, start, at),
            FIXED64 => self.fixed(number, wire, start, at, 8),
            FIXED32 => self.fixed(number, wire, start, at, 4),
            _ => self.halt(Stop::Damaged {
                offset: start,
                detail: format!("expected a field key, found wire type {wire} (field {number})"),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_whole_fields_and_flags_a_cut_one() {
        // field 1 varint 150, field 2 "abc", field 3 declares 5 bytes but has 2.
        let bytes = [0x08, 0x96, 0x01, 0x12, 3, b'a', b'b', b'c', 0x1a, 5, 1, 2];
        let mut fields = Fields::new(&bytes);
        let all: Vec<Field> = fields.by_ref().collect();
        assert_eq!(all.len(), 3);
        assert_eq!((all[0].number, all[0].whole), (1, &bytes[..3]));
        assert_eq!(all[1].payload, b"abc");
        assert!(!all[2].complete);
        assert_eq!(all[2].payload, &[1, 2]);
        assert_eq!(fields.stop(), Some(&Stop::Cut { offset: 8 }));
    }

    #[test]
    fn next_whole_takes_what_next_would_yield_complete_and_nothing_else() {
        // field 2 "abc", field 2 "d", field 1 varint, field 2 declaring 5 bytes with 2 left.
        let bytes = [
            0x12, 3, b'a', b'b', b'c', 0x12, 1, b'd', 0x08, 1, 0x12, 5, 1, 2,
        ];
        for cut in 0..=bytes.len() {
            let part = &bytes[..cut];
            let mut lean = Fields::new(part);
            let mut taken = Vec::new();
            loop {
                if let Some(whole) = lean.next_whole(2) {
                    taken.push(whole);
                } else if let Some(f) = lean.next() {
                    assert!(
                        !(f.number == 2 && f.complete),
                        "cut {cut}: left a whole field"
                    );
                } else {
                    break;
                }
            }
            let want: Vec<(usize, &[u8])> = Fields::new(part)
                .filter(|f| f.number == 2 && f.complete)
                .map(|f| (f.start, f.payload))
                .collect();
            assert_eq!(taken, want, "cut {cut}");
            let mut plain = Fields::new(part);
            plain.by_ref().for_each(drop);
            assert_eq!(lean.stop(), plain.stop(), "cut {cut}");
        }
    }

    #[test]
    fn bad_wire_type_and_huge_length_are_damage() {
        let mut f = Fields::new(&[0x0f, 0]);
        assert!(f.next().is_none());
        assert!(matches!(f.stop(), Some(Stop::Damaged { offset: 0, .. })));
        let mut f = Fields::new(&[0x0a, 0xef, 0xbf, 0xbd, 0x05, 0]);
        assert!(f.next().is_none());
        assert!(matches!(f.stop(), Some(Stop::Damaged { offset: 1, .. })));
    }
}
