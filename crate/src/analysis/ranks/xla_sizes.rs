//! The message size of an XLA collective, read from its instruction in the profile's HLO
//! modules: the bytes of its operands (what each device sends in), as the Kineto collectives'
//! `In msg nelems` states it.

use super::super::hlo_modules::HloModules;
use crate::hlo::HloModule;
use hashbrown::HashMap;

/// Operand bytes of named instructions, per program, for the programs and op names asked for.
#[derive(Debug, Default)]
pub(super) struct XlaSizes {
    bytes: HashMap<(u64, String), u64>,
}

impl XlaSizes {
    /// Looks up every `(program id, op name)` of `wanted` in the modules of `trace` that
    /// decode; an op without a module, or not found in it, has no size.
    pub(super) fn of(trace: &crate::model::Trace, wanted: &[(u64, &str)]) -> XlaSizes {
        if wanted.is_empty() {
            return XlaSizes::default();
        }
        let modules = HloModules::of(trace, |id| wanted.iter().any(|&(p, _)| p == id));
        let mut by_program: HashMap<u64, Vec<&str>> = HashMap::new();
        for &(program, op) in wanted {
            by_program.entry(program).or_default().push(op);
        }
        let mut bytes = HashMap::new();
        for (program, ops) in by_program {
            let Some(module) = modules.get(program) else {
                continue;
            };
            for op in ops {
                if let Some(b) = operand_bytes(module, op) {
                    bytes.insert((program, op.to_owned()), b);
                }
            }
        }
        XlaSizes { bytes }
    }

    /// The operand bytes of op `op` of program `program`, where known.
    pub(super) fn get(&self, program: u64, op: &str) -> Option<u64> {
        self.bytes.get(&(program, op.to_owned())).copied()
    }
}

/// The summed array bytes of the operands of the instruction named `op` (none when no
/// instruction has that name, or its operands hold no array data).
fn operand_bytes(module: &HloModule, op: &str) -> Option<u64> {
    let ins = &module.instructions;
    let at = ins.name.iter().position(|n| n == op)?;
    let range = ins.operands[at].clone();
    let total: u64 = ins.operand_pool[range.start as usize..range.end as usize]
        .iter()
        .map(|o| ins.shape[o.index()].byte_size())
        .sum();
    (total > 0).then_some(total)
}
