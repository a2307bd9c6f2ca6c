//! What identifies an HLO op across two compilations: the module's name without the numbers
//! XLA and the profilers append, and fingerprints of what the op computes.
//!
//! XLA renumbers instructions between compilations (`ynn_fusion.2` may be another computation
//! in the other run), so an op is recognised by what it computes: its opcode, result and
//! operand shapes, attributes, and the instructions of every computation it calls (a fusion's
//! body), with every name replaced by its position. [`Fingerprints::exact`] includes shapes;
//! [`Fingerprints::structure`] leaves them out, so the same program compiled for other sizes
//! still matches.

use crate::hlo::{AttrValue, CompId, HloModule, InstrId};
use std::fmt::Write;

/// How deep called computations are followed (a while body calling a fusion is 2).
const MAX_CALL_DEPTH: usize = 8;

/// The two fingerprints of one op, as 16 hex digits each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fingerprints {
    /// What it computes, shapes included.
    pub exact: String,
    /// What it computes, shapes left out.
    pub structure: String,
}

/// The fingerprints of instruction `i` of `m`.
pub fn fingerprints(m: &HloModule, i: InstrId) -> Fingerprints {
    let text = |shapes| {
        let mut out = String::new();
        write_instruction(m, i, &[], shapes, 0, &mut out);
        format!("{:016x}", fnv1a(out.as_bytes()))
    };
    Fingerprints {
        exact: text(true),
        structure: text(false),
    }
}

/// A module name without what differs between runs of the same program: a trailing
/// `(<digits>)` program id (`jit_f(1219…)`), a trailing `.<digits>` counter, and a trailing
/// `_<hex>` fingerprint of 16 or more hex digits.
pub fn normalised_module(name: &str) -> String {
    let mut s = name.trim();
    loop {
        let before = s;
        if let Some(open) = s
            .strip_suffix(')')
            .and_then(|r| r.rfind('(').map(|k| (r, k)))
        {
            let (rest, k) = open;
            if k + 1 < rest.len() && rest[k + 1..].bytes().all(|b| b.is_ascii_digit()) {
                s = rest[..k].trim_end();
            }
        }
        if let Some(k) = s.rfind('.') {
            if k + 1 < s.len() && s[k + 1..].bytes().all(|b| b.is_ascii_digit()) {
                s = &s[..k];
            }
        }
        if let Some(k) = s.rfind('_') {
            let tail = &s[k + 1..];
            if tail.len() >= 16 && tail.bytes().all(|b| b.is_ascii_hexdigit()) {
                s = &s[..k];
            }
        }
        if s == before {
            return s.to_owned();
        }
    }
}

/// Writes one instruction: opcode, shapes, attributes; operands by their position in `local`
/// (the instructions of the computation being written), else by shape only.
fn write_instruction(
    m: &HloModule,
    i: InstrId,
    local: &[InstrId],
    shapes: bool,
    depth: usize,
    out: &mut String,
) {
    let ins = &m.instructions;
    out.push_str(m.opcode(i));
    if shapes {
        out.push(' ');
        ins.shape[i.index()].write_with_layout(out);
    }
    out.push('(');
    for &o in m.operands(i) {
        match local.iter().position(|&l| l == o) {
            Some(k) => {
                let _ = write!(out, "#{k}");
            }
            None if shapes => ins.shape[o.index()].write_with_layout(out),
            None => out.push('_'),
        }
        out.push(',');
    }
    out.push(')');
    for a in &ins.attrs[i.index()] {
        match &a.value {
            AttrValue::Text(t) if shapes || !looks_like_a_shape_attr(&a.key) => {
                let _ = write!(out, " {}={t}", a.key);
            }
            AttrValue::ReplicaGroups { listed, .. } => {
                let _ = write!(out, " {}={listed}", a.key);
            }
            _ => {}
        }
    }
    let _ = write!(
        out,
        " {} {}",
        ins.fusion_kind[i.index()],
        ins.custom_call_target[i.index()]
    );
    if depth < MAX_CALL_DEPTH {
        for &c in m.called(i) {
            write_computation(m, c, shapes, depth + 1, out);
        }
    }
}

/// Attributes that state sizes (`slice`, `dynamic_slice_sizes`, `window`, padding), left out
/// of the shape-free fingerprint.
fn looks_like_a_shape_attr(key: &str) -> bool {
    matches!(
        key,
        "slice" | "dynamic_slice_sizes" | "window" | "padding" | "dim_labels" | "sharding"
    )
}

/// Writes a called computation: its instructions in order, the root marked.
fn write_computation(m: &HloModule, c: CompId, shapes: bool, depth: usize, out: &mut String) {
    let local: Vec<InstrId> = m.instructions_of(c).collect();
    let root = m.computations.root[c.index()];
    out.push('{');
    for &i in &local {
        if Some(i) == root {
            out.push_str("ROOT ");
        }
        write_instruction(m, i, &local, shapes, depth, out);
        out.push(';');
    }
    out.push('}');
}

/// FNV-1a, 64 bits: stable across runs and platforms.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_names_lose_program_ids_counters_and_fingerprints() {
        assert_eq!(normalised_module("jit_f(12190760917235803885)"), "jit_f");
        assert_eq!(normalised_module("jit_local_step(6)"), "jit_local_step");
        assert_eq!(normalised_module("jit_train_step.12"), "jit_train_step");
        assert_eq!(
            normalised_module("cluster_3_0123456789abcdef01(7)"),
            "cluster_3"
        );
        assert_eq!(normalised_module("main"), "main");
        assert_eq!(normalised_module("jit_f(x)"), "jit_f(x)");
    }

    #[test]
    fn renumbered_instructions_have_the_same_fingerprints() {
        let text = |n: &str| {
            format!(
                "HloModule m\n\nfused_computation.{n} {{\n  p0 = f32[4]{{0}} parameter(0)\n  ROOT t = f32[4]{{0}} tanh(p0)\n}}\n\nENTRY main {{\n  x = f32[4]{{0}} parameter(0)\n  ROOT ynn_fusion.{n} = f32[4]{{0}} fusion(x), kind=kLoop, calls=fused_computation.{n}\n}}\n"
            )
        };
        let a = HloModule::from_bytes(text("2").as_bytes()).unwrap();
        let b = HloModule::from_bytes(text("7").as_bytes()).unwrap();
        let fa = fingerprints(&a, a.instruction("ynn_fusion.2").unwrap());
        let fb = fingerprints(&b, b.instruction("ynn_fusion.7").unwrap());
        assert_eq!(fa, fb);
        let other = text("2").replace("tanh", "exponential");
        let c = HloModule::from_bytes(other.as_bytes()).unwrap();
        let fc = fingerprints(&c, c.instruction("ynn_fusion.2").unwrap());
        assert_ne!(fa.exact, fc.exact);
        assert_ne!(fa.structure, fc.structure);
        let wider = text("2").replace("f32[4]{0}", "f32[8]{0}");
        let d = HloModule::from_bytes(wider.as_bytes()).unwrap();
        let fd = fingerprints(&d, d.instruction("ynn_fusion.2").unwrap());
        assert_ne!(fa.exact, fd.exact);
        assert_eq!(fa.structure, fd.structure);
    }
}
