//! Kernel-scoped telemetry: what the counters did inside one kernel (or custom-call) slice,
//! and over every occurrence of a kernel of that name.
//!
//! For the selected slice's window `[start, end]`: every counter with a value in it, its
//! samples there (thinned to [`MAX_WINDOW_SAMPLES`] keeping each bucket's minimum and
//! maximum), its value at the start and end, delta, minimum, maximum, time-weighted mean, and
//! a utilisation where [`known`] knows how to derive one. Over all slices with the same name
//! (at most [`MAX_OCCURRENCES`], earliest first): per counter the mean of the per-occurrence
//! time-weighted means, the peak, the mean delta per occurrence and the mean utilisation.

use super::known::{self, Kind, Utilisation};
use super::{Series, counter_tracks, thinned, track_names, unit_of};
use crate::model::{Ps, SliceId, Trace, TrackId};
use serde::Serialize;

/// Samples of one counter returned for one window, at most.
pub const MAX_WINDOW_SAMPLES: usize = 2000;
/// Occurrences aggregated, at most.
pub const MAX_OCCURRENCES: usize = 1000;

/// The numbers of one counter over one window.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Window {
    start: f64,
    end: f64,
    min: f64,
    max: f64,
    twm: f64,
    samples: usize,
}

/// The counter over `[a, b]`, or `None` when it has no value in it.
fn window(s: &Series, a: Ps, b: Ps) -> Option<Window> {
    let inside = s.within(a, b);
    let start_k = s
        .held_at(a)
        .or((!inside.is_empty()).then_some(inside.start))?;
    let start = s.value[start_k];
    let (mut min, mut max) = (start, start);
    for &v in &s.value[inside.clone()] {
        min = min.min(v);
        max = max.max(v);
    }
    let (integral, covered) = s.integral(a, b);
    Some(Window {
        start,
        end: s.value_at(b).unwrap_or(start),
        min,
        max,
        twm: if covered > 0 {
            integral / covered as f64
        } else {
            start
        },
        samples: inside.len(),
    })
}

/// One counter inside the selected slice.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WindowCounter {
    /// Counter track id.
    pub track: u32,
    /// Counter name.
    pub name: String,
    /// Its group.
    pub group: String,
    /// Unit, when known.
    pub unit: Option<String>,
    /// What it measures, when known.
    pub meaning: Option<&'static str>,
    /// `level` or `cumulative` when known.
    pub kind: Option<&'static str>,
    /// `[time_ps, value]` of the samples inside the window (thinned, see the module doc).
    pub samples: Vec<[f64; 2]>,
    /// Samples inside the window before thinning.
    pub sample_count: usize,
    /// Value at the start (held from before, or the first sample inside).
    pub start_value: f64,
    /// Value at the end.
    pub end_value: f64,
    /// `end_value - start_value`.
    pub delta: f64,
    /// Smallest value in the window.
    pub min: f64,
    /// Largest value in the window.
    pub max: f64,
    /// Time-weighted mean over the window.
    pub time_weighted_mean: f64,
    /// Utilisation in [0, 1] where [`known`] derives one.
    pub utilisation: Option<f64>,
}

/// One counter over all occurrences of the kernel.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CounterAggregate {
    /// Counter track id.
    pub track: u32,
    /// Counter name.
    pub name: String,
    /// Its group.
    pub group: String,
    /// Unit, when known.
    pub unit: Option<String>,
    /// Occurrences in which the counter had a value.
    pub occurrences: usize,
    /// Mean of the per-occurrence time-weighted means.
    pub mean: f64,
    /// Largest value in any occurrence.
    pub peak: f64,
    /// Mean of the per-occurrence deltas.
    pub mean_delta: f64,
    /// Mean utilisation, where one is derived.
    pub utilisation: Option<f64>,
}

/// The telemetry of one slice.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KernelTelemetry {
    /// The slice.
    pub slice: u32,
    /// Its name.
    pub name: String,
    /// Its window.
    pub start_ps: Ps,
    /// End of its window.
    pub end_ps: Ps,
    /// Counters with a value in the window; those of the slice's own group first.
    pub counters: Vec<WindowCounter>,
    /// Slices with this name in the trace.
    pub occurrences: usize,
    /// How many of them were aggregated (at most [`MAX_OCCURRENCES`]).
    pub aggregated: usize,
    /// Per-counter aggregates over those occurrences.
    pub aggregates: Vec<CounterAggregate>,
}

