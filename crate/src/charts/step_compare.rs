//! Two runs' step-time distributions in one chart: a histogram per run on shared bins, the
//! runs' bars side by side in each bin, each run's mean in its legend entry.

use super::hits::Hit;
use super::legend::{Swatch, draw_legend, split};
use super::time_counts::{TimeCounts, time_count_chart};
use super::units::{duration_title, time_scale};
use super::{ChartError, err, series_color};
use plotters::prelude::*;
use serde::{Deserialize, Serialize};

/// Bins when the data asks for none: about one per two steps, 4 to 30.
fn default_bins(steps: usize) -> usize {
    steps.div_ceil(2).clamp(4, 30)
}

/// One run's steps.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct StepSeries {
    /// `base`, `candidate`.
    pub label: String,
    /// Step durations, ps.
    pub times_ps: Vec<i64>,
}

/// The step times of several runs (the base first).
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct StepCompare {
    /// Chart title.
    pub title: String,
    pub series: Vec<StepSeries>,
    /// Number of bins (default: see [`default_bins`]), 1 to 200.
    #[serde(default)]
    pub bins: Option<usize>,
}

impl StepCompare {
    /// `(lo, width, counts per series per bin)` in ps: equal bins from the shortest step of any
    /// run to the longest, every step in exactly one bin (the longest in the last).
    pub fn binned(&self) -> (f64, f64, Vec<Vec<usize>>) {
        let all = || self.series.iter().flat_map(|s| s.times_ps.iter().copied());
        let n = all().count();
        let bins = self.bins.unwrap_or_else(|| default_bins(n)).clamp(1, 200);
        let (lo, hi) = match (all().min(), all().max()) {
            (Some(lo), Some(hi)) if hi > lo => (lo as f64, hi as f64),
            (Some(v), _) => (v as f64 - 0.5e6, v as f64 + 0.5e6),
            _ => (0.0, 1e6),
        };
        let width = (hi - lo) / bins as f64;
        let counts = self
            .series
            .iter()
            .map(|s| {
                let mut c = vec![0; bins];
                for &t in &s.times_ps {
                    c[(((t as f64 - lo) / width) as usize).min(bins - 1)] += 1;
                }
                c
            })
            .collect();
        (lo, width, counts)
    }

    /// Draws the histograms: x = step time (in the unit its range fits), y = steps; a legend
    /// with each run's step count and mean; one hit per non-empty bar.
    pub fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, plotters::coord::Shift>,
    ) -> Result<Vec<Hit>, ChartError> {
        let legend: Vec<(String, RGBAColor)> = (self.series.iter().enumerate())
            .map(|(k, s)| {
                let n = s.times_ps.len();
                let mean = s.times_ps.iter().sum::<i64>() as f64 / n.max(1) as f64;
                let unit = time_scale(mean, 1.0);
                let text = format!(
                    "{}: {n} steps, mean {:.2} {}",
                    s.label,
                    mean / unit.per,
                    unit.unit
                );
                (text, series_color(k).to_rgba())
            })
            .collect();
        let (plot, column) = split(area, &legend);
        let (lo, width, counts) = self.binned();
        let bins = counts.first().map_or(1, Vec::len);
        let hi = lo + width * bins as f64;
        let mut chart = time_count_chart(
            &plot,
            &TimeCounts {
                title: &self.title,
                x_what: "step time",
                y_what: "steps",
                x: (lo, hi),
                ps_per_unit: 1.0,
                max_count: counts.iter().flatten().copied().max().unwrap_or(0) as f64,
            },
        )?;
        let runs = self.series.len().max(1) as f64;
        let bar = |k: usize, b: usize| {
            let x0 = lo + b as f64 * width + width * (0.05 + 0.9 * k as f64 / runs);
            (x0, x0 + width * 0.9 / runs)
        };
        let mut hits = Vec::new();
        for (k, c) in counts.iter().enumerate() {
            let color = series_color(k);
            let drawn = c.iter().enumerate().filter(|(_, n)| **n > 0);
            chart
                .draw_series(drawn.clone().map(|(b, &n)| {
                    let (x0, x1) = bar(k, b);
                    Rectangle::new([(x0, 0.0), (x1, n as f64)], color.filled())
                }))
                .map_err(err)?;
            for (b, &n) in drawn {
                let (x0, x1) = bar(k, b);
                let from = lo + b as f64 * width;
                let title = format!(
                    "{}: {n} step{} of {} to {}",
                    self.series[k].label,
                    if n == 1 { "" } else { "s" },
                    duration_title(from),
                    duration_title(from + width),
                );
                hits.push(Hit::between(
                    chart.backend_coord(&(x0, 0.0)),
                    chart.backend_coord(&(x1, n as f64)),
                    hits.len(),
                    title,
                ));
            }
        }
        if let Some(column) = column {
            draw_legend(&column, &legend, Swatch::Box, 40).map_err(err)?;
        }
        Ok(hits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_lands_in_one_bin_of_the_shared_range() {
        let c = StepCompare {
            title: "t".into(),
            series: vec![
                StepSeries {
                    label: "base".into(),
                    times_ps: vec![10, 12, 11],
                },
                StepSeries {
                    label: "candidate".into(),
                    times_ps: vec![20, 22],
                },
            ],
            bins: Some(4),
        };
        let (lo, width, counts) = c.binned();
        assert_eq!((lo, width), (10.0, 3.0));
        assert_eq!(counts, vec![vec![3, 0, 0, 0], vec![0, 0, 0, 2]]);
    }
}
