//! A file arriving in chunks (the page streams `File.stream()` / `fetch` bodies into the
//! worker; the CLI reads files in chunks): [`Incoming`] imports it as it arrives.
//!
//! - Gzip (magic `1f 8b`) is inflated chunk by chunk ([`GunzipStream`]); the Rust inflater is
//!   as fast in Wasm as the browser's `DecompressionStream`, saves copying its output into
//!   Wasm memory, and reads every member of a multi-member file (the browser's stops at the
//!   first).
//! - Once [`DETECT_BYTES`] of (decompressed) input are in, the format is decided. Chrome JSON
//!   is read as it arrives ([`ChromeJsonStream`]): only the unread tail is held, so a file
//!   larger than memory can open as long as its model fits. Other formats are held whole and
//!   imported by [`Incoming::finish`], in one allocation when the size is known.
//!
//! The result is the same as [`import_bytes_with`](super::import_bytes_with) on the whole file
//! (`tests/streaming.rs` checks it), except that a streamed JSON file past its args budget
//! drops args from the point where it crossed it, not from its start.

use super::chrome_json::{self, ChromeJsonStream};
use super::gzip::{GunzipStream, is_gzip};
use super::{
    Finishing, ImportOptions, Imported, import_unpacked_in_steps, import_unpacked_owned,
    report_degraded,
};
use crate::diagnostics::DiagnosticKind;
use crate::error::ImportError;
use crate::limits::{MAX_GZIP_RATIO, MAX_STREAMED_BYTES, MAX_UNPACKED_BYTES};

/// Decompressed bytes gathered before the format is decided.
pub const DETECT_BYTES: usize = 4096;

/// A streamed JSON model is given room for the rest of the input once `1 / PROJECT_AFTER` of
/// its known size is read.
const PROJECT_AFTER: u64 = 16;

/// The bytes of one file received so far.
#[derive(Debug)]
pub struct Incoming {
    options: ImportOptions,
    /// Undecided (fewer than 2 bytes seen) or not gzip: `None`.
    gunzip: Option<GunzipStream>,
    sink: Sink,
    /// Bytes received (compressed, if gzip).
    received: u64,
    /// Decompressed bytes seen.
    unpacked: u64,
    /// The file's size, if known.
    expected: u64,
    /// The decompressed size the gzip trailer states (ISIZE), if the caller read it.
    unpacked_hint: u64,
    /// Whether args are being dropped because the input is over the budget.
    over_budget: bool,
    /// Whether a streamed JSON model was given room for the projected rest of the input.
    projected: bool,
}

/// Where decompressed bytes go.
#[derive(Debug)]
enum Sink {
    /// The first bytes, before the format is decided.
    Undecided(Vec<u8>),
    /// Chrome JSON, read as it arrives.
    Json(Box<ChromeJsonStream>),
    /// Any other format, held whole until [`Incoming::finish`].
    Held(Vec<u8>),
}

impl Default for Incoming {
    fn default() -> Self {
        Incoming::new(ImportOptions::default())
    }
}

impl Incoming {
    /// Nothing received yet; `options` apply to the import.
    pub fn new(options: ImportOptions) -> Self {
        Incoming {
            options,
            gunzip: None,
            sink: Sink::Undecided(Vec::new()),
            received: 0,
            unpacked: 0,
            expected: 0,
            unpacked_hint: 0,
            over_budget: false,
            projected: false,
        }
    }

    /// Announces the file's size, so a file held whole takes one exact allocation instead
    /// of a buffer that doubles as it grows (Wasm memory never shrinks). Refuses a file past
    /// every input limit before any of it is read.
    pub fn expect(&mut self, bytes: u64) -> Result<(), ImportError> {
        check_size(bytes, MAX_STREAMED_BYTES)?;
        self.expected = bytes;
        Ok(())
    }

    /// Announces the decompressed size read from a gzip file's trailer (its last 4 bytes,
    /// modulo 2^32, of the last member only): a hint for the output buffer, capped by the
    /// limits, never trusted beyond that.
    pub fn hint_unpacked(&mut self, bytes: u64) {
        self.unpacked_hint = bytes;
    }

    /// Events read so far: the entries of a Chrome JSON event array parsed as they arrive;
    /// 0 for formats held whole, which are read at [`Incoming::finish`].
    pub fn events_read(&self) -> u64 {
        match &self.sink {
            Sink::Json(stream) => stream.entries_read(),
            _ => 0,
        }
    }

    /// A preview of a Chrome JSON file read so far (see [`ChromeJsonStream::snapshot`]), with
    /// the bytes received and unpacked until now; `None` for a format held whole (read only
    /// at [`Incoming::finish`]) or before the format is decided.
    pub fn snapshot(&self) -> Option<Imported> {
        match &self.sink {
            Sink::Json(stream) => Some(Imported {
                trace: stream.snapshot(),
                bytes: self.received,
                unpacked_bytes: self.unpacked,
                mlir: None,
            }),
            _ => None,
        }
    }

