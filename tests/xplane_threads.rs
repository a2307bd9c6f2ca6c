//! An XSpace imported on several threads, in runs of any size, gives the model of one thread
//! byte for byte: the dump, the diagnostics and their examples, the string table, errors
//! included. On every XSpace sample and corpus file, and on damaged and cut copies.

mod common;

use common::{files_containing, model_fingerprint as fingerprint, unpacked};
use planeview::import::{ImportOptions, import_bytes_with};

fn options(threads: usize, run_events: usize) -> ImportOptions {
    ImportOptions {
        threads,
        xspace_run_events: run_events,
        ..ImportOptions::default()
    }
}

#[test]
fn every_xspace_file_on_several_threads_gives_the_model_of_one() {
    let mut files = 0;
    for path in files_containing("xplane", ".xplane.pb") {
        let data = unpacked(&path);
        let name = path.display();
        let one = fingerprint(import_bytes_with(&data, &ImportOptions::default()));
        assert!(!one.starts_with("error:"), "{name}: {one}");
        // Big files: two settings (the default runs, and many short ones); small: more.
        let settings: &[(usize, usize)] = if data.len() > 16 << 20 {
            &[(2, 8192), (3, 1000)]
        } else {
            &[(2, 8192), (2, 1), (3, 7), (8, 100)]
        };
        for &(threads, run) in settings {
            let many = fingerprint(import_bytes_with(&data, &options(threads, run)));
            assert_eq!(many, one, "{name}: {threads} threads, runs of {run}");
        }
        files += 1;
    }
    if common::corpus_dir().is_some() {
        assert!(files >= 7, "only {files} XSpace files");
    }
}

/// A generated XSpace: two planes, lines of many events with string and number stats.
fn generated() -> Vec<u8> {
    use common::xspace::{Event, Line, Plane, Val, encode};
    const WORDS: [&str; 5] = ["alpha", "beta", "gamma", "delta", "epsilon"];
    let line = |id: i64, name: &'static str, n: i64| Line {
        id,
        name,
        timestamp_ns: 1_000 + id,
        events: (0..n)
            .map(|i| Event {
                md: 1 + i % 3,
                offset_ps: i * 1_000,
                dur_ps: 900 - (i % 5) * 100,
                stats: vec![(10, Val::S(WORDS[(i % 5) as usize])), (11, Val::I(i - 50))],
                ..Event::default()
            })
            .collect(),
        ..Line::default()
    };
    let plane = |id: i64, name: &'static str| Plane {
        id,
        name,
        lines: vec![line(1, "a", 400), line(2, "b", 250), line(3, "c", 30)],
        event_md: (1..=3)
            .map(|m| (m, WORDS[m as usize], "", vec![]))
            .collect(),
        stat_md: vec![(10, "word"), (11, "number")],
        ..Plane::default()
    };
    encode(&[plane(1, "/host:CPU"), plane(2, "/device:GPU:0")])
}

/// Cut and damaged copies keep what one thread keeps, with the same diagnostics (their
/// examples name byte offsets, so a record counted out of order would show).
#[test]
fn damaged_xspace_on_several_threads_gives_the_model_of_one() {
    let data = generated();
    let mut inputs: Vec<Vec<u8>> = (1..12)
        .map(|k| data[..data.len() * k / 12].to_vec())
        .collect();
    for k in 1..24 {
        let mut flipped = data.clone();
        let at = data.len() * k / 24;
        flipped[at] ^= 0x5a;
        flipped[at / 2 + 3] = 0xff;
        inputs.push(flipped);
    }
    let intact = fingerprint(import_bytes_with(&data, &ImportOptions::default()));
    let (mut partial, mut with_damage) = (0, 0);
    for (k, input) in inputs.iter().enumerate() {
        let one = fingerprint(import_bytes_with(input, &ImportOptions::default()));
        partial += usize::from(one != intact && !one.starts_with("error:"));
        with_damage += usize::from(one.contains("malformed_record"));
        for (threads, run) in [(2, 1), (3, 5), (2, 64)] {
            let many = fingerprint(import_bytes_with(input, &options(threads, run)));
            assert_eq!(many, one, "input {k}: {threads} threads, runs of {run}");
        }
    }
    // Most copies keep a model that differs from the intact one, some with damage counted.
    assert!(
        partial >= 20 && with_damage >= 5,
        "{partial} partial, {with_damage} with damage"
    );
}
