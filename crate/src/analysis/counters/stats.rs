//! Statistics over a time range: per counter (min, max, mean, time-weighted mean, integral,
//! delta, rate) and per slice track (busy time); and the whole-trace summary of
//! `planeview counters` (`docs/CONTRACT.md` § counters).

use super::{Series, counter_tracks, ps_to_us, track_names, unit_of};
use crate::model::{PS_PER_US, Ps, Trace, TrackId, TrackKind, display_order};
use serde::Serialize;

/// One counter over a range `[t0, t1]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CounterRangeStats {
    /// Counter track id.
    pub track: u32,
    /// Track name.
    pub name: String,
    /// Its group (process, plane, device).
    pub group: String,
    /// Samples with `t0 <= time <= t1`.
    pub samples: usize,
    /// Smallest value the counter had in the range (the held value at `t0` included).
    pub min: Option<f64>,
    /// Largest value it had in the range (the held value at `t0` included).
    pub max: Option<f64>,
    /// Arithmetic mean of the samples in the range.
    pub mean: Option<f64>,
    /// ∫ value dt / time covered, each value holding until the next sample.
    pub time_weighted_mean: Option<f64>,
    /// ∫ value dt over the range, in value × µs.
    pub integral: f64,
    /// Value at `t1` minus value at `t0` (held values; the first sample in the range stands
    /// for `t0` when the counter starts inside it).
    pub delta: Option<f64>,
    /// `delta` per µs of the range.
    pub rate_per_us: Option<f64>,
    /// Unit, when known.
    pub unit: Option<String>,
}

/// Busy time of one slice track over a range.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrackBusy {
    /// Track id.
    pub track: u32,
    /// Track name.
    pub name: String,
    /// Its group.
    pub group: String,
    /// Time inside the range covered by at least one slice of the track (the union of its
    /// slices, all lanes), in ps.
    pub busy_ps: Ps,
    /// `busy_ps` over the range length.
    pub busy_fraction: f64,
}

/// Range statistics of every counter track, in display order. Tracks without a value in the
/// range (no sample in it and none before it) are left out.
pub fn counter_range_stats(trace: &Trace, t0: Ps, t1: Ps) -> Vec<CounterRangeStats> {
    let (t0, t1) = (t0.min(t1), t0.max(t1));
    counter_tracks(trace)
        .into_iter()
        .filter_map(|track| range_stats_of(trace, track, t0, t1))
        .collect()
}

/// Range statistics of one counter track (`None` when it has no value in the range).
pub fn range_stats_of(trace: &Trace, track: TrackId, t0: Ps, t1: Ps) -> Option<CounterRangeStats> {
    let s = Series::of(trace, track);
    let inside = s.within(t0, t1);
    let held = s.held_at(t0);
    let start_k = held.or((!inside.is_empty()).then_some(inside.start))?;
    let mut lo = s.value[start_k];
    let mut hi = lo;
    let mut sum = 0.0;
    for &v in &s.value[inside.clone()] {
        lo = lo.min(v);
        hi = hi.max(v);
        sum += v;
    }
    let n = inside.len();
    let (integral, covered) = s.integral(t0, t1);
    let end_value = s.value_at(t1);
    let delta = end_value.map(|e| e - s.value[start_k]);
    let span_us = ps_to_us(t1 - t0);
    let (name, group) = track_names(trace, track);
    Some(CounterRangeStats {
        track: track.0,
        name,
        group,
        samples: n,
        min: Some(lo),
        max: Some(hi),
        mean: (n > 0).then(|| sum / n as f64),
        time_weighted_mean: if covered > 0 {
            Some(integral / covered as f64)
        } else {
            Some(s.value[start_k])
        },
        integral: integral / PS_PER_US as f64,
        delta,
        rate_per_us: delta.filter(|_| span_us > 0.0).map(|d| d / span_us),
        unit: unit_of(trace, track),
    })
}

/// Busy time of every slice track with a slice in `[t0, t1]`, in display order.
pub fn busy_time(trace: &Trace, t0: Ps, t1: Ps) -> Vec<TrackBusy> {
    let (t0, t1) = (t0.min(t1), t0.max(t1));
    let span = (t1 - t0).max(1);
    let mut out = Vec::new();
    let mut intervals: Vec<(Ps, Ps)> = Vec::new();
    for track in display_order(trace).into_iter().flat_map(|g| g.tracks) {
        if trace.tracks.kind[track.index()] != TrackKind::Slices {
            continue;
        }
        intervals.clear();
        let s = &trace.slices;
        for lane in trace.index.lanes_of(track) {
            let r = lane.range();
            // Ends are sorted within a lane (slices of a lane never overlap).
            let first = r.start + (r.start..r.end).partition_point_by(|i| s.end(i) < t0);
            for i in first..r.end {
                if s.start[i] > t1 {
                    break;
                }
                intervals.push((s.start[i].max(t0), s.end(i).min(t1)));
            }
        }
        if intervals.is_empty() {
            continue;
        }
        let busy = union_length(&mut intervals);
        let (name, group) = track_names(trace, track);
        out.push(TrackBusy {
            track: track.0,
            name,
            group,
            busy_ps: busy,
            busy_fraction: busy as f64 / span as f64,
        });
    }
    out
}

