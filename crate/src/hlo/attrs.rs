//! An instruction's attributes from its proto fields, in the order and text form XLA prints
//! them after the operand list: opcode-specific attributes first, then called computations,
//! sharding, frontend attributes and control predecessors. Metadata and `backend_config`
//! are kept apart (see [`super::model::Instructions`]).

use super::model::{Attr, AttrValue, CompId};
use super::proto as pb;
use std::fmt::Write;

/// Builds the attributes of `p`; `comp` resolves a computation id to its table id.
pub fn attributes(p: &pb::HloInstructionProto, comp: &dyn Fn(i64) -> Option<CompId>) -> Vec<Attr> {
    let mut a = Attrs(Vec::new());
    opcode_specific(p, &mut a);
    called_computations(p, comp, &mut a);
    if let Some(s) = &p.sharding {
        a.text("sharding", sharding_text(s));
    }
    if let Some(f) = &p.frontend_attributes {
        if !f.map.is_empty() {
            a.text("frontend_attributes", frontend_attributes_text(f));
        }
    }
    if p.is_composite {
        a.text("is_composite", "true");
    }
    a.0
}

struct Attrs(Vec<Attr>);

impl Attrs {
    fn text(&mut self, key: &str, value: impl Into<String>) {
        self.0.push(Attr {
            key: key.to_owned(),
            value: AttrValue::Text(value.into()),
        });
    }

    fn list(&mut self, key: &str, v: &[i64]) {
        self.text(key, braces(v));
    }
}

/// `{1,2,3}`.
pub fn braces(v: &[i64]) -> String {
    let mut s = String::from("{");
    for (i, x) in v.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let _ = write!(s, "{x}");
    }
    s.push('}');
    s
}

