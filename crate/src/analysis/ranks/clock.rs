//! The absolute time of a trace's time 0 (`origin_ns`, ns since the epoch), from the time
//! base the profiler states:
//! - PyTorch / Kineto JSON: `ts` counts µs from the header's `baseTimeNanoseconds`, so time 0
//!   is `baseTimeNanoseconds + Trace::origin`;
//! - XSpace: line timestamps count from the session start, `Task Environment`'s
//!   `profile_start_time`, so time 0 is `profile_start_time + Trace::origin`.
//!
//! Without a stated base, a trace whose own origin is already past 2001-09-09 (10^18 ns) is
//! taken as wall time (older profilers write epoch timestamps); anything else keeps its own
//! clock and is marked not absolute.

use crate::model::Trace;

/// Keys of the metadata that state the time base, in ns since the epoch.
const BASE_KEYS: [&str; 2] = ["baseTimeNanoseconds", "Task Environment/profile_start_time"];

/// Origins at or past this many ns are read as wall time.
const EPOCH_PLAUSIBLE_NS: i64 = 1_000_000_000_000_000_000;

/// The trace's time 0 and whether it is wall time.
#[derive(Debug)]
pub struct Clock {
    pub origin_ns: i64,
    pub absolute: bool,
}

/// The clock of `trace` (see the module doc).
pub fn origin(trace: &Trace) -> Clock {
    let own = trace.origin.source_ns;
    let base = BASE_KEYS
        .iter()
        .find_map(|k| trace.metadata.get(k).and_then(super::identity::json_i64))
        .filter(|&b| b > 0);
    match base {
        Some(b) => Clock {
            origin_ns: b.saturating_add(own),
            absolute: true,
        },
        None => Clock {
            origin_ns: own,
            absolute: own >= EPOCH_PLAUSIBLE_NS,
        },
    }
}

/// Serde for an `i64` written as decimal text (ns since the epoch exceed 2^53); reads text
/// or a number.
pub mod decimal {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &i64, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(v)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either {
            Text(String),
            Number(i64),
        }
        match Either::deserialize(d)? {
            Either::Number(n) => Ok(n),
            Either::Text(t) => t.trim().parse().map_err(serde::de::Error::custom),
        }
    }
}
