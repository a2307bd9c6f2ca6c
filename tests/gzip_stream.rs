//! `GunzipStream` (decompression as the bytes arrive, used by the page) gives the same
//! result as `gunzip` (the whole file at once) for every way of cutting the input into chunks,
//! for truncated and corrupted files, and enforces the same limits.

#![allow(clippy::disallowed_methods)] // tests measure time; the rule is for the core

use flate2::Compression;
use flate2::write::GzEncoder;
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
    #![proptest_config(ProptestConfig::with_cases(48))]
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
    use planeview::import::{ImportOptions, Incoming, import_bytes};
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
            let mut inc = Incoming::new();
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
            let streamed = inc.finish(&ImportOptions::default()).unwrap();
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
    use planeview::import::{ImportOptions, Incoming, import_bytes};
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
    let mut inc = Incoming::new();
    for c in cut.chunks(777) {
        inc.push(c).unwrap();
    }
    let streamed = inc.finish(&ImportOptions::default()).unwrap();
    assert_eq!(streamed.trace.slices.len(), whole.trace.slices.len());
    assert!(streamed.trace.diagnostics.get("truncated_input").is_some());
}
