//! Format detection and dispatch: bytes in, [`Trace`] out.
//!
//! Detection is by content only; a file name is at most a hint for messages. Gzip is
//! recognised by its magic bytes around any format and decompressed first. Then the sniffers
//! run in a fixed order: Chrome JSON (text starting with `{` or `[`), Perfetto (a `Trace` of
//! `TracePacket`s, recognised so that it gets a clear "not imported yet" error), HLO modules
//! (text starting `HloModule`, or an `HloProto` / `HloModuleProto` whose first field is the
//! module or its printable name), and XSpace (a protobuf whose top-level fields are
//! XSpace's).

pub mod chrome_json;
mod gzip;
pub mod hlo;
pub mod xplane;

use crate::diagnostics::Severity;
use crate::error::ImportError;
use crate::limits::{KEEP_ARGS_UP_TO_BYTES, MAX_UNPACKED_BYTES};
use crate::model::Trace;

pub use gzip::{Gunzipped, gunzip, is_gzip};

/// An imported profile with the sizes `planeview summary` reports.
#[derive(Debug)]
pub struct Imported {
    /// The model.
    pub trace: Trace,
    /// Size of the input as given.
    pub bytes: u64,
    /// Size after decompression.
    pub unpacked_bytes: u64,
}

/// What `detect` decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detected {
    /// Chrome trace-event JSON (or JSON that its importer will reject as not a trace).
    ChromeJson,
    /// XSpace protobuf.
    Xspace,
    /// Perfetto protobuf, not imported by this version.
    Perfetto,
    /// HLO module: text dump, `HloProto` or `HloModuleProto`.
    Hlo,
}

/// Decides the format of decompressed `bytes`, or `None` if no importer claims them.
pub fn detect(bytes: &[u8]) -> Option<Detected> {
    if chrome_json::sniff(bytes) {
        Some(Detected::ChromeJson)
    } else if looks_like_perfetto(bytes) {
        Some(Detected::Perfetto)
    } else if hlo::sniff(bytes) {
        Some(Detected::Hlo)
    } else if xplane::sniff(bytes) {
        Some(Detected::Xspace)
    } else {
        None
    }
}

/// How to import.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImportOptions {
    /// Reduced detail: drop args and stats (the page offers this after the engine ran out
    /// of memory).
    pub drop_args: bool,
    /// Past this many decompressed bytes, args are dropped anyway (see
    /// [`KEEP_ARGS_UP_TO_BYTES`]).
    pub keep_args_up_to_bytes: u64,
}

impl Default for ImportOptions {
    fn default() -> Self {
        ImportOptions {
            drop_args: false,
            keep_args_up_to_bytes: KEEP_ARGS_UP_TO_BYTES,
        }
    }
}

/// Imports a whole file held in memory.
pub fn import_bytes(input: &[u8]) -> Result<Imported, ImportError> {
    import_bytes_with(input, &ImportOptions::default())
}

/// [`import_bytes`] with options. A reduced-detail import, asked for or forced by the size
/// of the input, records a `degraded_import` diagnostic that says why.
pub fn import_bytes_with(input: &[u8], options: &ImportOptions) -> Result<Imported, ImportError> {
    if input.is_empty() {
        return Err(ImportError::Empty);
    }
    let unpacked;
    let (data, gzip_cut) = if is_gzip(input) {
        unpacked = gzip::gunzip(input, MAX_UNPACKED_BYTES)?;
        (&unpacked.data[..], unpacked.cut)
    } else {
        (input, None)
    };
    if data.is_empty() {
        return Err(ImportError::Empty);
    }
    let over_budget = data.len() as u64 > options.keep_args_up_to_bytes;
    let effective = ImportOptions {
        drop_args: options.drop_args || over_budget,
        ..*options
    };
    let mut trace = match detect(data) {
        Some(Detected::ChromeJson) => chrome_json::import_with(data, &effective)?,
        Some(Detected::Xspace) => xplane::import_with(data, &effective)?,
        Some(Detected::Hlo) => hlo::import(data)?,
        Some(Detected::Perfetto) => {
            return Err(ImportError::NotRecognised(
                "a Perfetto protobuf trace; this version imports XSpace and Chrome JSON only"
                    .into(),
            ));
        }
        None => return Err(ImportError::NotRecognised(describe_unknown(data))),
    };
    if let Some(cut) = gzip_cut {
        if trace.diagnostics.get("truncated_input").is_none() {
            trace
                .diagnostics
                .report("truncated_input", Severity::DataLoss, || {
                    format!(
                        "gzip stream ends at byte {} of the decompressed data ({cut})",
                        data.len()
                    )
                });
        }
    }
    if effective.drop_args {
        report_degraded(&mut trace, options, data.len());
    }
    Ok(Imported {
        trace,
        bytes: input.len() as u64,
        unpacked_bytes: data.len() as u64,
    })
}

/// Records why args and stats were not kept.
fn report_degraded(trace: &mut Trace, options: &ImportOptions, unpacked: usize) {
    trace.diagnostics.report("degraded_import", Severity::DataLoss, || {
        if options.drop_args {
            "reduced detail: args and stats were not kept, as asked".to_owned()
        } else {
            format!(
                "args and stats were not kept: the input ({unpacked} bytes) is over the {} bytes \
                 up to which they fit in memory here",
                options.keep_args_up_to_bytes
            )
        }
    });
}

/// A short description of what unrecognised bytes look like, for the error line.
fn describe_unknown(data: &[u8]) -> String {
    let head: Vec<String> = data.iter().take(4).map(|b| format!("{b:02x}")).collect();
    if std::str::from_utf8(&data[..data.len().min(256)]).is_ok() {
        format!(
            "text starting {:?}",
            String::from_utf8_lossy(&data[..data.len().min(24)])
        )
    } else {
        format!("binary data starting {}", head.join(" "))
    }
}

/// A Perfetto `Trace` is a sequence of field-1 `TracePacket`s whose own fields include the
/// timestamp (8), trusted sequence id (10) or a track event / descriptor (11, 60) early on.
fn looks_like_perfetto(data: &[u8]) -> bool {
    let Some((len, n)) = read_varint(data.get(1..).unwrap_or_default()) else {
        return false;
    };
    if data.first() != Some(&0x0a) || len == 0 {
        return false;
    }
    let packet = &data[1 + n..];
    let packet = &packet[..packet.len().min(len as usize)];
    // First tag of the packet: field number and wire type.
    let Some((tag, _)) = read_varint(packet) else {
        return false;
    };
    let (field, wire) = (tag >> 3, tag & 7);
    matches!(
        (field, wire),
        (8, 0) | (10, 0) | (11, 2) | (13, 0) | (58, 0) | (60, 2) | (36, 2) | (41, 2) | (87, 0)
    )
}

fn read_varint(data: &[u8]) -> Option<(u64, usize)> {
    let mut value = 0u64;
    for (i, &b) in data.iter().enumerate().take(10) {
        value |= u64::from(b & 0x7f) << (7 * i);
        if b < 0x80 {
            return Some((value, i + 1));
        }
    }
    None
}
