//! The framework op that launched a piece of device work: follow the work's incoming flow
//! arrow (Kineto's `ac2g` / `correlation`, XSpace's `correlation_id`) back to the launch on a
//! host thread (`cudaLaunchKernel`, `cudaMemcpyAsync`, ...), then take the innermost
//! framework op that encloses the launch on that thread: a slice of an operator category
//! (PyTorch's `cpu_op`, `aten::...`), or an uncategorised slice whose name parses as a
//! framework op (TensorFlow / JAX). The launch itself may be that op (a framework op that
//! is its own launch record).

use super::query::operator_categories;
use super::tf_op::{TfOpCategory, parse_tf_op};
use crate::model::{CategoryId, SliceId, StrId, Trace, TrackRole};
use hashbrown::HashMap;
use std::cell::RefCell;

/// Finds launching ops; remembers which names parse as framework ops.
#[derive(Debug)]
pub struct LaunchOps {
    operator_category: Vec<bool>,
    parsed: RefCell<HashMap<StrId, bool>>,
}

impl LaunchOps {
    /// Prepares the lookups for `trace`.
    pub fn new(trace: &Trace) -> Self {
        LaunchOps {
            operator_category: operator_categories(trace),
            parsed: RefCell::new(HashMap::new()),
        }
    }

    /// The slice index of the framework op that launched device slice `work`, if an arrow
    /// leads to it from a host thread and a framework op encloses the launch there.
    pub fn op_of(&self, trace: &Trace, work: usize) -> Option<usize> {
        trace
            .flows
            .incoming(SliceId(work as u32))
            .map(|f| trace.flows.from[f].index())
            .find(|&launch| {
                trace.tracks.role[trace.slices.track[launch].index()] == TrackRole::HostThread
            })
            .and_then(|launch| self.enclosing_op(trace, launch))
    }

    /// Whether slice `i` is a framework op.
    fn is_op(&self, trace: &Trace, i: usize) -> bool {
        let category = trace.slices.category[i];
        if category != CategoryId::NONE {
            return self.operator_category[category.index()];
        }
        let name = trace.slices.name[i];
        *self
            .parsed
            .borrow_mut()
            .entry(name)
            .or_insert_with(|| parse_tf_op(trace.str(name)).category != TfOpCategory::Unknown)
    }

    /// The innermost framework op on `launch`'s track whose span holds `launch` (the launch
    /// itself first, then the lanes above it, deepest first).
    fn enclosing_op(&self, trace: &Trace, launch: usize) -> Option<usize> {
        if self.is_op(trace, launch) {
            return Some(launch);
        }
        let s = &trace.slices;
        let (start, end) = (s.start[launch], s.end(launch));
        let lanes = trace.index.lanes_of(s.track[launch]);
        let depth = usize::from(s.lane[launch]).min(lanes.len());
        lanes[..depth].iter().rev().find_map(|lane| {
            let r = lane.range();
            let starts = &s.start[r.clone()];
            // The last slice of the lane that starts at or before the launch.
            let k = starts.partition_point(|&t| t <= start).checked_sub(1)?;
            let i = r.start + k;
            (s.end(i) >= end && self.is_op(trace, i)).then_some(i)
        })
    }
}
