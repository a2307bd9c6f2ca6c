//! The overview: steps with a per-step time breakdown, the average step time, the top
//! device ops and the run environment (`docs/CONTRACT.md` § overview).
//!
//! Breakdown categories, each the time of the step covered by that kind of event and not
//! by a kind listed before it: `device_compute` (the work on GPU and other device streams,
//! the XLA ops of TPU cores), `memcpy` (device copies and memsets, by name or category),
//! `host_compute` (events of non-device processes other than the step markers), and `other`
//! (the rest of the step). Device annotations (Kineto's `gpu_user_annotation`) and the
//! device lines derived from others (steps, modules, framework ops) are left out. XProf
//! derives its breakdown from its own event grouping, which Planeview does not reproduce
//! (see `docs/XPROF-PARITY.md`).
//!
//! The environment names the devices: their kind, how many there are, and the product name
//! the profile states (TPU `device_type_string`, Kineto `deviceProperties`).

use super::compat::Compat;
use super::framework_ops::{FrameworkOpRow, framework_op_stats_with};
use super::op_metrics::{DeviceKind, device_kind};
use super::query::device_work_categories;
use super::steps::{Step, steps};
use crate::model::{ProcessRole, Ps, Trace, TrackRole};
use serde::Serialize;
use std::collections::BTreeMap;

/// How many top ops the overview lists (as XProf).
const TOP_OPS: usize = 10;

/// The `planeview overview --json` document.
#[derive(Clone, Debug, Serialize)]
pub struct Overview {
    /// Steps in order.
    pub steps: Vec<StepRow>,
    /// Mean step time, ps (0 without steps).
    pub average_step_time_ps: i64,
    /// Step time statistics in ms, as XProf's overview states them.
    pub step_time_ms: StepTimeStats,
    /// The longest device ops by self time (device framework ops, IDLE excluded).
    pub top_ops: Vec<TopOp>,
    /// Run environment.
    pub environment: Environment,
}

/// One step of the overview.
#[derive(Clone, Debug, Serialize)]
pub struct StepRow {
    /// Step name (`train 3`).
    pub step: String,
    /// Step number.
    pub step_num: i64,
    /// Start, ps.
    pub start_ps: Ps,
    /// Duration, ps.
    pub step_time_ps: Ps,
    /// Time per category, ps; the values add up to `step_time_ps`.
    pub breakdown_ps: BTreeMap<&'static str, Ps>,
}

/// Step time statistics, ms.
#[derive(Clone, Debug, Default, Serialize)]
pub struct StepTimeStats {
    /// Mean.
    pub average: f64,
    /// Shortest.
    pub minimum: f64,
    /// Longest.
    pub maximum: f64,
    /// Population standard deviation.
    pub standard_deviation: f64,
}

/// One of the top ops (XProf's overview columns).
#[derive(Clone, Debug, Serialize)]
pub struct TopOp {
    /// Share of device op time (IDLE excluded), 0–1.
    #[serde(rename = "selfTimePercent")]
    pub self_time_percent: f64,
    /// Running share, 0–1.
    #[serde(rename = "cumulativeTimePercent")]
    pub cumulative_time_percent: f64,
    /// Op type.
    pub category: String,
    /// Op name.
    pub operation: String,
    /// GFLOP/s.
    #[serde(rename = "flopRate")]
    pub flop_rate: f64,
    /// Self time, ps.
    pub self_time_ps: i64,
}

/// Where the profile ran.
#[derive(Clone, Debug, Serialize)]
pub struct Environment {
    /// `CPU_ONLY`, `GPU` or `TPU`.
    pub hardware_type: &'static str,
    /// `CPU`, `GPU`, or the TPU's `device_type_string`.
    pub device_type: String,
    /// Devices (GPUs, TPU cores).
    pub device_core_count: usize,
    /// The devices' product name as the profile states it (`Tesla V100-SXM2-16GB`,
    /// `TPU v6 Lite`), `null` when it states none.
    pub device_name: Option<String>,
    /// Hosts (one per file).
    pub host_count: usize,
}

