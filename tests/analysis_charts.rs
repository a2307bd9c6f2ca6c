//! Charts: SVG snapshots of each chart drawn from real analyses (axes in units for people, a
//! titled hit rect per bar, legends beside the plot), the time ranges a click on a step bar or a
//! histogram bin zooms to, and bad data refused.
#![allow(clippy::disallowed_methods)]

#[path = "common/mod.rs"]
mod common;
#[path = "analysis/oracle.rs"]
mod oracle;

use planeview::analysis::compat::Compat;
use planeview::analysis::kernel_stats::kernel_stats;
use planeview::analysis::op_profile::{GroupBy, op_profile};
use planeview::analysis::overview::overview;
use planeview::analysis::roofline::roofline;
use planeview::charts::{Chart, data, render_svg, render_svg_json};

/// Hit rects of an SVG: (x0, x1, data-bar, title).
fn hits(svg: &str) -> Vec<(i32, i32, usize, String)> {
    let attr = |line: &str, key: &str| -> String {
        let at = line.find(&format!(" {key}=\"")).unwrap() + key.len() + 3;
        line[at..].split('"').next().unwrap().to_owned()
    };
    svg.lines()
        .filter(|l| l.contains("data-bar="))
        .map(|l| {
            let x: i32 = attr(l, "x").parse().unwrap();
            let w: i32 = attr(l, "width").parse().unwrap();
            let title = l
                .split("<title>")
                .nth(1)
                .unwrap()
                .split("</title>")
                .next()
                .unwrap();
            (
                x,
                x + w,
                attr(l, "data-bar").parse().unwrap(),
                title.to_owned(),
            )
        })
        .collect()
}

/// Left edge of the legend box (its white frame), if the chart has one.
fn legend_left(svg: &str) -> Option<i32> {
    svg.lines()
        .find(|l| l.starts_with("<rect") && l.contains("opacity=\"0.85\""))
        .map(|l| {
            let at = l.find(" x=\"").unwrap() + 4;
            l[at..].split('"').next().unwrap().parse().unwrap()
        })
}

/// Draws `chart`, checks texts, hit titles and the legend's place, and snapshots the SVG;
/// returns the hits.
fn check(name: &str, chart: &Chart, must_contain: &[&str]) -> Vec<(i32, i32, usize, String)> {
    let svg = render_svg(chart, 640, 360).unwrap();
    assert!(svg.starts_with("<svg"), "{name}");
    for text in must_contain {
        assert!(svg.contains(text), "{name}: no {text:?} in the SVG");
    }
    let hits = hits(&svg);
    assert!(!hits.is_empty(), "{name}: no titled hit rects");
    if let Some(left) = legend_left(&svg) {
        for h in &hits {
            assert!(
                h.1 <= left,
                "{name}: bar {h:?} under the legend at x = {left}"
            );
        }
    }
    common::assert_snapshot(&format!("chart_{name}"), &svg);
    hits
}

#[test]
fn kernel_histogram_of_the_longest_kernel() {
    let Some(trace) = oracle::load("tf_gpu_multi_worker") else {
        return;
    };
    let rows = kernel_stats(&trace, Compat::Planeview);
    let chart = data::kernel_histogram(&trace, &rows[0]);
    let hits = check(
        "kernel_histogram",
        &chart,
        &["duration (µs)", "launches", "194 launches"],
    );
    let Chart::Histogram(h) = &chart else {
        panic!("not a histogram")
    };
    // Every launch in one bin; each non-empty bin has a hit saying its count and zooms to its
    // longest launch, which lies in the bin.
    let bins = h.binned();
    assert_eq!(bins.members.iter().map(Vec::len).sum::<usize>(), 194);
    assert_eq!(h.bin_ranges_ps.len(), bins.members.len());
    for (k, m) in bins.members.iter().enumerate() {
        let range = h.bin_ranges_ps[k];
        assert_eq!(range.is_some(), !m.is_empty(), "bin {k}");
        let Some([a, b]) = range else { continue };
        let longest = m.iter().map(|&i| h.durations_us[i]).fold(0.0, f64::max);
        assert!(((b - a) as f64 / 1e6 - longest).abs() < 1e-6, "bin {k}");
        let hit = hits
            .iter()
            .find(|x| x.2 == k)
            .expect("a hit per non-empty bin");
        assert!(
            hit.3.starts_with(&format!("{} launch", m.len())),
            "{}",
            hit.3
        );
    }
}

#[test]
fn step_bars_of_the_cpu_profile() {
    let Some(trace) = oracle::load("jax_cpu_mlp_small") else {
        return;
    };
    let o = overview(&trace, Compat::Planeview);
    let chart = data::step_bars(&o);
    let hits = check(
        "step_bars",
        &chart,
        &["time (ms)", "train 0", "host_compute", "other"],
    );
    let Chart::Steps(s) = &chart else {
        panic!("not step bars")
    };
    // One range per step, the step's own; one hit per step titled with its time.
    assert_eq!(s.ranges_ps.len(), o.steps.len());
    for (k, (r, step)) in s.ranges_ps.iter().zip(&o.steps).enumerate() {
        assert_eq!(*r, [step.start_ps, step.start_ps + step.step_time_ps]);
        let hit = hits.iter().find(|h| h.2 == k).unwrap();
        assert!(hit.3.starts_with(&format!("{}: ", step.step)), "{}", hit.3);
        assert!(
            hit.3.contains(&format!("({} ps)", step.step_time_ps)),
            "{}",
            hit.3
        );
    }
}

#[test]
fn roofline_and_categories_of_the_tpu_profile() {
    let Some(trace) = oracle::load("tpu_inference_2") else {
        return;
    };
    check(
        "roofline",
        &data::roofline_plot(&roofline(&trace, None)),
        &["operational intensity (FLOP/byte)", "GFLOP/s", "HBM"],
    );
    check(
        "categories",
        &data::category_bars(&op_profile(&trace, GroupBy::Category)),
        &["copy-done", "time (s)"],
    );
}

#[test]
fn bad_chart_data_is_an_error_not_a_panic() {
    assert!(render_svg_json("{", 100, 100).is_err());
    assert!(render_svg_json(r#"{"kind":"nope"}"#, 100, 100).is_err());
    let empty = r#"{"kind":"histogram","title":"t","durations_us":[]}"#;
    assert!(
        render_svg_json(empty, 100, 100)
            .unwrap()
            .starts_with("<svg")
    );
    let nan =
        r#"{"kind":"roofline","title":"t","peak_gflops":0,"peak_hbm_gbps":0,"points":[["a",0,0]]}"#;
    assert!(render_svg_json(nan, 300, 200).is_ok());
}
