//! The Chrome JSON tokenizer's two byte-search backends (vector: SSE2 here; scalar) on
//! arbitrary bytes: the model (its `planeview dump`) or the error must be the same with
//! either, read whole and streamed in two pieces cut where the first two input bytes say.
#![no_main]

use libfuzzer_sys::fuzz_target;
use planeview::import::chrome_json::{ChromeJsonStream, import_with};
use planeview::import::{ImportOptions, ScanBackend};
use planeview::model::dump_text;

fn options(scan: ScanBackend) -> ImportOptions {
    ImportOptions {
        scan,
        ..ImportOptions::default()
    }
}

fn whole(data: &[u8], scan: ScanBackend) -> String {
    match import_with(data, &options(scan)) {
        Ok(trace) => dump_text(&trace, usize::MAX),
        Err(e) => format!("error: {e}"),
    }
}

fn streamed(data: &[u8], cut: usize, scan: ScanBackend) -> String {
    let mut stream = ChromeJsonStream::new(&options(scan));
    let (a, b) = data.split_at(cut);
    match stream.push(a).and_then(|()| stream.push(b)).and_then(|()| stream.finish()) {
        Ok(trace) => dump_text(&trace, usize::MAX),
        Err(e) => format!("error: {e}"),
    }
}

fuzz_target!(|input: &[u8]| {
    let (cut, data) = match input {
        [a, b, rest @ ..] => (usize::from(u16::from_le_bytes([*a, *b])), rest),
        _ => return,
    };
    let vector = whole(data, ScanBackend::Vector);
    assert_eq!(vector, whole(data, ScanBackend::Scalar), "whole input");
    let cut = cut % (data.len() + 1);
    let vector_streamed = streamed(data, cut, ScanBackend::Vector);
    assert_eq!(
        vector_streamed,
        streamed(data, cut, ScanBackend::Scalar),
        "streamed, cut at {cut}"
    );
});
