//! The Perfetto protobuf importer on arbitrary bytes: `Ok` or `Err`, never a panic, and a
//! model whose index is consistent with its tables.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(trace) = planeview::import::perfetto::import(data) {
        planeview_fuzz_check::check(&trace);
    }
});

#[path = "common.rs"]
mod planeview_fuzz_check;
