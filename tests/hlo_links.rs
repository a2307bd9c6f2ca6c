//! The graph view's links: custom call → kernel MLIR, nodes → measured numbers (HLO op
//! statistics), and DOT parity with XProf's graph viewer (node and edge sets).
#![allow(clippy::disallowed_methods)]

mod common;

use planeview::hlo::service::HloService;
use planeview::import::import_bytes;
use planeview::model::HloModuleBlob;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// An HLO text module with one `tpu_custom_call` whose `backend_config` is the one of the
/// corpus kernel `tpu_add` (taken from its StableHLO module, `\22` being MLIR's escaped quote).
fn module_with_tpu_kernel() -> String {
    let stablehlo =
        std::fs::read_to_string(common::data_dir("mlir").join("tpu_add.stablehlo.mlir")).unwrap();
    let start = stablehlo.find("backend_config = \"").unwrap() + "backend_config = \"".len();
    let len = stablehlo[start..].find('"').unwrap();
    let config = stablehlo[start..start + len].replace("\\22", "\\\"");
    format!(
        "HloModule kernels\n\nENTRY main {{\n  a = f32[256,256]{{1,0}} parameter(0)\n  b = f32[256,256]{{1,0}} parameter(1)\n  k = f32[256,256]{{1,0}} custom-call(a, b), custom_call_target=\"tpu_custom_call\", backend_config=\"{config}\"\n  ROOT n = f32[256,256]{{1,0}} negate(k)\n}}\n"
    )
}

