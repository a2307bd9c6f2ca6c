//! Charts of the analyses, drawn with plotters on any [`DrawingBackend`], and as SVG text.
//!
//! Each chart takes plain data (prepared by the analyses, sent to the page as JSON) and a
//! drawing area. [`render_svg`] draws one into an SVG string, sizing text with
//! [`EstimatedText`] (plotters' own measurement on wasm32 needs inline styles in the page,
//! which its CSP forbids), so the output is the same natively (tests snapshot it) and in the
//! browser. `counters.rs` draws the counter chart the same way (its own text estimate).
//!
//! Charts: kernel-duration histogram, step-time stacked bars, roofline scatter with the
//! device's roofs, time-by-category bars, two runs' step-time histograms. Every chart has a
//! title, axes in units for people (`units.rs`: times in the unit the data range fits, bytes
//! in KiB/MiB/GiB, counts with k/M) and, where there is more than one series, a legend beside
//! the plot (never over data). Each bar or point carries its exact value as an SVG `<title>`
//! on an invisible rect with `data-bar="k"` (`hits.rs`); the chart data of steps and
//! histogram bins carries the time range a click on a bar zooms the timeline to.

mod bars;
pub mod buffer_heap;
pub mod counters;
pub mod data;
mod histogram;
mod hits;
mod legend;
pub mod memory;
mod roofline;
mod step_compare;
mod text_size;
pub mod units;

pub use bars::{CategoryBars, StepBars};
pub use histogram::{Bins, DurationHistogram};
pub use hits::Hit;
pub use roofline::RooflinePlot;
pub use step_compare::{StepCompare, StepSeries};
pub use text_size::EstimatedText;

use plotters::prelude::*;
use serde::{Deserialize, Serialize};

/// A chart's data, tagged by `kind` in JSON (`{"kind": "histogram", ...}`).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Chart {
    /// Kernel (or op) durations.
    Histogram(DurationHistogram),
    /// Step times stacked by category.
    Steps(StepBars),
    /// Ops under the roofline.
    Roofline(RooflinePlot),
    /// Time per category.
    Categories(CategoryBars),
    /// Two runs' step-time distributions.
    StepCompare(StepCompare),
}

/// Why a chart could not be drawn.
#[derive(Debug, thiserror::Error)]
#[error("chart: {0}")]
pub struct ChartError(pub String);

/// Draws `chart` on `area`; returns its bars' (or points') hover and click targets.
pub fn draw<DB: DrawingBackend>(
    chart: &Chart,
    area: &DrawingArea<DB, plotters::coord::Shift>,
) -> Result<Vec<Hit>, ChartError> {
    area.fill(&WHITE).map_err(err)?;
    match chart {
        Chart::Histogram(h) => h.draw(area),
        Chart::Steps(s) => s.draw(area),
        Chart::Roofline(r) => r.draw(area),
        Chart::Categories(c) => c.draw(area),
        Chart::StepCompare(s) => s.draw(area),
    }
}

/// Draws `chart` as an SVG document of `width` × `height` pixels, with a `<title>`d hit rect per
/// bar or point (see [`Hit`]).
pub fn render_svg(chart: &Chart, width: u32, height: u32) -> Result<String, ChartError> {
    let mut svg = String::new();
    let hits = {
        let area = EstimatedText(SVGBackend::with_string(
            &mut svg,
            (width.max(200), height.max(150)),
        ))
        .into_drawing_area();
        let hits = draw(chart, &area)?;
        area.present().map_err(err)?;
        hits
    };
    hits::append_hits(&mut svg, &hits);
    Ok(svg)
}

/// Parses a chart from JSON and draws it as SVG.
pub fn render_svg_json(json: &str, width: u32, height: u32) -> Result<String, ChartError> {
    let chart: Chart =
        serde_json::from_str(json).map_err(|e| ChartError(format!("bad chart data: {e}")))?;
    render_svg(&chart, width, height)
}

/// Any plotters error as a [`ChartError`].
fn err<E: std::fmt::Display>(e: E) -> ChartError {
    ChartError(e.to_string())
}

/// A colour per series, readable on white and distinct for up to ten series.
pub fn series_color(i: usize) -> RGBColor {
    const PALETTE: [RGBColor; 10] = [
        RGBColor(31, 119, 180),
        RGBColor(255, 127, 14),
        RGBColor(44, 160, 44),
        RGBColor(214, 39, 40),
        RGBColor(148, 103, 189),
        RGBColor(140, 86, 75),
        RGBColor(227, 119, 194),
        RGBColor(127, 127, 127),
        RGBColor(188, 189, 34),
        RGBColor(23, 190, 207),
    ];
    PALETTE[i % PALETTE.len()]
}

/// Text style of titles, axis labels and legends.
fn font(size: u32) -> TextStyle<'static> {
    ("sans-serif", size).into_font().color(&BLACK)
}

/// The upper end of an axis that shows `max` (never 0).
fn axis_max(max: f64) -> f64 {
    if max > 0.0 && max.is_finite() {
        max * 1.05
    } else {
        1.0
    }
}
