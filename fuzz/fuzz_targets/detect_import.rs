//! Any bytes through the `import_bytes` dispatcher (gzip detection, sniffing, every importer).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Detection alone must be total too.
    let _ = planeview::import::detect(data);
    if let Ok(imported) = planeview::import::import_bytes(data) {
        planeview_fuzz_check::check(&imported.trace);
        let _ = planeview::summary::Summary::of(&imported);
    }
});

#[path = "common.rs"]
mod planeview_fuzz_check;
