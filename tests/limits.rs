//! One test per hard input limit of `planeview::limits`: each is refused with a clear
//! `limit_exceeded` error (or, where the limit says so, degraded with a diagnostic), quickly
//! and without allocating what the input asks for. Inputs are built in memory.

#![allow(clippy::disallowed_methods)] // tests measure time; the rule is for the core

mod common;

use flate2::Compression;
use flate2::write::GzEncoder;
use planeview::import::{gunzip, import_bytes};
use planeview::limits::{
    GZIP_RATIO_FLOOR_BYTES, MAX_GZIP_RATIO, MAX_JSON_DEPTH, MAX_STRING_BYTES, MAX_UNPACKED_BYTES,
    max_inflated_string_bytes,
};
use planeview::model::ArgValue;
use planeview::{DiagnosticKind, ImportError};
use std::io::Write;
use std::time::{Duration, Instant};

/// A refused input must be refused in well under this (debug build, shared 2-core machine).
const QUICK: Duration = Duration::from_secs(3);

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut enc = GzEncoder::new(Vec::new(), Compression::best());
    enc.write_all(data).unwrap();
    enc.finish().unwrap()
}

fn expect_limit(result: Result<planeview::import::Imported, ImportError>, what: &str) -> String {
    match result {
        Err(e @ ImportError::LimitExceeded { .. }) => {
            assert_eq!(e.kind(), "limit_exceeded");
            let message = e.to_string();
            assert!(message.contains(what), "{message:?} should name {what:?}");
            message
        }
        Err(e) => panic!("expected a {what} limit error, got {e:?}"),
        Ok(_) => panic!("expected a {what} limit error, got a trace"),
    }
}

fn one_event_json(name: &str, args: &str) -> String {
    format!(
        r#"{{"traceEvents":[{{"ph":"X","name":"{name}","pid":1,"tid":1,"ts":1,"dur":2,"args":{args}}}]}}"#
    )
}

// --- JSON nesting depth -------------------------------------------------------------------

