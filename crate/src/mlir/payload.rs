//! Kernels inside XLA custom calls: where each custom-call target keeps its MLIR, and
//! finding custom calls in StableHLO text.
//!
//! - `tpu_custom_call` (Mosaic TPU): `backend_config` is JSON whose
//!   `custom_call_config.body` is base64 MLIR bytecode.
//! - `__gpu$xla.gpu.triton` (Triton): the backend config dictionary's `ir` string.
//! - `mosaic_gpu_v2` / `mosaic_gpu` (Mosaic GPU): the dictionary's `module` string.
//!
//! A backend config may be JSON or an MLIR dictionary attribute in text form (what
//! StableHLO's `mhlo.backend_config = {...}` holds and what XLA stores for typed-FFI
//! custom calls).

/// Whether a payload is bytecode or MLIR text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PayloadFormat {
    Bytecode,
    Text,
}

/// A kernel taken out of a custom call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelPayload {
    /// `mosaic_tpu`, `triton` or `mosaic_gpu`.
    pub kind: &'static str,
    pub format: PayloadFormat,
    pub bytes: Vec<u8>,
}

impl KernelPayload {
    /// The kernel's MLIR text: bytecode printed in MLIR's generic op form with `options`,
    /// a text payload as written (lossy UTF-8). Errs only when bytecode cannot be decoded.
    pub fn text(&self, options: &super::PrintOptions) -> Result<String, super::MlirError> {
        match self.format {
            PayloadFormat::Bytecode => super::decode(&self.bytes).map(|m| m.print(options)),
            PayloadFormat::Text => Ok(String::from_utf8_lossy(&self.bytes).into_owned()),
        }
    }
}

/// A custom call found in StableHLO text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CustomCall {
    /// `custom_call#N`, N counting custom calls in the file from 0.
    pub name: String,
    pub target: String,
    /// The kernel, when the target is a kernel target and its payload was found.
    pub kernel: Option<KernelPayload>,
}

/// The kernel behind a custom call with `target` and `backend_config` (JSON or an MLIR
/// dictionary in text form), or `None` when the target is not a kernel target or the
/// config holds no payload. Pure; this is what HLO custom calls hook into.
pub fn kernel_from_custom_call(target: &str, backend_config: &[u8]) -> Option<KernelPayload> {
    let text = std::str::from_utf8(backend_config).ok()?.trim();
    let (kind, bytes) = match target {
        "tpu_custom_call" => ("mosaic_tpu", tpu_body(text)?),
        "__gpu$xla.gpu.triton" => ("triton", config_string(text, "ir")?),
        "mosaic_gpu_v2" | "mosaic_gpu" => ("mosaic_gpu", config_string(text, "module")?),
        _ => return None,
    };
    let format = if super::is_bytecode(&bytes) {
        PayloadFormat::Bytecode
    } else {
        PayloadFormat::Text
    };
    Some(KernelPayload {
        kind,
        format,
        bytes,
    })
}

/// `custom_call_config.body` of a Mosaic TPU backend config, base64-decoded.
fn tpu_body(text: &str) -> Option<Vec<u8>> {
    let json: serde_json::Value = serde_json::from_str(text).ok()?;
    let body = json.get("custom_call_config")?.get("body")?.as_str()?;
    base64(body)
}

/// The string `key` of a JSON object or of an MLIR dictionary in text form.
fn config_string(text: &str, key: &str) -> Option<Vec<u8>> {
    if text.starts_with("{\"") || text.starts_with("{ \"") {
        let json: serde_json::Value = serde_json::from_str(text).ok()?;
        return Some(json.get(key)?.as_str()?.as_bytes().to_vec());
    }
    let inner = text.strip_prefix('{')?.strip_suffix('}')?;
    dict_entries(inner)
        .into_iter()
        .find(|(k, _)| *k == key)
        .and_then(|(_, v)| unquote(v))
}

/// Standard base64 (padding optional, whitespace ignored).
fn base64(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            b'=' | b'\n' | b'\r' | b' ' => continue,
            _ => return None,
        };
        acc = acc << 6 | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Some(out)
}

/// An MLIR string literal's bytes: `"..."` with `\\`, `\"`, `\n`, `\t` and `\XX` escapes.
pub fn unquote(literal: &str) -> Option<Vec<u8>> {
    let body = literal.strip_prefix('"')?.strip_suffix('"')?.as_bytes();
    let mut out = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        let c = body[i];
        if c != b'\\' {
            out.push(c);
            i += 1;
            continue;
        }
        let next = *body.get(i + 1)?;
        match next {
            b'\\' | b'"' => {
                out.push(next);
                i += 2;
            }
            b'n' => {
                out.push(b'\n');
                i += 2;
            }
            b't' => {
                out.push(b'\t');
                i += 2;
            }
            _ => {
                let hex = std::str::from_utf8(body.get(i + 1..i + 3)?).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
        }
    }
    Some(out)
}

