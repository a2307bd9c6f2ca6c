//! The Chrome JSON tokenizer's byte searches have two backends (the target's vector unit and
//! 64-bit scalar words, `ImportOptions::scan`); the model must not depend on which one ran.
//! Every Chrome JSON file of `tests/data` and of the corpus of real profiles (`.gz` ones
//! unpacked) gives the same `planeview dump` with either, read whole and read in chunks; small
//! inputs are also cut at every byte (inside strings, escapes, whitespace runs), and generated
//! ones at random places.

mod common;

use planeview::import::{ImportOptions, Incoming, ScanBackend, import_bytes_with};
use planeview::model::dump_text;
use proptest::prelude::*;
use std::path::PathBuf;

/// Slices and instants listed per track: every one for files up to this size, fewer above.
const FULL_DUMP_BYTES: usize = 4 << 20;

fn options(scan: ScanBackend) -> ImportOptions {
    ImportOptions {
        scan,
        ..ImportOptions::default()
    }
}

fn per_track(input: &[u8]) -> usize {
    if input.len() <= FULL_DUMP_BYTES {
        usize::MAX
    } else {
        2000
    }
}

/// The dump of `input` read whole, or its error.
fn whole(input: &[u8], scan: ScanBackend) -> String {
    match import_bytes_with(input, &options(scan)) {
        Ok(imported) => dump_text(&imported.trace, per_track(input)),
        Err(e) => format!("error: {e}"),
    }
}

/// The dump of `input` pushed in pieces cut at `cuts` (increasing offsets), or its error.
fn streamed(input: &[u8], scan: ScanBackend, cuts: &[usize]) -> String {
    let mut incoming = Incoming::new(options(scan));
    let mut from = 0;
    let pushed = cuts
        .iter()
        .chain(std::iter::once(&input.len()))
        .try_for_each(|&to| {
            let piece = &input[from..to.max(from)];
            from = to.max(from);
            incoming.push(piece)
        });
    match pushed.and_then(|()| incoming.finish()) {
        Ok(imported) => dump_text(&imported.trace, per_track(input)),
        Err(e) => format!("error: {e}"),
    }
}

/// Offsets every `chunk` bytes.
fn every(len: usize, chunk: usize) -> Vec<usize> {
    (1..len.div_ceil(chunk)).map(|i| i * chunk).collect()
}

fn json_files() -> Vec<PathBuf> {
    let mut dirs = vec![
        common::data_dir("chrome_json"),
        common::data_dir("regressions"),
    ];
    dirs.extend(common::corpus_dir().map(|c| c.join("chrome_json")));
    let mut files: Vec<PathBuf> = dirs
        .iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.ends_with(".json") || name.ends_with(".json.gz")
        })
        .collect();
    files.sort();
    files
}

fn unpacked(bytes: Vec<u8>) -> Vec<u8> {
    if planeview::import::is_gzip(&bytes) {
        planeview::import::gunzip(&bytes, 1 << 32).unwrap().data
    } else {
        bytes
    }
}

/// Every Chrome JSON file gives the same dump with both backends, whole and in chunks of
/// odd sizes (so chunk boundaries fall inside strings and whitespace).
#[test]
fn every_json_file_dumps_the_same_with_both_backends() {
    let files = json_files();
    assert!(files.len() >= 25, "only {} files found", files.len());
    for path in &files {
        let name = path.display();
        #[allow(clippy::disallowed_methods)] // tests read files; the sans-IO rule is for the core
        let input = unpacked(common::read(path));
        let vector = whole(&input, ScanBackend::Vector);
        assert_eq!(vector, whole(&input, ScanBackend::Scalar), "{name}");
        let chunk = if input.len() > FULL_DUMP_BYTES {
            (1 << 20) + 7
        } else {
            4093
        };
        let cuts = every(input.len(), chunk);
        assert_eq!(
            vector,
            streamed(&input, ScanBackend::Vector, &cuts),
            "{name}"
        );
        assert_eq!(
            vector,
            streamed(&input, ScanBackend::Scalar, &cuts),
            "{name}"
        );
    }
}

