//! The byte searches of the JSON tokenizer, 16 bytes at a time: one portable interface
//! ([`ScanBackend`]) over a vector backend (SSE2 on x86_64, SIMD128 on wasm32 built with
//! `+simd128`) and a scalar one (SWAR on 64-bit words), used on every other target and
//! selectable everywhere so tests can check that both give the same answers.
//!
//! Contract: every search returns the same result with either backend, for any bytes (the
//! property tests below, `tests/scan_backends.rs` and the `json_scan` fuzz target check it),
//! so the choice changes speed, never an import. A backend only classifies one 16-byte
//! block into a bit mask ([`Classify`]); the searches here walk the blocks and pad the last.
//!
//! The design is narrow on purpose: the tokenizer keeps its state machine and asks for "the
//! first byte of this class" where it used to loop byte by byte over a token's body (the end
//! of a string, of a plain string in a nested value, of a number). Whitespace stays a byte
//! loop: runs are one to eight bytes in our traces, where a block search costs more. A
//! simdjson-style index of every structural byte, with escapes and string regions resolved
//! by a prefix XOR, was measured on the 131 MB PyTorch trace: building the index alone
//! costs a quarter of today's whole import (docs/PERFORMANCE.md § Chrome / Kineto JSON
//! import), more than the byte loops it could replace, because the tokens are short and
//! dense and the per-token work (matching keys, numbers, interning) stays.

mod scalar;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128;
#[cfg(target_arch = "x86_64")]
mod sse2;

pub(crate) use scalar::Scalar;

/// The vector backend of this target (the scalar one where there is none).
#[cfg(target_arch = "x86_64")]
type Vector = sse2::Sse2;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
type Vector = simd128::Simd128;
#[cfg(not(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
)))]
type Vector = scalar::Scalar;

/// Bytes per block.
pub(crate) const BLOCK: usize = 16;

/// A block of input.
pub(crate) type Block = [u8; BLOCK];

/// One backend's classification of a block: bit `i` of each mask describes byte `i`.
pub(crate) trait Classify {
    /// `"` or `\`.
    fn quote_or_backslash(block: &Block) -> u16;
    /// A byte of a number's text: a digit, `-`, `+`, `.`, `e`, `E`.
    fn number(block: &Block) -> u16;
    /// A byte that ends a string's plain run: `"`, `\`, a control byte (< 0x20) or a
    /// non-ASCII byte (≥ 0x80).
    fn string_special(block: &Block) -> u16;
    /// `"`.
    fn quote(block: &Block) -> u16;
    /// `[` or `{`.
    fn open(block: &Block) -> u16;
    /// `]` or `}`.
    fn close(block: &Block) -> u16;
}

/// Which backend the searches use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ScanBackend {
    /// The target's vector unit (SSE2 on x86_64, SIMD128 on wasm32 built with it), or the
    /// scalar backend where there is none.
    #[default]
    Vector,
    /// 64-bit words, on every target (for tests that compare the two).
    Scalar,
}

/// What a search looks for.
#[derive(Clone, Copy, Debug)]
enum Class {
    QuoteOrBackslash,
    NonNumber,
    StringSpecial,
}

impl ScanBackend {
    /// The index of the first `"` or `\` in `bytes`.
    #[inline(always)]
    pub(crate) fn find_quote_or_backslash(self, bytes: &[u8]) -> Option<usize> {
        self.find(bytes, Class::QuoteOrBackslash, Vector::quote_or_backslash)
    }

    /// The index of the first byte of `bytes` that is not part of a number's text (digits,
    /// `-`, `+`, `.`, `e`, `E`).
    #[inline(always)]
    pub(crate) fn find_non_number(self, bytes: &[u8]) -> Option<usize> {
        self.find(bytes, Class::NonNumber, |b| !Vector::number(b))
    }

    /// The index of the first byte of `bytes` that is `"`, `\`, a control byte or non-ASCII.
    #[inline(always)]
    pub(crate) fn find_string_special(self, bytes: &[u8]) -> Option<usize> {
        self.find(bytes, Class::StringSpecial, Vector::string_special)
    }

    /// The length of the object or array that `bytes` starts with (on its `[` or `{`), found
    /// by counting the brackets outside quotes among the first `limit` bytes, with no other
    /// check of the grammar; `None` if it does not close within them, if a bracket closes
    /// before one opens, or if a block read holds a backslash (escapes are not followed).
    pub(crate) fn container_len(self, bytes: &[u8], limit: usize) -> Option<usize> {
        let bytes = &bytes[..bytes.len().min(limit)];
        match self {
            ScanBackend::Vector => container_len::<Vector>(bytes),
            ScanBackend::Scalar => container_len::<Scalar>(bytes),
        }
    }

