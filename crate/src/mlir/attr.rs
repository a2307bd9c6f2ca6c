//! Attribute and type entries: the builtin dialect's own encodings decoded into
//! [`Attr`] / [`Type`], textual fallbacks kept as text, everything else [`Attr::Undecoded`].
//!
//! Entries refer to each other by index only, so they are decoded one by one without
//! recursion; the printer resolves indices (and guards against cycles with a depth limit).

use super::bytecode::{Entry, Tables};
use super::reader::Reader;

/// A decoded attribute. Indices (`u32`) point into the attribute or type table.
#[derive(Clone, Debug, PartialEq)]
pub enum Attr {
    /// A non-builtin (or builtin, like `affine_map<...>`) attribute stored as its text.
    Text(String),
    Array(Vec<u32>),
    /// `(name attribute, value attribute)` pairs, in stored (sorted) order.
    Dict(Vec<(u32, u32)>),
    /// A string, with its type when it has one.
    String {
        value: Vec<u8>,
        ty: Option<u32>,
    },
    /// `@root::@nested...`; `root` and `nested` are attribute indices of strings / flat refs.
    SymbolRef {
        root: u32,
        nested: Vec<u32>,
    },
    Type(u32),
    Unit,
    /// An integer of type `ty`; `value` holds the bits, zero-extended from the type's width.
    Integer {
        ty: u32,
        value: u128,
    },
    /// A float of type `ty`; `bits` is its bit pattern.
    Float {
        ty: u32,
        bits: u128,
    },
    CallSiteLoc {
        callee: u32,
        caller: u32,
    },
    /// `file:line:col`, or a range. `end_line`/`end_col` equal the start when absent.
    FileLoc {
        file: u32,
        line: u64,
        col: u64,
        end_line: u64,
        end_col: u64,
    },
    FusedLoc {
        locs: Vec<u32>,
        metadata: Option<u32>,
    },
    NameLoc {
        name: u32,
        child: u32,
    },
    UnknownLoc,
    /// `array<elem: ...>`: element type and raw little-endian data.
    DenseArray {
        elem: u32,
        count: u64,
        data: Vec<u8>,
    },
    /// `dense<...>` of a shaped type, raw data in MLIR's buffer layout.
    DenseElements {
        ty: u32,
        data: Vec<u8>,
    },
    /// `dense<"...">` of a shaped type: one string when `splat`, else one per element.
    DenseStrings {
        ty: u32,
        splat: bool,
        values: Vec<Vec<u8>>,
    },
    /// `dense_resource<key>`: `handle` indexes the file's dialect resources.
    DenseResource {
        ty: u32,
        handle: u32,
    },
    /// `distinct[N]<referenced>`; N is given while printing.
    Distinct(u32),
    /// An entry this decoder does not understand.
    Undecoded {
        what: String,
        bytes: usize,
    },
}

/// A decoded type.
#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    /// A dialect type stored as its text (`!tt.ptr<f32>`).
    Text(String),
    /// `i32`, `si8`, `ui16`: signedness 0 signless, 1 signed, 2 unsigned.
    Integer {
        width: u32,
        signedness: u8,
    },
    Index,
    BF16,
    F16,
    F32,
    F64,
    F80,
    F128,
    /// A float kind with a builtin encoding but no variant here (`tf32`, `f8E4M3FN`, ...),
    /// by its name.
    NamedFloat(&'static str),
    None,
    Function {
        inputs: Vec<u32>,
        results: Vec<u32>,
    },
    Complex(u32),
    /// Shape dims (negative = dynamic), element type, layout and memory space attributes.
    MemRef {
        shape: Vec<i64>,
        elem: u32,
        layout: u32,
        space: Option<u32>,
    },
    UnrankedMemRef {
        elem: u32,
        space: Option<u32>,
    },
    RankedTensor {
        shape: Vec<i64>,
        elem: u32,
        encoding: Option<u32>,
    },
    UnrankedTensor(u32),
    Tuple(Vec<u32>),
    /// `scalable` is empty or has one flag per dimension (`[4]` when set).
    Vector {
        shape: Vec<i64>,
        elem: u32,
        scalable: Vec<bool>,
    },
    Undecoded {
        what: String,
        bytes: usize,
    },
}