/// Length of the union of `intervals` (sorted in place).
fn union_length(intervals: &mut [(Ps, Ps)]) -> Ps {
    intervals.sort_unstable();
    let mut total = 0;
    let mut current: Option<(Ps, Ps)> = None;
    for &(a, b) in intervals.iter() {
        match &mut current {
            Some((_, end)) if a <= *end => *end = (*end).max(b),
            _ => {
                if let Some((s, e)) = current {
                    total += e - s;
                }
                current = Some((a, b));
            }
        }
    }
    if let Some((s, e)) = current {
        total += e - s;
    }
    total
}

/// A binary search over an index range by a predicate true for a prefix.
trait PartitionBy {
    fn partition_point_by(self, pred: impl Fn(usize) -> bool) -> usize;
}

impl PartitionBy for std::ops::Range<usize> {
    fn partition_point_by(self, pred: impl Fn(usize) -> bool) -> usize {
        let (mut lo, mut hi) = (self.start, self.end);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if pred(mid) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo - self.start
    }
}

/// One row of `planeview counters --json` (`docs/CONTRACT.md` § counters).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CounterSummary {
    /// Track name.
    pub name: String,
    /// Its group (process, plane, device).
    pub group: String,
    /// Number of samples.
    pub samples: usize,
    /// Smallest sample.
    pub min: f64,
    /// Largest sample.
    pub max: f64,
    /// Arithmetic mean of the samples.
    pub mean: f64,
    /// Each sample's value holds until the next sample, the last until the end of the trace;
    /// the mean over that time (the single value when it covers no time).
    pub time_weighted_mean: f64,
    /// Unit, `null` when unknown.
    pub unit: Option<String>,
}

/// The `counters` command's rows: one per counter track with samples, in display order.
pub fn counter_summaries(trace: &Trace) -> Vec<CounterSummary> {
    let end = trace.time_bounds().map_or(0, |(_, hi)| hi);
    counter_tracks(trace)
        .into_iter()
        .map(|track| {
            let s = Series::of(trace, track);
            let (mut lo, mut hi, mut sum) = (f64::INFINITY, f64::NEG_INFINITY, 0.0);
            for &v in s.value {
                lo = lo.min(v);
                hi = hi.max(v);
                sum += v;
            }
            let first = s.time[0];
            let (integral, covered) = s.integral(first, end);
            let (name, group) = track_names(trace, track);
            CounterSummary {
                name,
                group,
                samples: s.len(),
                min: lo,
                max: hi,
                mean: sum / s.len() as f64,
                time_weighted_mean: if covered > 0 {
                    integral / covered as f64
                } else {
                    s.value[s.len() - 1]
                },
                unit: unit_of(trace, track),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::test_trace;
    use super::*;

    #[test]
    fn range_stats_hold_values_between_samples() {
        let t = test_trace::build(
            &[("a", 0, 10), ("b", 5, 10), ("c", 40, 10)],
            &[("mem", &[(0, 10.0), (20, 30.0), (60, 0.0)])],
        );
        let s = &counter_range_stats(&t, 10, 50)[0];
        assert_eq!(s.samples, 1);
        assert_eq!((s.min, s.max, s.mean), (Some(10.0), Some(30.0), Some(30.0)));
        // 10 × 10 ps + 30 × 30 ps over 40 ps.
        assert_eq!(s.time_weighted_mean, Some(25.0));
        assert_eq!(s.integral, 1000.0 / 1e6);
        assert_eq!(s.delta, Some(20.0));
        assert_eq!(s.rate_per_us, Some(20.0 / (40.0 / 1e6)));
        let busy = busy_time(&t, 10, 50);
        // [10, 15] from a ∪ b, [40, 50] from c.
        assert_eq!(busy[0].busy_ps, 15);
    }

    #[test]
    fn summary_holds_the_last_sample_to_the_trace_end() {
        let t = test_trace::build(&[("k", 0, 100)], &[("c", &[(0, 2.0), (50, 4.0)])]);
        let s = &counter_summaries(&t)[0];
        assert_eq!((s.samples, s.min, s.max, s.mean), (2, 2.0, 4.0, 3.0));
        assert_eq!(s.time_weighted_mean, 3.0);
        assert_eq!(s.group, "dev");
    }
}
