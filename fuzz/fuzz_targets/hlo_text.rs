//! The HLO text reader on arbitrary text, and the HLO view's requests on whatever it read
//! (`hlo_views.rs`). An input that does not start like HLO text gets an `HloModule`
//! header, so every input reaches the parser.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if planeview::hlo::looks_like_hlo_text(data) {
        hlo_views::exercise(data);
    } else {
        let mut text = b"HloModule fuzz\n".to_vec();
        text.extend_from_slice(data);
        hlo_views::exercise(&text);
    }
});

#[path = "hlo_views.rs"]
mod hlo_views;
