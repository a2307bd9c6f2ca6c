//! A JSON tokenizer over a byte cursor, built for trace-event files.
//!
//! Contract: every method either consumes one complete token or value and returns it, or
//! returns a [`LexError`] and leaves the cursor somewhere inside what it was reading.
//! [`LexError::Eof`] means "the input ended inside this value": a chunked reader can keep
//! the bytes from the start of the current event, append the next chunk and read the event
//! again, so nothing here assumes the whole file is present. Strings are returned borrowed
//! from the input when they hold no escapes (the common case) and decoded into one reused
//! buffer otherwise; numbers are returned as their text. Invalid escapes and invalid UTF-8
//! become U+FFFD and are counted, never rejected.

use super::compact::compact_plain;
use super::scan::ScanBackend;
use crate::limits::{MAX_JSON_DEPTH, MAX_STRING_BYTES};

/// Why a token could not be read.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum LexError {
    /// The input ended inside a value.
    Eof {
        /// Length of the input.
        offset: usize,
    },
    /// A byte that cannot start or continue the expected token.
    Syntax {
        /// What the grammar allows here.
        expected: &'static str,
        /// What is there, described for a person.
        found: String,
        /// Where.
        offset: usize,
    },
    /// A hard limit of `crate::limits` was exceeded.
    Limit {
        /// What grew too large.
        what: &'static str,
        /// The limit, with its unit.
        limit: String,
    },
}

/// A JSON literal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Literal {
    True,
    False,
    Null,
}

/// The cursor. `scratch` holds the last decoded string that needed decoding. Offsets in
/// its API and errors are absolute: `base` is the offset of `buf[0]` in the whole input, so
/// a chunked reader's window reports the same offsets as the whole file would.
#[derive(Debug)]
pub(super) struct Lexer<'a> {
    buf: &'a [u8],
    base: usize,
    pos: usize,
    /// The byte searches' backend.
    scan: ScanBackend,
    /// Whether more input may follow `buf` (a chunk, or a part's range): a number that runs
    /// to its end is then cut, not complete.
    continues: bool,
    scratch: Vec<u8>,
    /// Escapes or bytes replaced by U+FFFD so far.
    pub(super) replaced_chars: u64,
}

impl<'a> Lexer<'a> {
    /// A cursor at the start of `buf`, after a UTF-8 byte-order mark if there is one.
    #[cfg(test)]
    pub(super) fn new(buf: &'a [u8]) -> Self {
        Lexer::at(buf, 0, ScanBackend::default())
    }

    /// A cursor over `buf`, a window of the input that starts at offset `base` (a
    /// byte-order mark is skipped only at offset 0), searching with `scan`.
    pub(super) fn at(buf: &'a [u8], base: usize, scan: ScanBackend) -> Self {
        let pos = if base == 0 && buf.starts_with(b"\xef\xbb\xbf") {
            3
        } else {
            0
        };
        Lexer {
            buf,
            base,
            pos,
            scan,
            continues: false,
            scratch: Vec::new(),
            replaced_chars: 0,
        }
    }

    /// Says that more input may follow the window: a number that runs to its end is
    /// reported as cut ([`LexError::Eof`]) rather than read as it is, so that what a cut
    /// unit is read as never depends on where the input was cut.
    pub(super) fn input_continues(&mut self) {
        self.continues = true;
    }

    /// The byte offset of the cursor.
    #[inline]
    pub(super) fn offset(&self) -> usize {
        self.base + self.pos
    }

    /// Moves the cursor back to `offset` (one it has been at), to read again from there
    /// once more input has arrived.
    pub(super) fn rewind(&mut self, offset: usize) {
        self.pos = offset.saturating_sub(self.base).min(self.buf.len());
    }

    /// The end of the input seen by this cursor, as an offset.
    fn end(&self) -> usize {
        self.base + self.buf.len()
    }