/// Builds the overview.
pub fn overview(trace: &Trace, compat: Compat) -> Overview {
    overview_with_ops(trace, compat, &framework_op_stats_with(trace, compat))
}

/// [`overview`] with the profile's framework op rows computed before (its top ops come from
/// them), so that a caller showing both computes them once.
pub fn overview_with_ops(
    trace: &Trace,
    compat: Compat,
    framework_rows: &[FrameworkOpRow],
) -> Overview {
    let found = steps(trace, compat);
    let spans = CategorySpans::of(trace, &found);
    let rows: Vec<StepRow> = found
        .iter()
        .map(|s| StepRow {
            step: s.name.clone(),
            step_num: s.number,
            start_ps: s.start_ps,
            step_time_ps: s.duration_ps,
            breakdown_ps: spans.breakdown(s.start_ps, s.start_ps + s.duration_ps),
        })
        .collect();
    let times: Vec<f64> = found.iter().map(|s| s.duration_ps as f64 / 1e9).collect();
    let n = times.len() as f64;
    let stats = if times.is_empty() {
        StepTimeStats::default()
    } else {
        let mean = times.iter().sum::<f64>() / n;
        StepTimeStats {
            average: mean,
            minimum: times.iter().copied().fold(f64::MAX, f64::min),
            maximum: times.iter().copied().fold(f64::MIN, f64::max),
            standard_deviation: (times.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / n).sqrt(),
        }
    };
    let total: i64 = found.iter().map(|s| s.duration_ps).sum();
    Overview {
        average_step_time_ps: if found.is_empty() {
            0
        } else {
            total / found.len() as i64
        },
        steps: rows,
        step_time_ms: stats,
        top_ops: top_ops(framework_rows),
        environment: environment(trace),
    }
}

/// The top device ops, shares relative to device op time without IDLE.
pub fn top_ops(rows: &[FrameworkOpRow]) -> Vec<TopOp> {
    let device: Vec<&FrameworkOpRow> = rows
        .iter()
        .filter(|r| r.host_or_device == "Device" && r.op_type != "IDLE")
        .collect();
    let total: f64 = device.iter().map(|r| r.total_self_time).sum();
    let mut cumulative = 0.0;
    device
        .into_iter()
        .take(TOP_OPS)
        .map(|r| {
            let share = super::query::safe_div(r.total_self_time, total);
            cumulative += share;
            TopOp {
                self_time_percent: share,
                cumulative_time_percent: cumulative,
                category: r.op_type.clone(),
                operation: r.operation.clone(),
                flop_rate: r.measured_flop_rate,
                self_time_ps: r.total_self_time_ps,
            }
        })
        .collect()
}

fn environment(trace: &Trace) -> Environment {
    let kind = device_kind(trace);
    let role = match kind {
        DeviceKind::Tpu => ProcessRole::TpuCore,
        DeviceKind::Gpu => ProcessRole::Gpu,
        DeviceKind::CpuOnly => ProcessRole::Host,
    };
    let cores = if kind == DeviceKind::CpuOnly {
        0
    } else {
        super::query::processes_with_role(trace, role).count()
    };
    let device_name = trace
        .devices
        .rows
        .iter()
        .find(|d| trace.processes.role[d.process.index()] == role && !d.name.is_empty())
        .map(|d| d.name.clone());
    let device_type = match kind {
        DeviceKind::Tpu => device_name.clone().unwrap_or_else(|| "TPU".to_owned()),
        DeviceKind::Gpu => "GPU".to_owned(),
        DeviceKind::CpuOnly => "CPU".to_owned(),
    };
    Environment {
        hardware_type: kind.as_str(),
        device_type,
        device_core_count: cores,
        device_name,
        host_count: 1,
    }
}

/// Merged intervals per breakdown level: device, device + copies, everything.
#[derive(Debug)]
struct CategorySpans {
    levels: [Merged; 3],
}

