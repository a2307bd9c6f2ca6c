//! The counter chart: chosen counters over a chosen range as step lines (each value holds
//! until the next sample), a legend, a linear or logarithmic value axis, and shaded kernel
//! windows with boundary lines.
//!
//! Text is never measured by a font engine: [`to_svg`] draws through [`EstimatedText`], which
//! sizes text from its characters, and the legend is laid out here rather than by
//! plotters (whose legend asks the font engine directly). On wasm32 plotters' font engine is the
//! page's DOM, which a Worker does not have and the page's Content-Security-Policy forbids
//! styling inline; this way the chart is drawn in the engine's Worker like everything else.

use super::EstimatedText;
use super::legend::{Swatch, draw_legend, split};
use super::units::{count, scale_for, tick, time_scale};
use plotters::coord::Shift;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;
use serde::Deserialize;

/// One series: `points` are `[time_us, value]`, time-ordered.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
pub struct ChartSeries {
    /// Legend label.
    pub name: String,
    /// `[time in µs, value]`.
    pub points: Vec<[f64; 2]>,
}

/// What to draw.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
pub struct ChartSpec {
    /// Caption above the chart.
    #[serde(default)]
    pub title: String,
    /// Series, drawn in order.
    pub series: Vec<ChartSeries>,
    /// Logarithmic value axis (values ≤ 0 are left out: a log axis cannot show them).
    #[serde(default)]
    pub log_y: bool,
    /// Kernel windows `[start_us, end_us]`, shaded with lines at both ends.
    #[serde(default)]
    pub markers: Vec<[f64; 2]>,
    /// Visible time range `[t0_us, t1_us]`; when absent, the range of the points.
    #[serde(default)]
    pub range_us: Option<[f64; 2]>,
    /// Unit of every series' values (`bytes`, `ps`, ...): the value axis is drawn in the unit
    /// its range fits; absent, values are counts (with k/M/G).
    #[serde(default)]
    pub unit: Option<String>,
    /// Size in pixels.
    pub width: u32,
    /// Size in pixels.
    pub height: u32,
}

/// Renders `spec` as an SVG document.
pub fn to_svg(spec: &ChartSpec) -> Result<String, String> {
    let (w, h) = (spec.width.clamp(200, 4000), spec.height.clamp(150, 3000));
    let mut out = String::new();
    {
        let root = EstimatedText(SVGBackend::with_string(&mut out, (w, h))).into_drawing_area();
        draw(&root, spec)?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(out)
}

/// Draws `spec` on `root`.
pub fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    spec: &ChartSpec,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let keep = |v: f64| v.is_finite() && (!spec.log_y || v > 0.0);
    let (mut x0, mut x1, mut y0, mut y1) = (
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
    );
    for p in spec.series.iter().flat_map(|s| &s.points) {
        if p[0].is_finite() && keep(p[1]) {
            x0 = x0.min(p[0]);
            x1 = x1.max(p[0]);
            y0 = y0.min(p[1]);
            y1 = y1.max(p[1]);
        }
    }
    if let Some([a, b]) = spec
        .range_us
        .filter(|r| r[0].is_finite() && r[1].is_finite() && r[1] > r[0])
    {
        (x0, x1) = (a, b);
    }
    if !(x0.is_finite() && y0.is_finite()) {
        root.draw(&Text::new(
            "no samples in the range",
            (20, 20),
            ("sans-serif", 14),
        ))
        .map_err(|e| e.to_string())?;
        return Ok(());
    }
    if x1 <= x0 {
        x1 = x0 + 1.0;
    }
    if y1 <= y0 {
        let pad = if y0 == 0.0 { 1.0 } else { y0.abs() * 0.05 };
        (y0, y1) = if spec.log_y {
            (y0 / 2.0, y1 * 2.0)
        } else {
            (y0 - pad, y1 + pad)
        };
    } else if !spec.log_y {
        let pad = (y1 - y0) * 0.05;
        (y0, y1) = (y0 - pad, y1 + pad);
    }
    if spec.log_y {
        plot(root, spec, x0..x1, (y0..y1).log_scale(), y0)
    } else {
        plot(root, spec, x0..x1, y0..y1, y0)
    }
}

