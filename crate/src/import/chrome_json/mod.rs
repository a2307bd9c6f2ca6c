//! Chrome trace-event JSON importer, including PyTorch/Kineto traces.
//!
//! Supports:
//! - both containers: `{"traceEvents": [...], ...}` (other keys before or after) and a bare
//!   array `[...]`, also unterminated (ending after a complete event, with or without a
//!   trailing comma, as Chrome writes on a crash);
//! - every phase of the Trace Event Format, each kept or counted, never fatal:
//!   - `X` (without `dur`: duration 0, `missing_duration`);
//!   - `B`/`E` matched per track in time order (`begin_end.rs`);
//!   - `i`/`I`/`R` instants on the thread, process (`"s": "p"`) or global (`"s": "g"`)
//!     track; `P` samples and `v`/`V` memory dumps as instants on their thread, args whole;
//!   - `C` counters, one track per args key (`counters.rs`);
//!   - async `b`/`e`/`n`, legacy `S`/`T`/`F`, objects `N`/`O`/`D` on async tracks
//!     (`async_slices.rs`);
//!   - flows `s`/`t`/`f` with `bp`, and `bind_id` / `flow_in` / `flow_out` (`flows.rs`);
//!   - `M` (`process_name`, `thread_name`, `process_sort_index`, `thread_sort_index`,
//!     `process_labels`; other names counted in `metadata_event_ignored`);
//!   - any other phase counted per phase in `unknown_phase`;
//! - Kineto: `[memory]` counters, launch arrows by `correlation`, `ProfilerStep#N`
//!   ([`kineto`]);
//! - `pid`/`tid` as numbers or strings (tracks are keyed by their text);
//! - `ts`/`dur` in µs as integer or decimal text, converted exactly to integer nanoseconds
//!   (rounded to nearest) and stored as picoseconds relative to the first event; input in
//!   any order; `tts`/`tdur` (thread time) kept as args as written;
//! - `args` as typed values (nested objects and arrays as compact JSON text);
//! - top-level keys other than `traceEvents` as metadata (large values only by their
//!   scalar members); `displayTimeUnit` is such a key only: `ts` is always µs;
//! - truncated input: complete events before the cut are kept with a `truncated_input`
//!   diagnostic.
//!
//! Event keys other than `ph`, `name`, `cat`, `pid`, `tid`, `ts`, `dur`, `s`, `args`,
//! `id`, `id2`, `scope`, `bp`, `bind_id`, `flow_in`, `flow_out`, `tts` and `tdur` are
//! skipped (`sf`/`stack` stack references among them); flow events' args are not kept.
//!
//! The reader is a hand-written tokenizer over a byte cursor ([`lexer`]); it never builds a
//! DOM of the file. It reads one unit at a time (the root's bracket, a top-level member, an
//! event) and an input that ends inside a unit is reported as such, so [`ChromeJsonStream`]
//! feeds it chunk by chunk, re-reading only a unit cut by a chunk boundary.

mod async_slices;
mod begin_end;
mod chunked;
mod compact;
mod counters;
mod event;
mod flows;
mod intern;
pub mod kineto;
mod lexer;
mod nested;
mod number;
mod parts;
mod place;
pub(crate) mod scan;

use super::ImportOptions;
use crate::diagnostics::DiagnosticKind;
use crate::error::ImportError;
use crate::model::Trace;
use chunked::{Chunked, UnitReader};
use event::{EventFields, read_event};
use lexer::{LexError, Lexer, describe_byte};
pub use parts::{Part, PartStream, looks_like_bare_array, split_point, split_points};
use place::Placer;
pub use scan::ScanBackend;

/// The format name in error messages.
const FORMAT: &str = "Chrome trace JSON";

/// Top-level values larger than this are not kept whole as metadata; only their scalar
/// members are (Chromium's `metadata` holds trace-processor statistics and more).
const MAX_HEADER_VALUE_BYTES: usize = 256 << 10;

/// How many top-level keys a "not a trace" message lists.
const KEYS_LISTED: usize = 8;

/// True if the text starts like JSON: an optional UTF-8 byte-order mark, whitespace, then
/// `{` or `[`.
pub fn sniff(bytes: &[u8]) -> bool {
    let text = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    matches!(
        text.iter().find(|b| !b.is_ascii_whitespace()),
        Some(b'{' | b'[')
    )
}

