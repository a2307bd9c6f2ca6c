//! The HLO module model: computations and instructions in columnar tables with typed ids,
//! built from an `HloProto` / `HloModuleProto` ([`super::from_proto`]) or from HLO text
//! ([`super::text`]).

use super::shape::Shape;
use hashbrown::HashMap;
use std::ops::Range;

/// An instruction, by position in [`HloModule::instructions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InstrId(pub u32);

/// A computation, by position in [`HloModule::computations`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CompId(pub u32);

impl InstrId {
    /// The table index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl CompId {
    /// The table index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// One instruction attribute after the operand list (`dimensions={1}`, `calls=fused`).
/// Attributes are kept in the order XLA prints them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attr {
    /// `dimensions`, `kind`, `calls`, `to_apply`, ...
    pub key: String,
    /// The value.
    pub value: AttrValue,
}

/// An attribute value: literal text, or references to computations (printed by name, with a
/// `%` prefix in the long form).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttrValue {
    /// Printed as is (`{1}`, `kLoop`, `LT`).
    Text(String),
    /// One computation (`calls=`, `to_apply=`, `body=`, `condition=`).
    Computation(CompId),
    /// A list of computations, printed `{a, b}` (`branch_computations=`).
    Computations(Vec<CompId>),
    /// Replica groups of a collective: `listed` as in the instruction's `replica_groups`
    /// field (`{{0,1},{2,3}}`, `{}` when none), `iota` in the compact form
    /// (`[4,2]<=[2,4]T(1,0)`) when the module gives one. XProf's graph viewer prints
    /// `listed`, its `hlo_op_expression` prefers `iota` (see
    /// `super::PrintOptions::iota_replica_groups`).
    ReplicaGroups {
        /// Explicit list.
        listed: String,
        /// Compact iota form.
        iota: Option<String>,
    },
}

/// An instruction's `metadata={...}`: the framework op and source location.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpMetadata {
    /// Framework op type (`op_type`).
    pub op_type: String,
    /// Framework op name (`jit(train_step)/transpose(jvp())/dot_general`).
    pub op_name: String,
    /// Source file, when the producer set it directly.
    pub source_file: String,
    /// Source line (0 when unset).
    pub source_line: i32,
    /// 1-based index into the module's [`StackFrames`] (0 when unset).
    pub stack_frame_id: i32,
    /// The body as XLA prints it between the braces (`op_name="..." stack_frame_id=2`).
    pub text: String,
}

impl OpMetadata {
    /// Whether nothing is set (XLA then prints no `metadata=`).
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }
}

/// A resolved source location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceLocation {
    /// File name.
    pub file: String,
    /// Function name (empty when unknown).
    pub function: String,
    /// 1-based line (0 when unknown).
    pub line: i32,
    /// Column (0 when unknown).
    pub column: i32,
}

/// The module's stack-frame index (`StackFrameIndexProto`); all ids 1-based.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StackFrames {
    /// File names.
    pub file_names: Vec<String>,
    /// Function names.
    pub function_names: Vec<String>,
    /// `(file_name_id, function_name_id, line, column)`.
    pub file_locations: Vec<(i32, i32, i32, i32)>,
    /// `(file_location_id, parent_frame_id)`.
    pub frames: Vec<(i32, i32)>,
}

impl StackFrames {
    /// The call stack of frame `id`, innermost first; stops at a bad id or after as many
    /// steps as there are frames (a cycle cannot loop).
    pub fn stack(&self, id: i32) -> Vec<SourceLocation> {
        let mut out = Vec::new();
        let mut id = id;
        // Counted in steps, not locations found: a cycle through frames without a location
        // ends too.
        for _ in 0..self.frames.len() {
            if id <= 0 {
                break;
            }
            let Some(&(loc, parent)) = self.frames.get(id as usize - 1) else {
                break;
            };
            if let Some(l) = self.location(loc) {
                out.push(l);
            }
            id = parent;
        }
        out
    }

    fn location(&self, id: i32) -> Option<SourceLocation> {
        let &(file, func, line, column) = self.file_locations.get((id as usize).checked_sub(1)?)?;
        let name = |v: &Vec<String>, i: i32| {
            (i as usize)
                .checked_sub(1)
                .and_then(|i| v.get(i))
                .cloned()
                .unwrap_or_default()
        };
        Some(SourceLocation {
            file: name(&self.file_names, file),
            function: name(&self.function_names, func),
            line,
            column,
        })
    }
}

