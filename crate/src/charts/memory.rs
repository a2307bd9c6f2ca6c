//! The memory chart of one allocator: bytes in use and reserved over a time range, one value
//! per pixel column (the most at any moment of it, so a peak narrower than a pixel is never
//! lost: [`crate::analysis::memory::runtime::Columns`]), the peak marked with its size.
//! Text is sized by estimate ([`EstimatedText`]) and the legend laid out here, so the chart
//! draws in the engine's Worker.

use super::EstimatedText;
use super::legend::{Swatch, draw_legend, split};
use super::units::{byte_scale, count, tick, time_scale};
use crate::analysis::memory::runtime::Columns;
use crate::model::Ps;
use plotters::prelude::*;

/// Colours of the in-use line, the reserved line and the peak mark.
const IN_USE: RGBColor = RGBColor(31, 119, 180);
const RESERVED: RGBColor = RGBColor(255, 127, 14);
const PEAK: RGBColor = RGBColor(214, 39, 40);

/// What to draw.
#[derive(Debug)]
pub struct MemoryChart<'a> {
    /// Caption (the allocator's name).
    pub title: &'a str,
    /// The range's columns.
    pub columns: &'a Columns,
    /// The allocator's peak: (time, bytes); marked when inside the range.
    pub peak: Option<(Ps, i64)>,
    /// Size in pixels.
    pub width: u32,
    /// Size in pixels.
    pub height: u32,
}

/// Renders `chart` as an SVG document.
pub fn to_svg(chart: &MemoryChart) -> Result<String, String> {
    let (w, h) = (chart.width.clamp(200, 4000), chart.height.clamp(120, 3000));
    let mut out = String::new();
    {
        let root = EstimatedText(SVGBackend::with_string(&mut out, (w, h))).into_drawing_area();
        draw(&root, chart).map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(out)
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    chart: &MemoryChart,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    root.fill(&WHITE)?;
    let c = chart.columns;
    let top = c
        .in_use
        .iter()
        .chain(c.reserved.iter().flatten())
        .flatten()
        .copied()
        .max();
    let Some(top) = top else {
        root.draw(&Text::new(
            "no memory events in the range",
            (20, 20),
            ("sans-serif", 14),
        ))?;
        return Ok(());
    };
    let mut entries = vec![("in use".to_owned(), IN_USE.to_rgba())];
    if c.reserved.is_some() {
        entries.push(("reserved".to_owned(), RESERVED.to_rgba()));
    }
    let (area, column) = split(root, &entries);
    let (x0, x1) = (c.start as f64, (c.end.max(c.start + 1)) as f64);
    let y1 = (top.max(1) as f64) * 1.08;
    let time = time_scale(x0.abs().max(x1.abs()), 1.0);
    let span = (x1 - x0) / time.per;
    let bytes = byte_scale(y1);
    let mut plot = ChartBuilder::on(&area)
        .caption(chart.title, ("sans-serif", 16))
        .margin(10)
        .x_label_area_size(36)
        .y_label_area_size(70)
        .build_cartesian_2d(x0..x1, 0f64..y1)?;
    plot.configure_mesh()
        .x_desc(format!("time ({})", time.unit))
        .x_label_formatter(&|t| tick(t / time.per, span))
        .y_label_formatter(&|v| format!("{} {}", count(v / bytes.per), bytes.unit))
        .x_labels(8)
        .y_labels(6)
        .draw()?;
    let n = c.in_use.len().max(1);
    let edge = |k: usize| x0 + (x1 - x0) * k as f64 / n as f64;
    let steps = |values: &[Option<i64>]| -> Vec<Vec<(f64, f64)>> {
        let mut runs: Vec<Vec<(f64, f64)>> = Vec::new();
        let mut run: Vec<(f64, f64)> = Vec::new();
        for (k, v) in values.iter().enumerate() {
            match v {
                Some(v) => {
                    run.push((edge(k), *v as f64));
                    run.push((edge(k + 1), *v as f64));
                }
                None => runs.extend((!run.is_empty()).then(|| std::mem::take(&mut run))),
            }
        }
        runs.extend((!run.is_empty()).then_some(run));
        runs
    };
    if let Some(reserved) = &c.reserved {
        for run in steps(reserved) {
            plot.draw_series(LineSeries::new(run, RESERVED.stroke_width(1)))?;
        }
    }
    for run in steps(&c.in_use) {
        plot.draw_series(LineSeries::new(run, IN_USE.stroke_width(2)))?;
    }
    if let Some((t, b)) = chart.peak.filter(|&(t, _)| t >= c.start && t <= c.end) {
        let (t, b) = (t as f64, b as f64);
        plot.draw_series(std::iter::once(Circle::new((t, b), 4, PEAK.filled())))?;
        let label = format!("peak {} {}", count(b / bytes.per), bytes.unit);
        let right = t > x0 + (x1 - x0) * 0.7;
        let pos = plotters::style::text_anchor::Pos::new(
            if right {
                plotters::style::text_anchor::HPos::Right
            } else {
                plotters::style::text_anchor::HPos::Left
            },
            plotters::style::text_anchor::VPos::Bottom,
        );
        let style = ("sans-serif", 12).into_font().color(&PEAK).pos(pos);
        plot.draw_series(std::iter::once(Text::new(label, (t, b), style)))?;
    }
    if let Some(column) = column {
        draw_legend(&column, &entries, Swatch::Line, 40)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn columns() -> Columns {
        Columns {
            start: 0,
            end: 4_000_000,
            in_use: vec![None, Some(1 << 20), Some(3 << 20), Some(2 << 20)],
            reserved: Some(vec![None, Some(4 << 20), Some(4 << 20), Some(4 << 20)]),
        }
    }

    #[test]
    fn svg_has_both_lines_the_peak_and_byte_ticks() {
        let cols = columns();
        let svg = to_svg(&MemoryChart {
            title: "GPU 0",
            columns: &cols,
            peak: Some((2_500_000, 3 << 20)),
            width: 640,
            height: 240,
        })
        .unwrap();
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("peak 3 MiB"), "peak label");
        assert!(
            svg.contains("#1F77B4") && svg.contains("#FF7F0E"),
            "in use and reserved"
        );
        assert!(svg.contains(" MiB\n"), "byte ticks");
        assert!(svg.contains("time (µs)"), "a 4 µs range");
    }

    #[test]
    fn a_peak_outside_the_range_is_not_marked_and_an_empty_range_says_so() {
        let cols = columns();
        let svg = to_svg(&MemoryChart {
            title: "GPU 0",
            columns: &cols,
            peak: Some((9_000_000, 3 << 20)),
            width: 640,
            height: 240,
        })
        .unwrap();
        assert!(!svg.contains("peak "));
        let empty = Columns {
            start: 0,
            end: 10,
            in_use: vec![None; 3],
            reserved: None,
        };
        let svg = to_svg(&MemoryChart {
            title: "CPU",
            columns: &empty,
            peak: None,
            width: 300,
            height: 200,
        })
        .unwrap();
        assert!(svg.contains("no memory events"));
    }
}
