//! Framework ops on the host, XProf's host `OpMetricsDb`.
//!
//! On each host thread of each host process: a slice of an operator category (PyTorch's
//! `cpu_op`, Kineto 2021's `Operator`) is a framework op typed by its name; an uncategorised
//! slice (as XSpace events are) is one when its (metadata) name parses as one (`name:Type`,
//! `Iterator::...`, JAX `scope/name:type`), and, separately, when it carries a non-empty
//! `tf_op` stat (memory allocations do: they add occurrences of zero time). Ops are keyed by
//! name alone; the type is the first non-empty one seen. Other tracks (derived lines,
//! counters, device streams) are skipped.
//! Per line, XProf's op stack runs over begin/end activities in time order (an end pops
//! the stack down to its own begin; an end without one is dropped), giving each op its
//! self time; the line's time is the span from the first activity to the last, and what ops
//! do not cover is idle.

use super::query::{
    args_of, long_name_key, operator_categories, processes_with_role, track_slices_in_order,
    tracks_by_process, value_i64, value_str_id, xprof_name_id,
};
use super::tf_op::{TfOpCategory, parse_tf_op};
use crate::model::{CategoryId, ProcessRole, Ps, SliceId, StrId, Trace, TrackRole};
use hashbrown::HashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// One host op aggregated over its occurrences.
#[derive(Clone, Debug, Default)]
pub struct HostOp {
    /// Framework op name.
    pub name: String,
    /// Framework op type (empty when unknown).
    pub op_type: String,
    /// Occurrences.
    pub occurrences: u64,
    /// Total time, ps.
    pub time_ps: i64,
    /// Total self time, ps.
    pub self_time_ps: i64,
    /// Any occurrence ran eagerly.
    pub is_eager: bool,
    /// The slices.
    pub slices: Vec<SliceId>,
}

/// All host ops.
#[derive(Clone, Debug, Default)]
pub struct HostOpDb {
    /// Ops in first-seen order.
    pub ops: Vec<HostOp>,
    /// Sum over lines of the span of their op activity, ps.
    pub total_time_ps: i64,
    /// Sum of self times, ps.
    pub op_time_ps: i64,
}

impl HostOpDb {
    /// Host time no op covers (XProf's IDLE), ps.
    pub fn idle_ps(&self) -> i64 {
        (self.total_time_ps - self.op_time_ps).max(0)
    }
}

/// One begin or end of an op occurrence.
#[derive(Clone, Copy, Debug)]
struct Activity {
    at: Ps,
    begin: bool,
    /// Identifies the occurrence for stack matching.
    id: u32,
    /// Index into `HostOpDb::ops`.
    op: usize,
    slice: u32,
    eager: bool,
}

/// Builds the host op table.
pub fn host_op_db(trace: &Trace) -> HostOpDb {
    let mut db = HostOpDb::default();
    let mut ops = OpIndex::default();
    let keys = [
        long_name_key(trace),
        trace.strings.lookup("tf_op"),
        trace.strings.lookup("is_eager"),
    ];

    let by_process = tracks_by_process(trace);
    let operator = operator_categories(trace);
    let mut activities = Vec::new();
    for p in processes_with_role(trace, ProcessRole::Host) {
        for &track in &by_process[p.index()] {
            if trace.tracks.role[track.index()] != TrackRole::HostThread {
                continue;
            }
            activities.clear();
            for i in track_slices_in_order(trace, track) {
                let s = &trace.slices;
                let [long_name, tf_op, eager] = args_of(trace, s.args[i], keys);
                let category = s.category[i];
                let found: [Option<usize>; 2] = if category == CategoryId::NONE {
                    [
                        ops.of_name(trace, &mut db, xprof_name_id(trace, long_name, i)),
                        tf_op
                            .and_then(value_str_id)
                            .and_then(|t| ops.of_tf_op(trace, &mut db, t)),
                    ]
                } else {
                    let name = trace.str(s.name[i]);
                    let is_op = operator[category.index()];
                    [is_op.then(|| ops.add(&mut db, name, name)), None]
                };
                let eager = eager
                    .and_then(|v| value_i64(trace, v))
                    .is_some_and(|v| v != 0);
                for (k, op) in found.into_iter().flatten().enumerate() {
                    let a = Activity {
                        at: s.start[i],
                        begin: true,
                        id: (activities.len() / 2) as u32,
                        op,
                        slice: i as u32,
                        eager: eager && k == 0,
                    };
                    activities.push(a);
                    activities.push(Activity {
                        at: s.end(i),
                        begin: false,
                        ..a
                    });
                }
            }
            run_stack(&activities, &mut db);
        }
    }
    db.op_time_ps = db.ops.iter().map(|o| o.self_time_ps).sum();
    db
}