    /// Most hits are in the first two blocks (keys, names and numbers are short; a
    /// timestamp in µs with three decimals is 17 bytes): with the vector backend those are
    /// tested in line (`mask`), everything else is left to [`Self::find_beyond`], out of
    /// line.
    #[inline(always)]
    fn find(self, bytes: &[u8], class: Class, mask: impl Fn(&Block) -> u16) -> Option<usize> {
        let mut offset = 0;
        if self == ScanBackend::Vector {
            for _ in 0..2 {
                let Some(block) = bytes.get(offset..).and_then(|b| b.first_chunk::<BLOCK>()) else {
                    break;
                };
                let hits = mask(block);
                if hits != 0 {
                    return Some(offset + hits.trailing_zeros() as usize);
                }
                offset += BLOCK;
            }
        }
        let rest = bytes.get(offset..).unwrap_or_default();
        self.find_beyond(rest, class).map(|k| offset + k)
    }

    /// The whole search, block after block.
    #[inline(never)]
    fn find_beyond(self, bytes: &[u8], class: Class) -> Option<usize> {
        match (self, class) {
            (ScanBackend::Vector, Class::QuoteOrBackslash) => {
                find(bytes, Vector::quote_or_backslash, 0)
            }
            (ScanBackend::Vector, Class::NonNumber) => find(bytes, |b| !Vector::number(b), b'0'),
            (ScanBackend::Vector, Class::StringSpecial) => find(bytes, Vector::string_special, 0),
            (ScanBackend::Scalar, Class::QuoteOrBackslash) => {
                find(bytes, Scalar::quote_or_backslash, 0)
            }
            (ScanBackend::Scalar, Class::NonNumber) => find(bytes, |b| !Scalar::number(b), b'0'),
            (ScanBackend::Scalar, Class::StringSpecial) => find(bytes, Scalar::string_special, 0),
        }
    }
}

/// The index of the first byte whose bit `mask` sets, block by block; the last, partial
/// block is padded with `pad`, a byte the mask leaves clear, and its bits past the end are
/// dropped anyway.
#[inline(always)]
fn find(bytes: &[u8], mask: impl Fn(&Block) -> u16, pad: u8) -> Option<usize> {
    let mut blocks = bytes.chunks_exact(BLOCK);
    let mut offset = 0;
    for block in &mut blocks {
        let hits = mask(block.try_into().ok()?);
        if hits != 0 {
            return Some(offset + hits.trailing_zeros() as usize);
        }
        offset += BLOCK;
    }
    let rest = blocks.remainder();
    if rest.is_empty() {
        return None;
    }
    let mut last = [pad; BLOCK];
    last[..rest.len()].copy_from_slice(rest);
    let hits = mask(&last) & ((1u32 << rest.len()) - 1) as u16;
    (hits != 0).then(|| offset + hits.trailing_zeros() as usize)
}

/// [`ScanBackend::container_len`] over all of `bytes`, a block at a time: the quotes give
/// the string regions by a prefix XOR (no escapes, so each quote opens or closes one), and
/// the brackets outside them are counted in order.
#[inline(always)]
fn container_len<C: Classify>(bytes: &[u8]) -> Option<usize> {
    let mut open = 0u32;
    // All ones when the last block ended inside a string.
    let mut in_string = 0u16;
    let mut offset = 0;
    while offset < bytes.len() {
        let block = match bytes[offset..].first_chunk::<BLOCK>() {
            Some(block) => *block,
            None => {
                // The last, partial block, padded with spaces (no class).
                let mut last = [b' '; BLOCK];
                last[..bytes.len() - offset].copy_from_slice(&bytes[offset..]);
                last
            }
        };
        let quotes = C::quote(&block);
        if C::quote_or_backslash(&block) != quotes {
            return None;
        }
        let inside = prefix_xor(quotes) ^ in_string;
        let opens = C::open(&block) & !inside;
        let mut brackets = opens | (C::close(&block) & !inside);
        while brackets != 0 {
            let at = brackets.trailing_zeros();
            if opens >> at & 1 == 1 {
                open += 1;
            } else {
                open = open.checked_sub(1)?;
                if open == 0 {
                    return Some(offset + at as usize + 1);
                }
            }
            brackets &= brackets - 1;
        }
        in_string = 0u16.wrapping_sub(inside >> (BLOCK - 1));
        offset += BLOCK;
    }
    None
}

