//! Flow ids → flow arrows. Every event that names a flow id is a point of that flow; once
//! all events are read, the points of each id are ordered by time and linked in that order
//! (the earliest is the source, each later one a step), a terminating id closing the flow
//! so the id can start a new one. Slices only exist once their END is read, so points refer
//! to slots that are filled when the slice is added.

use crate::diagnostics::DiagnosticKind;
use crate::model::{CategoryId, Ps, SliceId, TraceBuilder};

/// One event on a flow.
#[derive(Clone, Copy, Debug)]
struct Point {
    id: u64,
    time: Ps,
    /// Position in the input, to keep equal times in input order.
    order: u32,
    slot: u32,
    terminating: bool,
}

/// Flow points and the slices they refer to.
#[derive(Debug, Default)]
pub(super) struct Flows {
    points: Vec<Point>,
    slots: Vec<Option<SliceId>>,
}

impl Flows {
    /// A slot for a slice that is not added yet.
    pub(super) fn new_slot(&mut self) -> u32 {
        self.slots.push(None);
        (self.slots.len() - 1) as u32
    }

    /// The slice of `slot`, once added.
    pub(super) fn fill(&mut self, slot: u32, slice: SliceId) {
        if let Some(s) = self.slots.get_mut(slot as usize) {
            *s = Some(slice);
        }
    }

    /// Records that the event of `slot` at `time` is on flow `id`.
    pub(super) fn add(&mut self, id: u64, time: Ps, slot: u32, terminating: bool) {
        let order = self.points.len() as u32;
        self.points.push(Point {
            id,
            time,
            order,
            slot,
            terminating,
        });
    }

    /// Adds the arrows to `b` and counts flows with a missing end.
    pub(super) fn resolve(mut self, b: &mut TraceBuilder) {
        self.points
            .sort_unstable_by_key(|p| (p.id, p.time, p.order));
        let (mut unmatched_ends, mut lone_starts) = (0u64, 0u64);
        let mut first_lone: Option<u64> = None;
        let mut first_end: Option<u64> = None;
        let mut i = 0;
        while i < self.points.len() {
            let id = self.points[i].id;
            // The open flow: its latest slice and whether an arrow reaches that slice.
            let mut open: Option<(SliceId, bool)> = None;
            while i < self.points.len() && self.points[i].id == id {
                let p = self.points[i];
                i += 1;
                let Some(slice) = self.slots.get(p.slot as usize).copied().flatten() else {
                    continue;
                };
                let linked = match open {
                    Some((from, _)) => {
                        b.add_flow(from, slice, CategoryId::NONE);
                        true
                    }
                    None if p.terminating => {
                        unmatched_ends += 1;
                        first_end.get_or_insert(id);
                        continue;
                    }
                    None => false,
                };
                open = (!p.terminating).then_some((slice, linked));
            }
            if let Some((_, false)) = open {
                lone_starts += 1;
                first_lone.get_or_insert(id);
            }
        }
        if let Some(id) = first_end {
            b.diagnostics().record_many(
                DiagnosticKind::UnmatchedFlowEnd,
                unmatched_ends,
                format!("flow {id} terminates on an event that no earlier event of the flow precedes; no arrow"),
            );
        }
        if let Some(id) = first_lone {
            b.diagnostics().record_many(
                DiagnosticKind::UnmatchedFlowStart,
                lone_starts,
                format!("flow {id} has only one event; no arrow"),
            );
        }
    }
}