/// Instructions of all computations, column by column; an instruction's position is its
/// [`InstrId`]. Each computation's instructions are contiguous and in the order XLA prints
/// them (the schedule order for scheduled computations).
#[derive(Clone, Debug, Default)]
pub struct Instructions {
    /// Instruction name (unique in the module).
    pub name: Vec<String>,
    /// Opcode (`fusion`, `dot`, `custom-call`, ...).
    pub opcode: Vec<String>,
    /// Result shape.
    pub shape: Vec<Shape>,
    /// The computation holding the instruction.
    pub computation: Vec<CompId>,
    /// Range into [`Instructions::operand_pool`].
    pub operands: Vec<Range<u32>>,
    /// Range into [`Instructions::control_pool`]: control predecessors.
    pub control_predecessors: Vec<Range<u32>>,
    /// Computations this instruction calls (fusion body, while condition and body, ...).
    pub called: Vec<Vec<CompId>>,
    /// Attributes after the operand list, except metadata and `backend_config`.
    pub attrs: Vec<Vec<Attr>>,
    /// Fusion kind (`kLoop`, `kInput`, `kOutput`, `kCustom`), empty for non-fusions.
    pub fusion_kind: Vec<String>,
    /// Custom-call target, empty for other opcodes.
    pub custom_call_target: Vec<String>,
    /// Raw `backend_config` bytes (usually JSON), empty when unset.
    pub backend_config: Vec<Vec<u8>>,
    /// Framework metadata.
    pub metadata: Vec<OpMetadata>,
    /// Operand ids, pooled.
    pub operand_pool: Vec<InstrId>,
    /// Control predecessor ids, pooled.
    pub control_pool: Vec<InstrId>,
}

impl Instructions {
    /// Number of instructions.
    pub fn len(&self) -> usize {
        self.name.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.name.is_empty()
    }
}

/// Computations, column by column.
#[derive(Clone, Debug, Default)]
pub struct Computations {
    /// Computation name.
    pub name: Vec<String>,
    /// Its instructions: a range of [`InstrId`]s.
    pub instructions: Vec<Range<u32>>,
    /// The root instruction, when known.
    pub root: Vec<Option<InstrId>>,
    /// Whether it is a fusion body.
    pub is_fusion: Vec<bool>,
    /// Execution thread (empty for the main thread).
    pub execution_thread: Vec<String>,
}

impl Computations {
    /// Number of computations.
    pub fn len(&self) -> usize {
        self.name.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.name.is_empty()
    }
}

/// One HLO module.
#[derive(Clone, Debug, Default)]
pub struct HloModule {
    /// Module name (`jit_train_step`).
    pub name: String,
    /// XLA program id, when the source states one (the profile's `program_id`).
    pub program_id: Option<u64>,
    /// The attributes after the name on the `HloModule` line, as printed
    /// (`is_scheduled=true, entry_computation_layout={...}`), without the leading `, `.
    pub header_attrs: String,
    /// The entry computation.
    pub entry: Option<CompId>,
    /// Computations in the order XLA prints them (callees before callers).
    pub computations: Computations,
    /// All instructions.
    pub instructions: Instructions,
    /// Source locations for [`OpMetadata::stack_frame_id`].
    pub stack_frames: StackFrames,
    /// Users of each instruction (the inverse of operands), pooled like operands.
    pub(super) users: Vec<Range<u32>>,
    pub(super) user_pool: Vec<InstrId>,
    /// For each computation, the instructions that call it.
    pub(super) callers: Vec<Vec<InstrId>>,
    pub(super) by_name: HashMap<String, InstrId>,
    pub(super) computation_by_name: HashMap<String, CompId>,
}

impl HloModule {
    /// `name(program_id)` when the program id is known, else the name.
    pub fn display_name(&self) -> String {
        match self.program_id {
            Some(id) => format!("{}({id})", self.name),
            None => self.name.clone(),
        }
    }

    /// The instruction called `name`.
    pub fn instruction(&self, name: &str) -> Option<InstrId> {
        self.by_name.get(name).copied()
    }

    /// The computation called `name`.
    pub fn computation(&self, name: &str) -> Option<CompId> {
        self.computation_by_name.get(name).copied()
    }

    /// An instruction's name.
    pub fn name(&self, i: InstrId) -> &str {
        &self.instructions.name[i.index()]
    }

    /// An instruction's opcode.
    pub fn opcode(&self, i: InstrId) -> &str {
        &self.instructions.opcode[i.index()]
    }