fn plot<DB, Y>(
    root: &DrawingArea<DB, Shift>,
    spec: &ChartSpec,
    x: std::ops::Range<f64>,
    y: Y,
    y_floor: f64,
) -> Result<(), String>
where
    DB: DrawingBackend,
    Y: AsRangedCoord<Value = f64>,
    Y::CoordDescType: ValueFormatter<f64>,
{
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let (xa, xb) = (x.start, x.end);
    let entries: Vec<(String, RGBAColor)> = (spec.series.iter().enumerate())
        .map(|(k, s)| (s.name.clone(), Palette99::pick(k).to_rgba()))
        .collect();
    let (area, column) = split(root, &entries);
    let time = time_scale(xa.abs().max(xb.abs()), 1e6);
    let time_span = (xb - xa) / time.per;
    let value = spec
        .unit
        .as_deref()
        .and_then(|u| scale_for(u, y_top_of(spec)));
    let mut chart = ChartBuilder::on(&area)
        .caption(&spec.title, ("sans-serif", 16))
        .margin(10)
        .x_label_area_size(36)
        .y_label_area_size(70)
        .build_cartesian_2d(x, y)
        .map_err(e)?;
    chart
        .configure_mesh()
        .x_desc(format!("time ({})", time.unit))
        .x_label_formatter(&|t| tick(t / time.per, time_span))
        .y_label_formatter(&|v| match value {
            Some(s) => format!("{} {}", count(v / s.per), s.unit),
            None => count(*v),
        })
        .x_labels(8)
        .y_labels(6)
        .draw()
        .map_err(e)?;
    let y_top = chart.y_range().end;
    for &[a, b] in &spec.markers {
        if b < xa || a > xb {
            continue;
        }
        let (a, b) = (a.max(xa), b.min(xb));
        let shade = RGBColor(250, 204, 21).mix(0.18).filled();
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(a, y_floor), (b, y_top)],
                shade,
            )))
            .map_err(e)?;
        let edge = RGBColor(202, 138, 4).stroke_width(1);
        for t in [a, b] {
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(t, y_floor), (t, y_top)],
                    edge,
                )))
                .map_err(e)?;
        }
    }
    for (k, s) in spec.series.iter().enumerate() {
        let color = Palette99::pick(k).to_rgba();
        let steps = step_points(&s.points, xb, spec.log_y);
        chart
            .draw_series(LineSeries::new(steps, color.stroke_width(2)))
            .map_err(e)?;
    }
    if let Some(column) = column {
        draw_legend(&column, &entries, Swatch::Line, 40).map_err(e)?;
    }
    Ok(())
}

/// The largest finite value of any series (what the value axis' unit is chosen from).
fn y_top_of(spec: &ChartSpec) -> f64 {
    (spec.series.iter().flat_map(|s| &s.points))
        .map(|p| p[1].abs())
        .filter(|v| v.is_finite())
        .fold(0.0, f64::max)
}

/// A step line through `points`: each value holds until the next point, the last to `end`.
fn step_points(points: &[[f64; 2]], end: f64, log: bool) -> Vec<(f64, f64)> {
    let usable: Vec<[f64; 2]> = points
        .iter()
        .copied()
        .filter(|p| p[0].is_finite() && p[1].is_finite() && (!log || p[1] > 0.0))
        .collect();
    let mut out = Vec::with_capacity(usable.len() * 2);
    for (k, p) in usable.iter().enumerate() {
        out.push((p[0], p[1]));
        let next = usable.get(k + 1).map_or(end.max(p[0]), |n| n[0]);
        out.push((next, p[1]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(log_y: bool) -> ChartSpec {
        ChartSpec {
            title: "counters".into(),
            series: vec![
                ChartSeries {
                    name: "Busy".into(),
                    points: vec![[0.0, 1.0], [10.0, 100.0], [20.0, 1000.0]],
                },
                ChartSeries {
                    name: "zeroes".into(),
                    points: vec![[0.0, 0.0], [5.0, 0.0]],
                },
            ],
            log_y,
            markers: vec![[2.0, 8.0]],
            range_us: None,
            unit: None,
            width: 640,
            height: 320,
        }
    }

    #[test]
    fn svg_has_series_legend_and_markers() {
        for log in [false, true] {
            let svg = to_svg(&spec(log)).unwrap();
            assert!(svg.starts_with("<svg"), "{log}");
            assert!(
                svg.contains("\nBusy\n") && svg.contains("time (µs)"),
                "legend and a time axis in µs for a 20 µs range, {log}"
            );
            assert!(!svg.contains("time (ms)"), "{log}");
            assert!(svg.contains("#CA8A04"), "kernel boundary lines, {log}");
            assert!(svg.contains("<polyline"), "{log}");
        }
        assert!(
            to_svg(&ChartSpec {
                width: 300,
                height: 200,
                ..Default::default()
            })
            .unwrap()
            .contains("no samples")
        );
    }

    #[test]
    fn a_byte_counter_has_a_byte_axis() {
        let svg = to_svg(&ChartSpec {
            series: vec![ChartSeries {
                name: "allocated".into(),
                points: vec![[0.0, 0.0], [3000.0, 3.0 * 1024.0 * 1024.0]],
            }],
            unit: Some("bytes".into()),
            width: 640,
            height: 320,
            ..Default::default()
        })
        .unwrap();
        assert!(svg.contains(" MiB\n"), "value ticks in MiB");
        assert!(svg.contains("time (ms)"), "a 3 ms range in ms");
    }

    #[test]
    fn steps_hold_values() {
        assert_eq!(
            step_points(&[[0.0, 1.0], [2.0, 3.0]], 5.0, false),
            vec![(0.0, 1.0), (2.0, 1.0), (2.0, 3.0), (5.0, 3.0)]
        );
        assert_eq!(
            step_points(&[[0.0, 0.0], [1.0, 2.0]], 3.0, true),
            vec![(1.0, 2.0), (3.0, 2.0)]
        );
    }
}
