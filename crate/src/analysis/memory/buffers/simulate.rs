//! Replays a heap simulator trace: the heap after every event, the peak and the buffers live
//! at it.
//!
//! # Contract (XProf's memory viewer)
//! - Events are program order. `ALLOC` adds the buffer's bytes; `SHARE_WITH` makes the buffer
//!   an alias of a canonical one (reference-counted on the root of the alias chain) and adds
//!   the canonical's bytes again only when the canonical had been freed (its memory is
//!   reused); `FREE` drops a reference and removes the root's bytes when none is left.
//! - The peak is the first event after which the heap is larger than ever before (ties keep
//!   the earlier one); at a heap that never grows past 0 it is event 0.
//! - The buffers live at the peak are the roots that were added and not yet removed, in the
//!   order they were added; a root whose memory a `SHARE_WITH` reused is shown as that sharer.
//! - An event on an unknown buffer changes nothing (it still takes its place in program
//!   order). An event that would free a buffer more often than it was taken, drive the heap
//!   below 0, or alias a buffer with itself is skipped and counted in [`Replay::problems`].

use super::assignment::Assignment;
use crate::hlo::proto as pb;
use hashbrown::HashMap;

const ALLOC: i32 = 0;
const FREE: i32 = 1;
const SHARE_WITH: i32 = 2;

/// The outcome of a replay.
#[derive(Debug, Default)]
pub struct Replay {
    /// Heap bytes after each event (only the traced heap, without indefinite allocations).
    pub heap_after: Vec<i64>,
    /// The largest heap.
    pub peak_bytes: i64,
    /// The event after which the heap first reached the peak.
    pub peak_position: usize,
    /// Logical buffer ids live at the peak (as shown: a reused root as its sharer), in the
    /// order they became live.
    pub live_at_peak: Vec<i64>,
    /// The allocations whose buffers the events touched (positions; one for a sound trace).
    pub allocations: Vec<usize>,
    /// What was wrong with the trace, one line each.
    pub problems: Vec<String>,
}

/// Per-buffer state of the replay.
#[derive(Clone, Copy, Debug, Default)]
struct State {
    /// The canonical buffer this one shares with.
    canonical: Option<i64>,
    /// References held on this buffer when it is a root.
    refs: i64,
}