    /// Bytes received so far.
    pub fn received(&self) -> u64 {
        self.received
    }

    /// Takes a chunk. Errors for a limit exceeded (input size, decompressed size, gzip
    /// ratio), memory that cannot be reserved, or JSON that more input cannot repair (not a
    /// trace, a syntax error before any event).
    pub fn push(&mut self, chunk: &[u8]) -> Result<(), ImportError> {
        self.received += chunk.len() as u64;
        if self.gunzip.is_none() && self.unpacked < 2 {
            let head: Vec<u8> = self
                .undecided_head()
                .chain(chunk)
                .take(2)
                .copied()
                .collect();
            if head.len() == 2 && is_gzip(&head) {
                let mut g = GunzipStream::new(u64::MAX, 0);
                g.push(&self.take_undecided())?;
                self.unpacked = 0;
                self.gunzip = Some(g);
            }
        }
        match self.gunzip.take() {
            Some(mut g) => {
                let fed = g.push_with(chunk, |out| self.feed(out));
                self.gunzip = Some(g);
                fed
            }
            None => self.feed(chunk),
        }
    }

    /// Imports what has arrived: as [`import_bytes_with`](super::import_bytes_with) on the
    /// whole file would.
    pub fn finish(self) -> Result<Imported, ImportError> {
        self.end(false)?.finish()
    }

    /// [`Incoming::finish`] in steps: an XSpace file is read a few runs of events per
    /// [`Finishing::step`] (see [`super::xplane::Stepwise`]), on this thread; any other
    /// format is imported here at once. The result is the same.
    pub fn finish_in_steps(self) -> Result<Finishing, ImportError> {
        self.end(true)
    }

    fn end(mut self, in_steps: bool) -> Result<Finishing, ImportError> {
        let mut cut = None;
        if let Some(g) = self.gunzip.take() {
            let end = g.finish()?;
            self.feed(&end.data)?;
            cut = end.cut;
        }
        if matches!(self.sink, Sink::Undecided(_)) {
            self.decide()?;
        }
        match std::mem::replace(&mut self.sink, Sink::Held(Vec::new())) {
            Sink::Json(stream) => self.finish_json(*stream, cut).map(Finishing::done),
            Sink::Held(data) if in_steps => {
                import_unpacked_in_steps(data, cut, self.received, &self.options)
            }
            Sink::Held(data) => {
                import_unpacked_owned(data, cut, self.received, &self.options).map(Finishing::done)
            }
            Sink::Undecided(_) => unreachable!("decided above"),
        }
    }

    /// Passes decompressed bytes on.
    fn feed(&mut self, bytes: &[u8]) -> Result<(), ImportError> {
        if bytes.is_empty() {
            return Ok(());
        }
        self.unpacked += bytes.len() as u64;
        let known = self.known_unpacked_size();
        match &mut self.sink {
            Sink::Undecided(head) => {
                head.extend_from_slice(bytes);
                if head.len() >= DETECT_BYTES {
                    self.decide()?;
                }
                Ok(())
            }
            Sink::Json(stream) => {
                let budget = JsonBudget {
                    keep_args_up_to: self.options.keep_streamed_args_up_to_bytes,
                    over_budget: &mut self.over_budget,
                    projected: &mut self.projected,
                };
                json_input(stream, budget, self.unpacked, known, |s| {
                    s.push(bytes).map(|()| true)
                })
                .map(|_| ())
            }
            Sink::Held(data) => {
                check_size(self.unpacked, MAX_UNPACKED_BYTES)?;
                reserve(data, self.unpacked, false)?;
                data.extend_from_slice(bytes);
                Ok(())
            }
        }
    }

    /// Takes `part` in place of its bytes, as [`ChromeJsonStream::absorb`] does: for a Chrome
    /// JSON file that is not gzip, once its format is decided. Ok(false) (nothing changed)
    /// when it cannot be taken; push the bytes from [`Incoming::offset`] instead.
    pub fn absorb(&mut self, part: &chrome_json::Part) -> Result<bool, ImportError> {
        if self.gunzip.is_some() {
            return Ok(false);
        }
        let known = self.known_unpacked_size();
        let after = self.unpacked + (part.stop() - part.start()) as u64;
        let Sink::Json(stream) = &mut self.sink else {
            return Ok(false);
        };
        let budget = JsonBudget {
            keep_args_up_to: self.options.keep_streamed_args_up_to_bytes,
            over_budget: &mut self.over_budget,
            projected: &mut self.projected,
        };
        if !json_input(stream, budget, after, known, |s| Ok(s.absorb(part)))? {
            return Ok(false);
        }
        let n = (part.stop() - part.start()) as u64;
        self.received += n;
        self.unpacked += n;
        Ok(true)
    }

    /// The input offset of the next byte to push: the bytes received, those of the parts
    /// taken included.
    pub fn offset(&self) -> u64 {
        self.received
    }

