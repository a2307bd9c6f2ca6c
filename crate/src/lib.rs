//! Planeview's core: import ML profiles (XSpace, Chrome/Kineto trace JSON, Perfetto protobuf) into a compact
//! columnar model and answer the questions the timeline and the CLI ask of it.
//!
//! # Design constraints
//! - **Sans-IO.** The core takes bytes and returns data: no files, clocks or threads
//!   (`clippy.toml` bans them). The CLI (`src/bin/planeview/`) and the Wasm shell
//!   (`wasm_api.rs`, the only file that uses wasm-bindgen) do the I/O.
//! - **Integer time.** Picoseconds in `i64`, relative to an origin stored in nanoseconds.
//! - **Columnar, typed ids.** Tables are structs of `Vec`s addressed by `TrackId`,
//!   `SliceId`, `StrId`, ...; strings are interned once.
//! - **Two tiers of errors.** [`ImportError`] when nothing usable could be read;
//!   counted [`Diagnostics`] with severities for per-record problems.
//!
//! ```
//! let json = br#"{"traceEvents":[{"ph":"X","name":"step","pid":1,"tid":1,"ts":10,"dur":5}]}"#;
//! let imported = planeview::import::import_bytes(json).unwrap();
//! let summary = planeview::summary::Summary::of(&imported);
//! assert_eq!((summary.events, summary.tracks, summary.span_ps), (1, 1, 5_000_000));
//! ```

pub mod analysis;
pub mod api;
pub mod charts;
pub mod diagnostics;
pub mod error;
pub mod export;
pub mod hlo;
pub mod import;
pub mod limits;
pub mod mlir;
pub mod model;
pub mod summary;
#[cfg(target_arch = "wasm32")]
mod wasm_api;

pub use diagnostics::{DiagnosticKind, Diagnostics, Severity};
pub use error::ImportError;
pub use model::Trace;