/// Length of the token starting at `s`: a string literal, a bracketed group (strings
/// inside respected), or anything up to a top-level `,` / closing bracket.
fn value_len(s: &[u8]) -> usize {
    let mut depth = 0i32;
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            b'"' => {
                i += 1;
                while i < s.len() && s[i] != b'"' {
                    i += if s[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'{' | b'[' | b'(' | b'<' => depth += 1,
            b'}' | b']' | b')' | b'>' if depth > 0 => depth -= 1,
            b'-' if s.get(i + 1) == Some(&b'>') => i += 1,
            b',' | b'}' | b']' | b')' if depth == 0 => return i,
            _ => {}
        }
        i += 1;
    }
    s.len().min(i)
}

/// For `s` starting with an opening bracket, the index just past its matching closing
/// bracket (string literals respected).
fn group_end(s: &[u8]) -> Option<usize> {
    if !matches!(s.first(), Some(b'(' | b'{' | b'[')) {
        return None;
    }
    let mut depth = 0usize;
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            b'"' => {
                i += 1;
                while i < s.len() && s[i] != b'"' {
                    i += if s[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' | b'{' | b'[' => depth += 1,
            b')' | b'}' | b']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The `key = value` entries of a dictionary body (between the braces), values as text.
fn dict_entries(body: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let mut rest = body.trim_start();
    while !rest.is_empty() {
        let key_end = rest.find(['=', ',']).unwrap_or(rest.len());
        let key = rest[..key_end].trim().trim_matches('"');
        rest = &rest[key_end..];
        if let Some(after) = rest.strip_prefix('=') {
            let v = after.trim_start();
            let n = value_len(v.as_bytes());
            out.push((key, v[..n].trim_end()));
            rest = &v[n..];
        } else {
            // A unit attribute (no value).
            out.push((key, ""));
        }
        rest = rest
            .trim_start()
            .strip_prefix(',')
            .unwrap_or(rest)
            .trim_start();
        if rest.starts_with('}') {
            break;
        }
    }
    out
}

/// Every `stablehlo.custom_call` (pretty form) in StableHLO text, with its kernel.
pub fn custom_calls_in_stablehlo(text: &str) -> Vec<CustomCall> {
    const OP: &str = "stablehlo.custom_call @";
    let mut calls = Vec::new();
    let mut at = 0;
    while let Some(found) = text[at..].find(OP) {
        let start = at + found + OP.len();
        at = start;
        let rest = &text[start..];
        let target_len = if let Some(quoted) = rest.strip_prefix('"') {
            1 + quoted.find('"').map_or(quoted.len(), |e| e + 1)
        } else {
            rest.find(|c: char| !(c.is_ascii_alphanumeric() || "_$.-".contains(c)))
                .unwrap_or(rest.len())
        };
        let target = rest[..target_len].trim_matches('"').to_owned();
        let after = &rest[target_len..];
        // Operands, then the attribute dictionary.
        let operands = group_end(after.as_bytes()).unwrap_or(0);
        let tail = after[operands..].trim_start();
        let kernel = group_end(tail.as_bytes()).and_then(|end| {
            let dict = tail.strip_prefix('{')?;
            let entries = dict_entries(&dict[..end - 1]);
            let string_config = entries
                .iter()
                .find(|(k, _)| *k == "backend_config")
                .and_then(|(_, v)| unquote(v))
                .filter(|v| !v.is_empty());
            let dict_config = entries
                .iter()
                .find(|(k, _)| *k == "mhlo.backend_config")
                .map(|(_, v)| v.as_bytes().to_vec());
            string_config
                .and_then(|c| kernel_from_custom_call(&target, &c))
                .or_else(|| dict_config.and_then(|c| kernel_from_custom_call(&target, &c)))
        });
        calls.push(CustomCall {
            name: format!("custom_call#{}", calls.len()),
            target,
            kernel,
        });
    }
    calls
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_and_unquote() {
        assert_eq!(base64("TUzvUg==").unwrap(), b"ML\xEFR");
        assert_eq!(unquote(r#""ML\EFR\00a\"b""#).unwrap(), b"ML\xEFR\0a\"b");
    }

    #[test]
    fn dictionary_config() {
        let cfg = br#"{debug = false, grid_x = 2 : i32, ir = "ML\EFR\0D", name = "k"}"#;
        let k = kernel_from_custom_call("__gpu$xla.gpu.triton", cfg).unwrap();
        assert_eq!(
            (k.kind, k.bytes.as_slice()),
            ("triton", &b"ML\xEFR\x0D"[..])
        );
        assert_eq!(kernel_from_custom_call("foo", cfg), None);
    }
}
