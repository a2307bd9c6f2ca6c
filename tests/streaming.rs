//! Reading a file as its bytes arrive (the page's path) gives the same result as reading it
//! whole: `GunzipStream` against `gunzip`, `ChromeJsonStream` against the whole-file JSON
//! importer, and `Incoming` against `import_bytes`, for every way of cutting the input into
//! chunks, for truncated and corrupted files, under the same limits.

#![allow(clippy::disallowed_methods)] // tests measure time; the rule is for the core

use flate2::Compression;
use flate2::write::GzEncoder;
use planeview::DiagnosticKind;
use planeview::import::{GunzipStream, Gunzipped, gunzip};
use proptest::prelude::*;
use std::io::Write;
use std::time::{Duration, Instant};

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut enc = GzEncoder::new(Vec::new(), Compression::default());
    enc.write_all(data).unwrap();
    enc.finish().unwrap()
}

/// Varied text that compresses about 3:1.
fn text(len: usize) -> Vec<u8> {
    (0..len as u32)
        .map(|i| b"0123456789abcdef{}\",:"[(i.wrapping_mul(2_654_435_761) >> 27) as usize % 21])
        .collect()
}

fn stream(input: &[u8], chunk: usize, limit: u64) -> Result<Gunzipped, planeview::ImportError> {
    let mut s = GunzipStream::new(limit, 0);
    for c in input.chunks(chunk.max(1)) {
        s.push(c)?;
    }
    s.finish()
}

/// Same data, and the same verdict on whether the stream was cut.
fn assert_same(input: &[u8], chunk: usize) {
    let whole = gunzip(input, 1 << 30);
    let streamed = stream(input, chunk, 1 << 30);
    match (whole, streamed) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a.data, b.data, "data differs (chunk {chunk})");
            assert_eq!(
                a.cut.is_some(),
                b.cut.is_some(),
                "{:?} vs {:?}",
                a.cut,
                b.cut
            );
        }
        (Err(a), Err(b)) => assert_eq!(a.kind(), b.kind()),
        (a, b) => panic!(
            "whole {:?} vs streamed {:?}",
            a.map(|g| g.cut),
            b.map(|g| g.cut)
        ),
    }
}

#[test]
fn whole_and_multi_member_files_decompress_identically_in_any_chunking() {
    let one = gzip(&text(300_000));
    let mut two = one.clone();
    two.extend_from_slice(&gzip(b"second member"));
    for input in [&one, &two] {
        for chunk in [1, 7, 4096, 65_536, 1 << 20] {
            assert_same(input, chunk);
        }
        let s = stream(input, 1000, 1 << 30).unwrap();
        assert!(s.cut.is_none());
        // No limit at all is a valid limit.
        assert_eq!(gunzip(input, u64::MAX).unwrap().data, s.data);
    }
}

