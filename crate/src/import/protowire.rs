//! Protobuf wire primitives shared by the binary importers (XSpace, Perfetto, HloProto
//! sniffing): wire types and varints. Each importer walks messages on top of these with its
//! own contract for cut and damaged records.

/// Wire type of a varint field.
pub(crate) const VARINT: u8 = 0;
/// Wire type of an 8-byte field.
pub(crate) const FIXED64: u8 = 1;
/// Wire type of a length-delimited field (messages, strings, bytes, packed repeats).
pub(crate) const LEN: u8 = 2;
/// Wire type of a 4-byte field.
pub(crate) const FIXED32: u8 = 5;

/// Why reading a varint failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VarintError {
    /// The input ends inside the varint.
    Cut,
    /// More than 10 bytes.
    TooLong,
}

/// Reads the varint at `bytes[pos..]`; returns its value and the position after it.
#[inline(always)]
pub(crate) fn read_varint(bytes: &[u8], pos: usize) -> Result<(u64, usize), VarintError> {
    // Most varints on the hot paths (keys, small ids) are one byte.
    match bytes.get(pos) {
        Some(&b) if b < 0x80 => Ok((u64::from(b), pos + 1)),
        _ => read_long_varint(bytes, pos),
    }
}

/// A varint of two bytes or more. With 8 bytes left, one ending within them is decoded from
/// one 8-byte load without a branch per byte (their lengths vary from event to event, so a
/// loop's exit mispredicts); with 10 left (the longest varint), from a fixed-size window
/// without a bounds check per byte.
#[inline]
fn read_long_varint(bytes: &[u8], pos: usize) -> Result<(u64, usize), VarintError> {
    if let Some(&word) = bytes.get(pos..).and_then(|rest| rest.first_chunk::<8>()) {
        let word = u64::from_le_bytes(word);
        // The high bit of each byte that ends the varint, among the first 8.
        let ends = !word & 0x8080_8080_8080_8080;
        if ends != 0 {
            let len = (ends.trailing_zeros() / 8 + 1) as usize;
            return Ok((gather_7bit_groups(word, len), pos + len));
        }
    } else if let (Some(&tail), Some(rest @ 1..8)) =
        (bytes.last_chunk::<8>(), bytes.len().checked_sub(pos))
    {
        // Fewer than 8 bytes left (a stat's value ends its record): the input's last 8
        // bytes, shifted so that the varint starts the word; the zero bytes shifted in end
        // it, so it is whole only if it ends within the `rest` real ones.
        let word = u64::from_le_bytes(tail) >> (8 * (8 - rest));
        let len = ((!word & 0x8080_8080_8080_8080).trailing_zeros() / 8 + 1) as usize;
        return if len <= rest {
            Ok((gather_7bit_groups(word, len), pos + len))
        } else {
            Err(VarintError::Cut)
        };
    }
    read_longest_varint(bytes, pos)
}

/// The value of a varint of `len` (1..=8) bytes held in the low bytes of `word`: the low 7
/// bits of each byte, least significant first, packed together.
#[inline]
fn gather_7bit_groups(word: u64, len: usize) -> u64 {
    let keep = u64::MAX >> (64 - 8 * len);
    let x = word & keep & 0x7f7f_7f7f_7f7f_7f7f;
    // Pairs of bytes into 14-bit groups in 16-bit lanes, then into 28-bit groups in 32-bit
    // lanes, then the two halves into 56 bits.
    let x = (x & 0x007f_007f_007f_007f) | ((x & 0x7f00_7f00_7f00_7f00) >> 1);
    let x = (x & 0x0000_3fff_0000_3fff) | ((x & 0x3fff_0000_3fff_0000) >> 2);
    (x & 0x0000_0000_0fff_ffff) | ((x & 0x0fff_ffff_0000_0000) >> 4)
}

/// [`read_long_varint`] for a varint of 9 or 10 bytes, or one near the end of an input
/// shorter than 8 bytes.
#[inline(never)]
fn read_longest_varint(bytes: &[u8], pos: usize) -> Result<(u64, usize), VarintError> {
    if let Some(window) = bytes.get(pos..pos + 10) {
        let mut value = 0u64;
        for (i, &b) in window.iter().enumerate() {
            value |= u64::from(b & 0x7f) << (7 * i);
            if b < 0x80 {
                return Ok((value, pos + i + 1));
            }
        }
        return Err(VarintError::TooLong);
    }
    read_varint_near_end(bytes, pos)
}

/// [`read_long_varint`] within 10 bytes of the end, where the input may end inside it.
fn read_varint_near_end(bytes: &[u8], pos: usize) -> Result<(u64, usize), VarintError> {
    let mut value = 0u64;
    for i in 0..10 {
        let Some(&b) = bytes.get(pos + i) else {
            return Err(VarintError::Cut);
        };
        value |= u64::from(b & 0x7f) << (7 * i);
        if b < 0x80 {
            return Ok((value, pos + i + 1));
        }
    }
    Err(VarintError::TooLong)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_read_and_fail_as_stated() {
        assert_eq!(read_varint(&[0x96, 0x01], 0), Ok((150, 2)));
        assert_eq!(read_varint(&[0, 0x7f], 1), Ok((127, 2)));
        assert_eq!(read_varint(&[0x80, 0x80], 0), Err(VarintError::Cut));
        assert_eq!(read_varint(&[0xff; 11], 0), Err(VarintError::TooLong));
        assert_eq!(read_varint(&[], 0), Err(VarintError::Cut));
        // Far from the end (the windowed path) and near it agree.
        let mut long = vec![0xff; 9];
        long.push(0x01);
        long.extend([0; 12]);
        assert_eq!(read_varint(&long, 0), Ok((u64::MAX, 10)));
        assert_eq!(read_varint(&long[..10], 0), Ok((u64::MAX, 10)));
        assert_eq!(
            read_varint(&[0x96, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0], 0),
            Ok((150, 2))
        );
        assert_eq!(read_varint(&[0x80; 12], 0), Err(VarintError::TooLong));
    }

    /// Every length from 1 to 10 bytes, far from the end and at it, against a plain
    /// byte-by-byte decoding.
    #[test]
    fn varints_of_every_length_match_a_plain_decoding() {
        let encode = |mut v: u64| {
            let mut out = Vec::new();
            while v >= 0x80 {
                out.push((v as u8) | 0x80);
                v >>= 7;
            }
            out.push(v as u8);
            out
        };
        for bits in 0..64 {
            for v in [
                1u64 << bits,
                (1u64 << bits) - 1,
                (1u64 << bits) | 0x55,
                u64::MAX >> bits,
            ] {
                let enc = encode(v);
                // After 1 byte (inputs shorter than 8 bytes when it is short) and after 9.
                for before in [1, 9] {
                    let mut padded = vec![0x33; before];
                    padded.extend(&enc);
                    let end = padded.len();
                    padded.extend([0xff; 12]);
                    let at = before;
                    assert_eq!(read_varint(&padded, at), Ok((v, end)), "{v:#x}");
                    let whole = &padded[..end];
                    assert_eq!(read_varint(whole, at), Ok((v, end)), "{v:#x} at the end");
                    let cut = &padded[..end - 1];
                    assert_eq!(read_varint(cut, at), Err(VarintError::Cut), "{v:#x} cut");
                }
            }
        }
    }
}
