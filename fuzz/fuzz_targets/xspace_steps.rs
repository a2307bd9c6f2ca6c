//! An XSpace imported in steps (as the page's engine imports it, with previews between steps),
//! on arbitrary bytes: the model (its `planeview dump`, diagnostics and string table) or the
//! error must be the one the import at once gives. The first byte picks the run size (1–16
//! events) and the step size (1–46 events).
#![no_main]

use libfuzzer_sys::fuzz_target;
use planeview::import::ImportOptions;
use planeview::import::xplane::{Stepwise, import_with};

fuzz_target!(|input: &[u8]| {
    let Some((&pick, data)) = input.split_first() else {
        return;
    };
    let once = fingerprint(import_with(data, &ImportOptions::default()));
    let options = ImportOptions {
        xspace_run_events: 1 + usize::from(pick & 15),
        ..ImportOptions::default()
    };
    let step = 1 + 3 * u64::from(pick >> 4);
    let mut steps = Stepwise::new(data.to_vec(), &options);
    let mut k = 0u32;
    while !steps.step(step) {
        k += 1;
        if k % 2 == 0 {
            let preview = steps.snapshot();
            assert!(preview.slices.len() as u64 <= steps.events_placed());
        }
    }
    assert_eq!(fingerprint(steps.finish()), once, "{options:?}, steps of {step}");
});

#[path = "fingerprint.rs"]
mod fingerprint;
use fingerprint::fingerprint;
