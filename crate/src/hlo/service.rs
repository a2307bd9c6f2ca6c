//! The HLO requests the page makes, answered from a profile's modules: one JSON request in,
//! one JSON document out, so the Wasm shell stays a thin pass-through.
//!
//! Requests (`op` selects):
//! - `{"op":"modules"}` → `[{"index","name","program_id","display","instructions","error"}]`
//! - `{"op":"ops","module":i}` → `[{"name","opcode","category","computation"}]` (print order)
//! - `{"op":"graph","module":i,"center":name|null,"radius":n,"expand":[names]}` → the drawing
//!   JSON of [`super::export::to_view_json`]; without `center`, the entry computation's
//!   overview (chains collapsed past [`OVERVIEW_LIMIT`] nodes). Added here: the module's
//!   `program_id`, and per node `kernel` (the kind of kernel behind a custom call, else null),
//!   `runs_as` (see below) and `measured` (see below)
//! - `{"op":"runs_as","module":i,"name":op}` → `{"name","fusion"}`: the instruction whose
//!   slices the timeline shows for `op` (below)
//! - `{"op":"text","module":i,"long":bool}` → `{"text"}` (XProf short / long form)
//! - `{"op":"dot", ...same as graph}` → `{"text"}`; around a `center`, the neighbourhood XProf's
//!   graph viewer draws ([`super::xprof_graph`]; `expand` is not used), else the overview
//! - `{"op":"find","program_id":s|null,"module":name|null,"name":op}` → `{"module": i|null}`:
//!   the module holding instruction `op` (for a timeline slice)
//! - `{"op":"kernel","module":i,"name":op,"locs":bool}` → `{"name","target","kind","text"}`:
//!   the MLIR of the kernel behind custom call `op` (bytecode printed in generic form, text as
//!   written)
//!
//! Measurements: a service made with [`HloService::from_trace`] matches each node to the
//! profile's HLO op statistics ([`crate::analysis::hlo_stats`], by program id and op name).
//! `measured` is `{"total_time_us","self_time_us","occurrences","of"}`: `of` is null when the
//! numbers are the op's own, or the name of the enclosing fusion whose numbers an instruction
//! inside a fused computation shows (fused instructions do not run on their own); null when
//! neither has a row.
//!
//! Slices: an instruction inside a fused computation never runs as a slice of its own; the
//! outermost fusion around it does. `runs_as` names that fusion (`fusion: true`), or the
//! instruction itself (`fusion: false`) outside fusions; a graph node's `runs_as` is the fusion's
//! name, or null for an instruction that runs as itself.

use super::export::{to_dot, to_view_json};
use super::graph::{HloGraph, neighborhood, overview};
use super::model::{HloModule, InstrId};
use super::print::{PrintOptions, module_text};
use crate::model::{HloModuleBlob, Trace};
use hashbrown::HashMap;
use serde_json::{Value, json};

/// Largest overview drawn without collapsing chains.
pub const OVERVIEW_LIMIT: usize = 1500;
/// Largest radius accepted.
const MAX_RADIUS: u64 = 50;

/// An op's measured numbers, from one HLO op statistics row.
#[derive(Clone, Debug, PartialEq)]
struct Measured {
    total_time_us: f64,
    self_time_us: f64,
    occurrences: u64,
}

/// The modules of one profile, decoded once, with the profile's op measurements.
#[derive(Debug)]
pub struct HloService {
    modules: Vec<Result<HloModule, String>>,
    names: Vec<String>,
    /// (program id, op name) → numbers; empty without a profile with timing.
    measured: HashMap<(String, String), Measured>,
}

impl HloService {
    /// Decodes every module blob; one that fails keeps its error message.
    pub fn new(blobs: &[HloModuleBlob]) -> HloService {
        HloService {
            modules: blobs
                .iter()
                .map(|b| HloModule::from_blob(b).map_err(|e| e.to_string()))
                .collect(),
            names: blobs.iter().map(|b| b.name.clone()).collect(),
            measured: HashMap::new(),
        }
    }

