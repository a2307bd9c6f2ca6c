//! A legend drawn from plain rectangles, lines and text, so that it is laid out with the
//! estimated text widths of [`super::EstimatedText`]: plotters' own series labels measure text
//! through the font layer, which on wasm32 is the page's DOM (inline styles the page's CSP
//! forbids, and no DOM at all in a Worker). The legend sits in a column of its own right of the
//! plot ([`split`]), so it never covers data.

use super::text_size::text_width;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Font size of legend entries (px).
const LEGEND_FONT: f64 = 12.0;

/// How an entry's colour is shown.
#[derive(Clone, Copy, Debug)]
pub enum Swatch {
    /// A short line (line series).
    Line,
    /// A filled square (bars).
    Box,
}

/// Widest legend column, as a fraction of the chart's width.
const MAX_SHARE: f64 = 0.35;

/// Width of a legend column holding `entries` (swatch, gap, text, margins), at most
/// [`MAX_SHARE`] of `width`; 0 without entries.
fn column_width(entries: &[(String, RGBAColor)], width: u32) -> u32 {
    if entries.is_empty() {
        return 0;
    }
    let widest = entries
        .iter()
        .map(|(name, _)| text_width(name, LEGEND_FONT).ceil() as u32)
        .max()
        .unwrap_or(0);
    (widest + 48).min((width as f64 * MAX_SHARE) as u32)
}

/// Splits `area` into the plot (left) and, when there are `entries`, a legend column (right).
pub fn split<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: &[(String, RGBAColor)],
) -> (DrawingArea<DB, Shift>, Option<DrawingArea<DB, Shift>>) {
    let (w, _) = area.dim_in_pixel();
    let legend = column_width(entries, w);
    if legend == 0 {
        return (area.clone(), None);
    }
    let (plot, column) = area.split_horizontally(w - legend);
    (plot, Some(column))
}

/// `name` cut with an ellipsis to fit `width` pixels of legend text.
fn fit(name: &str, width: f64) -> String {
    if text_width(name, LEGEND_FONT) <= width {
        return name.to_owned();
    }
    let mut out = String::new();
    for c in name.chars() {
        out.push(c);
        if text_width(&out, LEGEND_FONT) + text_width("…", LEGEND_FONT) > width {
            out.pop();
            break;
        }
    }
    out.push('…');
    out
}

/// Draws `entries` (name, colour) as a boxed legend at the top of `column` (from [`split`]),
/// `top` pixels down; names too long for the column end in an ellipsis.
pub fn draw_legend<DB: DrawingBackend>(
    column: &DrawingArea<DB, Shift>,
    entries: &[(String, RGBAColor)],
    swatch: Swatch,
    top: i32,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    if entries.is_empty() {
        return Ok(());
    }
    let area = column;
    let line_h = (LEGEND_FONT * 1.5) as i32;
    let (aw, ah) = area.dim_in_pixel();
    let w = aw as i32 - 8;
    let shown = (((ah as i32 - top - 8) / line_h).max(1) as usize).min(entries.len());
    let entries = &entries[..shown];
    let h = line_h * entries.len() as i32 + 8;
    let (x0, y0) = (2, top);
    let frame = [(x0, y0), (x0 + w, y0 + h)];
    area.draw(&Rectangle::new(frame, WHITE.mix(0.85).filled()))?;
    area.draw(&Rectangle::new(frame, BLACK.mix(0.3)))?;
    for (k, (name, color)) in entries.iter().enumerate() {
        let y = y0 + 4 + line_h * k as i32 + line_h / 2;
        match swatch {
            Swatch::Line => area.draw(&PathElement::new(
                vec![(x0 + 6, y), (x0 + 26, y)],
                color.stroke_width(2),
            ))?,
            Swatch::Box => area.draw(&Rectangle::new(
                [(x0 + 11, y - 5), (x0 + 21, y + 5)],
                color.filled(),
            ))?,
        }
        let style = ("sans-serif", LEGEND_FONT)
            .into_font()
            .color(&BLACK)
            .pos(Pos::new(HPos::Left, VPos::Center));
        let name = fit(name, (w - 36) as f64);
        area.draw(&Text::new(name, (x0 + 32, y), style))?;
    }
    Ok(())
}
