//! A small unsigned big integer, enough to compare a decimal literal with a binary float
//! exactly (`float.rs`): products of powers of two and ten with a 128-bit integer.

use std::cmp::Ordering;

/// Little-endian 32-bit limbs, no trailing zero limbs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BigUint(Vec<u32>);

impl BigUint {
    pub fn from_u128(mut v: u128) -> Self {
        let mut limbs = Vec::new();
        while v != 0 {
            limbs.push(v as u32);
            v >>= 32;
        }
        BigUint(limbs)
    }

    fn mul_small(&mut self, f: u32) {
        let mut carry = 0u64;
        for l in &mut self.0 {
            let v = u64::from(*l) * u64::from(f) + carry;
            *l = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
        self.trim();
    }

    /// Multiplies by `10^n`.
    pub fn mul_pow10(&mut self, mut n: u64) {
        while n > 0 {
            let step = n.min(9);
            self.mul_small(10u32.pow(step as u32));
            n -= step;
        }
    }

    /// Multiplies by `5^n`.
    pub fn mul_pow5(&mut self, mut n: u64) {
        while n > 0 {
            let step = n.min(13);
            self.mul_small(5u32.pow(step as u32));
            n -= step;
        }
    }

    /// Divides by `10^n`, rounding down.
    pub fn div_pow10(&mut self, mut n: u64) {
        while n > 0 && !self.0.is_empty() {
            let step = n.min(9);
            self.div_small(10u32.pow(step as u32));
            n -= step;
        }
    }

    /// Divides by `d`, rounding down; returns the remainder.
    fn div_small(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for l in self.0.iter_mut().rev() {
            let v = (rem << 32) | u64::from(*l);
            *l = (v / u64::from(d)) as u32;
            rem = v % u64::from(d);
        }
        self.trim();
        rem as u32
    }

    /// Number of significant bits.
    pub fn bits(&self) -> u64 {
        match self.0.last() {
            Some(&top) => self.0.len() as u64 * 32 - u64::from(top.leading_zeros()),
            None => 0,
        }
    }

    /// Decimal digits, most significant first (`[0]` for zero).
    pub fn to_decimal(&self) -> Vec<u8> {
        let mut n = self.clone();
        let mut chunks = Vec::new();
        while !n.0.is_empty() {
            chunks.push(n.div_small(1_000_000_000));
        }
        let mut text = chunks
            .last()
            .map(u32::to_string)
            .unwrap_or_else(|| "0".into());
        for c in chunks.iter().rev().skip(1) {
            text.push_str(&format!("{c:09}"));
        }
        text.bytes().map(|b| b - b'0').collect()
    }

    /// Multiplies by `2^n`.
    pub fn shl(&mut self, n: u64) {
        if self.0.is_empty() {
            return;
        }
        let (words, bits) = ((n / 32) as usize, (n % 32) as u32);
        if bits != 0 {
            let mut carry = 0u32;
            for l in &mut self.0 {
                let v = (u64::from(*l) << bits) | u64::from(carry);
                *l = v as u32;
                carry = (v >> 32) as u32;
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        self.0.splice(0..0, std::iter::repeat_n(0, words));
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }
}

impl PartialOrd for BigUint {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for BigUint {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

/// Compares `d * 10^e10` with `m * 2^e2` exactly.
pub fn cmp_dec_bin(d: u128, e10: i64, m: u128, e2: i64) -> Ordering {
    let mut left = BigUint::from_u128(d);
    let mut right = BigUint::from_u128(m);
    if e10 >= 0 {
        left.mul_pow10(e10 as u64);
    } else {
        right.mul_pow10(e10.unsigned_abs());
    }
    if e2 >= 0 {
        right.shl(e2 as u64);
    } else {
        left.shl(e2.unsigned_abs());
    }
    left.cmp(&right)
}

#[cfg(test)]
mod tests {
    use super::cmp_dec_bin;
    use std::cmp::Ordering::*;

    #[test]
    fn exact_comparisons() {
        assert_eq!(cmp_dec_bin(5, -1, 1, -1), Equal);
        assert_eq!(cmp_dec_bin(1, 0, 3, -2), Greater);
        assert_eq!(cmp_dec_bin(1, 30, 1, 100), Less);
        assert_eq!(cmp_dec_bin(1, 30, 1, 99), Greater);
        assert_eq!(cmp_dec_bin(1, 31, 1, 103), Less);
        assert_eq!(cmp_dec_bin(1, 31, 1, 102), Greater);
        assert_eq!(cmp_dec_bin(0, 0, 0, 5), Equal);
    }

    #[test]
    fn decimal_and_division() {
        let mut n = super::BigUint::from_u128(123_456_789_012_345_678_901);
        assert_eq!(n.bits(), 67);
        n.mul_pow5(3);
        assert_eq!(n.to_decimal(), b"15432098626543209862625".map(|b| b - b'0'));
        n.div_pow10(20);
        assert_eq!(n.to_decimal(), vec![1, 5, 4]);
        assert_eq!(super::BigUint::from_u128(0).to_decimal(), vec![0]);
    }
}
