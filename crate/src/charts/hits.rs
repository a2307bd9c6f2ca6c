//! Hover values and click targets of a chart: plotters' SVG backend draws shapes without titles
//! or attributes, so each chart returns, with its drawing, one [`Hit`] per bar or point (its pixel
//! rectangle and its exact value), and [`append_hits`] adds them to the SVG as invisible rects, each
//! with a `<title>` (the browser's tooltip) and `data-bar="k"` (the bar's index in the chart data,
//! which a click handler maps to the bar's time range).

use std::fmt::Write;

/// One bar or point of a chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Hit {
    /// Pixel rectangle `[x0, y0, x1, y1]` on the whole SVG.
    pub rect: [i32; 4],
    /// Index of the bar in the chart data (step, histogram bin, category, roofline point).
    pub bar: usize,
    /// The tooltip: the exact value(s).
    pub title: String,
}

impl Hit {
    /// A hit over the pixels between two corners (in any order), at least 3 px each way so that
    /// thin bars and points can be hovered.
    pub fn between(a: (i32, i32), b: (i32, i32), bar: usize, title: String) -> Hit {
        let (mut x0, mut x1) = (a.0.min(b.0), a.0.max(b.0));
        let (mut y0, mut y1) = (a.1.min(b.1), a.1.max(b.1));
        if x1 - x0 < 3 {
            x0 -= 1;
            x1 = x0 + 3;
        }
        if y1 - y0 < 3 {
            y0 -= 1;
            y1 = y0 + 3;
        }
        Hit {
            rect: [x0, y0, x1, y1],
            bar,
            title,
        }
    }
}

/// Inserts `hits` before the closing `</svg>` of `svg` as `<g class="chart-hits">` of transparent
/// rects, later ones on top.
pub fn append_hits(svg: &mut String, hits: &[Hit]) {
    if hits.is_empty() {
        return;
    }
    let end = svg.rfind("</svg>").unwrap_or(svg.len());
    let mut g = String::from("<g class=\"chart-hits\">\n");
    for h in hits {
        let [x0, y0, x1, y1] = h.rect;
        let _ = writeln!(
            g,
            "<rect x=\"{x0}\" y=\"{y0}\" width=\"{}\" height=\"{}\" fill=\"transparent\" data-bar=\"{}\"><title>{}</title></rect>",
            x1 - x0,
            y1 - y0,
            h.bar,
            escape(&h.title)
        );
    }
    g.push_str("</g>\n");
    svg.insert_str(end, &g);
}

/// XML text escaping.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hits_are_escaped_rects_before_the_end() {
        let mut svg = "<svg>\n<rect/>\n</svg>\n".to_owned();
        append_hits(
            &mut svg,
            &[Hit::between((10, 50), (4, 20), 2, "a<b & \"c\"".into())],
        );
        assert_eq!(
            svg,
            "<svg>\n<rect/>\n<g class=\"chart-hits\">\n<rect x=\"4\" y=\"20\" width=\"6\" height=\"30\" fill=\"transparent\" data-bar=\"2\"><title>a&lt;b &amp; &quot;c&quot;</title></rect>\n</g>\n</svg>\n"
        );
        assert_eq!(
            Hit::between((5, 5), (5, 5), 0, String::new()).rect,
            [4, 4, 7, 7]
        );
    }
}