    /// The input from the cursor on (after [`Self::peek`], from the next token).
    #[inline]
    pub(super) fn rest(&self) -> &'a [u8] {
        self.buf.get(self.pos..).unwrap_or_default()
    }

    /// Moves the cursor `n` bytes on, over bytes seen through [`Self::rest`].
    #[inline]
    pub(super) fn skip_bytes(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.buf.len());
    }

    /// The input bytes between offsets `start` and `end` (clamped to the window).
    pub(super) fn bytes(&self, start: usize, end: usize) -> &'a [u8] {
        let (start, end) = (
            start.saturating_sub(self.base),
            end.saturating_sub(self.base).min(self.buf.len()),
        );
        self.buf.get(start.min(end)..end).unwrap_or_default()
    }

    /// The length of the object or array at the cursor, if it closes within `limit` bytes,
    /// by its brackets alone (see [`ScanBackend::container_len`]); nothing is consumed.
    #[inline]
    pub(super) fn container_len(&self, limit: usize) -> Option<usize> {
        self.scan.container_len(self.rest(), limit)
    }

    /// Skips whitespace and returns the next byte without consuming it (`None` at the end).
    /// Byte by byte: whitespace runs are a few bytes (a space after `:`, an indentation),
    /// too short for a block search to pay.
    #[inline]
    pub(super) fn peek(&mut self) -> Option<u8> {
        while let Some(&b) = self.buf.get(self.pos) {
            // Every JSON whitespace byte is at most b' ': one compare settles most bytes.
            if b > b' ' || !matches!(b, b' ' | b'\n' | b'\r' | b'\t') {
                return Some(b);
            }
            self.pos += 1;
        }
        None
    }

    /// Consumes `byte` (after whitespace) if it is next.
    #[inline]
    pub(super) fn eat(&mut self, byte: u8) -> bool {
        if self.peek() == Some(byte) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Consumes `byte` (after whitespace) or fails with "expected `expected`".
    #[inline]
    pub(super) fn expect(&mut self, byte: u8, expected: &'static str) -> Result<(), LexError> {
        if self.buf.get(self.pos) == Some(&byte) {
            self.pos += 1;
            return Ok(());
        }
        if self.eat(byte) {
            Ok(())
        } else {
            Err(self.unexpected(expected))
        }
    }

    /// The error for the byte at the cursor when `expected` was wanted (`Eof` at the end).
    #[cold]
    #[inline(never)]
    pub(super) fn unexpected(&mut self, expected: &'static str) -> LexError {
        match self.peek() {
            None => LexError::Eof { offset: self.end() },
            Some(b) => LexError::Syntax {
                expected,
                found: describe_byte(b),
                offset: self.offset(),
            },
        }
    }

    /// Steps through the members of an object whose `{` was consumed: returns true if a
    /// member follows (the cursor is then at its key), false after the closing `}`.
    /// `first` must start true and is managed here.
    #[inline]
    pub(super) fn next_member(&mut self, first: &mut bool) -> Result<bool, LexError> {
        self.next_item(first, b'}', "',' or '}'")
    }

    /// Like [`Self::next_member`] for the elements of an array whose `[` was consumed.
    #[inline]
    pub(super) fn next_element(&mut self, first: &mut bool) -> Result<bool, LexError> {
        self.next_item(first, b']', "',' or ']'")
    }

    #[inline]
    fn next_item(
        &mut self,
        first: &mut bool,
        close: u8,
        expected: &'static str,
    ) -> Result<bool, LexError> {
        if std::mem::take(first) {
            return Ok(!self.eat(close));
        }
        if self.eat(b',') {
            Ok(true)
        } else if self.eat(close) {
            Ok(false)
        } else {
            Err(self.unexpected(expected))
        }
    }

    /// Reads an object key and its `:`.
    pub(super) fn key(&mut self) -> Result<&str, LexError> {
        if self.peek() != Some(b'"') {
            return Err(self.unexpected("a string key"));
        }
        let span = self.string_span()?;
        self.pos = span.end;
        self.expect(b':', "':'")?;
        self.decode_string(span)
    }

    /// Reads an object key and its `:`, as raw bytes when it holds no escapes (for
    /// matching known keys without UTF-8 validation).
    #[inline]
    pub(super) fn key_bytes(&mut self) -> Result<&[u8], LexError> {
        if self.peek() != Some(b'"') {
            return Err(self.unexpected("a string key"));
        }
        if let Some(key) = self.plain_string() {
            self.expect(b':', "':'")?;
            return Ok(key);
        }
        let span = self.string_span()?;
        self.pos = span.end;
        self.expect(b':', "':'")?;
        if span.escaped {
            return self.decode_string(span).map(str::as_bytes);
        }
        Ok(&self.buf[span.start..span.end - 1])
    }

    /// Reads a string value as bytes: unescaped strings are borrowed from the input without
    /// a UTF-8 check (the interner checks new strings), escaped ones are decoded.
    #[inline]
    pub(super) fn string_bytes(&mut self) -> Result<&[u8], LexError> {
        if self.peek() != Some(b'"') {
            return Err(self.unexpected("a string"));
        }
        if let Some(text) = self.plain_string() {
            return Ok(text);
        }
        let span = self.string_span()?;
        self.pos = span.end;
        if span.escaped {
            return self.decode_string(span).map(str::as_bytes);
        }
        Ok(&self.buf[span.start..span.end - 1])
    }

    /// Reads a string value.
    pub(super) fn string(&mut self) -> Result<&str, LexError> {
        if self.peek() != Some(b'"') {
            return Err(self.unexpected("a string"));
        }
        let span = self.string_span()?;
        self.pos = span.end;
        self.decode_string(span)
    }

    /// Reads a number and returns its text (ASCII, possibly not a valid number; callers
    /// parse it).
    #[inline]
    pub(super) fn number(&mut self) -> Result<&'a [u8], LexError> {
        let start = self.pos;
        if !matches!(self.peek(), Some(b'-' | b'0'..=b'9')) {
            return Err(self.unexpected("a number"));
        }
        let len = match self.scan.find_non_number(&self.buf[start..]) {
            Some(len) => len,
            None if self.continues => return Err(LexError::Eof { offset: self.end() }),
            None => self.buf.len() - start,
        };
        self.pos = start + len;
        Ok(&self.buf[start..self.pos])
    }

    /// Reads `true`, `false` or `null`.
    pub(super) fn literal(&mut self) -> Result<Literal, LexError> {
        let rest = self.buf.get(self.pos..).unwrap_or_default();
        for (text, lit) in [
            (&b"true"[..], Literal::True),
            (b"false", Literal::False),
            (b"null", Literal::Null),
        ] {
            if rest.starts_with(text) {
                self.pos += text.len();
                return Ok(lit);
            }
            if text.starts_with(rest) && !rest.is_empty() {
                return Err(LexError::Eof { offset: self.end() });
            }
        }
        Err(self.unexpected("a JSON value"))
    }

    /// Skips one value of any kind. `depth` is the nesting level of the value.
    pub(super) fn skip_value(&mut self, depth: usize) -> Result<(), LexError> {
        check_depth(depth)?;
        match self.peek() {
            Some(b'{') => {
                self.pos += 1;
                let mut first = true;
                while self.next_member(&mut first)? {
                    self.skip_key()?;
                    self.skip_value(depth + 1)?;
                }
                Ok(())
            }
            Some(b'[') => {
                self.pos += 1;
                let mut first = true;
                while self.next_element(&mut first)? {
                    self.skip_value(depth + 1)?;
                }
                Ok(())
            }
            Some(b'"') => {
                self.pos = self.string_span()?.end;
                Ok(())
            }
            Some(b'-' | b'0'..=b'9') => self.number().map(drop),
            _ => self.literal().map(drop),
        }
    }

    /// Reads one value of any kind and appends it to `out` as compact JSON (UTF-8). True if
    /// it was copied as written, without its whitespace ([`compact_plain`] took it), false if
    /// it was decoded and encoded again.
    pub(super) fn write_compact(
        &mut self,
        out: &mut Vec<u8>,
        depth: usize,
    ) -> Result<bool, LexError> {
        if self.peek().is_some() {
            if let Some(end) = compact_plain(self.buf, self.pos, depth, self.scan, out) {
                self.pos = end;
                return Ok(true);
            }
        }
        self.write_compact_tokens(out, depth).map(|()| false)
    }

    /// [`Self::write_compact`] token by token: decodes strings and re-encodes them.
    fn write_compact_tokens(&mut self, out: &mut Vec<u8>, depth: usize) -> Result<(), LexError> {
        check_depth(depth)?;
        match self.peek() {
            Some(b'{') => {
                self.pos += 1;
                out.push(b'{');
                let mut first = true;
                while self.next_member(&mut first)? {
                    if !out.ends_with(b"{") {
                        out.push(b',');
                    }
                    if self.peek() != Some(b'"') {
                        return Err(self.unexpected("a string key"));
                    }
                    let span = self.string_span()?;
                    self.pos = span.end;
                    self.expect(b':', "':'")?;
                    self.push_compact_string(span, out)?;
                    out.push(b':');
                    self.write_compact_tokens(out, depth + 1)?;
                }
                out.push(b'}');
            }
            Some(b'[') => {
                self.pos += 1;
                out.push(b'[');
                let mut first = true;
                while self.next_element(&mut first)? {
                    if !out.ends_with(b"[") {
                        out.push(b',');
                    }
                    self.write_compact_tokens(out, depth + 1)?;
                }
                out.push(b']');
            }
            Some(b'"') => {
                let span = self.string_span()?;
                self.pos = span.end;
                self.push_compact_string(span, out)?;
            }
            Some(b'-' | b'0'..=b'9') => out.extend_from_slice(self.number()?),
            _ => out.extend_from_slice(match self.literal()? {
                Literal::True => b"true",
                Literal::False => b"false",
                Literal::Null => b"null",
            }),
        }
        Ok(())
    }

    fn skip_key(&mut self) -> Result<(), LexError> {
        if self.peek() != Some(b'"') {
            return Err(self.unexpected("a string key"));
        }
        self.pos = self.string_span()?.end;
        self.expect(b':', "':'")
    }

    /// With the cursor on an opening quote: if the string closes without an escape (most
    /// keys and names), consumes it and returns its content; otherwise (an escape, the end of
    /// the input, a string past the limit) returns `None` and leaves the cursor for
    /// [`Self::string_span`]. Scans a block at a time.
    #[inline]
    fn plain_string(&mut self) -> Option<&'a [u8]> {
        let start = self.pos + 1;
        let body = self.buf.get(start..)?;
        let k = self.scan.find_quote_or_backslash(body)?;
        if body[k] != b'"' || k > MAX_STRING_BYTES {
            return None;
        }
        self.pos = start + k + 1;
        Some(&body[..k])
    }

    /// With the cursor on an opening quote: returns the span of the string and whether it
    /// holds escapes. Does not move the cursor.
    fn string_span(&self) -> Result<StrSpan, LexError> {
        let start = self.pos + 1;
        let mut i = start;
        let mut escaped = false;
        loop {
            let rest = self.buf.get(i..).unwrap_or_default();
            let Some(k) = self.scan.find_quote_or_backslash(rest) else {
                return Err(LexError::Eof { offset: self.end() });
            };
            i += k;
            if i - start > MAX_STRING_BYTES {
                return Err(LexError::Limit {
                    what: "a JSON string",
                    limit: format!("{MAX_STRING_BYTES} bytes"),
                });
            }
            if self.buf[i] == b'"' {
                return Ok(StrSpan {
                    start,
                    end: i + 1,
                    escaped,
                });
            }
            escaped = true;
            i += 2; // a backslash and the byte it escapes
        }
    }
}

