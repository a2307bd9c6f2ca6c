//! The op that made an allocation: the innermost slice on the allocating thread whose span
//! holds the allocation's time, an operator slice (PyTorch `cpu_op`) before any other.

use crate::analysis::query::operator_categories;
use crate::model::{Ps, Trace, TrackId, TrackKind};
use std::cmp::Reverse;

/// Finds innermost ops; knows which categories mark operators.
#[derive(Debug)]
pub struct InnermostOp {
    operator_category: Vec<bool>,
}

impl InnermostOp {
    /// Prepares the lookups for `trace`.
    pub fn new(trace: &Trace) -> InnermostOp {
        InnermostOp {
            operator_category: operator_categories(trace),
        }
    }

    /// The slice index of the innermost operator slice of `track` with
    /// `start <= time <= end` (the one that starts last, the shorter on a tie), else of the
    /// innermost slice of any kind; slices of zero duration (markers such as the memory
    /// events themselves) hold nothing. `None` when no slice holds `time`. Each lane is
    /// binary-searched: O(lanes · log n).
    pub fn at(&self, trace: &Trace, track: TrackId, time: Ps) -> Option<usize> {
        if track.index() >= trace.tracks.len()
            || trace.tracks.kind[track.index()] == TrackKind::Counter
        {
            return None;
        }
        let s = &trace.slices;
        let key = |i: usize| (s.start[i], Reverse(s.dur[i]));
        let (mut op, mut any): (Option<usize>, Option<usize>) = (None, None);
        for lane in trace.index.lanes_of(track) {
            let r = lane.range();
            if r.is_empty() || s.start[r.start] > time {
                continue;
            }
            let k = s.start[r.clone()].partition_point(|&t| t <= time);
            let Some(i) = k.checked_sub(1).map(|k| r.start + k) else {
                continue;
            };
            if s.end(i) < time || s.dur[i] == 0 {
                continue;
            }
            if any.is_none_or(|b| key(i) > key(b)) {
                any = Some(i);
            }
            let c = s.category[i].index();
            if self.operator_category.get(c).copied().unwrap_or(false)
                && op.is_none_or(|b| key(i) > key(b))
            {
                op = Some(i);
            }
        }
        op.or(any)
    }
}
