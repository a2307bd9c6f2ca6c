//! HLO text as XLA prints it: whole modules (XProf graph viewer's `short_txt` and
//! `long_txt`) and single instructions (XProf `hlo_op_expression`).

use super::model::{AttrValue, CompId, HloModule, InstrId};
use super::{LITERAL, PARAMETER_NUMBER};

/// What to print. The constructors give the forms XProf shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrintOptions {
    /// Names with a `%` prefix.
    pub percent: bool,
    /// Each operand preceded by its shape (`f32[2]{0} %x`).
    pub operand_shapes: bool,
    /// `metadata={...}`.
    pub metadata: bool,
    /// `backend_config=...`.
    pub backend_config: bool,
    /// Computation headers with their signature (`%c (p: f32[2]) -> f32[2] {`).
    pub signatures: bool,
    /// `control-predecessors={...}`.
    pub control_predecessors: bool,
    /// `/*index=5*/` before every fifth operand.
    pub operand_index_comments: bool,
    /// Replica groups in their compact iota form when the module has one (XProf's
    /// `hlo_op_expression` does; its graph viewer prints the listed groups).
    pub iota_replica_groups: bool,
}

impl PrintOptions {
    /// XProf graph viewer's short text (`short_txt`): no `%`, no metadata, no control
    /// predecessors; backend config.
    pub fn short() -> Self {
        PrintOptions {
            percent: false,
            operand_shapes: false,
            metadata: false,
            backend_config: true,
            signatures: false,
            control_predecessors: false,
            operand_index_comments: false,
            iota_replica_groups: false,
        }
    }

    /// XProf graph viewer's long text (`long_txt`): `%` names, signatures, metadata.
    pub fn long() -> Self {
        PrintOptions {
            percent: true,
            operand_shapes: false,
            metadata: true,
            backend_config: true,
            signatures: true,
            control_predecessors: true,
            operand_index_comments: true,
            iota_replica_groups: false,
        }
    }

    /// One instruction as XProf's `hlo_op_expression`: `%` names, operand shapes, no
    /// metadata or backend config.
    pub fn expression() -> Self {
        PrintOptions {
            percent: true,
            operand_shapes: true,
            metadata: false,
            backend_config: false,
            signatures: false,
            control_predecessors: false,
            operand_index_comments: true,
            iota_replica_groups: true,
        }
    }
}

/// The whole module: the `HloModule` line, a blank line, then each computation followed by a
/// blank line.
pub fn module_text(m: &HloModule, o: PrintOptions) -> String {
    let mut out = String::new();
    out.push_str("HloModule ");
    out.push_str(&m.name);
    if !m.header_attrs.is_empty() {
        out.push_str(", ");
        out.push_str(&m.header_attrs);
    }
    out.push_str("\n\n");
    for c in 0..m.computations.len() {
        computation_text(m, CompId(c as u32), o, &mut out);
        out.push('\n');
    }
    out
}

/// One computation: header line, one line per instruction, `}` line.
pub fn computation_text(m: &HloModule, c: CompId, o: PrintOptions, out: &mut String) {
    if m.entry == Some(c) {
        out.push_str("ENTRY ");
    }
    name(out, &m.computations.name[c.index()], o);
    if o.signatures {
        signature(m, c, out);
    }
    out.push_str(" {\n");
    let root = m.computations.root[c.index()];
    for i in m.instructions_of(c) {
        out.push_str("  ");
        if Some(i) == root {
            out.push_str("ROOT ");
        }
        write_instruction(m, i, o, out);
        out.push('\n');
    }
    out.push_str("}\n");
}

/// One instruction without indentation or `ROOT`.
pub fn instruction_text(m: &HloModule, i: InstrId, o: PrintOptions) -> String {
    let mut out = String::new();
    write_instruction(m, i, o, &mut out);
    out
}