/// Where a string's content lies: `buf[start..end - 1]`, `end` being past the quote.
#[derive(Clone, Copy, Debug)]
struct StrSpan {
    start: usize,
    end: usize,
    escaped: bool,
}

impl<'a> Lexer<'a> {
    /// Decodes the string of `span`.
    fn decode_string(&mut self, span: StrSpan) -> Result<&str, LexError> {
        let raw = &self.buf[span.start..span.end - 1];
        if !span.escaped {
            if let Ok(s) = std::str::from_utf8(raw) {
                return Ok(s);
            }
            self.scratch.clear();
            self.scratch.extend_from_slice(raw);
        } else {
            self.scratch.clear();
            self.replaced_chars += unescape_into(raw, &mut self.scratch);
        }
        if std::str::from_utf8(&self.scratch).is_err() {
            self.replaced_chars += 1;
            self.scratch = String::from_utf8_lossy(&self.scratch)
                .into_owned()
                .into_bytes();
        }
        Ok(std::str::from_utf8(&self.scratch).unwrap_or_default())
    }
}

impl Lexer<'_> {
    /// Appends the string of `span` as a JSON string literal: copied as written when that is
    /// already the literal [`push_json_string`] would write (no escapes, no control bytes,
    /// valid UTF-8), else decoded and re-encoded.
    fn push_compact_string(&mut self, span: StrSpan, out: &mut Vec<u8>) -> Result<(), LexError> {
        let raw = &self.buf[span.start..span.end - 1];
        if !span.escaped && !raw.iter().any(|&b| b < b' ') && std::str::from_utf8(raw).is_ok() {
            out.push(b'"');
            out.extend_from_slice(raw);
            out.push(b'"');
            return Ok(());
        }
        push_json_string(out, self.decode_string(span)?);
        Ok(())
    }
}

