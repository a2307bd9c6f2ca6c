//! Numbers from their JSON text: timestamps as exact integer nanoseconds, args as typed
//! values.

use crate::model::ArgValue;

/// Significant digits kept from a decimal; more cannot change a rounded i64 ns value.
const MAX_DIGITS: usize = 36;

/// Converts decimal microseconds (`"5151368185427.22"`, `"17e2"`, `"-3"`) to nanoseconds,
/// rounded to nearest (ties away from zero), without going through `f64`. `None` if the
/// text is not a number or the result does not fit `i64`.
pub(super) fn micros_to_ns(text: &[u8]) -> Option<i64> {
    plain_micros_to_ns(text).or_else(|| decimal_micros_to_ns(text))
}

/// [`micros_to_ns`] for any JSON number text, through a 128-bit decimal.
fn decimal_micros_to_ns(text: &[u8]) -> Option<i64> {
    let d = Decimal::parse(text)?;
    let scale = d.exponent.checked_add(3)?; // µs → ns
    let magnitude = scale_rounded(d.digits, scale)?;
    let signed = if d.negative {
        -(magnitude as i128)
    } else {
        magnitude as i128
    };
    i64::try_from(signed).ok()
}

/// The common case of [`micros_to_ns`], without big integers: up to 16 integer digits (µs
/// since the epoch have 16), an optional fraction, no sign or exponent. `None` sends other
/// text (and results that do not fit) to the general path.
fn plain_micros_to_ns(text: &[u8]) -> Option<i64> {
    let (us, int_len) = leading_digits(text)?;
    let frac_part = match text.get(int_len) {
        None => &[][..],
        Some(b'.') => &text[int_len + 1..],
        Some(_) => return None,
    };
    let mut ns: i64 = 0;
    for k in 0..3 {
        let d = match frac_part.get(k) {
            Some(&b) => ascii_digit(b)?,
            None => 0,
        };
        ns = ns * 10 + i64::from(d);
    }
    let mut round_up = false;
    for (k, &b) in frac_part.iter().enumerate().skip(3) {
        let d = ascii_digit(b)?;
        if k == 3 {
            round_up = d >= 5; // half or more of a nanosecond: away from zero
        }
    }
    us.checked_mul(1000)?.checked_add(ns + i64::from(round_up))
}

/// The value of the digits that `text` starts with and how many there are, if there are 1
/// to 16 (µs since the epoch have 16): eight at a time while eight are there, then one by one.
fn leading_digits(text: &[u8]) -> Option<(i64, usize)> {
    let mut value: i64 = 0;
    let mut len = 0;
    while len + 8 <= 16 {
        let Some(eight) = text
            .get(len..)
            .and_then(<[u8]>::first_chunk)
            .and_then(eight_digits)
        else {
            break;
        };
        value = value * 100_000_000 + eight;
        len += 8;
    }
    while let Some(digit) = text.get(len).and_then(|&b| ascii_digit(b)) {
        value = value * 10 + i64::from(digit);
        len += 1;
        if len > 16 {
            return None;
        }
    }
    (len > 0).then_some((value, len))
}

/// The value of eight ASCII digits (the first the most significant), if all eight are digits:
/// one 64-bit word, its bytes combined in pairs, then quads, then halves.
fn eight_digits(bytes: &[u8; 8]) -> Option<i64> {
    const HIGH: u64 = 0xf0f0_f0f0_f0f0_f0f0;
    const ZEROS: u64 = 0x3030_3030_3030_3030;
    let word = u64::from_le_bytes(*bytes);
    // A digit's high nibble is 3, and adding 6 keeps it 3 (0x39 + 6 = 0x3f).
    let digits = word & HIGH == ZEROS && word.wrapping_add(0x0606_0606_0606_0606) & HIGH == ZEROS;
    if !digits {
        return None;
    }
    let mut v = word - ZEROS;
    v = (v.wrapping_mul(10) + (v >> 8)) & 0x00ff_00ff_00ff_00ff;
    v = (v.wrapping_mul(100) + (v >> 16)) & 0x0000_ffff_0000_ffff;
    v = (v.wrapping_mul(10_000) + (v >> 32)) & 0xffff_ffff;
    Some(v as i64)
}

