//! [`DiffSide`]: the small tables one profile contributes to a comparison, computed from the
//! existing analyses so that two of them can be compared without both profiles in memory.
//!
//! - kernels: [`kernel_stats`] rows summed per (name, grid, block) (the table keeps XProf's
//!   1000 longest rows);
//! - HLO ops: [`hlo_stats_with`] rows (device ops, or the XLA ops host threads ran without
//!   devices), with the module's name normalised and, where the module's HLO is in the
//!   profile, fingerprints of what the op computes ([`super::hlo_identity`]); time is self time;
//! - framework ops: the framework op rows (host and device parts, `IDLE` included), self time;
//! - events: every slice track's slices by name per track role ([`select`] over the whole
//!   trace), self time, so a role's rows add up to its busy time; profiles without XProf's
//!   tables still compare through these;
//! - steps: [`steps`] (all of them, first and last kept);
//! - totals: device time (the busy time of device streams, else of XLA op lines) and host
//!   time (the busy time of host threads).
//!
//! Every row keeps the slice id of its longest occurrence (`longest`), for the page to
//! highlight. Times are integer ps.

use super::hlo_identity::{fingerprints, normalised_module};
use crate::analysis::compat::Compat;
use crate::analysis::framework_ops::FrameworkOpRow;
use crate::analysis::hlo_modules::HloModules;
use crate::analysis::hlo_stats::HloStatsRow;
use crate::analysis::kernel_stats::kernel_stats;
use crate::analysis::query::arg_str;
use crate::analysis::selection::{select, selected_tracks, whole_range};
use crate::analysis::steps::steps;
use crate::model::{Ps, SliceId, Trace, TrackId, TrackRole};
use hashbrown::HashMap;
use serde::{Deserialize, Serialize};

/// What one profile contributes to a comparison (see the module doc).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DiffSide {
    /// Kernels per (name, grid, block), longest total first.
    pub kernels: Vec<KernelSide>,
    /// HLO ops per (program, op), longest self time first.
    pub hlo_ops: Vec<HloOpSide>,
    /// Framework ops per (host or device, type, operation).
    pub framework_ops: Vec<FrameworkOpSide>,
    /// Slices by name per track role.
    pub events: Vec<EventSide>,
    /// Steps by number.
    pub steps: Vec<StepSide>,
    /// Device and host time.
    pub totals: SideTotals,
}

/// Kernels of one (name, grid, block).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KernelSide {
    pub kernel_name: String,
    /// `"x,y,z"`.
    pub grid_dim: String,
    /// `"x,y,z"`.
    pub block_dim: String,
    pub occurrences: u64,
    /// Sum of durations, ps.
    pub time_ps: Ps,
    /// Slice id of the longest launch.
    pub longest: Option<u32>,
}

/// One HLO op.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HloOpSide {
    /// The module's name without program id, counters and fingerprints (`jit_f`).
    pub module: String,
    /// The program as the profile names it (`jit_f(12)`, or the bare program id).
    pub program: String,
    pub hlo_op_name: String,
    pub category: String,
    /// The op's HLO text (empty when the module is not in the profile).
    pub hlo_op_expression: String,
    /// Fingerprint of what the op computes, shapes included (null without the module).
    pub computation: Option<String>,
    /// The same without shapes (null without the module).
    pub structure: Option<String>,
    pub occurrences: u64,
    /// Total self time, ps.
    pub time_ps: Ps,
    pub longest: Option<u32>,
}

/// One framework op row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FrameworkOpSide {
    /// `Host` or `Device`.
    pub host_or_device: String,
    #[serde(rename = "type")]
    pub op_type: String,
    pub operation: String,
    pub occurrences: u64,
    /// Total self time, ps.
    pub time_ps: Ps,
    pub longest: Option<u32>,
}

/// The slices of one name on the tracks of one role.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventSide {
    /// The track role (`host_thread`, `device_stream`, ...).
    pub role: String,
    pub name: String,
    pub occurrences: u64,
    /// Self time, ps.
    pub time_ps: Ps,
    /// Wall time (sum of durations), ps.
    pub wall_ps: Ps,
    pub longest: Option<u32>,
}

/// One step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StepSide {
    /// Step number.
    pub step: i64,
    pub name: String,
    pub start_ps: Ps,
    /// Duration, ps.
    pub time_ps: Ps,
    /// The longest marker slice.
    pub longest: Option<u32>,
}

/// The profile's totals.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SideTotals {
    /// Busy time of the device streams (else of the XLA op lines), summed over tracks, ps.
    pub device_ps: Ps,
    /// Busy time of the host threads, summed over threads, ps.
    pub host_ps: Ps,
}

