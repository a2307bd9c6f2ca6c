//! `HloProto` / `HloModuleProto` bytes → [`HloModule`].

use super::HloError;
use super::attrs::{attributes, escape, frontend_attributes_text};
use super::literal::literal_text;
use super::model::{Attr, AttrValue, CompId, HloModule, InstrId, OpMetadata, StackFrames};
use super::proto as pb;
use super::shape::Shape;
use hashbrown::HashMap;
use prost::Message;

/// Decodes a serialized `HloProto`, or a bare `HloModuleProto`, into a module.
pub fn module_from_proto_bytes(bytes: &[u8]) -> Result<HloModule, HloError> {
    let module = decode_module_proto(bytes)?;
    Ok(module_from_proto(&module))
}

/// Decodes `bytes` as an `HloProto` whose module has instructions, else as a bare
/// `HloModuleProto` with instructions; anything else is an error.
pub fn decode_module_proto(bytes: &[u8]) -> Result<pb::HloModuleProto, HloError> {
    let has_instructions =
        |m: &pb::HloModuleProto| m.computations.iter().any(|c| !c.instructions.is_empty());
    if let Ok(p) = pb::HloProto::decode(bytes) {
        if let Some(m) = p.hlo_module.filter(has_instructions) {
            return Ok(m);
        }
    }
    match pb::HloModuleProto::decode(bytes) {
        Ok(m) if has_instructions(&m) => Ok(m),
        Ok(_) => Err(HloError::Invalid(
            "an HLO module without instructions".into(),
        )),
        Err(e) => Err(HloError::Invalid(format!(
            "not an HloProto or HloModuleProto: {e}"
        ))),
    }
}

/// Builds the model from a decoded module proto. Dangling ids (an operand or called
/// computation the module does not hold) are dropped.
pub fn module_from_proto(p: &pb::HloModuleProto) -> HloModule {
    // Computations are stored in print order; `CompId`s are positions in that order.
    let comp_order = computation_print_order(p);
    let comp_ids: HashMap<i64, CompId> = comp_order
        .iter()
        .enumerate()
        .map(|(pos, &k)| (p.computations[k].id, CompId(pos as u32)))
        .collect();
    let comp = |id: i64| comp_ids.get(&id).copied();
    let mut m = HloModule {
        name: p.name.clone(),
        ..HloModule::default()
    };
    // Print order of each computation's instructions: the schedule when there is one.
    let order: Vec<Vec<usize>> = comp_order
        .iter()
        .map(|&k| print_order(&p.computations[k], p.schedule.as_ref()))
        .collect();
    let mut instr_ids: HashMap<i64, InstrId> = HashMap::new();
    let mut next = 0u32;
    for (pos, &k) in comp_order.iter().enumerate() {
        for &x in &order[pos] {
            instr_ids.insert(p.computations[k].instructions[x].id, InstrId(next));
            next += 1;
        }
    }
    for (pos, &k) in comp_order.iter().enumerate() {
        let c = &p.computations[k];
        let start = m.instructions.len() as u32;
        for &x in &order[pos] {
            push_instruction(
                &mut m,
                &c.instructions[x],
                CompId(pos as u32),
                &instr_ids,
                &comp,
            );
        }
        let t = &mut m.computations;
        t.name.push(c.name.clone());
        t.instructions.push(start..m.instructions.len() as u32);
        t.root.push(instr_ids.get(&c.root_id).copied());
        t.is_fusion.push(c.is_fusion_computation);
        t.execution_thread.push(c.execution_thread.clone());
    }
    m.entry = comp(p.entry_computation_id).or_else(|| {
        let k = p
            .computations
            .iter()
            .position(|c| c.name == p.entry_computation_name)?;
        comp(p.computations[k].id)
    });
    if let Some(s) = &p.stack_frame_index {
        m.stack_frames = StackFrames {
            file_names: s.file_names.clone(),
            function_names: s.function_names.clone(),
            file_locations: s
                .file_locations
                .iter()
                .map(|l| (l.file_name_id, l.function_name_id, l.line, l.column))
                .collect(),
            frames: s
                .stack_frames
                .iter()
                .map(|f| (f.file_location_id, f.parent_frame_id))
                .collect(),
        };
    }
    m.index();
    m.header_attrs = header_attrs(p, &m);
    m
}