fn ascii_digit(b: u8) -> Option<u8> {
    b.is_ascii_digit().then(|| b - b'0')
}

/// An arg number: an integer that fits `i64` is `Int`, a larger non-negative one that fits
/// `u64` is `Uint`, anything else `Float` (or the text as a string if it does not parse).
pub(super) fn arg_number(text: &[u8]) -> Option<ArgValue> {
    if let Some(v) = short_integer(text) {
        return Some(ArgValue::Int(v));
    }
    let s = std::str::from_utf8(text).ok()?;
    if !s.contains(['.', 'e', 'E']) {
        if let Ok(v) = s.parse::<i64>() {
            return Some(ArgValue::Int(v));
        }
        if let Ok(v) = s.parse::<u64>() {
            return Some(ArgValue::Uint(v));
        }
    }
    s.parse::<f64>().ok().map(ArgValue::Float)
}

/// An optionally negative integer of at most 18 digits (always fits `i64`).
fn short_integer(text: &[u8]) -> Option<i64> {
    let (negative, digits) = match text.split_first()? {
        (b'-', rest) => (true, rest),
        _ => (false, text),
    };
    if digits.is_empty() || digits.len() > 18 {
        return None;
    }
    let mut v: i64 = 0;
    for &b in digits {
        v = v * 10 + i64::from(ascii_digit(b)?);
    }
    Some(if negative { -v } else { v })
}

/// A decimal as `digits × 10^exponent` with a sign.
#[derive(Debug, PartialEq)]
struct Decimal {
    negative: bool,
    digits: u128,
    exponent: i32,
}

impl Decimal {
    /// Parses JSON number syntax (leniently: leading zeros and a missing fraction are fine).
    fn parse(text: &[u8]) -> Option<Decimal> {
        let (negative, rest) = match text.split_first() {
            Some((b'-', rest)) => (true, rest),
            _ => (false, text),
        };
        let mantissa_end = rest
            .iter()
            .position(|&b| b == b'e' || b == b'E')
            .unwrap_or(rest.len());
        let (mantissa, exp_part) = rest.split_at(mantissa_end);
        let mut exponent: i32 = match exp_part.split_first() {
            None => 0,
            Some((_, e)) => parse_exponent(e)?,
        };
        let (int_part, frac_part) = match mantissa.iter().position(|&b| b == b'.') {
            Some(dot) => (&mantissa[..dot], &mantissa[dot + 1..]),
            None => (mantissa, &[][..]),
        };
        if int_part.is_empty() && frac_part.is_empty() {
            return None;
        }
        let mut digits = 0u128;
        let mut kept = 0;
        for &b in int_part {
            let v = digit(b)?;
            if kept < MAX_DIGITS {
                digits = digits * 10 + v;
                kept += usize::from(digits != 0);
            } else {
                exponent = exponent.checked_add(1)?;
            }
        }
        for &b in frac_part {
            let v = digit(b)?;
            if kept < MAX_DIGITS {
                digits = digits * 10 + v;
                kept += usize::from(digits != 0);
                exponent = exponent.checked_sub(1)?;
            }
        }
        Some(Decimal {
            negative,
            digits,
            exponent,
        })
    }
}

fn digit(b: u8) -> Option<u128> {
    b.is_ascii_digit().then(|| u128::from(b - b'0'))
}

fn parse_exponent(text: &[u8]) -> Option<i32> {
    let (negative, digits) = match text.split_first()? {
        (b'-', rest) => (true, rest),
        (b'+', rest) => (false, rest),
        _ => (false, text),
    };
    if digits.is_empty() {
        return None;
    }
    let mut v: i32 = 0;
    for &b in digits {
        v = v
            .saturating_mul(10)
            .saturating_add(i32::from(b.checked_sub(b'0').filter(|d| *d < 10)?));
    }
    Some(if negative { -v } else { v })
}