/// Replays `trace` against `assignment`.
pub fn replay(assignment: &Assignment<'_>, trace: &pb::HeapSimulatorTrace) -> Replay {
    let mut r = Replay::default();
    let mut state: HashMap<i64, State> = HashMap::new();
    let mut live: Vec<i64> = Vec::new();
    // Root id → the sharer that reuses its memory.
    let mut shown_as: HashMap<i64, i64> = HashMap::new();
    let mut peak_shown_as: HashMap<i64, i64> = HashMap::new();
    let mut heap = 0i64;
    let mut skipped: Vec<(&'static str, usize, i64)> = Vec::new();
    for (k, e) in trace.events.iter().enumerate() {
        let Some(b) = assignment.buffer(e.buffer_id) else {
            r.heap_after.push(heap);
            continue;
        };
        if !r.allocations.contains(&b.allocation) {
            r.allocations.push(b.allocation);
        }
        let mut grew_by: Option<i64> = None;
        match e.kind {
            ALLOC => {
                // The reference goes to the root, the bytes are the buffer's own.
                let root = root_of(&state, b.id);
                state.entry(root).or_default().refs += 1;
                grew_by = Some(b.id);
            }
            FREE => {
                let root = root_of(&state, b.id);
                let s = state.entry(root).or_default();
                if s.refs <= 0 {
                    skipped.push(("freed more often than taken", k, b.id));
                } else {
                    s.refs -= 1;
                    if s.refs == 0 {
                        let bytes = size_of(assignment, root);
                        if heap < bytes {
                            s.refs += 1;
                            skipped.push(("would make the heap negative", k, b.id));
                        } else {
                            heap -= bytes;
                            live.retain(|&x| x != root);
                        }
                    }
                }
            }
            SHARE_WITH => {
                let canonical = e.share_with_canonical_id;
                if assignment.buffer(canonical).is_some() {
                    let root = root_of(&state, canonical);
                    if root == b.id {
                        skipped.push(("shares with itself", k, b.id));
                    } else {
                        state.entry(b.id).or_default().canonical = Some(canonical);
                        let s = state.entry(root).or_default();
                        s.refs += 1;
                        if s.refs == 1 {
                            shown_as.insert(root, b.id);
                            grew_by = Some(root);
                        }
                    }
                }
            }
            other => skipped.push(("has an unknown event kind", k, i64::from(other))),
        }
        if let Some(root) = grew_by {
            live.push(root);
            heap = heap.saturating_add(size_of(assignment, root));
            if heap > r.peak_bytes {
                r.peak_bytes = heap;
                r.peak_position = k;
                r.live_at_peak.clone_from(&live);
                peak_shown_as.clone_from(&shown_as);
            }
        }
        r.heap_after.push(heap);
    }
    for id in &mut r.live_at_peak {
        if let Some(&sharer) = peak_shown_as.get(id) {
            *id = sharer;
        }
    }
    if r.allocations.len() > 1 {
        r.problems.push(format!(
            "the heap simulator trace spans {} allocations (one expected)",
            r.allocations.len()
        ));
    }
    if let Some(&(what, event, id)) = skipped.first() {
        let more = match skipped.len() {
            1 => String::new(),
            n => format!(" ({} more events skipped)", n - 1),
        };
        r.problems.push(format!(
            "heap simulator event {event} (buffer {id}) {what}: skipped{more}"
        ));
    }
    r
}

/// The root of `id`'s alias chain (at most as many steps as there are aliases, so a cycle in
/// bad input cannot loop).
fn root_of(state: &HashMap<i64, State>, id: i64) -> i64 {
    let mut id = id;
    for _ in 0..=state.len() {
        match state.get(&id).and_then(|s| s.canonical) {
            Some(c) => id = c,
            None => break,
        }
    }
    id
}

fn size_of(assignment: &Assignment<'_>, id: i64) -> i64 {
    assignment.buffer(id).map_or(0, |b| b.bytes)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A module with one instruction per buffer (instruction id = buffer id, named `i<id>`),
    /// buffer `id` of `bytes[id]` bytes, all in one temporary allocation.
    pub fn fixture(bytes: &[i64]) -> (pb::HloModuleProto, pb::BufferAssignmentProto) {
        let instructions = (0..bytes.len() as i64)
            .map(|id| pb::HloInstructionProto {
                name: format!("i{id}"),
                opcode: "fusion".into(),
                id,
                ..Default::default()
            })
            .collect();
        let module = pb::HloModuleProto {
            name: "m".into(),
            computations: vec![pb::HloComputationProto {
                name: "main".into(),
                instructions,
                ..Default::default()
            }],
            ..Default::default()
        };
        let logical_buffers = (bytes.iter().enumerate())
            .map(|(id, &size)| pb::LogicalBufferProto {
                id: id as i64,
                size,
                defined_at: Some(pb::logical_buffer_proto::Location {
                    instruction_id: id as i64,
                    shape_index: vec![],
                }),
                color: 0,
            })
            .collect();
        let assigned = (bytes.iter().enumerate())
            .map(|(id, &size)| pb::buffer_allocation_proto::Assigned {
                logical_buffer_id: id as i64,
                offset: 0,
                size,
            })
            .collect();
        let assignment = pb::BufferAssignmentProto {
            logical_buffers,
            buffer_allocations: vec![pb::BufferAllocationProto {
                index: 0,
                size: bytes.iter().sum(),
                assigned,
                ..Default::default()
            }],
            ..Default::default()
        };
        (module, assignment)
    }

    /// `(kind, buffer, canonical)` events as a trace.
    pub fn events(e: &[(i32, i64, i64)]) -> pb::HeapSimulatorTrace {
        pb::HeapSimulatorTrace {
            events: (e.iter())
                .map(
                    |&(kind, buffer_id, canonical)| pb::heap_simulator_trace::Event {
                        kind,
                        buffer_id,
                        share_with_canonical_id: canonical,
                        instruction_name: format!("at{buffer_id}"),
                        ..Default::default()
                    },
                )
                .collect(),
            ..Default::default()
        }
    }

    fn run(bytes: &[i64], e: &[(i32, i64, i64)]) -> Replay {
        let (m, a) = fixture(bytes);
        replay(&Assignment::new(&m, &a), &events(e))
    }

    #[test]
    fn alloc_and_free_give_the_heap_and_its_first_peak() {
        let r = run(
            &[10, 20, 30],
            &[
                (ALLOC, 0, 0),
                (ALLOC, 1, 0),
                (FREE, 0, 0),
                (ALLOC, 2, 0),
                (FREE, 1, 0),
            ],
        );
        assert_eq!(r.heap_after, vec![10, 30, 20, 50, 30]);
        assert_eq!((r.peak_bytes, r.peak_position), (50, 3));
        assert_eq!(r.live_at_peak, vec![1, 2], "in the order they became live");
        assert!(r.problems.is_empty());
        let tie = run(&[5, 5], &[(ALLOC, 0, 0), (FREE, 0, 0), (ALLOC, 1, 0)]);
        assert_eq!(
            tie.peak_position, 0,
            "an equal later heap keeps the first peak"
        );
    }

    #[test]
    fn a_shared_buffer_costs_nothing_while_its_canonical_lives() {
        let r = run(
            &[8, 8],
            &[
                (ALLOC, 0, 0),
                (SHARE_WITH, 1, 0),
                (FREE, 0, 0),
                (FREE, 1, 0),
            ],
        );
        assert_eq!(
            r.heap_after,
            vec![8, 8, 8, 0],
            "freed when the last reference goes"
        );
        assert_eq!(r.live_at_peak, vec![0]);
    }

    #[test]
    fn sharing_a_freed_canonical_reuses_its_memory_shown_as_the_sharer() {
        let r = run(
            &[8, 8, 1],
            &[
                (ALLOC, 0, 0),
                (FREE, 0, 0),
                (ALLOC, 2, 0),
                (SHARE_WITH, 1, 0),
                (FREE, 1, 0),
            ],
        );
        assert_eq!(r.heap_after, vec![8, 0, 1, 9, 1]);
        assert_eq!((r.peak_bytes, r.peak_position), (9, 3));
        assert_eq!(
            r.live_at_peak,
            vec![2, 1],
            "the reused root is listed as its sharer"
        );
    }

    #[test]
    fn bad_events_are_skipped_and_reported_never_a_panic() {
        let r = run(
            &[4, 4],
            &[
                (ALLOC, 0, 0),
                (FREE, 0, 0),
                (FREE, 0, 0),
                (ALLOC, 99, 0),
                (SHARE_WITH, 1, 1),
                (7, 1, 0),
                (ALLOC, 1, 0),
            ],
        );
        assert_eq!(
            r.heap_after,
            vec![4, 0, 0, 0, 0, 0, 4],
            "every event keeps its place"
        );
        assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
        assert!(
            r.problems[0].contains("event 2 (buffer 0) freed more often than taken")
                && r.problems[0].contains("2 more events skipped"),
            "{:?}",
            r.problems
        );
    }
}
