//! Float literals as MLIR prints them, for every float kind MLIR has: LLVM's
//! `APFloat::toString` in scientific form with 6 significant digits (`1.000000e+00`) when
//! that reads back to the same value, else its natural-precision form (`0.333333343`),
//! else (infinities, NaNs) the bit pattern in hex (`0x7F800000`).
//!
//! The read-back check is exact (`bignum.rs`): the literal reads back to the value when it
//! lies strictly inside the value's rounding interval, or on its edge with an even
//! significand (round to nearest, ties to even).

use super::attr::Type;
use super::bignum::{BigUint, cmp_dec_bin};
use std::cmp::Ordering;

/// How a float kind marks its special values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Specials {
    /// IEEE 754: the all-ones exponent holds infinities and NaNs.
    Ieee,
    /// `FN`: no infinities; only all-ones exponent and mantissa is NaN.
    NanAllOnes,
    /// `FNUZ`: no infinities, no negative zero; the negative-zero pattern is NaN.
    NanNegativeZero,
    /// Finite only (`f6E2M3FN`, `f6E3M2FN`, `f4E2M1FN`).
    None,
    /// `f8E8M0FNU`: unsigned powers of two; all ones is NaN.
    ExponentOnly,
}

/// A binary float format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Semantics {
    exp_bits: u32,
    /// Stored mantissa bits (for `f80` including its explicit integer bit).
    man_bits: u32,
    bias: i64,
    specials: Specials,
    /// `f80` stores the integer bit.
    explicit_int: bool,
}

impl Semantics {
    const fn new(exp_bits: u32, man_bits: u32, bias: i64, specials: Specials) -> Self {
        Semantics {
            exp_bits,
            man_bits,
            bias,
            specials,
            explicit_int: false,
        }
    }

    /// Total bits.
    pub fn width(&self) -> u32 {
        let sign = u32::from(self.specials != Specials::ExponentOnly);
        sign + self.exp_bits + self.man_bits
    }

    /// Significand bits including the integer bit (APFloat's `precision`).
    fn precision(&self) -> u32 {
        if self.explicit_int {
            self.man_bits
        } else {
            self.man_bits + 1
        }
    }
}

const F80: Semantics = Semantics {
    exp_bits: 15,
    man_bits: 64,
    bias: 16383,
    specials: Specials::Ieee,
    explicit_int: true,
};

/// The float format of a type: the builtin float types and the other float kinds, which
/// bytecode stores as the type's name.
pub fn semantics(t: &Type) -> Option<Semantics> {
    use Specials::*;
    Some(match t {
        Type::F16 => Semantics::new(5, 10, 15, Ieee),
        Type::BF16 => Semantics::new(8, 7, 127, Ieee),
        Type::F32 => Semantics::new(8, 23, 127, Ieee),
        Type::F64 => Semantics::new(11, 52, 1023, Ieee),
        Type::F80 => F80,
        Type::F128 => Semantics::new(15, 112, 16383, Ieee),
        Type::NamedFloat(name) => named(name)?,
        Type::Text(name) => named(name)?,
        _ => return Option::None,
    })
}

/// The float format of a float kind's name (`f8E4M3FN`).
fn named(name: &str) -> Option<Semantics> {
    use Specials::*;
    Some(match name {
        "tf32" => Semantics::new(8, 10, 127, Ieee),
        "f8E5M2" => Semantics::new(5, 2, 15, Ieee),
        "f8E4M3" => Semantics::new(4, 3, 7, Ieee),
        "f8E3M4" => Semantics::new(3, 4, 3, Ieee),
        "f8E4M3FN" => Semantics::new(4, 3, 7, NanAllOnes),
        "f8E5M2FNUZ" => Semantics::new(5, 2, 16, NanNegativeZero),
        "f8E4M3FNUZ" => Semantics::new(4, 3, 8, NanNegativeZero),
        "f8E4M3B11FNUZ" => Semantics::new(4, 3, 11, NanNegativeZero),
        "f8E8M0FNU" => Semantics::new(8, 0, 127, ExponentOnly),
        "f6E2M3FN" => Semantics::new(2, 3, 1, None),
        "f6E3M2FN" => Semantics::new(3, 2, 3, None),
        "f4E2M1FN" => Semantics::new(2, 1, 1, None),
        _ => return Option::None,
    })
}

/// A finite value: sign, integer significand and power of two.
struct Finite {
    negative: bool,
    sig: u128,
    exp2: i64,
    /// The value is the smallest of its binade (below it the spacing halves).
    binade_start: bool,
}

