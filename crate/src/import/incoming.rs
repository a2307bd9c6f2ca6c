//! A file arriving in chunks (the page streams `File.stream()` / `fetch` bodies into the
//! worker): [`Incoming`] holds what has arrived and imports it at the end. A gzip file is
//! decompressed as its chunks arrive ([`GunzipStream`]), so the compressed bytes are never all
//! held at once and inflating overlaps with reading the file.

use super::gzip::{GunzipStream, is_gzip};
use super::{ImportOptions, Imported, import_bytes_with, import_unpacked};
use crate::error::ImportError;
use crate::limits::{MAX_GZIP_RATIO, MAX_UNPACKED_BYTES};

/// The bytes of one file received so far.
#[derive(Debug, Default)]
pub struct Incoming {
    /// Undecided (fewer than 2 bytes seen) or not gzip: the bytes as received.
    raw: Vec<u8>,
    /// Gzip: the decompressor and its output.
    gunzip: Option<GunzipStream>,
    /// Bytes received.
    received: u64,
    /// The file's size, if known.
    expected: u64,
    /// The decompressed size the gzip trailer states (ISIZE), if the caller read it.
    unpacked_hint: u64,
}

impl Incoming {
    /// Nothing received yet.
    pub fn new() -> Self {
        Incoming::default()
    }

    /// Announces the file's size, so it can be held in one exact allocation instead of a
    /// buffer that doubles as it grows (Wasm memory never shrinks). Refuses a file past
    /// [`MAX_UNPACKED_BYTES`] before any of it is read.
    pub fn expect(&mut self, bytes: u64) -> Result<(), ImportError> {
        check_size(bytes)?;
        self.expected = bytes;
        Ok(())
    }

    /// Announces the decompressed size read from a gzip file's trailer (its last 4 bytes,
    /// modulo 2^32, of the last member only): a hint for the output buffer, capped by the
    /// limits, never trusted beyond that.
    pub fn hint_unpacked(&mut self, bytes: u64) {
        self.unpacked_hint = bytes;
    }

    /// Bytes received so far.
    pub fn received(&self) -> u64 {
        self.received
    }

    /// Appends a chunk. Errors for a limit exceeded (input size, decompressed size, gzip
    /// ratio) or when memory for the input cannot be reserved.
    pub fn push(&mut self, chunk: &[u8]) -> Result<(), ImportError> {
        self.received += chunk.len() as u64;
        if let Some(g) = &mut self.gunzip {
            return g.push(chunk);
        }
        check_size(self.received)?;
        if self.raw.len() < 2 {
            let head: Vec<u8> = self.raw.iter().chain(chunk).take(2).copied().collect();
            if head.len() == 2 && is_gzip(&head) {
                return self.start_gunzip(chunk);
            }
            if head.len() == 2 {
                reserve(&mut self.raw, self.expected, true)?;
            }
        }
        let total = self.raw.len() as u64 + chunk.len() as u64;
        reserve(&mut self.raw, total, false)?;
        self.raw.extend_from_slice(chunk);
        Ok(())
    }

    /// Imports what has arrived: as [`import_bytes_with`] on the whole file would.
    pub fn finish(self, options: &ImportOptions) -> Result<Imported, ImportError> {
        match self.gunzip {
            Some(g) => {
                let unpacked = g.finish()?;
                import_unpacked(&unpacked.data, unpacked.cut, self.received, options)
            }
            None => import_bytes_with(&self.raw, options),
        }
    }

    /// Switches to decompressing: the bytes held so far and `chunk` start a gzip stream.
    fn start_gunzip(&mut self, chunk: &[u8]) -> Result<(), ImportError> {
        let by_ratio = self
            .expected
            .max(self.received)
            .saturating_mul(MAX_GZIP_RATIO);
        let capacity = self.unpacked_hint.min(by_ratio).min(MAX_UNPACKED_BYTES);
        let mut g = GunzipStream::new(MAX_UNPACKED_BYTES, capacity as usize);
        g.push(&std::mem::take(&mut self.raw))?;
        g.push(chunk)?;
        self.gunzip = Some(g);
        Ok(())
    }
}

fn check_size(bytes: u64) -> Result<(), ImportError> {
    if bytes > MAX_UNPACKED_BYTES {
        return Err(ImportError::LimitExceeded {
            what: "the file",
            limit: format!("{MAX_UNPACKED_BYTES} bytes"),
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
        limit: format!("the browser could not reserve {total} bytes"),
    })
}
