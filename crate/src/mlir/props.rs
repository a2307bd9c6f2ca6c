//! Properties of registered ops (bytecode v >= 5).
//!
//! An op that was registered when written stores its inherent attributes through its
//! ODS-generated `writeProperties`: one entry per property in the op's order, a required
//! attribute as `varint attrIndex`, an optional one as `varint (attrIndex << 1 | present)`,
//! and (v >= 6) `operandSegmentSizes` / `resultSegmentSizes` natively as sparse arrays.
//! The layouts come from the dialects' public op definitions (`props_table.rs`).

use super::Module;
use super::attr::Attr;
use super::reader::Reader;

/// A decoded property value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PropValue {
    Attr(u32),
    /// A native segment-size list, printed `array<i32: ...>`.
    I32Array(Vec<u64>),
    /// A native integer property, printed `N : i32`.
    I32(u64),
}

/// How one property is stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A required attribute.
    Req(&'static str),
    /// An optional (or default-valued) attribute.
    Opt(&'static str),
    /// A native integer property (a varint).
    NativeI32(&'static str),
    /// `operandSegmentSizes` with this many operand groups.
    OperandSegments(usize),
    /// `resultSegmentSizes` with this many result groups.
    ResultSegments(usize),
}

/// Decodes the properties of registered op `name` from `raw`; `Err` names what is
/// missing (an unknown op, or bytes that do not fit the layout).
pub fn decode_properties(
    name: &str,
    raw: &[u8],
    m: &Module,
) -> Result<Vec<(&'static str, PropValue)>, &'static str> {
    let layout = super::props_table::layout(name).ok_or("layout not known")?;
    let mut r = Reader::new(raw, 0);
    let mut out = Vec::new();
    let attr_ok = |i: u64| -> Option<u32> {
        u32::try_from(i)
            .ok()
            .filter(|&i| (i as usize) < m.attrs.len())
    };
    for slot in layout {
        match *slot {
            Slot::Req(n) => {
                let i = r.varint().and_then(attr_ok).ok_or("bytes do not fit")?;
                out.push((n, PropValue::Attr(i)));
            }
            Slot::Opt(n) => {
                let (i, present) = r.varint_with_flag().ok_or("bytes do not fit")?;
                if present {
                    let i = attr_ok(i).ok_or("bytes do not fit")?;
                    out.push((n, PropValue::Attr(i)));
                }
            }
            Slot::NativeI32(n) => {
                let v = r.varint().ok_or("bytes do not fit")?;
                out.push((n, PropValue::I32(v)));
            }
            Slot::OperandSegments(len) | Slot::ResultSegments(len) => {
                let n = if matches!(slot, Slot::OperandSegments(_)) {
                    "operandSegmentSizes"
                } else {
                    "resultSegmentSizes"
                };
                if m.version < 6 {
                    // Stored as a DenseI32ArrayAttr like any other attribute.
                    let i = r.varint().and_then(attr_ok).ok_or("bytes do not fit")?;
                    if !matches!(m.attrs[i as usize], Attr::DenseArray { .. }) {
                        return Err("bytes do not fit");
                    }
                    out.push((n, PropValue::Attr(i)));
                } else {
                    let values = sparse_array(&mut r, len).ok_or("bytes do not fit")?;
                    out.push((n, PropValue::I32Array(values)));
                }
            }
        }
    }
    if !r.at_end() {
        return Err("bytes do not fit");
    }
    Ok(out)
}

/// `writeSparseArray`: `varint (n << 1 | sparse)`; dense: n varints (the rest are 0);
/// sparse: `varint indexBits`, then n varints `value << indexBits | index`; n = 0 (all
/// zeros) ends there.
fn sparse_array(r: &mut Reader, len: usize) -> Option<Vec<u64>> {
    let (n, sparse) = r.varint_with_flag()?;
    let n = usize::try_from(n).ok().filter(|&n| n <= len)?;
    let mut values = vec![0u64; len];
    if n == 0 {
        return Some(values);
    }
    if !sparse {
        for v in values.iter_mut().take(n) {
            *v = r.varint()?;
        }
        return Some(values);
    }
    let bits = r.varint()?;
    if bits >= 64 {
        return None;
    }
    for _ in 0..n {
        let pair = r.varint()?;
        let index = usize::try_from(pair & ((1u64 << bits) - 1)).ok()?;
        *values.get_mut(index)? = pair >> bits;
    }
    Some(values)
}
