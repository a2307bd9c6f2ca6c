//! Crash regressions found by fuzzing (`make fuzz`): every file in `tests/data/regressions/`
//! imports without a panic, and each has a test named after what it found.

mod common;

use planeview::analysis::lod::{self, INSTANT_STRIDE, SLICE_STRIDE, Viewport};
use planeview::import::import_bytes;
use planeview::model::TrackId;

fn regression(name: &str) -> Vec<u8> {
    common::read(&common::data_dir("regressions").join(name))
}

#[test]
fn every_regression_file_imports_or_fails_cleanly() {
    let dir = common::data_dir("regressions");
    #[allow(clippy::disallowed_methods)] // tests read files; the rule is for the core
    let entries = std::fs::read_dir(&dir).unwrap();
    for entry in entries {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        // Ok or a clean error: a panic fails the test.
        let _ = import_bytes(&common::read(&path));
    }
}

/// `Viewport::scale` and `x` computed `t1 - t0` and `t - t0` in i64: a viewport wider than
/// i64::MAX overflowed (fuzz target `lod`).
#[test]
fn lod_viewport_span_overflow() {
    let imported = import_bytes(&regression("lod_viewport_span_overflow.json")).unwrap();
    let t = &imported.trace;
    let tracks: Vec<TrackId> = (0..t.tracks.len() as u32).map(TrackId).collect();
    for (t0, t1, width) in [
        (i64::MIN, i64::MAX, 1000.0),
        (i64::MIN + 1, 0, 3.0),
        (-1, i64::MAX, 1e9),
        (i64::MIN, i64::MAX, f64::MAX),
    ] {
        let view = Viewport::new(t0, t1, width).unwrap();
        let mut out = Vec::new();
        lod::render_slices(t, &tracks, view, &mut out);
        let slices: f64 = out.chunks(SLICE_STRIDE).map(|b| b[5]).sum();
        let s = &t.slices;
        let visible = (0..s.len())
            .filter(|&i| s.end(i) >= t0 && s.start[i] <= t1)
            .count();
        assert_eq!(slices as usize, visible, "{t0}..{t1}");
        for b in out.chunks(SLICE_STRIDE) {
            assert!(0.0 <= b[2] && b[2] <= b[3] && b[3] <= width, "{b:?}");
        }
        out.clear();
        lod::render_instants(t, &tracks, view, &mut out);
        let instants: f64 = out.chunks(INSTANT_STRIDE).map(|m| m[3]).sum();
        let visible = t
            .instants
            .time
            .iter()
            .filter(|&&x| x >= t0 && x <= t1)
            .count();
        assert_eq!(instants as usize, visible);
    }
}

/// `TraceBuilder::finish` rebased times with `t -= shift`: events spanning more than i64 ps
/// (Chrome `ts` of ±9e12 µs) overflowed (fuzz targets `chrome_json` and `lod`). Now they
/// saturate; both files import, and everything placed is drawable.
#[test]
fn chrome_json_rebase_overflow() {
    for name in [
        "chrome_json_rebase_overflow.json",
        "chrome_json_rebase_overflow.fuzz.json",
    ] {
        let imported = import_bytes(&regression(name)).unwrap();
        let t = &imported.trace;
        assert!(!t.slices.is_empty(), "{name}");
        let (a, b) = t.time_bounds().unwrap();
        let view = Viewport::new(a.saturating_sub(1), b.saturating_add(1), 800.0).unwrap();
        let tracks: Vec<TrackId> = (0..t.tracks.len() as u32).map(TrackId).collect();
        let mut out = Vec::new();
        lod::render_slices(t, &tracks, view, &mut out);
        let drawn: f64 = out.chunks(SLICE_STRIDE).map(|b| b[5]).sum();
        assert_eq!(drawn as usize, t.slices.len(), "{name}");
    }
}