fn opcode_specific(p: &pb::HloInstructionProto, a: &mut Attrs) {
    match p.opcode.as_str() {
        "fusion" => a.text("kind", p.fusion_kind.clone()),
        "broadcast" | "reduce" | "transpose" | "concatenate" | "reverse" | "map"
        | "reduce-scatter" | "all-gather" | "all-gather-start" => {
            a.list("dimensions", &p.dimensions);
            if matches!(
                p.opcode.as_str(),
                "reduce-scatter" | "all-gather" | "all-gather-start"
            ) {
                collective(p, a);
            }
        }
        "sort" => {
            a.list("dimensions", &p.dimensions);
            if p.is_stable {
                a.text("is_stable", "true");
            }
        }
        "get-tuple-element" => a.text("index", p.tuple_index.to_string()),
        "iota" => a.text(
            "iota_dimension",
            p.dimensions.first().copied().unwrap_or(0).to_string(),
        ),
        "compare" => {
            a.text("direction", p.comparison_direction.clone());
            if !p.comparison_type.is_empty() && !default_comparison_type(p) {
                a.text("type", p.comparison_type.clone());
            }
        }
        "slice" => a.text("slice", slice_text(&p.slice_dimensions)),
        "dynamic-slice" => a.list("dynamic_slice_sizes", &p.dynamic_slice_sizes),
        "dot" => {
            if let Some(d) = &p.dot_dimension_numbers {
                dot_dims(d, a);
            }
            precision(p, a);
        }
        "convolution" => {
            window(p, a);
            if let Some(d) = &p.convolution_dimension_numbers {
                a.text("dim_labels", conv_dim_labels(d));
            }
            if p.feature_group_count > 1 {
                a.text("feature_group_count", p.feature_group_count.to_string());
            }
            if p.batch_group_count > 1 {
                a.text("batch_group_count", p.batch_group_count.to_string());
            }
            precision(p, a);
        }
        "reduce-window" | "select-and-scatter" => window(p, a),
        "pad" => {
            if let Some(c) = &p.padding_config {
                a.text("padding", padding_text(c));
            }
        }
        "gather" => {
            if let Some(g) = &p.gather_dimension_numbers {
                gather_dims(g, a);
            }
            a.list("slice_sizes", &p.gather_slice_sizes);
            if p.indices_are_sorted {
                a.text("indices_are_sorted", "true");
            }
        }
        "scatter" => {
            if let Some(s) = &p.scatter_dimension_numbers {
                scatter_dims(s, a);
            }
            if p.indices_are_sorted {
                a.text("indices_are_sorted", "true");
            }
            if p.unique_indices {
                a.text("unique_indices", "true");
            }
        }
        "all-reduce"
        | "all-reduce-start"
        | "all-to-all"
        | "collective-permute"
        | "collective-permute-start" => {
            if matches!(p.opcode.as_str(), "all-to-all") && !p.dimensions.is_empty() {
                a.list("dimensions", &p.dimensions);
            }
            collective(p, a);
            if !p.source_target_pairs.is_empty() {
                let pairs: Vec<String> = p
                    .source_target_pairs
                    .iter()
                    .map(|s| format!("{{{},{}}}", s.source, s.target))
                    .collect();
                a.text("source_target_pairs", format!("{{{}}}", pairs.join(",")));
            }
        }
        "custom-call" => {
            a.text(
                "custom_call_target",
                format!("\"{}\"", escape(&p.custom_call_target)),
            );
            if let Some(w) = p.window.as_ref().filter(|w| !w.dimensions.is_empty()) {
                a.text("window", window_text(w));
            }
            if p.custom_call_has_side_effect {
                a.text("custom_call_has_side_effect", "true");
            }
            match p.custom_call_schedule {
                1 => a.text("schedule", "SCHEDULE_LATEST"),
                2 => a.text("schedule", "SCHEDULE_EARLIEST"),
                _ => {}
            }
            match p.custom_call_api_version {
                2 => a.text("api_version", "API_VERSION_STATUS_RETURNING"),
                3 => a.text("api_version", "API_VERSION_STATUS_RETURNING_UNIFIED"),
                4 => a.text("api_version", "API_VERSION_TYPED_FFI"),
                _ => {}
            }
        }
        "reduce-precision" => {
            a.text("exponent_bits", p.exponent_bits.to_string());
            a.text("mantissa_bits", p.mantissa_bits.to_string());
        }
        "rng" => a.text(
            "distribution",
            match p.distribution {
                1 => "rng_uniform",
                2 => "rng_normal",
                _ => "rng_invalid",
            },
        ),
        "rng-bit-generator" => a.text(
            "algorithm",
            match p.rng_algorithm {
                1 => "rng_three_fry",
                2 => "rng_philox",
                _ => "rng_default",
            },
        ),
        "batch-norm-training" | "batch-norm-inference" | "batch-norm-grad" => {
            a.text(
                "epsilon",
                super::literal::float_text(f64::from(p.epsilon), 6, 9, |v| v as f32 as f64),
            );
            a.text("feature_index", p.feature_index.to_string());
        }
        "topk" => {
            a.text("k", p.k.to_string());
            a.text("largest", p.largest.to_string());
        }
        "send" | "recv" | "send-done" | "recv-done" => {
            if p.channel_id > 0 {
                a.text("channel_id", p.channel_id.to_string());
            }
            if p.is_host_transfer {
                a.text("is_host_transfer", "true");
            }
        }
        _ => {}
    }
}

fn default_comparison_type(p: &pb::HloInstructionProto) -> bool {
    // XLA prints `type=` only when it differs from the default for the operand type; the
    // proto does not carry operand types here, so the common defaults are recognised.
    matches!(p.comparison_type.as_str(), "FLOAT" | "SIGNED" | "UNSIGNED")
}

fn collective(p: &pb::HloInstructionProto, a: &mut Attrs) {
    if p.channel_id > 0 {
        a.text("channel_id", p.channel_id.to_string());
    }
    let (listed, iota) = replica_groups_text(p);
    a.0.push(Attr {
        key: "replica_groups".to_owned(),
        value: AttrValue::ReplicaGroups { listed, iota },
    });
    if p.constrain_layout {
        a.text("constrain_layout", "true");
    }
    if p.use_global_device_ids {
        a.text("use_global_device_ids", "true");
    }
}

