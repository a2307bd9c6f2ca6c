//! Feeding a reader of whole units (an event, a top-level member) an input that arrives in
//! chunks: every complete unit of a chunk is read in place and only the unread tail is kept
//! (at most one unit, plus the chunk), so the input is never held whole.

use super::lexer::Lexer;
use super::scan::ScanBackend;
use crate::error::ImportError;

/// A reader that reads whole units from a lexer and leaves a unit cut by the end of the
/// input unread (the cursor before it), unless told that the input ends there.
pub(super) trait UnitReader {
    /// Reads units until the input in `lx` runs out (see [`Chunked::push`]).
    fn advance(&mut self, lx: &mut Lexer<'_>, at_end: bool) -> Result<(), ImportError>;
    /// True once the reader reads nothing more, whatever follows.
    fn ended(&self) -> bool;
    /// The lexers' byte-search backend.
    fn scan(&self) -> ScanBackend;
}

/// A [`UnitReader`] fed chunk by chunk.
#[derive(Debug)]
pub(super) struct Chunked<R> {
    pub(super) reader: R,
    /// The bytes not read yet.
    pub(super) tail: Vec<u8>,
    /// Offset of `tail[0]` in the input.
    pub(super) base: usize,
    /// Offset of the end of what was pushed (or taken in place of bytes).
    pub(super) end: usize,
    /// Don't read again before the tail holds this many bytes: a value that keeps being cut
    /// is re-read only as the tail doubles, so the total work stays linear.
    retry_len: usize,
    /// Characters the lexers replaced in what was read.
    pub(super) replaced_chars: u64,
}

/// The first bytes a stream waits for before reading (a byte-order mark and the first
/// value's opening bracket).
const STREAM_MIN_BYTES: usize = 8;

/// Bytes of a new chunk appended to the tail to complete the unit cut at the end of the last
/// one (more when the tail is longer): units are far smaller, so the rest of the chunk is
/// read in place.
const BRIDGE_BYTES: usize = 64 << 10;

impl<R: UnitReader> Chunked<R> {
    /// `reader` at input offset `base`.
    pub(super) fn new(reader: R, base: usize) -> Self {
        Chunked {
            reader,
            tail: Vec::new(),
            base,
            end: base,
            retry_len: if base == 0 { STREAM_MIN_BYTES } else { 0 },
            replaced_chars: 0,
        }
    }

    /// The input offset of the next byte to push.
    pub(super) fn offset(&self) -> usize {
        self.end
    }

    /// Reads the complete units of `chunk` (with the tail left from before).
    pub(super) fn push(&mut self, chunk: &[u8]) -> Result<(), ImportError> {
        if self.reader.ended() {
            // Nothing is kept once the reader has ended: each chunk is only looked at (for
            // data after the end), at its own offset, however small it is.
            let mut lx = Lexer::at(chunk, self.end, self.reader.scan());
            self.end += chunk.len();
            self.tail.clear();
            self.base = self.end;
            return self.reader.advance(&mut lx, false);
        }
        let chunk_start = self.end;
        self.end += chunk.len();
        let mut chunk = chunk;
        if !self.tail.is_empty() || chunk.len() < self.retry_len {
            // Complete the unit cut at the end of the last chunk with the start of this one
            // (the bridge); once it is read, go on in the chunk itself.
            let old_len = self.tail.len();
            let bridge = chunk.len().min(old_len.max(BRIDGE_BYTES));
            self.tail.extend_from_slice(&chunk[..bridge]);
            let read = if self.tail.len() < self.retry_len {
                0
            } else {
                self.read_tail()?
            };
            if self.reader.ended() {
                // The rest of the chunk is only looked at, as above.
                self.tail.clear();
                self.base = self.end;
                let mut lx = Lexer::at(&chunk[bridge..], chunk_start + bridge, self.reader.scan());
                return self.reader.advance(&mut lx, false);
            }
            if read <= old_len {
                // The unit goes on past the bridge (or it is not time to retry yet).
                self.tail.drain(..read);
                self.tail.extend_from_slice(&chunk[bridge..]);
                self.set_retry();
                return Ok(());
            }
            chunk = &chunk[read - old_len..];
            self.tail.clear();
        }
        let mut lx = Lexer::at(chunk, self.base, self.reader.scan());
        self.reader.advance(&mut lx, false)?;
        let read = lx.offset() - self.base;
        self.replaced_chars += lx.replaced_chars;
        self.base += read;
        if self.reader.ended() {
            self.base = self.end;
        } else {
            self.tail.extend_from_slice(&chunk[read..]);
        }
        self.set_retry();
        Ok(())
    }

    /// Reads the complete units of the tail; returns how many bytes were read (the tail
    /// itself is left to the caller).
    fn read_tail(&mut self) -> Result<usize, ImportError> {
        let mut lx = Lexer::at(&self.tail, self.base, self.reader.scan());
        self.reader.advance(&mut lx, false)?;
        let read = lx.offset() - self.base;
        self.replaced_chars += lx.replaced_chars;
        self.base += read;
        Ok(read)
    }

    /// A unit cut by the end of the input is read again once the tail has doubled.
    fn set_retry(&mut self) {
        self.retry_len = if self.tail.is_empty() {
            0
        } else {
            (self.tail.len() * 2).max(STREAM_MIN_BYTES)
        };
    }

    /// Reads what is left as the end of the input; returns the reader and the characters
    /// replaced in all that was read.
    pub(super) fn finish(mut self) -> Result<(R, u64), ImportError> {
        let mut lx = Lexer::at(&self.tail, self.base, self.reader.scan());
        self.reader.advance(&mut lx, true)?;
        self.base = lx.offset();
        let replaced = self.replaced_chars + lx.replaced_chars;
        Ok((self.reader, replaced))
    }
}