    /// Decides the format from the first bytes and moves them to the chosen sink.
    fn decide(&mut self) -> Result<(), ImportError> {
        let head = self.take_undecided();
        if chrome_json::sniff(&head) {
            let known = self.known_unpacked_size();
            let mut options = self.options;
            if known > options.keep_streamed_args_up_to_bytes {
                options.drop_args = true;
                self.over_budget = true;
            }
            self.sink = Sink::Json(Box::new(ChromeJsonStream::new(&options)));
        } else {
            let size = self.known_unpacked_size().max(head.len() as u64);
            check_size(size, MAX_UNPACKED_BYTES)?;
            let mut data = Vec::new();
            reserve(&mut data, size, true)?;
            self.sink = Sink::Held(data);
        }
        // `feed` counts these bytes again.
        self.unpacked -= head.len() as u64;
        self.feed(&head)
    }

    /// The decompressed size, as far as it is known before the end: the file's size if it
    /// is not gzip, else the trailer's hint capped by the ratio rule.
    fn known_unpacked_size(&self) -> u64 {
        if self.gunzip.is_none() {
            return self.expected;
        }
        let by_ratio = self
            .expected
            .max(self.received)
            .saturating_mul(MAX_GZIP_RATIO);
        self.unpacked_hint.min(by_ratio)
    }

    fn undecided_head(&self) -> std::slice::Iter<'_, u8> {
        match &self.sink {
            Sink::Undecided(head) => head.iter(),
            _ => [].iter(),
        }
    }

    fn take_undecided(&mut self) -> Vec<u8> {
        match &mut self.sink {
            Sink::Undecided(head) => std::mem::take(head),
            _ => Vec::new(),
        }
    }

    /// The end of a streamed JSON import: the diagnostics `import_unpacked` adds.
    fn finish_json(
        &self,
        stream: ChromeJsonStream,
        gzip_cut: Option<String>,
    ) -> Result<Imported, ImportError> {
        let mut trace = stream.finish()?;
        if let Some(cut) = gzip_cut {
            if trace
                .diagnostics
                .get(DiagnosticKind::TruncatedInput)
                .is_none()
            {
                let at = self.unpacked;
                trace
                    .diagnostics
                    .record(DiagnosticKind::TruncatedInput, || {
                        format!("gzip stream ends at byte {at} of the decompressed data ({cut})")
                    });
            }
        }
        if self.options.drop_args || self.over_budget {
            let budget = ImportOptions {
                keep_args_up_to_bytes: self.options.keep_streamed_args_up_to_bytes,
                ..self.options
            };
            report_degraded(&mut trace, &budget, self.unpacked as usize);
        }
        Ok(Imported {
            trace,
            bytes: self.received,
            unpacked_bytes: self.unpacked,
            mlir: None,
        })
    }
}

/// The args budget of a streamed JSON file and what was done about it.
struct JsonBudget<'a> {
    keep_args_up_to: u64,
    over_budget: &'a mut bool,
    projected: &'a mut bool,
}

/// Gives a Chrome JSON stream the input that makes `unpacked` bytes seen: checks the size,
/// drops args once past the budget, reads (`read`), and once a sixteenth of a `known` size
/// is in, makes room for the rest at the same rate (the columns then never double: each
/// doubling copies them, and Wasm keeps the old copy's pages). Returns what `read` did.
fn json_input(
    stream: &mut ChromeJsonStream,
    budget: JsonBudget<'_>,
    unpacked: u64,
    known: u64,
    read: impl FnOnce(&mut ChromeJsonStream) -> Result<bool, ImportError>,
) -> Result<bool, ImportError> {
    check_size(unpacked, MAX_STREAMED_BYTES)?;
    if !*budget.over_budget && unpacked > budget.keep_args_up_to {
        *budget.over_budget = true;
        stream.drop_args();
    }
    let read = read(stream)?;
    if !*budget.projected && known > 0 && unpacked >= known / PROJECT_AFTER {
        *budget.projected = true;
        stream.reserve_projected(unpacked, known);
    }
    Ok(read)
}

fn check_size(bytes: u64, limit: u64) -> Result<(), ImportError> {
    if bytes > limit {
        return Err(ImportError::LimitExceeded {
            what: "decompressed size",
            limit: format!("{limit} bytes"),
        });
    }
    Ok(())
}

/// Makes room in `buf` for `total` bytes: exactly that many if `exact` (the announced size of
/// the file), else with the usual doubling; a failure is a clear error, not an abort.
fn reserve(buf: &mut Vec<u8>, total: u64, exact: bool) -> Result<(), ImportError> {
    let additional = (total as usize).saturating_sub(buf.len());
    let reserved = if exact {
        buf.try_reserve_exact(additional)
    } else {
        buf.try_reserve(additional)
    };
    reserved.map_err(|_| ImportError::LimitExceeded {
        what: "memory for the file",
        limit: format!("could not reserve {total} bytes"),
    })
}