/// The replica groups twice: as listed in the instruction's `replica_groups` field
/// (`{{0,1},{2,3}}`, `{}` when empty), and in the iota form of `collective_device_list`
/// (`[4,2]<=[2,4]T(1,0)`) when the instruction has one.
fn replica_groups_text(p: &pb::HloInstructionProto) -> (String, Option<String>) {
    let groups = match &p.collective_device_list {
        Some(l) if p.replica_groups.is_empty() => &l.replica_groups,
        _ => &p.replica_groups,
    };
    let parts: Vec<String> = groups.iter().map(|g| braces(&g.replica_ids)).collect();
    let listed = format!("{{{}}}", parts.join(","));
    let iota = p
        .collective_device_list
        .as_ref()
        .and_then(|l| l.iota_replica_group_list.as_ref())
        .map(|iota| {
            let mut s = format!(
                "[{},{}]<={}",
                iota.num_replica_groups,
                iota.num_devices_per_group,
                bracket(&iota.iota_reshape_dims)
            );
            let perm: Vec<i64> = iota
                .iota_transpose_perm
                .iter()
                .map(|&x| i64::from(x))
                .collect();
            if !is_identity(&perm) {
                let _ = write!(s, "T{}", paren(&perm));
            }
            s
        });
    (listed, iota)
}

fn called_computations(
    p: &pb::HloInstructionProto,
    comp: &dyn Fn(i64) -> Option<CompId>,
    a: &mut Attrs,
) {
    let ids: Vec<CompId> = p
        .called_computation_ids
        .iter()
        .filter_map(|&c| comp(c))
        .collect();
    if ids.is_empty() {
        return;
    }
    let mut one = |key: &str, c: CompId| {
        a.0.push(Attr {
            key: key.to_owned(),
            value: AttrValue::Computation(c),
        })
    };
    match (p.opcode.as_str(), ids.as_slice()) {
        ("fusion", [c, ..]) => one("calls", *c),
        // XLA stores a while's computations as (body, condition) and prints the condition
        // first.
        ("while", [body, cond, ..]) => {
            one("condition", *cond);
            one("body", *body);
        }
        ("select-and-scatter", [select, scatter, ..]) => {
            one("select", *select);
            one("scatter", *scatter);
        }
        ("conditional", _) => a.0.push(Attr {
            key: "branch_computations".to_owned(),
            value: AttrValue::Computations(ids),
        }),
        ("async-start" | "async-update" | "async-done", [c]) => one("calls", *c),
        ("custom-call", _) if ids.len() > 1 => a.0.push(Attr {
            key: "called_computations".to_owned(),
            value: AttrValue::Computations(ids),
        }),
        (_, [c]) => one("to_apply", *c),
        _ => a.0.push(Attr {
            key: "called_computations".to_owned(),
            value: AttrValue::Computations(ids),
        }),
    }
}

fn dot_dims(d: &pb::DotDimensionNumbers, a: &mut Attrs) {
    if !d.lhs_batch_dimensions.is_empty() {
        a.list("lhs_batch_dims", &d.lhs_batch_dimensions);
    }
    a.list("lhs_contracting_dims", &d.lhs_contracting_dimensions);
    if !d.rhs_batch_dimensions.is_empty() {
        a.list("rhs_batch_dims", &d.rhs_batch_dimensions);
    }
    a.list("rhs_contracting_dims", &d.rhs_contracting_dimensions);
}

fn precision(p: &pb::HloInstructionProto, a: &mut Attrs) {
    let Some(pc) = &p.precision_config else {
        return;
    };
    if pc.operand_precision.iter().any(|&x| x != 0) {
        let names: Vec<&str> = pc
            .operand_precision
            .iter()
            .map(|&x| match x {
                1 => "high",
                2 => "highest",
                3 => "packed_nibble",
                _ => "default",
            })
            .collect();
        a.text("operand_precision", format!("{{{}}}", names.join(",")));
    }
}

fn gather_dims(g: &pb::GatherDimensionNumbers, a: &mut Attrs) {
    a.list("offset_dims", &g.offset_dims);
    a.list("collapsed_slice_dims", &g.collapsed_slice_dims);
    if !g.operand_batching_dims.is_empty() {
        a.list("operand_batching_dims", &g.operand_batching_dims);
        a.list(
            "start_indices_batching_dims",
            &g.start_indices_batching_dims,
        );
    }
    a.list("start_index_map", &g.start_index_map);
    a.text("index_vector_dim", g.index_vector_dim.to_string());
}

