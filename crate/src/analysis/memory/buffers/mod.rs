//! XLA's buffer assignment of each compiled module, as XProf's memory viewer shows it: the
//! peak heap and where in program order it occurs, the buffers live at the peak, and the heap
//! over program order.
//!
//! # Contract
//! - A module is listed when its `HloProto` (XSpace `/host:metadata`, or a standalone
//!   `HloProto` file) carries a buffer assignment; modules are named as XProf names them,
//!   `name(program_id)` (`jit__lambda(36)`), or `name` without a program id. Only device main
//!   memory (memory space 0) is analysed, XProf's default.
//! - Program order is the heap simulator trace of that memory space (see
//!   [`assignment::Assignment::heap_trace`]); position `k` is its event `k`,
//!   `program_length` the number of events, and [`BufferAnalysis::heap_after`] the heap after
//!   each event.
//! - Allocations that live for the whole program (parameters, outputs, constants:
//!   [`assignment::indefinite`]) are not in the trace: their bytes are added to
//!   every point of the heap and to the peak, and each is listed at the peak by its largest
//!   buffer. So `peak_heap_bytes` is XProf's `peakHeapMib` in bytes, and `peak_position` its
//!   `peakHeapSizePosition` (see [`simulate`] for the replay).
//! - `buffers_at_peak` lists every buffer XProf's `maxHeap` lists, largest first (ties in
//!   XProf's order: whole-program allocations, then the heap's in the order they became
//!   live), but one by one where XProf folds those under 16 KiB into one "small" entry.
//! - A module whose buffer assignment is inconsistent is still listed with what could be
//!   computed, its problems in `problems`; one bad module never hides the others.

pub mod assignment;
pub mod simulate;

use crate::hlo::proto as pb;
use crate::model::{HloModuleBlob, Trace};
use assignment::{Assignment, MAIN_MEMORY, indefinite};
use prost::Message;
use serde::Serialize;

/// One buffer live at the peak.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PeakBuffer {
    /// Bytes (with padding).
    pub bytes: i64,
    /// The defining HLO instruction, with the shape index in braces when there is one.
    pub instruction: String,
    /// `parameter`, `output`, `thread-local`, `constant` or `temporary`.
    pub kind: &'static str,
    /// The buffer's shape with layout (`f32[512,512]{1,0}`).
    pub shape: String,
    /// Offset in the heap for a temporary; `null` for whole-program allocations (each is
    /// its own block of memory).
    pub offset_bytes: Option<i64>,
    /// `LogicalBufferProto.id`.
    pub logical_buffer_id: i64,
    /// The instruction's opcode.
    pub opcode: String,
    /// The framework op that made the instruction (`metadata.op_name`), empty when unknown.
    pub op_name: String,
}

/// The buffer assignment of one module, summarised.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ModuleBuffers {
    /// `name(program_id)`, as XProf names the module.
    pub module: String,
    /// Peak bytes: the traced heap at its peak plus the whole-program allocations.
    pub peak_heap_bytes: i64,
    /// The heap simulator event at which the peak is first reached (0 without a trace).
    pub peak_position: u32,
    /// Heap simulator events (0 without a trace).
    pub program_length: u32,
    /// The instruction the simulator was processing at the peak, when known.
    pub instruction_at_peak: Option<String>,
    /// Bytes of the allocations that live for the whole program.
    pub indefinite_bytes: i64,
    /// Bytes of the entry computation's parameters.
    pub parameter_bytes: i64,
    /// Bytes that may be live out (the program's result).
    pub output_bytes: i64,
    /// Every buffer live at the peak, largest first.
    pub buffers_at_peak: Vec<PeakBuffer>,
    /// What was inconsistent in the assignment, one line each (empty when sound).
    pub problems: Vec<String>,
}

/// A module's summary with its heap curve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BufferAnalysis {
    /// The summary.
    pub summary: ModuleBuffers,
    /// Heap bytes after each heap simulator event, whole-program allocations included
    /// (`program_length` values).
    pub heap_after: Vec<i64>,
}

/// Every module of `trace` with a buffer assignment, in the profile's order (a module stored
/// twice under one name is listed once).
pub fn module_buffers(trace: &Trace) -> Vec<BufferAnalysis> {
    let mut out: Vec<BufferAnalysis> = Vec::new();
    for blob in &trace.metadata.hlo_modules {
        if let Some(a) = analyse_blob(blob) {
            if !out.iter().any(|x| x.summary.module == a.summary.module) {
                out.push(a);
            }
        }
    }
    out
}

