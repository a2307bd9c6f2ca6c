//! The message size of an XLA collective, read from its instruction in the profile's HLO
//! modules: the bytes of its operands (what each device sends in), as the Kineto collectives'
//! `In msg nelems` states it.

use super::super::hlo_modules::HloModules;
use crate::hlo::HloModule;
use crate::model::Trace;
use hashbrown::{HashMap, HashSet};

/// Operand bytes of named instructions, per program, for the programs and op names asked for.
#[derive(Debug, Default)]
pub(super) struct XlaSizes {
    by_program: HashMap<u64, HashMap<String, u64>>,
}

impl XlaSizes {
    /// Looks up every `(program id, op name)` of `wanted` (repeats are looked up once) in the
    /// modules of `trace` that decode; an op without a module, or not found in it, has no size.
    pub(super) fn of<'a>(trace: &Trace, wanted: impl Iterator<Item = (u64, &'a str)>) -> XlaSizes {
        let mut ops: HashMap<u64, HashSet<&str>> = HashMap::new();
        for (program, op) in wanted {
            ops.entry(program).or_default().insert(op);
        }
        if ops.is_empty() {
            return XlaSizes::default();
        }
        let modules = HloModules::of(trace, |id| ops.contains_key(&id));
        let by_program = ops
            .into_iter()
            .filter_map(|(program, names)| {
                Some((program, operand_bytes(modules.get(program)?, &names)))
            })
            .collect();
        XlaSizes { by_program }
    }

    /// The operand bytes of op `op` of program `program`, where known.
    pub(super) fn get(&self, program: u64, op: &str) -> Option<u64> {
        self.by_program.get(&program)?.get(op).copied()
    }
}

/// The summed array bytes of the operands of each instruction named in `names`, in one pass
/// over the module (an instruction whose operands hold no array data is left out).
fn operand_bytes(module: &HloModule, names: &HashSet<&str>) -> HashMap<String, u64> {
    let ins = &module.instructions;
    let mut out = HashMap::new();
    for (at, name) in ins.name.iter().enumerate() {
        if !names.contains(name.as_str()) {
            continue;
        }
        let range = ins.operands[at].clone();
        let total: u64 = ins.operand_pool[range.start as usize..range.end as usize]
            .iter()
            .map(|o| ins.shape[o.index()].byte_size())
            .sum();
        if total > 0 {
            out.insert(name.clone(), total);
        }
    }
    out
}