/// `[start, end]` of the slices named like `slice` that meet `[a, b]`, earliest first, at most
/// `limit` (the chart's kernel boundary markers).
pub fn occurrence_windows(
    trace: &Trace,
    slice: SliceId,
    a: Ps,
    b: Ps,
    limit: usize,
) -> Vec<[Ps; 2]> {
    let s = &trace.slices;
    let Some(&name) = s.name.get(slice.index()) else {
        return Vec::new();
    };
    let mut out: Vec<[Ps; 2]> = (0..s.len())
        .filter(|&k| s.name[k] == name && s.end(k) >= a && s.start[k] <= b)
        .map(|k| [s.start[k], s.end(k)])
        .collect();
    out.sort_unstable();
    out.truncate(limit);
    out
}

/// The telemetry of `slice` (`None` for an unknown slice).
pub fn kernel_telemetry(trace: &Trace, slice: SliceId) -> Option<KernelTelemetry> {
    let s = &trace.slices;
    let i = slice.index();
    if i >= s.len() {
        return None;
    }
    let (start, end) = (s.start[i], s.end(i));
    let own_process = trace.tracks.process[s.track[i].index()];
    let mut tracks = counter_tracks(trace);
    tracks.sort_by_key(|t| trace.tracks.process[t.index()] != own_process);
    let series: Vec<Series> = tracks.iter().map(|&t| Series::of(trace, t)).collect();
    let cycles = cycles_partners(trace, &tracks);

    let mut counters = Vec::new();
    for (k, sr) in series.iter().enumerate() {
        let Some(w) = window(sr, start, end) else {
            continue;
        };
        let (name, group) = track_names(trace, sr.track);
        let info = known::lookup(&name);
        let partner = cycles[k].and_then(|p| window(&series[p], start, end));
        counters.push(WindowCounter {
            track: sr.track.0,
            unit: unit_of(trace, sr.track),
            meaning: info.map(|k| k.meaning),
            kind: info.map(|k| match k.kind {
                Kind::Level => "level",
                Kind::Cumulative => "cumulative",
            }),
            samples: thinned(sr, start, end, MAX_WINDOW_SAMPLES),
            sample_count: w.samples,
            start_value: w.start,
            end_value: w.end,
            delta: w.end - w.start,
            min: w.min,
            max: w.max,
            time_weighted_mean: w.twm,
            utilisation: utilisation(info, &w, partner.as_ref()),
            name,
            group,
        });
    }

    let name_id = s.name[i];
    let mut occurrences: Vec<usize> = (0..s.len()).filter(|&k| s.name[k] == name_id).collect();
    let total = occurrences.len();
    occurrences.sort_by_key(|&k| s.start[k]);
    occurrences.truncate(MAX_OCCURRENCES);
    let aggregates = series
        .iter()
        .enumerate()
        .filter_map(|(k, sr)| aggregate(trace, sr, &occurrences, cycles[k].map(|p| &series[p])))
        .collect();
    Some(KernelTelemetry {
        slice: slice.0,
        name: trace.str(name_id).to_owned(),
        start_ps: start,
        end_ps: end,
        counters,
        occurrences: total,
        aggregated: occurrences.len(),
        aggregates,
    })
}

/// For each of `tracks`, the position of the cycles counter of its group when it is a busy
/// counter (see [`Utilisation::BusyOverCycles`]).
fn cycles_partners(trace: &Trace, tracks: &[TrackId]) -> Vec<Option<usize>> {
    let name = |t: TrackId| trace.str(trace.tracks.name[t.index()]);
    tracks
        .iter()
        .map(|&t| {
            let busy = known::lookup(name(t))
                .is_some_and(|k| k.utilisation == Utilisation::BusyOverCycles);
            let group = trace.tracks.process[t.index()];
            busy.then(|| {
                tracks.iter().position(|&o| {
                    trace.tracks.process[o.index()] == group && known::is_cycles_counter(name(o))
                })
            })
            .flatten()
        })
        .collect()
}

/// Utilisation of one window, where known.
fn utilisation(info: Option<known::Known>, w: &Window, cycles: Option<&Window>) -> Option<f64> {
    match info?.utilisation {
        Utilisation::None => None,
        Utilisation::Percent => Some(w.twm / 100.0),
        Utilisation::BusyOverCycles => {
            let c = cycles?;
            let dc = c.end - c.start;
            (dc > 0.0).then(|| (w.end - w.start) / dc)
        }
    }
}