/// Once the reader had ended (the array's `]`), the stream no longer moved its offset with
/// the chunks pushed after it, so data after the end found in a later chunk was reported at
/// the wrong byte (fuzz target `json_parts`, which read it with parts at 53, 359 and 416).
/// Read in those pieces, and in any three, it is reported where the whole file has it.
#[test]
fn json_trailing_data_after_a_later_chunk() {
    use planeview::DiagnosticKind;
    use planeview::import::ImportOptions;
    use planeview::import::chrome_json::{ChromeJsonStream, import};
    let data = regression("json_trailing_data_after_a_later_chunk.fuzz.json");
    let example = |t: &planeview::Trace| {
        t.diagnostics
            .get(DiagnosticKind::TrailingData)
            .map(|d| d.examples.clone())
    };
    let whole = example(&import(&data).unwrap());
    assert!(
        whole.as_ref().is_some_and(|e| e[0].contains("byte 364")),
        "{whole:?}"
    );
    let pieces = |cuts: &[usize]| {
        let mut s = ChromeJsonStream::new(&ImportOptions::default());
        let mut at = 0;
        for &cut in cuts.iter().chain([data.len()].iter()) {
            s.push(&data[at..cut]).unwrap();
            at = cut;
        }
        example(&s.finish().unwrap())
    };
    assert_eq!(pieces(&[53, 359, 416]), whole);
    // The same with the end inside a chunk that completes a cut event (the first 64 KiB of it
    // read with the cut event, the rest in place): the stray byte past those 64 KiB.
    let mut padded = data[..364].to_vec();
    padded.extend(std::iter::repeat_n(b' ', 100 << 10));
    padded.extend_from_slice(&data[364..]);
    let mut s = ChromeJsonStream::new(&ImportOptions::default());
    s.push(&padded[..53]).unwrap();
    s.push(&padded[53..]).unwrap();
    let far = example(&s.finish().unwrap());
    let expected = example(&import(&padded).unwrap());
    assert!(
        expected
            .as_ref()
            .is_some_and(|e| e[0].contains(&format!("byte {}", 364 + (100 << 10)))),
        "{expected:?}"
    );
    assert_eq!(far, expected);
    for a in (1..data.len()).step_by(7) {
        for b in (a..data.len()).step_by(11) {
            assert_eq!(pieces(&[a, b]), whole, "cut at {a} and {b}");
        }
    }
}

/// `TraceBuilder::finish` computed the rebase shift as `shift_ns * 1000`: an earliest time
/// near i64::MIN ps overflowed it (fuzz target `xspace`).
#[test]
fn xspace_rebase_shift_overflow() {
    let imported = import_bytes(&regression("xspace_rebase_shift_overflow.xplane.pb"));
    if let Ok(imported) = imported {
        let t = &imported.trace;
        if let Some((a, b)) = t.time_bounds() {
            let view = Viewport::new(a.saturating_sub(1), b.saturating_add(1), 800.0).unwrap();
            let tracks: Vec<TrackId> = (0..t.tracks.len() as u32).map(TrackId).collect();
            let mut out = Vec::new();
            lod::render_slices(t, &tracks, view, &mut out);
            let drawn: f64 = out.chunks(SLICE_STRIDE).map(|b| b[5]).sum();
            assert_eq!(drawn as usize, t.slices.len());
        }
    }
}

/// `read_dialects` indexed the dialect list with an op-name group's dialect number, which may
/// be 0 when the section lists no dialect (fuzz target `mlir`): now the section is malformed.
#[test]
fn mlir_op_name_without_dialect() {
    let bytes = regression("mlir_op_name_without_dialect.mlirbc");
    assert!(matches!(
        planeview::mlir::decode(&bytes),
        Err(planeview::mlir::MlirError::Malformed {
            what: "dialect section",
            ..
        })
    ));
    let err = import_bytes(&bytes).unwrap_err().to_string();
    assert!(err.contains("broken dialect section"), "{err}");
}

