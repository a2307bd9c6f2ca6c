//! A Chrome JSON file read in parts (ranges of its event array read apart, then taken by the
//! stream in place of their bytes) gives the same model as one reader, byte for byte in the
//! dump, diagnostics and errors included: at the boundaries `split_points` finds, at offsets
//! that are not boundaries at all, with parts pushed in chunks, on every JSON sample and
//! corpus file.

mod common;

use common::{files_containing, model_fingerprint as fingerprint, unpacked};
use planeview::import::chrome_json::{PartStream, looks_like_bare_array, split_points};
use planeview::import::{ImportOptions, import_bytes_with, import_in_parts};

#[test]
fn every_json_file_read_in_parts_gives_the_model_of_one_reader() {
    let options = ImportOptions::default();
    let (mut files, mut taken, mut offered) = (0, 0, 0);
    for path in files_containing("", ".json") {
        let data = unpacked(&path);
        let name = path.display();
        let whole = fingerprint(import_bytes_with(&data, &options));
        for parts in [2, 3, 8] {
            let points = split_points(&data, parts);
            let (imported, n) = match import_in_parts(&data, &options, &points) {
                Ok((imported, n)) => (Ok(imported), n),
                Err(e) => (Err(e), 0),
            };
            assert_eq!(fingerprint(imported), whole, "{name} in {parts} parts");
            // Small files are decided (and headers read) before their first boundary; JSON
            // that is not a trace has no event array to split.
            if data.len() >= 256 << 10 && !whole.starts_with("error:") {
                offered += points.len();
                taken += n;
            }
        }
        // Offsets that are mostly not boundaries: every part is refused or stops early.
        let blind: Vec<usize> = (1..7).map(|k| data.len() * k / 7).collect();
        let blind_parts = import_in_parts(&data, &options, &blind).map(|(i, _)| i);
        assert_eq!(fingerprint(blind_parts), whole, "{name} at blind offsets");
        files += 1;
    }
    assert!(files >= 20, "only {files} JSON files");
    // Most boundaries found are real ones, so most parts are taken (a test that only ever
    // fell back to one reader would prove nothing).
    assert!(
        offered > 0 && taken * 10 >= offered * 9,
        "{taken} of {offered} parts taken"
    );
    eprintln!("{files} files; {taken} of {offered} parts taken");
}

/// A part pushed in chunks of any size is the part read at once.
#[test]
fn a_part_read_in_chunks_is_the_part_read_at_once() {
    let path = common::data_dir("chrome_json/speedscope__trace-event_multiprocess.json");
    let data = common::read(&path);
    let options = ImportOptions::default();
    let bare = looks_like_bare_array(&data);
    let points = split_points(&data, 3);
    assert_eq!(points.len(), 2, "two boundaries in the sample");
    let (start, end) = (points[0], points[1]);
    let read = |chunk: usize| {
        let mut p = PartStream::new(start, bare, &options);
        for c in data[start..end].chunks(chunk) {
            p.push(c);
        }
        p.finish().into_bytes()
    };
    let at_once = read(end - start);
    for chunk in [1, 2, 7, 64, 1000] {
        assert_eq!(read(chunk), at_once, "chunks of {chunk}");
    }
}

/// Damaged part bytes (cut short, or a byte changed, as a broken transfer between workers
/// would leave them) are refused whole: the stream then reads the range itself and the model
/// is unchanged.
#[test]
fn a_damaged_part_is_refused_and_changes_nothing() {
    use planeview::import::Incoming;
    use planeview::import::chrome_json::Part;
    let path = common::data_dir("chrome_json/speedscope__trace-event_multiprocess.json");
    let data = common::read(&path);
    let options = ImportOptions::default();
    let whole = fingerprint(import_bytes_with(&data, &options));
    let bare = looks_like_bare_array(&data);
    let start = split_points(&data, 2)[0];
    let mut p = PartStream::new(start, bare, &options);
    p.push(&data[start..]);
    let good = p.finish().into_bytes();
    let mut damaged = 0;
    for cut in (48..good.len()).step_by(good.len() / 50 + 1) {
        for damage in [Damage::Cut, Damage::Flip] {
            let mut bytes = good.clone();
            match damage {
                Damage::Cut => bytes.truncate(cut),
                Damage::Flip => bytes[cut] ^= 0xa5,
            }
            let Some(part) = Part::from_bytes(bytes) else {
                continue;
            };
            let mut inc = Incoming::new(options);
            inc.expect(data.len() as u64).unwrap();
            inc.push(&data[..start]).unwrap();
            assert!(
                !inc.absorb(&part).unwrap(),
                "damaged at {cut} ({damage:?}) and taken"
            );
            damaged += 1;
            inc.push(&data[start..]).unwrap();
            assert_eq!(fingerprint(inc.finish()), whole, "cut {cut} {damage:?}");
        }
    }
    assert!(damaged > 50, "{damaged} damaged parts tried");
}

#[derive(Clone, Copy, Debug)]
enum Damage {
    Cut,
    Flip,
}
