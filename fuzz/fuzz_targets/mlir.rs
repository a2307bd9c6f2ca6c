//! The MLIR bytecode decoder and printer: decode arbitrary bytes (the magic is forced, so
//! every input reaches the section reader), then print what decoded in generic form with
//! and without locations. A decode error is fine; a panic, a hang or a blow-up of the
//! printed text is a finding.
#![no_main]

use libfuzzer_sys::fuzz_target;
use planeview::mlir::{self, MAGIC, PrintOptions};

fuzz_target!(|data: &[u8]| {
    let mut input;
    let bytes = if mlir::is_bytecode(data) {
        data
    } else {
        input = MAGIC.to_vec();
        input.extend_from_slice(data);
        &input[..]
    };
    if let Ok(module) = mlir::decode(bytes) {
        for locs in [false, true] {
            let _ = module.print(&PrintOptions {
                locs,
                ..PrintOptions::default()
            });
        }
    }
});