/// Events that exercise every search: indentation runs longer than a block, strings longer
/// than a block with escapes near block edges, non-ASCII and control bytes in nested args.
const SMALL: &str = r#"{"traceEvents": [
                    {"ph": "X", "name": "a_name_longer_than_one_block\"quoted\"", "pid": 1,
          "tid": "t\\1",   "ts": 1.5, "dur": 2, "args": {"k":   [[1,  2],   ["x y z w v u t s r q p", "é"]],
                "ctrl": "a\u0001b", "nested": {"deep": {"x": "0123456789abcdef0123\\n"}}}},
	{"ph":"X","name":"\u00e9t\u00e9","pid":1,"tid":"t\\1","ts":4,"dur":1,"args":{"s":"tab	in"}},
      {"ph": "i", "name": "               spaces               ", "pid": 1, "tid": 2, "ts": 9, "s": "t"}
  ], "otherData": {"k": "v\\\"w"}}  "#;

/// A small input cut once at every byte, with both backends, gives the dump of the whole
/// input.
#[test]
fn small_input_cut_at_every_byte_dumps_the_same() {
    let input = SMALL.as_bytes();
    let expected = whole(input, ScanBackend::Scalar);
    assert!(!expected.starts_with("error"), "{expected}");
    assert_eq!(expected, whole(input, ScanBackend::Vector));
    for cut in 0..=input.len() {
        for scan in [ScanBackend::Vector, ScanBackend::Scalar] {
            assert_eq!(
                expected,
                streamed(input, scan, &[cut]),
                "cut at {cut}, {scan:?}"
            );
        }
    }
}

/// Pieces of trace JSON that stress the searches: whitespace runs of every length, long
/// strings, escapes, non-ASCII and control bytes, and some broken text.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        (0usize..40).prop_map(|n| " ".repeat(n)),
        (0usize..3, 0usize..24).prop_map(|(nl, n)| "\n".repeat(nl) + &"\t ".repeat(n)),
        "[a-z \\\\\"é\u{1}]{0,40}".prop_map(|s| format!("\"{s}\"")),
        "[a-z0-9 ]{0,40}".prop_map(|s| format!("\"{s}\"")),
        Just(r#""ph":"X""#.to_owned()),
        Just(r#""name""#.to_owned()),
        Just(r#""args""#.to_owned()),
        Just("{".to_owned()),
        Just("}".to_owned()),
        Just("[".to_owned()),
        Just("]".to_owned()),
        Just(":".to_owned()),
        Just(",".to_owned()),
        Just("12.5".to_owned()),
        Just("true".to_owned()),
        Just("\\".to_owned()),
    ]
}

/// A stream of events whose fields are built from the fragments.
fn trace_text() -> impl Strategy<Value = String> {
    let event = prop::collection::vec(fragment(), 0..12).prop_map(|parts| {
        format!(
            r#"{{"ph":"X","pid":1,"tid":1,"ts":1,"dur":1,"name":{},"args":{{"a":[{}]}}}}"#,
            parts.first().cloned().unwrap_or_else(|| "\"n\"".into()),
            parts.join("")
        )
    });
    prop::collection::vec(event, 1..6)
        .prop_map(|events| format!("{{\"traceEvents\": [{}]}}", events.join(",\n  ")))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Generated traces, cut at two random places, give the same dump with both backends
    /// and whole.
    #[test]
    fn generated_traces_agree_at_any_cut(
        text in trace_text(),
        a in any::<prop::sample::Index>(),
        b in any::<prop::sample::Index>(),
    ) {
        let input = text.as_bytes();
        let expected = whole(input, ScanBackend::Scalar);
        prop_assert_eq!(&expected, &whole(input, ScanBackend::Vector));
        let mut cuts = [a.index(input.len() + 1), b.index(input.len() + 1)];
        cuts.sort_unstable();
        for scan in [ScanBackend::Vector, ScanBackend::Scalar] {
            prop_assert_eq!(&expected, &streamed(input, scan, &cuts));
        }
    }
}
