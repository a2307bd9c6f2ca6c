//! Format detection and dispatch: bytes in, [`Trace`] out.
//!
//! Detection is by content only; a file name is at most a hint for messages. Gzip is
//! recognised by its magic bytes around any format and decompressed first. Then the sniffers
//! run in a fixed order: Chrome JSON (text starting with `{` or `[`), Perfetto (a `Trace` of
//! `TracePacket`s), HLO modules (text starting `HloModule`, or an `HloProto` /
//! `HloModuleProto` whose first field is the module or its printable name), and XSpace (a
//! protobuf whose top-level fields are XSpace's). MLIR bytecode (magic `ML\xEFR`) and MLIR
//! text are recognised before Perfetto and XSpace and imported as an empty timeline carrying
//! the MLIR ([`Imported::mlir`]).

pub mod chrome_json;
mod gzip;
pub mod hlo;
mod in_order;
mod in_parts;
mod incoming;
pub mod perfetto;
mod protowire;
pub mod xplane;

use crate::diagnostics::DiagnosticKind;
use crate::error::ImportError;
use crate::limits::{
    KEEP_ARGS_STREAMED_UP_TO_BYTES, KEEP_ARGS_UP_TO_BYTES, MAX_UNPACKED_BYTES, MODEL_BUDGET_BYTES,
};
use crate::model::Trace;

pub use chrome_json::ScanBackend;
pub use gzip::{GunzipStream, Gunzipped, gunzip, is_gzip};
pub use in_parts::import_in_parts;
pub use incoming::Incoming;

/// An imported profile with the sizes `planeview summary` reports.
#[derive(Debug)]
pub struct Imported {
    /// The model.
    pub trace: Trace,
    /// Size of the input as given.
    pub bytes: u64,
    /// Size after decompression.
    pub unpacked_bytes: u64,
    /// The MLIR of an MLIR file (bytecode decoded, text as written); `None` otherwise.
    pub mlir: Option<crate::mlir::Source>,
}

/// What `detect` decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detected {
    /// Chrome trace-event JSON (or JSON that its importer will reject as not a trace).
    ChromeJson,
    /// XSpace protobuf.
    Xspace,
    /// Perfetto protobuf (a `Trace` of `TracePacket`s).
    Perfetto,
    /// MLIR bytecode or MLIR text.
    Mlir,
    /// HLO module: text dump, `HloProto` or `HloModuleProto`.
    Hlo,
}