/// Splits `bits` into a finite value, or `None` for an infinity or NaN.
fn unpack(s: &Semantics, bits: u128) -> Option<Finite> {
    let width = s.width();
    let bits = if width >= 128 {
        bits
    } else {
        bits & ((1u128 << width) - 1)
    };
    let man_mask = (1u128 << s.man_bits) - 1;
    let max_exp = (1u128 << s.exp_bits) - 1;
    let mant = bits & man_mask;
    let e = (bits >> s.man_bits) & max_exp;
    let negative = s.specials != Specials::ExponentOnly && (bits >> (width - 1)) & 1 == 1;
    let special = match s.specials {
        Specials::Ieee => e == max_exp,
        Specials::NanAllOnes => e == max_exp && mant == man_mask,
        Specials::NanNegativeZero => negative && e == 0 && mant == 0,
        Specials::None => false,
        Specials::ExponentOnly => e == max_exp,
    };
    if special {
        return Option::None;
    }
    let e = e as i64;
    let fraction_bits = i64::from(s.precision()) - 1;
    let (sig, exp2) = if s.specials == Specials::ExponentOnly {
        (1, e - s.bias)
    } else if s.explicit_int {
        (mant, e.max(1) - s.bias - fraction_bits)
    } else if e == 0 {
        (mant, 1 - s.bias - fraction_bits)
    } else {
        (mant | 1 << s.man_bits, e - s.bias - fraction_bits)
    };
    let binade_start =
        sig == 1u128 << fraction_bits && (e > 1 || s.specials == Specials::ExponentOnly);
    Some(Finite {
        negative,
        sig,
        exp2,
        binade_start,
    })
}

/// The literal for `bits` of float type `t`, or `None` for a type that is not a float.
pub fn format_float(t: &Type, bits: u128) -> Option<String> {
    let s = semantics(t)?;
    let Some(v) = unpack(&s, bits) else {
        return Some(hex(&s, bits));
    };
    let sign = if v.negative { "-" } else { "" };
    if v.sig == 0 {
        return Some(format!("{sign}0.000000e+00"));
    }
    let (short, short_exp) = digits(v.sig, v.exp2, 6);
    if reads_back(&short, short_exp, &v) {
        return Some(format!("{sign}{}", scientific(&short, short_exp, 6)));
    }
    let precision = (2 + s.precision() * 59 / 196) as usize;
    let (long, long_exp) = digits(v.sig, v.exp2, precision);
    let natural = natural(&long, long_exp, precision);
    if natural.contains('.') {
        Some(format!("{sign}{natural}"))
    } else {
        Some(hex(&s, bits))
    }
}

/// The bit pattern as `0x...` (uppercase, no leading zeros), as APInt prints it.
fn hex(s: &Semantics, bits: u128) -> String {
    let width = s.width();
    let bits = if width >= 128 {
        bits
    } else {
        bits & ((1u128 << width) - 1)
    };
    format!("0x{bits:X}")
}

/// Whether the decimal `digits * 10^exp10` rounds to the value `v` (its magnitude).
fn reads_back(digits: &[u8], exp10: i64, v: &Finite) -> bool {
    let d = digits
        .iter()
        .fold(0u128, |acc, &x| acc * 10 + u128::from(x));
    // The rounding interval: half the spacing above, and below (half of a halved spacing
    // at the start of a binade).
    let (hi_m, hi_e) = (2 * v.sig + 1, v.exp2 - 1);
    let (lo_m, lo_e) = if v.binade_start {
        (4 * v.sig - 1, v.exp2 - 2)
    } else {
        (2 * v.sig - 1, v.exp2 - 1)
    };
    let even = v.sig % 2 == 0;
    let below_hi = match cmp_dec_bin(d, exp10, hi_m, hi_e) {
        Ordering::Less => true,
        Ordering::Equal => even,
        Ordering::Greater => false,
    };
    let above_lo = match cmp_dec_bin(d, exp10, lo_m, lo_e) {
        Ordering::Greater => true,
        Ordering::Equal => even,
        Ordering::Less => false,
    };
    below_hi && above_lo
}

/// The decimal digits (most significant first, no trailing zeros) and the power of ten
/// of the last digit that `APFloat::toString` prints for `sig * 2^exp2` with `precision`
/// significant digits: the exact integer `sig * 5^-exp2` (or `sig * 2^exp2`) first loses
/// whole decimal digits beyond about `precision` digits' worth of bits (truncated), then
/// is rounded half up to `precision` digits.
fn digits(sig: u128, exp2: i64, precision: usize) -> (Vec<u8>, i64) {
    let tz = i64::from(sig.trailing_zeros());
    let (sig, exp2) = (sig >> tz, exp2 + tz);
    let mut n = BigUint::from_u128(sig);
    let mut exp10 = 0i64;
    if exp2 > 0 {
        n.shl(exp2 as u64);
    } else if exp2 < 0 {
        n.mul_pow5(exp2.unsigned_abs());
        exp10 = exp2;
    }
    let bits = n.bits();
    let required = (precision as u64 * 196).div_ceil(59);
    if bits > required {
        let removable = (bits - required) * 59 / 196;
        n.div_pow10(removable);
        exp10 += removable as i64;
    }
    let mut digits: Vec<u8> = n.to_decimal();
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
        exp10 += 1;
    }
    adjust(&digits, exp10, precision)
}

