//! MLIR bytecode decoding against MLIR's own prints of real kernels and of the generated
//! fixtures (`tests/data/mlir/generate.py`: aliases, every builtin encoding, registered
//! ops' properties), robustness on damaged bytecode, and kernel extraction from StableHLO
//! custom calls.
#![allow(clippy::disallowed_methods)]

mod common;

use planeview::mlir::{self, PrintOptions};
use std::path::{Path, PathBuf};

const KERNELS: [&str; 5] = [
    "tpu_add",
    "tpu_matmul",
    "triton_add",
    "triton_matmul",
    "mosaic_gpu_add",
];

fn data(name: &str) -> PathBuf {
    common::data_dir("mlir").join(name)
}

fn first_difference(expected: &str, actual: &str) -> String {
    let line = expected
        .lines()
        .zip(actual.lines())
        .position(|(a, b)| a != b)
        .unwrap_or(expected.lines().count().min(actual.lines().count()));
    format!(
        "first difference at line {}:\n  expected: {:?}\n  actual:   {:?}",
        line + 1,
        expected.lines().nth(line),
        actual.lines().nth(line)
    )
}

fn check(kernel: &str, locs: bool) {
    let bytes = common::read(&data(&format!("{kernel}.mlirbc")));
    let oracle = if locs { "generic-locs" } else { "generic" };
    let expected =
        String::from_utf8(common::read(&data(&format!("{kernel}.{oracle}.mlir")))).unwrap();
    let module = mlir::decode(&bytes).unwrap_or_else(|e| panic!("{kernel}: {e}"));
    let actual = module.print(&PrintOptions { locs });
    assert!(
        actual == expected,
        "{kernel} ({oracle}) differs from MLIR's print; {}",
        first_difference(&expected, &actual)
    );
}

#[test]
fn every_kernel_prints_like_mlir_without_locations() {
    for k in KERNELS {
        check(k, false);
    }
}

#[test]
fn every_kernel_prints_like_mlir_with_locations() {
    for k in KERNELS {
        check(k, true);
    }
}

/// Decoding and printing damaged bytecode must not panic: every sample cut at many
/// offsets and with single bytes flipped.
#[test]
fn damaged_bytecode_never_panics() {
    for k in KERNELS {
        let bytes = common::read(&data(&format!("{k}.mlirbc")));
        let step = (bytes.len() / 160).max(1);
        for cut in (0..bytes.len()).step_by(step) {
            if let Ok(m) = mlir::decode(&bytes[..cut]) {
                let _ = m.print(&PrintOptions { locs: true });
            }
        }
        for i in (0..bytes.len()).step_by(step) {
            for flip in [0x01u8, 0xFF] {
                let mut damaged = bytes.clone();
                damaged[i] ^= flip;
                if let Ok(m) = mlir::decode(&damaged) {
                    let _ = m.print(&PrintOptions { locs: false });
                    let _ = m.print(&PrintOptions { locs: true });
                }
            }
        }
    }
}

/// Random bytes after a valid header must not panic either.
#[test]
fn random_bytecode_never_panics() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for len in 0..400usize {
        let mut bytes = b"ML\xEFR".to_vec();
        bytes.push([0x01u8, 0x0D, 0x0B][len % 3]);
        bytes.extend_from_slice(b"MLIR23.0.0git\0");
        for _ in 0..len {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            bytes.push(state as u8);
        }
        if let Ok(m) = mlir::decode(&bytes) {
            let _ = m.print(&PrintOptions { locs: true });
        }
    }
}

/// A cut file is an error, not a partial print.
#[test]
fn truncated_bytecode_is_an_error() {
    let bytes = common::read(&data("tpu_add.mlirbc"));
    let err = mlir::decode(&bytes[..bytes.len() / 2]).unwrap_err();
    assert!(err.to_string().contains("MLIR bytecode"), "{err}");
    assert_eq!(
        mlir::decode(b"not bytecode").unwrap_err(),
        mlir::MlirError::NotBytecode
    );
}

