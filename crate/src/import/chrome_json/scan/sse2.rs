//! The x86_64 backend: SSE2 (part of every x86_64 CPU), through `safe_arch`'s wrappers of
//! `core::arch::x86_64`.

use super::{Block, Classify};
use safe_arch::{
    bitand_m128i, bitor_m128i, cmp_eq_mask_i8_m128i, cmp_gt_mask_i8_m128i, cmp_lt_mask_i8_m128i,
    load_unaligned_m128i, m128i, move_mask_i8_m128i, set_splat_i8_m128i,
};

/// The SSE2 backend.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sse2;

#[inline(always)]
fn eq(v: m128i, b: u8) -> m128i {
    cmp_eq_mask_i8_m128i(v, set_splat_i8_m128i(b as i8))
}

#[inline(always)]
fn mask(v: m128i) -> u16 {
    move_mask_i8_m128i(v) as u16
}

impl Classify for Sse2 {
    #[inline]
    fn quote_or_backslash(block: &Block) -> u16 {
        let v = load_unaligned_m128i(block);
        mask(bitor_m128i(eq(v, b'"'), eq(v, b'\\')))
    }

    #[inline]
    fn number(block: &Block) -> u16 {
        let v = load_unaligned_m128i(block);
        // Signed compares: non-ASCII bytes are negative, so below '0'.
        let digit = bitand_m128i(
            cmp_gt_mask_i8_m128i(v, set_splat_i8_m128i(b'0' as i8 - 1)),
            cmp_lt_mask_i8_m128i(v, set_splat_i8_m128i(b'9' as i8 + 1)),
        );
        let e = eq(bitor_m128i(v, set_splat_i8_m128i(0x20)), b'e');
        let signs = bitor_m128i(eq(v, b'-'), eq(v, b'+'));
        mask(bitor_m128i(
            bitor_m128i(digit, e),
            bitor_m128i(signs, eq(v, b'.')),
        ))
    }

    #[inline]
    fn string_special(block: &Block) -> u16 {
        let v = load_unaligned_m128i(block);
        // As signed bytes, both control bytes (0..0x20) and non-ASCII ones (negative) are
        // below 0x20.
        let outside = cmp_lt_mask_i8_m128i(v, set_splat_i8_m128i(0x20));
        mask(bitor_m128i(outside, bitor_m128i(eq(v, b'"'), eq(v, b'\\'))))
    }

    #[inline]
    fn quote(block: &Block) -> u16 {
        mask(eq(load_unaligned_m128i(block), b'"'))
    }

    #[inline]
    fn open(block: &Block) -> u16 {
        // `[` and `{` differ in bit 5 alone.
        let v = bitor_m128i(load_unaligned_m128i(block), set_splat_i8_m128i(0x20));
        mask(eq(v, b'{'))
    }

    #[inline]
    fn close(block: &Block) -> u16 {
        // So do `]` and `}`.
        let v = bitor_m128i(load_unaligned_m128i(block), set_splat_i8_m128i(0x20));
        mask(eq(v, b'}'))
    }
}