fn scatter_dims(s: &pb::ScatterDimensionNumbers, a: &mut Attrs) {
    a.list("update_window_dims", &s.update_window_dims);
    a.list("inserted_window_dims", &s.inserted_window_dims);
    if !s.input_batching_dims.is_empty() {
        a.list("input_batching_dims", &s.input_batching_dims);
        a.list(
            "scatter_indices_batching_dims",
            &s.scatter_indices_batching_dims,
        );
    }
    a.list(
        "scatter_dims_to_operand_dims",
        &s.scatter_dims_to_operand_dims,
    );
    a.text("index_vector_dim", s.index_vector_dim.to_string());
}

fn window(p: &pb::HloInstructionProto, a: &mut Attrs) {
    if let Some(w) = &p.window {
        a.text("window", window_text(w));
    }
}

/// `{size=3x3 stride=2x2 pad=1_1x1_1 lhs_dilate=.. rhs_dilate=.. rhs_reversal=..}`; parts
/// that are all default are left out.
fn window_text(w: &pb::Window) -> String {
    let d = &w.dimensions;
    let join =
        |f: &dyn Fn(&pb::WindowDimension) -> String| d.iter().map(f).collect::<Vec<_>>().join("x");
    let mut parts = Vec::new();
    parts.push(format!("size={}", join(&|x| x.size.to_string())));
    if d.iter().any(|x| x.stride != 1) {
        parts.push(format!("stride={}", join(&|x| x.stride.to_string())));
    }
    if d.iter().any(|x| x.padding_low != 0 || x.padding_high != 0) {
        parts.push(format!(
            "pad={}",
            join(&|x| format!("{}_{}", x.padding_low, x.padding_high))
        ));
    }
    if d.iter().any(|x| x.base_dilation > 1) {
        parts.push(format!(
            "lhs_dilate={}",
            join(&|x| x.base_dilation.to_string())
        ));
    }
    if d.iter().any(|x| x.window_dilation > 1) {
        parts.push(format!(
            "rhs_dilate={}",
            join(&|x| x.window_dilation.to_string())
        ));
    }
    if d.iter().any(|x| x.window_reversal) {
        parts.push(format!(
            "rhs_reversal={}",
            join(&|x| u8::from(x.window_reversal).to_string())
        ));
    }
    format!("{{{}}}", parts.join(" "))
}

/// `{[0:2], [1:4:2]}`: the stride is printed only when not 1.
fn slice_text(dims: &[pb::hlo_instruction_proto::SliceDimensions]) -> String {
    let parts: Vec<String> = dims
        .iter()
        .map(|s| {
            if s.stride == 1 {
                format!("[{}:{}]", s.start, s.limit)
            } else {
                format!("[{}:{}:{}]", s.start, s.limit, s.stride)
            }
        })
        .collect();
    format!("{{{}}}", parts.join(", "))
}

/// `0_0x1_1` or, with interior padding, `0_0_1x...`.
fn padding_text(c: &pb::PaddingConfig) -> String {
    c.dimensions
        .iter()
        .map(|d| {
            if d.interior_padding != 0 {
                format!(
                    "{}_{}_{}",
                    d.edge_padding_low, d.edge_padding_high, d.interior_padding
                )
            } else {
                format!("{}_{}", d.edge_padding_low, d.edge_padding_high)
            }
        })
        .collect::<Vec<_>>()
        .join("x")
}

