//! Histogram of durations (kernel launches of one kernel, or of all).

use super::{ChartError, axis_max, err, font, series_color};
use plotters::prelude::*;
use serde::{Deserialize, Serialize};

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
}

impl DurationHistogram {
    /// Draws the histogram: x = duration (µs), y = launches.
    pub fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, plotters::coord::Shift>,
    ) -> Result<(), ChartError> {
        let bins = self.bins.unwrap_or(30).clamp(1, 500);
        let finite: Vec<f64> = self
            .durations_us
            .iter()
            .copied()
            .filter(|d| d.is_finite())
            .collect();
        let lo = finite.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = finite.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let (lo, hi) = if finite.is_empty() {
            (0.0, 1.0)
        } else if hi > lo {
            (lo, hi)
        } else {
            (lo - 0.5, hi + 0.5)
        };
        let width = (hi - lo) / bins as f64;
        let mut counts = vec![0u64; bins];
        for d in &finite {
            let b = (((d - lo) / width) as usize).min(bins - 1);
            counts[b] += 1;
        }
        let top = axis_max(counts.iter().copied().max().unwrap_or(0) as f64);
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, font(16))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(56)
            .build_cartesian_2d(lo..hi, 0.0..top)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc("duration (µs)")
            .y_desc("launches")
            .label_style(font(11))
            .axis_desc_style(font(12))
            .draw()
            .map_err(err)?;
        let color = series_color(0);
        chart
            .draw_series(
                counts
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| **c > 0)
                    .map(|(i, &c)| {
                        let x0 = lo + i as f64 * width;
                        Rectangle::new([(x0, 0.0), (x0 + width, c as f64)], color.filled())
                    }),
            )
            .map_err(err)?;
        Ok(())
    }
}
