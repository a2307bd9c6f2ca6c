//! Standalone HLO files: HLO text dumps (`HloModule ...`), serialized `HloProto` and bare
//! `HloModuleProto`. They import as [`Format::Hlo`] with an empty timeline: the module is
//! kept in `trace.metadata.hlo_modules` for the HLO views, and `summary` counts its
//! instructions as events.

use crate::error::ImportError;
use crate::hlo::{HloModule, looks_like_hlo_text};
use crate::import::protowire::read_varint;
use crate::model::{Format, HloModuleBlob, Trace, TraceBuilder};

/// Format name in error messages.
const FORMAT: &str = "HLO module";

/// Whether `bytes` are HLO text or an `HloProto` / `HloModuleProto`. The protobuf check is
/// deliberately narrow (the first field is the module, or the module's name, as printable
/// text) so that XSpace and other protobufs are never claimed.
pub fn sniff(bytes: &[u8]) -> bool {
    looks_like_hlo_text(bytes) || looks_like_hlo_proto(bytes)
}

fn looks_like_hlo_proto(bytes: &[u8]) -> bool {
    // Bare HloModuleProto: field 1 (name) is a printable string, then more module fields.
    if leading_name(bytes)
        .is_some_and(|end| matches!(bytes.get(end), Some(0x12 | 0x1a | 0x22 | 0x28 | 0x30)))
    {
        return true;
    }
    // HloProto: field 1 is a module whose own field 1 is a printable name.
    let Some((len, n)) = field_one(bytes) else {
        return false;
    };
    let inner = &bytes[n..bytes.len().min(n.saturating_add(len))];
    leading_name(inner).is_some()
}

/// `(length, header bytes)` of a leading field 1 with wire type LEN.
fn field_one(bytes: &[u8]) -> Option<(usize, usize)> {
    if bytes.first() != Some(&0x0a) {
        return None;
    }
    let (len, end) = read_varint(bytes, 1).ok()?;
    Some((usize::try_from(len).ok()?, end))
}

/// When `bytes` start with field 1 holding 1..=256 bytes of printable ASCII (a module
/// name), the offset just after it.
fn leading_name(bytes: &[u8]) -> Option<usize> {
    let (len, n) = field_one(bytes)?;
    let name = bytes.get(n..n.checked_add(len)?)?;
    let printable =
        !name.is_empty() && name.len() <= 256 && name.iter().all(|b| b.is_ascii_graphic());
    printable.then_some(n + len)
}

/// Imports one HLO module file.
pub fn import(bytes: &[u8]) -> Result<Trace, ImportError> {
    let module = HloModule::from_bytes(bytes).map_err(|e| ImportError::Malformed {
        format: FORMAT,
        detail: e.to_string(),
        offset: 0,
    })?;
    let mut b = TraceBuilder::new(Format::Hlo);
    b.count_source_events(module.instructions.len() as u64);
    b.metadata().hlo_modules.push(HloModuleBlob {
        name: module.name.clone(),
        program_id: None,
        proto: bytes.to_vec(),
    });
    Ok(b.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_text_and_protos_but_not_other_protobufs() {
        assert!(sniff(b"HloModule m, is_scheduled=true\n"));
        assert!(sniff(b"\n  HloModule m\n"));
        // Bare HloModuleProto: name "m", then computations (field 3).
        assert!(sniff(&[0x0a, 1, b'm', 0x1a, 0]));
        // HloProto wrapping it.
        assert!(sniff(&[0x0a, 5, 0x0a, 1, b'm', 0x1a, 0]));
        // XSpace: a plane starting with its id varint.
        assert!(!sniff(&[0x0a, 4, 0x08, 1, 0x12, 0]));
        assert!(!sniff(b"{\"traceEvents\": []}"));
        assert!(!sniff(&[]));
    }

    #[test]
    fn bad_modules_are_errors_not_panics() {
        assert!(import(b"HloModule m\n\nENTRY e {\n  x = f32[ parameter(0)\n}\n").is_err());
        assert!(import(&[0x0a, 1, b'm', 0x1a, 0]).is_err());
    }
}
