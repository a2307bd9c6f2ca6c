//! The heap of one XLA module over program order (XProf's memory viewer's "memory allocation
//! size vs program order"): heap bytes after each heap simulator event as a step line, the
//! whole-program allocations as a shaded band under it, and the peak marked.
//!
//! With more events than pixel columns each column draws the largest heap of its events, so
//! the peak is never lost. Text is sized by [`EstimatedText`], so it draws in the Worker.

use super::EstimatedText;
use super::units::{byte_scale, count, tick};
use plotters::coord::Shift;
use plotters::prelude::*;

/// What to draw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HeapCurve {
    /// Caption (the module name).
    pub title: String,
    /// Heap bytes after each event (whole-program allocations included).
    pub heap_after: Vec<i64>,
    /// Bytes live for the whole program (the band under the curve).
    pub baseline_bytes: i64,
    /// The event of the peak.
    pub peak_position: usize,
    /// The peak bytes.
    pub peak_bytes: i64,
}

const LINE: RGBColor = RGBColor(31, 119, 180);
const BAND: RGBColor = RGBColor(148, 163, 184);
const PEAK: RGBColor = RGBColor(214, 39, 40);

/// Renders `curve` as an SVG document of `width` × `height` px (clamped to 200..4000 ×
/// 150..3000).
pub fn to_svg(curve: &HeapCurve, width: u32, height: u32) -> Result<String, String> {
    let (w, h) = (width.clamp(200, 4000), height.clamp(150, 3000));
    let mut out = String::new();
    {
        let root = EstimatedText(SVGBackend::with_string(&mut out, (w, h))).into_drawing_area();
        draw(&root, curve)?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(out)
}

/// Draws `curve` on `root`.
pub fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    curve: &HeapCurve,
) -> Result<(), String> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(e)?;
    let n = curve.heap_after.len();
    let top = (curve.heap_after.iter().copied().max().unwrap_or(0))
        .max(curve.peak_bytes)
        .max(curve.baseline_bytes)
        .max(1) as f64;
    let bytes = byte_scale(top);
    let x_end = n.max(1) as f64;
    let mut chart = ChartBuilder::on(root)
        .caption(&curve.title, ("sans-serif", 16))
        .margin(10)
        .x_label_area_size(36)
        .y_label_area_size(70)
        .build_cartesian_2d(0.0..x_end, 0.0..top * 1.08)
        .map_err(e)?;
    chart
        .configure_mesh()
        .x_desc("program order (heap simulator events)")
        .y_desc(format!("heap ({})", bytes.unit))
        .x_label_formatter(&|x| count(x.round()))
        .y_label_formatter(&|v| tick(v / bytes.per, top / bytes.per))
        .x_labels(8)
        .y_labels(6)
        .draw()
        .map_err(e)?;
    let base = curve.baseline_bytes as f64;
    if base > 0.0 {
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(0.0, 0.0), (x_end, base)],
                BAND.mix(0.35).filled(),
            )))
            .map_err(e)?;
    }
    if n == 0 {
        let (x, y) = chart.backend_coord(&(0.0, top));
        root.draw(&Text::new(
            "no heap simulator trace: only whole-program allocations",
            (x + 10, y + 10),
            ("sans-serif", 13),
        ))
        .map_err(e)?;
        return Ok(());
    }
    let columns = chart.plotting_area().dim_in_pixel().0.max(1) as usize;
    chart
        .draw_series(LineSeries::new(
            step_points(&curve.heap_after, columns),
            LINE.stroke_width(2),
        ))
        .map_err(e)?;
    let (px, py) = (curve.peak_position as f64 + 0.5, curve.peak_bytes as f64);
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(px, 0.0), (px, top * 1.08)],
            PEAK.mix(0.6).stroke_width(1),
        )))
        .map_err(e)?;
    chart
        .draw_series(std::iter::once(Circle::new((px, py), 4, PEAK.filled())))
        .map_err(e)?;
    let label = format!(
        "peak {} {} at {}",
        count(py / bytes.per),
        bytes.unit,
        curve.peak_position
    );
    let (x, y) = chart.backend_coord(&(px, py));
    let right = chart.plotting_area().get_pixel_range().0.end;
    let x = if x + 160 > right { x - 160 } else { x + 8 };
    root.draw(&Text::new(
        label,
        (x, y - 16),
        ("sans-serif", 12).into_font().color(&PEAK),
    ))
    .map_err(e)?;
    Ok(())
}

/// The step line of `heap` (event `k` holds over `[k, k + 1)`), with at most `columns` steps:
/// each run of events sharing a column keeps its largest value.
fn step_points(heap: &[i64], columns: usize) -> Vec<(f64, f64)> {
    let n = heap.len();
    let per = n.div_ceil(columns.max(1)).max(1);
    let mut out = Vec::with_capacity(2 * n.div_ceil(per));
    for (c, chunk) in heap.chunks(per).enumerate() {
        let top = chunk.iter().copied().max().unwrap_or(0) as f64;
        let x0 = (c * per) as f64;
        out.push((x0, top));
        out.push((x0 + chunk.len() as f64, top));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_keep_each_columns_largest_heap() {
        assert_eq!(
            step_points(&[1, 3, 2], 10),
            vec![
                (0.0, 1.0),
                (1.0, 1.0),
                (1.0, 3.0),
                (2.0, 3.0),
                (2.0, 2.0),
                (3.0, 2.0)
            ]
        );
        assert_eq!(
            step_points(&[1, 5, 2, 0, 4], 2),
            vec![(0.0, 5.0), (3.0, 5.0), (3.0, 4.0), (5.0, 4.0)]
        );
    }

    #[test]
    fn svg_marks_the_peak_and_the_whole_program_band() {
        let curve = HeapCurve {
            title: "jit_f(1)".into(),
            heap_after: vec![3 << 20, 4 << 20, 3 << 20],
            baseline_bytes: 2 << 20,
            peak_position: 1,
            peak_bytes: 4 << 20,
        };
        let svg = to_svg(&curve, 640, 320).unwrap();
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("peak 4 MiB at 1"), "{svg}");
        assert!(svg.contains("heap (MiB)"));
        assert!(svg.contains("#D62728"), "the peak marker");
        let empty = to_svg(
            &HeapCurve {
                baseline_bytes: 10,
                ..HeapCurve::default()
            },
            300,
            200,
        )
        .unwrap();
        assert!(empty.contains("no heap simulator trace"));
    }
}