/// The order XLA prints computations in (its computation post order): for each computation
/// no instruction calls, in proto order, the computations it reaches, then itself. The walk
/// takes instructions in proto order; an instruction's callees are all marked seen when
/// found and then visited first to last, each emitted after everything it reaches.
/// Computations not reached that way (a broken call graph) follow in proto order.
fn computation_print_order(p: &pb::HloModuleProto) -> Vec<usize> {
    let n = p.computations.len();
    let index: HashMap<i64, usize> = p
        .computations
        .iter()
        .enumerate()
        .map(|(i, c)| (c.id, i))
        .collect();
    let callees_of = |x: &pb::HloInstructionProto| -> Vec<usize> {
        x.called_computation_ids
            .iter()
            .filter_map(|id| index.get(id).copied())
            .collect()
    };
    let mut called = vec![false; n];
    for c in &p.computations {
        for x in &c.instructions {
            for k in callees_of(x) {
                called[k] = true;
            }
        }
    }
    let mut added = vec![false; n];
    let mut out = Vec::with_capacity(n);
    for root in (0..n).filter(|&k| !called[k]) {
        let mut seen = vec![false; n];
        // (computation, next instruction to look at)
        let mut stack: Vec<(usize, usize)> = Vec::new();
        let push_callees =
            |x: &pb::HloInstructionProto, stack: &mut Vec<(usize, usize)>, seen: &mut Vec<bool>| {
                for k in callees_of(x).into_iter().rev() {
                    if !seen[k] {
                        seen[k] = true;
                        stack.push((k, 0));
                    }
                }
            };
        for x in &p.computations[root].instructions {
            push_callees(x, &mut stack, &mut seen);
            while let Some(&(k, next)) = stack.last() {
                let instrs = &p.computations[k].instructions;
                if next == instrs.len() {
                    stack.pop();
                    if !added[k] {
                        added[k] = true;
                        out.push(k);
                    }
                } else {
                    if let Some(top) = stack.last_mut() {
                        top.1 += 1;
                    }
                    push_callees(&instrs[next], &mut stack, &mut seen);
                }
            }
        }
        if !added[root] {
            added[root] = true;
            out.push(root);
        }
    }
    out.extend((0..n).filter(|&k| !added[k]));
    out
}

/// Indices of `c.instructions` in print order: the module schedule's sequence for this
/// computation when it names exactly its instructions, else proto order.
fn print_order(c: &pb::HloComputationProto, schedule: Option<&pb::HloScheduleProto>) -> Vec<usize> {
    let natural: Vec<usize> = (0..c.instructions.len()).collect();
    let Some(seq) = schedule.and_then(|s| s.sequences.get(&c.id)) else {
        return natural;
    };
    let pos: HashMap<i64, usize> = c
        .instructions
        .iter()
        .enumerate()
        .map(|(i, x)| (x.id, i))
        .collect();
    let ordered: Vec<usize> = seq
        .instruction_ids
        .iter()
        .filter_map(|id| pos.get(id).copied())
        .collect();
    let mut seen = vec![false; c.instructions.len()];
    for &i in &ordered {
        seen[i] = true;
    }
    if ordered.len() == c.instructions.len() && seen.iter().all(|&s| s) {
        ordered
    } else {
        natural
    }
}

fn push_instruction(
    m: &mut HloModule,
    x: &pb::HloInstructionProto,
    comp_id: CompId,
    instr_ids: &HashMap<i64, InstrId>,
    comp: &dyn Fn(i64) -> Option<CompId>,
) {
    let t = &mut m.instructions;
    let shape = x
        .shape
        .as_ref()
        .map_or(Shape::Tuple(Vec::new()), Shape::from_proto);
    let start = t.operand_pool.len() as u32;
    t.operand_pool.extend(
        x.operand_ids
            .iter()
            .filter_map(|id| instr_ids.get(id).copied()),
    );
    t.operands.push(start..t.operand_pool.len() as u32);
    let cstart = t.control_pool.len() as u32;
    t.control_pool.extend(
        x.control_predecessor_ids
            .iter()
            .filter_map(|id| instr_ids.get(id).copied()),
    );
    t.control_predecessors
        .push(cstart..t.control_pool.len() as u32);
    let mut attrs = leading_attrs(x, &shape);
    attrs.extend(attributes(x, comp));
    t.name.push(x.name.clone());
    t.opcode.push(x.opcode.clone());
    t.called.push(
        x.called_computation_ids
            .iter()
            .filter_map(|&c| comp(c))
            .collect(),
    );
    t.attrs.push(attrs);
    t.fusion_kind.push(x.fusion_kind.clone());
    t.custom_call_target.push(x.custom_call_target.clone());
    t.backend_config.push(x.backend_config.clone());
    t.metadata
        .push(x.metadata.as_ref().map(metadata).unwrap_or_default());
    t.shape.push(shape);
    t.computation.push(comp_id);
}

