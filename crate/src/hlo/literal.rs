//! Constant literals as XLA prints them in `constant(...)`: scalars bare, arrays in nested
//! braces, floats in the shortest `%g` form that round-trips (XLA's `RoundTripFpToString`).

use super::proto as pb;
use super::shape::Shape;
use std::fmt::Write;

/// Arrays with more elements than this print as `{...}` unless large constants are asked
/// for (XLA's `print_large_constants`).
const LARGE_CONSTANT: u64 = 10;

/// Prints a literal's value (the text between `constant(` and `)`). `large` prints every
/// element of big arrays.
pub fn literal_text(lit: &pb::LiteralProto, shape: &Shape, large: bool) -> String {
    let Shape::Array { element, dims, .. } = shape else {
        return "{...}".to_owned();
    };
    let count = shape.element_count();
    if !dims.is_empty() && count > LARGE_CONSTANT && !large {
        return "{...}".to_owned();
    }
    let values: Vec<String> = (0..count as usize)
        .map(|i| element_text(lit, element, i).unwrap_or_else(|| "?".to_owned()))
        .collect();
    if dims.is_empty() {
        return values.into_iter().next().unwrap_or_default();
    }
    let mut out = String::new();
    nest(&mut out, dims, &values, &mut 0);
    out
}

/// Writes `values` (row-major) nested by `dims`: `{1, 2}` for rank 1, `{ {1, 2}, {3, 4} }`
/// for rank 2 and up.
fn nest(out: &mut String, dims: &[i64], values: &[String], next: &mut usize) {
    let n = dims[0].max(0) as usize;
    if dims.len() == 1 {
        out.push('{');
        for i in 0..n {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(values.get(*next).map_or("?", String::as_str));
            *next += 1;
        }
        out.push('}');
        return;
    }
    out.push_str("{ ");
    for i in 0..n {
        if i > 0 {
            out.push_str(", ");
        }
        nest(out, &dims[1..], values, next);
    }
    out.push_str(" }");
}

fn element_text(lit: &pb::LiteralProto, element: &str, i: usize) -> Option<String> {
    let le16 = |b: &[u8]| -> Option<u16> {
        let s = b.get(i * 2..i * 2 + 2)?;
        Some(u16::from_le_bytes([s[0], s[1]]))
    };
    Some(match element {
        "pred" => (if *lit.preds.get(i)? { "true" } else { "false" }).to_owned(),
        "s8" => (*lit.s8s.get(i)? as i8).to_string(),
        "u8" => lit.u8s.get(i)?.to_string(),
        "s16" => (le16(&lit.s16s)? as i16).to_string(),
        "u16" => le16(&lit.u16s)?.to_string(),
        "s32" => lit.s32s.get(i)?.to_string(),
        "s64" => lit.s64s.get(i)?.to_string(),
        "u32" => lit.u32s.get(i)?.to_string(),
        "u64" => lit.u64s.get(i)?.to_string(),
        "f32" => float_text(f64::from(*lit.f32s.get(i)?), 6, 9, |v| v as f32 as f64),
        "f64" => float_text(*lit.f64s.get(i)?, 15, 17, |v| v),
        "bf16" => {
            let v = f32::from_bits(u32::from(le16(&lit.bf16s)?) << 16);
            float_text(f64::from(v), 4, 4, |v| v)
        }
        "f16" => float_text(half_to_f64(le16(&lit.f16s)?), 5, 5, |v| v),
        "c64" => {
            let (re, im) = (lit.c64s.get(2 * i)?, lit.c64s.get(2 * i + 1)?);
            let f = |v: f32| float_text(f64::from(v), 6, 9, |v| v as f32 as f64);
            format!("({}, {})", f(*re), f(*im))
        }
        _ => return None,
    })
}

/// IEEE half to f64.
fn half_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((h >> 10) & 0x1f);
    let frac = f64::from(h & 0x3ff);
    match exp {
        0 => sign * frac * 2f64.powi(-24),
        31 if frac == 0.0 => sign * f64::INFINITY,
        31 => f64::NAN,
        e => sign * (1.0 + frac / 1024.0) * 2f64.powi(e - 15),
    }
}

/// `%.{short}g` when it round-trips through `narrow` (the value's own precision), else
/// `%.{long}g`; `inf`, `-inf`, `nan` as XLA prints them.
pub fn float_text(v: f64, short: usize, long: usize, narrow: impl Fn(f64) -> f64) -> String {
    if v.is_nan() {
        return "nan".to_owned();
    }
    if v.is_infinite() {
        return if v < 0.0 { "-inf" } else { "inf" }.to_owned();
    }
    let s = format_g(v, short);
    match s.parse::<f64>() {
        Ok(p) if narrow(p) == v => s,
        _ => format_g(v, long),
    }
}

/// C's `%.{precision}g` for a finite value.
pub fn format_g(v: f64, precision: usize) -> String {
    let p = precision.max(1);
    if v == 0.0 {
        return if v.is_sign_negative() { "-0" } else { "0" }.to_owned();
    }
    // Scientific form with p significant digits gives the decimal exponent after rounding.
    let sci = format!("{:.*e}", p - 1, v);
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if exp < -4 || exp >= p as i32 {
        let m = trim_zeros(mantissa);
        let mut out = String::with_capacity(m.len() + 5);
        out.push_str(m);
        out.push('e');
        out.push(if exp < 0 { '-' } else { '+' });
        let _ = write!(out, "{:02}", exp.abs());
        out
    } else {
        let decimals = (p as i32 - 1 - exp).max(0) as usize;
        let fixed = format!("{v:.decimals$}");
        trim_zeros(&fixed).to_owned()
    }
}

fn trim_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32_text(v: f32) -> String {
        float_text(f64::from(v), 6, 9, |v| v as f32 as f64)
    }

    #[test]
    fn floats_print_like_xla() {
        assert_eq!(f32_text(0.001), "0.001");
        assert_eq!(f32_text(3.432_739_4e-7), "3.43273939e-07");
        assert_eq!(f32_text(-0.999_999_94), "-0.99999994");
        assert_eq!(f32_text(1.0), "1");
        assert_eq!(f32_text(-3.0), "-3");
        assert_eq!(f32_text(0.0015625), "0.0015625");
        assert_eq!(f32_text(f32::INFINITY), "inf");
        assert_eq!(format_g(1e20, 6), "1e+20");
        assert_eq!(format_g(123456.0, 6), "123456");
        assert_eq!(format_g(1234567.0, 6), "1.23457e+06");
    }

    #[test]
    fn arrays_nest_in_braces() {
        let lit = pb::LiteralProto {
            s32s: vec![1, 2, 3, 4],
            ..Default::default()
        };
        let shape = |dims: Vec<i64>| Shape::Array {
            element: "s32",
            dims,
            dynamic: vec![],
            layout: None,
        };
        assert_eq!(literal_text(&lit, &shape(vec![4]), false), "{1, 2, 3, 4}");
        assert_eq!(
            literal_text(&lit, &shape(vec![2, 2]), false),
            "{ {1, 2}, {3, 4} }"
        );
        assert_eq!(literal_text(&lit, &shape(vec![]), false), "1");
    }
}