    /// The modules of `trace` with its measurements (XProf's HLO op statistics).
    pub fn from_trace(trace: &Trace) -> HloService {
        let mut s = HloService::new(&trace.metadata.hlo_modules);
        for r in crate::analysis::hlo_stats::hlo_stats(trace) {
            s.measured.insert(
                (r.program_id, r.hlo_op_name),
                Measured {
                    total_time_us: r.total_time,
                    self_time_us: r.total_self_time,
                    occurrences: r.occurrences,
                },
            );
        }
        s
    }

    /// Answers one request; an `Err` is a one-line message.
    pub fn request(&self, req: &Value) -> Result<Value, String> {
        match req["op"].as_str().unwrap_or("") {
            "modules" => Ok(self.list()),
            "ops" => {
                let m = self.module(req)?;
                Ok(Value::Array(
                    (0..m.instructions.len())
                        .map(|k| {
                            let i = super::InstrId(k as u32);
                            json!({
                                "name": m.name(i),
                                "opcode": m.opcode(i),
                                "category": super::category(m, i),
                                "computation": m.computations.name[m.computation_of(i).index()],
                            })
                        })
                        .collect(),
                ))
            }
            "graph" => {
                let m = self.module(req)?;
                let mut v = to_view_json(m, &self.graph(m, req)?);
                self.annotate(m, &mut v);
                Ok(v)
            }
            "kernel" => {
                let m = self.module(req)?;
                kernel(m, req)
            }
            "dot" => {
                let m = self.module(req)?;
                let g = match req["center"].as_str() {
                    Some(name) => {
                        let c = super::select_instruction(m, name).map_err(|e| e.to_string())?;
                        super::xprof_graph::xprof_neighborhood(m, c, radius(req))
                    }
                    None => self.graph(m, req)?,
                };
                Ok(json!({"text": to_dot(m, &g)}))
            }
            "text" => {
                let m = self.module(req)?;
                let o = if req["long"].as_bool().unwrap_or(false) {
                    PrintOptions::long()
                } else {
                    PrintOptions::short()
                };
                Ok(json!({"text": module_text(m, o)}))
            }
            "find" => Ok(json!({"module": self.find(req)})),
            "runs_as" => {
                let m = self.module(req)?;
                let name = req["name"].as_str().ok_or("the request names no op")?;
                let i = m
                    .instruction(name)
                    .ok_or_else(|| format!("no instruction {name:?} in {}", m.display_name()))?;
                let f = outermost_fusion(m, i);
                Ok(json!({"name": m.name(f.unwrap_or(i)), "fusion": f.is_some()}))
            }
            other => Err(format!("unknown HLO request {other:?}")),
        }
    }

    fn list(&self) -> Value {
        Value::Array(
            self.modules
                .iter()
                .enumerate()
                .map(|(k, m)| match m {
                    Ok(m) => json!({
                        "index": k,
                        "name": m.name,
                        "program_id": m.program_id.map(|p| p.to_string()),
                        "display": m.display_name(),
                        "instructions": m.instructions.len(),
                        "error": null,
                    }),
                    Err(e) => json!({
                        "index": k, "name": self.names[k], "program_id": null,
                        "display": self.names[k], "instructions": 0, "error": e,
                    }),
                })
                .collect(),
        )
    }

    fn module(&self, req: &Value) -> Result<&HloModule, String> {
        let k = req["module"]
            .as_u64()
            .ok_or("the request names no module")? as usize;
        match self.modules.get(k) {
            Some(Ok(m)) => Ok(m),
            Some(Err(e)) => Err(e.clone()),
            None => Err(format!("no module {k}")),
        }
    }

