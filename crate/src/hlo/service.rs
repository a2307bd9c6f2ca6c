//! The HLO requests the page makes, answered from a profile's modules: one JSON request in,
//! one JSON document out, so the Wasm shell stays a thin pass-through.
//!
//! Requests (`op` selects):
//! - `{"op":"modules"}` → `[{"index","name","program_id","display","instructions","error"}]`
//! - `{"op":"ops","module":i}` → `[{"name","opcode","category","computation"}]` (print order)
//! - `{"op":"graph","module":i,"center":name|null,"radius":n,"expand":[names]}` → the drawing
//!   JSON of [`super::export::to_view_json`]; without `center`, the entry computation's
//!   overview (chains collapsed past [`OVERVIEW_LIMIT`] nodes)
//! - `{"op":"text","module":i,"long":bool}` → `{"text"}` (XProf short / long form)
//! - `{"op":"dot", ...same as graph}` → `{"text"}`
//! - `{"op":"find","program_id":s|null,"module":name|null,"name":op}` → `{"module": i|null}`:
//!   the module holding instruction `op` (for a timeline slice)

use super::export::{to_dot, to_view_json};
use super::graph::{HloGraph, neighborhood, overview};
use super::model::HloModule;
use super::print::{PrintOptions, module_text};
use crate::model::HloModuleBlob;
use serde_json::{Value, json};

/// Largest overview drawn without collapsing chains.
pub const OVERVIEW_LIMIT: usize = 1500;
/// Largest radius accepted.
const MAX_RADIUS: u64 = 50;

/// The modules of one profile, decoded once.
#[derive(Debug)]
pub struct HloService {
    modules: Vec<Result<HloModule, String>>,
    names: Vec<String>,
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
        }
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
                Ok(to_view_json(m, &self.graph(m, req)?))
            }
            "dot" => {
                let m = self.module(req)?;
                Ok(json!({"text": to_dot(m, &self.graph(m, req)?)}))
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
                let radius = req["radius"].as_u64().unwrap_or(3).min(MAX_RADIUS) as u32;
                Ok(neighborhood(m, c, radius, &expand))
            }
            None => {
                let e = m.entry.ok_or("the module has no entry computation")?;
                Ok(overview(m, e, OVERVIEW_LIMIT))
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(s.request(&json!({"op": "graph", "module": 3})).is_err());
        assert!(s.request(&json!({"op": "nope"})).is_err());
    }
}