/// Imports a Chrome trace held in memory (already decompressed).
///
/// Errors: [`ImportError::NotATrace`] for JSON that is not a trace-event file (an object
/// without `traceEvents`, an array of non-objects), [`ImportError::Malformed`] or
/// [`ImportError::TruncatedBeforeData`] when the JSON breaks before any usable event, and
/// [`ImportError::LimitExceeded`] for nesting or string limits. Problems after usable
/// events are diagnostics.
pub fn import(bytes: &[u8]) -> Result<Trace, ImportError> {
    import_with(bytes, &ImportOptions::default())
}

/// [`import`] with options (reduced detail drops args).
pub fn import_with(bytes: &[u8], options: &ImportOptions) -> Result<Trace, ImportError> {
    let mut reader = Reader::new(options);
    let mut lx = Lexer::at(bytes, 0, options.scan);
    reader.advance(&mut lx, true)?;
    Ok(reader.finish(lx.replaced_chars))
}

/// A Chrome trace read as its bytes arrive: [`ChromeJsonStream::push`] reads every complete
/// event of each chunk and keeps only the unread tail (at most one event, or one top-level
/// value, plus the chunk), so the file is never held whole. The result is the same as
/// [`import_with`] on the whole file. Ranges of the event array read elsewhere, as
/// [`Part`]s, take the place of their bytes ([`ChromeJsonStream::absorb`]).
#[derive(Debug)]
pub struct ChromeJsonStream {
    chunks: Chunked<Reader>,
}

impl ChromeJsonStream {
    /// A stream at the start of the input.
    pub fn new(options: &ImportOptions) -> Self {
        ChromeJsonStream {
            chunks: Chunked::new(Reader::new(options), 0),
        }
    }

    /// The events read so far as a finished model without args and flows, for a preview
    /// (see [`crate::model::TraceBuilder::snapshot`]), with the `B`/`E` pairs matched so
    /// far; the stream goes on unchanged. Slices still open (a `B` without its `E` yet) and
    /// async slices (paired at the end) are not in it.
    pub fn snapshot(&self) -> Trace {
        let placer = &self.chunks.reader.placer;
        placer.b.snapshot(&placer.begin_end.matched())
    }

    /// Reads the complete events of `chunk` (with the tail left from before). Errors are
    /// those of [`import`] that more input cannot change (not a trace, a limit, a syntax
    /// error before any usable event).
    pub fn push(&mut self, chunk: &[u8]) -> Result<(), ImportError> {
        self.chunks.push(chunk)
    }

    /// The input offset of the next byte to push: where the bytes pushed so far end, or,
    /// after [`ChromeJsonStream::absorb`], where the part stopped reading.
    pub fn offset(&self) -> usize {
        self.chunks.offset()
    }

    /// Takes `part` in place of its bytes, if it starts where this stream stands: every
    /// byte pushed so far read as complete units, ending between two elements of the event
    /// array, and the part read as the same kind of array. Returns false (and changes
    /// nothing) otherwise, or when the part does not decode; the caller then pushes the
    /// bytes instead. Once it is taken, [`ChromeJsonStream::offset`] is where the part
    /// stopped reading, which is its end unless something in it (an element cut by its
    /// end, a syntax error, the array's end) is left to this stream to read.
    pub fn absorb(&mut self, part: &Part) -> bool {
        let chunks = &mut self.chunks;
        let in_array = chunks.reader.state
            == State::Events {
                bare: part.bare(),
                first: false,
            };
        if !chunks.tail.is_empty() || chunks.base != part.start() || !in_array {
            return false;
        }
        if !chunks.reader.replay(part) {
            return false;
        }
        chunks.base = part.stop();
        chunks.end = part.stop();
        chunks.replaced_chars += part.replaced_chars();
        true
    }

    /// Entries of the event array read so far (for the page's progress line).
    pub fn entries_read(&self) -> u64 {
        self.chunks.reader.entries
    }

    /// Makes room in the model for the rest of an input of `total` bytes, of which `seen` are
    /// in, at the rate of what was read so far (see [`crate::model::TraceBuilder::reserve_projected`]).
    pub fn reserve_projected(&mut self, seen: u64, total: u64) {
        self.chunks.reader.placer.b.reserve_projected(seen, total);
    }

