//! Roofline scatter: ops by operational intensity and achieved FLOP rate, under the roofs.

use super::legend::{Corner, Swatch, draw_legend};
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
    /// or rate cannot sit on a log axis and are left out).
    pub fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, plotters::coord::Shift>,
    ) -> Result<(), ChartError> {
        let pts: Vec<(f64, f64)> = self
            .points
            .iter()
            .filter(|p| p.1 > 0.0 && p.2 > 0.0 && p.1.is_finite() && p.2.is_finite())
            .map(|p| (p.1, p.2))
            .collect();
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
        let mut chart = ChartBuilder::on(area)
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
            .label_style(font(11))
            .axis_desc_style(font(12))
            .draw()
            .map_err(err)?;
        let mut legend: Vec<(String, RGBAColor)> = Vec::new();
        if self.peak_hbm_gbps > 0.0 {
            let end = if ridge > 0.0 { ridge } else { x_hi };
            let roof = [
                (x_lo, x_lo * self.peak_hbm_gbps),
                (end, end * self.peak_hbm_gbps),
            ];
            chart
                .draw_series(LineSeries::new(roof, series_color(3).stroke_width(2)))
                .map_err(err)?;
            legend.push((
                format!("HBM {:.0} GB/s", self.peak_hbm_gbps),
                series_color(3).to_rgba(),
            ));
        }
        if self.peak_gflops > 0.0 {
            let start = if ridge > 0.0 { ridge } else { x_lo };
            chart
                .draw_series(LineSeries::new(
                    [(start, self.peak_gflops), (x_hi, self.peak_gflops)],
                    series_color(2).stroke_width(2),
                ))
                .map_err(err)?;
            legend.push((
                format!("peak {:.0} GFLOP/s", self.peak_gflops),
                series_color(2).to_rgba(),
            ));
        }
        chart
            .draw_series(
                pts.iter()
                    .map(|&(x, y)| Circle::new((x, y), 4, series_color(0).filled())),
            )
            .map_err(err)?;
        legend.push(("ops".to_owned(), series_color(0).to_rgba()));
        draw_legend(area, &legend, Swatch::Line, Corner::BottomRight, (16, 48)).map_err(err)?;
        Ok(())
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
