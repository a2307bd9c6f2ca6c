//! An XSpace imported on several threads, in runs of a few events, on arbitrary bytes: the
//! model (its `planeview dump`, diagnostics and string table) or the error must be the one a
//! single thread gives. The first byte picks the run size (1–16 events) and the threads (2–4).
#![no_main]

use libfuzzer_sys::fuzz_target;
use planeview::import::ImportOptions;
use planeview::import::xplane::import_with;

fuzz_target!(|input: &[u8]| {
    let Some((&pick, data)) = input.split_first() else {
        return;
    };
    let one = fingerprint(import_with(data, &ImportOptions::default()));
    let options = ImportOptions {
        threads: 2 + usize::from(pick >> 4) % 3,
        xspace_run_events: 1 + usize::from(pick & 15),
        ..ImportOptions::default()
    };
    assert_eq!(fingerprint(import_with(data, &options)), one, "{options:?}");
});

#[path = "fingerprint.rs"]
mod fingerprint;
use fingerprint::fingerprint;
