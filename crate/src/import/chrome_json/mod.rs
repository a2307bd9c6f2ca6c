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
//!     `process_labels`; other names counted in `ignored_metadata_event`);
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
//! DOM of the file, and an input that ends inside an event is reported as such, so the same
//! code can later be fed chunk by chunk.

mod async_slices;
mod begin_end;
mod counters;
mod event;
mod flows;
pub mod kineto;
mod lexer;
mod number;
mod place;

use super::ImportOptions;
use crate::diagnostics::Severity;
use crate::error::ImportError;
use crate::model::Trace;
use event::{EventFields, read_event};
use lexer::{LexError, Lexer, describe_byte};
use place::Placer;

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
    let mut lx = Lexer::new(bytes);
    let mut placer = Placer::new();
    if options.drop_args {
        placer.b.drop_args();
    }
    let mut reader = Reader {
        placer,
        ev: EventFields::default(),
        entries: 0,
    };
    let complete = match lx.peek() {
        Some(b'[') => reader.read_bare_array(&mut lx)?,
        Some(b'{') => reader.read_object(&mut lx)?,
        _ => return Err(reader.fail(lx.unexpected("'{' or '['"))),
    };
    if complete && lx.peek().is_some() {
        let offset = lx.offset();
        reader
            .placer
            .b
            .diagnostics()
            .report("trailing_data", Severity::Info, || {
                format!("ignored data after the JSON value at byte {offset}")
            });
    }
    Ok(reader.placer.finish(lx.replaced_chars))
}

/// How reading the event array ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ArrayEnd {
    /// At its `]`.
    Closed,
    /// At the end of the input, after a complete event (and maybe a comma).
    Unterminated,
    /// At a syntax error or inside an event, after usable events (`truncated_input`).
    Cut,
}

/// The container-level reader.
#[derive(Debug)]
struct Reader {
    placer: Placer,
    ev: EventFields,
    /// Entries of the event array read so far.
    entries: u64,
}

impl Reader {
    /// Reads a bare-array trace. Returns true if the array was closed.
    fn read_bare_array(&mut self, lx: &mut Lexer<'_>) -> Result<bool, ImportError> {
        let end = self.read_event_array(lx, true)?;
        if self.entries > 0 && self.placer.entries_with_phase == 0 {
            return Err(ImportError::NotATrace(format!(
                "JSON array of {} objects, none with a trace-event \"ph\" field",
                self.entries
            )));
        }
        Ok(end == ArrayEnd::Closed)
    }

    /// Reads an object-form trace. Returns true if the object was closed.
    fn read_object(&mut self, lx: &mut Lexer<'_>) -> Result<bool, ImportError> {
        lx.expect(b'{', "'{'").map_err(|e| self.fail(e))?;
        let mut keys: Vec<String> = Vec::new();
        let mut saw_events = false;
        let mut first = true;
        let mut key = String::new();
        loop {
            match lx.next_member(&mut first) {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => return self.cut(e).map(|_| false),
            }
            match lx.key() {
                Ok(k) => {
                    key.clear();
                    key.push_str(k);
                }
                Err(e) => return self.cut(e).map(|_| false),
            }
            if keys.len() <= KEYS_LISTED {
                keys.push(if keys.len() < KEYS_LISTED {
                    key.clone()
                } else {
                    "...".into()
                });
            }
            if key == "traceEvents" && !saw_events {
                saw_events = true;
                if lx.peek() != Some(b'[') {
                    return Err(ImportError::NotATrace(
                        "\"traceEvents\" is not an array".into(),
                    ));
                }
                if self.read_event_array(lx, false)? != ArrayEnd::Closed {
                    return Ok(false);
                }
            } else if let Err(e) = self.read_header_value(lx, &key) {
                return self.cut(e).map(|_| false);
            }
        }
        if !saw_events {
            return Err(ImportError::NotATrace(format!(
                "JSON object without a traceEvents array (keys: {})",
                keys.join(", ")
            )));
        }
        Ok(true)
    }

    /// Reads the event array at the cursor (on its `[`). `bare` says it is the root, where
    /// a first element that is not an object means the file is not a trace.
    fn read_event_array(
        &mut self,
        lx: &mut Lexer<'_>,
        bare: bool,
    ) -> Result<ArrayEnd, ImportError> {
        let depth = if bare { 1 } else { 2 };
        lx.expect(b'[', "'['").map_err(|e| self.fail(e))?;
        if lx.eat(b']') {
            return Ok(ArrayEnd::Closed);
        }
        loop {
            match lx.peek() {
                None if self.entries > 0 => return Ok(self.unterminated(lx)),
                None => return self.cut(lx.unexpected("an event")),
                Some(_) => {}
            }
            let start = lx.offset();
            let read = if lx.peek() == Some(b'{') {
                read_event(lx, &mut self.placer.b, &mut self.ev, depth)
                    .map(|()| self.placer.place(&self.ev))
            } else if bare && self.entries == 0 {
                return Err(ImportError::NotATrace(format!(
                    "JSON array whose first element is {}, not a trace-event object",
                    describe_value_start(lx.peek())
                )));
            } else {
                lx.skip_value(depth)
                    .map(|()| self.placer.not_an_event(start))
            };
            if let Err(e) = read {
                return self.cut(e);
            }
            self.entries += 1;
            if lx.eat(b',') {
                continue;
            }
            match lx.peek() {
                Some(b']') => {
                    lx.eat(b']');
                    return Ok(ArrayEnd::Closed);
                }
                None => return Ok(self.unterminated(lx)),
                Some(_) => return self.cut(lx.unexpected("',' or ']'")),
            }
        }
    }

    /// Accepts an event array that ends with the input after a complete event.
    fn unterminated(&mut self, lx: &Lexer<'_>) -> ArrayEnd {
        let offset = lx.offset();
        self.placer.b.diagnostics().report("unterminated_array", Severity::Info, || {
            format!("the event array is not closed; the input ends after a complete event at byte {offset}")
        });
        ArrayEnd::Unterminated
    }

    /// Handles an error in the input: after usable events, records `truncated_input` and
    /// stops reading; before them, it is the import error.
    fn cut(&mut self, err: LexError) -> Result<ArrayEnd, ImportError> {
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
            .report("truncated_input", Severity::DataLoss, || example);
        Ok(ArrayEnd::Cut)
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
            .report("large_metadata_skipped", Severity::Info, || {
                format!("top-level {key:?} holds {len} bytes; only its scalar members are kept")
            });
        self.keep_scalar_members(raw, key);
        Ok(())
    }

    /// Keeps the scalar members of the object `raw` as metadata `key.member`.
    fn keep_scalar_members(&mut self, raw: &[u8], key: &str) {
        let mut lx = Lexer::new(raw);
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
