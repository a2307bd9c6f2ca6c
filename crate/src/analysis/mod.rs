//! Analyses over a finished [`crate::Trace`]: level-of-detail render lists, search, counters
//! and the trace-health list.

pub mod counters;
pub mod health;
pub mod lod;
pub mod search;
