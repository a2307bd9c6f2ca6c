//! The Chrome trace-event JSON importer on arbitrary bytes.
//!
//! The importer takes the whole buffer today (`import::chrome_json::import(&[u8])`); it has
//! no chunked entry point yet, so this target fuzzes the whole-buffer path. When a streaming
//! reader lands, feed it here too, split at fuzzer-chosen chunk sizes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(trace) = planeview::import::chrome_json::import(data) {
        planeview_fuzz_check::check(&trace);
    }
});

#[path = "common.rs"]
mod planeview_fuzz_check;