impl Type {
    /// Bit width of an integer, index or float type (index is 64 bits, as MLIR stores it;
    /// float kinds without a builtin encoding are known by name).
    pub fn bit_width(&self) -> Option<u32> {
        Some(match self {
            Type::Integer { width, .. } => *width,
            Type::Index => 64,
            _ => return super::float::semantics(self).map(|s| s.width()),
        })
    }
}

/// Decodes every type, then every attribute (integer and float attributes need their
/// type's width).
pub fn decode_tables(t: &Tables) -> (Vec<Attr>, Vec<Type>) {
    let types: Vec<Type> = t
        .type_entries
        .iter()
        .map(|e| decode_entry(t, e, |r, kind| decode_type(r, kind, t), text_type))
        .collect();
    let attrs = t
        .attr_entries
        .iter()
        .map(|e| decode_entry(t, e, |r, kind| decode_attr(r, kind, t, &types), text_attr))
        .collect();
    (attrs, types)
}

trait Undecodable {
    fn undecoded(what: String, bytes: usize) -> Self;
}
impl Undecodable for Attr {
    fn undecoded(what: String, bytes: usize) -> Self {
        Attr::Undecoded { what, bytes }
    }
}
impl Undecodable for Type {
    fn undecoded(what: String, bytes: usize) -> Self {
        Type::Undecoded { what, bytes }
    }
}
fn text_attr(s: String) -> Attr {
    Attr::Text(s)
}
fn text_type(s: String) -> Type {
    Type::Text(s)
}

fn decode_entry<T: Undecodable>(
    t: &Tables,
    e: &Entry,
    custom: impl Fn(&mut Reader, u64) -> Option<T>,
    text: fn(String) -> T,
) -> T {
    let bytes = &t.attr_type_data[e.start..e.start + e.len];
    let dialect = t.dialects.get(e.dialect).map_or("?", String::as_str);
    let mut r = Reader::new(bytes, t.attr_type_base + e.start);
    if !e.custom {
        return match r.cstr() {
            Some(s) if r.at_end() => text(String::from_utf8_lossy(s).into_owned()),
            _ => T::undecoded(format!("{dialect} text entry"), e.len),
        };
    }
    if dialect != "builtin" {
        return T::undecoded(format!("{dialect} dialect encoding"), e.len);
    }
    let Some(kind) = r.varint() else {
        return T::undecoded("builtin entry".into(), e.len);
    };
    match custom(&mut r, kind) {
        Some(v) if r.at_end() => v,
        _ => T::undecoded(format!("builtin encoding {kind}"), e.len),
    }
}

fn index(r: &mut Reader, len: usize) -> Option<u32> {
    let v = r.varint()?;
    u32::try_from(v).ok().filter(|&i| (i as usize) < len)
}

fn list(r: &mut Reader, len: usize) -> Option<Vec<u32>> {
    let n = r.count(r.remaining())?;
    (0..n).map(|_| index(r, len)).collect()
}

fn shape(r: &mut Reader) -> Option<Vec<i64>> {
    let rank = r.count(r.remaining())?;
    (0..rank).map(|_| r.signed_varint()).collect()
}

