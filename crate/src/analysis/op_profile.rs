//! The op profile, XProf's `op_profile`: a tree of device time, program → category → op
//! (or category → op), where ops that XLA deduplicated are gathered under
//! `<op> and its duplicate(s)` and fusions expand to the instructions of their fused
//! computation (from the HLO module in the profile). Idle device time is a child `IDLE`.
//!
//! Metrics per node (XProf's names): `rawTime` (ps), `occurrences`, `avgTimePs`,
//! `rawFlops`, `normalizedTimePs` (time of ops, idle excluded), `flops` (FLOP utilisation of
//! the device's peak), `rawBytesAccessedArray` / `bandwidthUtils` (HBM, CMEM, VMEM; here all
//! bytes are counted as HBM, since the per-memory breakdown is not decoded). Children are
//! sorted by time, longest first. A device profile without any op (GPU without XLA) is just
//! the `IDLE` node, as XProf returns it. Without devices, outside `--xprof-compat`, the tree
//! is built from the XLA ops host threads ran (JAX on CPU, see [`xla_op_db`]); the root's
//! `source` says which (`device` or `host`).

use super::compat::Compat;
use super::hlo_modules::HloModules;
use super::op_metrics::{DeviceKind, DeviceOp, DeviceOpDb, OpSource, xla_op_db};
use super::peaks::Peaks;
use crate::hlo::{HloModule, InstrId, PrintOptions, category, instruction_text};
use crate::model::{SliceId, Trace};
use serde::Serialize;

/// How the tree is grouped below the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum GroupBy {
    /// Program → category → op (`by_program`).
    #[default]
    Program,
    /// Category → op (`by_category`).
    Category,
}

/// One node of the tree.
#[derive(Clone, Debug, Serialize)]
pub struct Node {
    /// Program, category or op name.
    pub name: String,
    /// Time and rates.
    pub metrics: Metrics,
    /// Sub-nodes, longest first.
    pub children: Vec<Node>,
    /// For op nodes: what the op is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub xla: Option<Xla>,
    /// `children.len()`.
    #[serde(rename = "numChildren")]
    pub num_children: usize,
    /// On the root: where the ops ran (`device`, or `host` for XLA ops a CPU ran).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<OpSource>,
    /// Occurrences on the timeline (op nodes and their groups).
    #[serde(skip)]
    pub slices: Vec<SliceId>,
}

/// XProf's node metrics.
#[derive(Clone, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Metrics {
    /// FLOP utilisation (0–1, capped).
    pub flops: f64,
    /// HBM, CMEM, VMEM bandwidth utilisation (0–1, capped).
    pub bandwidth_utils: [f64; 3],
    /// Time, ps.
    pub raw_time: i64,
    /// FLOPs.
    pub raw_flops: f64,
    /// Bytes per memory (HBM, CMEM, VMEM).
    pub raw_bytes_accessed_array: [f64; 3],
    /// Occurrences.
    pub occurrences: u64,
    /// Mean time, ps.
    pub avg_time_ps: f64,
    /// FLOPs normalised to bf16 (as stated: the raw FLOPs).
    pub bf16_flops: f64,
    /// FLOP utilisation before capping.
    pub uncapped_flops: f64,
    /// Op time without idle, ps.
    pub normalized_time_ps: i64,
}

/// What an op node is.
#[derive(Clone, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Xla {
    /// HLO text.
    pub expression: String,
    /// Framework op (`tf_op` stat, or `op_name:op_type` of a fused instruction).
    pub provenance: String,
    /// HLO category.
    pub category: String,
    /// Program id as a string (0 for fused instructions and IDLE).
    pub program_id: String,
}

/// What rates are relative to.
#[derive(Debug)]
struct Ctx {
    peaks: Peaks,
    /// The time FLOPs are divided by (the device time), or `None` for the node's op time.
    flops_time_ps: Option<i64>,
}

/// Raw sums a node's metrics derive from.
#[derive(Clone, Copy, Debug, Default)]
struct Raw {
    time: i64,
    normalized: i64,
    flops: f64,
    bytes: f64,
    occurrences: u64,
}

impl Raw {
    fn add(&mut self, o: Raw) {
        self.time += o.time;
        self.normalized += o.normalized;
        self.flops += o.flops;
        self.bytes += o.bytes;
        self.occurrences += o.occurrences;
    }
}

/// Builds the tree outside `--xprof-compat` (see [`op_profile_with`]).
pub fn op_profile(trace: &Trace, group_by: GroupBy) -> Node {
    op_profile_with(trace, group_by, Compat::Planeview)
}

/// Builds the tree; `compat` decides whether a profile without devices reads the XLA ops of
/// its host threads (Planeview) or has none (XProf).
pub fn op_profile_with(trace: &Trace, group_by: GroupBy, compat: Compat) -> Node {
    op_profile_of(trace, &xla_op_db(trace, compat), group_by)
}

