//! XSpace importer (placeholder until the importer lands).

use crate::error::ImportError;
use crate::model::Trace;

/// True if the bytes start like an XSpace.
pub fn sniff(bytes: &[u8]) -> bool {
    bytes.first() == Some(&0x0a)
}

/// Imports an XSpace.
pub fn import(_bytes: &[u8]) -> Result<Trace, ImportError> {
    Err(ImportError::NotRecognised("XSpace importer not built yet".into()))
}
