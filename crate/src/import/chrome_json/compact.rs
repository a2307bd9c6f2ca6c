//! The fast path of [`Lexer::write_compact`](super::lexer::Lexer::write_compact): one pass
//! over a nested value that copies its bytes and drops the whitespace between tokens.
//!
//! Contract: [`compact_plain`] either appends exactly what the general, token-by-token writer
//! would append for the value at `start` and returns the offset just past it, or returns
//! `None` and leaves `out` as it was. It answers only for values it can copy as written:
//! ASCII strings without escapes or control bytes, numbers, literals, objects and arrays
//! nested at most [`MAX_LEVELS`] deep and within the depth limit, complete in `buf`.
//! Anything else (escapes, non-ASCII text, a syntax error, the end of the input, a limit)
//! goes to the general writer, which decodes, re-encodes and reports errors; so this path
//! never accepts what the general one would reject.

use super::scan::ScanBackend;
use crate::limits::{MAX_JSON_DEPTH, MAX_STRING_BYTES};

/// Open containers tracked in one `u64` (a bit per level).
const MAX_LEVELS: usize = 64;

/// What the next token may be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// Any value.
    Value,
    /// Any value or `]` (just after `[`).
    ValueOrClose,
    /// A key or `}` (just after `{`).
    KeyOrClose,
    /// A key (after a `,` in an object).
    Key,
    /// `:` after a key.
    Colon,
    /// `,` or the close of the innermost container.
    CommaOrClose,
}

/// Copies the value at `buf[start]` (its first byte, not whitespace) to `out` without the
/// whitespace between tokens; `depth` is the value's nesting level; `backend` does the byte
/// searches. See the module doc.
pub(super) fn compact_plain(
    buf: &[u8],
    start: usize,
    depth: usize,
    backend: ScanBackend,
    out: &mut Vec<u8>,
) -> Option<usize> {
    let mark = out.len();
    let end = scan(buf, start, depth, backend, out);
    if end.is_none() {
        out.truncate(mark);
    }
    end
}

fn scan(
    buf: &[u8],
    start: usize,
    depth: usize,
    backend: ScanBackend,
    out: &mut Vec<u8>,
) -> Option<usize> {
    // Bit k of `objects` is set when the container open at level k is an object.
    let mut objects: u64 = 0;
    let mut levels = 0usize;
    let mut expect = Expect::Value;
    let mut i = start;
    loop {
        while matches!(buf.get(i), Some(b' ' | b'\n' | b'\r' | b'\t')) {
            i += 1;
        }
        let b = *buf.get(i)?;
        let in_object = levels > 0 && objects >> (levels - 1) & 1 == 1;
        // A closing bracket where one may stand: after a value, or right after the opening
        // bracket of an empty object or array.
        let closer = if in_object { b'}' } else { b']' };
        if b == closer
            && levels > 0
            && matches!(
                expect,
                Expect::CommaOrClose | Expect::KeyOrClose | Expect::ValueOrClose
            )
        {
            out.push(b);
            i += 1;
            levels -= 1;
            if levels == 0 {
                return Some(i);
            }
            expect = Expect::CommaOrClose;
            continue;
        }
        match expect {
            Expect::Colon => {
                if b != b':' {
                    return None;
                }
                out.push(b);
                i += 1;
                expect = Expect::Value;
                continue;
            }
            Expect::CommaOrClose => {
                if b != b',' {
                    return None;
                }
                out.push(b);
                i += 1;
                expect = if in_object {
                    Expect::Key
                } else {
                    Expect::Value
                };
                continue;
            }
            Expect::KeyOrClose | Expect::Key => {
                if b != b'"' {
                    return None;
                }
                i = copy_string(buf, i, backend, out)?;
                expect = Expect::Colon;
                continue;
            }
            Expect::Value | Expect::ValueOrClose => {}
        }
        // A value at nesting level `depth + levels`.
        if depth + levels > MAX_JSON_DEPTH {
            return None;
        }
        match b {
            b'{' | b'[' => {
                if levels == MAX_LEVELS {
                    return None;
                }
                let object = b == b'{';
                objects = (objects & !(1 << levels)) | (u64::from(object) << levels);
                levels += 1;
                out.push(b);
                i += 1;
                expect = if object {
                    Expect::KeyOrClose
                } else {
                    Expect::ValueOrClose
                };
                continue;
            }
            b'"' => i = copy_string(buf, i, backend, out)?,
            b'-' | b'0'..=b'9' => {
                let len = backend.find_non_number(&buf[i..])?;
                out.extend_from_slice(&buf[i..i + len]);
                i += len;
            }
            _ => {
                let rest = &buf[i..];
                let literal = [&b"true"[..], b"false", b"null"]
                    .into_iter()
                    .find(|text| rest.starts_with(text))?;
                out.extend_from_slice(literal);
                i += literal.len();
            }
        }
        if levels == 0 {
            return Some(i);
        }
        expect = Expect::CommaOrClose;
    }
}