/// Builds the tree from the XLA op table [`xla_op_db`] built before.
pub fn op_profile_of(trace: &Trace, db: &DeviceOpDb, group_by: GroupBy) -> Node {
    let mut root = tree(db, trace, group_by);
    root.source = Some(db.source);
    root
}

fn tree(db: &DeviceOpDb, trace: &Trace, group_by: GroupBy) -> Node {
    let mut ctx = Ctx {
        peaks: Peaks::of(trace),
        flops_time_ps: Some(db.total_time_ps),
    };
    let root_name = match group_by {
        GroupBy::Program => "by_program",
        GroupBy::Category => "by_category",
    };
    if db.ops.is_empty() {
        let idle = Raw {
            time: db.total_time_ps,
            ..Raw::default()
        };
        if db.kind != DeviceKind::CpuOnly && db.total_time_ps > 0 {
            return idle_node(idle, &ctx);
        }
        return node(root_name.into(), Raw::default(), Vec::new(), None, &ctx);
    }
    let modules = HloModules::of(trace, |id| db.ops.iter().any(|o| o.program_id == id));
    let leaves = |ops: Vec<&DeviceOp>| category_nodes(ops, &modules, &ctx);
    let mut children = match group_by {
        GroupBy::Category => leaves(db.ops.iter().collect()),
        GroupBy::Program => {
            let mut programs: Vec<u64> = db.ops.iter().map(|o| o.program_id).collect();
            programs.sort_unstable();
            programs.dedup();
            programs
                .into_iter()
                .map(|p| {
                    let cats = leaves(db.ops.iter().filter(|o| o.program_id == p).collect());
                    parent(modules.program_name(p), cats, &ctx)
                })
                .collect()
        }
    };
    children.push(idle_node(
        Raw {
            time: db.idle_ps(),
            ..Raw::default()
        },
        &ctx,
    ));
    let mut root = parent(root_name.into(), children, &ctx);
    ctx.flops_time_ps = None;
    root.metrics = metrics(
        Raw {
            time: db.total_time_ps,
            occurrences: 0,
            ..raw_of(&root)
        },
        &ctx,
    );
    root
}

/// The sums of a node's metrics.
fn raw_of(n: &Node) -> Raw {
    Raw {
        time: n.metrics.raw_time,
        normalized: n.metrics.normalized_time_ps,
        flops: n.metrics.raw_flops,
        bytes: n.metrics.raw_bytes_accessed_array[0],
        occurrences: n.metrics.occurrences,
    }
}

fn idle_node(raw: Raw, ctx: &Ctx) -> Node {
    let xla = Xla {
        category: "IDLE".into(),
        program_id: "0".into(),
        ..Xla::default()
    };
    node("IDLE".into(), raw, Vec::new(), Some(xla), ctx)
}

/// A node whose metrics are its children's sums (occurrences 0 above categories).
fn parent(name: String, mut children: Vec<Node>, ctx: &Ctx) -> Node {
    let mut raw = Raw::default();
    for c in &children {
        raw.add(raw_of(c));
    }
    raw.occurrences = 0;
    sort(&mut children);
    let slices = children
        .iter()
        .flat_map(|c| c.slices.iter().copied())
        .collect();
    let mut n = node(name, raw, children, None, ctx);
    n.slices = slices;
    n
}

fn sort(children: &mut [Node]) {
    children.sort_by(|a, b| {
        b.metrics
            .raw_time
            .cmp(&a.metrics.raw_time)
            .then_with(|| a.name.cmp(&b.name))
    });
}

