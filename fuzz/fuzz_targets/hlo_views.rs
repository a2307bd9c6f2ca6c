//! What the HLO view does with a module read from a dropped file, through the same
//! `HloService` requests the page makes: the module list, the op list, the short and long
//! text, the overview graph, and around a few instructions the neighbourhood graph, the
//! XProf graph as DOT, `runs_as` and, for custom calls, the kernel. Every request answers
//! `Ok` or a one-line `Err`; a panic, hang or blow-up is a finding.

use planeview::hlo::HloModule;
use planeview::hlo::service::HloService;
use planeview::model::HloModuleBlob;
use serde_json::json;

/// Reads `bytes` as an HLO module file and makes every request of the HLO view on it.
pub fn exercise(bytes: &[u8]) {
    let Ok(m) = HloModule::from_bytes(bytes) else {
        return;
    };
    // Names are unique: each one looks itself up.
    for (k, name) in m.instructions.name.iter().enumerate() {
        assert!(
            m.instruction(name).is_some(),
            "instruction {k} ({name:?}) not found by name"
        );
    }
    let blob = HloModuleBlob {
        name: "fuzz".into(),
        program_id: None,
        proto: bytes.to_vec(),
    };
    let service = HloService::new(std::slice::from_ref(&blob));
    let ask = |req: serde_json::Value| {
        let _ = service.request(&req);
    };
    ask(json!({"op": "modules"}));
    ask(json!({"op": "ops", "module": 0}));
    ask(json!({"op": "text", "module": 0, "long": false}));
    ask(json!({"op": "text", "module": 0, "long": true}));
    ask(json!({"op": "graph", "module": 0, "center": null}));
    let n = m.instructions.len();
    let mut picked: Vec<usize> = [0, n / 2, n.saturating_sub(1)]
        .into_iter()
        .filter(|&i| i < n)
        .collect();
    picked.dedup();
    for i in picked {
        let name = &m.instructions.name[i];
        ask(json!({"op": "graph", "module": 0, "center": name, "radius": 2, "expand": [name]}));
        ask(json!({"op": "dot", "module": 0, "center": name, "radius": 2}));
        ask(json!({"op": "runs_as", "module": 0, "name": name}));
        ask(json!({"op": "find", "program_id": null, "module": null, "name": name}));
        if !m.instructions.custom_call_target[i].is_empty() {
            ask(json!({"op": "kernel", "module": 0, "name": name, "locs": false}));
        }
    }
}
