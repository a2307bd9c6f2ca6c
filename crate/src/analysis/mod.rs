//! Analyses over a finished [`crate::Trace`]: level-of-detail render lists and search.

pub mod lod;
pub mod search;
