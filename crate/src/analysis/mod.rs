//! Analyses over a finished [`crate::Trace`]: level-of-detail render lists, search, counters,
//! the trace-health list, selections (slices of a time range by name, call trees, the per-step
//! table), XProf's analysis tools (kernel stats, framework op stats, steps and overview, HLO op
//! stats, op profile, roofline) and PyTorch's GPU time per operator. Analyses ask for the roles
//! importers gave tracks and processes ([`crate::model::TrackRole`],
//! [`crate::model::ProcessRole`]), never for a format or a plane name.

pub mod call_tree;
pub mod compat;
pub mod counters;
pub mod diff;
pub mod framework_ops;
pub mod gpu_ops;
pub mod health;
pub mod hlo_modules;
pub mod hlo_stats;
pub mod host_ops;
pub mod intervals;
pub mod kernel_stats;
pub mod launch_ops;
pub mod lod;
pub mod lod_levels;
pub mod memory;
pub mod nesting;
pub mod op_metrics;
pub mod op_profile;
pub mod overview;
pub mod peaks;
pub mod query;
pub mod ranks;
pub mod roofline;
pub mod search;
pub mod selection;
pub mod steps;
pub mod tables;
pub mod tf_op;
