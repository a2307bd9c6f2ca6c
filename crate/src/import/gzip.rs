//! Gzip around any format, recognised by its magic bytes `1f 8b`.
//!
//! Decompression is bounded twice (see [`crate::limits`]): by a size limit, and by a ratio
//! rule checked as the output grows, so a gzip bomb is refused after at most
//! [`GZIP_RATIO_FLOOR_BYTES`] of output, whatever size it would expand to.

use crate::error::ImportError;
use crate::limits::{GZIP_RATIO_FLOOR_BYTES, MAX_GZIP_RATIO};
use std::io::Read;

/// Output read between two ratio checks.
const STEP_BYTES: u64 = 1 << 20;

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
/// [`MAX_GZIP_RATIO`] rule. A stream cut short keeps what was decompressed; a stream that
/// yields nothing is an error; a limit exceeded is [`ImportError::LimitExceeded`].
pub fn gunzip(input: &[u8], limit: u64) -> Result<Gunzipped, ImportError> {
    let mut decoder = flate2::bufread::MultiGzDecoder::new(input);
    let mut data = Vec::with_capacity(input.len().saturating_mul(4).min(1 << 30));
    let mut cut = None;
    loop {
        // At most `limit + 1` bytes in total, so exceeding the limit is seen, not allocated.
        let want = STEP_BYTES.min(limit + 1 - data.len() as u64);
        match (&mut decoder).take(want).read_to_end(&mut data) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                cut = Some(e.to_string());
                break;
            }
        }
        let out = data.len() as u64;
        if out > limit {
            return Err(ImportError::LimitExceeded {
                what: "decompressed size",
                limit: format!("{limit} bytes"),
            });
        }
        // `get_ref` is the compressed input not consumed yet (the decoder reads ahead by at
        // most its 32 KiB buffer, which only makes the rule more lenient).
        let consumed = (input.len() - decoder.get_ref().len()).max(1) as u64;
        if out > GZIP_RATIO_FLOOR_BYTES && out > consumed.saturating_mul(MAX_GZIP_RATIO) {
            return Err(ImportError::LimitExceeded {
                what: "gzip expansion",
                limit: format!(
                    "{MAX_GZIP_RATIO}x the compressed size beyond {} MiB ({out} bytes from {consumed} compressed bytes; a gzip bomb?)",
                    GZIP_RATIO_FLOOR_BYTES >> 20
                ),
            });
        }
    }
    match cut {
        Some(reason) if data.is_empty() => Err(ImportError::Gzip(reason)),
        cut => Ok(Gunzipped { data, cut }),
    }
}
