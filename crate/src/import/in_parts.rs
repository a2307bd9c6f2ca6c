//! A file read as [`Incoming`] reads it, with ranges of a Chrome JSON event array read as
//! parts ([`PartStream`]) and taken in place of their bytes: the reference for reading the
//! ranges at once on other threads or workers (the CLI, the page), with the same result.

use super::chrome_json::{Part, PartStream, looks_like_bare_array};
use super::{ImportOptions, Imported, Incoming};
use crate::error::ImportError;

/// Imports `data` as [`Incoming`] would, the ranges between `points` (increasing offsets,
/// each taken for the start of an element of the event array; see
/// [`super::chrome_json::split_point`]) read as parts, one after another on this thread. Any
/// points give the result of [`super::import_bytes_with`]; only points at real element
/// boundaries of a plain (not gzip) Chrome JSON file save the stream reading their bytes.
/// Returns the import and how many parts were taken.
pub fn import_in_parts(
    data: &[u8],
    options: &ImportOptions,
    points: &[usize],
) -> Result<(Imported, usize), ImportError> {
    let len = data.len();
    let bare = looks_like_bare_array(data);
    let mut incoming = Incoming::new(*options);
    incoming.expect(len as u64)?;
    let mut starts: Vec<usize> = Vec::new();
    for &p in points {
        if p < len && starts.last().is_none_or(|&last| p > last) {
            starts.push(p);
        }
    }
    let mut taken = 0;
    for (k, &start) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(len);
        let part = read_part(&data[start..end], start, bare, options);
        // The bytes before the part that the stream has not read: up to the first point, or
        // what the last part left to it.
        let at = incoming.offset() as usize;
        incoming.push(&data[at..start])?;
        if incoming.absorb(&part)? {
            taken += 1;
        } else {
            incoming.push(&data[start..end])?;
        }
    }
    let at = incoming.offset() as usize;
    incoming.push(&data[at..])?;
    Ok((incoming.finish()?, taken))
}

/// The part of `range`, which starts at input offset `start`.
fn read_part(range: &[u8], start: usize, bare: bool, options: &ImportOptions) -> Part {
    let mut part = PartStream::new(start, bare, options);
    part.push(range);
    part.finish()
}
