//! Gzip around any format, recognised by its magic bytes `1f 8b`.

use crate::error::ImportError;
use std::io::Read;

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

/// Decompresses all members of a gzip file, up to `limit` bytes of output.
/// A stream cut short keeps what was decompressed; a stream that yields nothing is an error.
pub fn gunzip(input: &[u8], limit: u64) -> Result<Gunzipped, ImportError> {
    let mut decoder = flate2::read::MultiGzDecoder::new(input).take(limit + 1);
    let mut data = Vec::with_capacity(input.len().saturating_mul(4).min(1 << 30));
    let cut = match decoder.read_to_end(&mut data) {
        Ok(_) => None,
        Err(e) => Some(e.to_string()),
    };
    if data.len() as u64 > limit {
        return Err(ImportError::LimitExceeded {
            what: "decompressed size",
            limit: format!("{} bytes", limit),
        });
    }
    match cut {
        Some(reason) if data.is_empty() => Err(ImportError::Gzip(reason)),
        cut => Ok(Gunzipped { data, cut }),
    }
}
