//! Roofline scatter: ops by operational intensity and achieved FLOP rate, under the roofs.

use super::hits::Hit;
use super::legend::{Swatch, draw_legend, split};
use super::units::count;
use super::{ChartError, err, font, series_color};
use plotters::prelude::*;
use serde::{Deserialize, Serialize};

/// Ops as points plus the device's peaks.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct RooflinePlot {
    /// Chart title.
    pub title: String,
    /// Peak FLOP rate, GFLOP/s (0: unknown, no compute roof).
    pub peak_gflops: f64,
    /// Peak HBM bandwidth, GB/s (0: unknown, no memory roof).
    pub peak_hbm_gbps: f64,
    /// (label, FLOPs per byte, GFLOP/s) per op.
    pub points: Vec<(String, f64, f64)>,
}

impl RooflinePlot {
    /// Draws log-log axes, the roofs as lines, and the ops as dots (ops with zero intensity
    /// or rate cannot sit on a log axis and are left out), the legend beside the plot; one hit
    /// per dot with the op's numbers.
    pub fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, plotters::coord::Shift>,
    ) -> Result<Vec<Hit>, ChartError> {
        let shown: Vec<usize> = (0..self.points.len())
            .filter(|&k| {
                let p = &self.points[k];
                p.1 > 0.0 && p.2 > 0.0 && p.1.is_finite() && p.2.is_finite()
            })
            .collect();
        let pts: Vec<(f64, f64)> = shown
            .iter()
            .map(|&k| (self.points[k].1, self.points[k].2))
            .collect();
        let mut legend: Vec<(String, RGBAColor)> = Vec::new();
        if self.peak_hbm_gbps > 0.0 {
            legend.push((
                format!("HBM {:.0} GB/s", self.peak_hbm_gbps),
                series_color(3).to_rgba(),
            ));
        }
        if self.peak_gflops > 0.0 {
            legend.push((
                format!("peak {:.0} GFLOP/s", self.peak_gflops),
                series_color(2).to_rgba(),
            ));
        }
        legend.push(("ops".to_owned(), series_color(0).to_rgba()));
        let (plot, column) = split(area, &legend);
        let ridge = if self.peak_gflops > 0.0 && self.peak_hbm_gbps > 0.0 {
            self.peak_gflops / self.peak_hbm_gbps
        } else {
            0.0
        };
        let xs = pts
            .iter()
            .map(|p| p.0)
            .chain((ridge > 0.0).then_some(ridge));
        let (x_lo, x_hi) = bounds(xs, 1e-3, 1e4);
        let ys = pts
            .iter()
            .map(|p| p.1)
            .chain((self.peak_gflops > 0.0).then_some(self.peak_gflops));
        let (y_lo, y_hi) = bounds(ys, 1e-3, 1e6);
        let mut chart = ChartBuilder::on(&plot)
            .caption(&self.title, font(16))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(64)
            .build_cartesian_2d((x_lo..x_hi).log_scale(), (y_lo..y_hi).log_scale())
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc("operational intensity (FLOP/byte)")
            .y_desc("achieved (GFLOP/s)")
            .x_label_formatter(&|x| count(*x))
            .y_label_formatter(&|y| count(*y))
            .label_style(font(11))
            .axis_desc_style(font(12))
            .draw()
            .map_err(err)?;
        if self.peak_hbm_gbps > 0.0 {
            let end = if ridge > 0.0 { ridge } else { x_hi };
            let roof = [
                (x_lo, x_lo * self.peak_hbm_gbps),
                (end, end * self.peak_hbm_gbps),
            ];
            chart
                .draw_series(LineSeries::new(roof, series_color(3).stroke_width(2)))
                .map_err(err)?;
        }
        if self.peak_gflops > 0.0 {
            let start = if ridge > 0.0 { ridge } else { x_lo };
            chart
                .draw_series(LineSeries::new(
                    [(start, self.peak_gflops), (x_hi, self.peak_gflops)],
                    series_color(2).stroke_width(2),
                ))
                .map_err(err)?;
        }
        chart
            .draw_series(
                pts.iter()
                    .map(|&(x, y)| Circle::new((x, y), 4, series_color(0).filled())),
            )
            .map_err(err)?;
        if let Some(column) = column {
            draw_legend(&column, &legend, Swatch::Line, 40).map_err(err)?;
        }
        let hits = shown
            .iter()
            .map(|&k| {
                let (name, x, y) = &self.points[k];
                let (px, py) = chart.backend_coord(&(*x, *y));
                Hit::between(
                    (px - 4, py - 4),
                    (px + 4, py + 4),
                    k,
                    format!("{name}: {x} FLOP/byte, {y} GFLOP/s"),
                )
            })
            .collect();
        Ok(hits)
    }
}

/// Log-axis bounds around `values` (a decade of margin), or the defaults without any.
fn bounds(values: impl Iterator<Item = f64>, lo: f64, hi: f64) -> (f64, f64) {
    let (mut a, mut b) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values {
        a = a.min(v);
        b = b.max(v);
    }
    if a.is_finite() && b.is_finite() && a > 0.0 {
        (
            10f64.powf(a.log10().floor() - 1.0),
            10f64.powf(b.log10().ceil() + 1.0),
        )
    } else {
        (lo, hi)
    }
}