#[test]
fn a_truncated_file_keeps_what_was_decompressed_and_reports_the_cut() {
    let gz = gzip(&text(200_000));
    for cut in [gz.len() - 1, gz.len() - 8, gz.len() / 2, gz.len() / 8] {
        assert_same(&gz[..cut], 4096);
        let s = stream(&gz[..cut], 4096, 1 << 30).unwrap();
        assert!(s.cut.is_some(), "cut at {cut} not reported");
    }
    // Nothing decompressed: an error, as for the whole file.
    assert_eq!(
        stream(&gz[..5], 1, 1 << 30).unwrap_err().kind(),
        gunzip(&gz[..5], 1 << 30).unwrap_err().kind()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn cuts_and_bit_flips_agree_with_the_whole_file_decoder(
        len in 1usize..20_000, cut in 0.0f64..1.0, flip in proptest::option::of((0.0f64..1.0, 0u8..8)), chunk in 1usize..5000,
    ) {
        let mut gz = gzip(&text(len));
        if let Some((at, bit)) = flip {
            let i = ((gz.len() - 1) as f64 * at) as usize;
            gz[i] ^= 1 << bit;
        }
        let end = 1 + ((gz.len() - 1) as f64 * cut) as usize;
        assert_same(&gz[..end], chunk);
    }
}

#[test]
fn the_size_limit_and_the_ratio_rule_hold_while_streaming() {
    let gz = gzip(&text(4 << 20));
    let err = stream(&gz, 1 << 16, 1 << 20).unwrap_err();
    assert!(err.to_string().contains("decompressed size"), "{err}");

    // 256 MiB of zeros in one deflate stream: refused early, without decompressing it all.
    let mut enc = GzEncoder::new(Vec::new(), Compression::best());
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..256 {
        enc.write_all(&zeros).unwrap();
    }
    let bomb = enc.finish().unwrap();
    let start = Instant::now();
    let err = stream(&bomb, 1 << 20, 16 << 30).unwrap_err();
    assert!(err.to_string().contains("gzip expansion"), "{err}");
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
}

/// `Incoming` (the page's path: chunks, then import) gives the same model as importing the
/// whole file, for plain and gzipped samples, in any chunking, with or without size hints.
#[test]
fn incoming_chunks_import_like_the_whole_file() {
    use planeview::import::{Incoming, import_bytes};
    use planeview::model::dump_text;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let samples = [
        "xplane/jax_cpu_mlp_small.xplane.pb",
        "xplane/tf_gpu_multi_worker.xplane.pb.gz",
        "chrome_json/kineto__resnet50_nw0_worker0.1623143089861.pt.trace.json.gz",
        "chrome_json/speedscope__trace-event_simple-partial.json",
    ];
    for name in samples {
        let path = dir.join(name);
        let Ok(bytes) = std::fs::read(&path) else {
            panic!("missing sample {}", path.display());
        };
        let whole = import_bytes(&bytes).unwrap();
        let gz = planeview::import::is_gzip(&bytes);
        let isize = gz.then(|| u32::from_le_bytes(bytes[bytes.len() - 4..].try_into().unwrap()));
        for (chunk, announce) in [(1 << 20, true), (4099, false), (1, true)] {
            if chunk == 1 && bytes.len() > 400_000 {
                continue;
            }
            let mut inc = Incoming::default();
            if announce {
                inc.expect(bytes.len() as u64).unwrap();
                if let Some(n) = isize {
                    inc.hint_unpacked(n.into());
                }
            }
            for c in bytes.chunks(chunk) {
                inc.push(c).unwrap();
            }
            assert_eq!(inc.received(), bytes.len() as u64);
            let streamed = inc.finish().unwrap();
            assert_eq!(streamed.bytes, whole.bytes, "{name}");
            assert_eq!(streamed.unpacked_bytes, whole.unpacked_bytes, "{name}");
            assert_eq!(
                dump_text(&streamed.trace, 5),
                dump_text(&whole.trace, 5),
                "{name} chunk {chunk}"
            );
        }
    }
}

#[test]
fn incoming_reports_a_cut_gzip_stream_like_the_whole_file() {
    use planeview::import::{Incoming, import_bytes};
    let json: String = std::iter::once(r#"{"traceEvents":["#.to_owned())
        .chain((0..20_000).map(|i| {
            format!(
                r#"{{"ph":"X","name":"op{}","pid":1,"tid":1,"ts":{i},"dur":1}},"#,
                i % 97
            )
        }))
        .collect();
    let gz = gzip(json.as_bytes());
    let cut = &gz[..gz.len() * 2 / 3];
    let whole = import_bytes(cut).unwrap();
    let mut inc = Incoming::default();
    for c in cut.chunks(777) {
        inc.push(c).unwrap();
    }
    let streamed = inc.finish().unwrap();
    assert_eq!(streamed.trace.slices.len(), whole.trace.slices.len());
    assert!(
        streamed
            .trace
            .diagnostics
            .get(DiagnosticKind::TruncatedInput)
            .is_some()
    );
}

/// Everything a reader of the model sees: the dump and the diagnostics.
fn fingerprint(t: &planeview::Trace) -> String {
    let mut out = planeview::model::dump_text(t, 50);
    for (name, d) in t.diagnostics.iter() {
        out.push_str(&format!(
            "{name} {:?} {} {:?}\n",
            d.severity, d.count, d.examples
        ));
    }
    out
}

fn json_stream(bytes: &[u8], chunk: usize) -> Result<planeview::Trace, planeview::ImportError> {
    use planeview::import::{ImportOptions, chrome_json::ChromeJsonStream};
    let mut s = ChromeJsonStream::new(&ImportOptions::default());
    for c in bytes.chunks(chunk.max(1)) {
        s.push(c)?;
    }
    s.finish()
}

fn assert_json_same(bytes: &[u8], chunk: usize, what: &str) {
    let whole = planeview::import::chrome_json::import(bytes);
    let streamed = json_stream(bytes, chunk);
    match (whole, streamed) {
        (Ok(a), Ok(b)) => assert_eq!(fingerprint(&a), fingerprint(&b), "{what}, chunk {chunk}"),
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{what}, chunk {chunk}"),
        (a, b) => panic!(
            "{what}, chunk {chunk}: whole {:?} vs streamed {:?}",
            a.err(),
            b.err()
        ),
    }
}

/// Every Chrome JSON sample, whole and cut at several points, in small and large chunks.
#[test]
fn chrome_json_streams_like_the_whole_file() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/chrome_json");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.contains(".json") {
            continue;
        }
        let raw = std::fs::read(&path).unwrap();
        let bytes = if planeview::import::is_gzip(&raw) {
            gunzip(&raw, 1 << 30).unwrap().data
        } else {
            raw
        };
        seen += 1;
        let small = if bytes.len() < 300_000 { 13 } else { 4093 };
        for chunk in [small, 65_536, 1 << 20] {
            assert_json_same(&bytes, chunk, &name);
        }
        for cut in [
            bytes.len() / 3,
            bytes.len() * 2 / 3,
            bytes.len().saturating_sub(2),
        ] {
            assert_json_same(&bytes[..cut], 4093, &format!("{name} cut at {cut}"));
        }
    }
    assert!(seen >= 10, "only {seen} samples");
}