/// Decides the format of decompressed `bytes`, or `None` if no importer claims them.
pub fn detect(bytes: &[u8]) -> Option<Detected> {
    if chrome_json::sniff(bytes) {
        Some(Detected::ChromeJson)
    } else if crate::mlir::is_bytecode(bytes) || crate::mlir::is_text(bytes) {
        Some(Detected::Mlir)
    } else if perfetto::sniff(bytes) {
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
    /// The same for Chrome JSON read as it arrives ([`Incoming`]), where the input is not
    /// held (see [`KEEP_ARGS_STREAMED_UP_TO_BYTES`]).
    pub keep_streamed_args_up_to_bytes: u64,
    /// The model's memory budget, past which it is sampled (see [`MODEL_BUDGET_BYTES`]).
    pub model_budget_bytes: u64,
    /// The Chrome JSON tokenizer's byte searches: the vector backend (the default) or the
    /// scalar one; both give the same model (tests compare them), only the speed differs.
    pub scan: ScanBackend,
    /// Threads an import may use (natively; the page's engine has one): an XSpace's events
    /// are decoded on that many (see `in_order.rs`). Every value gives the same model.
    pub threads: usize,
    /// Events of an XSpace line decoded as one unit of work, on one thread (at least 1; see
    /// [`XSPACE_RUN_EVENTS`]). Every value gives the same model; only the speed differs.
    pub xspace_run_events: usize,
}

/// The default [`ImportOptions::xspace_run_events`]: large enough that handing a run from
/// thread to thread costs little, small enough that the runs waiting to be placed hold a
/// few MiB (about 1 MiB each).
pub const XSPACE_RUN_EVENTS: usize = 8192;

impl Default for ImportOptions {
    fn default() -> Self {
        ImportOptions {
            drop_args: false,
            keep_args_up_to_bytes: KEEP_ARGS_UP_TO_BYTES,
            keep_streamed_args_up_to_bytes: KEEP_ARGS_STREAMED_UP_TO_BYTES,
            model_budget_bytes: MODEL_BUDGET_BYTES,
            scan: ScanBackend::Vector,
            threads: 1,
            xspace_run_events: XSPACE_RUN_EVENTS,
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
    if is_gzip(input) {
        let unpacked = gzip::gunzip(input, MAX_UNPACKED_BYTES)?;
        return import_unpacked_owned(unpacked.data, unpacked.cut, input.len() as u64, options);
    }
    import_unpacked(input, None, input.len() as u64, options)
}

/// Imports already decompressed `data`: what [`import_bytes_with`] does after gunzip, for
/// callers that decompress as the bytes arrive ([`GunzipStream`]). `gzip_cut` is why the
/// gzip stream ended early, if it did; `bytes` is the size of the input as given.
pub fn import_unpacked(
    data: &[u8],
    gzip_cut: Option<String>,
    bytes: u64,
    options: &ImportOptions,
) -> Result<Imported, ImportError> {
    import_unpacked_from(Unpacked::Borrowed(data), gzip_cut, bytes, options)
}

/// [`import_unpacked`] on bytes it may release as soon as the importer no longer reads them
/// (an XSpace file before its model is sorted), lowering the import's peak memory.
pub fn import_unpacked_owned(
    data: Vec<u8>,
    gzip_cut: Option<String>,
    bytes: u64,
    options: &ImportOptions,
) -> Result<Imported, ImportError> {
    import_unpacked_from(Unpacked::Owned(data), gzip_cut, bytes, options)
}

/// Decompressed input, borrowed or owned.
enum Unpacked<'a> {
    Borrowed(&'a [u8]),
    Owned(Vec<u8>),
}

impl Unpacked<'_> {
    fn bytes(&self) -> &[u8] {
        match self {
            Unpacked::Borrowed(b) => b,
            Unpacked::Owned(v) => v,
        }
    }
}

fn import_unpacked_from(
    input: Unpacked,
    gzip_cut: Option<String>,
    bytes: u64,
    options: &ImportOptions,
) -> Result<Imported, ImportError> {
    let data = input.bytes();
    if data.is_empty() {
        return Err(ImportError::Empty);
    }
    let tail = Tail::new(gzip_cut, bytes, data.len(), options);
    let effective = tail.effective;
    let mut mlir = None;
    let trace = match detect(data) {
        Some(Detected::Mlir) => {
            let (source, trace) = crate::mlir::import(data)?;
            mlir = Some(source);
            trace
        }
        Some(Detected::ChromeJson) => chrome_json::import_with(data, &effective)?,
        Some(Detected::Xspace) => match input {
            Unpacked::Owned(v) => xplane::import_owned(v, &effective)?,
            Unpacked::Borrowed(b) => xplane::import_with(b, &effective)?,
        },
        Some(Detected::Perfetto) => perfetto::import_with(data, &effective)?,
        Some(Detected::Hlo) => hlo::import(data)?,
        None => return Err(ImportError::NotRecognised(describe_unknown(data))),
    };
    Ok(tail.complete(trace, mlir))
}

/// What an import adds to the importer's model: the gzip cut and the reduced detail as
/// diagnostics, and the sizes.
#[derive(Debug)]
struct Tail {
    gzip_cut: Option<String>,
    bytes: u64,
    len: usize,
    options: ImportOptions,
    /// The options the importer runs with: without args past
    /// [`ImportOptions::keep_args_up_to_bytes`] decompressed bytes.
    effective: ImportOptions,
}

impl Tail {
    fn new(gzip_cut: Option<String>, bytes: u64, len: usize, options: &ImportOptions) -> Self {
        Tail {
            gzip_cut,
            bytes,
            len,
            options: *options,
            effective: ImportOptions {
                drop_args: options.drop_args || len as u64 > options.keep_args_up_to_bytes,
                ..*options
            },
        }
    }

    fn complete(self, mut trace: Trace, mlir: Option<crate::mlir::Source>) -> Imported {
        let len = self.len;
        if let Some(cut) = self.gzip_cut {
            if trace
                .diagnostics
                .get(DiagnosticKind::TruncatedInput)
                .is_none()
            {
                trace
                    .diagnostics
                    .record(DiagnosticKind::TruncatedInput, || {
                        format!("gzip stream ends at byte {len} of the decompressed data ({cut})")
                    });
            }
        }
        if self.effective.drop_args {
            report_degraded(&mut trace, &self.options, len);
        }
        Imported {
            trace,
            bytes: self.bytes,
            unpacked_bytes: len as u64,
            mlir,
        }
    }
}

/// [`import_unpacked_owned`] in steps: an XSpace is read a few runs of events per
/// [`Finishing::step`] (see [`xplane::Stepwise`]); any other input is imported at once.
/// Either way [`Finishing::finish`] gives what `import_unpacked_owned` gives.
pub fn import_unpacked_in_steps(
    data: Vec<u8>,
    gzip_cut: Option<String>,
    bytes: u64,
    options: &ImportOptions,
) -> Result<Finishing, ImportError> {
    if detect(&data) != Some(Detected::Xspace) {
        return import_unpacked_owned(data, gzip_cut, bytes, options).map(Finishing::done);
    }
    let tail = Tail::new(gzip_cut, bytes, data.len(), options);
    Ok(Finishing {
        state: FinishingState::Xspace {
            steps: Box::new(xplane::Stepwise::new(data, &tail.effective)),
            tail,
        },
    })
}

/// An import being finished in steps (see [`Incoming::finish_in_steps`]).
#[derive(Debug)]
pub struct Finishing {
    state: FinishingState,
}

#[derive(Debug)]
enum FinishingState {
    /// Imported at once.
    Done(Box<Imported>),
    /// An XSpace read in steps, and what completes its import.
    Xspace {
        steps: Box<xplane::Stepwise>,
        tail: Tail,
    },
}

impl Finishing {
    /// An import already done.
    pub fn done(imported: Imported) -> Self {
        Finishing {
            state: FinishingState::Done(Box::new(imported)),
        }
    }

    /// Does about `events` events more of the work; true once there is none left (then call
    /// [`Finishing::finish`], which sorts and indexes the model).
    pub fn step(&mut self, events: u64) -> bool {
        match &mut self.state {
            FinishingState::Done(_) => true,
            FinishingState::Xspace { steps, .. } => steps.step(events),
        }
    }

    /// (decompressed input bytes read so far, all of them).
    pub fn progress(&self) -> (u64, u64) {
        match &self.state {
            FinishingState::Done(imported) => (imported.unpacked_bytes, imported.unpacked_bytes),
            FinishingState::Xspace { steps, .. } => steps.progress(),
        }
    }

    /// Events placed so far (all of them once done).
    pub fn events_placed(&self) -> u64 {
        match &self.state {
            FinishingState::Done(imported) => imported.trace.source_events,
            FinishingState::Xspace { steps, .. } => steps.events_placed(),
        }
    }

    /// A preview of what is placed so far (no args, no flows); `None` once done.
    pub fn snapshot(&self) -> Option<Imported> {
        match &self.state {
            FinishingState::Done(_) => None,
            FinishingState::Xspace { steps, tail } => Some(Imported {
                trace: steps.snapshot(),
                bytes: tail.bytes,
                unpacked_bytes: tail.len as u64,
                mlir: None,
            }),
        }
    }

    /// Takes the steps left and completes the import.
    pub fn finish(self) -> Result<Imported, ImportError> {
        match self.state {
            FinishingState::Done(imported) => Ok(*imported),
            FinishingState::Xspace { steps, tail } => Ok(tail.complete(steps.finish()?, None)),
        }
    }
}

/// Records why args and stats were not kept.
fn report_degraded(trace: &mut Trace, options: &ImportOptions, unpacked: usize) {
    trace.diagnostics.record(DiagnosticKind::DegradedImport, || {
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
