//! MLIR: a bytecode decoder that prints MLIR's generic op form, MLIR text sniffing, and
//! the kernels inside XLA custom calls (Mosaic TPU, Triton, Mosaic GPU).
//!
//! Written from the public bytecode format description; no MLIR library is involved.
//! [`decode`] reads a `.mlirbc` buffer into a [`Module`]; [`Module::print`] prints it exactly
//! as MLIR's `print_generic_op_form` does, with debug info off (default) or on (not
//! pretty). Anything not understood (an unknown section, a dialect-specific encoding, a
//! property layout this decoder does not know) is printed on its own line
//! `// planeview: undecoded <what> (<N> bytes)` instead of guessed text.
//!
//! Builtin encodings decoded: attributes Array, Dictionary, String (with and without
//! type), FlatSymbolRef, SymbolRef, Type, Unit, Integer (up to 128 bits), Float (every
//! float kind: f16, bf16, f32, f64, f80, f128, tf32, the 8-, 6- and 4-bit kinds),
//! DenseArray, DenseIntOrFPElements, DenseStringElements, DenseResourceElements (with
//! the resource section, printed after the module as MLIR does), Distinct, and the
//! locations CallSite, FileLineCol, FileLineColRange, Fused (with and without metadata),
//! Name, Unknown; types Integer, Index, Function, BF16, F16, F32, F64, F80, F128,
//! Complex, MemRef (with and without memory space), None, RankedTensor (with and without
//! encoding), Tuple, UnrankedMemRef (both), UnrankedTensor, Vector (with and without
//! scalable dimensions). Dialect version data is read and kept (MLIR does not print it).
//! Shown opaque: SparseElements, external resources, and every non-builtin dialect's own
//! encoding (textual fallbacks are printed as written).
//!
//! Attribute and type aliases (`#map`, `#set`, `#distinct`, `!tuple`, and with locations
//! `#loc`) follow MLIR's printer (`alias.rs`).

mod alias;
mod attr;
mod bignum;
mod bytecode;
mod float;
mod ir;
mod payload;
mod print;
mod props;
mod props_table;
mod reader;

pub use attr::{Attr, Type};
pub use bytecode::MAGIC;
pub use ir::{Block, Op, Region};
pub use payload::{
    CustomCall, KernelPayload, PayloadFormat, custom_calls_in_stablehlo, kernel_from_custom_call,
};
pub use print::PrintOptions;

use crate::error::ImportError;
use crate::model::{Format, Trace, TraceBuilder};
use thiserror::Error;

/// Why a buffer could not be decoded at all.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum MlirError {
    /// The buffer does not start with `ML\xEFR`.
    #[error("not MLIR bytecode (no ML\\xEFR magic)")]
    NotBytecode,
    /// A bytecode version newer than this decoder reads.
    #[error(
        "MLIR bytecode version {version} is newer than this decoder reads (up to {})",
        bytecode::MAX_VERSION
    )]
    Version { version: u64 },
    /// The buffer ends inside a structure.
    #[error("MLIR bytecode ends at byte {offset}")]
    Truncated { offset: usize },
    /// A structure is broken.
    #[error("malformed MLIR bytecode: {what} at byte {offset}")]
    Malformed { what: &'static str, offset: usize },
}

/// Something the decoder skipped, printed as `// planeview: undecoded <what> (<bytes> bytes)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undecoded {
    pub what: String,
    pub bytes: usize,
}

/// A decoded bytecode module: the tables the IR refers to and the IR itself.
#[derive(Debug)]
pub struct Module {
    /// Bytecode version.
    pub version: u64,
    /// Producer string (`MLIR23.0.0git`).
    pub producer: String,
    pub op_names: Vec<OpName>,
    pub attrs: Vec<Attr>,
    pub types: Vec<Type>,
    /// Raw properties-section entries (v >= 5).
    pub properties: Vec<Vec<u8>>,
    /// Dialect names, in dialect-section order.
    pub dialects: Vec<String>,
    /// Dialect resources (`dense_resource<...>` data).
    pub resources: Vec<Resource>,
    /// Version data of versioned dialects: (dialect index, raw bytes).
    pub dialect_versions: Vec<(usize, Vec<u8>)>,
    /// The top-level block (normally one `builtin.module`).
    pub top: Block,
    /// What defines each value id.
    pub values: Vec<ir::ValueDef>,
    /// Type index of each value id (`u32::MAX` if never defined).
    pub value_types: Vec<u32>,
    /// Number of operations.
    pub op_count: u64,
    /// Size of the bytecode it was decoded from (the printer's budget grows with it).
    pub encoded_bytes: usize,
    /// File-level parts not decoded (sections, dialect versions, resources).
    pub undecoded: Vec<Undecoded>,
}

