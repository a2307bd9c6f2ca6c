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
    assert!(pairs >= 2, "found {pairs} HloProto/text pairs");
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

/// Cuts and flipped bytes give a module or an error, never a panic.
#[test]
fn damaged_hlo_files_do_not_panic() {
    for entry in std::fs::read_dir(common::data_dir("hlo")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        let bytes = common::read(&path);
        let step = (bytes.len() / 64).max(1);
        for cut in (0..bytes.len()).step_by(step) {
            let _ = HloModule::from_bytes(&bytes[..cut]);
            let _ = import_bytes(&bytes[..cut]);
        }
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..64 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mut damaged = bytes.clone();
            let k = (state % bytes.len() as u64) as usize;
            damaged[k] ^= (state >> 32) as u8 | 1;
            if let Ok(m) = HloModule::from_bytes(&damaged) {
                // Whatever was read can be printed and drawn.
                let _ = module_text(&m, PrintOptions::long());
                if let Some(e) = m.entry {
                    let _ = planeview::hlo::graph::overview(&m, e, 50);
                }
            }
        }
    }
}

fn planeview(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_planeview"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn cli_hlo_follows_the_contract() {
    let tpu = common::data_dir("xplane").join("tpu_inference_2.xplane.pb");
    let tpu = tpu.to_str().unwrap();
    // Several modules and no --module: they are listed.
    let (code, out, _) = planeview(&["hlo", tpu]);
    assert_eq!(code, 0);
    assert!(out.contains("jit_f(12190760917235803885)"), "{out}");
    // By name, by program id, by name(program_id): the same module.
    let by_name = planeview(&["hlo", tpu, "--module", "jit_f"]).1;
    assert!(by_name.starts_with("HloModule jit_f, is_scheduled=true"));
    assert_eq!(
        planeview(&["hlo", tpu, "--module", "12190760917235803885"]).1,
        by_name
    );
    assert_eq!(
        planeview(&["hlo", tpu, "--module", "jit_f(12190760917235803885)"]).1,
        by_name
    );
    // Unknown module or op: exit 1 with candidates.
    let (code, _, err) = planeview(&["hlo", tpu, "--module", "nope"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("candidates: jit__psum(9646411105960254074)"),
        "{err}"
    );
    let (code, _, err) = planeview(&["hlo", tpu, "--module", "jit_f", "--op", "fusion.9"]);
    assert_eq!(code, 1);
    assert!(err.contains("broadcast_add_fusion"), "{err}");
    // JSON restricted to the neighbourhood.
    let (code, out, _) = planeview(&[
        "hlo",
        tpu,
        "--module",
        "jit_f",
        "--op",
        "copy-done.2",
        "--radius",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["module"], "jit_f(12190760917235803885)");
    let names: Vec<&str> = v["computations"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["instructions"].as_array().unwrap())
        .map(|i| i["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["copy-start.2", "copy-done.2", "broadcast_add_fusion.1"]
    );
    let first = &v["computations"][0]["instructions"][1];
    assert_eq!(first["operands"], serde_json::json!(["copy-start.2"]));
    // DOT of a neighbourhood: the centre fusion drawn expanded.
    let (code, out, _) = planeview(&[
        "hlo",
        tpu,
        "--module",
        "jit_f",
        "--op",
        "broadcast_add_fusion.1",
        "--format",
        "dot",
    ]);
    assert_eq!(code, 0);
    assert!(out.starts_with("digraph G {"));
    assert!(out.contains("Fused expression for <b>broadcast_add_fusion.1</b>"));
    assert!(out.contains("tooltip=\"copy-start.2 -> copy-done.2\""));
    // A standalone HLO file: one module, no --module needed; long text has metadata.
    let txt = common::data_dir("hlo").join("jit_attention.cpu_after_optimizations.txt");
    let (code, out, _) = planeview(&["hlo", txt.to_str().unwrap(), "--format", "long-text"]);
    assert_eq!(code, 0);
    assert!(out.contains("metadata={op_name=\"jit(attention)/reduce_max\" stack_frame_id=2}"));
    let (code, out, _) = planeview(&["summary", txt.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["format"], "hlo");
    assert!(v["events"].as_u64().unwrap() > 10);
}

/// A synthetic scheduled-looking module of `n` instructions: each uses one or two recent
/// values, with a parameter every 50 and a fusion every 10.
fn synthetic_module(n: usize) -> String {
    let mut s = String::from(
        "HloModule big\n\nfused {\n  p0 = f32[8]{0} parameter(0)\n  ROOT e = f32[8]{0} exponential(p0)\n}\n\nENTRY main {\n",
    );
    for i in 0..n {
        let line = if i % 50 == 0 {
            format!("  v{i} = f32[8]{{0}} parameter({})\n", i / 50)
        } else if i % 10 == 0 {
            format!(
                "  v{i} = f32[8]{{0}} fusion(v{}), kind=kLoop, calls=fused\n",
                i - 1
            )
        } else {
            let a = i - 1 - (i * 7919) % 3.min(i);
            let b = i - 1 - (i * 104729) % 17.min(i);
            format!("  v{i} = f32[8]{{0}} add(v{a}, v{b})\n")
        };
        s.push_str(&line);
    }
    s.push_str(&format!("  ROOT r = f32[8]{{0}} negate(v{})\n}}\n", n - 1));
    s
}

#[test]
fn layout_budgets() {
    let m = HloModule::from_bytes(synthetic_module(5000).as_bytes()).unwrap();
    assert_eq!(m.instructions.len(), 5003);
    let t = std::time::Instant::now();
    let g = planeview::hlo::graph::overview(&m, m.entry.unwrap(), 1500);
    let overview = t.elapsed();
    assert!(!g.nodes.is_empty() && g.nodes.len() <= 5001);
    let center = m.instruction("v2500").unwrap();
    let t = std::time::Instant::now();
    let g = planeview::hlo::graph::neighborhood(&m, center, 8, &[]);
    let hood = t.elapsed();
    eprintln!(
        "overview of 5000 instructions: {} nodes in {overview:?}; neighbourhood: {} nodes in {hood:?}",
        m.entry.map_or(0, |e| m.instructions_of(e).len()),
        g.nodes.len()
    );
    // Generous bounds for an unoptimised test build; the release numbers are in the report.
    assert!(overview.as_secs_f64() < 10.0 && hood.as_secs_f64() < 5.0);
}
