//! Charts: SVG snapshots of each chart drawn from real analyses, and bad data refused.
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
use planeview::charts::{data, render_svg, render_svg_json};

fn check(name: &str, chart: &planeview::charts::Chart, must_contain: &[&str]) {
    let svg = render_svg(chart, 640, 360).unwrap();
    assert!(svg.starts_with("<svg"), "{name}");
    for text in must_contain {
        assert!(svg.contains(text), "{name}: no {text:?} in the SVG");
    }
    common::assert_snapshot(&format!("chart_{name}"), &svg);
}

#[test]
fn kernel_histogram_of_the_longest_kernel() {
    let Some(trace) = oracle::load("tf_gpu_multi_worker") else {
        return;
    };
    let rows = kernel_stats(&trace, Compat::Planeview);
    check(
        "kernel_histogram",
        &data::kernel_histogram(&trace, &rows[0]),
        &["duration (µs)", "launches", "194 launches"],
    );
}

#[test]
fn step_bars_of_the_cpu_profile() {
    let Some(trace) = oracle::load("jax_cpu_mlp_small") else {
        return;
    };
    let o = overview(&trace, Compat::Planeview);
    check(
        "step_bars",
        &data::step_bars(&o),
        &["time (ms)", "train 0", "host_compute", "other"],
    );
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
        &["copy-done", "time (ms)"],
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
