//! The engine's one boundary: every call the page makes, typed, native and tested.
//!
//! [`Session`] loads one profile from chunks; the loaded [`Profile`] owns the [`Imported`]
//! profile and caches what analyses computed (framework op rows, analysis tables per tool and
//! compatibility mode, the HLO service, the counter and slice levels of detail). Calls come
//! in two kinds:
//!
//! - **JSON calls**: one [`Request`] variant each (`{"method": "...", "args": [...]}`, the
//!   arguments in the order the page's `Engine` method takes them, see `wire.rs`), answered
//!   by [`Session::handle`] with a typed [`Response`] that serialises to the page's JSON.
//! - **Bulk calls**: render lists, chart points, kernel windows, search ids, row slices and
//!   names, methods of [`Profile`] returning plain `Vec`s, which the Wasm adapter hands to JS
//!   as typed arrays without JSON.
//!
//! Every failure is an [`ApiError`] with a stable `kind`. Times are picoseconds relative to
//! the trace origin; the page sends them as `f64` (exact below 2^53 ps).
//!
//! [`Imported`]: crate::import::Imported

mod calls;
mod error;
mod profile;
mod replies;
mod session;
mod wire;

pub use calls::{AnalysisDocRequest, Request, Response};
pub use error::{ApiError, ErrorReply};
pub use profile::Profile;
pub use replies::Overview;
pub use session::Session;