pub use bytecode::{OpName, Resource, ResourceValue};

/// Decodes MLIR bytecode.
pub fn decode(data: &[u8]) -> Result<Module, MlirError> {
    let mut undecoded = Vec::new();
    let tables = bytecode::read_tables(data, &mut undecoded)?;
    let (attrs, types) = attr::decode_tables(&tables);
    let ir = ir::read_ir(&tables)?;
    Ok(Module {
        version: tables.version,
        producer: tables.producer.clone(),
        op_names: tables.op_names.clone(),
        attrs,
        types,
        properties: tables.properties.iter().map(|p| p.to_vec()).collect(),
        dialects: tables.dialects.clone(),
        resources: tables.resources.clone(),
        dialect_versions: tables.dialect_versions.clone(),
        top: ir.top,
        values: ir.values,
        value_types: ir.value_types,
        op_count: ir.op_count,
        encoded_bytes: data.len(),
        undecoded,
    })
}

impl Module {
    /// The generic-form text, as MLIR prints it (see [`PrintOptions`]).
    pub fn print(&self, options: &PrintOptions) -> String {
        print::print(self, options)
    }
}

/// Whether `data` starts with the bytecode magic.
pub fn is_bytecode(data: &[u8]) -> bool {
    data.starts_with(&MAGIC)
}

/// Whether `data` looks like MLIR text: UTF-8 whose first meaningful line (after blank
/// lines and `//` comments) starts an MLIR top level: `module`, a quoted generic op
/// (`"builtin.module"(`, `"tt.func"(`), an alias definition (`#name =`, `!name =`),
/// `func.func` or `tt.func`.
pub fn is_text(data: &[u8]) -> bool {
    let head = &data[..data.len().min(4096)];
    let text = match std::str::from_utf8(head) {
        Ok(t) => t,
        // A multi-byte character cut at the 4 KiB boundary is still text.
        Err(e) if e.error_len().is_none() => {
            std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or_default()
        }
        Err(_) => return false,
    };
    let Some(line) = text
        .lines()
        .map(str::trim_start)
        .find(|l| !l.is_empty() && !l.starts_with("//"))
    else {
        return false;
    };
    let ident_then = |prefix: &str, rest: &str| {
        line.strip_prefix(prefix).is_some_and(|r| {
            let name_end = r
                .find(|c: char| !(c.is_ascii_alphanumeric() || "_.$-".contains(c)))
                .unwrap_or(r.len());
            name_end > 0 && r[name_end..].trim_start().starts_with(rest)
        })
    };
    line.starts_with("module ")
        || line == "module"
        || line.starts_with("module{")
        || generic_op_start(line)
        || ident_then("#", "=")
        || ident_then("!", "=")
        || line.starts_with("func.func ")
        || line.starts_with("tt.func ")
}

/// An MLIR file as imported: decoded bytecode, or text kept as written.
#[derive(Debug)]
pub enum Source {
    Bytecode(Box<Module>),
    Text(String),
}

impl Source {
    /// The text the MLIR view and `planeview mlir` show: bytecode printed in generic
    /// form, text as written.
    pub fn text(&self, options: &PrintOptions) -> String {
        match self {
            Source::Bytecode(m) => m.print(options),
            Source::Text(t) => t.clone(),
        }
    }
}

/// Imports an MLIR file (bytecode or text) as an empty timeline plus its [`Source`];
/// the timeline counts the operations of bytecode as events (text counts 0).
pub fn import(data: &[u8]) -> Result<(Source, Trace), ImportError> {
    let mut builder = TraceBuilder::new(Format::Mlir);
    let source = if is_bytecode(data) {
        let module = decode(data).map_err(|e| {
            let (detail, offset) = match e {
                MlirError::Truncated { offset } => {
                    ("the file ends inside a section".into(), offset)
                }
                MlirError::Malformed { what, offset } => (format!("broken {what}"), offset),
                MlirError::Version { .. } | MlirError::NotBytecode => (e.to_string(), 4),
            };
            ImportError::Malformed {
                format: "MLIR bytecode",
                detail,
                offset: offset as u64,
            }
        })?;
        builder.count_source_events(module.op_count);
        Source::Bytecode(Box::new(module))
    } else {
        Source::Text(String::from_utf8_lossy(data).into_owned())
    };
    Ok((source, builder.finish()))
}

/// A generic-form op at the start of a line: `"dialect.op"(`.
fn generic_op_start(line: &str) -> bool {
    line.strip_prefix('"')
        .and_then(|r| r.split_once('"'))
        .is_some_and(|(name, rest)| {
            name.contains('.')
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_.$".contains(c))
                && rest.starts_with('(')
        })
}