    /// From now on, args are not kept (the memory budget ran out part-way).
    pub fn drop_args(&mut self) {
        self.chunks.reader.placer.b.drop_args();
    }

    /// Reads what is left as the end of the input and returns the trace.
    pub fn finish(self) -> Result<Trace, ImportError> {
        let (reader, replaced) = self.chunks.finish()?;
        Ok(reader.finish(replaced))
    }
}

/// Where the reader is in the file's structure. Each step of [`Reader::advance`] reads one
/// unit (the root's opening bracket, one top-level member, one event) and moves on only
/// when the unit is complete, so a unit cut by the end of a chunk is read again whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Before the root value.
    Start,
    /// Between the members of the root object (`first`: none read yet).
    Members { first: bool },
    /// In the event array (`bare`: it is the root; `first`: no element read yet).
    Events { bare: bool, first: bool },
    /// After the root value, or after the point where reading stopped.
    Ended,
}

/// Why a step stopped before completing its unit.
#[derive(Debug)]
enum Halt {
    /// The input ended between two events (a complete event was the last thing read).
    Boundary { offset: usize },
    /// The input broke inside a unit (`Eof`: it ended there).
    Lex(LexError),
    /// Fatal whatever follows.
    Fatal(ImportError),
}

impl From<LexError> for Halt {
    fn from(e: LexError) -> Self {
        Halt::Lex(e)
    }
}

/// The container-level reader.
#[derive(Debug)]
struct Reader {
    placer: Placer,
    ev: EventFields,
    state: State,
    /// Entries of the event array read so far.
    entries: u64,
    /// Whether the root object's `traceEvents` was read.
    saw_events: bool,
    /// The first top-level keys, for the "not a trace" message.
    keys: Vec<String>,
    /// Whether the root value was closed (trailing data after it is reported).
    complete: bool,
    /// The lexers' byte-search backend.
    scan: ScanBackend,
}

impl UnitReader for Reader {
    fn advance(&mut self, lx: &mut Lexer<'_>, at_end: bool) -> Result<(), ImportError> {
        Reader::advance(self, lx, at_end)
    }

    fn ended(&self) -> bool {
        self.state == State::Ended
    }

    fn scan(&self) -> ScanBackend {
        self.scan
    }
}

impl Reader {
    fn new(options: &ImportOptions) -> Self {
        let mut placer = Placer::new();
        if options.drop_args {
            placer.b.drop_args();
        }
        placer.b.set_model_budget(options.model_budget_bytes);
        Reader {
            placer,
            ev: EventFields::default(),
            state: State::Start,
            entries: 0,
            saw_events: false,
            keys: Vec::new(),
            complete: false,
            scan: options.scan,
        }
    }

    /// Reads units until the input in `lx` runs out. Unless `at_end`, a unit cut by the end
    /// of the input is left unread (the cursor before it) for the next call; at the end,
    /// the input ending is handled as [`import`] documents.
    fn advance(&mut self, lx: &mut Lexer<'_>, at_end: bool) -> Result<(), ImportError> {
        if !at_end {
            lx.input_continues();
        }
        while self.state != State::Ended {
            let mark = lx.offset();
            let replaced = lx.replaced_chars;
            let halt = match self.step(lx) {
                Ok(()) => continue,
                Err(halt) => halt,
            };
            match halt {
                Halt::Fatal(e) => return Err(e),
                Halt::Boundary { .. } | Halt::Lex(LexError::Eof { .. }) if !at_end => {
                    lx.rewind(mark);
                    lx.replaced_chars = replaced;
                    return Ok(());
                }
                Halt::Boundary { offset } => self.end_at_boundary(offset)?,
                Halt::Lex(e) => self.cut(e)?,
            }
            self.state = State::Ended;
        }
        if self.complete && lx.peek().is_some() {
            self.complete = false;
            let offset = lx.offset();
            self.placer
                .b
                .diagnostics()
                .record(DiagnosticKind::TrailingData, || {
                    format!("ignored data after the JSON value at byte {offset}")
                });
        }
        Ok(())
    }

