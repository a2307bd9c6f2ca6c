//! The buffer assignment of one `HloProto`, indexed: logical buffers with the instruction that
//! defines them and the allocation they were packed into, allocations by kind, and which heap
//! simulator trace describes the heap.

use crate::hlo::Shape;
use crate::hlo::proto as pb;
use hashbrown::HashMap;

/// The memory space XProf's memory viewer shows by default (device main memory, HBM).
pub const MAIN_MEMORY: i64 = 0;

/// What an allocation holds, as XProf's memory viewer groups it. An allocation that is several
/// things takes the first that applies in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A parameter of the entry computation.
    Parameter,
    /// May be live out of the program (its result).
    Output,
    /// Thread-local scratch.
    ThreadLocal,
    /// A constant.
    Constant,
    /// A temporary in the heap the simulator traced.
    Temporary,
}

impl Kind {
    /// The name in JSON (`parameter`, `output`, `thread-local`, `constant`, `temporary`).
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Parameter => "parameter",
            Kind::Output => "output",
            Kind::ThreadLocal => "thread-local",
            Kind::Constant => "constant",
            Kind::Temporary => "temporary",
        }
    }

    fn of(a: &pb::BufferAllocationProto) -> Kind {
        if a.is_entry_computation_parameter {
            Kind::Parameter
        } else if a.maybe_live_out {
            Kind::Output
        } else if a.is_thread_local {
            Kind::ThreadLocal
        } else if a.is_constant {
            Kind::Constant
        } else {
            Kind::Temporary
        }
    }
}

/// Whether an allocation lives for the whole program (its buffers are not in the heap
/// simulator's trace): a parameter, a constant or possibly live out. Thread-local scratch is
/// neither in the heap nor counted here, as in XProf 2.24.2 (whose peak leaves it out).
pub fn indefinite(a: &pb::BufferAllocationProto) -> bool {
    a.is_entry_computation_parameter || a.is_constant || a.maybe_live_out
}

/// One logical buffer whose defining instruction is in the module.
#[derive(Debug)]
pub struct Buffer<'a> {
    /// `LogicalBufferProto.id`.
    pub id: i64,
    /// Bytes (with padding), as the assignment states (a negative size counts 0).
    pub bytes: i64,
    /// Memory space.
    pub color: i64,
    /// Position of its allocation in `BufferAssignmentProto.buffer_allocations`.
    pub allocation: usize,
    /// Offset in its allocation.
    pub offset: i64,
    /// The defining instruction.
    pub instruction: &'a pb::HloInstructionProto,
    /// The shape index of the buffer in the instruction's output.
    pub shape_index: &'a [i64],
}

impl Buffer<'_> {
    /// The instruction's name, with the shape index in braces when there is one
    /// (`fusion.3{1}`).
    pub fn instruction_name(&self) -> String {
        let name = &self.instruction.name;
        if self.shape_index.is_empty() {
            return name.clone();
        }
        let index: Vec<String> = self.shape_index.iter().map(i64::to_string).collect();
        format!("{name}{{{}}}", index.join(","))
    }

    /// The buffer's shape with layout. As XProf does, only the last shape index selects a
    /// tuple element of the instruction's shape (one level deep); an index past the tuple
    /// keeps the whole shape.
    pub fn shape_text(&self) -> String {
        let whole = self.instruction.shape.as_ref();
        let part = match (whole, self.shape_index.last()) {
            (Some(s), Some(&i)) => usize::try_from(i)
                .ok()
                .and_then(|i| s.tuple_shapes.get(i))
                .or(Some(s)),
            (s, _) => s,
        };
        part.map(|s| Shape::from_proto(s).to_text())
            .unwrap_or_default()
    }

    /// The framework op of the defining instruction (`metadata.op_name`).
    pub fn op_name(&self) -> &str {
        self.instruction
            .metadata
            .as_ref()
            .map_or("", |m| m.op_name.as_str())
    }
}

/// The indexed buffer assignment of one module.
#[derive(Debug)]
pub struct Assignment<'a> {
    /// The assignment itself.
    pub proto: &'a pb::BufferAssignmentProto,
    /// Logical buffers by id (only those assigned to an allocation whose instruction exists).
    buffers: HashMap<i64, Buffer<'a>>,
    /// Per allocation (by position), the heap simulator trace that describes it.
    trace_of_allocation: Vec<Option<usize>>,
    /// Dangling references met while indexing (assigned buffers or instructions not found).
    pub dangling: usize,
}

