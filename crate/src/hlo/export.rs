//! A graph or module in the forms the CLI and the page hand out: DOT (shaped like XLA's
//! graph dumper output that XProf serves), the CLI's JSON, and the page's drawing JSON.

use super::graph::{HloGraph, color_class, node_label, node_size};
use super::model::{CompId, HloModule, InstrId};
use super::print::{PrintOptions, instruction_text};
use serde_json::{Value, json};
use std::fmt::Write;

/// DOT for a neighbourhood or overview: node ids are `n<index>`, fusions drawn expanded and
/// called computations drawn inline are clusters, each edge has the tooltip
/// `producer -> consumer` as XProf's (`computation -> caller` for a called computation's
/// root). For XProf's own selection, lay out [`super::xprof_graph::xprof_neighborhood`].
pub fn to_dot(m: &HloModule, g: &HloGraph) -> String {
    let mut out = String::from("digraph G {\nrankdir = TB;\ncompound = true;\n");
    let title = match g.center {
        Some(c) => {
            let i = g.nodes[c as usize].instr;
            let comp = m.computation_of(i);
            format!(
                "Neighborhood of {} nodes around {}<br/>Computation {}{}",
                g.nodes.len(),
                html(m.name(i)),
                html(&m.computations.name[comp.index()]),
                if Some(comp) == m.entry {
                    "<br/>ENTRY computation"
                } else {
                    ""
                }
            )
        }
        None => format!("Module {}", html(&m.display_name())),
    };
    let _ = writeln!(
        out,
        "label = <<b>{title}</b>>;\nlabelloc = t;\ntooltip = \" \";"
    );
    // Ungrouped nodes first, then each expanded fusion as a cluster.
    for (k, n) in g.nodes.iter().enumerate() {
        if n.group.is_none() {
            node_line(m, g, k, &mut out);
        }
    }
    for &f in &g.expanded {
        if m.opcode(f) == "fusion" {
            let _ = writeln!(
                out,
                "subgraph cluster_{} {{\nstyle=\"rounded,filled,bold\"; fillcolor=\"#ffcdd2\"; color=\"#b71c1c\";\nlabel = <Fused expression for <b>{}</b><br/>{}<br/>kind={}>;\nlabelloc = t;\ntooltip = \" \";",
                f.0,
                html(m.name(f)),
                html(&super::category(m, f)),
                html(&m.instructions.fusion_kind[f.index()])
            );
        } else {
            let comps: Vec<&str> = m
                .called(f)
                .iter()
                .map(|c| m.computations.name[c.index()].as_str())
                .collect();
            let _ = writeln!(
                out,
                "subgraph cluster_{} {{\nstyle=rounded; color=black;\nlabel = <Subcomputation for <b>{}</b><br/>{}>;\nlabelloc = t;\ntooltip = \" \";",
                f.0,
                html(m.name(f)),
                html(&comps.join(", "))
            );
        }
        for (k, n) in g.nodes.iter().enumerate() {
            if n.group == Some(f) {
                node_line(m, g, k, &mut out);
            }
        }
        let _ = writeln!(out, "}}  // cluster_{}", f.0);
    }
    for e in &g.edges {
        let (from, to) = (&g.nodes[e.from as usize], &g.nodes[e.to as usize]);
        let (a, b) = (from.instr, to.instr);
        // A called computation's root → its caller (drawn around it): named after the
        // computation, dashed, as XLA's dumper does.
        let body = unfused_computation(m, a);
        let call = from.group.is_some() && m.opcode(b) != "fusion" && m.called(b).contains(&body);
        let (source, style) = if call {
            (
                m.computations.name[body.index()].as_str(),
                " style=\"dashed\"",
            )
        } else if e.control {
            (m.name(a), " style=\"dotted\"")
        } else {
            (m.name(a), "")
        };
        let _ = writeln!(
            out,
            "n{} -> n{} [arrowhead=normal tooltip=\"{} -> {}\"{style}];",
            e.from,
            e.to,
            dot_escape(source),
            dot_escape(m.name(b))
        );
    }
    out.push_str("}\n");
    out
}

/// The computation holding `i` once fused computations are left for their fusions.
fn unfused_computation(m: &HloModule, i: InstrId) -> CompId {
    let mut cur = i;
    for _ in 0..64 {
        match m.enclosing_fusion(cur) {
            Some(f) => cur = f,
            None => break,
        }
    }
    m.computation_of(cur)
}

fn node_line(m: &HloModule, g: &HloGraph, k: usize, out: &mut String) {
    let n = &g.nodes[k];
    let i = n.instr;
    let (fill, border) = dot_colors(color_class(m, i));
    let center = g.center == Some(k as u32);
    let (fill, border, font) = if center {
        ("#b71c1c", "#7f0000", "white")
    } else {
        (fill, border, "black")
    };
    let title = if m.opcode(i) == "parameter" {
        format!("Parameter {}", parameter_number(m, i))
    } else if n.count > 1 {
        format!("{} (+{} ops)", m.name(i), n.count - 1)
    } else {
        m.name(i).to_owned()
    };
    let style = if n.boundary {
        "filled,dashed"
    } else {
        "filled"
    };
    let tooltip = m.instructions.metadata[i.index()].op_name.clone();
    let _ = writeln!(
        out,
        "n{k} [label=<<b>{}</b><br/>{}>, shape=rect, tooltip=\"{}\", style=\"{style}\", fontcolor=\"{font}\", color=\"{border}\", fillcolor=\"{fill}\"];",
        html(&title),
        html(&m.instructions.shape[i.index()].to_text()),
        dot_escape(&tooltip)
    );
}