/// Host ops by name, and the op each event name or `tf_op` text denotes, parsed once per
/// distinct string.
#[derive(Debug, Default)]
struct OpIndex {
    by_name: HashMap<String, usize>,
    /// Event name → op (`None`: not a framework op).
    names: HashMap<StrId, Option<usize>>,
    /// `tf_op` text → op (`None`: empty).
    tf_ops: HashMap<StrId, Option<usize>>,
}

impl OpIndex {
    /// The op named `name`, added in first-seen order; the first non-empty type sticks.
    fn add(&mut self, db: &mut HostOpDb, name: &str, op_type: &str) -> usize {
        let all = &mut db.ops;
        let op = *self.by_name.entry_ref(name).or_insert_with(|| {
            all.push(HostOp {
                name: name.to_owned(),
                ..HostOp::default()
            });
            all.len() - 1
        });
        if all[op].op_type.is_empty() {
            all[op].op_type = op_type.to_owned();
        }
        op
    }

    /// The op an event name denotes when it parses as a framework op.
    fn of_name(&mut self, trace: &Trace, db: &mut HostOpDb, name: StrId) -> Option<usize> {
        if let Some(&op) = self.names.get(&name) {
            return op;
        }
        let parsed = parse_tf_op(trace.str(name));
        let op = (parsed.category != TfOpCategory::Unknown)
            .then(|| self.add(db, parsed.name, parsed.op_type));
        self.names.insert(name, op);
        op
    }

    /// The op of a `tf_op` stat (any non-empty text).
    fn of_tf_op(&mut self, trace: &Trace, db: &mut HostOpDb, text: StrId) -> Option<usize> {
        if let Some(&op) = self.tf_ops.get(&text) {
            return op;
        }
        let full = trace.str(text);
        let op = (!full.is_empty()).then(|| {
            let parsed = parse_tf_op(full);
            self.add(db, parsed.name, parsed.op_type)
        });
        self.tf_ops.insert(text, op);
        op
    }
}

/// XProf's op stack over one line's activities (pushed per occurrence as begin then end, the
/// begins in time order); adds the line's span to the total.
fn run_stack(activities: &[Activity], db: &mut HostOpDb) {
    if activities.is_empty() {
        return;
    }
    // (begin time, op kind, children time)
    let mut stack: Vec<(Ps, u32, Ps)> = Vec::new();
    let (mut first, mut last) = (Ps::MAX, Ps::MIN);
    for a in in_time_order(activities) {
        first = first.min(a.at);
        last = last.max(a.at);
        if a.begin {
            stack.push((a.at, a.id, 0));
            continue;
        }
        let mut found = None;
        while let Some(top) = stack.pop() {
            if top.1 == a.id {
                found = Some(top);
                break;
            }
        }
        let Some((begin, _, children)) = found else {
            continue;
        };
        let dur = a.at - begin;
        let op = &mut db.ops[a.op];
        op.occurrences += 1;
        op.time_ps += dur;
        op.self_time_ps += (dur - children).max(0);
        op.is_eager |= a.eager;
        op.slices.push(SliceId(a.slice));
        if let Some(parent) = stack.last_mut() {
            parent.2 += dur;
        }
    }
    db.total_time_ps += last - first;
}

/// `activities` in the order a stable sort by time gives (at equal times, in push order),
/// given begins pushed in time order: each begin comes after the pending ends that are not
/// later than it, which a small heap of pending ends yields in order.
fn in_time_order(activities: &[Activity]) -> impl Iterator<Item = &Activity> {
    let mut ends: BinaryHeap<Reverse<(Ps, usize)>> = BinaryHeap::new();
    let mut next = 0;
    std::iter::from_fn(move || {
        while next < activities.len() {
            let a = &activities[next];
            if !a.begin {
                ends.push(Reverse((a.at, next)));
                next += 1;
                continue;
            }
            if let Some(&Reverse((at, k))) = ends.peek()
                && at <= a.at
            {
                ends.pop();
                return Some(&activities[k]);
            }
            next += 1;
            return Some(a);
        }
        ends.pop().map(|Reverse((_, k))| &activities[k])
    })
}