/// The module named `name` (as listed, or by its bare name when that is unambiguous).
pub fn module_named(trace: &Trace, name: &str) -> Option<BufferAnalysis> {
    let mut all = module_buffers(trace);
    if let Some(k) = all.iter().position(|a| a.summary.module == name) {
        return Some(all.swap_remove(k));
    }
    let bare: Vec<usize> = (0..all.len())
        .filter(|&k| bare_name(&all[k].summary.module) == name)
        .collect();
    match bare[..] {
        [k] => Some(all.swap_remove(k)),
        _ => None,
    }
}

/// `jit_f` of `jit_f(123)`.
fn bare_name(module: &str) -> &str {
    match module.rfind('(') {
        Some(k) if module.ends_with(')') => &module[..k],
        _ => module,
    }
}

/// Analyses one stored module; `None` when its bytes are not an `HloProto` with a module and
/// a buffer assignment (HLO text, a bare module, a module without one).
pub fn analyse_blob(blob: &HloModuleBlob) -> Option<BufferAnalysis> {
    if crate::hlo::looks_like_hlo_text(&blob.proto) {
        return None;
    }
    let proto = pb::HloProto::decode(&blob.proto[..]).ok()?;
    let module = proto.hlo_module.as_ref()?;
    if !module
        .computations
        .iter()
        .any(|c| !c.instructions.is_empty())
    {
        return None;
    }
    let assignment = proto.buffer_assignment.as_ref()?;
    let name = if module.name.is_empty() {
        &blob.name
    } else {
        &module.name
    };
    let display = match blob.program_id {
        Some(id) => format!("{name}({id})"),
        None => name.clone(),
    };
    Some(analyse(display, module, assignment))
}

/// Analyses `assignment` of `module`, named `display`.
pub fn analyse(
    display: String,
    module: &pb::HloModuleProto,
    assignment: &pb::BufferAssignmentProto,
) -> BufferAnalysis {
    let index = Assignment::new(module, assignment);
    let trace = index.heap_trace(MAIN_MEMORY);
    let replay = trace
        .map(|t| simulate::replay(&index, t))
        .unwrap_or_default();
    let mut problems = Vec::new();
    if index.dangling > 0 {
        problems.push(format!(
            "{} assigned buffers name a logical buffer or instruction the module does not have",
            index.dangling
        ));
    }
    problems.extend(replay.problems.iter().cloned());

    let mut listed: Vec<PeakBuffer> = Vec::new();
    let (mut indefinite_bytes, mut parameter_bytes, mut output_bytes) = (0, 0, 0);
    for k in index.allocations_in(MAIN_MEMORY) {
        let a = index.allocation(k);
        if a.is_entry_computation_parameter {
            parameter_bytes = a.size.max(0).saturating_add(parameter_bytes);
        }
        if a.maybe_live_out {
            output_bytes = a.size.max(0).saturating_add(output_bytes);
        }
        if !indefinite(a) {
            continue;
        }
        if let Some(b) = index.representative(k) {
            indefinite_bytes = a.size.max(0).saturating_add(indefinite_bytes);
            listed.push(peak_buffer(&index, b, None));
        }
    }
    for &id in &replay.live_at_peak {
        if let Some(b) = index.buffer(id) {
            listed.push(peak_buffer(&index, b, Some(b.offset)));
        }
    }
    listed.sort_by_key(|b| std::cmp::Reverse(b.bytes));

    let instruction_at_peak = trace
        .filter(|_| !replay.heap_after.is_empty())
        .and_then(|t| t.events.get(replay.peak_position))
        .map(|e| e.instruction_name.clone())
        .filter(|n| !n.is_empty());
    let heap_after: Vec<i64> = replay
        .heap_after
        .iter()
        .map(|h| h.saturating_add(indefinite_bytes))
        .collect();
    BufferAnalysis {
        summary: ModuleBuffers {
            module: display,
            peak_heap_bytes: replay.peak_bytes.saturating_add(indefinite_bytes),
            peak_position: u32::try_from(replay.peak_position).unwrap_or(u32::MAX),
            program_length: u32::try_from(heap_after.len()).unwrap_or(u32::MAX),
            instruction_at_peak,
            indefinite_bytes,
            parameter_bytes,
            output_bytes,
            buffers_at_peak: listed,
            problems,
        },
        heap_after,
    }
}

