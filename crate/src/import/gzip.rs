//! Gzip around any format, recognised by its magic bytes `1f 8b`.
//!
//! Decompression is bounded twice (see [`crate::limits`]): by a size limit, and by a ratio
//! rule checked as the output grows, so a gzip bomb is refused after at most
//! [`GZIP_RATIO_FLOOR_BYTES`] of output, whatever size it would expand to.
//!
//! [`gunzip`] decompresses a whole file held in memory; [`GunzipStream`] decompresses chunk
//! by chunk as the bytes arrive (the page), under the same limits and with the same result.

use crate::error::ImportError;
use crate::limits::{GZIP_RATIO_FLOOR_BYTES, MAX_GZIP_RATIO};
use std::io::Write;

/// True if `data` starts with the gzip magic.
pub fn is_gzip(data: &[u8]) -> bool {
    data.starts_with(&[0x1f, 0x8b])
}

/// Decompressed bytes; `cut` says why the stream ended early, if it did.
#[derive(Debug)]
pub struct Gunzipped {
    /// What could be decompressed.
    pub data: Vec<u8>,
    /// `Some(reason)` if the stream was cut short or corrupt after some data.
    pub cut: Option<String>,
}

/// Decompresses all members of a gzip file, up to `limit` bytes of output and within the
/// [`MAX_GZIP_RATIO`] rule. A stream cut short or corrupt keeps what was decompressed before
/// the damage; a stream that yields nothing is an error; a limit exceeded is
/// [`ImportError::LimitExceeded`]. It is [`GunzipStream`] given the whole file as one chunk,
/// so a file read whole and the same file read as it arrives give the same answer.
pub fn gunzip(input: &[u8], limit: u64) -> Result<Gunzipped, ImportError> {
    let expected = (input.len() as u64)
        .saturating_mul(4)
        .min(limit)
        .min(1 << 30);
    let mut stream = GunzipStream::new(limit, expected as usize);
    stream.push(input)?;
    stream.finish()
}

/// Compressed bytes fed to the decoder between two ratio checks: at most about 66 MB of
/// output (deflate's 1032:1 maximum) is produced before a gzip bomb is noticed.
const STREAM_STEP_BYTES: usize = 64 << 10;

/// Decompresses a gzip file fed in chunks, with [`gunzip`]'s limits. Once a chunk fails
/// (corrupt data), later chunks are ignored and [`GunzipStream::finish`] reports the cut.
#[derive(Debug)]
pub struct GunzipStream {
    decoder: flate2::write::MultiGzDecoder<Vec<u8>>,
    limit: u64,
    consumed: u64,
    /// Output already handed out by [`GunzipStream::take_output`].
    taken: u64,
    cut: Option<String>,
}

impl GunzipStream {
    /// A stream whose output may not exceed `limit` bytes; `expected_output` (if known) is
    /// reserved up front so the output buffer does not double as it grows.
    pub fn new(limit: u64, expected_output: usize) -> Self {
        GunzipStream {
            decoder: flate2::write::MultiGzDecoder::new(Vec::with_capacity(expected_output)),
            limit,
            consumed: 0,
            taken: 0,
            cut: None,
        }
    }

    /// Decompresses `chunk`, keeping the output (see [`GunzipStream::finish`]). Errors only
    /// for a limit exceeded; corrupt data is remembered as the cut and reported by
    /// [`GunzipStream::finish`].
    pub fn push(&mut self, chunk: &[u8]) -> Result<(), ImportError> {
        self.push_to(chunk, |_| Ok(()), false)
    }

    /// Decompresses `chunk` and hands the output to `out` piece by piece (at most about
    /// 66 MB at a time, typically far less), so the stream never holds much of it.
    pub fn push_with(
        &mut self,
        chunk: &[u8],
        out: impl FnMut(&[u8]) -> Result<(), ImportError>,
    ) -> Result<(), ImportError> {
        self.push_to(chunk, out, true)
    }

    fn push_to(
        &mut self,
        chunk: &[u8],
        mut out: impl FnMut(&[u8]) -> Result<(), ImportError>,
        hand_out: bool,
    ) -> Result<(), ImportError> {
        if self.cut.is_some() {
            return Ok(());
        }
        for step in chunk.chunks(STREAM_STEP_BYTES) {
            let written = self.decoder.write_all(step);
            self.consumed += step.len() as u64;
            if written.is_err() {
                // What the decoder decompressed before the damage is still in its own buffer:
                // a flush writes it out (and fails again on the damage, which is known).
                let _ = self.decoder.flush();
            }
            self.check_limits()?;
            if hand_out {
                self.hand_out(&mut out)?;
            }
            if let Err(e) = written {
                self.cut = Some(e.to_string());
                return Ok(());
            }
        }
        Ok(())
    }

    /// Passes the output held so far to `out` and forgets it (keeping the buffer).
    fn hand_out(
        &mut self,
        out: &mut impl FnMut(&[u8]) -> Result<(), ImportError>,
    ) -> Result<(), ImportError> {
        let held = self.decoder.get_mut();
        if held.is_empty() {
            return Ok(());
        }
        self.taken += held.len() as u64;
        let result = out(held);
        held.clear();
        result
    }

    /// Bytes decompressed so far (including those taken).
    pub fn output_len(&self) -> u64 {
        self.taken + self.decoder.get_ref().len() as u64
    }

    /// Ends the stream: the decompressed bytes not handed out yet, and why the stream ended
    /// early if it did (cut short, corrupt). A stream that yielded nothing is an error, as in [`gunzip`].
    pub fn finish(mut self) -> Result<Gunzipped, ImportError> {
        if self.cut.is_none() {
            if let Err(e) = self.decoder.try_finish() {
                self.cut = Some(e.to_string());
            }
        }
        let data = std::mem::take(self.decoder.get_mut());
        match self.cut {
            Some(reason) if data.is_empty() && self.taken == 0 => Err(ImportError::Gzip(reason)),
            cut => Ok(Gunzipped { data, cut }),
        }
    }

    fn check_limits(&self) -> Result<(), ImportError> {
        let out = self.output_len();
        if out > self.limit {
            return Err(ImportError::LimitExceeded {
                what: "decompressed size",
                limit: format!("{} bytes", self.limit),
            });
        }
        if out > GZIP_RATIO_FLOOR_BYTES && out > self.consumed.saturating_mul(MAX_GZIP_RATIO) {
            return Err(ImportError::LimitExceeded {
                what: "gzip expansion",
                limit: format!(
                    "{MAX_GZIP_RATIO}x the compressed size beyond {} MiB ({out} bytes from {} compressed bytes; a gzip bomb?)",
                    GZIP_RATIO_FLOOR_BYTES >> 20,
                    self.consumed
                ),
            });
        }
        Ok(())
    }
}
