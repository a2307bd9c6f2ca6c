//! Chart data from the analyses: what the page asks the engine for and draws.

use super::{CategoryBars, Chart, DurationHistogram, RooflinePlot, StepBars};
use crate::analysis::kernel_stats::KernelRow;
use crate::analysis::op_profile::Node;
use crate::analysis::overview::Overview;
use crate::analysis::roofline::Roofline;
use crate::model::{SliceId, Trace};

/// Steps shown at most (the first ones); a chart of thousands of bars reads as noise.
const MAX_STEP_BARS: usize = 200;

/// Histogram of the launch durations of one kernel row.
pub fn kernel_histogram(trace: &Trace, row: &KernelRow) -> Chart {
    let durations_us = row
        .slices
        .iter()
        .map(|s| trace.slices.dur[s.index()] as f64 / 1e6)
        .collect();
    let mut title: String = row.kernel_name.chars().take(60).collect();
    if row.kernel_name.chars().count() > 60 {
        title.push('…');
    }
    let mut h = DurationHistogram {
        title: format!("{title}: {} launches", row.occurrences),
        durations_us,
        bins: None,
        bin_ranges_ps: Vec::new(),
    };
    h.bin_ranges_ps = longest_per_bin(trace, &row.slices, &h);
    Chart::Histogram(h)
}

/// Per bin of `h` (whose durations are those of `slices`, in order), `[start, end]` in ps of the
/// bin's longest slice (the first of equals); None for an empty bin.
fn longest_per_bin(
    trace: &Trace,
    slices: &[SliceId],
    h: &DurationHistogram,
) -> Vec<Option<[i64; 2]>> {
    h.binned()
        .members
        .iter()
        .map(|m| {
            let longest = m
                .iter()
                .map(|&k| slices[k].index())
                .max_by_key(|&i| (trace.slices.dur[i], std::cmp::Reverse(i)))?;
            let start = trace.slices.start[longest];
            Some([start, start + trace.slices.dur[longest]])
        })
        .collect()
}

/// Step times stacked by breakdown category, in ms.
pub fn step_bars(overview: &Overview) -> Chart {
    let categories: Vec<String> = overview
        .steps
        .first()
        .map(|s| s.breakdown_ps.keys().map(|k| k.to_string()).collect())
        .unwrap_or_default();
    let steps = overview
        .steps
        .iter()
        .take(MAX_STEP_BARS)
        .map(|s| {
            let values = categories
                .iter()
                .map(|c| s.breakdown_ps.get(c.as_str()).copied().unwrap_or(0) as f64 / 1e9)
                .collect();
            (s.step.clone(), values)
        })
        .collect();
    let shown = overview.steps.len().min(MAX_STEP_BARS);
    let ranges_ps = overview
        .steps
        .iter()
        .take(MAX_STEP_BARS)
        .map(|s| [s.start_ps, s.start_ps + s.step_time_ps])
        .collect();
    Chart::Steps(StepBars {
        title: format!("Step time ({shown} of {} steps)", overview.steps.len()),
        categories,
        steps,
        ranges_ps,
    })
}

/// Ops under the roofline of the given peaks; ops without FLOPs have no place under it
/// (operational intensity 0, no FLOP rate) and are left out.
pub fn roofline_plot(model: &Roofline) -> Chart {
    Chart::Roofline(RooflinePlot {
        title: format!("Roofline {}", model.device_type).trim().to_owned(),
        peak_gflops: model.peaks.flop_rate_gflops,
        peak_hbm_gbps: model.peaks.hbm_gbps,
        points: model
            .rows
            .iter()
            .filter(|r| r.measured_flop_rate > 0.0)
            .map(|r| {
                (
                    r.operation.clone(),
                    r.operational_intensity,
                    r.measured_flop_rate,
                )
            })
            .collect(),
    })
}

/// Device time per category (summed over programs), in ms, from an op profile grouped by
/// category.
pub fn category_bars(by_category: &Node) -> Chart {
    let mut bars: Vec<(String, f64)> = by_category
        .children
        .iter()
        .map(|c| (c.name.clone(), c.metrics.raw_time as f64 / 1e9))
        .collect();
    bars.sort_by(|a, b| b.1.total_cmp(&a.1));
    Chart::Categories(CategoryBars {
        title: "Device time by category".into(),
        unit: "ms".into(),
        bars,
    })
}