/// Each StableHLO module holds one custom call whose kernel is the sample's bytecode.
#[test]
fn kernels_are_found_in_stablehlo_custom_calls() {
    let expected_kind = [
        ("tpu_add", "tpu_custom_call", "mosaic_tpu"),
        ("tpu_matmul", "tpu_custom_call", "mosaic_tpu"),
        ("triton_add", "__gpu$xla.gpu.triton", "triton"),
        ("triton_matmul", "__gpu$xla.gpu.triton", "triton"),
        ("mosaic_gpu_add", "mosaic_gpu_v2", "mosaic_gpu"),
    ];
    for (k, target, kind) in expected_kind {
        let text = String::from_utf8(common::read(&data(&format!("{k}.stablehlo.mlir")))).unwrap();
        let calls = mlir::custom_calls_in_stablehlo(&text);
        assert_eq!(calls.len(), 1, "{k}: {calls:?}");
        assert_eq!(
            (calls[0].name.as_str(), calls[0].target.as_str()),
            ("custom_call#0", target)
        );
        let kernel = calls[0]
            .kernel
            .as_ref()
            .unwrap_or_else(|| panic!("{k}: no kernel"));
        assert_eq!(kernel.kind, kind);
        assert_eq!(kernel.format, mlir::PayloadFormat::Bytecode);
        assert_eq!(
            kernel.bytes,
            common::read(&data(&format!("{k}.mlirbc"))),
            "{k}"
        );
    }
}

/// MLIR text is recognised; JSON, HLO text and bytecode are not MLIR text.
#[test]
fn text_sniffing() {
    for k in KERNELS {
        assert!(
            mlir::is_text(&common::read(&data(&format!("{k}.generic.mlir")))),
            "{k}"
        );
        assert!(
            mlir::is_text(&common::read(&data(&format!("{k}.stablehlo.mlir")))),
            "{k}"
        );
        assert!(
            !mlir::is_text(&common::read(&data(&format!("{k}.mlirbc")))),
            "{k}"
        );
    }
    assert!(mlir::is_text(
        b"// comment\n#loc = loc(unknown)\nmodule {\n}\n"
    ));
    assert!(!mlir::is_text(
        b"HloModule jit_f, entry_computation_layout={()->f32[]}\n"
    ));
    assert!(!mlir::is_text(br#"{"traceEvents": []}"#));
    assert!(!mlir::is_text(b"[1, 2]"));
}

fn planeview(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_planeview"))
        .args(args)
        .output()
        .expect("runs")
}

/// `planeview mlir`: bytecode as MLIR prints it, StableHLO kernels with their header
/// lines, `--op` selecting one, an unknown `--op` a usage error listing the candidates.
#[test]
fn cli_prints_kernels() {
    let path = |name: &str| data(name).to_string_lossy().into_owned();
    let out = planeview(&["mlir", &path("tpu_matmul.mlirbc"), "--locs"]);
    assert!(out.status.success());
    assert_eq!(
        out.stdout,
        common::read(&data("tpu_matmul.generic-locs.mlir"))
    );

    let out = planeview(&["mlir", &path("mosaic_gpu_add.stablehlo.mlir")]);
    assert!(out.status.success());
    let mut expected = b"// kernel: custom_call#0 mosaic_gpu_v2\n".to_vec();
    expected.extend(common::read(&data("mosaic_gpu_add.generic.mlir")));
    assert_eq!(out.stdout, expected);

    let out = planeview(&[
        "mlir",
        &path("triton_matmul.stablehlo.mlir"),
        "--op",
        "custom_call#0",
    ]);
    assert_eq!(
        out.stdout,
        common::read(&data("triton_matmul.generic.mlir"))
    );

    let out = planeview(&[
        "mlir",
        &path("triton_matmul.stablehlo.mlir"),
        "--op",
        "custom_call#7",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("candidates: custom_call#0"));

    // Text without kernels is printed as written.
    let out = planeview(&["mlir", &path("tpu_add.generic.mlir")]);
    assert_eq!(out.stdout, common::read(&data("tpu_add.generic.mlir")));

    let out = planeview(&["summary", &path("mosaic_gpu_add.mlirbc"), "--json"]);
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (summary["format"].as_str(), summary["events"].as_u64()),
        (Some("mlir"), Some(1530))
    );
}

fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// `planeview mlir` on an HLO module: the kernel of a `tpu_custom_call` instruction (JSON
/// backend config, base64 bytecode), named by the instruction.
#[test]
fn cli_prints_kernels_of_hlo_custom_calls() {
    let kernel = common::read(&data("tpu_add.mlirbc"));
    let config = format!(
        r#"{{\"custom_call_config\": {{\"body\": \"{}\", \"serialization_format\": 1}}}}"#,
        base64(&kernel)
    );
    let hlo = format!(
        "HloModule jit_f\n\nENTRY main {{\n  p = f32[256,256]{{1,0}} parameter(0)\n  \
         ROOT add_kernel = f32[256,256]{{1,0}} custom-call(p), custom_call_target=\"tpu_custom_call\", \
         backend_config=\"{config}\"\n}}\n"
    );
    let dir = std::env::temp_dir().join(format!("planeview-mlir-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("kernel.hlo.txt");
    std::fs::write(&file, hlo).unwrap();
    let path = file.to_string_lossy().into_owned();
    let out = planeview(&["mlir", &path]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut expected = b"// kernel: add_kernel tpu_custom_call\n".to_vec();
    expected.extend(common::read(&data("tpu_add.generic.mlir")));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&expected)
    );
    let out = planeview(&["mlir", &path, "--op", "add_kernel", "--locs"]);
    assert_eq!(out.stdout, common::read(&data("tpu_add.generic-locs.mlir")));
    std::fs::remove_dir_all(&dir).unwrap();
}

// Generated fixtures and the corpus, checked file by file.

/// The `.mlirbc` files of a directory, sorted.
fn bytecode_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "mlirbc"))
        .collect();
    files.sort();
    files
}