/// Non-overlapping sorted intervals with prefix sums of their lengths.
#[derive(Debug, Default)]
struct Merged {
    spans: Vec<(Ps, Ps)>,
    prefix: Vec<i64>,
}

impl Merged {
    fn of(v: Vec<(Ps, Ps)>) -> Merged {
        let spans = super::intervals::union(v);
        let mut prefix = Vec::with_capacity(spans.len() + 1);
        prefix.push(0);
        for &(a, b) in &spans {
            prefix.push(prefix[prefix.len() - 1] + (b - a));
        }
        Merged { spans, prefix }
    }

    /// Covered time within `[a, b)`.
    fn covered(&self, a: Ps, b: Ps) -> i64 {
        let first = self.spans.partition_point(|s| s.1 <= a);
        let last = self.spans.partition_point(|s| s.0 < b);
        if first >= last {
            return 0;
        }
        let mut total = self.prefix[last] - self.prefix[first];
        total -= (a - self.spans[first].0).max(0);
        total -= (self.spans[last - 1].1 - b).max(0);
        total
    }
}

/// The breakdown level a slice's time counts for.
#[derive(Clone, Copy, Debug)]
enum Level {
    Device,
    Copy,
    Host,
}

impl CategorySpans {
    fn of(trace: &Trace, found: &[Step]) -> CategorySpans {
        let mut device = Vec::new();
        let mut copies = Vec::new();
        let mut host = Vec::new();
        if !found.is_empty() {
            let mut marker = vec![false; trace.slices.len()];
            for s in found {
                for m in &s.markers {
                    marker[m.index()] = true;
                }
            }
            let work = device_work_categories(trace);
            let copy_category: Vec<bool> = trace
                .categories
                .name
                .iter()
                .map(|&c| {
                    let cat = trace.str(c).to_ascii_lowercase();
                    cat.contains("memcpy") || cat.contains("memset")
                })
                .collect();
            // Per track: `Some(true)` for device work, `Some(false)` for host, `None` when
            // skipped.
            let tracks: Vec<Option<bool>> = (0..trace.tracks.len())
                .map(|t| {
                    let process = trace.processes.role[trace.tracks.process[t].index()];
                    let work_line = match process {
                        ProcessRole::TpuCore => TrackRole::XlaOps,
                        _ => TrackRole::DeviceStream,
                    };
                    if !process.is_device() {
                        Some(false)
                    } else {
                        (trace.tracks.role[t] == work_line).then_some(true)
                    }
                })
                .collect();
            let s = &trace.slices;
            for (i, &is_marker) in marker.iter().enumerate() {
                if is_marker || s.dur[i] <= 0 {
                    continue;
                }
                let span = (s.start[i], s.end(i));
                let category = s.category[i].index();
                let level = match tracks[s.track[i].index()] {
                    None => continue,
                    Some(false) => Level::Host,
                    Some(true) => {
                        let name = trace.str(s.name[i]);
                        if copy_category[category]
                            || name.starts_with("Memcpy")
                            || name.starts_with("Memset")
                        {
                            Level::Copy
                        } else if work[category] {
                            Level::Device
                        } else {
                            continue;
                        }
                    }
                };
                match level {
                    Level::Device => device.push(span),
                    Level::Copy => copies.push(span),
                    Level::Host => host.push(span),
                }
            }
        }
        let mut both = device.clone();
        both.extend_from_slice(&copies);
        let mut all = both.clone();
        all.extend(host);
        CategorySpans {
            levels: [Merged::of(device), Merged::of(both), Merged::of(all)],
        }
    }

    fn breakdown(&self, a: Ps, b: Ps) -> BTreeMap<&'static str, Ps> {
        let [d, dc, all] = &self.levels;
        let (dev, with_copies, any) = (d.covered(a, b), dc.covered(a, b), all.covered(a, b));
        BTreeMap::from([
            ("device_compute", dev),
            ("memcpy", with_copies - dev),
            ("host_compute", any - with_copies),
            ("other", (b - a) - any),
        ])
    }
}