/// Fails if a value at `depth` would exceed the nesting limit.
fn check_depth(depth: usize) -> Result<(), LexError> {
    if depth > MAX_JSON_DEPTH {
        Err(LexError::Limit {
            what: "JSON nesting",
            limit: format!("{MAX_JSON_DEPTH} levels"),
        })
    } else {
        Ok(())
    }
}

/// Decodes the JSON escapes of `raw` into `out`; returns how many invalid escapes became
/// U+FFFD.
fn unescape_into(raw: &[u8], out: &mut Vec<u8>) -> u64 {
    let mut replaced = 0;
    let mut i = 0;
    while i < raw.len() {
        let Some(k) = raw[i..].iter().position(|&b| b == b'\\') else {
            out.extend_from_slice(&raw[i..]);
            break;
        };
        out.extend_from_slice(&raw[i..i + k]);
        i += k + 1;
        let simple = match raw.get(i) {
            Some(b'"') => Some(b'"'),
            Some(b'\\') => Some(b'\\'),
            Some(b'/') => Some(b'/'),
            Some(b'b') => Some(8),
            Some(b'f') => Some(12),
            Some(b'n') => Some(b'\n'),
            Some(b'r') => Some(b'\r'),
            Some(b't') => Some(b'\t'),
            _ => None,
        };
        if let Some(b) = simple {
            out.push(b);
            i += 1;
            continue;
        }
        let (c, used) = if raw.get(i) == Some(&b'u') {
            unicode_escape(&raw[i + 1..])
        } else {
            (None, 1)
        };
        let c = c.unwrap_or_else(|| {
            replaced += 1;
            char::REPLACEMENT_CHARACTER
        });
        let mut utf8 = [0u8; 4];
        out.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
        i = (i + used).min(raw.len());
    }
    replaced
}

