//! The scalar backend: each block as two 64-bit words, classes found with exact
//! per-byte equality tests on the words (SWAR), then packed into a bit mask.

use super::{BLOCK, Block, Classify};

/// The scalar backend.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scalar;

const ONES: u64 = 0x0101_0101_0101_0101;
const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// Bit 7 of each byte of the result is set exactly where that byte of `w` is zero.
#[inline(always)]
fn zero_bytes(w: u64) -> u64 {
    !(((w & LOW7) + LOW7) | w | LOW7)
}

/// Bit 7 of each byte of the result is set exactly where that byte of `w` equals `b`.
#[inline(always)]
fn equal_bytes(w: u64, b: u8) -> u64 {
    zero_bytes(w ^ (ONES * u64::from(b)))
}

/// Bit 7 of each byte set exactly where that byte of `w` is below `n` (`n` ≤ 0x80).
#[inline(always)]
fn below(w: u64, n: u8) -> u64 {
    // For bytes < 0x80, (byte | 0x80) - n keeps bit 7 iff byte >= n; bytes >= 0x80 are
    // never below n.
    let high = w & !LOW7;
    let low = (w | !LOW7) - ONES * u64::from(n);
    !low & !high & !LOW7
}

/// Packs bit 7 of each byte of `w` into the low 8 bits (byte 0 → bit 0).
#[inline(always)]
fn pack(w: u64) -> u16 {
    ((((w >> 7) & ONES).wrapping_mul(0x0102_0408_1020_4080)) >> 56) as u16
}

/// The mask of `class` (a per-word byte test) over both words of `block`.
#[inline(always)]
fn classify(block: &Block, class: impl Fn(u64) -> u64) -> u16 {
    let (lo, hi) = block.split_at(BLOCK / 2);
    let word = |half: &[u8]| u64::from_le_bytes(half.try_into().unwrap_or_default());
    pack(class(word(lo))) | (pack(class(word(hi))) << 8)
}

impl Classify for Scalar {
    #[inline]
    fn quote_or_backslash(block: &Block) -> u16 {
        classify(block, |w| equal_bytes(w, b'"') | equal_bytes(w, b'\\'))
    }

    #[inline]
    fn number(block: &Block) -> u16 {
        classify(block, |w| {
            // Digits: below ':' and not below '0'.
            let digit = below(w, b'9' + 1) & !below(w, b'0');
            digit
                | equal_bytes(w, b'-')
                | equal_bytes(w, b'+')
                | equal_bytes(w, b'.')
                | equal_bytes(w | (ONES * 0x20), b'e')
        })
    }

    #[inline]
    fn string_special(block: &Block) -> u16 {
        classify(block, |w| {
            equal_bytes(w, b'"') | equal_bytes(w, b'\\') | below(w, 0x20) | (w & !LOW7)
        })
    }

    #[inline]
    fn quote(block: &Block) -> u16 {
        classify(block, |w| equal_bytes(w, b'"'))
    }

    #[inline]
    fn open(block: &Block) -> u16 {
        // `[` and `{` differ in bit 5 alone.
        classify(block, |w| equal_bytes(w | (ONES * 0x20), b'{'))
    }

    #[inline]
    fn close(block: &Block) -> u16 {
        // So do `]` and `}`.
        classify(block, |w| equal_bytes(w | (ONES * 0x20), b'}'))
    }
}
