//! Chrome trace-event JSON importer (placeholder until the importer lands).

use crate::error::ImportError;
use crate::model::Trace;

/// True if the text starts like JSON.
pub fn sniff(bytes: &[u8]) -> bool {
    let text = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    matches!(text.iter().find(|b| !b.is_ascii_whitespace()), Some(b'{' | b'['))
}

/// Imports a Chrome trace.
pub fn import(_bytes: &[u8]) -> Result<Trace, ImportError> {
    Err(ImportError::NotRecognised("Chrome JSON importer not built yet".into()))
}