/// `digits × 10^scale`, rounded to nearest (ties away from zero); `None` on overflow.
fn scale_rounded(digits: u128, scale: i32) -> Option<u128> {
    if scale >= 0 {
        return 10u128
            .checked_pow(u32::try_from(scale).ok()?)
            .and_then(|p| digits.checked_mul(p));
    }
    let down = scale.unsigned_abs();
    if down > 38 {
        return Some(0);
    }
    let p = 10u128.pow(down);
    let (q, r) = (digits / p, digits % p);
    Some(if r >= p - r { q + 1 } else { q })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn microseconds_become_exact_nanoseconds() {
        assert_eq!(
            micros_to_ns(b"5151368185427.22"),
            Some(5_151_368_185_427_220)
        );
        assert_eq!(
            micros_to_ns(b"1700000000123456.789"),
            Some(1_700_000_000_123_456_789)
        );
        assert_eq!(
            micros_to_ns(b"1700000000123456.7894"),
            Some(1_700_000_000_123_456_789)
        );
        assert_eq!(
            micros_to_ns(b"1700000000123456.7895"),
            Some(1_700_000_000_123_456_790)
        );
        assert_eq!(micros_to_ns(b"-1.5"), Some(-1_500));
        assert_eq!(micros_to_ns(b"0.0005"), Some(1));
        assert_eq!(micros_to_ns(b"0.0004"), Some(0));
        assert_eq!(micros_to_ns(b"1.7e15"), Some(1_700_000_000_000_000_000));
        assert_eq!(micros_to_ns(b"17E-1"), Some(1_700));
        assert_eq!(micros_to_ns(b"12"), Some(12_000));
        assert_eq!(micros_to_ns(b"1e400"), None);
        assert_eq!(micros_to_ns(b"1e-400"), Some(0));
        assert_eq!(micros_to_ns(b"9.3e15"), None);
        assert_eq!(micros_to_ns(b"-"), None);
        assert_eq!(micros_to_ns(b"1.2.3"), None);
        assert_eq!(micros_to_ns(b"1e"), None);
    }

    proptest::proptest! {
        /// The fast path and the general one agree wherever the fast path answers.
        #[test]
        fn plain_path_agrees_with_the_decimal_path(int in "[0-9]{1,16}", frac in "(\\.[0-9]{0,9})?") {
            let text = format!("{int}{frac}");
            if let Some(fast) = plain_micros_to_ns(text.as_bytes()) {
                proptest::prop_assert_eq!(Some(fast), decimal_micros_to_ns(text.as_bytes()), "{}", text);
            }
        }
    }

    proptest::proptest! {
        /// Leading digits read eight at a time equal those read one by one.
        #[test]
        fn leading_digits_are_read_as_one_by_one(text in "[0-9]{0,20}[.e ]?[0-9/:]{0,3}") {
            let bytes = text.as_bytes();
            let len = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            let expected = (1..=16).contains(&len).then(|| (text[..len].parse::<i64>().unwrap(), len));
            proptest::prop_assert_eq!(leading_digits(bytes), expected);
        }
    }

    #[test]
    fn eight_digits_only_where_all_eight_are() {
        assert_eq!(eight_digits(b"12345678"), Some(12_345_678));
        assert_eq!(eight_digits(b"00000009"), Some(9));
        for k in 0..8 {
            for bad in [b'/', b':', b'.', 0x39 + 0x80, 0x30 - 0x10, b'a'] {
                let mut bytes = *b"99999999";
                bytes[k] = bad;
                assert_eq!(eight_digits(&bytes), None, "{bytes:?}");
            }
        }
    }

    #[test]
    fn arg_numbers_are_typed() {
        assert_eq!(arg_number(b"-42"), Some(ArgValue::Int(-42)));
        assert_eq!(
            arg_number(b"18446744073709551615"),
            Some(ArgValue::Uint(u64::MAX))
        );
        assert_eq!(arg_number(b"2.5"), Some(ArgValue::Float(2.5)));
        assert_eq!(arg_number(b"1e3"), Some(ArgValue::Float(1000.0)));
        assert_eq!(arg_number(b"--"), None);
    }
}
