//! Fatal import errors: nothing usable could be read.
//!
//! Per-record problems are not errors; they are counted in [`crate::Diagnostics`].

use thiserror::Error;

/// Why a file could not be imported at all. The `Display` text is one line that says what
/// is wrong and, where it helps, at which byte of the (decompressed) input.
#[derive(Debug, Error, Clone, PartialEq)]
#[non_exhaustive]
pub enum ImportError {
    /// The input holds no bytes.
    #[error("empty file")]
    Empty,
    /// No importer recognised the content.
    #[error("not a recognised profile ({0})")]
    NotRecognised(String),
    /// The content is of a known kind that is not a trace (for example a PyTorch execution
    /// trace).
    #[error("not a trace: {0}")]
    NotATrace(String),
    /// The format was recognised but its structure is broken before anything usable.
    #[error("not a valid {format}: {detail} at byte {offset}")]
    Malformed {
        /// Format name as a person says it ("XSpace", "Chrome trace JSON").
        format: &'static str,
        /// What was expected and what was found.
        detail: String,
        /// Offset in the decompressed input.
        offset: u64,
    },
    /// The file ended before any usable event.
    #[error("{format} ends at byte {offset} before any usable event")]
    TruncatedBeforeData {
        /// Format name.
        format: &'static str,
        /// Where the input ended.
        offset: u64,
    },
    /// A gzip stream is corrupt.
    #[error("corrupt gzip stream: {0}")]
    Gzip(String),
    /// A stated resource limit was exceeded.
    #[error("{what} exceeds the limit of {limit}")]
    LimitExceeded {
        /// What grew too large.
        what: &'static str,
        /// The limit, with its unit.
        limit: String,
    },
}

impl ImportError {
    /// A stable kind string for the page (`{kind, message}`).
    pub fn kind(&self) -> &'static str {
        match self {
            ImportError::Empty => "empty",
            ImportError::NotRecognised(_) => "not_recognised",
            ImportError::NotATrace(_) => "not_a_trace",
            ImportError::Malformed { .. } => "malformed",
            ImportError::TruncatedBeforeData { .. } => "truncated",
            ImportError::Gzip(_) => "gzip",
            ImportError::LimitExceeded { .. } => "limit_exceeded",
        }
    }
}
