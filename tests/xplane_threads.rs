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

/// Cut and damaged copies keep what one thread keeps, with the same diagnostics (their
/// examples name byte offsets, so a record counted out of order would show).
#[test]
fn damaged_xspace_on_several_threads_gives_the_model_of_one() {
    let data = common::xspace::generated();
    let inputs = common::xspace::cut_and_damaged(&data);
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