    /// Reads one unit and moves to the next state.
    fn step(&mut self, lx: &mut Lexer<'_>) -> Result<(), Halt> {
        match self.state {
            State::Start => match lx.peek() {
                Some(b'[') => {
                    lx.eat(b'[');
                    self.state = State::Events {
                        bare: true,
                        first: true,
                    };
                }
                Some(b'{') => {
                    lx.eat(b'{');
                    self.state = State::Members { first: true };
                }
                _ => {
                    let e = lx.unexpected("'{' or '['");
                    return Err(match e {
                        LexError::Eof { .. } => Halt::Lex(e),
                        e => Halt::Fatal(self.fail(e)),
                    });
                }
            },
            State::Members { first } => self.step_member(lx, first)?,
            State::Events { bare, first } => self.step_event(lx, bare, first)?,
            State::Ended => {}
        }
        Ok(())
    }

    /// One member of the root object (`traceEvents` opens the event array).
    fn step_member(&mut self, lx: &mut Lexer<'_>, first: bool) -> Result<(), Halt> {
        let mut first = first;
        if !lx.next_member(&mut first)? {
            if !self.saw_events {
                return Err(Halt::Fatal(ImportError::NotATrace(format!(
                    "JSON object without a traceEvents array (keys: {})",
                    self.keys.join(", ")
                ))));
            }
            self.complete = true;
            self.state = State::Ended;
            return Ok(());
        }
        let key = lx.key()?.to_owned();
        let events = key == "traceEvents" && !self.saw_events;
        if events {
            match lx.peek() {
                Some(b'[') => lx.eat(b'['),
                None => return Err(Halt::Lex(lx.unexpected("'['"))),
                Some(_) => {
                    return Err(Halt::Fatal(ImportError::NotATrace(
                        "\"traceEvents\" is not an array".into(),
                    )));
                }
            };
        } else {
            self.read_header_value(lx, &key)?;
        }
        if self.keys.len() <= KEYS_LISTED {
            self.keys.push(if self.keys.len() < KEYS_LISTED {
                key
            } else {
                "...".into()
            });
        }
        self.saw_events |= events;
        self.state = if events {
            State::Events {
                bare: false,
                first: true,
            }
        } else {
            State::Members { first: false }
        };
        Ok(())
    }