/// Decodes the text after `\u`: returns the char (`None` if invalid) and how many bytes
/// from the `u` on were consumed. A high surrogate followed by `\u` + low surrogate forms
/// one char; a lone surrogate is invalid.
fn unicode_escape(after_u: &[u8]) -> (Option<char>, usize) {
    let Some(hi) = hex4(after_u) else {
        return (None, 1);
    };
    if !(0xD800..0xE000).contains(&hi) {
        return (char::from_u32(hi), 5);
    }
    if hi < 0xDC00 && after_u.get(4..6) == Some(b"\\u") {
        if let Some(lo) = after_u
            .get(6..)
            .and_then(hex4)
            .filter(|lo| (0xDC00..0xE000).contains(lo))
        {
            return (
                char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)),
                11,
            );
        }
    }
    (None, 5)
}

fn hex4(bytes: &[u8]) -> Option<u32> {
    let digits = bytes.get(..4)?;
    digits
        .iter()
        .try_fold(0u32, |acc, &b| Some(acc * 16 + (b as char).to_digit(16)?))
}

/// Appends `s` as a JSON string literal.
fn push_json_string(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    for c in s.chars() {
        match c {
            '"' => out.extend_from_slice(b"\\\""),
            '\\' => out.extend_from_slice(b"\\\\"),
            '\n' => out.extend_from_slice(b"\\n"),
            '\r' => out.extend_from_slice(b"\\r"),
            '\t' => out.extend_from_slice(b"\\t"),
            c if (c as u32) < 0x20 => {
                out.extend_from_slice(format!("\\u{:04x}", c as u32).as_bytes())
            }
            c => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
        }
    }
    out.push(b'"');
}

