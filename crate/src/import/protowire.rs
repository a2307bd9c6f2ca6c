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

/// A varint of two bytes or more. With 10 bytes left (the longest varint) the bytes are read
/// from a fixed-size window, without a bounds check per byte.
#[inline(never)]
fn read_long_varint(bytes: &[u8], pos: usize) -> Result<(u64, usize), VarintError> {
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
}
