//! [`ApiError`]: why an engine call failed, with the stable `kind` the page branches on.

use crate::error::ImportError;
use serde::Serialize;

/// A failed engine call. [`ApiError::kind`] is stable; the message is for a person.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// A call that needs a profile came before one was loaded.
    #[error("no profile is loaded")]
    NoProfile,
    /// The request could not be decoded or names something that does not exist (a table,
    /// a chart kind, a row).
    #[error("bad request: {0}")]
    BadRequest(String),
    /// The request is well formed but what it asks for is not in the profile (an unknown
    /// slice, instant or counter sample).
    #[error("{0}")]
    NotFound(String),
    /// The import failed (its own kinds: `limit_exceeded`, `not_a_trace`, ...).
    #[error(transparent)]
    Import(#[from] ImportError),
    /// An HLO request failed.
    #[error("{0}")]
    Hlo(String),
    /// MLIR could not be printed.
    #[error("{0}")]
    Mlir(String),
    /// A chart could not be drawn.
    #[error("{0}")]
    Chart(String),
    /// `tableArrow` named no table of `docs/SCHEMA.md`.
    #[error("no table named {0:?}")]
    UnknownTable(String),
    /// A table could not be encoded.
    #[error("{0}")]
    Export(String),
    /// A response could not be encoded (a bug).
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    /// The stable kind: `no_profile`, `bad_request`, `not_found`, `hlo`, `mlir`, `chart`,
    /// `unknownTable`, `export`, `internal`, or the import error's own kind.
    pub fn kind(&self) -> &'static str {
        match self {
            ApiError::NoProfile => "no_profile",
            ApiError::BadRequest(_) => "bad_request",
            ApiError::NotFound(_) => "not_found",
            ApiError::Import(e) => e.kind(),
            ApiError::Hlo(_) => "hlo",
            ApiError::Mlir(_) => "mlir",
            ApiError::Chart(_) => "chart",
            ApiError::UnknownTable(_) => "unknownTable",
            ApiError::Export(_) => "export",
            ApiError::Internal(_) => "internal",
        }
    }

    /// The error as the page receives it.
    pub fn reply(&self) -> ErrorReply {
        ErrorReply {
            kind: self.kind(),
            message: self.to_string(),
        }
    }
}

/// `{kind, message}`: what crosses to the page for a failed call.
#[derive(Debug, Serialize)]
pub struct ErrorReply {
    /// See [`ApiError::kind`].
    pub kind: &'static str,
    /// One line for a person.
    pub message: String,
}