/// One node per category, each holding its ops (duplicates gathered).
fn category_nodes(ops: Vec<&DeviceOp>, modules: &HloModules, ctx: &Ctx) -> Vec<Node> {
    let mut categories: Vec<&str> = ops.iter().map(|o| o.category.as_str()).collect();
    categories.sort_unstable();
    categories.dedup();
    categories
        .into_iter()
        .map(|cat| {
            let in_cat: Vec<&DeviceOp> =
                ops.iter().copied().filter(|o| o.category == cat).collect();
            let mut op_nodes = Vec::new();
            let mut done = vec![false; in_cat.len()];
            for (i, op) in in_cat.iter().enumerate() {
                if done[i]
                    || !op.deduplicated_name.is_empty()
                        && in_cat.iter().any(|o| o.name == op.deduplicated_name)
                {
                    continue;
                }
                let group: Vec<usize> = (0..in_cat.len())
                    .filter(|&j| j == i || in_cat[j].deduplicated_name == op.name)
                    .collect();
                let mut members: Vec<Node> = group
                    .iter()
                    .map(|&j| {
                        done[j] = true;
                        op_node(in_cat[j], modules, ctx)
                    })
                    .collect();
                if members.len() == 1 {
                    op_nodes.append(&mut members);
                } else {
                    sort(&mut members);
                    let mut g = parent(
                        format!("{} and its duplicate(s)", members[0].name),
                        members,
                        ctx,
                    );
                    let occurrences = g.children.iter().map(|c| c.metrics.occurrences).sum();
                    g.metrics = metrics(
                        Raw {
                            occurrences,
                            ..raw_of(&g)
                        },
                        ctx,
                    );
                    // XProf describes the group by its first member, without a framework op.
                    g.xla = g.children[0].xla.clone().map(|x| Xla {
                        provenance: String::new(),
                        ..x
                    });
                    op_nodes.push(g);
                }
            }
            for (i, op) in in_cat.iter().enumerate() {
                if !done[i] {
                    op_nodes.push(op_node(op, modules, ctx));
                }
            }
            let mut c = parent(cat.to_owned(), op_nodes, ctx);
            let occurrences = c.children.iter().map(|n| n.metrics.occurrences).sum();
            c.metrics = metrics(
                Raw {
                    occurrences,
                    ..raw_of(&c)
                },
                ctx,
            );
            c
        })
        .collect()
}

fn op_node(op: &DeviceOp, modules: &HloModules, ctx: &Ctx) -> Node {
    let raw = Raw {
        time: op.time_ps,
        normalized: op.time_ps,
        flops: op.flops,
        bytes: op.bytes_accessed,
        occurrences: op.occurrences,
    };
    let module = modules.get(op.program_id);
    let instr = module.and_then(|m| m.instruction(&op.name).map(|i| (m, i)));
    let xla = Xla {
        expression: instr
            .map(|(m, i)| instruction_text(m, i, PrintOptions::expression()))
            .unwrap_or_default(),
        provenance: op.provenance.clone(),
        category: op.category.clone(),
        program_id: op.program_id.to_string(),
    };
    let children = instr
        .map(|(m, i)| fused_nodes(m, i, ctx))
        .unwrap_or_default();
    let mut n = node(op.name.clone(), raw, children, Some(xla), ctx);
    n.slices = op.slices.clone();
    n
}

/// The instructions of a fusion's body (parameters left out), without time of their own.
fn fused_nodes(m: &HloModule, fusion: InstrId, ctx: &Ctx) -> Vec<Node> {
    m.fused_instructions(fusion)
        .into_iter()
        .filter(|&i| m.opcode(i) != "parameter")
        .map(|i| {
            let md = &m.instructions.metadata[i.index()];
            let xla = Xla {
                expression: instruction_text(m, i, PrintOptions::expression()),
                provenance: format!("{}:{}", md.op_name, md.op_type),
                category: category(m, i),
                program_id: "0".into(),
            };
            let raw = Raw {
                occurrences: 1,
                ..Raw::default()
            };
            node(m.name(i).to_owned(), raw, Vec::new(), Some(xla), ctx)
        })
        .collect()
}

fn node(name: String, raw: Raw, children: Vec<Node>, xla: Option<Xla>, ctx: &Ctx) -> Node {
    Node {
        name,
        metrics: metrics(raw, ctx),
        num_children: children.len(),
        children,
        xla,
        source: None,
        slices: Vec::new(),
    }
}

/// Rates from sums: utilisation of the peaks over the op time.
fn metrics(raw: Raw, ctx: &Ctx) -> Metrics {
    let per_ps = |x: f64, ps: i64| if ps > 0 { x / ps as f64 } else { 0.0 };
    let peaks = &ctx.peaks;
    // FLOPs per ps × 1000 = GFLOP/s; bytes per ps × 1000 = GB/s. XProf divides a node's
    // FLOPs by the whole device time (its op time at the root), its bytes by its own time.
    let flops_ps = ctx.flops_time_ps.unwrap_or(raw.normalized);
    let uncapped =
        super::query::safe_div(per_ps(raw.flops, flops_ps) * 1e3, peaks.flop_rate_gflops);
    let hbm =
        super::query::safe_div(per_ps(raw.bytes, raw.normalized) * 1e3, peaks.hbm_gbps).min(1.0);
    Metrics {
        flops: uncapped.min(1.0),
        bandwidth_utils: [hbm, 0.0, 0.0],
        raw_time: raw.time,
        raw_flops: raw.flops,
        raw_bytes_accessed_array: [raw.bytes, 0.0, 0.0],
        occurrences: raw.occurrences,
        avg_time_ps: super::query::safe_div(raw.time as f64, raw.occurrences as f64),
        bf16_flops: raw.flops,
        uncapped_flops: uncapped,
        normalized_time_ps: raw.normalized,
    }
}
