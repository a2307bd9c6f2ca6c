//! Counter analyses: level of detail for drawing counter tracks, statistics over a time range,
//! sample details, the perf-counters table, and kernel-scoped telemetry. All read the counter
//! table of a finished [`Trace`] (sorted by track, then time) through [`Series`].
//!
//! Conventions shared by every analysis here: a counter's value at time `t` is its last sample
//! at or before `t` (it *holds* until the next sample); before its first sample it has no
//! value. Rates are per microsecond, integrals in value × microseconds.

pub mod kernel;
pub mod known;
pub mod lod;
pub mod perf_table;
pub mod sample;
pub mod stats;

use crate::model::{PS_PER_US, Ps, Trace, TrackId, TrackKind, display_order};

/// The samples of one counter track: parallel slices of times (sorted) and values, plus the
/// offset of the first sample in the trace's counter table.
#[derive(Clone, Copy, Debug)]
pub struct Series<'a> {
    /// The track.
    pub track: TrackId,
    /// Sample times, non-decreasing.
    pub time: &'a [Ps],
    /// Sample values.
    pub value: &'a [f64],
    /// Index of `time[0]` in the counter table.
    pub first: usize,
}

impl<'a> Series<'a> {
    /// The samples of `track` (empty for an unknown track).
    pub fn of(trace: &'a Trace, track: TrackId) -> Series<'a> {
        let range = if track.index() < trace.tracks.len() {
            trace.index.counters_of(track)
        } else {
            0..0
        };
        Series {
            track,
            time: &trace.counters.time[range.clone()],
            value: &trace.counters.value[range.clone()],
            first: range.start,
        }
    }

    /// Number of samples.
    pub fn len(&self) -> usize {
        self.time.len()
    }

    /// True without samples.
    pub fn is_empty(&self) -> bool {
        self.time.is_empty()
    }

    /// Position of the last sample at or before `t`.
    pub fn held_at(&self, t: Ps) -> Option<usize> {
        self.time.partition_point(|&x| x <= t).checked_sub(1)
    }

    /// The value at `t` (the last sample at or before it).
    pub fn value_at(&self, t: Ps) -> Option<f64> {
        self.held_at(t).map(|k| self.value[k])
    }

    /// Positions of the samples with `a <= time <= b`.
    pub fn within(&self, a: Ps, b: Ps) -> std::ops::Range<usize> {
        let lo = self.time.partition_point(|&x| x < a);
        let hi = self.time.partition_point(|&x| x <= b);
        lo..hi.max(lo)
    }

    /// ∫ value dt over `[a, b]` (value × ps) and the time covered (ps): the value holds from
    /// each sample to the next, the last one to `b`; time before the first sample is not
    /// covered.
    pub fn integral(&self, a: Ps, b: Ps) -> (f64, Ps) {
        if b <= a || self.is_empty() {
            return (0.0, 0);
        }
        let start = self.held_at(a).unwrap_or(0);
        let mut sum = 0.0;
        let mut covered = 0;
        for k in start..self.len() {
            let t0 = self.time[k].max(a);
            if t0 >= b {
                break;
            }
            let t1 = self.time.get(k + 1).map_or(b, |&n| n.min(b));
            if t1 > t0 {
                sum += self.value[k] * (t1 - t0) as f64;
                covered += t1 - t0;
            }
        }
        (sum, covered)
    }
}

/// The samples of `s` inside `[a, b]` as `[time, value]`; past `max` of them, each of
/// `max / 2` buckets keeps its minimum and maximum, in time order.
pub fn thinned(s: &Series, a: Ps, b: Ps, max: usize) -> Vec<[f64; 2]> {
    let r = s.within(a, b);
    let point = |k: usize| [s.time[k] as f64, s.value[k]];
    if r.len() <= max.max(2) {
        return r.map(point).collect();
    }
    let buckets = max.max(2) / 2;
    let mut out = Vec::with_capacity(max);
    for b in 0..buckets {
        let lo = r.start + r.len() * b / buckets;
        let hi = r.start + r.len() * (b + 1) / buckets;
        if lo >= hi {
            continue;
        }
        let (mut kmin, mut kmax) = (lo, lo);
        for k in lo..hi {
            if s.value[k] < s.value[kmin] {
                kmin = k;
            }
            if s.value[k] > s.value[kmax] {
                kmax = k;
            }
        }
        out.push(point(kmin.min(kmax)));
        if kmin != kmax {
            out.push(point(kmin.max(kmax)));
        }
    }
    out
}

/// The points a chart draws for `track` over `[a, b]`: the value held at `a` (as a point at
/// `a`), then the samples inside, thinned to about `max` (see [`thinned`]).
pub fn chart_points(trace: &Trace, track: TrackId, a: Ps, b: Ps, max: usize) -> Vec<[f64; 2]> {
    let s = Series::of(trace, track);
    let mut out = Vec::new();
    if let Some(v) = s.held_at(a).filter(|&k| s.time[k] < a).map(|k| s.value[k]) {
        out.push([a as f64, v]);
    }
    out.extend(thinned(&s, a, b, max));
    out
}

/// Counter tracks that hold samples, in the timeline's display order.
pub fn counter_tracks(trace: &Trace) -> Vec<TrackId> {
    display_order(trace)
        .into_iter()
        .flat_map(|g| g.tracks)
        .filter(|&t| trace.tracks.kind[t.index()] == TrackKind::Counter)
        .collect()
}

/// Name of a track and of its group (process, plane, device).
pub fn track_names(trace: &Trace, track: TrackId) -> (String, String) {
    let t = track.index();
    let process = trace.tracks.process[t];
    (
        trace.str(trace.tracks.name[t]).to_owned(),
        trace.processes.display_name(&trace.strings, process),
    )
}

/// The unit of a counter track: what the source states, else what [`known`] knows of its
/// name, else `None`.
pub fn unit_of(trace: &Trace, track: TrackId) -> Option<String> {
    if let Some(unit) = trace.counter_meta.get(track).and_then(|m| m.unit.clone()) {
        return Some(unit);
    }
    let name = trace.str(trace.tracks.name[track.index()]);
    known::lookup(name).and_then(|k| k.unit).map(str::to_owned)
}

/// `ps` as microseconds.
pub fn ps_to_us(ps: Ps) -> f64 {
    ps as f64 / PS_PER_US as f64
}

#[cfg(test)]
pub(crate) mod test_trace {
    //! A small trace with counter tracks for the tests of this module.
    use crate::model::{ArgSetId, CategoryId, Format, Ps, Trace, TraceBuilder, TrackKind};

