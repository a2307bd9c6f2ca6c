//! The `import_bytes` dispatcher on gzip input.
//!
//! The first byte picks a mode:
//! - even: the rest is given as a gzip stream as is (the gzip magic is forced), so the
//!   fuzzer explores corrupt, cut and multi-member streams and the size/ratio limits;
//! - odd: the rest is compressed here (as one or two gzip members, split at a fuzzer-chosen
//!   point) and then imported, so the importers behind the gzip wrapper get valid streams of
//!   fuzzed content.
#![no_main]

use flate2::Compression;
use flate2::write::GzEncoder;
use libfuzzer_sys::fuzz_target;
use std::io::Write;

fn gzip(parts: &[&[u8]]) -> Vec<u8> {
    let mut out = Vec::new();
    for part in parts {
        let mut enc = GzEncoder::new(Vec::new(), Compression::fast());
        let _ = enc.write_all(part);
        if let Ok(member) = enc.finish() {
            out.extend_from_slice(&member);
        }
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let input = if mode % 2 == 0 {
        let mut v = vec![0x1f, 0x8b];
        v.extend_from_slice(rest.get(2..).unwrap_or_default());
        v
    } else if mode % 4 == 3 && !rest.is_empty() {
        let split = usize::from(mode) % rest.len();
        gzip(&[&rest[..split], &rest[split..]])
    } else {
        gzip(&[rest])
    };
    if let Ok(imported) = planeview::import::import_bytes(&input) {
        planeview_fuzz_check::check(&imported.trace);
        assert!(imported.unpacked_bytes <= planeview::limits::MAX_UNPACKED_BYTES);
    }
});

#[path = "common.rs"]
mod planeview_fuzz_check;
