//! A Chrome JSON input read in parts on arbitrary bytes: the stream reads up to the first
//! point, takes each part (read apart from its point to the next) in place of its bytes when
//! it can and reads the bytes when it cannot; the model (its `planeview dump`, diagnostics
//! and string table) or the error must be the one reader's. The first byte says how many
//! parts, the next two where the points go: at the boundaries `split_points` finds, or at
//! arbitrary offsets.
#![no_main]

use libfuzzer_sys::fuzz_target;
use planeview::import::ImportOptions;
use planeview::import::chrome_json::{
    ChromeJsonStream, PartStream, import_with, looks_like_bare_array, split_points,
};
use planeview::model::Trace;

fn in_parts(data: &[u8], points: &[usize]) -> Result<Trace, planeview::ImportError> {
    let options = ImportOptions::default();
    let bare = looks_like_bare_array(data);
    let mut stream = ChromeJsonStream::new(&options);
    for (k, &start) in points.iter().enumerate() {
        let end = points.get(k + 1).copied().unwrap_or(data.len());
        let mut part = PartStream::new(start, bare, &options);
        part.push(&data[start..end]);
        let part = part.finish();
        let at = stream.offset();
        stream.push(&data[at..start])?;
        if !stream.absorb(&part) {
            stream.push(&data[start..end])?;
        }
    }
    let at = stream.offset();
    stream.push(&data[at..])?;
    stream.finish()
}

fuzz_target!(|input: &[u8]| {
    let (parts, seed, data) = match input {
        [p, a, b, rest @ ..] => (usize::from(p % 8) + 2, u16::from_le_bytes([*a, *b]), rest),
        _ => return,
    };
    let whole = fingerprint(import_with(data, &ImportOptions::default()));
    let found = split_points(data, parts);
    assert_eq!(fingerprint(in_parts(data, &found)), whole, "at {found:?}");
    if data.is_empty() {
        return;
    }
    // Arbitrary increasing offsets from the seed.
    let mut blind: Vec<usize> = (1..parts as u32)
        .map(|k| (u32::from(seed).wrapping_mul(2_654_435_761).wrapping_add(k * 40_503) as usize) % data.len())
        .filter(|&p| p > 0)
        .collect();
    blind.sort_unstable();
    blind.dedup();
    assert_eq!(fingerprint(in_parts(data, &blind)), whole, "at {blind:?}");
});

#[path = "fingerprint.rs"]
mod fingerprint;
use fingerprint::fingerprint;
