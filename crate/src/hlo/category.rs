//! XProf's HLO op category (the `category` column of `hlo_stats` and `op_profile`).

use super::model::{HloModule, InstrId};

/// The category XProf files an instruction under: `<kind> fusion` for fusions (`loop
/// fusion`, `input fusion`, `output fusion`, `custom fusion`), otherwise the opcode.
pub fn category(m: &HloModule, i: InstrId) -> String {
    let opcode = m.opcode(i);
    if opcode != "fusion" {
        return opcode.to_owned();
    }
    let kind = &m.instructions.fusion_kind[i.index()];
    let kind = kind.strip_prefix('k').unwrap_or(kind);
    if kind.is_empty() {
        "fusion".to_owned()
    } else {
        format!("{} fusion", kind.to_ascii_lowercase())
    }
}