/// The parameter number and constant value go inside the parentheses; they are kept as
/// the attribute keys `parameter_number` and `literal` that the printer places there.
fn leading_attrs(x: &pb::HloInstructionProto, shape: &Shape) -> Vec<Attr> {
    let text = |key: &str, v: String| Attr {
        key: key.to_owned(),
        value: AttrValue::Text(v),
    };
    match x.opcode.as_str() {
        "parameter" => vec![text(
            super::PARAMETER_NUMBER,
            x.parameter_number.to_string(),
        )],
        "constant" => x
            .literal
            .as_ref()
            .map(|l| vec![text(super::LITERAL, literal_text(l, shape, false))])
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

fn metadata(p: &pb::OpMetadata) -> OpMetadata {
    let mut parts: Vec<String> = Vec::new();
    let quoted = |k: &str, v: &str| format!("{k}=\"{}\"", escape(v));
    if !p.op_type.is_empty() {
        parts.push(quoted("op_type", &p.op_type));
    }
    if !p.op_name.is_empty() {
        parts.push(quoted("op_name", &p.op_name));
    }
    if !p.source_file.is_empty() {
        parts.push(quoted("source_file", &p.source_file));
    }
    for (k, v) in [
        ("source_line", p.source_line),
        ("source_end_line", p.source_end_line),
        ("source_column", p.source_column),
        ("source_end_column", p.source_end_column),
    ] {
        if v != 0 {
            parts.push(format!("{k}={v}"));
        }
    }
    if !p.deduplicated_name.is_empty() {
        parts.push(quoted("deduplicated_name", &p.deduplicated_name));
    }
    if !p.scheduling_name.is_empty() {
        parts.push(quoted("scheduling_name", &p.scheduling_name));
    }
    if p.stack_frame_id != 0 {
        parts.push(format!("stack_frame_id={}", p.stack_frame_id));
    }
    OpMetadata {
        op_type: p.op_type.clone(),
        op_name: p.op_name.clone(),
        source_file: p.source_file.clone(),
        source_line: p.source_line,
        stack_frame_id: p.stack_frame_id,
        text: parts.join(" "),
    }
}

/// `is_scheduled=true, input_output_alias={...}, entry_computation_layout={...},
/// frontend_attributes={...}` as XLA prints them for a module loaded from its proto.
fn header_attrs(p: &pb::HloModuleProto, m: &HloModule) -> String {
    let mut parts: Vec<String> = Vec::new();
    if p.schedule.is_some() {
        parts.push("is_scheduled=true".into());
    }
    if let Some(a) = p
        .input_output_alias
        .as_ref()
        .filter(|a| !a.entries.is_empty())
    {
        let entries: Vec<String> = a
            .entries
            .iter()
            .map(|e| {
                format!(
                    "{}: ({}, {}, {})",
                    shape_index(&e.output_shape_index),
                    e.parameter_number,
                    shape_index(&e.parameter_shape_index),
                    if e.kind == 2 {
                        "must-alias"
                    } else {
                        "may-alias"
                    }
                )
            })
            .collect();
        parts.push(format!("input_output_alias={{ {} }}", entries.join(", ")));
    }
    if let Some(layout) = entry_layout(p, m) {
        parts.push(format!("entry_computation_layout={{{layout}}}"));
    }
    if let Some(f) = p.frontend_attributes.as_ref().filter(|f| !f.map.is_empty()) {
        parts.push(format!(
            "frontend_attributes={}",
            frontend_attributes_text(f)
        ));
    }
    parts.join(", ")
}

fn shape_index(v: &[i64]) -> String {
    let parts: Vec<String> = v.iter().map(i64::to_string).collect();
    format!("{{{}}}", parts.join(","))
}

/// `(param shapes)->result`, with layouts, from the entry computation's program shape (or
/// the module's host program shape).
fn entry_layout(p: &pb::HloModuleProto, m: &HloModule) -> Option<String> {
    let entry = m.entry?;
    let ps = p.computations[entry.index()]
        .program_shape
        .as_ref()
        .or(p.host_program_shape.as_ref())?;
    let params = Shape::Tuple(ps.parameters.iter().map(Shape::from_proto).collect());
    let result = ps.result.as_ref().map(Shape::from_proto)?;
    let mut s = String::new();
    params.write_with_layout(&mut s);
    s.push_str("->");
    result.write_with_layout(&mut s);
    Some(s)
}