    fn graph(&self, m: &HloModule, req: &Value) -> Result<HloGraph, String> {
        let expand: Vec<super::InstrId> = req["expand"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().and_then(|n| m.instruction(n)))
                    .collect()
            })
            .unwrap_or_default();
        match req["center"].as_str() {
            Some(name) => {
                let c = super::select_instruction(m, name).map_err(|e| e.to_string())?;
                Ok(neighborhood(m, c, radius(req), &expand))
            }
            None => {
                let e = m.entry.ok_or("the module has no entry computation")?;
                Ok(overview(m, e, OVERVIEW_LIMIT))
            }
        }
    }

    /// Adds `program_id`, and per node `kernel` and `measured` (module doc).
    fn annotate(&self, m: &HloModule, view: &mut Value) {
        let pid = m.program_id.map(|p| p.to_string());
        view["program_id"] = json!(pid);
        let Some(nodes) = view["nodes"].as_array_mut() else {
            return;
        };
        for n in nodes {
            let Some(i) = n["name"].as_str().and_then(|name| m.instruction(name)) else {
                continue;
            };
            n["kernel"] = json!(super::mlir_kernel(m, i).map(|k| k.kind));
            n["runs_as"] = json!(outermost_fusion(m, i).map(|f| m.name(f)));
            n["measured"] = pid
                .as_ref()
                .and_then(|p| self.measured_of(m, p, i))
                .unwrap_or(Value::Null);
        }
    }

    /// The numbers of `i`, or of the fusion around it (module doc).
    fn measured_of(&self, m: &HloModule, pid: &str, i: InstrId) -> Option<Value> {
        let look = |x: InstrId| self.measured.get(&(pid.to_owned(), m.name(x).to_owned()));
        let (row, of) = match look(i) {
            Some(r) => (r, None),
            None => {
                let mut f = m.enclosing_fusion(i)?;
                // Nested fusions: the outermost one with a row.
                let mut depth = 0;
                loop {
                    if let Some(r) = look(f) {
                        break (r, Some(f));
                    }
                    f = m.enclosing_fusion(f)?;
                    depth += 1;
                    if depth > 64 {
                        return None;
                    }
                }
            }
        };
        Some(json!({
            "total_time_us": row.total_time_us,
            "self_time_us": row.self_time_us,
            "occurrences": row.occurrences,
            "of": of.map(|f| m.name(f)),
        }))
    }

    /// The first module whose program id (or else name) matches and that holds `name`.
    fn find(&self, req: &Value) -> Option<usize> {
        let name = req["name"].as_str()?;
        let pid = req["program_id"].as_str();
        let module = req["module"].as_str();
        self.modules.iter().position(|m| {
            let Ok(m) = m else { return false };
            let matches = match (pid, module) {
                (Some(p), _) => m.program_id.map(|x| x.to_string()).as_deref() == Some(p),
                (None, Some(n)) => m.name == n,
                (None, None) => true,
            };
            matches && m.instruction(name).is_some()
        })
    }
}

/// The outermost fusion instruction around `i` (the one that runs as a slice), or None when `i`
/// is not inside a fused computation.
fn outermost_fusion(m: &HloModule, i: InstrId) -> Option<InstrId> {
    let mut f = m.enclosing_fusion(i)?;
    // Bounded: a malformed module could make fusions call each other.
    for _ in 0..64 {
        match m.enclosing_fusion(f) {
            Some(outer) => f = outer,
            None => break,
        }
    }
    Some(f)
}

/// The request's `radius` (default 3, at most [`MAX_RADIUS`]).
fn radius(req: &Value) -> u32 {
    req["radius"].as_u64().unwrap_or(3).min(MAX_RADIUS) as u32
}