/// Bit `i` of the result is the XOR of bits `0..=i` of `bits`.
#[inline(always)]
fn prefix_xor(mut bits: u16) -> u16 {
    bits ^= bits << 1;
    bits ^= bits << 2;
    bits ^= bits << 4;
    bits ^ (bits << 8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Bytes that hit every class and its edges often.
    fn byte() -> impl Strategy<Value = u8> {
        prop_oneof![
            prop::sample::select(vec![
                b'"', b'\\', b' ', b'\n', 0x1f, 0x20, 0x7f, 0x80, 0xff, 0, b'a', b'{', b'}', b'[',
                b']', b':', b',', b'0', b'9', b'/', b':', b'-', b'+', b'.', b'e', b'E', b'5', b'5',
                b'1'
            ]),
            any::<u8>(),
        ]
    }

    /// [`ScanBackend::container_len`] byte by byte; like it, it refuses a backslash anywhere
    /// in the blocks it reads, the rest of the last one included.
    fn reference_container_len(bytes: &[u8]) -> Option<usize> {
        let (mut open, mut in_string) = (0u32, false);
        for (k, &b) in bytes.iter().enumerate() {
            match (in_string, b) {
                (_, b'"') => in_string = !in_string,
                (_, b'\\') => return None,
                (false, b'[' | b'{') => open += 1,
                (false, b']' | b'}') => {
                    open = open.checked_sub(1)?;
                    if open == 0 {
                        let block_end = (k / BLOCK + 1) * BLOCK;
                        let rest = &bytes[k + 1..block_end.min(bytes.len())];
                        return (!rest.contains(&b'\\')).then_some(k + 1);
                    }
                }
                _ => {}
            }
        }
        None
    }

    fn reference(bytes: &[u8], class: impl Fn(u8) -> bool) -> Option<usize> {
        bytes.iter().position(|&b| class(b))
    }

    proptest! {
        /// Each backend's masks are the byte classes, bit for bit.
        #[test]
        fn masks_are_the_byte_classes(block in prop::array::uniform16(byte())) {
            let bits = |class: &dyn Fn(u8) -> bool| {
                block.iter().enumerate().fold(0u16, |m, (i, &b)| m | (u16::from(class(b)) << i))
            };
            let quote = bits(&|b| b == b'"' || b == b'\\');
            let number = bits(&|b| matches!(b, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'));
            let special = bits(&|b| b == b'"' || b == b'\\' || !(0x20..0x80).contains(&b));
            prop_assert_eq!(Vector::quote_or_backslash(&block), quote);
            prop_assert_eq!(Scalar::quote_or_backslash(&block), quote);
            prop_assert_eq!(Vector::number(&block), number);
            prop_assert_eq!(Scalar::number(&block), number);
            prop_assert_eq!(Vector::string_special(&block), special);
            prop_assert_eq!(Scalar::string_special(&block), special);
            let (quote, open, close) = (bits(&|b| b == b'"'), bits(&|b| b == b'[' || b == b'{'), bits(&|b| b == b']' || b == b'}'));
            prop_assert_eq!((Vector::quote(&block), Vector::open(&block), Vector::close(&block)), (quote, open, close));
            prop_assert_eq!((Scalar::quote(&block), Scalar::open(&block), Scalar::close(&block)), (quote, open, close));
        }

        /// Both backends measure a container as counting its brackets byte by byte does,
        /// at any length and limit.
        #[test]
        fn container_lengths_agree_with_a_byte_loop(
            body in prop::collection::vec(byte(), 0..80),
            open in prop::sample::select(vec![b'[', b'{']),
            limit in 0usize..90,
        ) {
            let bytes: Vec<u8> = std::iter::once(open).chain(body).collect();
            let expected = reference_container_len(&bytes[..bytes.len().min(limit)]);
            prop_assert_eq!(ScanBackend::Scalar.container_len(&bytes, limit), expected);
            prop_assert_eq!(ScanBackend::Vector.container_len(&bytes, limit), expected);
        }

        /// Both backends find what a byte-by-byte search finds, at any length and from
        /// any start (a window cut out of a longer input).
        #[test]
        fn searches_agree_with_a_byte_loop(
            bytes in prop::collection::vec(byte(), 0..80),
            from in 0usize..20,
        ) {
            let bytes = &bytes[from.min(bytes.len())..];
            for backend in [ScanBackend::Vector, ScanBackend::Scalar] {
                prop_assert_eq!(
                    backend.find_quote_or_backslash(bytes),
                    reference(bytes, |b| b == b'"' || b == b'\\')
                );
                prop_assert_eq!(
                    backend.find_non_number(bytes),
                    reference(bytes, |b| !matches!(b, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'))
                );
                prop_assert_eq!(
                    backend.find_string_special(bytes),
                    reference(bytes, |b| b == b'"' || b == b'\\' || !(0x20..0x80).contains(&b))
                );
            }
        }
    }
}