/// Hand-made shapes where the chunk boundary matters: BOM, bare and unterminated arrays,
/// trailing data, header values before and after the events, errors, one byte at a time.
#[test]
fn edge_shapes_stream_like_the_whole_file_in_one_byte_chunks() {
    let shapes: &[&str] = &[
        "\u{feff}{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}]}",
        r#"[{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":2},"#,
        r#"[{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":2}"#,
        r#"[{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":2},{"ph":"X","na"#,
        r#"{"meta":{"a":[1,2,{"b":"c"}]},"traceEvents":[{"ph":"i","name":"x","pid":"p","tid":"t","ts":3}],"displayTimeUnit":"ns"} trailing"#,
        r#"{"traceEvents":[{"ph":"X","name":"a\u00e9\ud83d\ude00","pid":1,"tid":1,"ts":1.5,"dur":2}], "other": tru"#,
        r#"{"traceEvents":{}}"#,
        r#"{"nothing":1}"#,
        r#"[1,2,3]"#,
        r#"[{"a":1},{"b":2}]"#,
        r#"{"traceEvents":[{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":2} x]}"#,
        r#"   "#,
        r#"{"traceEvents":[]}"#,
    ];
    for shape in shapes {
        for chunk in [1, 2, 5, 1000] {
            assert_json_same(shape.as_bytes(), chunk, shape);
        }
    }
}