fn parameter_number(m: &HloModule, i: InstrId) -> String {
    m.instructions.attrs[i.index()]
        .iter()
        .find(|a| a.key == super::PARAMETER_NUMBER)
        .map(|a| match &a.value {
            super::AttrValue::Text(t) => t.clone(),
            _ => String::new(),
        })
        .unwrap_or_default()
}

/// `(fill, border)` colours of a colour class (the palette XLA's dumper uses).
fn dot_colors(class: &str) -> (&'static str, &'static str) {
    match class {
        "parameter" => ("#ffb74d", "#c88719"),
        "constant" => ("#eeeeee", "#bcbcbc"),
        "fusion" => ("#ffcdd2", "#b71c1c"),
        "dot" | "convolution" => ("#bbdefb", "#8aacc8"),
        "collective" => ("#d1c4e9", "#a094b7"),
        "data-movement" => ("#c8e6c9", "#97b498"),
        "control-flow" => ("#fff9c4", "#cbc693"),
        "custom-call" => ("#b2dfdb", "#82ada9"),
        "tuple" => ("#f5f5f5", "#757575"),
        _ => ("white", "#9e9e9e"),
    }
}

fn html(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn dot_escape(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// The CLI's JSON (`docs/CONTRACT.md` § hlo): `{"module", "computations": [{"name", "instructions":
/// [{"name", "opcode", "shape", "operands", "called_computations"}]}]}`, with only the given
/// instructions when `only` is set (computations without any are left out).
pub fn to_cli_json(m: &HloModule, only: Option<&[InstrId]>) -> Value {
    let keep = |i: InstrId| only.is_none_or(|s| s.contains(&i));
    let comps: Vec<Value> = (0..m.computations.len())
        .map(|c| CompId(c as u32))
        .filter_map(|c| {
            let instrs: Vec<Value> = m
                .instructions_of(c)
                .filter(|&i| keep(i))
                .map(|i| {
                    json!({
                        "name": m.name(i),
                        "opcode": m.opcode(i),
                        "shape": m.instructions.shape[i.index()].to_text(),
                        "operands": m.operands(i).iter().map(|&o| m.name(o)).collect::<Vec<_>>(),
                        "called_computations": m.called(i).iter()
                            .map(|c| m.computations.name[c.index()].as_str()).collect::<Vec<_>>(),
                    })
                })
                .collect();
            (only.is_none() || !instrs.is_empty())
                .then(|| json!({"name": m.computations.name[c.index()], "instructions": instrs}))
        })
        .collect();
    json!({"module": m.display_name(), "computations": comps})
}

/// A coordinate rounded to a tenth of a unit (CSS pixels): plenty for drawing, and a large
/// overview's JSON shrinks by a third.
fn tenth(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// What the page draws (coordinates rounded by [`tenth`]): nodes with boxes, labels, colour class, text for the tooltip;
/// edges with their routes; expanded fusion clusters.
pub fn to_view_json(m: &HloModule, g: &HloGraph) -> Value {
    let l = &g.layout;
    let nodes: Vec<Value> = g
        .nodes
        .iter()
        .enumerate()
        .map(|(k, n)| {
            let i = n.instr;
            let (title, sub) = node_label(m, n);
            let (x, y) = l.nodes.get(k).copied().unwrap_or_default();
            json!({
                "name": title,
                "label": sub,
                "opcode": m.opcode(i),
                "category": super::category(m, i),
                "class": color_class(m, i),
                "shape": m.instructions.shape[i.index()].to_text(),
                "op_name": m.instructions.metadata[i.index()].op_name,
                "source": m.source_line(i),
                "text": instruction_text(m, i, PrintOptions::long()),
                "count": n.count,
                "group": n.group.map(|f| m.name(f).to_owned()),
                "boundary": n.boundary,
                "fusion": m.opcode(i) == "fusion",
                "called": m.called(i).iter().map(|c| m.computations.name[c.index()].as_str()).collect::<Vec<_>>(),
                "x": tenth(x), "y": tenth(y),
                "w": node_size(m, n).0,
                "h": node_size(m, n).1,
            })
        })
        .collect();
    let edges: Vec<Value> = l
        .edges
        .iter()
        .map(|r| {
            let e = g.edges[r.edge as usize];
            let points: Vec<[f64; 2]> = r
                .points
                .iter()
                .map(|&(x, y)| [tenth(x), tenth(y)])
                .collect();
            json!({"from": e.from, "to": e.to, "control": e.control, "points": points})
        })
        .collect();
    json!({
        "module": m.display_name(),
        "center": g.center,
        "nodes": nodes,
        "edges": edges,
        "expanded": g.expanded.iter().map(|&f| m.name(f)).collect::<Vec<_>>(),
        "width": tenth(l.size.0),
        "height": tenth(l.size.1),
    })
}