#[test]
fn custom_call_opens_its_kernel_mlir() {
    let blob = HloModuleBlob {
        name: "kernels".into(),
        program_id: Some(1),
        proto: module_with_tpu_kernel().into_bytes(),
    };
    let s = HloService::new(&[blob]);
    let g = s
        .request(&json!({"op": "graph", "module": 0, "center": "k", "radius": 2}))
        .unwrap();
    let kinds: BTreeMap<&str, &Value> = g["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["name"].as_str().unwrap(), &n["kernel"]))
        .collect();
    assert_eq!(kinds["k"], "mosaic_tpu");
    assert_eq!(kinds["n"], &Value::Null);
    for locs in [false, true] {
        let k = s
            .request(&json!({"op": "kernel", "module": 0, "name": "k", "locs": locs}))
            .unwrap();
        let file = if locs {
            "tpu_add.generic-locs.mlir"
        } else {
            "tpu_add.generic.mlir"
        };
        let want = std::fs::read_to_string(common::data_dir("mlir").join(file)).unwrap();
        assert_eq!(k["text"].as_str().unwrap(), want, "{file}");
        assert_eq!(k["target"], "tpu_custom_call");
    }
    let err = s
        .request(&json!({"op": "kernel", "module": 0, "name": "n"}))
        .unwrap_err();
    assert!(err.contains("not a custom call with a kernel"), "{err}");
}

#[test]
fn nodes_carry_their_measured_numbers() {
    let bytes = common::read(&common::data_dir("xplane").join("tpu_inference_2.xplane.pb"));
    let imported = import_bytes(&bytes).unwrap();
    let trace = &imported.trace;
    let rows = planeview::analysis::hlo_stats::hlo_stats(trace);
    assert!(!rows.is_empty());
    let s = HloService::from_trace(trace);
    let modules = s.request(&json!({"op": "modules"})).unwrap();
    // The busiest fusion with a row: its own numbers, and its fused instructions show them.
    let row = rows
        .iter()
        .find(|r| r.category.contains("fusion") || r.hlo_op_name.contains("fusion"))
        .expect("a fusion row");
    let module = modules
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["program_id"] == row.program_id.as_str())
        .expect("the row's module")["index"]
        .clone();
    let g = s
        .request(&json!({"op": "graph", "module": module, "center": row.hlo_op_name, "radius": 1}))
        .unwrap();
    assert_eq!(g["program_id"], row.program_id.as_str());
    let fusion = g["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["name"] == row.hlo_op_name.as_str())
        .expect("the fusion node");
    assert_eq!(fusion["measured"]["occurrences"], row.occurrences);
    assert_eq!(fusion["measured"]["total_time_us"], row.total_time);
    assert_eq!(fusion["measured"]["of"], Value::Null);
    // Expanded, the fusion's body replaces it.
    let g = s
        .request(&json!({"op": "graph", "module": module, "center": row.hlo_op_name, "radius": 1, "expand": [row.hlo_op_name]}))
        .unwrap();
    let nodes = g["nodes"].as_array().unwrap();
    let inside: Vec<&Value> = nodes
        .iter()
        .filter(|n| n["group"] == row.hlo_op_name.as_str())
        .collect();
    assert!(!inside.is_empty(), "the expanded fusion shows its body");
    for n in inside {
        assert_eq!(
            n["measured"]["of"],
            row.hlo_op_name.as_str(),
            "{}",
            n["name"]
        );
        assert_eq!(n["measured"]["occurrences"], row.occurrences);
    }
}

/// Node titles and edge tooltips (`a -> b`) of a DOT text, as multisets; XProf's `ROOT`
/// marker node and its untitled edge are left out (we draw no such node).
fn dot_sets(dot: &str) -> (BTreeMap<String, usize>, BTreeMap<String, usize>) {
    let (mut nodes, mut edges) = (BTreeMap::new(), BTreeMap::new());
    for line in dot.lines() {
        if let Some((id, rest)) = line.split_once(" [label=<") {
            if id.starts_with("cluster_") || id.contains(' ') {
                continue;
            }
            let title = rest.trim_start_matches("<b>");
            let end = title.find(['<', '>']).unwrap_or(title.len());
            *nodes.entry(title[..end].to_owned()).or_insert(0) += 1;
        } else if line.contains(" -> ")
            && let Some(t) = line.split("tooltip=\"").nth(1)
        {
            let t = &t[..t.find('"').unwrap_or(t.len())];
            if !t.trim().is_empty() {
                *edges.entry(t.to_owned()).or_insert(0) += 1;
            }
        }
    }
    (nodes, edges)
}

/// Our DOT against every oracle DOT (XProf 2.24.2, `graph_width=3`) for the corpus xplanes:
/// the same node titles and edge tooltips (ids differ: XProf's are pointers).
#[test]
fn dot_node_and_edge_sets_match_xprof() {
    let Some(corpus) = common::corpus_dir() else {
        return;
    };
    let mut same = Vec::new();
    let mut differ = Vec::new();
    let mut profiles: Vec<_> = std::fs::read_dir(corpus.join("oracle"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    profiles.sort();
    for dir in profiles {
        let profile = dir.file_name().unwrap().to_string_lossy().into_owned();
        let xplane = ["xplane.pb", "xplane.pb.gz"]
            .iter()
            .map(|ext| corpus.join("xplane").join(format!("{profile}.{ext}")))
            .find(|p| p.exists());
        let Some(xplane) = xplane else { continue };
        let mut dots: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                let n = p.file_name().unwrap().to_string_lossy();
                n.starts_with("graph_viewer.") && n.ends_with(".dot")
            })
            .collect();
        if dots.is_empty() {
            continue;
        }
        dots.sort();
        let imported = import_bytes(&common::read(&xplane)).unwrap();
        let s = HloService::new(&imported.trace.metadata.hlo_modules);
        let list = s.request(&json!({"op": "modules"})).unwrap();
        for dot in dots {
            let file = dot.file_name().unwrap().to_string_lossy().into_owned();
            let module = &file["graph_viewer.".len()..file.len() - ".dot".len()];
            let oracle = std::fs::read_to_string(&dot).unwrap();
            let center = oracle
                .split("around ")
                .nth(1)
                .unwrap()
                .split("<br/>")
                .next()
                .unwrap();
            // `<module>.dot`, or `<module>.<op>.dot` for an extra oracle around a second op.
            let index = list
                .as_array()
                .unwrap()
                .iter()
                .find(|m| {
                    let d = m["display"].as_str().unwrap();
                    module == d || module.strip_prefix(d).is_some_and(|r| r.starts_with('.'))
                })
                .map(|m| m["index"].clone())
                .unwrap_or_else(|| panic!("no module for {file}"));
            let ours = s
                .request(&json!({"op": "dot", "module": index, "center": center, "radius": 3}))
                .unwrap();
            let key = format!("{profile}/{module}");
            if dot_sets(&oracle) == dot_sets(ours["text"].as_str().unwrap()) {
                same.push(key);
            } else {
                differ.push(key);
            }
        }
    }
    eprintln!(
        "DOT node/edge sets equal to XProf's: {} of {}",
        same.len(),
        same.len() + differ.len()
    );
    assert!(!same.is_empty(), "no oracle DOT compared");
    assert!(differ.is_empty(), "DOT node/edge sets differ: {differ:?}");
}