    /// One process "dev" with a slice track "ops" (`slices`: name, start, dur) and counter
    /// tracks (`counters`: name, samples).
    pub fn build(slices: &[(&str, Ps, Ps)], counters: &[(&str, &[(Ps, f64)])]) -> Trace {
        let mut b = TraceBuilder::new(Format::ChromeJson);
        let p = b.add_process("dev", "1", 0);
        let ops = b.add_track(p, "ops", "ops", 0, TrackKind::Slices);
        for &(name, start, dur) in slices {
            let n = b.intern(name);
            b.add_slice(ops, start, dur, n, CategoryId::NONE, ArgSetId::NONE);
        }
        for (k, (name, samples)) in counters.iter().enumerate() {
            let t = b.add_track(p, name, name, 1 + k as i64, TrackKind::Counter);
            for &(time, v) in *samples {
                b.add_counter_sample(t, time, v);
            }
        }
        b.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_values_and_integral() {
        let t = test_trace::build(&[("k", 0, 1)], &[("c", &[(0, 1.0), (10, 3.0), (30, 5.0)])]);
        let s = Series::of(&t, counter_tracks(&t)[0]);
        assert_eq!(s.value_at(9), Some(1.0));
        assert_eq!(s.value_at(10), Some(3.0));
        assert_eq!(s.within(10, 30), 1..3);
        // [5, 40]: 1×5 + 3×20 + 5×10.
        assert_eq!(s.integral(5, 40), (115.0, 35));
        assert_eq!(s.integral(40, 5), (0.0, 0));
        let track = counter_tracks(&t)[0];
        assert_eq!(
            chart_points(&t, track, 5, 20, 10),
            vec![[5.0, 1.0], [10.0, 3.0]]
        );
    }
}
