//! Picking a module by name, program id or `name(program_id)`, and an instruction by name,
//! with candidates to show when the choice is unknown or ambiguous.

use super::model::{HloModule, InstrId};

/// Why a module or instruction could not be picked; each lists what would have matched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SelectError {
    /// Nothing matches.
    #[error("unknown {what} {query:?}; candidates: {}", candidates.join(", "))]
    Unknown {
        /// `module` or `op`.
        what: &'static str,
        /// What was asked for.
        query: String,
        /// Possible names (all modules, or instructions whose name contains the query).
        candidates: Vec<String>,
    },
    /// Several modules match.
    #[error("ambiguous module {query:?}; candidates: {}", candidates.join(", "))]
    Ambiguous {
        /// What was asked for.
        query: String,
        /// The matching modules as `name(program_id)`.
        candidates: Vec<String>,
    },
}

/// The module matching `query`: its name, its program id, or `name(program_id)`.
pub fn select_module(modules: &[HloModule], query: &str) -> Result<usize, SelectError> {
    let matches: Vec<usize> = (0..modules.len())
        .filter(|&k| {
            let m = &modules[k];
            m.name == query
                || m.display_name() == query
                || m.program_id.is_some_and(|p| p.to_string() == query)
        })
        .collect();
    match matches.as_slice() {
        [k] => Ok(*k),
        [] => Err(SelectError::Unknown {
            what: "module",
            query: query.to_owned(),
            candidates: modules.iter().map(HloModule::display_name).collect(),
        }),
        _ => Err(SelectError::Ambiguous {
            query: query.to_owned(),
            candidates: matches.iter().map(|&k| modules[k].display_name()).collect(),
        }),
    }
}

/// The instruction called `name`; when there is none, the (up to 20) instructions whose
/// name contains it, or the first 20 when none does.
pub fn select_instruction(m: &HloModule, name: &str) -> Result<InstrId, SelectError> {
    if let Some(i) = m.instruction(name) {
        return Ok(i);
    }
    let names = &m.instructions.name;
    let mut candidates: Vec<String> = names
        .iter()
        .filter(|n| n.contains(name))
        .take(20)
        .cloned()
        .collect();
    if candidates.is_empty() {
        candidates = names.iter().take(20).cloned().collect();
    }
    Err(SelectError::Unknown {
        what: "op",
        query: name.to_owned(),
        candidates,
    })
}
