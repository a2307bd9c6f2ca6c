//! The perf-counters table (XProf's `perf_counters` tool): every counter's value at a chosen
//! sample time, with its id, sets and description, in decimal and hexadecimal. Filtering by
//! plane, by counter set and hiding zeros is the page's; the table is one row per counter.

use super::{Series, counter_tracks, track_names};
use crate::model::{Ps, Trace};
use serde::Serialize;

/// One row.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PerfRow {
    /// Counter track id.
    pub track: u32,
    /// Plane (group) name.
    pub plane: String,
    /// Counter name.
    pub name: String,
    /// Hardware counter id (`performance_counter_id`).
    pub counter_id: Option<u64>,
    /// Counter sets (`performance_counter_sets`).
    pub sets: Option<String>,
    /// Description (`performance_counter_description`).
    pub description: Option<String>,
    /// Value at the chosen time (its last sample at or before it).
    pub value: f64,
    /// The value in hexadecimal when it is a whole number in `0..2^64`, else `None`.
    pub hex: Option<String>,
    /// Time of the sample that gives the value.
    pub sample_time_ps: Ps,
}

/// The table at time `t`: one row per counter track with a sample at or before `t`.
pub fn perf_counters_at(trace: &Trace, t: Ps) -> Vec<PerfRow> {
    counter_tracks(trace)
        .into_iter()
        .filter_map(|track| {
            let s = Series::of(trace, track);
            let k = s.held_at(t)?;
            let (name, plane) = track_names(trace, track);
            let meta = trace.counter_meta.get(track).cloned().unwrap_or_default();
            let value = s.value[k];
            Some(PerfRow {
                track: track.0,
                plane,
                name,
                counter_id: meta.counter_id,
                sets: meta.sets,
                description: meta.description,
                value,
                hex: hex(value),
                sample_time_ps: s.time[k],
            })
        })
        .collect()
}

/// `0x…` for a whole number in `0..2^64`.
fn hex(v: f64) -> Option<String> {
    (v.is_finite() && v >= 0.0 && v.fract() == 0.0 && v < 18_446_744_073_709_551_616.0)
        .then(|| format!("0x{:x}", v as u64))
}

#[cfg(test)]
mod tests {
    use super::super::test_trace;
    use super::*;

    #[test]
    fn value_held_at_the_chosen_time() {
        let t = test_trace::build(
            &[],
            &[("a", &[(0, 255.0), (10, 256.0)]), ("b", &[(5, 0.5)])],
        );
        let rows = perf_counters_at(&t, 7);
        assert_eq!(rows.len(), 2);
        assert_eq!(
            (rows[0].value, rows[0].hex.as_deref()),
            (255.0, Some("0xff"))
        );
        assert_eq!(rows[1].hex, None);
        assert_eq!(perf_counters_at(&t, 2).len(), 1);
    }
}
