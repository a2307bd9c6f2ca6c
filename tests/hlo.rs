//! HLO model: HloProto vs HLO text agreement, XProf `short_txt` parity, robustness.
#![allow(clippy::disallowed_methods)]

mod common;

use planeview::hlo::{HloModule, PrintOptions, module_text};
use planeview::import::import_bytes;
use std::path::{Path, PathBuf};

/// Every xplane we can find: `tests/data/xplane/*` and the corpus xplanes.
fn xplanes() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = Vec::new();
    let mut dirs = vec![common::data_dir("xplane")];
    if let Some(c) = common::corpus_dir() {
        dirs.push(c.join("xplane"));
    }
    for d in dirs {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        let mut files: Vec<PathBuf> = rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.to_string_lossy().contains(".xplane.pb"))
            .collect();
        files.sort();
        v.extend(files);
    }
    v
}

/// `jax_cpu_mlp_small` from `.../jax_cpu_mlp_small.xplane.pb[.gz]`.
fn profile_name(p: &Path) -> String {
    let f = p.file_name().unwrap().to_string_lossy();
    f.split(".xplane").next().unwrap().to_owned()
}

#[test]
fn short_text_matches_xprof_graph_viewer() {
    let Some(corpus) = common::corpus_dir() else {
        return;
    };
    let mut compared = 0;
    let mut failures = Vec::new();
    for path in xplanes() {
        let oracle = corpus.join("oracle").join(profile_name(&path));
        let imported = import_bytes(&common::read(&path)).unwrap();
        for blob in &imported.trace.metadata.hlo_modules {
            let m = HloModule::from_blob(blob).unwrap();
            let want = oracle.join(format!("graph_viewer.{}.short_txt.txt", m.display_name()));
            let Ok(expected) = std::fs::read_to_string(&want) else {
                continue;
            };
            compared += 1;
            let actual = module_text(&m, PrintOptions::short());
            if actual != expected {
                let line = expected
                    .lines()
                    .zip(actual.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or(0);
                failures.push(format!(
                    "{}: line {}\n  expected: {:?}\n  actual:   {:?}",
                    want.display(),
                    line + 1,
                    expected.lines().nth(line),
                    actual.lines().nth(line)
                ));
            }
        }
    }
    assert!(compared > 0, "no oracle short_txt found");
    assert!(
        failures.is_empty(),
        "{} of {compared} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `(name, opcode, shape, operands, called computations, control predecessors)`.
type Node = (
    String,
    String,
    String,
    Vec<String>,
    Vec<String>,
    Vec<String>,
);

/// Every instruction as a [`Node`], sorted by name.
fn graph(m: &HloModule) -> Vec<Node> {
    let mut v: Vec<_> = (0..m.instructions.len())
        .map(|i| {
            let id = planeview::hlo::InstrId(i as u32);
            (
                m.name(id).to_owned(),
                m.opcode(id).to_owned(),
                m.instructions.shape[i].to_text(),
                m.operands(id)
                    .iter()
                    .map(|&o| m.name(o).to_owned())
                    .collect(),
                m.called(id)
                    .iter()
                    .map(|c| m.computations.name[c.index()].clone())
                    .collect(),
                m.control_predecessors(id)
                    .iter()
                    .map(|&o| m.name(o).to_owned())
                    .collect(),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn hlo_proto_and_text_give_the_same_graph() {
    let Some(corpus) = common::corpus_dir() else {
        return;
    };
    let mut pairs = 0;
    for entry in std::fs::read_dir(corpus.join("hlo")).unwrap() {
        let pb = entry.unwrap().path();
        let Some(stem) = pb.to_str().and_then(|s| s.strip_suffix(".hlo.pb")) else {
            continue;
        };
        let txt = PathBuf::from(format!("{stem}.txt"));
        let from_proto = HloModule::from_bytes(&common::read(&pb)).unwrap();
        let from_text = HloModule::from_bytes(&common::read(&txt)).unwrap();
        assert_eq!(graph(&from_proto), graph(&from_text), "{}", pb.display());
        assert_eq!(from_proto.name, from_text.name);
        let entry_name = |m: &HloModule| m.entry.map(|c| m.computations.name[c.index()].clone());
        assert_eq!(entry_name(&from_proto), entry_name(&from_text));
        // Printing the proto in the long form gives the dump's computations back (the
        // dump lists them in the compiler's order, which the proto does not keep).
        let printed = module_text(&from_proto, PrintOptions::long());
        let dump = String::from_utf8(common::read(&txt)).unwrap();
        let blocks = |s: &str| -> Vec<String> {
            let mut v: Vec<String> = Vec::new();
            let mut cur: Option<String> = None;
            for l in s.lines() {
                if (l.starts_with('%') || l.starts_with("ENTRY")) && l.ends_with('{') {
                    cur = Some(String::new());
                }
                if let Some(c) = cur.as_mut() {
                    c.push_str(l);
                    c.push('\n');
                }
                if l == "}" {
                    v.extend(cur.take());
                }
            }
            v.sort();
            v
        };
        let (a, b) = (blocks(&printed), blocks(&dump));
        assert_eq!(a.len(), b.len(), "{}", pb.display());
        for (x, y) in a.iter().zip(&b) {
            if let Some(k) = x.lines().zip(y.lines()).position(|(p, q)| p != q) {
                panic!(
                    "{}:\n  printed: {}\n  dump:    {}",
                    pb.display(),
                    x.lines().nth(k).unwrap(),
                    y.lines().nth(k).unwrap()
                );
            }
            assert_eq!(x, y, "{}", pb.display());
        }
        pairs += 1;
    }
    assert!(pairs >= 4, "found {pairs} HloProto/text pairs");
}

#[test]
fn expression_matches_xprof_hlo_stats() {
    let Some(corpus) = common::corpus_dir() else {
        return;
    };
    let path = common::data_dir("xplane").join("tpu_inference_2.xplane.pb");
    let oracle = corpus.join("oracle/tpu_inference_2/hlo_stats.json");
    let table: serde_json::Value = serde_json::from_slice(&common::read(&oracle)).unwrap();
    let imported = import_bytes(&common::read(&path)).unwrap();
    let modules: Vec<HloModule> = imported
        .trace
        .metadata
        .hlo_modules
        .iter()
        .map(|b| HloModule::from_blob(b).unwrap())
        .collect();
    let cols: Vec<&str> = table["cols"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    let col = |name: &str| cols.iter().position(|c| *c == name).unwrap();
    let (pid, op, expr, cat) = (
        col("program_id"),
        col("hlo_op_name"),
        col("hlo_op_expression"),
        col("category"),
    );
    let mut rows = 0;
    for row in table["rows"].as_array().unwrap() {
        let v = |k: usize| row["c"][k]["v"].as_str().unwrap_or_default().to_owned();
        let m = modules
            .iter()
            .find(|m| m.program_id.map(|p| p.to_string()) == Some(v(pid)))
            .unwrap();
        let i = m.instruction(&v(op)).unwrap();
        assert_eq!(
            planeview::hlo::instruction_text(m, i, PrintOptions::expression()),
            v(expr)
        );
        assert_eq!(planeview::hlo::category(m, i), v(cat));
        rows += 1;
    }
    assert!(rows > 0);
}
