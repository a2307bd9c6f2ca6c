//! One Chrome trace read in parts, on several threads or workers, with the same result as
//! one reader: a part reads a byte range of the event array into a record of the reader's
//! results ([`Part`]), and the stream that reads the file takes the part in place of the
//! bytes ([`super::ChromeJsonStream::absorb`]) when it reaches the part's start.
//!
//! Contract:
//! - A range starts where [`split_point`] finds what looks like the boundary between two
//!   elements of the event array (`}`, then `,` and `{"` with only whitespace between).
//!   That can be wrong (the same bytes inside a string or a nested arg value): the stream
//!   checks it, taking a part only when its own reading stands exactly at the part's start,
//!   between two elements of an array of the same kind. A part that starts anywhere else is
//!   never taken, so a wrong guess costs time, never a different result.
//! - A part reads complete elements (`,` then an element) with the event reader the stream
//!   uses, and stops before the first thing that is not one: the array's `]`, a syntax
//!   error, an element cut by the range's end, a limit. The stream reads what follows the
//!   part's stop itself, so everything but the reading of whole elements (errors, the end of
//!   the array, the members after it) happens exactly as without parts.
//! - The strings a part interns are recorded in the order it made them, and the stream
//!   interns them at the same points, between the same events, as its own reading would:
//!   the model, string ids included, is the same as one reader's ([`planeview dump`] is
//!   byte-identical; `tests/json_parts.rs` and the `json_parts` fuzz target check it).

mod replay;
mod tables;
mod tape;

use super::chunked::{Chunked, UnitReader};
use super::event::{EventFields, read_event};
use super::lexer::{LexError, Lexer};
use super::scan::ScanBackend;
use crate::error::ImportError;
use crate::import::ImportOptions;
use tables::PartTables;
use tape::{HEADER_BYTES, Header};

/// How far past its guessed offset [`split_points`] looks for a boundary.
const SPLIT_WINDOW_BYTES: usize = 1 << 20;

/// A range of the event array read into a record: the bytes
/// [`super::ChromeJsonStream::absorb`] takes. It can be moved between threads or, as bytes
/// ([`Part::into_bytes`], [`Part::from_bytes`]), between workers.
#[derive(Clone, Debug)]
pub struct Part {
    bytes: Vec<u8>,
    header: Header,
}

impl Part {
    /// A part from the bytes of [`Part::into_bytes`]; `None` if they do not start as a
    /// part does (the rest is checked when the part is taken).
    pub fn from_bytes(bytes: Vec<u8>) -> Option<Part> {
        let header = Header::read(&bytes)?;
        Some(Part { bytes, header })
    }

    /// The part as bytes.
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    /// The input offset the part starts at.
    pub fn start(&self) -> usize {
        self.header.start
    }

    /// The input offset where the part stopped reading: its range's end, or the start of
    /// what it left to the stream.
    pub fn stop(&self) -> usize {
        self.header.stop
    }

    /// The array elements the part read.
    pub fn entries(&self) -> u64 {
        self.header.entries
    }

    /// Whether the part was read as the root array (`[...]`) rather than `traceEvents`.
    pub(super) fn bare(&self) -> bool {
        self.header.bare
    }

    pub(super) fn replaced_chars(&self) -> u64 {
        self.header.replaced_chars
    }

    pub(super) fn record(&self) -> &[u8] {
        &self.bytes
    }

    /// Whether the ops are the ones the part wrote (their checksum is the header's).
    pub(super) fn intact(&self) -> bool {
        self.bytes.len() >= HEADER_BYTES
            && tape::checksum(&self.bytes[HEADER_BYTES..]) == self.header.checksum
    }
}

/// A range of the event array read as its bytes arrive ([`PartStream::push`]), then
/// [`PartStream::finish`]ed into a [`Part`].
#[derive(Debug)]
pub struct PartStream {
    chunks: Chunked<PartReader>,
}

impl PartStream {
    /// A part that starts at input offset `start`, inside the root array if `bare` (see
    /// [`looks_like_bare_array`]) or else inside `traceEvents`.
    pub fn new(start: usize, bare: bool, options: &ImportOptions) -> Self {
        let reader = PartReader {
            stop: None,
            scan: options.scan,
            ..PartReader::empty(start, bare)
        };
        PartStream {
            chunks: Chunked::new(reader, start),
        }
    }

    /// Reads the complete elements of the next bytes of the range.
    pub fn push(&mut self, chunk: &[u8]) {
        // A part's reader never fails: it stops instead.
        let _ = self.chunks.push(chunk);
    }

    /// True once the part stopped before the end of what was pushed (the rest of its range
    /// need not be read).
    pub fn stopped(&self) -> bool {
        self.chunks.reader.stop.is_some()
    }

