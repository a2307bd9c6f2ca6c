//! The outer structure of MLIR bytecode: header, section extents, the string, dialect,
//! attribute/type-offset, resource and properties tables. The IR section is walked by
//! `ir.rs` and the attribute/type entries are decoded by `attr.rs`.
//!
//! Written from the public format description (mlir.llvm.org/docs/BytecodeFormat) and
//! checked against real kernels; see `docs/FORMATS.md` § MLIR bytecode.

use super::reader::Reader;
use super::{MlirError, Undecoded};

/// The magic bytes that open every MLIR bytecode buffer: `ML\xEFR`.
pub const MAGIC: [u8; 4] = [0x4D, 0x4C, 0xEF, 0x52];

/// Newest bytecode version this decoder reads.
pub const MAX_VERSION: u64 = 6;

/// Section ids.
const STRING: u8 = 0;
const DIALECT: u8 = 1;
const ATTR_TYPE: u8 = 2;
const ATTR_TYPE_OFFSET: u8 = 3;
const IR: u8 = 4;
const RESOURCE: u8 = 5;
const RESOURCE_OFFSET: u8 = 6;
const DIALECT_VERSIONS: u8 = 7;
const PROPERTIES: u8 = 8;
const SECTION_COUNT: usize = 9;

/// An operation name from the dialect section.
#[derive(Clone, Debug)]
pub struct OpName {
    /// Full name, `dialect.op`.
    pub full: String,
    /// Whether the writer had the op registered (v >= 5); `None` before.
    pub registered: Option<bool>,
}

/// Where one attribute or type entry lives and how it is encoded.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Index of the owning dialect.
    pub dialect: usize,
    /// Byte range in the AttrType section.
    pub start: usize,
    pub len: usize,
    /// The owning dialect's own encoding, rather than NUL-terminated text.
    pub custom: bool,
}

/// A dialect resource (`dense_resource<key>` refers to one by its index in the file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resource {
    /// Index of the owning dialect.
    pub dialect: usize,
    pub key: String,
    pub value: ResourceValue,
}

/// A resource's value, as the resource section stores it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResourceValue {
    /// Bytes and the alignment they were written with.
    Blob {
        alignment: u64,
        data: Vec<u8>,
    },
    Bool(bool),
    String(Vec<u8>),
}

/// The tables of a bytecode file, before the IR is walked.
#[derive(Debug)]
pub struct Tables<'a> {
    pub version: u64,
    pub producer: String,
    pub strings: Vec<&'a [u8]>,
    pub dialects: Vec<String>,
    pub op_names: Vec<OpName>,
    pub attr_entries: Vec<Entry>,
    pub type_entries: Vec<Entry>,
    /// The AttrType section's bytes and its offset in the buffer.
    pub attr_type_data: &'a [u8],
    pub attr_type_base: usize,
    /// Properties section entries (v >= 5).
    pub properties: Vec<&'a [u8]>,
    /// Dialect resources, in file order.
    pub resources: Vec<Resource>,
    /// Version data of versioned dialects (dialect index, raw bytes). MLIR does not print
    /// it; it only tells the dialect's reader which version wrote the file.
    pub dialect_versions: Vec<(usize, Vec<u8>)>,
    /// The IR section's bytes and offset.
    pub ir: Option<(&'a [u8], usize)>,
}

