//! The frame of a chart of counts over a time axis (the duration histogram, two runs' step
//! times): caption, x in the time unit the range fits, y in counts, the mesh drawn.

use super::units::{count, tick, time_scale};
use super::{ChartError, axis_max, err, font};
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

/// The axes of a chart of counts over time.
pub struct TimeCounts<'t> {
    pub title: &'t str,
    /// What x measures ("duration", "step time"); the unit is added.
    pub x_what: &'t str,
    /// What y counts ("launches", "steps").
    pub y_what: &'t str,
    /// The x range, in the data's unit.
    pub x: (f64, f64),
    /// Picoseconds per unit of the data (1 for ps, 1e6 for µs).
    pub ps_per_unit: f64,
    /// The largest count drawn (y goes to a round number above it).
    pub max_count: f64,
}

/// A chart on `area` with the axes of `axes`, its mesh drawn; the caller draws the bars.
pub fn time_count_chart<'a, DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    axes: &TimeCounts<'_>,
) -> Result<ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>, ChartError> {
    let (lo, hi) = axes.x;
    let scale = time_scale(lo.abs().max(hi.abs()), axes.ps_per_unit);
    let span = (hi - lo) / scale.per;
    let mut chart = ChartBuilder::on(area)
        .caption(axes.title, font(16))
        .margin(10)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(lo..hi, 0.0..axis_max(axes.max_count))
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc(format!("{} ({})", axes.x_what, scale.unit))
        .y_desc(axes.y_what)
        .x_label_formatter(&|x| tick(x / scale.per, span))
        .y_label_formatter(&|y| count(*y))
        .label_style(font(11))
        .axis_desc_style(font(12))
        .draw()
        .map_err(err)?;
    Ok(chart)
}