/// One counter over the occurrences (slice indices), or `None` when it has no value in any.
fn aggregate(
    trace: &Trace,
    s: &Series,
    occurrences: &[usize],
    cycles: Option<&Series>,
) -> Option<CounterAggregate> {
    let sl = &trace.slices;
    let (name, group) = track_names(trace, s.track);
    let info = known::lookup(&name);
    let (mut n, mut sum_twm, mut peak, mut sum_delta) = (0usize, 0.0, f64::NEG_INFINITY, 0.0);
    let (mut n_util, mut sum_util) = (0usize, 0.0);
    for &k in occurrences {
        let (a, b) = (sl.start[k], sl.end(k));
        let Some(w) = window(s, a, b) else {
            continue;
        };
        n += 1;
        sum_twm += w.twm;
        peak = peak.max(w.max);
        sum_delta += w.end - w.start;
        let partner = cycles.and_then(|c| window(c, a, b));
        if let Some(u) = utilisation(info, &w, partner.as_ref()) {
            n_util += 1;
            sum_util += u;
        }
    }
    (n > 0).then(|| CounterAggregate {
        track: s.track.0,
        unit: unit_of(trace, s.track),
        name,
        group,
        occurrences: n,
        mean: sum_twm / n as f64,
        peak,
        mean_delta: sum_delta / n as f64,
        utilisation: (n_util > 0).then(|| sum_util / n_util as f64),
    })
}

#[cfg(test)]
mod tests {
    use super::super::test_trace;
    use super::*;

    #[test]
    fn window_and_aggregates_with_derived_utilisation() {
        // Two occurrences of "k": [10, 20] and [40, 60]; cycles +1 per ps, busy +0.5 per ps in
        // the first and +0.25 in the second.
        let cycles: Vec<(Ps, f64)> = (0..=70).step_by(10).map(|t| (t, t as f64)).collect();
        let busy = [
            (0, 0.0),
            (10, 0.0),
            (20, 5.0),
            (40, 5.0),
            (60, 10.0),
            (70, 10.0),
        ];
        let t = test_trace::build(
            &[("k", 10, 10), ("other", 25, 5), ("k", 40, 20)],
            &[
                ("VF_Cycles", &cycles),
                ("Busy", &busy),
                ("mystery", &[(15, 7.0)]),
            ],
        );
        let k = (0..t.slices.len())
            .find(|&i| t.slices.start[i] == 10)
            .unwrap();
        let tel = kernel_telemetry(&t, SliceId(k as u32)).unwrap();
        assert_eq!((tel.occurrences, tel.aggregated), (2, 2));
        let busy_w = tel.counters.iter().find(|c| c.name == "Busy").unwrap();
        assert_eq!(
            (busy_w.start_value, busy_w.end_value, busy_w.delta),
            (0.0, 5.0, 5.0)
        );
        assert_eq!(busy_w.utilisation, Some(0.5));
        let mystery = tel.counters.iter().find(|c| c.name == "mystery").unwrap();
        assert_eq!(
            (mystery.meaning, mystery.utilisation, mystery.sample_count),
            (None, None, 1)
        );
        let agg = tel.aggregates.iter().find(|c| c.name == "Busy").unwrap();
        assert_eq!(agg.occurrences, 2);
        assert_eq!(agg.mean_delta, 5.0);
        assert_eq!(agg.utilisation, Some((0.5 + 0.25) / 2.0));
        // "mystery" has a value only from 15 on: only the second occurrence... and the first
        // (sample inside it).
        let m = tel.aggregates.iter().find(|c| c.name == "mystery").unwrap();
        assert_eq!((m.occurrences, m.peak), (2, 7.0));
    }

    #[test]
    fn thinning_keeps_extremes() {
        let samples: Vec<(Ps, f64)> = (0..10_000).map(|k| (k, (k % 97) as f64)).collect();
        let t = test_trace::build(&[("k", 0, 10_000)], &[("c", &samples)]);
        let tel = kernel_telemetry(&t, SliceId(0)).unwrap();
        let c = &tel.counters[0];
        assert!(c.samples.len() <= MAX_WINDOW_SAMPLES);
        assert_eq!(c.sample_count, 10_000);
        let max = c.samples.iter().map(|p| p[1]).fold(f64::MIN, f64::max);
        assert_eq!(max, 96.0);
    }
}
