//! A legend drawn from plain rectangles, lines and text, so that it is laid out with the
//! estimated text widths of [`super::EstimatedText`]: plotters' own series labels measure text
//! through the font layer, which on wasm32 is the page's DOM (inline styles the page's CSP
//! forbids, and no DOM at all in a Worker).

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

/// Which corner of the area the legend sits in.
#[derive(Clone, Copy, Debug)]
pub enum Corner {
    TopLeft,
    TopRight,
    BottomRight,
}

/// Draws `entries` (name, colour) as a boxed legend in `corner` of `area`, `inset` pixels from
/// its edges.
pub fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: &[(String, RGBAColor)],
    swatch: Swatch,
    corner: Corner,
    inset: (i32, i32),
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    if entries.is_empty() {
        return Ok(());
    }
    let line_h = (LEGEND_FONT * 1.5) as i32;
    let widest = entries
        .iter()
        .map(|(name, _)| text_width(name, LEGEND_FONT).ceil() as i32)
        .max()
        .unwrap_or(0);
    let (w, h) = (widest + 40, line_h * entries.len() as i32 + 8);
    let (aw, ah) = area.dim_in_pixel();
    let (aw, ah) = (aw as i32, ah as i32);
    let (x0, y0) = match corner {
        Corner::TopLeft => (inset.0, inset.1),
        Corner::TopRight => (aw - inset.0 - w, inset.1),
        Corner::BottomRight => (aw - inset.0 - w, ah - inset.1 - h),
    };
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
        area.draw(&Text::new(name.clone(), (x0 + 32, y), style))?;
    }
    Ok(())
}
