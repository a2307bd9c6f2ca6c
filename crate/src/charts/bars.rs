//! Bar charts: step times stacked by category, and time per category.

use super::hits::Hit;
use super::legend::{Swatch, draw_legend, split};
use super::units::{duration_title, scale_for, tick, time_scale, unit_ps};
use super::{ChartError, axis_max, err, font, series_color};
use plotters::prelude::*;
use serde::{Deserialize, Serialize};

/// Step times, each bar split into categories.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct StepBars {
    /// Chart title.
    pub title: String,
    /// Category names, bottom of the stack first.
    pub categories: Vec<String>,
    /// Steps: a label and one value in ms per category.
    pub steps: Vec<(String, Vec<f64>)>,
    /// Per step, `[start_ps, end_ps]` on the timeline (what a click on its bar zooms to);
    /// empty when unknown.
    #[serde(default)]
    pub ranges_ps: Vec<[i64; 2]>,
}

impl StepBars {
    /// Draws one stacked bar per step: x = step, y = time (in the unit the longest step fits),
    /// a legend of categories beside the plot; one hit per step with its time per category.
    pub fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, plotters::coord::Shift>,
    ) -> Result<Vec<Hit>, ChartError> {
        let legend: Vec<(String, RGBAColor)> = (self.categories.iter().enumerate())
            .map(|(c, name)| (name.clone(), series_color(c).to_rgba()))
            .collect();
        let (plot, column) = split(area, &legend);
        let n = self.steps.len().max(1);
        let top = axis_max(
            self.steps
                .iter()
                .map(|(_, v)| v.iter().sum::<f64>())
                .fold(0.0, f64::max),
        );
        let labels: Vec<&str> = self.steps.iter().map(|(l, _)| l.as_str()).collect();
        let scale = time_scale(top, 1e9);
        let mut chart = ChartBuilder::on(&plot)
            .caption(&self.title, font(16))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(56)
            .build_cartesian_2d(0.0..n as f64, 0.0..top)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc("step")
            .y_desc(format!("time ({})", scale.unit))
            .y_label_formatter(&|y| tick(y / scale.per, top / scale.per))
            .x_labels(n.min(12))
            .x_label_formatter(&|x| {
                let i = x.floor() as usize;
                labels.get(i).map(|s| s.to_string()).unwrap_or_default()
            })
            .label_style(font(11))
            .axis_desc_style(font(12))
            .draw()
            .map_err(err)?;
        for c in 0..self.categories.len() {
            let color = series_color(c);
            chart
                .draw_series(self.steps.iter().enumerate().map(|(i, (_, v))| {
                    let below: f64 = v.iter().take(c).sum();
                    let here = v.get(c).copied().unwrap_or(0.0);
                    let (x0, x1) = (i as f64 + 0.1, i as f64 + 0.9);
                    Rectangle::new([(x0, below), (x1, below + here)], color.filled())
                }))
                .map_err(err)?;
        }
        if let Some(column) = column {
            draw_legend(&column, &legend, Swatch::Box, 40).map_err(err)?;
        }
        let hits = (self.steps.iter().enumerate())
            .map(|(i, (label, v))| {
                let total: f64 = v.iter().sum();
                let mut title = format!("{label}: {}", duration_title(total * 1e9));
                for (c, value) in self.categories.iter().zip(v) {
                    title.push_str(&format!("\n{c}: {}", duration_title(value * 1e9)));
                }
                Hit::between(
                    chart.backend_coord(&(i as f64 + 0.1, 0.0)),
                    chart.backend_coord(&(i as f64 + 0.9, total)),
                    i,
                    title,
                )
            })
            .collect();
        Ok(hits)
    }
}

/// Time per category (HLO categories, op types), longest first.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct CategoryBars {
    /// Chart title.
    pub title: String,
    /// Unit of the values, shown on the axis (`µs`, `ms`).
    pub unit: String,
    /// (category, time) pairs.
    pub bars: Vec<(String, f64)>,
}

impl CategoryBars {
    /// Draws horizontal bars, one per category, labelled with the category name; the time axis
    /// in the unit the longest bar fits; one hit per bar with its exact time.
    pub fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, plotters::coord::Shift>,
    ) -> Result<Vec<Hit>, ChartError> {
        let n = self.bars.len().max(1);
        let top = axis_max(self.bars.iter().map(|b| b.1).fold(0.0, f64::max));
        let scale = scale_for(&self.unit, top);
        let names: Vec<&str> = self.bars.iter().map(|b| b.0.as_str()).collect();
        let label_width = names
            .iter()
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(4)
            .clamp(4, 28) as u32
            * 7
            + 12;
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, font(16))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(label_width)
            .build_cartesian_2d(0.0..top, 0.0..n as f64)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .x_desc(format!(
                "time ({})",
                scale.map_or(self.unit.as_str(), |s| s.unit)
            ))
            .x_label_formatter(&|x| match scale {
                Some(s) => tick(x / s.per, top / s.per),
                None => tick(*x, top),
            })
            .y_labels(n.min(20))
            .y_label_formatter(&|y| {
                let i = y.floor() as usize;
                // Row 0 at the top: the longest first.
                names
                    .get(n.saturating_sub(1 + i))
                    .map(|s| s.chars().take(28).collect())
                    .unwrap_or_default()
            })
            .label_style(font(11))
            .axis_desc_style(font(12))
            .draw()
            .map_err(err)?;
        chart
            .draw_series(self.bars.iter().enumerate().map(|(i, (_, v))| {
                let y = (n - 1 - i) as f64;
                Rectangle::new([(0.0, y + 0.15), (*v, y + 0.85)], series_color(i).filled())
            }))
            .map_err(err)?;
        let hits = (self.bars.iter().enumerate())
            .map(|(i, (name, v))| {
                let y = (n - 1 - i) as f64;
                let value = match unit_ps(&self.unit) {
                    Some(ps) => duration_title(v * ps),
                    None => format!("{v} {}", self.unit),
                };
                Hit::between(
                    chart.backend_coord(&(0.0, y + 0.15)),
                    chart.backend_coord(&(*v, y + 0.85)),
                    i,
                    format!("{name}: {value}"),
                )
            })
            .collect();
        Ok(hits)
    }
}