fn name(out: &mut String, n: &str, o: PrintOptions) {
    if o.percent {
        out.push('%');
    }
    out.push_str(n);
}

/// ` (p0: f32[2], p1: f32[]) -> f32[2]`: parameters by number, shapes without layout (the
/// result tuple, like every tuple shape, marks every fifth element).
fn signature(m: &HloModule, c: CompId, out: &mut String) {
    let mut params: Vec<(i64, InstrId)> = m
        .instructions_of(c)
        .filter(|&i| m.opcode(i) == "parameter")
        .map(|i| (parameter_number(m, i), i))
        .collect();
    params.sort();
    out.push_str(" (");
    for (k, (_, p)) in params.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        out.push_str(m.name(*p));
        out.push_str(": ");
        m.instructions.shape[p.index()].write_without_layout(out);
    }
    out.push_str(") -> ");
    if let Some(r) = m.computations.root[c.index()] {
        m.instructions.shape[r.index()].write_without_layout(out);
    }
}

fn parameter_number(m: &HloModule, i: InstrId) -> i64 {
    m.instructions.attrs[i.index()]
        .iter()
        .find(|a| a.key == PARAMETER_NUMBER)
        .and_then(|a| match &a.value {
            AttrValue::Text(t) => t.parse().ok(),
            _ => None,
        })
        .unwrap_or(0)
}

fn write_instruction(m: &HloModule, i: InstrId, o: PrintOptions, out: &mut String) {
    let t = &m.instructions;
    name(out, &t.name[i.index()], o);
    out.push_str(" = ");
    t.shape[i.index()].write_with_layout(out);
    out.push(' ');
    out.push_str(&t.opcode[i.index()]);
    out.push('(');
    let attrs = &t.attrs[i.index()];
    let inside = attrs
        .iter()
        .find(|a| a.key == PARAMETER_NUMBER || a.key == LITERAL);
    if let Some(AttrValue::Text(v)) = inside.map(|a| &a.value) {
        out.push_str(v);
    }
    for (k, &op) in m.operands(i).iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
            if o.operand_index_comments && k % 5 == 0 {
                out.push_str("/*index=");
                out.push_str(&k.to_string());
                out.push_str("*/");
            }
        }
        if o.operand_shapes {
            t.shape[op.index()].write_with_layout(out);
            out.push(' ');
        }
        name(out, m.name(op), o);
    }
    out.push(')');
    for a in attrs {
        if a.key == PARAMETER_NUMBER || a.key == LITERAL {
            continue;
        }
        out.push_str(", ");
        out.push_str(&a.key);
        out.push('=');
        match &a.value {
            AttrValue::Text(v) => out.push_str(v),
            AttrValue::ReplicaGroups { listed, iota } => match iota {
                Some(i) if o.iota_replica_groups => out.push_str(i),
                _ => out.push_str(listed),
            },
            AttrValue::Computation(c) => name(out, &m.computations.name[c.index()], o),
            AttrValue::Computations(cs) => {
                out.push('{');
                for (k, c) in cs.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    name(out, &m.computations.name[c.index()], o);
                }
                out.push('}');
            }
        }
    }
    let preds = m.control_predecessors(i);
    if o.control_predecessors && !preds.is_empty() {
        out.push_str(", control-predecessors={");
        for (k, &p) in preds.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            name(out, m.name(p), o);
        }
        out.push('}');
    }
    let meta = &t.metadata[i.index()];
    if o.metadata && !meta.is_empty() {
        out.push_str(", metadata={");
        out.push_str(&meta.text);
        out.push('}');
    }
    let bc = &t.backend_config[i.index()];
    if o.backend_config && !bc.is_empty() {
        out.push_str(", backend_config=");
        let s = String::from_utf8_lossy(bc);
        if s.starts_with('{') {
            out.push_str(&s);
        } else {
            out.push('"');
            out.push_str(&super::attrs::escape(&s));
            out.push('"');
        }
    }
}