/// Keeps the `precision` most significant digits, rounding half up on the first dropped
/// digit and dropping trailing zeros (LLVM's `AdjustToPrecision`).
fn adjust(digits: &[u8], exp10: i64, precision: usize) -> (Vec<u8>, i64) {
    let n = digits.len();
    if n <= precision {
        return (digits.to_vec(), exp10);
    }
    let dropped = (n - precision) as i64;
    let mut kept = digits[..precision].to_vec();
    let mut exp = exp10 + dropped;
    if digits[precision] >= 5 {
        let mut i = precision;
        loop {
            if i == 0 {
                return (vec![1], exp + precision as i64);
            }
            i -= 1;
            if kept[i] == 9 {
                kept.pop();
                exp += 1;
            } else {
                kept[i] += 1;
                break;
            }
        }
    }
    while kept.len() > 1 && kept.last() == Some(&0) {
        kept.pop();
        exp += 1;
    }
    (kept, exp)
}

/// `d.dddddde±XX` from already adjusted digits, padded to `precision` decimals.
fn scientific(d: &[u8], exp: i64, precision: usize) -> String {
    let e = exp + d.len() as i64 - 1;
    let mut s = String::new();
    s.push((b'0' + d[0]) as char);
    s.push('.');
    for &x in &d[1..] {
        s.push((b'0' + x) as char);
    }
    for _ in d.len() - 1..precision {
        s.push('0');
    }
    s.push('e');
    s.push(if e >= 0 { '+' } else { '-' });
    s.push_str(&format!("{:02}", e.abs()));
    s
}

/// `APFloat::toString` with its defaults (natural precision, padding 3, zeros truncated),
/// from already adjusted digits.
fn natural(d: &[u8], exp: i64, precision: usize) -> String {
    let n = d.len() as i64;
    let sci = if exp >= 0 {
        exp > 3 || n + exp > precision as i64
    } else {
        let msd = exp + n - 1;
        msd < 0 && -msd > 3
    };
    let digit = |x: u8| (b'0' + x) as char;
    let mut s = String::new();
    if sci {
        let e = exp + n - 1;
        s.push(digit(d[0]));
        s.push('.');
        if n == 1 {
            s.push('0');
        }
        d[1..].iter().for_each(|&x| s.push(digit(x)));
        s.push('E');
        s.push(if e >= 0 { '+' } else { '-' });
        s.push_str(&e.abs().to_string());
    } else if exp >= 0 {
        d.iter().for_each(|&x| s.push(digit(x)));
        (0..exp).for_each(|_| s.push('0'));
    } else {
        let whole = exp + n;
        if whole > 0 {
            d[..whole as usize].iter().for_each(|&x| s.push(digit(x)));
            s.push('.');
            d[whole as usize..].iter().for_each(|&x| s.push(digit(x)));
        } else {
            s.push_str("0.");
            (0..-whole).for_each(|_| s.push('0'));
            d.iter().for_each(|&x| s.push(digit(x)));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32s(x: f32) -> String {
        format_float(&Type::F32, u128::from(x.to_bits())).unwrap()
    }

    fn named(name: &str, bits: u128) -> String {
        format_float(&Type::Text(name.into()), bits).unwrap()
    }

    #[test]
    fn like_mlir() {
        assert_eq!(f32s(0.0), "0.000000e+00");
        assert_eq!(f32s(1.0), "1.000000e+00");
        assert_eq!(f32s(-2.5), "-2.500000e+00");
        assert_eq!(f32s(0.1), "1.000000e-01");
        assert_eq!(f32s(1.0 / 3.0), "0.333333343");
        assert_eq!(f32s(std::f32::consts::PI), "3.14159274");
        assert_eq!(f32s(f32::INFINITY), "0x7F800000");
        assert_eq!(
            format_float(&Type::F64, u128::from(0.1f64.to_bits())).unwrap(),
            "1.000000e-01"
        );
        assert_eq!(
            format_float(&Type::F16, u128::from(0x3C00u16)).unwrap(),
            "1.000000e+00"
        );
    }

    /// Values from MLIR's own print (`tests/data/mlir/generated/float_bits.*`).
    #[test]
    fn small_float_kinds() {
        assert_eq!(named("f8E4M3FN", 0x7E), "4.480000e+02");
        assert_eq!(named("f8E4M3FN", 0x7F), "0x7F");
        assert_eq!(named("f8E4M3FNUZ", 0x80), "0x80");
        assert_eq!(named("f8E8M0FNU", 0x00), "5.877470e-39");
        assert_eq!(named("f4E2M1FN", 0x0F), "-6.000000e+00");
        assert_eq!(named("f6E3M2FN", 0x3F), "-2.800000e+01");
        assert_eq!(format_float(&Type::F80, 1).unwrap(), "3.645200e-4951");
    }
}