#[test]
fn json_nesting_beyond_the_limit_is_refused() {
    let deep = format!(
        "{}{}",
        "[".repeat(MAX_JSON_DEPTH + 10),
        "]".repeat(MAX_JSON_DEPTH + 10)
    );
    let json = one_event_json("deep", &format!(r#"{{"a":{deep}}}"#));
    let message = expect_limit(import_bytes(json.as_bytes()), "JSON nesting");
    assert!(
        message.contains(&format!("{MAX_JSON_DEPTH} levels")),
        "{message}"
    );

    // A million unclosed brackets: refused at the limit, without recursing a million deep.
    let start = Instant::now();
    let mut bomb = br#"{"traceEvents":[{"ph":"X","args":"#.to_vec();
    bomb.extend(std::iter::repeat_n(b'[', 1_000_000));
    expect_limit(import_bytes(&bomb), "JSON nesting");
    assert!(start.elapsed() < QUICK);
}

#[test]
fn json_nesting_within_the_limit_is_kept() {
    let depth = MAX_JSON_DEPTH - 8; // the event and its args use a few levels
    let nested = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let json = one_event_json("nested", &format!(r#"{{"a":{nested}}}"#));
    let imported = import_bytes(json.as_bytes()).expect("within the limit");
    assert_eq!(imported.trace.slices.len(), 1);
}

// --- string length ------------------------------------------------------------------------

#[test]
fn json_string_longer_than_the_limit_is_refused() {
    let name = "x".repeat(MAX_STRING_BYTES + 1);
    let json = one_event_json(&name, "{}");
    let message = expect_limit(import_bytes(json.as_bytes()), "JSON string");
    assert!(message.contains(&MAX_STRING_BYTES.to_string()), "{message}");

    // An unterminated long string is the input ending inside a value: scanned, never copied.
    let mut open = br#"{"traceEvents":[{"ph":"X","name":""#.to_vec();
    open.resize(open.len() + MAX_STRING_BYTES + 16, b'y');
    let start = Instant::now();
    let err = import_bytes(&open).expect_err("no usable event");
    assert!(start.elapsed() < QUICK);
    assert!(
        ["truncated", "limit_exceeded"].contains(&err.kind()),
        "{err:?}"
    );
}

#[test]
fn a_one_megabyte_name_is_kept_whole() {
    let name = "n".repeat(1 << 20);
    let json = one_event_json(&name, "{}");
    let imported = import_bytes(json.as_bytes()).unwrap();
    let t = &imported.trace;
    assert_eq!(t.str(t.slices.name[0]).len(), 1 << 20);
}

// --- decompressed size --------------------------------------------------------------------

#[test]
fn gzip_output_beyond_the_size_limit_is_refused_without_allocating_it() {
    // 4 MiB of varied text (ratio well under the ratio rule) against a 1 MiB limit.
    let text: Vec<u8> = (0..4u32 << 20)
        .map(|i| b"0123456789abcdef"[(i.wrapping_mul(2_654_435_761) >> 28) as usize])
        .collect();
    let gz = gzip(&text);
    let err = gunzip(&gz, 1 << 20).unwrap_err();
    assert_eq!(err.kind(), "limit_exceeded");
    assert!(err.to_string().contains("decompressed size"), "{err}");
    assert!(err.to_string().contains(&(1u64 << 20).to_string()), "{err}");
    // Within the limit it decompresses whole.
    assert_eq!(gunzip(&gz, 8 << 20).unwrap().data, text);
    // The limit the importer applies.
    let expected: u64 = if cfg!(target_arch = "wasm32") {
        3 << 29
    } else {
        16 << 30
    };
    assert_eq!(MAX_UNPACKED_BYTES, expected);
}

// --- decompression ratio (gzip bombs) -----------------------------------------------------

/// A multi-member gzip that expands to `members` × 64 MiB of zeros: 160 members claim
/// 10 GiB from about 10 MB of input, built in a fraction of a second.
fn zero_bomb(members: usize) -> Vec<u8> {
    let member = gzip(&vec![0u8; 64 << 20]);
    let mut out = Vec::with_capacity(member.len() * members);
    for _ in 0..members {
        out.extend_from_slice(&member);
    }
    out
}

#[test]
fn a_ten_gigabyte_gzip_bomb_is_refused_quickly() {
    let bomb = zero_bomb(160);
    assert!(bomb.len() < 12 << 20, "{} bytes", bomb.len());
    let start = Instant::now();
    let message = expect_limit(import_bytes(&bomb), "gzip expansion");
    let took = start.elapsed();
    assert!(took < QUICK, "refused in {took:?}");
    assert!(message.contains(&format!("{MAX_GZIP_RATIO}x")), "{message}");
}

#[test]
fn a_single_stream_gzip_bomb_is_refused_quickly() {
    // One deflate stream of 256 MiB of zeros, compressed here in 1 MiB chunks.
    let mut enc = GzEncoder::new(Vec::new(), Compression::best());
    let chunk = vec![0u8; 1 << 20];
    for _ in 0..256 {
        enc.write_all(&chunk).unwrap();
    }
    let bomb = enc.finish().unwrap();
    let start = Instant::now();
    expect_limit(import_bytes(&bomb), "gzip expansion");
    assert!(start.elapsed() < QUICK, "refused in {:?}", start.elapsed());
}

#[test]
fn highly_compressible_input_below_the_ratio_floor_is_accepted() {
    // Identical events compress ~340x: fine below the 64 MiB floor.
    let mut json = String::from(r#"{"traceEvents":["#);
    for i in 0..100_000 {
        if i > 0 {
            json.push(',');
        }
        json.push_str(r#"{"ph":"X","name":"op","pid":1,"tid":1,"ts":1000,"dur":10}"#);
    }
    json.push_str("]}");
    let gz = gzip(json.as_bytes());
    assert!(json.len() / gz.len() > MAX_GZIP_RATIO as usize, "ratio");
    assert!((json.len() as u64) < GZIP_RATIO_FLOOR_BYTES);
    let imported = import_bytes(&gz).unwrap();
    assert_eq!(imported.unpacked_bytes, json.len() as u64);
    assert_eq!(imported.trace.slices.len(), 100_000);
}

// --- compressed strings inside XSpace -----------------------------------------------------

fn varint(mut v: u64, out: &mut Vec<u8>) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn field_varint(number: u64, v: u64) -> Vec<u8> {
    let mut out = Vec::new();
    varint(number << 3, &mut out);
    varint(v, &mut out);
    out
}

fn field_bytes(number: u64, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    varint((number << 3) | 2, &mut out);
    varint(payload.len() as u64, &mut out);
    out.extend_from_slice(payload);
    out
}

/// An XSpace with one plane, one line and one event carrying `stat` (an encoded XStat).
fn xspace_with_event_stat(stat: &[u8]) -> Vec<u8> {
    let event_md = [field_varint(1, 1), field_bytes(2, b"op")].concat();
    let event_md_entry = [field_varint(1, 1), field_bytes(2, &event_md)].concat();
    let stat_md = [field_varint(1, 7), field_bytes(2, b"payload")].concat();
    let stat_md_entry = [field_varint(1, 7), field_bytes(2, &stat_md)].concat();
    let event = [
        field_varint(1, 1),
        field_varint(2, 0),
        field_varint(3, 1000),
        field_bytes(4, stat),
    ]
    .concat();
    let line = [
        field_varint(1, 1),
        field_bytes(2, b"line"),
        field_varint(3, 1_000_000),
        field_bytes(4, &event),
    ]
    .concat();
    let plane = [
        field_varint(1, 1),
        field_bytes(2, b"/device:CPU:0"),
        field_bytes(3, &line),
        field_bytes(4, &event_md_entry),
        field_bytes(5, &stat_md_entry),
    ]
    .concat();
    field_bytes(1, &plane)
}

#[test]
fn a_compressed_string_bomb_in_xspace_stays_compressed() {
    let payload = gzip(&vec![b'a'; 32 << 20]);
    assert!(32 << 20 > max_inflated_string_bytes(payload.len()));
    let stat = [field_varint(1, 7), field_bytes(8, &payload)].concat();
    let start = Instant::now();
    let imported = import_bytes(&xspace_with_event_stat(&stat)).unwrap();
    assert!(start.elapsed() < QUICK);
    let t = &imported.trace;
    assert_eq!(t.slices.len(), 1);
    let args: Vec<_> = t.args.get(t.slices.args[0]).collect();
    assert_eq!(args.len(), 1);
    assert!(
        matches!(args[0].1, ArgValue::Bytes(n) if n == payload.len() as u64),
        "{:?}",
        args[0].1
    );
    assert!(
        t.diagnostics
            .get(DiagnosticKind::CompressedStrUndecodable)
            .is_some()
    );

    // A compressed string of ordinary text still inflates.
    let text = "fusion.1 = f32[8,128] fusion(p0, p1), kind=kLoop ".repeat(100);
    let stat = [field_varint(1, 7), field_bytes(8, &gzip(text.as_bytes()))].concat();
    let imported = import_bytes(&xspace_with_event_stat(&stat)).unwrap();
    let t = &imported.trace;
    let args: Vec<_> = t.args.get(t.slices.args[0]).collect();
    match args[0].1 {
        ArgValue::Str(id) => assert_eq!(t.str(id), text),
        other => panic!("expected the inflated text, got {other:?}"),
    }
}

// --- protobuf length prefixes -------------------------------------------------------------

#[test]
fn a_protobuf_length_prefix_past_the_end_is_truncation() {
    let stat = [field_varint(1, 7), field_bytes(5, b"value")].concat();
    let whole = xspace_with_event_stat(&stat);
    // A second plane that declares 1 MiB but holds 10 bytes.
    let mut cut = whole.clone();
    cut.push(0x0a);
    varint(1 << 20, &mut cut);
    cut.extend_from_slice(&field_bytes(2, b"/device:GPU:0"));
    let imported = import_bytes(&cut).expect("what was read before the cut is kept");
    let t = &imported.trace;
    assert_eq!(t.slices.len(), 1);
    let d = t
        .diagnostics
        .get(DiagnosticKind::TruncatedInput)
        .expect("truncated_input");
    assert!(!d.examples.is_empty());

    // The same inside the event's line: the outer lengths are fine, the line's last field
    // (the event) declares more than remains.
    let mut short_event = whole.clone();
    short_event.truncate(whole.len() - 3);
    match import_bytes(&short_event) {
        Ok(imported) => assert!(
            imported
                .trace
                .diagnostics
                .get(DiagnosticKind::TruncatedInput)
                .is_some()
        ),
        Err(e) => assert_eq!(e.kind(), "truncated", "{e}"),
    }
}

#[test]
fn an_absurd_protobuf_length_prefix_is_damage_not_an_allocation() {
    // A plane that declares 2^60 bytes.
    let mut bytes = vec![0x0a];
    varint(1 << 60, &mut bytes);
    bytes.extend_from_slice(&field_varint(1, 1));
    let start = Instant::now();
    let result = import_bytes(&bytes);
    assert!(start.elapsed() < QUICK);
    let err = result.expect_err("no usable event");
    assert!(
        ["malformed", "truncated", "not_recognised"].contains(&err.kind()),
        "{err:?}"
    );
}

/// Reduced detail (asked for, or forced past `KEEP_ARGS_UP_TO_BYTES`): the same slices, no
/// args, and a `degraded_import` diagnostic that says which.
#[test]
fn reduced_detail_drops_args_and_says_so() {
    use planeview::import::{ImportOptions, import_bytes_with};
    for file in [
        "xplane/jax_cpu_mlp_small.xplane.pb",
        "chrome_json/xprof__trace.json",
    ] {
        let bytes = common::read(&common::data_dir(file));
        let full = import_bytes(&bytes).unwrap().trace;
        assert!(full.args.pair_count() > 0, "{file} has args");
        assert!(
            full.diagnostics
                .get(DiagnosticKind::DegradedImport)
                .is_none()
        );
        let asked = ImportOptions {
            drop_args: true,
            ..ImportOptions::default()
        };
        let forced = ImportOptions {
            keep_args_up_to_bytes: 1000,
            ..ImportOptions::default()
        };
        for (options, says) in [(asked, "as asked"), (forced, "over the 1000 bytes")] {
            let reduced = import_bytes_with(&bytes, &options).unwrap().trace;
            assert_eq!(reduced.slices.len(), full.slices.len(), "{file}");
            assert_eq!(reduced.args.pair_count(), 0, "{file}");
            let d = reduced
                .diagnostics
                .get(DiagnosticKind::DegradedImport)
                .expect("degraded_import");
            assert!(d.examples[0].contains(says), "{file}: {:?}", d.examples);
            assert!(reduced.heap_bytes() < full.heap_bytes());
        }
    }
}

/// Past its memory budget the model is sampled (`model::sampling`): on real files of three
/// formats, what is dropped is exactly what the `degraded_import` diagnostic counts, the
/// model ends up smaller, and every slice of 4.1 ms or more (kept at every level below the
/// stop) is still there.
#[test]
fn a_model_over_its_budget_is_sampled_and_says_so() {
    use planeview::import::{ImportOptions, import_bytes_with};
    const LONG_PS: i64 = 4096 * 1_000_000;
    for file in [
        "chrome_json/kineto__resnet50_nw0_worker0.1623143089861.pt.trace.json.gz",
        "xplane/tf_gpu_multi_worker.xplane.pb.gz",
        "perfetto/chromium_devtools_small.pftrace.gz",
    ] {
        let bytes = common::read(&common::data_dir(file));
        let full = import_bytes(&bytes).unwrap().trace;
        assert!(
            full.diagnostics
                .get(DiagnosticKind::DegradedImport)
                .is_none(),
            "{file}"
        );
        let options = ImportOptions {
            model_budget_bytes: full.heap_bytes() as u64 / 2,
            ..ImportOptions::default()
        };
        let sampled = import_bytes_with(&bytes, &options).unwrap().trace;
        let points = |t: &planeview::model::Trace| t.instants.len() + t.counters.len();
        let dropped =
            (full.slices.len() - sampled.slices.len()) + (points(&full) - points(&sampled));
        let d = sampled
            .diagnostics
            .get(DiagnosticKind::DegradedImport)
            .unwrap_or_else(|| panic!("{file}: no degraded_import"));
        assert_eq!(d.count, dropped as u64, "{file}: {:?}", d.examples);
        assert!(dropped > 0, "{file}");
        assert!(d.examples[0].contains("memory budget"), "{:?}", d.examples);
        assert!(sampled.heap_bytes() < full.heap_bytes(), "{file}");
        let long = |t: &planeview::model::Trace| {
            (0..t.slices.len())
                .filter(|&i| t.slices.dur[i] >= LONG_PS)
                .count()
        };
        assert_eq!(
            long(&sampled),
            long(&full),
            "{file}: long slices are all kept: {:?}",
            d.examples
        );
    }
}

// --- categories ----------------------------------------------------------------------------

/// Past the 65,535 distinct categories a trace may have, each event with a further category is
/// counted in `category_limit`, also when it repeats the event before it (the importer's memory
/// of the last `cat` must not swallow those).
#[test]
fn every_event_past_the_category_limit_is_counted() {
    let json = |repeats: usize| {
        let mut events: Vec<String> = (0..65_600)
            .map(|i| format!(r#"{{"ph":"i","pid":1,"tid":1,"ts":{i},"name":"e","cat":"c{i}"}}"#))
            .collect();
        let last = events.last().cloned().unwrap_or_default();
        events.extend(std::iter::repeat_n(last, repeats));
        format!("[{}]", events.join(","))
    };
    let count = |repeats: usize| {
        let imported = import_bytes(json(repeats).as_bytes()).unwrap();
        imported
            .trace
            .diagnostics
            .get(DiagnosticKind::CategoryLimit)
            .map_or(0, |d| d.count)
    };
    let (once, again) = (count(0), count(3));
    assert!(once > 0, "the limit is reached");
    assert_eq!(again, once + 3);
}