/// The `kernel` request: the MLIR of the kernel behind a custom call.
fn kernel(m: &HloModule, req: &Value) -> Result<Value, String> {
    let name = req["name"].as_str().ok_or("the request names no op")?;
    let i = m
        .instruction(name)
        .ok_or_else(|| format!("no instruction {name:?} in {}", m.display_name()))?;
    let k = super::mlir_kernel(m, i).ok_or_else(|| {
        format!("{name} is not a custom call with a kernel (tpu_custom_call, Triton, Mosaic GPU)")
    })?;
    let locs = req["locs"].as_bool().unwrap_or(false);
    let text = k
        .text(&crate::mlir::PrintOptions { locs })
        .map_err(|e| format!("kernel of {name}: {e}"))?;
    Ok(json!({
        "name": name,
        "target": m.instructions.custom_call_target[i.index()],
        "kind": k.kind,
        "text": text,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fused_instruction_runs_as_its_outermost_fusion() {
        let text = "HloModule m\n\ninner {\n  x = f32[2]{0} parameter(0)\n  ROOT e = f32[2]{0} exponential(x)\n}\n\nouter {\n  y = f32[2]{0} parameter(0)\n  ROOT f = f32[2]{0} fusion(y), kind=kLoop, calls=inner\n}\n\nENTRY main {\n  p = f32[2]{0} parameter(0)\n  ROOT g = f32[2]{0} fusion(p), kind=kLoop, calls=outer\n}\n";
        let s = HloService::new(&[HloModuleBlob {
            name: "m".into(),
            program_id: None,
            proto: text.as_bytes().to_vec(),
        }]);
        let runs_as = |name: &str| s.request(&json!({"op": "runs_as", "module": 0, "name": name}));
        assert_eq!(runs_as("e").unwrap(), json!({"name": "g", "fusion": true}));
        assert_eq!(runs_as("f").unwrap(), json!({"name": "g", "fusion": true}));
        assert_eq!(runs_as("g").unwrap(), json!({"name": "g", "fusion": false}));
        assert!(runs_as("nope").is_err());
        let g = s
            .request(&json!({"op": "graph", "module": 0, "center": "g", "radius": 1, "expand": ["g", "f"]}))
            .unwrap();
        let node = |name: &str| {
            g["nodes"]
                .as_array()
                .unwrap()
                .iter()
                .find(|n| n["name"] == name)
                .cloned()
        };
        // Both fusions expanded: the innermost body is drawn, each node naming the outer fusion.
        assert_eq!(node("e").unwrap()["runs_as"], "g");
        assert_eq!(node("x").unwrap()["runs_as"], "g");
        let top = s
            .request(&json!({"op": "graph", "module": 0, "center": "g", "radius": 1}))
            .unwrap();
        let g_node = top["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|n| n["name"] == "g");
        assert_eq!(g_node.unwrap()["runs_as"], Value::Null);
    }

    #[test]
    fn answers_module_ops_graph_and_text_requests() {
        let text = "HloModule m\n\nENTRY main {\n  p = f32[2]{0} parameter(0)\n  n = f32[2]{0} negate(p)\n  ROOT a = f32[2]{0} add(n, p)\n}\n";
        let blob = HloModuleBlob {
            name: "m".into(),
            program_id: Some(7),
            proto: text.as_bytes().to_vec(),
        };
        let s = HloService::new(&[blob]);
        let list = s.request(&json!({"op": "modules"})).unwrap();
        assert_eq!(list[0]["display"], "m(7)");
        let ops = s.request(&json!({"op": "ops", "module": 0})).unwrap();
        assert_eq!(ops.as_array().unwrap().len(), 3);
        let g = s
            .request(&json!({"op": "graph", "module": 0, "center": "n", "radius": 1}))
            .unwrap();
        assert_eq!(g["nodes"].as_array().unwrap().len(), 3);
        assert_eq!(
            g["nodes"][g["center"].as_u64().unwrap() as usize]["name"],
            "n"
        );
        let t = s.request(&json!({"op": "text", "module": 0})).unwrap();
        assert!(t["text"].as_str().unwrap().starts_with("HloModule m\n"));
        let f = s
            .request(&json!({"op": "find", "program_id": "7", "name": "a"}))
            .unwrap();
        assert_eq!(f["module"], 0);
        let r = s
            .request(&json!({"op": "runs_as", "module": 0, "name": "n"}))
            .unwrap();
        assert_eq!(r, json!({"name": "n", "fusion": false}));
        assert!(g["nodes"][0]["runs_as"].is_null());
        assert!(s.request(&json!({"op": "graph", "module": 3})).is_err());
        assert!(s.request(&json!({"op": "nope"})).is_err());
    }
}