    /// One element of the event array (or its closing `]`).
    fn step_event(&mut self, lx: &mut Lexer<'_>, bare: bool, first: bool) -> Result<(), Halt> {
        let boundary = |lx: &Lexer<'_>| Halt::Boundary {
            offset: lx.offset(),
        };
        let mut first = first;
        match lx.next_element(&mut first) {
            Ok(true) => {}
            Ok(false) => return self.close_event_array(bare),
            Err(LexError::Eof { .. }) => return Err(boundary(lx)),
            Err(e) => return Err(Halt::Lex(e)),
        }
        let depth = if bare { 1 } else { 2 };
        let start = lx.offset();
        match lx.peek() {
            None => return Err(boundary(lx)),
            Some(b'{') => {
                read_event(lx, &mut self.placer.b, &mut self.ev, depth)?;
                self.placer.place(&self.ev);
            }
            Some(other) if bare && self.entries == 0 => {
                return Err(Halt::Fatal(ImportError::NotATrace(format!(
                    "JSON array whose first element is {}, not a trace-event object",
                    describe_value_start(Some(other))
                ))));
            }
            Some(_) => {
                lx.skip_value(depth)?;
                self.placer.not_an_event(start);
            }
        }
        self.entries += 1;
        self.state = State::Events { bare, first: false };
        Ok(())
    }

    /// After the event array's `]`: back to the root object's members, or the end.
    fn close_event_array(&mut self, bare: bool) -> Result<(), Halt> {
        if bare {
            self.check_bare_array().map_err(Halt::Fatal)?;
            self.complete = true;
            self.state = State::Ended;
        } else {
            self.state = State::Members { first: false };
        }
        Ok(())
    }

    /// A bare array of objects none of which has a `ph` is not a trace.
    fn check_bare_array(&self) -> Result<(), ImportError> {
        if self.entries > 0 && self.placer.entries_with_phase == 0 {
            return Err(ImportError::NotATrace(format!(
                "JSON array of {} objects, none with a trace-event \"ph\" field",
                self.entries
            )));
        }
        Ok(())
    }

    /// The input ended between two elements of the event array (at `offset`): an
    /// unterminated array after a complete event is accepted, as Chrome writes it on a crash.
    fn end_at_boundary(&mut self, offset: usize) -> Result<(), ImportError> {
        if self.entries == 0 {
            return self.cut(LexError::Eof { offset });
        }
        if matches!(self.state, State::Events { bare: true, .. }) {
            self.check_bare_array()?;
        }
        self.placer.b.diagnostics().record(DiagnosticKind::UnterminatedArray, || {
            format!("the event array is not closed; the input ends after a complete event at byte {offset}")
        });
        Ok(())
    }

    fn finish(self, replaced_chars: u64) -> Trace {
        self.placer.finish(replaced_chars)
    }

    /// Handles an error in the input: after usable events, records `truncated_input` and
    /// stops reading; before them, it is the import error.
    fn cut(&mut self, err: LexError) -> Result<(), ImportError> {
        if matches!(err, LexError::Limit { .. }) || !self.placer.has_usable() {
            return Err(self.fail(err));
        }
        let example = match err {
            LexError::Eof { offset } => {
                format!("byte {offset}: the input ends inside an event; events before it kept")
            }
            LexError::Syntax {
                expected,
                found,
                offset,
            } => {
                format!(
                    "byte {offset}: expected {expected}, found {found}; the rest of the input is ignored"
                )
            }
            LexError::Limit { .. } => String::new(),
        };
        self.placer
            .b
            .diagnostics()
            .record(DiagnosticKind::TruncatedInput, || example);
        Ok(())
    }

    /// The import error for `err` when nothing usable was read.
    fn fail(&self, err: LexError) -> ImportError {
        match err {
            LexError::Eof { offset } => ImportError::TruncatedBeforeData {
                format: FORMAT,
                offset: offset as u64,
            },
            LexError::Syntax {
                expected,
                found,
                offset,
            } => ImportError::Malformed {
                format: FORMAT,
                detail: format!("expected {expected}, found {found}"),
                offset: offset as u64,
            },
            LexError::Limit { what, limit } => ImportError::LimitExceeded { what, limit },
        }
    }

    /// Reads a top-level value other than `traceEvents` into the metadata.
    fn read_header_value(&mut self, lx: &mut Lexer<'_>, key: &str) -> Result<(), LexError> {
        lx.peek();
        let start = lx.offset();
        lx.skip_value(1)?;
        let raw = lx.bytes(start, lx.offset());
        if raw.len() <= MAX_HEADER_VALUE_BYTES {
            if let Ok(value) = serde_json::from_slice::<serde_json::Value>(raw) {
                self.placer.b.metadata().insert(key, value);
            }
            return Ok(());
        }
        let len = raw.len();
        self.placer
            .b
            .diagnostics()
            .record(DiagnosticKind::LargeMetadataSkipped, || {
                format!("top-level {key:?} holds {len} bytes; only its scalar members are kept")
            });
        self.keep_scalar_members(raw, key);
        Ok(())
    }

    /// Keeps the scalar members of the object `raw` as metadata `key.member`.
    fn keep_scalar_members(&mut self, raw: &[u8], key: &str) {
        let mut lx = Lexer::at(raw, 0, self.scan);
        if !lx.eat(b'{') {
            return;
        }
        let mut first = true;
        let mut member = String::new();
        while let Ok(true) = lx.next_member(&mut first) {
            match lx.key() {
                Ok(k) => {
                    member.clear();
                    member.push_str(k);
                }
                Err(_) => return,
            }
            let scalar = !matches!(lx.peek(), Some(b'{' | b'['));
            let start = lx.offset();
            if lx.skip_value(2).is_err() {
                return;
            }
            if scalar && lx.offset() - start <= MAX_HEADER_VALUE_BYTES {
                if let Ok(value) =
                    serde_json::from_slice::<serde_json::Value>(lx.bytes(start, lx.offset()))
                {
                    self.placer
                        .b
                        .metadata()
                        .insert(format!("{key}.{member}"), value);
                }
            }
        }
    }
}

/// What a JSON value starting with `first` is, for messages.
fn describe_value_start(first: Option<u8>) -> String {
    match first {
        Some(b'[') => "an array".into(),
        Some(b'"') => "a string".into(),
        Some(b'-' | b'0'..=b'9') => "a number".into(),
        Some(b't' | b'f') => "a boolean".into(),
        Some(b'n') => "null".into(),
        Some(b) => describe_byte(b),
        None => "missing".into(),
    }
}
