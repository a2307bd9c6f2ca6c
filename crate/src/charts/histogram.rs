//! Histogram of durations (kernel launches of one kernel, or of all).

use super::hits::Hit;
use super::time_counts::{TimeCounts, time_count_chart};
use super::units::duration_title;
use super::{ChartError, err, series_color};
use plotters::prelude::*;
use serde::{Deserialize, Serialize};

/// Default number of bins.
const DEFAULT_BINS: usize = 30;

/// Durations in µs, binned on a linear axis.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct DurationHistogram {
    /// Chart title.
    pub title: String,
    /// Durations, µs.
    pub durations_us: Vec<f64>,
    /// Number of bins (default 30).
    #[serde(default)]
    pub bins: Option<usize>,
    /// Per bin of [`DurationHistogram::binned`]: `[start_ps, end_ps]` of the longest slice in
    /// it (what a click on the bin zooms the timeline to), null for an empty bin; empty when the
    /// durations come without their slices.
    #[serde(default)]
    pub bin_ranges_ps: Vec<Option<[i64; 2]>>,
}

/// The bins of a histogram: `count` bins of `width` µs from `lo`, and which durations fall in each.
#[derive(Clone, Debug, PartialEq)]
pub struct Bins {
    /// Lower end of the first bin, µs.
    pub lo: f64,
    /// Width of a bin, µs.
    pub width: f64,
    /// Indices into the durations, per bin.
    pub members: Vec<Vec<usize>>,
}

impl DurationHistogram {
    /// The number of bins drawn (the requested one within 1..=500, else 30).
    pub fn bin_count(&self) -> usize {
        self.bins.unwrap_or(DEFAULT_BINS).clamp(1, 500)
    }

    /// Bins the finite durations: equal widths from the smallest to the largest (a bin of 1 µs
    /// around a single value); every finite duration in exactly one bin, the largest in the last.
    pub fn binned(&self) -> Bins {
        let bins = self.bin_count();
        let finite = || self.durations_us.iter().copied().filter(|d| d.is_finite());
        let lo = finite().fold(f64::INFINITY, f64::min);
        let hi = finite().fold(f64::NEG_INFINITY, f64::max);
        let (lo, hi) = if !lo.is_finite() {
            (0.0, 1.0)
        } else if hi > lo {
            (lo, hi)
        } else {
            (lo - 0.5, hi + 0.5)
        };
        let width = (hi - lo) / bins as f64;
        let mut members = vec![Vec::new(); bins];
        for (k, d) in self.durations_us.iter().enumerate() {
            if d.is_finite() {
                let b = (((d - lo) / width) as usize).min(bins - 1);
                members[b].push(k);
            }
        }
        Bins { lo, width, members }
    }

    /// Draws the histogram: x = duration (in the unit its range fits), y = launches; one hit per
    /// non-empty bin with its range and count.
    pub fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, plotters::coord::Shift>,
    ) -> Result<Vec<Hit>, ChartError> {
        let bins = self.binned();
        let (lo, width) = (bins.lo, bins.width);
        let hi = lo + width * bins.members.len() as f64;
        let counts: Vec<usize> = bins.members.iter().map(Vec::len).collect();
        let mut chart = time_count_chart(
            area,
            &TimeCounts {
                title: &self.title,
                x_what: "duration",
                y_what: "launches",
                x: (lo, hi),
                ps_per_unit: 1e6,
                max_count: counts.iter().copied().max().unwrap_or(0) as f64,
            },
        )?;
        let color = series_color(0);
        let bar = |i: usize| (lo + i as f64 * width, lo + (i + 1) as f64 * width);
        chart
            .draw_series(
                counts
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| **c > 0)
                    .map(|(i, &c)| {
                        let (x0, x1) = bar(i);
                        Rectangle::new([(x0, 0.0), (x1, c as f64)], color.filled())
                    }),
            )
            .map_err(err)?;
        let hits = (counts.iter().enumerate())
            .filter(|(_, c)| **c > 0)
            .map(|(i, &c)| {
                let (x0, x1) = bar(i);
                let title = format!(
                    "{c} launch{} of {} to {}",
                    if c == 1 { "" } else { "es" },
                    duration_title(x0 * 1e6),
                    duration_title(x1 * 1e6),
                );
                Hit::between(
                    chart.backend_coord(&(x0, 0.0)),
                    chart.backend_coord(&(x1, c as f64)),
                    i,
                    title,
                )
            })
            .collect();
        Ok(hits)
    }
}