/// Copies the string whose opening quote is at `buf[at]`, quotes included, if its content is
/// printable ASCII without escapes; returns the offset past its closing quote.
fn copy_string(buf: &[u8], at: usize, backend: ScanBackend, out: &mut Vec<u8>) -> Option<usize> {
    let body = buf.get(at + 1..)?;
    let len = backend.find_string_special(body)?;
    if body[len] != b'"' || len > MAX_STRING_BYTES {
        return None;
    }
    out.extend_from_slice(&buf[at..at + len + 2]);
    Some(at + len + 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fast(text: &str) -> Option<(String, usize)> {
        let mut out = b"prefix".to_vec();
        let end = compact_plain(text.as_bytes(), 0, 0, ScanBackend::default(), &mut out);
        let out = String::from_utf8(out).unwrap();
        match end {
            Some(end) => Some((out.strip_prefix("prefix").unwrap().to_owned(), end)),
            None => {
                assert_eq!(out, "prefix", "a refusal leaves the output as it was");
                None
            }
        }
    }

    #[test]
    fn copies_plain_values_without_whitespace() {
        assert_eq!(
            fast("[[128, 1], [], [\"a b\", -2.5e3, true, null, {}]] ,"),
            Some(("[[128,1],[],[\"a b\",-2.5e3,true,null,{}]]".into(), 47))
        );
        assert_eq!(
            fast("{ \"k\" : { \"x\" : false } }"),
            Some(("{\"k\":{\"x\":false}}".into(), 25))
        );
        assert_eq!(fast("[]"), Some(("[]".into(), 2)));
    }

    #[test]
    fn refuses_what_the_general_writer_must_handle() {
        for text in [
            "[\"a\\\"b\"]", // an escape
            "[\"\u{e9}\"]", // non-ASCII text
            "[\"a\tb\"]",   // a control byte in a string
            "[1, 2",        // the input ends
            "[1 2]",        // a syntax error
            "[1,]",         // a trailing comma
            "{\"a\" 1}",    // a missing colon
            "{1: 2}",       // a key that is not a string
            "[tru]",        // a broken literal
            "[1}",          // mismatched brackets
            "[\"a]",        // an unterminated string
        ] {
            assert_eq!(fast(text), None, "{text}");
        }
        let deep = "[".repeat(MAX_LEVELS + 1) + &"]".repeat(MAX_LEVELS + 1);
        assert_eq!(fast(&deep), None);
        let mut out = Vec::new();
        assert_eq!(
            compact_plain(
                b"[[1]]",
                0,
                MAX_JSON_DEPTH - 1,
                ScanBackend::default(),
                &mut out
            ),
            None
        );
        assert_eq!(
            compact_plain(
                b"[[]]",
                0,
                MAX_JSON_DEPTH - 1,
                ScanBackend::default(),
                &mut out
            ),
            Some(4)
        );
    }
}
