//! What the HLO view does with a module read from a dropped file, through the same
//! `HloService` requests the page makes: the module list, the op list, the short and long
//! text, the overview graph, and around one instruction the neighbourhood graph, the XProf
//! graph as DOT, `runs_as`, `find` and the kernel (of a custom call). Every request answers
//! `Ok` or a one-line `Err`; a panic, hang or blow-up is a finding.

use planeview::hlo::service::HloService;
use planeview::model::HloModuleBlob;
use serde_json::{Value, json};

/// Reads `bytes` as an HLO module file and makes every request of the HLO view on it.
pub fn exercise(bytes: &[u8]) {
    let blob = HloModuleBlob {
        name: "fuzz".into(),
        program_id: None,
        proto: bytes.to_vec(),
    };
    let service = HloService::new(std::slice::from_ref(&blob));
    let ask = |req: Value| service.request(&req);
    assert!(ask(json!({"op": "modules"})).is_ok());
    let Ok(Value::Array(ops)) = ask(json!({"op": "ops", "module": 0})) else {
        return;
    };
    let _ = ask(json!({"op": "text", "module": 0, "long": false}));
    let _ = ask(json!({"op": "text", "module": 0, "long": true}));
    let _ = ask(json!({"op": "graph", "module": 0, "center": null}));
    let Some(op) = ops.get(ops.len() / 2) else {
        return;
    };
    let name = op["name"].as_str().expect("every op has a name");
    let _ = ask(json!({"op": "graph", "module": 0, "center": name, "radius": 2, "expand": [name]}));
    let _ = ask(json!({"op": "dot", "module": 0, "center": name, "radius": 2}));
    // Names are unique: a listed op is found by its name.
    assert!(
        ask(json!({"op": "runs_as", "module": 0, "name": name})).is_ok(),
        "op {name:?} not found by name"
    );
    let found = ask(json!({"op": "find", "program_id": null, "module": null, "name": name}));
    assert_eq!(found.ok(), Some(json!({"module": 0})), "find {name:?}");
    let _ = ask(json!({"op": "kernel", "module": 0, "name": name, "locs": false}));
}