/// Types and attributes referring to each other as a DAG (a function type whose inputs are
/// the same type twice, that type again such a function, ...) printed in time exponential
/// in the nesting (fuzz target `kernel`, a Mosaic TPU config with mutated base64). The
/// printer now stops after its budget of bodies and marks the rest undecoded.
#[test]
fn mlir_print_shared_type_blowup() {
    let bytes = regression("mlir_print_shared_type_blowup.mlirbc");
    let module = planeview::mlir::decode(&bytes).unwrap();
    for locs in [false, true] {
        let text = module.print(&planeview::mlir::PrintOptions { locs });
        assert!(text.contains("past the printing budget"), "locs {locs}");
    }
}

/// 1,295 bytes of bytecode (fuzz target `mlir`) whose shared types and attributes printed as
/// 93 MB of text within the body budget of the time (4 Mi bodies for any module), with a
/// comment line per undecoded reference. The budget now grows with the bytecode's size and an
/// op's repeated notes print once.
#[test]
fn mlir_print_text_blowup() {
    let bytes = regression("mlir_print_text_blowup.mlirbc");
    let module = planeview::mlir::decode(&bytes).unwrap();
    for locs in [false, true] {
        let text = module.print(&planeview::mlir::PrintOptions { locs });
        assert!(text.contains("past the printing budget"), "locs {locs}");
        assert!(
            text.len() < 4 << 20,
            "locs {locs}: {} bytes printed",
            text.len()
        );
        let notes: Vec<&str> = text
            .lines()
            .filter(|l| l.trim_start().starts_with("// planeview: undecoded"))
            .collect();
        assert!(
            notes.len() < 1000,
            "locs {locs}: {} note lines",
            notes.len()
        );
        assert!(
            notes.iter().any(|l| l.ends_with(" times")),
            "repeated notes are counted"
        );
    }
}

/// `StackFrames::stack` stopped a cycle after as many *locations* as frames: frames whose
/// location id is broken never counted, so `1 {parent_frame_id=1}` looped for ever (fuzz
/// target `hlo_text`, in the HLO view's graph request). Now it counts steps.
#[test]
fn hlo_stack_frame_cycle() {
    use planeview::hlo::HloModule;
    let bytes = regression("hlo_stack_frame_cycle.hlo.txt");
    let m = HloModule::from_bytes(&bytes).unwrap();
    let frames = &m.stack_frames;
    assert_eq!(frames.frames[0], (1, 1), "frame 1 is its own parent");
    for id in 0..=frames.frames.len() as i32 + 1 {
        assert!(frames.stack(id).len() <= frames.frames.len());
    }
    let service = planeview::hlo::service::HloService::new(&[planeview::model::HloModuleBlob {
        name: "m".into(),
        program_id: None,
        proto: bytes,
    }]);
    let graph = service.request(&serde_json::json!({"op": "graph", "module": 0, "center": null}));
    assert!(graph.is_ok(), "{graph:?}");
}

/// Two fused computations whose fusions call each other: the HLO view's graph around one of
/// them, drawn expanded, expanded each body inside the other without end (a stack overflow).
/// Fuzz target `hlo_text` died of a segmentation fault without writing its input; this
/// hand-made module gives the same fault in that target. `View::add_computation` now skips
/// a computation it is already expanding.
#[test]
fn hlo_fusion_cycle() {
    let bytes = regression("hlo_fusion_cycle.hlo.txt");
    let service = planeview::hlo::service::HloService::new(&[planeview::model::HloModuleBlob {
        name: "m".into(),
        program_id: None,
        proto: bytes,
    }]);
    for name in ["p", "x", "q", "y", "a", "b"] {
        let req = serde_json::json!({"op": "graph", "module": 0, "center": name, "radius": 2, "expand": [name]});
        let graph = service.request(&req).unwrap();
        if name == "b" {
            // The entry's fusion, expanded: its body (and the body of the fusion inside it).
            assert!(graph["nodes"].as_array().unwrap().len() >= 2, "{graph}");
        }
    }
}
