//! Every sample in `tests/data`, truncated at 64 evenly spaced offsets and with 64 bytes
//! flipped (fixed seed), imports to `Ok` or `Err`: never a panic or a hang.
//! Gzip samples are damaged both as stored and after decompression, so the format
//! importers see damage too, not only the gzip decoder.

#![allow(clippy::disallowed_methods)] // tests do I/O; the rule is for the core

mod common;

use planeview::import::{import_bytes, is_gzip};
use std::io::Read;
use std::path::{Path, PathBuf};

const CUTS: usize = 64;
const FLIPS: usize = 64;

fn samples() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![common::data_dir("")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_none_or(|e| e != "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(
        files.len() >= 4,
        "expected samples in tests/data, found {files:?}"
    );
    files
}

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

fn damage_and_import(name: &str, bytes: &[u8]) {
    for k in 1..=CUTS {
        let cut = bytes.len() * k / (CUTS + 1);
        let result = std::panic::catch_unwind(|| import_bytes(&bytes[..cut]).map(|_| ()));
        assert!(result.is_ok(), "{name}: panic when cut at byte {cut}");
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ bytes.len() as u64);
    let mut flipped = bytes.to_vec();
    for _ in 0..FLIPS {
        let at = (rng.next() % bytes.len() as u64) as usize;
        let bit = 1u8 << (rng.next() % 8);
        flipped[at] ^= bit;
        let result = std::panic::catch_unwind(|| import_bytes(&flipped).map(|_| ()));
        assert!(
            result.is_ok(),
            "{name}: panic after flipping bit {bit:#04x} at byte {at}"
        );
        flipped[at] ^= bit;
    }
}

fn check(path: &Path) {
    let bytes = common::read(path);
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    damage_and_import(&name, &bytes);
    if is_gzip(&bytes) {
        let mut unpacked = Vec::new();
        flate2::read::MultiGzDecoder::new(&bytes[..])
            .read_to_end(&mut unpacked)
            .unwrap();
        damage_and_import(&format!("{name} (unpacked)"), &unpacked);
    }
}

#[test]
fn every_sample_survives_truncation_and_bit_flips() {
    for path in samples() {
        check(&path);
    }
}

#[test]
fn empty_and_tiny_inputs_are_errors_not_panics() {
    for input in [
        &b""[..],
        b"\x1f",
        b"\x1f\x8b",
        b"{",
        b"[",
        b"\x0a",
        b"\x0a\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff",
    ] {
        assert!(import_bytes(input).is_err(), "{input:?} should be an error");
    }
}