/// A byte described for an error message: `'x'` for printable ASCII, else hex.
pub(super) fn describe_byte(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("'{}'", b as char)
    } else {
        format!("byte 0x{b:02x}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_escapes_and_surrogates() {
        let mut lx = Lexer::new(br#""a\"b\\c\n\u00e9\ud83d\ude00\ud800x\q""#);
        assert_eq!(lx.string().unwrap(), "a\"b\\c\né😀\u{fffd}x\u{fffd}");
        assert_eq!(lx.replaced_chars, 2);
    }

    proptest::proptest! {
        /// The fast plain-string path answers exactly for the strings the span scan finds
        /// complete and without escapes, with the same content and end, at any length.
        #[test]
        fn plain_string_agrees_with_the_span_scan(
            body in "[ab\u{e9}]{0,60}",
            tail in "[ab\"\\\\]{0,4}",
        ) {
            let text = format!("\"{body}{tail}");
            let mut fast = Lexer::new(text.as_bytes());
            let plain = fast.plain_string();
            let slow = Lexer::new(text.as_bytes());
            match slow.string_span() {
                Ok(span) if !span.escaped => {
                    proptest::prop_assert_eq!(plain, Some(&text.as_bytes()[span.start..span.end - 1]));
                    proptest::prop_assert_eq!(fast.pos, span.end);
                }
                _ => {
                    proptest::prop_assert_eq!(plain, None);
                    proptest::prop_assert_eq!(fast.pos, 0);
                }
            }
        }
    }

    #[test]
    fn compact_json_round_trips() {
        let mut lx = Lexer::new(br#" { "a" : [1, 2.5e3, "x\"y"], "b": {"c": null, "d": true} } "#);
        let mut out = Vec::new();
        lx.write_compact(&mut out, 0).unwrap();
        assert_eq!(out, br#"{"a":[1,2.5e3,"x\"y"],"b":{"c":null,"d":true}}"#);
    }

    /// The one-pass copy and the token-by-token writer agree wherever the copy answers, and
    /// leave the cursor at the same place; every text below is also cut at each byte.
    #[test]
    fn compact_fast_path_matches_the_token_writer() {
        let texts = [
            r#" { "a" : [1, 2.5e3, "x y"], "b": {"c": null, "d": true, "e": []} } ,"#,
            "[[128, 1], [], []]\n  ]",
            "[\"\", \"6\", \"False\"]",
            "{\"k\":\t{\"x\":\r\n-0.5E+3}}",
            "[\"a\\u00e9\", 1]",
            "[\"\u{e9}\", 2]",
            "{\"a\" 1}",
            "[1,]",
            "[tru",
            "{}",
            "[{}, [[]]]",
            "[1}",
            "{\"a\":1]",
            "{]",
            "[}",
        ];
        for text in texts {
            for cut in 0..=text.len() {
                let bytes = &text.as_bytes()[..cut];
                let mut fast = Lexer::new(bytes);
                let mut fast_out = b"x".to_vec();
                let fast_result = fast.write_compact(&mut fast_out, 1).map(drop);
                let mut slow = Lexer::new(bytes);
                let mut slow_out = b"x".to_vec();
                let slow_result = slow.write_compact_tokens(&mut slow_out, 1);
                assert_eq!(fast_result, slow_result, "{text:?} cut at {cut}");
                if slow_result.is_ok() {
                    assert_eq!(fast_out, slow_out, "{text:?} cut at {cut}");
                    assert_eq!(fast.offset(), slow.offset(), "{text:?} cut at {cut}");
                    assert_eq!(fast.replaced_chars, slow.replaced_chars);
                }
            }
        }
    }

    #[test]
    fn eof_and_syntax_errors() {
        assert!(matches!(
            Lexer::new(b"{\"a\": [1, 2").skip_value(0),
            Err(LexError::Eof { .. })
        ));
        assert!(matches!(
            Lexer::new(b"\"abc").string(),
            Err(LexError::Eof { .. })
        ));
        assert!(matches!(
            Lexer::new(b"tru").literal(),
            Err(LexError::Eof { .. })
        ));
        let err = Lexer::new(b"{\"a\" 1}").skip_value(0).unwrap_err();
        assert_eq!(
            err,
            LexError::Syntax {
                expected: "':'",
                found: "'1'".into(),
                offset: 5
            }
        );
        let deep = "[".repeat(MAX_JSON_DEPTH + 2);
        assert!(matches!(
            Lexer::new(deep.as_bytes()).skip_value(0),
            Err(LexError::Limit { .. })
        ));
    }
}
