//! A bounds-checked cursor over MLIR bytecode: the format's prefix varints, signed
//! (zigzag) varints, bytes and NUL-terminated strings. Every read returns `None` past the
//! end instead of panicking.

/// A cursor over a byte slice. `base` is the slice's offset in the whole buffer, so
/// alignment padding (counted from the start of the buffer) and error offsets are absolute.
#[derive(Clone, Debug)]
pub struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    base: usize,
}

impl<'a> Reader<'a> {
    /// A cursor at the start of `data`, which starts at `base` in the whole buffer.
    pub fn new(data: &'a [u8], base: usize) -> Self {
        Reader { data, pos: 0, base }
    }

    /// Absolute offset of the cursor in the whole buffer.
    pub fn offset(&self) -> usize {
        self.base + self.pos
    }

    /// Whether every byte was read.
    pub fn at_end(&self) -> bool {
        self.pos >= self.data.len()
    }

    /// Bytes not read yet.
    pub fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }

    /// One byte.
    pub fn byte(&mut self) -> Option<u8> {
        let b = *self.data.get(self.pos)?;
        self.pos += 1;
        Some(b)
    }

    /// `n` bytes.
    pub fn bytes(&mut self, n: usize) -> Option<&'a [u8]> {
        let end = self.pos.checked_add(n)?;
        let s = self.data.get(self.pos..end)?;
        self.pos = end;
        Some(s)
    }

    /// A "PrefixVarInt": the count of trailing zero bits of the first byte is the number of
    /// extra little-endian bytes; a first byte of 0 means 8 extra bytes holding the value.
    pub fn varint(&mut self) -> Option<u64> {
        let first = self.byte()?;
        if first == 0 {
            let b = self.bytes(8)?;
            return Some(u64::from_le_bytes(b.try_into().ok()?));
        }
        let extra = first.trailing_zeros() as usize;
        let mut value = u64::from(first);
        for (i, &b) in self.bytes(extra)?.iter().enumerate() {
            value |= u64::from(b) << (8 * (i + 1));
        }
        Some(value >> (extra + 1))
    }

    /// A varint that must fit in `usize` and be at most `limit` (a count or an index
    /// checked against what the input can hold).
    pub fn count(&mut self, limit: usize) -> Option<usize> {
        let v = self.varint()?;
        usize::try_from(v).ok().filter(|&v| v <= limit)
    }

    /// A zigzag-encoded signed varint.
    pub fn signed_varint(&mut self) -> Option<i64> {
        let v = self.varint()?;
        Some((v >> 1) as i64 ^ -((v & 1) as i64))
    }

    /// A varint whose low bit is a flag: `(value >> 1, flag)`.
    pub fn varint_with_flag(&mut self) -> Option<(u64, bool)> {
        let v = self.varint()?;
        Some((v >> 1, v & 1 == 1))
    }

    /// A NUL-terminated string (the NUL is consumed, not returned).
    pub fn cstr(&mut self) -> Option<&'a [u8]> {
        let rest = &self.data[self.pos..];
        let nul = rest.iter().position(|&b| b == 0)?;
        self.pos += nul + 1;
        Some(&rest[..nul])
    }

    /// Skips padding bytes up to an absolute `alignment` (a power of two).
    pub fn align_to(&mut self, alignment: u64) -> Option<()> {
        if alignment == 0 || !alignment.is_power_of_two() || alignment > 1 << 16 {
            return None;
        }
        let a = alignment as usize;
        let pad = (a - self.offset() % a) % a;
        self.bytes(pad).map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::Reader;

    #[test]
    fn prefix_varints() {
        let mut r = Reader::new(&[0x01, 0x0D, 0x07, 0x02, 0x01], 0);
        assert_eq!(r.varint(), Some(0));
        assert_eq!(r.varint(), Some(6));
        assert_eq!(r.varint(), Some(3));
        // Two bytes: 0x0102 >> 2.
        assert_eq!(r.varint(), Some(0x0102 >> 2));
        assert!(r.at_end());
        let mut full = Reader::new(&[0, 1, 2, 3, 4, 5, 6, 7, 8], 0);
        assert_eq!(full.varint(), Some(0x0807_0605_0403_0201));
        assert_eq!(Reader::new(&[0x02], 0).varint(), None);
    }

    #[test]
    fn zigzag() {
        let mut r = Reader::new(&[0x03, 0x05, 0x07], 0);
        // Raw values 1, 2, 3 are -1, 1, -2.
        assert_eq!(r.signed_varint(), Some(-1));
        assert_eq!(r.signed_varint(), Some(1));
        assert_eq!(r.signed_varint(), Some(-2));
    }
}