impl<'a> Assignment<'a> {
    /// Indexes `assignment` against the instructions of `module`.
    pub fn new(module: &'a pb::HloModuleProto, proto: &'a pb::BufferAssignmentProto) -> Self {
        let instructions: HashMap<i64, &pb::HloInstructionProto> = module
            .computations
            .iter()
            .flat_map(|c| &c.instructions)
            .map(|i| (i.id, i))
            .collect();
        let logical: HashMap<i64, &pb::LogicalBufferProto> =
            proto.logical_buffers.iter().map(|b| (b.id, b)).collect();
        let mut buffers = HashMap::new();
        let mut dangling = 0;
        for (k, a) in proto.buffer_allocations.iter().enumerate() {
            for assigned in &a.assigned {
                let found = logical.get(&assigned.logical_buffer_id).and_then(|lb| {
                    let at = lb.defined_at.as_ref();
                    let instruction = instructions.get(&at.map_or(-1, |l| l.instruction_id))?;
                    Some(Buffer {
                        id: lb.id,
                        bytes: lb.size.max(0),
                        color: lb.color,
                        allocation: k,
                        offset: assigned.offset,
                        instruction,
                        shape_index: at.map_or(&[][..], |l| &l.shape_index),
                    })
                });
                match found {
                    Some(b) => {
                        buffers.insert(b.id, b);
                    }
                    None => dangling += 1,
                }
            }
        }
        // A trace belongs to the allocation of its first event's buffer (the trace's own
        // `buffer_allocation_index` is not reliable); a later trace of the same allocation wins.
        let mut trace_of_allocation = vec![None; proto.buffer_allocations.len()];
        for (k, t) in proto.heap_simulator_traces.iter().enumerate() {
            let first = t.events.first().and_then(|e| buffers.get(&e.buffer_id));
            if let Some(b) = first {
                trace_of_allocation[b.allocation] = Some(k);
            }
        }
        Assignment {
            proto,
            buffers,
            trace_of_allocation,
            dangling,
        }
    }

    /// The logical buffer `id`, if it was assigned and its instruction exists.
    pub fn buffer(&self, id: i64) -> Option<&Buffer<'a>> {
        self.buffers.get(&id)
    }

    /// Allocation at position `k`.
    pub fn allocation(&self, k: usize) -> &'a pb::BufferAllocationProto {
        &self.proto.buffer_allocations[k]
    }

    /// What allocation `k` holds.
    pub fn kind(&self, k: usize) -> Kind {
        Kind::of(self.allocation(k))
    }

    /// Positions of the allocations in memory space `color`, in proto order.
    pub fn allocations_in(&self, color: i64) -> impl Iterator<Item = usize> + '_ {
        (self.proto.buffer_allocations.iter().enumerate())
            .filter(move |(_, a)| a.color == color)
            .map(|(k, _)| k)
    }

    /// The heap simulator trace of memory space `color`: that of its first temporary
    /// allocation (proto order) that has one, else the trace with the most events on buffers of
    /// that space (the first of equals); `None` when no trace touches it.
    pub fn heap_trace(&self, color: i64) -> Option<&'a pb::HeapSimulatorTrace> {
        let traces = &self.proto.heap_simulator_traces;
        let by_allocation = self
            .allocations_in(color)
            .filter(|&k| !indefinite(self.allocation(k)))
            .find_map(|k| self.trace_of_allocation[k]);
        let k = by_allocation.or_else(|| {
            let mut best: Option<(usize, usize)> = None;
            for (k, t) in traces.iter().enumerate() {
                let n = (t.events.iter())
                    .filter(|e| self.buffer(e.buffer_id).is_some_and(|b| b.color == color))
                    .count();
                if n > 0 && best.is_none_or(|(_, m)| n > m) {
                    best = Some((k, n));
                }
            }
            best.map(|(k, _)| k)
        })?;
        traces.get(k)
    }

    /// The buffer that stands for indefinite allocation `k` at the peak: its largest assigned
    /// buffer (the first of equals; buffers of 0 bytes never stand for one).
    pub fn representative(&self, k: usize) -> Option<&Buffer<'a>> {
        let mut best: Option<&Buffer<'a>> = None;
        for assigned in &self.allocation(k).assigned {
            if let Some(b) = self.buffer(assigned.logical_buffer_id) {
                if b.bytes > best.map_or(0, |x| x.bytes) {
                    best = Some(b);
                }
            }
        }
        best
    }
}
