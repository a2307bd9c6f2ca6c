//! The HLO proto reader (`HloProto` / `HloModuleProto`) on arbitrary bytes, and the HLO
//! view's requests on whatever it read (`hlo_views.rs`). Inputs that look like HLO text are
//! left to the `hlo_text` target.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if planeview::hlo::looks_like_hlo_text(data) {
        return;
    }
    hlo_views::exercise(data);
});

#[path = "hlo_views.rs"]
mod hlo_views;