    /// The part, its range ending after the bytes pushed.
    pub fn finish(self) -> Part {
        let end = self.chunks.offset();
        let start = self.chunks.reader.start;
        let bare = self.chunks.reader.bare;
        match self.chunks.finish() {
            Ok((reader, replaced_chars)) => reader.into_part(end, replaced_chars),
            // A part's reader stops instead of failing; were it to fail, an empty part
            // leaves all of its range to the stream.
            Err(_) => PartReader::empty(start, bare).into_part(start, 0),
        }
    }
}

/// Reads one part's elements.
#[derive(Debug)]
struct PartReader {
    tables: PartTables,
    ev: EventFields,
    bare: bool,
    start: usize,
    /// Where reading stopped for good, once it has.
    stop: Option<usize>,
    entries: u64,
    scan: ScanBackend,
}

impl PartReader {
    fn empty(start: usize, bare: bool) -> Self {
        PartReader {
            tables: PartTables::default(),
            ev: EventFields::default(),
            bare,
            start,
            stop: Some(start),
            entries: 0,
            scan: ScanBackend::default(),
        }
    }

    /// Reads one `,` and element; false (the cursor moved) if that is not what follows.
    fn element(&mut self, lx: &mut Lexer<'_>, depth: usize) -> Result<bool, LexError> {
        let mut first = false;
        if !lx.next_element(&mut first)? {
            return Ok(false);
        }
        let start = lx.offset();
        match lx.peek() {
            None => return Err(LexError::Eof { offset: start }),
            Some(b'{') => {
                read_event(lx, &mut self.tables, &mut self.ev, depth)?;
                if self.tables.full {
                    return Ok(false);
                }
                self.tables.tape.event(&self.ev);
            }
            Some(_) => {
                lx.skip_value(depth)?;
                self.tables.tape.not_an_object(start);
            }
        }
        Ok(true)
    }

    fn into_part(self, end: usize, replaced_chars: u64) -> Part {
        let mut bytes = self.tables.tape.buf;
        let header = Header {
            bare: self.bare,
            start: self.start,
            stop: self.stop.unwrap_or(end),
            replaced_chars,
            entries: self.entries,
            checksum: tape::checksum(&bytes[HEADER_BYTES..]),
        };
        header.write(&mut bytes[..HEADER_BYTES]);
        Part { bytes, header }
    }
}

impl UnitReader for PartReader {
    fn advance(&mut self, lx: &mut Lexer<'_>, at_end: bool) -> Result<(), ImportError> {
        let depth = if self.bare { 1 } else { 2 };
        // The range's end is never the input's: the stream reads on from where this stops.
        lx.input_continues();
        while self.stop.is_none() {
            let mark = lx.offset();
            let replaced = lx.replaced_chars;
            let outcome = self.element(lx, depth);
            if let Ok(true) = outcome {
                self.entries += 1;
                continue;
            }
            // Left to the stream (or, cut by the end of a chunk, to the next one). The
            // strings interned while reading it stay recorded: reading it again interns the
            // same ones first, in the same order.
            lx.rewind(mark);
            lx.replaced_chars = replaced;
            if matches!(outcome, Err(LexError::Eof { .. })) && !at_end {
                return Ok(());
            }
            self.stop = Some(mark);
        }
        Ok(())
    }

    fn ended(&self) -> bool {
        self.stop.is_some()
    }

    fn scan(&self) -> ScanBackend {
        self.scan
    }
}

/// The first offset at or after `from`, in `window` (the input from offset `from`), that
/// looks like the boundary between two elements of the event array: just after a `}`
/// followed by `,` and `{"` with only whitespace between. `None` if the window has none.
pub fn split_point(window: &[u8], from: usize) -> Option<usize> {
    let ws = |b: u8| matches!(b, b' ' | b'\n' | b'\r' | b'\t');
    let mut at = 0;
    while let Some(k) = window[at..].iter().position(|&b| b == b'}') {
        let after = at + k + 1;
        let mut rest = window[after..].iter().copied().skip_while(|&b| ws(b));
        let looks_like = rest.next() == Some(b',')
            && rest.by_ref().find(|&b| !ws(b)) == Some(b'{')
            && rest.find(|&b| !ws(b)) == Some(b'"');
        if looks_like {
            return Some(from + after);
        }
        at = after;
    }
    None
}

/// Up to `parts - 1` increasing offsets that split `input` into ranges of about equal size
/// at what [`split_point`] takes for element boundaries (fewer when it finds none).
pub fn split_points(input: &[u8], parts: usize) -> Vec<usize> {
    let mut points: Vec<usize> = Vec::new();
    for k in 1..parts.max(1) {
        let guess = input.len() / parts * k;
        let from = guess.max(points.last().map_or(0, |&p| p + 1));
        let Some(window) = input.get(from..(from + SPLIT_WINDOW_BYTES).min(input.len())) else {
            break;
        };
        if let Some(point) = split_point(window, from) {
            points.push(point);
        }
    }
    points
}

/// Whether the input, from its first bytes, looks like a bare array of events (`[` first)
/// rather than an object with `traceEvents`.
pub fn looks_like_bare_array(head: &[u8]) -> bool {
    let text = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    text.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[')
}
