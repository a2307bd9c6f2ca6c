//! The wasm32 backend: SIMD128 (`core::arch::wasm32`; the build enables `+simd128`).

use super::{Block, Classify};
use core::arch::wasm32::{
    i8x16_lt, u8x16_bitmask, u8x16_eq, u8x16_ge, u8x16_le, u8x16_splat, u64x2, v128, v128_and,
    v128_or,
};

/// The SIMD128 backend.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Simd128;

/// The block as a vector (compiles to one `v128.load`).
#[inline(always)]
fn load(block: &Block) -> v128 {
    let (lo, hi) = block.split_at(8);
    let word = |half: &[u8]| u64::from_le_bytes(half.try_into().unwrap_or_default());
    u64x2(word(lo), word(hi))
}

#[inline(always)]
fn eq(v: v128, b: u8) -> v128 {
    u8x16_eq(v, u8x16_splat(b))
}

impl Classify for Simd128 {
    #[inline]
    fn quote_or_backslash(block: &Block) -> u16 {
        let v = load(block);
        u8x16_bitmask(v128_or(eq(v, b'"'), eq(v, b'\\')))
    }

    #[inline]
    fn number(block: &Block) -> u16 {
        let v = load(block);
        let digit = v128_and(
            u8x16_ge(v, u8x16_splat(b'0')),
            u8x16_le(v, u8x16_splat(b'9')),
        );
        let e = eq(v128_or(v, u8x16_splat(0x20)), b'e');
        let signs = v128_or(eq(v, b'-'), eq(v, b'+'));
        u8x16_bitmask(v128_or(v128_or(digit, e), v128_or(signs, eq(v, b'.'))))
    }

    #[inline]
    fn string_special(block: &Block) -> u16 {
        let v = load(block);
        // As signed bytes, both control bytes (0..0x20) and non-ASCII ones (negative) are
        // below 0x20.
        let outside = i8x16_lt(v, u8x16_splat(0x20));
        u8x16_bitmask(v128_or(outside, v128_or(eq(v, b'"'), eq(v, b'\\'))))
    }

    #[inline]
    fn quote(block: &Block) -> u16 {
        u8x16_bitmask(eq(load(block), b'"'))
    }

    #[inline]
    fn open(block: &Block) -> u16 {
        // `[` and `{` differ in bit 5 alone.
        u8x16_bitmask(eq(v128_or(load(block), u8x16_splat(0x20)), b'{'))
    }

    #[inline]
    fn close(block: &Block) -> u16 {
        // So do `]` and `}`.
        u8x16_bitmask(eq(v128_or(load(block), u8x16_splat(0x20)), b'}'))
    }
}