/// `b01f_01io->b01f`: batch/feature letters at their dimension positions, spatial dimensions
/// numbered.
fn conv_dim_labels(d: &pb::ConvolutionDimensionNumbers) -> String {
    fn labels(rank: usize, fixed: &[(i64, char)], spatial: &[i64]) -> String {
        let mut v = vec!['?'; rank];
        for &(dim, c) in fixed {
            if let Some(slot) = v.get_mut(dim as usize) {
                *slot = c;
            }
        }
        for (i, &dim) in spatial.iter().enumerate() {
            if let Some(slot) = v.get_mut(dim as usize) {
                *slot = char::from_digit(i as u32, 36).unwrap_or('?');
            }
        }
        v.into_iter().collect()
    }
    let rank = d.input_spatial_dimensions.len() + 2;
    format!(
        "{}_{}->{}",
        labels(
            rank,
            &[
                (d.input_batch_dimension, 'b'),
                (d.input_feature_dimension, 'f')
            ],
            &d.input_spatial_dimensions
        ),
        labels(
            rank,
            &[
                (d.kernel_input_feature_dimension, 'i'),
                (d.kernel_output_feature_dimension, 'o')
            ],
            &d.kernel_spatial_dimensions
        ),
        labels(
            rank,
            &[
                (d.output_batch_dimension, 'b'),
                (d.output_feature_dimension, 'f')
            ],
            &d.output_spatial_dimensions
        ),
    )
}

/// `{replicated}`, `{maximal device=3}`, `{devices=[2,1,4]<=[8] last_tile_dim_replicate}`,
/// `{{...}, {...}}` for tuples.
pub fn sharding_text(s: &pb::OpSharding) -> String {
    if s.r#type == 2 {
        let parts: Vec<String> = s.tuple_shardings.iter().map(sharding_text).collect();
        return format!("{{{}}}", parts.join(", "));
    }
    match s.r#type {
        0 => return "{replicated}".to_owned(),
        1 => {
            return format!(
                "{{maximal device={}}}",
                s.tile_assignment_devices.first().copied().unwrap_or(0)
            );
        }
        4 => return "{manual}".to_owned(),
        5 => return "{unknown}".to_owned(),
        6 => return "{unreduced}".to_owned(),
        _ => {}
    }
    let mut out = format!("{{devices={}", bracket(&s.tile_assignment_dimensions));
    if !s.iota_reshape_dims.is_empty() {
        let _ = write!(out, "<={}", bracket(&s.iota_reshape_dims));
        let perm: Vec<i64> = s
            .iota_transpose_perm
            .iter()
            .map(|&x| i64::from(x))
            .collect();
        if !perm.is_empty() && !is_identity(&perm) {
            let _ = write!(out, "T{}", paren(&perm));
        }
    } else {
        let devs: Vec<String> = s
            .tile_assignment_devices
            .iter()
            .map(i64::to_string)
            .collect();
        out.push_str(&devs.join(","));
    }
    if s.replicate_on_last_tile_dim {
        out.push_str(" last_tile_dim_replicate");
    }
    if !s.last_tile_dims.is_empty() {
        let names: Vec<&str> = s
            .last_tile_dims
            .iter()
            .map(|&t| match t {
                0 => "replicated",
                4 => "manual",
                6 => "unreduced",
                _ => "unknown",
            })
            .collect();
        let _ = write!(out, " last_tile_dims={{{}}}", names.join(", "));
    }
    out.push('}');
    out
}

/// `{k="v",k2={...}}`, keys sorted; values that are themselves `{...}` are not quoted.
pub fn frontend_attributes_text(f: &pb::FrontendAttributes) -> String {
    let mut keys: Vec<&String> = f.map.keys().collect();
    keys.sort();
    let parts: Vec<String> = keys
        .into_iter()
        .map(|k| {
            let v = &f.map[k];
            if v.starts_with('{') && v.ends_with('}') {
                format!("{k}={v}")
            } else {
                format!("{k}=\"{}\"", escape(v))
            }
        })
        .collect();
    format!("{{{}}}", parts.join(","))
}

/// C-style escaping of `"` and `\` and control characters, as XLA's `CEscape`.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\'' => out.push_str("\\'"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\{:03o}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

fn bracket(v: &[i64]) -> String {
    let parts: Vec<String> = v.iter().map(i64::to_string).collect();
    format!("[{}]", parts.join(","))
}

fn paren(v: &[i64]) -> String {
    let parts: Vec<String> = v.iter().map(i64::to_string).collect();
    format!("({})", parts.join(","))
}

fn is_identity(perm: &[i64]) -> bool {
    perm.iter().enumerate().all(|(i, &p)| p == i as i64)
}
