//! Stat values: compressed strings, and plane stats as JSON metadata values.

use super::pb::x_stat::Value;
use crate::limits::max_inflated_string_bytes;
use flate2::read::{DeflateDecoder, GzDecoder, ZlibDecoder};
use serde_json::Value as Json;
use std::io::Read;

/// Strings longer than this are not copied into the metadata entries (their length is).
const MAX_METADATA_TEXT: usize = 64 << 10;

/// Largest integer a JSON number holds exactly; larger ones become strings (`docs/CONTRACT.md`).
const MAX_EXACT_JSON_INT: u64 = 1 << 53;

/// Decompresses a `compressed_str_value`: gzip, zlib or raw deflate, recognised by its
/// header. `None` if it does not decompress to UTF-8 text within
/// [`max_inflated_string_bytes`] (a ratio limit, so a small "string bomb" is refused).
pub(super) fn inflate(data: &[u8]) -> Option<String> {
    let reader: Box<dyn Read + '_> = if data.starts_with(&[0x1f, 0x8b]) {
        Box::new(GzDecoder::new(data))
    } else if has_zlib_header(data) {
        Box::new(ZlibDecoder::new(data))
    } else {
        Box::new(DeflateDecoder::new(data))
    };
    let limit = max_inflated_string_bytes(data.len());
    let mut text = Vec::new();
    reader.take(limit as u64 + 1).read_to_end(&mut text).ok()?;
    if text.len() > limit {
        return None;
    }
    String::from_utf8(text).ok()
}

/// A zlib stream starts with CMF (method 8 = deflate) and FLG, whose 16-bit value is a
/// multiple of 31.
fn has_zlib_header(data: &[u8]) -> bool {
    match data {
        [cmf, flg, ..] => cmf & 0x0f == 8 && (u16::from(*cmf) << 8 | u16::from(*flg)) % 31 == 0,
        _ => false,
    }
}

/// A plane stat as a metadata value: numbers as JSON numbers (integers beyond 2^53 as
/// strings), strings as strings (very long ones as `"<N bytes of text>"`), bytes as
/// `"<N bytes>"`, a `ref_value` as the name it refers to (`ref_name`).
pub(super) fn metadata_json(value: Option<&Value>, ref_name: impl FnOnce(u64) -> String) -> Json {
    match value {
        None => Json::Null,
        Some(Value::DoubleValue(v)) => {
            serde_json::Number::from_f64(*v).map_or_else(|| Json::from(v.to_string()), Json::Number)
        }
        Some(Value::Uint64Value(v)) => exact_int(*v, Json::from(*v)),
        Some(Value::Int64Value(v)) => exact_int(v.unsigned_abs(), Json::from(*v)),
        Some(Value::StrValue(s)) => text_json(s),
        Some(Value::BytesValue(b)) => Json::from(format!("<{} bytes>", b.len())),
        Some(Value::RefValue(id)) => Json::from(ref_name(*id)),
        Some(Value::CompressedStrValue(b)) => match inflate(b) {
            Some(text) => text_json(&text),
            None => Json::from(format!("<{} bytes compressed>", b.len())),
        },
    }
}

fn exact_int(magnitude: u64, number: Json) -> Json {
    if magnitude > MAX_EXACT_JSON_INT {
        Json::from(number.to_string())
    } else {
        number
    }
}

fn text_json(s: &str) -> Json {
    if s.len() > MAX_METADATA_TEXT {
        Json::from(format!("<{} bytes of text>", s.len()))
    } else {
        Json::from(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::Compression;
    use flate2::write::{GzEncoder, ZlibEncoder};
    use std::io::Write;

    #[test]
    fn inflates_gzip_and_zlib_and_rejects_garbage() {
        let mut gz = GzEncoder::new(Vec::new(), Compression::default());
        gz.write_all(b"hello").unwrap();
        assert_eq!(inflate(&gz.finish().unwrap()).as_deref(), Some("hello"));
        let mut z = ZlibEncoder::new(Vec::new(), Compression::default());
        z.write_all(b"world").unwrap();
        assert_eq!(inflate(&z.finish().unwrap()).as_deref(), Some("world"));
        assert_eq!(inflate(&[0xff, 0xfe, 0x01]), None);
    }

    #[test]
    fn big_integers_become_strings() {
        let v = Value::Uint64Value(u64::MAX);
        assert_eq!(
            metadata_json(Some(&v), |_| String::new()),
            Json::from(u64::MAX.to_string())
        );
        let v = Value::Int64Value(-5);
        assert_eq!(metadata_json(Some(&v), |_| String::new()), Json::from(-5));
    }
}