fn decode_type(r: &mut Reader, kind: u64, t: &Tables) -> Option<Type> {
    let nt = t.type_entries.len();
    let na = t.attr_entries.len();
    Some(match kind {
        0 => {
            let v = r.varint()?;
            let width = u32::try_from(v >> 2).ok()?;
            let signedness = (v & 3) as u8;
            if signedness == 3 {
                return None;
            }
            Type::Integer { width, signedness }
        }
        1 => Type::Index,
        2 => Type::Function {
            inputs: list(r, nt)?,
            results: list(r, nt)?,
        },
        3 => Type::BF16,
        4 => Type::F16,
        5 => Type::F32,
        6 => Type::F64,
        7 => Type::F80,
        8 => Type::F128,
        9 => Type::Complex(index(r, nt)?),
        10 => Type::MemRef {
            shape: shape(r)?,
            elem: index(r, nt)?,
            layout: index(r, na)?,
            space: None,
        },
        11 => {
            let space = index(r, na)?;
            Type::MemRef {
                shape: shape(r)?,
                elem: index(r, nt)?,
                layout: index(r, na)?,
                space: Some(space),
            }
        }
        12 => Type::None,
        13 => Type::RankedTensor {
            shape: shape(r)?,
            elem: index(r, nt)?,
            encoding: None,
        },
        14 => {
            let encoding = index(r, na)?;
            Type::RankedTensor {
                shape: shape(r)?,
                elem: index(r, nt)?,
                encoding: Some(encoding),
            }
        }
        15 => Type::Tuple(list(r, nt)?),
        16 => Type::UnrankedMemRef {
            elem: index(r, nt)?,
            space: None,
        },
        17 => {
            let space = index(r, na)?;
            Type::UnrankedMemRef {
                elem: index(r, nt)?,
                space: Some(space),
            }
        }
        18 => Type::UnrankedTensor(index(r, nt)?),
        19 => Type::Vector {
            shape: shape(r)?,
            elem: index(r, nt)?,
            scalable: Vec::new(),
        },
        20 => {
            let n = r.count(r.remaining())?;
            let scalable = (0..n)
                .map(|_| r.byte().map(|b| b != 0))
                .collect::<Option<Vec<_>>>()?;
            let shape = shape(r)?;
            if shape.len() != scalable.len() {
                return None;
            }
            Type::Vector {
                shape,
                elem: index(r, nt)?,
                scalable,
            }
        }
        21..=32 => Type::NamedFloat(NAMED_FLOATS[(kind - 21) as usize]),
        _ => return None,
    })
}

/// Builtin type encodings 21 to 32: the float kinds without a variant of their own.
const NAMED_FLOATS: [&str; 12] = [
    "tf32",
    "f8E5M2",
    "f8E4M3",
    "f8E4M3FN",
    "f8E5M2FNUZ",
    "f8E4M3FNUZ",
    "f8E4M3B11FNUZ",
    "f8E3M4",
    "f4E2M1FN",
    "f6E2M3FN",
    "f6E3M2FN",
    "f8E8M0FNU",
];

/// Reads an APInt of a known bit width: one byte up to 8 bits, a signed varint up to 64,
/// else a word count and signed-varint words (up to 128 bits here).
fn apint(r: &mut Reader, width: u32) -> Option<u128> {
    let raw: u128 = if width <= 8 {
        u128::from(r.byte()?)
    } else if width <= 64 {
        r.signed_varint()? as u64 as u128
    } else {
        let words = r.count(2)?;
        let mut v = 0u128;
        for i in 0..words {
            v |= u128::from(r.signed_varint()? as u64) << (64 * i);
        }
        if width > 128 {
            return None;
        }
        v
    };
    Some(if width >= 128 {
        raw
    } else {
        raw & ((1u128 << width) - 1)
    })
}

fn blob(r: &mut Reader) -> Option<Vec<u8>> {
    let n = r.count(r.remaining())?;
    Some(r.bytes(n)?.to_vec())
}