/// Reads the header and every table. Problems that leave the IR unreadable are errors;
/// problems confined to one table are recorded in `undecoded`.
pub fn read_tables<'a>(
    data: &'a [u8],
    undecoded: &mut Vec<Undecoded>,
) -> Result<Tables<'a>, MlirError> {
    if data.len() < 4 || data[..4] != MAGIC {
        return Err(MlirError::NotBytecode);
    }
    let mut r = Reader::new(&data[4..], 4);
    let version = r
        .varint()
        .ok_or(MlirError::Truncated { offset: r.offset() })?;
    if version > MAX_VERSION {
        return Err(MlirError::Version { version });
    }
    let producer = r
        .cstr()
        .ok_or(MlirError::Truncated { offset: r.offset() })?;
    let producer = String::from_utf8_lossy(producer).into_owned();

    let mut sections: [Option<(&[u8], usize)>; SECTION_COUNT] = [None; SECTION_COUNT];
    while !r.at_end() {
        let start = r.offset();
        let (id, body) = read_section(&mut r).ok_or(MlirError::Truncated { offset: start })?;
        match sections.get_mut(id as usize) {
            Some(slot @ None) if id != DIALECT_VERSIONS => *slot = Some(body),
            _ => undecoded.push(Undecoded {
                what: format!("section id {id}"),
                bytes: body.0.len(),
            }),
        }
    }

    let strings = match sections[STRING as usize] {
        Some((s, base)) => read_strings(s, base).ok_or(MlirError::Malformed {
            what: "string section",
            offset: base,
        })?,
        None => Vec::new(),
    };
    let mut dialect_versions = Vec::new();
    let (dialects, op_names) = match sections[DIALECT as usize] {
        Some((s, base)) => read_dialects(s, base, version, &strings, &mut dialect_versions).ok_or(
            MlirError::Malformed {
                what: "dialect section",
                offset: base,
            },
        )?,
        None => (Vec::new(), Vec::new()),
    };
    let (attr_type_data, attr_type_base) = sections[ATTR_TYPE as usize].unwrap_or((&[], 0));
    let (attr_entries, type_entries) = match sections[ATTR_TYPE_OFFSET as usize] {
        Some((s, base)) => read_attr_type_offsets(s, base, dialects.len(), attr_type_data.len())
            .ok_or(MlirError::Malformed {
                what: "attribute/type offset section",
                offset: base,
            })?,
        None => (Vec::new(), Vec::new()),
    };
    let properties = match sections[PROPERTIES as usize] {
        Some((s, base)) => read_properties(s, base).unwrap_or_else(|| {
            undecoded.push(Undecoded {
                what: "properties section".into(),
                bytes: s.len(),
            });
            Vec::new()
        }),
        None => Vec::new(),
    };
    let resources = match sections[RESOURCE_OFFSET as usize] {
        Some(offsets) => {
            let data = sections[RESOURCE as usize].unwrap_or((&[], 0));
            read_resources(offsets, data, &strings, dialects.len(), undecoded).ok_or(
                MlirError::Malformed {
                    what: "resource section",
                    offset: offsets.1,
                },
            )?
        }
        None => Vec::new(),
    };
    Ok(Tables {
        version,
        producer,
        strings,
        dialects,
        op_names,
        attr_entries,
        type_entries,
        attr_type_data,
        attr_type_base,
        properties,
        resources,
        dialect_versions,
        ir: sections[IR as usize],
    })
}