    /// An instruction's operands, in order.
    pub fn operands(&self, i: InstrId) -> &[InstrId] {
        let r = &self.instructions.operands[i.index()];
        &self.instructions.operand_pool[r.start as usize..r.end as usize]
    }

    /// An instruction's control predecessors.
    pub fn control_predecessors(&self, i: InstrId) -> &[InstrId] {
        let r = &self.instructions.control_predecessors[i.index()];
        &self.instructions.control_pool[r.start as usize..r.end as usize]
    }

    /// The instructions that use `i` as an operand (each once, in id order).
    pub fn users(&self, i: InstrId) -> &[InstrId] {
        let r = &self.users[i.index()];
        &self.user_pool[r.start as usize..r.end as usize]
    }

    /// Computations called by `i`.
    pub fn called(&self, i: InstrId) -> &[CompId] {
        &self.instructions.called[i.index()]
    }

    /// Instructions that call computation `c` (a fusion body has one: its fusion).
    pub fn callers(&self, c: CompId) -> &[InstrId] {
        &self.callers[c.index()]
    }

    /// The computation holding `i`.
    pub fn computation_of(&self, i: InstrId) -> CompId {
        self.instructions.computation[i.index()]
    }

    /// The instructions of computation `c`, in print order.
    pub fn instructions_of(&self, c: CompId) -> impl ExactSizeIterator<Item = InstrId> + use<> {
        let r = self.computations.instructions[c.index()].clone();
        r.map(InstrId)
    }

    /// For a fusion instruction, the instructions of its fused computation (empty otherwise).
    pub fn fused_instructions(&self, i: InstrId) -> Vec<InstrId> {
        if self.opcode(i) != "fusion" {
            return Vec::new();
        }
        self.called(i)
            .iter()
            .flat_map(|&c| self.instructions_of(c))
            .collect()
    }

    /// The fusion instruction whose body holds `i`, if any.
    pub fn enclosing_fusion(&self, i: InstrId) -> Option<InstrId> {
        let c = self.computation_of(i);
        if !self.computations.is_fusion[c.index()] {
            return None;
        }
        self.callers(c)
            .iter()
            .copied()
            .find(|&f| self.opcode(f) == "fusion")
    }

    /// The resolved call stack of `i`'s metadata, innermost first; empty when unknown. A
    /// `source_file`/`source_line` set directly comes first.
    pub fn source_stack(&self, i: InstrId) -> Vec<SourceLocation> {
        let m = &self.instructions.metadata[i.index()];
        let mut out = Vec::new();
        if !m.source_file.is_empty() {
            out.push(SourceLocation {
                file: m.source_file.clone(),
                function: String::new(),
                line: m.source_line,
                column: 0,
            });
        }
        out.extend(self.stack_frames.stack(m.stack_frame_id));
        out
    }

    /// `file:line` of the innermost known source location, if any.
    pub fn source_line(&self, i: InstrId) -> Option<String> {
        self.source_stack(i)
            .first()
            .map(|l| format!("{}:{}", l.file, l.line))
    }

    /// Fills the derived indexes (users, callers, name maps) once the tables are complete.
    pub(super) fn index(&mut self) {
        let n = self.instructions.len();
        let mut counts = vec![0u32; n];
        let mut pairs: Vec<(InstrId, InstrId)> = Vec::new();
        for i in 0..n {
            let id = InstrId(i as u32);
            let mut ops: Vec<InstrId> = self.operands(id).to_vec();
            ops.sort_unstable();
            ops.dedup();
            for o in ops {
                counts[o.index()] += 1;
                pairs.push((o, id));
            }
        }
        pairs.sort_unstable();
        self.user_pool = pairs.iter().map(|&(_, u)| u).collect();
        let mut start = 0u32;
        self.users = counts
            .iter()
            .map(|&c| {
                let r = start..start + c;
                start += c;
                r
            })
            .collect();
        self.callers = vec![Vec::new(); self.computations.len()];
        for i in 0..n {
            for &c in &self.instructions.called[i] {
                if let Some(v) = self.callers.get_mut(c.index()) {
                    v.push(InstrId(i as u32));
                }
            }
        }
        self.by_name = self
            .instructions
            .name
            .iter()
            .enumerate()
            .map(|(i, s)| (s.clone(), InstrId(i as u32)))
            .collect();
        self.computation_by_name = self
            .computations
            .name
            .iter()
            .enumerate()
            .map(|(i, s)| (s.clone(), CompId(i as u32)))
            .collect();
    }
}
