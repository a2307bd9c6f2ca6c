//! One counter sample, as the details panel shows it (XProf parity: value, increase since the
//! previous sample, time), plus the rate, and finding the sample under the cursor.

use super::{Series, known, ps_to_us, track_names, unit_of};
use crate::model::{Ps, Trace, TrackId};
use serde::Serialize;

/// A sample and its relation to the previous one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SampleDetails {
    /// Index in the counter table.
    pub index: usize,
    /// Counter track id.
    pub track: u32,
    /// Track name.
    pub name: String,
    /// Its group (process, plane, device).
    pub group: String,
    /// Sample time, ps relative to the origin.
    pub time_ps: Ps,
    /// Value.
    pub value: f64,
    /// Time of the previous sample of the track.
    pub prev_time_ps: Option<Ps>,
    /// Value of the previous sample.
    pub prev_value: Option<f64>,
    /// `value - prev_value`.
    pub delta: Option<f64>,
    /// `delta` per µs between the two samples.
    pub rate_per_us: Option<f64>,
    /// Unit, when known.
    pub unit: Option<String>,
    /// What the counter measures, when [`known`] knows it.
    pub meaning: Option<&'static str>,
    /// Hardware counter id, description, sets and scaling from the source.
    pub counter_id: Option<u64>,
    /// Counter description.
    pub description: Option<String>,
    /// Counter sets.
    pub sets: Option<String>,
    /// How values were scaled.
    pub scaling: Option<String>,
}

/// Details of counter-table sample `index` (`None` when out of range).
pub fn sample_details(trace: &Trace, index: usize) -> Option<SampleDetails> {
    let c = &trace.counters;
    if index >= c.len() {
        return None;
    }
    let track = c.track[index];
    let s = Series::of(trace, track);
    let k = index.checked_sub(s.first)?;
    let (time, value) = (s.time[k], s.value[k]);
    let prev = k.checked_sub(1).map(|p| (s.time[p], s.value[p]));
    let delta = prev.map(|(_, v)| value - v);
    let rate = prev.and_then(|(pt, pv)| {
        let dt = ps_to_us(time - pt);
        (dt > 0.0).then(|| (value - pv) / dt)
    });
    let (name, group) = track_names(trace, track);
    let meta = trace.counter_meta.get(track).cloned().unwrap_or_default();
    Some(SampleDetails {
        index,
        track: track.0,
        meaning: known::lookup(&name).map(|k| k.meaning),
        name,
        group,
        time_ps: time,
        value,
        prev_time_ps: prev.map(|p| p.0),
        prev_value: prev.map(|p| p.1),
        delta,
        rate_per_us: rate,
        unit: unit_of(trace, track),
        counter_id: meta.counter_id,
        description: meta.description,
        sets: meta.sets,
        scaling: meta.scaling,
    })
}

/// The sample of `track` nearest to `t` within `tolerance` ps, else the one whose value holds
/// at `t`; `None` before the first sample. Returns a counter-table index.
pub fn sample_near(trace: &Trace, track: TrackId, t: Ps, tolerance: Ps) -> Option<usize> {
    let s = Series::of(trace, track);
    let after = s.time.partition_point(|&x| x < t);
    let candidates = [after.checked_sub(1), (after < s.len()).then_some(after)];
    let nearest = candidates
        .into_iter()
        .flatten()
        .min_by_key(|&k| (s.time[k] - t).unsigned_abs())
        .filter(|&k| (s.time[k] - t).unsigned_abs() <= tolerance.unsigned_abs());
    nearest.or_else(|| s.held_at(t)).map(|k| s.first + k)
}

#[cfg(test)]
mod tests {
    use super::super::{counter_tracks, test_trace};
    use super::*;

    #[test]
    fn delta_and_rate_since_the_previous_sample() {
        let t = test_trace::build(&[], &[("Busy", &[(0, 100.0), (2_000_000, 160.0)])]);
        let track = counter_tracks(&t)[0];
        let k = sample_near(&t, track, 1_900_000, 200_000).unwrap();
        let d = sample_details(&t, k).unwrap();
        assert_eq!(
            (d.value, d.delta, d.rate_per_us),
            (160.0, Some(60.0), Some(30.0))
        );
        assert_eq!(d.unit.as_deref(), Some("cycles"));
        // Far from both samples: the held one.
        assert_eq!(sample_near(&t, track, 900_000, 10), Some(k - 1));
        assert_eq!(sample_details(&t, 99), None);
    }
}
