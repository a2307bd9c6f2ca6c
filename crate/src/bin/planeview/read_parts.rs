//! Reading one large Chrome JSON file on several threads: ranges of its event array are
//! read into parts by worker threads while this thread reads the first range, then the
//! parts are taken in order in place of their bytes (see `planeview::import::chrome_json`'s
//! parts). The model is the one a single reader makes.

use planeview::import::chrome_json::{self, Part, PartStream, looks_like_bare_array, split_point};
use planeview::import::{ImportOptions, Incoming, is_gzip};
use std::fs::File;
use std::io::Read;

/// Bytes read from a file at a time: small enough that a chunk is still in the CPU's cache
/// when the reader parses it (16 MiB chunks took 0.30 s against 0.25–0.28 s for the 131 MB
/// PyTorch trace, medians of 12 runs; XSpace files the same either way).
const READ_CHUNK: usize = 1 << 20;

/// Files smaller than this are read on one thread.
const PARTS_FROM_BYTES: u64 = 32 << 20;

/// How far past a guessed offset a boundary is looked for.
const SPLIT_WINDOW: usize = 1 << 20;

/// Threads at most: more gives little (the stream takes the parts one after another).
const MAX_THREADS: usize = 8;

/// The first range is this fraction of the others: the thread that reads it also places
/// every event, so it has less time for reading.
const FIRST_RANGE_SHARE: f64 = 0.8;

/// Threads for one file: `PLANEVIEW_JOBS` if set (1 reads on one thread), else the cores.
pub fn threads() -> usize {
    std::env::var("PLANEVIEW_JOBS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .clamp(1, MAX_THREADS)
}

/// Reads all of `f` (of `size` bytes) into `incoming`, on several threads when it is a large
/// plain Chrome JSON file. Errors are the message to print: reading the file, or the import.
pub fn read_into(f: &mut File, size: u64, incoming: &mut Incoming) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    let threads = threads();
    let mut head = vec![0u8; 4096.min(size as usize)];
    f.read_exact(&mut head).map_err(io)?;
    let split =
        threads > 1 && size >= PARTS_FROM_BYTES && !is_gzip(&head) && chrome_json::sniff(&head);
    if !split {
        return copy(f, 0, size, incoming);
    }
    let points = boundaries(f, size, threads).map_err(io)?;
    let bare = looks_like_bare_array(&head);
    let shared = f.try_clone().map_err(io)?;
    std::thread::scope(|scope| {
        let mut ranges = Vec::new();
        for (k, &start) in points.iter().enumerate() {
            let end = points.get(k + 1).copied().unwrap_or(size);
            let shared = &shared;
            let thread = scope.spawn(move || read_part(shared, start, end, bare));
            ranges.push((start, end, thread));
        }
        for (start, end, thread) in ranges {
            // What the stream has not read before the part: the first range, or what the
            // last part left to it.
            copy(f, incoming.offset(), start, incoming)?;
            // A range that could not be read is read here.
            let taken = match thread.join() {
                Ok(Ok(part)) => incoming.absorb(&part).map_err(|e| e.to_string())?,
                _ => false,
            };
            if !taken {
                copy(f, start, end, incoming)?;
            }
        }
        copy(f, incoming.offset(), size, incoming)
    })
}

/// The starts of the ranges after the first: one guess per thread past the first (the
/// first range smaller, see [`FIRST_RANGE_SHARE`]), each moved to the next boundary.
fn boundaries(f: &File, size: u64, threads: usize) -> std::io::Result<Vec<u64>> {
    let unit = size as f64 / (FIRST_RANGE_SHARE + (threads - 1) as f64);
    let mut points: Vec<u64> = Vec::new();
    let mut window = vec![0u8; SPLIT_WINDOW];
    for k in 0..threads - 1 {
        let guess = ((FIRST_RANGE_SHARE + k as f64) * unit) as u64;
        let from = guess.max(points.last().map_or(0, |&p| p + 1));
        if from >= size {
            break;
        }
        let n = read_at(f, &mut window, from)?;
        if let Some(p) = split_point(&window[..n], from as usize) {
            points.push(p as u64);
        }
    }
    Ok(points)
}

/// Bytes `start..end` of `f` pushed into `incoming`.
fn copy(f: &File, start: u64, end: u64, incoming: &mut Incoming) -> Result<(), String> {
    let mut buf = vec![0u8; READ_CHUNK.min(end.saturating_sub(start) as usize)];
    let mut at = start;
    while at < end {
        let want = buf.len().min((end - at) as usize);
        let n = read_at(f, &mut buf[..want], at).map_err(|e| e.to_string())?;
        if n == 0 {
            break;
        }
        incoming.push(&buf[..n]).map_err(|e| e.to_string())?;
        at += n as u64;
    }
    Ok(())
}

/// The part of bytes `start..end`.
fn read_part(f: &File, start: u64, end: u64, bare: bool) -> std::io::Result<Part> {
    let mut part = PartStream::new(start as usize, bare, &ImportOptions::default());
    let mut buf = vec![0u8; READ_CHUNK.min((end - start) as usize)];
    let mut at = start;
    while at < end && !part.stopped() {
        let want = buf.len().min((end - at) as usize);
        let n = read_at(f, &mut buf[..want], at)?;
        if n == 0 {
            break;
        }
        part.push(&buf[..n]);
        at += n as u64;
    }
    Ok(part.finish())
}

/// Reads at `offset` until `buf` is full or the file ends (without moving the handle's
/// position, so threads can share it); returns the bytes read.
fn read_at(f: &File, buf: &mut [u8], offset: u64) -> std::io::Result<usize> {
    #[cfg(unix)]
    use std::os::unix::fs::FileExt;
    #[cfg(windows)]
    use std::os::windows::fs::FileExt;
    let mut n = 0;
    while n < buf.len() {
        let at = offset + n as u64;
        #[cfg(unix)]
        let k = f.read_at(&mut buf[n..], at)?;
        #[cfg(windows)]
        let k = f.seek_read(&mut buf[n..], at)?;
        if k == 0 {
            break;
        }
        n += k;
    }
    Ok(n)
}