fn peak_buffer(
    index: &Assignment<'_>,
    b: &assignment::Buffer<'_>,
    offset: Option<i64>,
) -> PeakBuffer {
    PeakBuffer {
        bytes: b.bytes,
        instruction: b.instruction_name(),
        kind: index.kind(b.allocation).as_str(),
        shape: b.shape_text(),
        offset_bytes: offset,
        logical_buffer_id: b.id,
        opcode: b.instruction.opcode.clone(),
        op_name: b.op_name().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::simulate::tests::{events, fixture};
    use super::*;

    #[test]
    fn whole_program_allocations_raise_every_point_and_are_listed_by_their_largest_buffer() {
        // Buffers 0, 1: heap temporaries; 2: a parameter; 3, 4: one output allocation;
        // 5: thread-local scratch (not counted).
        let (m, mut a) = fixture(&[100, 50, 1000, 30, 300, 7]);
        let assigned = |id: i64, size: i64| pb::buffer_allocation_proto::Assigned {
            logical_buffer_id: id,
            offset: 0,
            size,
        };
        a.buffer_allocations[0].assigned.truncate(2);
        a.buffer_allocations[0].assigned[1].offset = 100;
        a.buffer_allocations.extend([
            pb::BufferAllocationProto {
                index: 1,
                size: 1000,
                is_entry_computation_parameter: true,
                assigned: vec![assigned(2, 1000)],
                ..Default::default()
            },
            pb::BufferAllocationProto {
                index: 2,
                size: 320,
                maybe_live_out: true,
                assigned: vec![assigned(3, 30), assigned(4, 300)],
                ..Default::default()
            },
            pb::BufferAllocationProto {
                index: 3,
                size: 7,
                is_thread_local: true,
                assigned: vec![assigned(5, 7)],
                ..Default::default()
            },
        ]);
        a.heap_simulator_traces = vec![events(&[(0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 1, 0)])];
        let r = analyse("m(7)".into(), &m, &a);
        let s = &r.summary;
        assert_eq!(
            s.indefinite_bytes, 1320,
            "parameter and output, not thread-local"
        );
        assert_eq!(r.heap_after, vec![1420, 1470, 1370, 1320]);
        assert_eq!(
            (s.peak_heap_bytes, s.peak_position, s.program_length),
            (1470, 1, 4)
        );
        assert_eq!(s.instruction_at_peak.as_deref(), Some("at1"));
        assert_eq!((s.parameter_bytes, s.output_bytes), (1000, 320));
        let listed: Vec<(i64, &str, &str, Option<i64>)> = (s.buffers_at_peak.iter())
            .map(|b| (b.bytes, b.instruction.as_str(), b.kind, b.offset_bytes))
            .collect();
        assert_eq!(
            listed,
            vec![
                (1000, "i2", "parameter", None),
                (300, "i4", "output", None),
                (100, "i0", "temporary", Some(0)),
                (50, "i1", "temporary", Some(100)),
            ]
        );
        assert!(s.problems.is_empty(), "{:?}", s.problems);
    }

    #[test]
    fn without_a_trace_only_whole_program_allocations_count() {
        let (m, mut a) = fixture(&[64]);
        a.buffer_allocations[0].is_constant = true;
        let r = analyse("m".into(), &m, &a);
        assert_eq!(r.summary.peak_heap_bytes, 64);
        assert_eq!((r.summary.peak_position, r.summary.program_length), (0, 0));
        assert_eq!(r.summary.buffers_at_peak[0].kind, "constant");
        assert!(r.heap_after.is_empty());
    }

    #[test]
    fn dangling_references_are_problems_not_failures() {
        let (m, mut a) = fixture(&[8]);
        a.buffer_allocations[0]
            .assigned
            .push(pb::buffer_allocation_proto::Assigned {
                logical_buffer_id: 42,
                offset: 0,
                size: 8,
            });
        let r = analyse("m".into(), &m, &a);
        assert_eq!(r.summary.problems.len(), 1, "{:?}", r.summary.problems);
    }

    #[test]
    fn bare_names_drop_the_program_id() {
        assert_eq!(bare_name("jit_f(12)"), "jit_f");
        assert_eq!(bare_name("jit_f"), "jit_f");
        assert_eq!(bare_name("f(x)(3)"), "f(x)");
    }
}