/// One section: `byte idAndIsAligned`, `varint length`, optional alignment padding.
pub fn read_section<'a>(r: &mut Reader<'a>) -> Option<(u8, (&'a [u8], usize))> {
    let id_aligned = r.byte()?;
    let id = id_aligned & 0x7F;
    let len = usize::try_from(r.varint()?).ok()?;
    if id_aligned & 0x80 != 0 {
        let alignment = r.varint()?;
        r.align_to(alignment)?;
    }
    let base = r.offset();
    Some((id, (r.bytes(len)?, base)))
}

/// `count`, then the lengths in reverse order, then the bytes (each string ends with NUL).
fn read_strings(data: &[u8], base: usize) -> Option<Vec<&[u8]>> {
    let mut r = Reader::new(data, base);
    let count = r.count(data.len())?;
    let mut lengths = Vec::with_capacity(count);
    for _ in 0..count {
        lengths.push(r.count(data.len())?);
    }
    lengths.reverse();
    let mut strings = Vec::with_capacity(count);
    for len in lengths {
        let s = r.bytes(len)?;
        let (last, body) = s.split_last()?;
        if *last != 0 {
            return None;
        }
        strings.push(body);
    }
    Some(strings)
}

/// A string by index, lossily as UTF-8.
pub fn string(strings: &[&[u8]], index: u64) -> Option<String> {
    let s = strings.get(usize::try_from(index).ok()?)?;
    Some(String::from_utf8_lossy(s).into_owned())
}

type DialectTables = (Vec<String>, Vec<OpName>);

fn read_dialects(
    data: &[u8],
    base: usize,
    version: u64,
    strings: &[&[u8]],
    versions: &mut Vec<(usize, Vec<u8>)>,
) -> Option<DialectTables> {
    let mut r = Reader::new(data, base);
    let n = r.count(data.len())?;
    let mut dialects = Vec::with_capacity(n);
    for _ in 0..n {
        let (name, has_version) = if version >= 1 {
            r.varint_with_flag()?
        } else {
            (r.varint()?, false)
        };
        dialects.push(string(strings, name)?);
        if has_version {
            let (id, (blob, _)) = read_section(&mut r)?;
            if id != DIALECT_VERSIONS {
                return None;
            }
            versions.push((dialects.len() - 1, blob.to_vec()));
        }
    }
    if version >= 4 {
        r.varint()?; // total op names, a reservation hint
    }
    let mut op_names = Vec::new();
    while !r.at_end() {
        let dialect = r.count(dialects.len().saturating_sub(1))?;
        let count = r.count(r.remaining())?;
        for _ in 0..count {
            let (name, registered) = if version >= 5 {
                let (s, flag) = r.varint_with_flag()?;
                (s, Some(flag))
            } else {
                (r.varint()?, None)
            };
            op_names.push(OpName {
                full: format!("{}.{}", dialects.get(dialect)?, string(strings, name)?),
                registered,
            });
        }
    }
    Some((dialects, op_names))
}

fn read_attr_type_offsets(
    data: &[u8],
    base: usize,
    dialects: usize,
    table_len: usize,
) -> Option<(Vec<Entry>, Vec<Entry>)> {
    let mut r = Reader::new(data, base);
    let num_attrs = r.count(data.len())?;
    let num_types = r.count(data.len())?;
    let mut offset = 0usize;
    let mut read_group = |r: &mut Reader, out: &mut Vec<Entry>, total: usize| -> Option<()> {
        while out.len() < total {
            let dialect = r.count(dialects.saturating_sub(1))?;
            let n = r.count(total - out.len())?;
            for _ in 0..n {
                let (size, custom) = r.varint_with_flag()?;
                let len = usize::try_from(size).ok()?;
                let end = offset.checked_add(len).filter(|&e| e <= table_len)?;
                out.push(Entry {
                    dialect,
                    start: offset,
                    len,
                    custom,
                });
                offset = end;
            }
        }
        Some(())
    };
    let mut attrs = Vec::with_capacity(num_attrs);
    read_group(&mut r, &mut attrs, num_attrs)?;
    let mut types = Vec::with_capacity(num_types);
    read_group(&mut r, &mut types, num_types)?;
    Some((attrs, types))
}

fn read_properties(data: &[u8], base: usize) -> Option<Vec<&[u8]>> {
    let mut r = Reader::new(data, base);
    let count = r.count(data.len())?;
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        let len = r.count(data.len())?;
        out.push(r.bytes(len)?);
    }
    Some(out)
}

/// The resource offset section (`varint` external group count, then groups: a key
/// (external: a string; dialect: a dialect index), `varint` count and per resource
/// `varint key, varint size, byte kind`) and the resource section holding the values in
/// the same order. External groups (no dialect owns them) are skipped and reported.
fn read_resources(
    (offsets, offsets_base): (&[u8], usize),
    (data, data_base): (&[u8], usize),
    strings: &[&[u8]],
    num_dialects: usize,
    undecoded: &mut Vec<Undecoded>,
) -> Option<Vec<Resource>> {
    let mut r = Reader::new(offsets, offsets_base);
    let mut values = Reader::new(data, data_base);
    let external = r.count(offsets.len())?;
    let mut resources = Vec::new();
    for group in 0..external + offsets.len() {
        if group >= external && r.at_end() {
            break;
        }
        let dialect = if group < external {
            string(strings, r.varint()?)?;
            None
        } else {
            Some(r.count(num_dialects.checked_sub(1)?)?)
        };
        let n = r.count(r.remaining())?;
        for _ in 0..n {
            let key = string(strings, r.varint()?)?;
            let size = r.count(values.remaining())?;
            let kind = r.byte()?;
            let start = values.offset();
            let bytes = values.bytes(size)?;
            let Some(dialect) = dialect else {
                undecoded.push(Undecoded {
                    what: format!("external resource {key}"),
                    bytes: size,
                });
                continue;
            };
            let mut v = Reader::new(bytes, start);
            let value = match kind {
                0 => {
                    let alignment = v.varint()?;
                    let len = v.count(size)?;
                    v.align_to(alignment)?;
                    ResourceValue::Blob {
                        alignment,
                        data: v.bytes(len)?.to_vec(),
                    }
                }
                1 => ResourceValue::Bool(v.byte()? != 0),
                2 => ResourceValue::String(strings.get(v.count(strings.len())?)?.to_vec()),
                _ => return None,
            };
            resources.push(Resource {
                dialect,
                key,
                value,
            });
        }
    }
    Some(resources)
}