/// Streamed JSON past its args budget keeps the args read before the budget ran out, drops
/// the rest, and says so; a file announced as over the budget keeps none.
#[test]
fn streamed_json_past_the_args_budget_degrades_from_that_point() {
    use planeview::import::{ImportOptions, Incoming};
    let json: String = std::iter::once(r#"{"traceEvents":["#.to_owned())
        .chain((0..2000).map(|i| {
            format!(
                r#"{{"ph":"X","name":"op","pid":1,"tid":1,"ts":{i},"dur":1,"args":{{"i":{i}}}}},"#
            )
        }))
        .collect();
    let options = ImportOptions {
        keep_streamed_args_up_to_bytes: 50_000,
        ..ImportOptions::default()
    };
    let run = |announce: bool| {
        let mut inc = Incoming::new(options);
        if announce {
            inc.expect(json.len() as u64).unwrap();
        }
        for c in json.as_bytes().chunks(8192) {
            inc.push(c).unwrap();
        }
        inc.finish().unwrap().trace
    };
    let t = run(false);
    let with_args = (0..t.slices.len())
        .filter(|&i| t.args.get(t.slices.args[i]).next().is_some())
        .count();
    assert_eq!(t.slices.len(), 2000);
    assert!(
        with_args > 100 && with_args < 2000,
        "{with_args} slices kept args"
    );
    assert!(t.diagnostics.get(DiagnosticKind::DegradedImport).is_some());
    let t = run(true);
    assert!((0..t.slices.len()).all(|i| t.args.get(t.slices.args[i]).next().is_none()));
    assert!(t.diagnostics.get(DiagnosticKind::DegradedImport).is_some());
}

#[test]
fn a_gzip_bomb_is_refused_while_streaming_into_the_importer() {
    use planeview::import::Incoming;
    let mut enc = GzEncoder::new(Vec::new(), Compression::best());
    enc.write_all(b"[").unwrap();
    let zeros = vec![b' '; 1 << 20];
    for _ in 0..256 {
        enc.write_all(&zeros).unwrap();
    }
    let bomb = enc.finish().unwrap();
    let start = Instant::now();
    let mut inc = Incoming::default();
    let err = bomb
        .chunks(1 << 16)
        .try_for_each(|c| inc.push(c))
        .expect_err("refused");
    assert!(err.to_string().contains("gzip expansion"), "{err}");
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
}

/// Each slice by where it is in the source (process and thread ids: names may be given later
/// in the file), its name, start on the source clock (ps) and duration.
fn slice_keys(t: &planeview::Trace) -> Vec<(String, String, String, i128, i64)> {
    let origin = i128::from(t.origin.source_ns) * 1000;
    let mut keys: Vec<_> = (0..t.slices.start.len())
        .map(|i| {
            let track = t.slices.track[i];
            let process = t.tracks.process[track.index()];
            (
                t.str(t.processes.source_id[process.index()]).to_owned(),
                t.str(t.tracks.source_id[track.index()]).to_owned(),
                t.str(t.slices.name[i]).to_owned(),
                origin + i128::from(t.slices.start[i]),
                t.slices.dur[i],
            )
        })
        .collect();
    keys.sort();
    keys
}

/// A preview made while a Chrome JSON file streams in answers calls, and holds only slices the
/// finished import has too (`B`/`E` pairs included: the Chromium sample is made of them), at
/// the same place and time; a format read only at the end has none; `finish` replaces the
/// preview.
#[test]
fn a_preview_of_the_part_read_so_far_shows_slices_of_the_final_model() {
    use planeview::api::{Request, Session};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let samples = [
        "chrome_json/kineto__resnet50_nw0_worker0.1623143089861.pt.trace.json.gz",
        "chrome_json/hta__critical_path_alexnet_benchmark_result_2869224_1695835535_trace.json.gz",
        "chrome_json/speedscope__Chrome_66_worker.json",
        "chrome_json/chromium__chromium_devtools_small.json.gz",
    ];
    for name in samples {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let mut session = Session::new();
        assert!(session.preview().is_none(), "{name}: nothing read yet");
        let half = bytes.len() / 2;
        for c in bytes[..half].chunks(64 << 10) {
            session.push(c).unwrap();
        }
        let overview = session.preview().expect("a Chrome JSON file has a preview");
        let preview = slice_keys(session.profile().unwrap().trace());
        assert!(!preview.is_empty(), "{name}: the first half holds slices");
        assert_eq!(overview.summary.slices as usize, preview.len(), "{name}");
        session.handle(Request::Health {}).unwrap();
        for c in bytes[half..].chunks(64 << 10) {
            session.push(c).unwrap();
        }
        session.finish().unwrap();
        let whole = slice_keys(session.profile().unwrap().trace());
        assert!(
            preview.len() < whole.len(),
            "{name}: the preview is of a part"
        );
        let mut rest = whole.iter().peekable();
        for key in &preview {
            while rest.peek().is_some_and(|k| *k < key) {
                rest.next();
            }
            assert_eq!(
                rest.next(),
                Some(key),
                "{name}: a preview slice the import does not have"
            );
        }
    }
    let xspace = std::fs::read(dir.join("xplane/jax_cpu_mlp_small.xplane.pb")).unwrap();
    let mut session = Session::new();
    session.push(&xspace).unwrap();
    assert!(session.preview().is_none(), "XSpace is read at the end");
    assert!(session.profile().is_err());
}