/// Prints `file` in both modes and compares with MLIR's prints beside it; returns the
/// failures.
fn check_file(file: &Path) -> Vec<String> {
    let bytes = common::read(file);
    let stem = file.with_extension("");
    let module = match mlir::decode(&bytes) {
        Ok(m) => m,
        Err(e) => return vec![format!("{}: {e}", file.display())],
    };
    let mut failures = Vec::new();
    for (locs, oracle) in [(false, "generic"), (true, "generic-locs")] {
        let expected_path = PathBuf::from(format!("{}.{oracle}.mlir", stem.display()));
        let expected = String::from_utf8(common::read(&expected_path)).unwrap();
        let actual = module.print(&PrintOptions { locs });
        if let Some(line) = actual.lines().find(|l| l.contains("planeview: undecoded")) {
            failures.push(format!("{} ({oracle}): {line}", file.display()));
        }
        if actual != expected {
            let at = expected
                .lines()
                .zip(actual.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(expected.lines().count().min(actual.lines().count()));
            failures.push(format!(
                "{} ({oracle}) differs at line {}:\n  MLIR:      {:?}\n  planeview: {:?}",
                file.display(),
                at + 1,
                expected.lines().nth(at),
                actual.lines().nth(at)
            ));
        }
    }
    failures
}

#[test]
fn generated_fixtures_print_like_mlir() {
    let files = bytecode_files(&common::data_dir("mlir/generated"));
    assert!(files.len() >= 15, "generated fixtures missing: {files:?}");
    let failures: Vec<String> = files.iter().flat_map(|f| check_file(f)).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every kernel of the corpus prints byte-identical to MLIR's generic form in both modes,
/// with no `undecoded` line.
#[test]
fn every_corpus_kernel_prints_like_mlir_with_nothing_undecoded() {
    let Some(corpus) = common::corpus_dir() else {
        return;
    };
    let files = bytecode_files(&corpus.join("mlir/kernels"));
    assert!(!files.is_empty(), "no kernels in the corpus");
    let mut failures: Vec<String> = files.iter().flat_map(|f| check_file(f)).collect();
    failures.extend(
        bytecode_files(&common::data_dir("mlir"))
            .iter()
            .flat_map(|f| check_file(f)),
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The known failing case: a repeated permutation map is hoisted to one `#map` line before
/// the module and used by name, without and with locations, in a real Mosaic GPU WGMMA
/// kernel and in the small fixture.
#[test]
fn repeated_affine_map_is_one_alias() {
    for name in ["mosaic_gpu_wgmma", "alias_affine_maps"] {
        let file = common::data_dir("mlir/generated").join(format!("{name}.mlirbc"));
        let m = mlir::decode(&common::read(&file)).unwrap();
        for locs in [false, true] {
            let text = m.print(&PrintOptions { locs });
            let module = text.find("\"builtin.module\"").unwrap();
            assert!(
                text[..module]
                    .lines()
                    .any(|l| l == "#map = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>"),
                "{name}: no #map line"
            );
            assert!(text.matches("permutation = #map}").count() >= 2, "{name}");
            assert_eq!(text.matches("(d0, d2, d1, d3)").count(), 1, "{name}");
        }
    }
}

fn varint(v: u64) -> Vec<u8> {
    assert!(v < 1 << 14);
    if v < 1 << 7 {
        vec![(v << 1 | 1) as u8]
    } else {
        let x = v << 2 | 0b10;
        vec![x as u8, (x >> 8) as u8]
    }
}

/// Reads a prefix varint at `*at`.
fn read_varint(data: &[u8], at: &mut usize) -> u64 {
    let first = data[*at];
    let extra = first.trailing_zeros() as usize;
    assert!(extra < 7, "short varints only");
    let mut v = 0u64;
    for i in 0..=extra {
        v |= u64::from(data[*at + i]) << (8 * i);
    }
    *at += extra + 1;
    v >> (extra + 1)
}

/// A versioned dialect's version data changes nothing MLIR prints: the first dialect of a
/// generated fixture given a version blob prints exactly as MLIR printed the file.
#[test]
fn dialect_version_data_is_read_not_printed() {
    let dir = common::data_dir("mlir/generated");
    let bytes = common::read(&dir.join("alias_affine_maps.mlirbc"));
    // Header: magic, version, producer.
    let mut at = 4;
    read_varint(&bytes, &mut at);
    at += bytes[at..].iter().position(|&b| b == 0).unwrap() + 1;
    let mut out = bytes[..at].to_vec();
    while at < bytes.len() {
        let id = bytes[at];
        assert_eq!(id & 0x80, 0, "an aligned section would need new padding");
        at += 1;
        let len = read_varint(&bytes, &mut at) as usize;
        let mut body = bytes[at..at + len].to_vec();
        at += len;
        if id == 1 {
            // Dialect section: count, then the first dialect's name with the version flag
            // and a nested version section (id 7).
            let mut p = 0;
            let count = read_varint(&body, &mut p);
            let name = read_varint(&body, &mut p);
            assert_eq!(name & 1, 0, "already versioned");
            let mut fresh = varint(count);
            fresh.extend(varint(name | 1));
            fresh.extend([7u8]);
            fresh.extend(varint(3));
            fresh.extend([1, 2, 3]);
            fresh.extend(&body[p..]);
            body = fresh;
        }
        out.push(id);
        out.extend(varint(body.len() as u64));
        out.extend(body);
    }
    let m = mlir::decode(&out).unwrap();
    assert_eq!(m.dialect_versions, vec![(0, vec![1, 2, 3])]);
    for (locs, oracle) in [(false, "generic"), (true, "generic-locs")] {
        let expected = common::read(&dir.join(format!("alias_affine_maps.{oracle}.mlir")));
        assert_eq!(
            m.print(&PrintOptions { locs }).as_bytes(),
            expected.as_slice()
        );
    }
}

/// Damaged generated fixtures (cut, or a byte flipped) decode to an error or print; they
/// never panic.
#[test]
fn damaged_generated_fixtures_never_panic() {
    for file in bytecode_files(&common::data_dir("mlir/generated")) {
        let bytes = common::read(&file);
        let step = (bytes.len() / 97).max(1);
        for cut in (0..bytes.len()).step_by(step) {
            if let Ok(m) = mlir::decode(&bytes[..cut]) {
                let _ = m.print(&PrintOptions { locs: true });
            }
        }
        for i in (0..bytes.len()).step_by(step) {
            for flip in [0x01u8, 0x80, 0xFF] {
                let mut damaged = bytes.clone();
                damaged[i] ^= flip;
                if let Ok(m) = mlir::decode(&damaged) {
                    let _ = m.print(&PrintOptions { locs: false });
                    let _ = m.print(&PrintOptions { locs: true });
                }
            }
        }
    }
}