fn decode_attr(r: &mut Reader, kind: u64, t: &Tables, types: &[Type]) -> Option<Attr> {
    let na = t.attr_entries.len();
    let nt = types.len();
    let width_of = |ty: u32| types.get(ty as usize).and_then(Type::bit_width);
    Some(match kind {
        0 => Attr::Array(list(r, na)?),
        1 => {
            let n = r.count(r.remaining())?;
            let pairs = (0..n)
                .map(|_| Some((index(r, na)?, index(r, na)?)))
                .collect::<Option<Vec<_>>>()?;
            Attr::Dict(pairs)
        }
        2 => Attr::String {
            value: t.strings.get(r.count(t.strings.len())?)?.to_vec(),
            ty: None,
        },
        3 => Attr::String {
            value: t.strings.get(r.count(t.strings.len())?)?.to_vec(),
            ty: Some(index(r, nt)?),
        },
        4 => Attr::SymbolRef {
            root: index(r, na)?,
            nested: Vec::new(),
        },
        5 => Attr::SymbolRef {
            root: index(r, na)?,
            nested: list(r, na)?,
        },
        6 => Attr::Type(index(r, nt)?),
        7 => Attr::Unit,
        8 => {
            let ty = index(r, nt)?;
            let value = apint(r, width_of(ty)?)?;
            Attr::Integer { ty, value }
        }
        9 => {
            let ty = index(r, nt)?;
            let bits = apint(r, width_of(ty)?)?;
            Attr::Float { ty, bits }
        }
        10 => Attr::CallSiteLoc {
            callee: index(r, na)?,
            caller: index(r, na)?,
        },
        11 => {
            let file = index(r, na)?;
            let line = r.varint()?;
            let col = r.varint()?;
            Attr::FileLoc {
                file,
                line,
                col,
                end_line: line,
                end_col: col,
            }
        }
        12 => Attr::FusedLoc {
            locs: list(r, na)?,
            metadata: None,
        },
        13 => Attr::FusedLoc {
            locs: list(r, na)?,
            metadata: Some(index(r, na)?),
        },
        14 => Attr::NameLoc {
            name: index(r, na)?,
            child: index(r, na)?,
        },
        15 => Attr::UnknownLoc,
        16 => Attr::DenseResource {
            ty: index(r, nt)?,
            handle: u32::try_from(r.count(t.resources.len().checked_sub(1)?)?).ok()?,
        },
        17 => Attr::DenseArray {
            elem: index(r, nt)?,
            count: r.varint()?,
            data: blob(r)?,
        },
        18 => Attr::DenseElements {
            ty: index(r, nt)?,
            data: blob(r)?,
        },
        19 => dense_strings(r, t, types)?,
        21 => Attr::Distinct(index(r, na)?),
        22 => file_line_col_range(r, na)?,
        _ => return None,
    })
}

/// `DenseStringElements`: the shaped type, a splat flag, then one string (splat) or one
/// per element, each a string-table index.
fn dense_strings(r: &mut Reader, t: &Tables, types: &[Type]) -> Option<Attr> {
    let ty = index(r, types.len())?;
    let splat = r.varint()? != 0;
    let n = if splat {
        1
    } else {
        let shape = match types.get(ty as usize)? {
            Type::RankedTensor { shape, .. }
            | Type::Vector { shape, .. }
            | Type::MemRef { shape, .. } => shape,
            _ => return None,
        };
        shape.iter().try_fold(1usize, |n, &d| {
            n.checked_mul(usize::try_from(d).ok()?)
                .filter(|&n| n <= r.remaining())
        })?
    };
    let values = (0..n)
        .map(|_| Some(t.strings.get(r.count(t.strings.len())?)?.to_vec()))
        .collect::<Option<Vec<_>>>()?;
    Some(Attr::DenseStrings { ty, splat, values })
}

/// `FileLineColRange`: the file name attribute, then a count of raw values (0 to 4:
/// start line, start column, end column or end line and end column) and the values.
fn file_line_col_range(r: &mut Reader, na: usize) -> Option<Attr> {
    let file = index(r, na)?;
    let n = r.varint()?;
    let mut v = [0u64; 4];
    for slot in v.iter_mut().take(n as usize) {
        *slot = r.varint()?;
    }
    let (line, col) = (v[0], v[1]);
    let (end_line, end_col) = match n {
        0..=2 => (line, col),
        3 => (line, v[2]),
        4 => (v[2], v[3]),
        _ => return None,
    };
    Some(Attr::FileLoc {
        file,
        line,
        col,
        end_line,
        end_col,
    })
}
