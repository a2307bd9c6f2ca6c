//! Float literals as MLIR prints them: LLVM's `APFloat::toString` in scientific form with
//! 6 digits (`1.000000e+00`) when that reads back to the same bits, else its natural
//! precision form (`0.333333343`), else (infinities, NaNs) the bit pattern in hex.

use super::attr::Type;

/// Exponent and stored-mantissa bits of the float formats printed here.
fn layout(t: &Type) -> Option<(u32, u32)> {
    Some(match t {
        Type::F16 => (5, 10),
        Type::BF16 => (8, 7),
        Type::F32 => (8, 23),
        Type::F64 => (11, 52),
        _ => return None,
    })
}

/// The literal for `bits` of float type `t`, or `None` for a format not handled here.
pub fn format_float(t: &Type, bits: u128) -> Option<String> {
    let (eb, mb) = layout(t)?;
    let bits = bits as u64;
    let negative = bits >> (eb + mb) & 1 == 1;
    let e = (bits >> mb) & ((1 << eb) - 1);
    let mant = bits & ((1 << mb) - 1);
    let width = 1 + eb + mb;
    if e == (1 << eb) - 1 {
        return Some(hex(bits));
    }
    let sign = if negative { "-" } else { "" };
    if e == 0 && mant == 0 {
        return Some(format!("{sign}0.000000e+00"));
    }
    let bias = (1i64 << (eb - 1)) - 1;
    let (sig, exp2) = if e == 0 {
        (mant, 1 - bias - i64::from(mb))
    } else {
        (mant | 1 << mb, e as i64 - bias - i64::from(mb))
    };
    let precision = mb + 1;
    let (digits, exp10) = decimal(sig, exp2);
    let short = scientific(&digits, exp10, 6);
    if read_back(&format!("{sign}{short}"), eb, mb) == Some(bits & mask(width)) {
        return Some(format!("{sign}{short}"));
    }
    let natural = natural(&digits, exp10, (2 + precision * 59 / 196) as usize);
    if natural.contains('.') {
        Some(format!("{sign}{natural}"))
    } else {
        Some(hex(bits))
    }
}

fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1 << width) - 1
    }
}

fn hex(bits: u64) -> String {
    format!("0x{bits:X}")
}

/// Exact decimal digits (most significant first, no trailing zeros) and the power of
/// ten of the last digit, of `sig * 2^exp2`.
fn decimal(sig: u64, exp2: i64) -> (Vec<u8>, i64) {
    let tz = sig.trailing_zeros() as i64;
    let (sig, exp2) = (sig >> tz, exp2 + tz);
    // Little-endian base-1e9 limbs.
    let mut limbs: Vec<u64> = vec![sig % 1_000_000_000, sig / 1_000_000_000 % 1_000_000_000];
    limbs.push(sig / 1_000_000_000_000_000_000);
    let mul = |limbs: &mut Vec<u64>, f: u64| {
        let mut carry = 0u64;
        for l in limbs.iter_mut() {
            let v = *l * f + carry;
            *l = v % 1_000_000_000;
            carry = v / 1_000_000_000;
        }
        while carry > 0 {
            limbs.push(carry % 1_000_000_000);
            carry /= 1_000_000_000;
        }
    };
    let mut exp10 = 0i64;
    if exp2 > 0 {
        let mut k = exp2;
        while k > 0 {
            let step = k.min(30);
            mul(&mut limbs, 1 << step);
            k -= step;
        }
    } else if exp2 < 0 {
        let mut k = -exp2;
        exp10 = exp2;
        while k > 0 {
            let step = k.min(13);
            mul(&mut limbs, 5u64.pow(step as u32));
            k -= step;
        }
    }
    while limbs.len() > 1 && limbs.last() == Some(&0) {
        limbs.pop();
    }
    let mut text = limbs.last().map(|l| l.to_string()).unwrap_or_default();
    for l in limbs.iter().rev().skip(1) {
        text.push_str(&format!("{l:09}"));
    }
    let mut digits: Vec<u8> = text.bytes().map(|b| b - b'0').collect();
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
        exp10 += 1;
    }
    (digits, exp10)
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

fn scientific(digits: &[u8], exp10: i64, precision: usize) -> String {
    let (d, exp) = adjust(digits, exp10, precision);
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

/// `APFloat::toString` with its defaults (natural precision, padding 3, zeros truncated).
fn natural(digits: &[u8], exp10: i64, precision: usize) -> String {
    let (d, exp) = adjust(digits, exp10, precision);
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

/// Parses a literal back into the bits of the format (round to nearest even).
fn read_back(text: &str, eb: u32, mb: u32) -> Option<u64> {
    match (eb, mb) {
        (8, 23) => text.parse::<f32>().ok().map(|f| u64::from(f.to_bits())),
        (11, 52) => text.parse::<f64>().ok().map(f64::to_bits),
        _ => text.parse::<f64>().ok().map(|f| narrow(f, eb, mb)),
    }
}

/// Rounds an f64 to a narrower binary format (nearest, ties to even).
fn narrow(x: f64, eb: u32, mb: u32) -> u64 {
    let bits = x.to_bits();
    let sign = (bits >> 63) << (eb + mb);
    let a = x.abs();
    let bias = (1i64 << (eb - 1)) - 1;
    let max_exp = (1u64 << eb) - 1;
    if a == 0.0 {
        return sign;
    }
    let e = ((a.to_bits() >> 52) as i64) - 1023;
    // Position of the last kept bit, as a power of two.
    let ulp_exp = (e.max(1 - bias)) - i64::from(mb);
    let scaled = a / 2f64.powi(ulp_exp as i32);
    let r = scaled.round_ties_even_compat();
    let mut value = r as u64;
    let mut biased = if e < 1 - bias { 0 } else { e + bias } as u64;
    if biased == 0 {
        // Subnormal: value is the mantissa; it may round up into the normal range.
        if value >> mb != 0 {
            biased = 1;
            value &= (1 << mb) - 1;
        }
    } else if value >> (mb + 1) != 0 {
        biased += 1;
        value >>= 1;
        value &= (1 << mb) - 1;
    } else {
        value &= (1 << mb) - 1;
    }
    if biased >= max_exp {
        return sign | (max_exp << mb);
    }
    sign | (biased << mb) | value
}

trait RoundTiesEven {
    fn round_ties_even_compat(self) -> f64;
}
impl RoundTiesEven for f64 {
    fn round_ties_even_compat(self) -> f64 {
        let r = self.round();
        if (self - self.trunc()).abs() == 0.5 && r % 2.0 != 0.0 {
            r - self.signum()
        } else {
            r
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32s(x: f32) -> String {
        format_float(&Type::F32, u128::from(x.to_bits())).unwrap()
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
}