impl DiffSide {
    /// The side of `trace`, with its framework op and HLO op rows computed before (outside
    /// `--xprof-compat`; the page's profile caches them).
    pub fn of(
        trace: &Trace,
        framework_rows: &[FrameworkOpRow],
        hlo_rows: &[HloStatsRow],
    ) -> DiffSide {
        let (events, busy) = events(trace);
        let role_busy = |r: TrackRole| busy.get(&r).copied().unwrap_or(0);
        let device_ps = match role_busy(TrackRole::DeviceStream) {
            0 => role_busy(TrackRole::XlaOps),
            d => d,
        };
        DiffSide {
            kernels: kernels(trace),
            hlo_ops: hlo_ops(trace, hlo_rows),
            framework_ops: framework_ops(trace, framework_rows),
            events,
            steps: steps(trace, Compat::Planeview)
                .into_iter()
                .map(|s| StepSide {
                    step: s.number,
                    longest: longest(trace, &s.markers),
                    name: s.name,
                    start_ps: s.start_ps,
                    time_ps: s.duration_ps,
                })
                .collect(),
            totals: SideTotals {
                device_ps,
                host_ps: role_busy(TrackRole::HostThread),
            },
        }
    }
}

/// The longest of `slices` (the lowest id on a tie).
fn longest(trace: &Trace, slices: &[SliceId]) -> Option<u32> {
    slices
        .iter()
        .max_by_key(|s| (trace.slices.dur[s.index()], std::cmp::Reverse(s.0)))
        .map(|s| s.0)
}

fn kernels(trace: &Trace) -> Vec<KernelSide> {
    let mut out: Vec<KernelSide> = Vec::new();
    let mut index: HashMap<(String, String, String), usize> = HashMap::new();
    for r in kernel_stats(trace, Compat::Planeview) {
        let key = (r.kernel_name, r.grid_dim, r.block_dim);
        let k = *index.entry(key.clone()).or_insert_with(|| {
            out.push(KernelSide {
                kernel_name: key.0,
                grid_dim: key.1,
                block_dim: key.2,
                occurrences: 0,
                time_ps: 0,
                longest: None,
            });
            out.len() - 1
        });
        let row = &mut out[k];
        row.occurrences += r.occurrences;
        row.time_ps += r.total_duration_ps;
        let dur = |id: Option<u32>| id.map(|i| trace.slices.dur[i as usize]);
        if dur(Some(r.longest.0)) > dur(row.longest) {
            row.longest = Some(r.longest.0);
        }
    }
    out.sort_by_key(|k| std::cmp::Reverse(k.time_ps));
    out
}

fn hlo_ops(trace: &Trace, rows: &[HloStatsRow]) -> Vec<HloOpSide> {
    if rows.is_empty() {
        return Vec::new();
    }
    let ids: hashbrown::HashSet<u64> = rows
        .iter()
        .filter_map(|r| r.program_id.parse().ok())
        .collect();
    let modules = HloModules::of(trace, |id| ids.contains(&id));
    let module_stat = trace.strings.lookup("hlo_module");
    rows.iter()
        .map(|r| {
            let id: Option<u64> = r.program_id.parse().ok();
            let module = id.and_then(|id| modules.get(id));
            let stated = r
                .slices
                .first()
                .and_then(|s| arg_str(trace, trace.slices.args[s.index()], module_stat));
            let name = module
                .map(|m| m.name.clone())
                .or_else(|| stated.map(str::to_owned))
                .unwrap_or_else(|| r.program_id.clone());
            let prints =
                module.and_then(|m| m.instruction(&r.hlo_op_name).map(|i| fingerprints(m, i)));
            HloOpSide {
                module: normalised_module(&name),
                program: match module {
                    Some(m) => m.display_name(),
                    None => format!("{name}({})", r.program_id),
                },
                longest: longest(trace, &r.slices),
                computation: prints.as_ref().map(|p| p.exact.clone()),
                structure: prints.map(|p| p.structure),
                hlo_op_name: r.hlo_op_name.clone(),
                category: r.category.clone(),
                hlo_op_expression: r.hlo_op_expression.clone(),
                occurrences: r.occurrences,
                time_ps: r.total_self_time_ps,
            }
        })
        .collect()
}

fn framework_ops(trace: &Trace, rows: &[FrameworkOpRow]) -> Vec<FrameworkOpSide> {
    rows.iter()
        .map(|r| FrameworkOpSide {
            host_or_device: r.host_or_device.to_owned(),
            op_type: r.op_type.clone(),
            operation: r.operation.clone(),
            occurrences: r.occurrences,
            time_ps: r.total_self_time_ps,
            longest: longest(trace, &r.slices),
        })
        .collect()
}

/// Slices by name per track role, and each role's busy time.
fn events(trace: &Trace) -> (Vec<EventSide>, HashMap<TrackRole, Ps>) {
    let mut by_role: Vec<(TrackRole, Vec<TrackId>)> = Vec::new();
    for t in selected_tracks(trace, &[]) {
        let role = trace.tracks.role[t.index()];
        if role == TrackRole::Counters {
            continue;
        }
        match by_role.iter_mut().find(|(r, _)| *r == role) {
            Some((_, tracks)) => tracks.push(t),
            None => by_role.push((role, vec![t])),
        }
    }
    let range = whole_range(trace);
    let mut rows = Vec::new();
    let mut busy = HashMap::new();
    for (role, tracks) in by_role {
        let sel = select(trace, &tracks, range.clone(), false);
        busy.insert(role, sel.busy_ps);
        rows.extend(sel.names.into_iter().map(|n| EventSide {
            role: role.as_str().to_owned(),
            name: n.name,
            occurrences: n.occurrences,
            time_ps: n.self_ps,
            wall_ps: n.wall_ps,
            longest: Some(n.longest_slice),
        }));
    }
    (rows, busy)
}
