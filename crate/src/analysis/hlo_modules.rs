//! The HLO modules stored in a profile, decoded once and found by program id.

use crate::hlo::HloModule;
use crate::model::Trace;
use hashbrown::HashMap;

/// Modules by program id. Modules that do not decode are left out (their ops then have no
/// expression text).
#[derive(Debug, Default)]
pub struct HloModules {
    by_program: HashMap<u64, HloModule>,
}

impl HloModules {
    /// Decodes every module of `trace.metadata.hlo_modules` that has a program id and whose
    /// id is in `wanted`.
    pub fn of(trace: &Trace, wanted: impl Fn(u64) -> bool) -> HloModules {
        let by_program = trace
            .metadata
            .hlo_modules
            .iter()
            .filter_map(|blob| {
                let id = blob.program_id?;
                if !wanted(id) {
                    return None;
                }
                HloModule::from_blob(blob).ok().map(|m| (id, m))
            })
            .collect();
        HloModules { by_program }
    }

    /// The module of `program_id`.
    pub fn get(&self, program_id: u64) -> Option<&HloModule> {
        self.by_program.get(&program_id)
    }

    /// Display name `name(program_id)` of a program, or the bare id when its module is not
    /// in the profile.
    pub fn program_name(&self, program_id: u64) -> String {
        match self.get(program_id) {
            Some(m) => format!("{}({program_id})", m.name),
            None => program_id.to_string(),
        }
    }
}
