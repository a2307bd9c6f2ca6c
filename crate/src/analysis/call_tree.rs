//! The call tree of a selection (some tracks, a time range), top-down or bottom-up.
//!
//! Parents, wall and self times are those of [`super::nesting`]: nesting by time containment
//! on the same track, times clipped to the range.
//! - **Top-down**: a node per call path (root name, child name, ...), merged by name at each
//!   level and over all selected tracks. Its total is the wall time of the slices on that
//!   path, its self time their self time, its occurrences their number. The roots' totals add
//!   up to the wall time of the slices without a parent.
//! - **Bottom-up**: a root per name holding the self time of its slices; below it, their
//!   callers (parent, grandparent, ...), each node holding the self time of the root's slices
//!   called along that path and their number. A node's self time is the part whose call path
//!   ends there (the caller has no parent), so in both directions a node's total is its self
//!   time plus its children's totals when nothing is cut. The roots' totals add up to the
//!   self time of all slices, which equals the top-down self times summed.
//!
//! Limits: at most [`TreeLimits::max_depth`] levels (bottom-up call paths are followed that far)
//! and [`TreeLimits::max_nodes`] nodes, the ones with the largest totals (with all their
//! ancestors); `truncated` says when anything was left out.

use super::nesting::{NestingVisitor, walk_track};
use super::selection::selected_tracks;
use crate::model::{Ps, StrId, Trace, TrackId};
use hashbrown::HashMap;
use serde::Serialize;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::Range;

/// Which way the tree reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Callers above callees.
    TopDown,
    /// Functions with self time at the roots, their callers below.
    BottomUp,
}

impl Direction {
    /// `top-down` or `bottom-up`.
    pub fn parse(s: &str) -> Option<Direction> {
        match s {
            "top-down" => Some(Direction::TopDown),
            "bottom-up" => Some(Direction::BottomUp),
            _ => None,
        }
    }
}

/// How much of the tree to keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeLimits {
    /// Levels kept, roots being level 1 (at most [`MAX_TREE_DEPTH`]).
    pub max_depth: usize,
    /// Nodes kept over all levels.
    pub max_nodes: usize,
}

/// The deepest tree [`call_tree`] returns, whatever the limits ask (the result is nested
/// values, built and serialised recursively).
pub const MAX_TREE_DEPTH: usize = 256;

impl Default for TreeLimits {
    /// 64 levels, 5000 nodes.
    fn default() -> Self {
        TreeLimits {
            max_depth: 64,
            max_nodes: 5000,
        }
    }
}

/// A call tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CallTree {
    /// Which way it reads.
    pub direction: Direction,
    /// Start of the range, ps (included).
    pub from_ps: Ps,
    /// End of the range, ps (excluded).
    pub to_ps: Ps,
    /// The roots' totals summed over the whole tree, also the parts cut by the limits:
    /// top-down, the wall time of the slices without a parent; bottom-up, the self time of
    /// all slices.
    pub total_ps: Ps,
    /// The self time of all slices in the range (the selected tracks' busy time, summed).
    pub self_ps: Ps,
    /// Nodes in `roots`, all levels.
    pub nodes: usize,
    /// Whether nodes were left out by the limits.
    pub truncated: bool,
    /// The top level, largest total first.
    pub roots: Vec<CallNode>,
}

/// One node of a [`CallTree`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CallNode {
    /// Slice name.
    pub name: String,
    /// Time of the node, ps (see the module doc for each direction).
    pub total_ps: Ps,
    /// Self time of the node, ps.
    pub self_ps: Ps,
    /// Slices merged into the node.
    pub occurrences: u64,
    /// The nodes one level down, largest total first (ties by name).
    pub children: Vec<CallNode>,
}

/// The call tree of `tracks` (empty: every track) in `range`.
pub fn call_tree(
    trace: &Trace,
    tracks: &[TrackId],
    range: Range<Ps>,
    direction: Direction,
    limits: TreeLimits,
) -> CallTree {
    let max_depth = limits.max_depth.clamp(1, MAX_TREE_DEPTH);
    let mut top_down = Paths::default();
    let mut self_ps = 0;
    for track in selected_tracks(trace, tracks) {
        self_ps += walk_track(
            trace,
            track,
            range.clone(),
            &mut Visit(trace, &mut top_down),
        );
    }
    let (paths, mut truncated) = match direction {
        Direction::TopDown => (top_down, false),
        Direction::BottomUp => bottom_up(&top_down, max_depth),
    };
    let total_ps = paths.roots().map(|n| paths.total[n]).sum();
    let (roots, nodes, cut) = paths.prune(trace, max_depth, limits.max_nodes);
    truncated |= cut;
    CallTree {
        direction,
        from_ps: range.start,
        to_ps: range.end,
        total_ps,
        self_ps,
        nodes,
        truncated,
        roots,
    }
}

/// No parent.
const NONE: u32 = u32::MAX;

/// A tree of call paths, a node per distinct (parent node, name).
#[derive(Default)]
struct Paths {
    parent: Vec<u32>,
    name: Vec<StrId>,
    total: Vec<Ps>,
    self_time: Vec<Ps>,
    occurrences: Vec<u64>,
    index: HashMap<(u32, StrId), u32>,
}

impl Paths {
    /// The node `name` under `parent` (`NONE`: a root), made if new.
    fn child(&mut self, parent: u32, name: StrId) -> usize {
        let next = self.name.len() as u32;
        let node = *self.index.entry((parent, name)).or_insert(next);
        if node == next {
            self.parent.push(parent);
            self.name.push(name);
            self.total.push(0);
            self.self_time.push(0);
            self.occurrences.push(0);
        }
        node as usize
    }

    fn len(&self) -> usize {
        self.name.len()
    }

    fn roots(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len()).filter(|&n| self.parent[n] == NONE)
    }

    /// The nodes kept by the limits, nested: best first by total, each with its ancestors;
    /// also their number and whether anything was left out.
    fn prune(
        &self,
        trace: &Trace,
        max_depth: usize,
        max_nodes: usize,
    ) -> (Vec<CallNode>, usize, bool) {
        // Children of each node (roots under `n`), as ranges of one array.
        let n = self.len();
        let mut first = vec![0u32; n + 2];
        for &p in &self.parent {
            first[slot(p, n) + 1] += 1;
        }
        for k in 1..first.len() {
            first[k] += first[k - 1];
        }
        let mut kids = vec![0u32; n];
        let mut fill = first.clone();
        for (node, &p) in self.parent.iter().enumerate() {
            let f = &mut fill[slot(p, n)];
            kids[*f as usize] = node as u32;
            *f += 1;
        }
        let children = |p: usize| &kids[first[p] as usize..first[p + 1] as usize];
        // Best first from the roots: a node is taken only after its parent.
        let mut kept = vec![false; n];
        let mut heap: BinaryHeap<(Ps, Reverse<u32>, usize)> = children(n)
            .iter()
            .map(|&r| (self.total[r as usize], Reverse(r), 1))
            .collect();
        let mut count = 0;
        let mut truncated = false;
        while let Some((_, Reverse(node), depth)) = heap.pop() {
            if count == max_nodes {
                truncated = true;
                break;
            }
            kept[node as usize] = true;
            count += 1;
            let below = children(node as usize);
            if depth == max_depth {
                truncated |= !below.is_empty();
                continue;
            }
            heap.extend(
                below
                    .iter()
                    .map(|&c| (self.total[c as usize], Reverse(c), depth + 1)),
            );
        }
        let build = |roots: &[u32]| self.nested(trace, roots, &kept, &children);
        (build(children(n)), count, truncated)
    }

    /// `nodes` that are kept, as nested values, largest total first.
    fn nested<'a>(
        &self,
        trace: &Trace,
        nodes: &[u32],
        kept: &[bool],
        children: &impl Fn(usize) -> &'a [u32],
    ) -> Vec<CallNode> {
        let mut out: Vec<CallNode> = nodes
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| kept[c])
            .map(|c| CallNode {
                name: trace.str(self.name[c]).to_owned(),
                total_ps: self.total[c],
                self_ps: self.self_time[c],
                occurrences: self.occurrences[c],
                children: self.nested(trace, children(c), kept, children),
            })
            .collect();
        out.sort_by(|a, b| {
            b.total_ps
                .cmp(&a.total_ps)
                .then_with(|| a.name.cmp(&b.name))
        });
        out
    }
}

/// Where a node's children are listed: under its id, a root's under `n`.
fn slot(parent: u32, n: usize) -> usize {
    if parent == NONE { n } else { parent as usize }
}

/// The bottom-up tree of a top-down one, call paths followed `max_depth` levels; also whether
/// a path was longer.
fn bottom_up(top_down: &Paths, max_depth: usize) -> (Paths, bool) {
    let mut out = Paths::default();
    let mut truncated = false;
    for leaf in 0..top_down.len() {
        let (time, count) = (top_down.self_time[leaf], top_down.occurrences[leaf]);
        let mut at = out.child(NONE, top_down.name[leaf]);
        let mut caller = top_down.parent[leaf];
        let mut depth = 1;
        loop {
            out.total[at] += time;
            out.occurrences[at] += count;
            if caller == NONE {
                out.self_time[at] += time;
                break;
            }
            if depth == max_depth {
                truncated = true;
                break;
            }
            at = out.child(at as u32, top_down.name[caller as usize]);
            caller = top_down.parent[caller as usize];
            depth += 1;
        }
    }
    (out, truncated)
}

/// The walk's visitor: a slice goes to the top-down node of its parent's node and its name.
struct Visit<'a>(&'a Trace, &'a mut Paths);

impl NestingVisitor for Visit<'_> {
    fn open(&mut self, slice: usize, parent: Option<u32>) -> u32 {
        let node = self
            .1
            .child(parent.unwrap_or(NONE), self.0.slices.name[slice]);
        self.1.occurrences[node] += 1;
        node as u32
    }

    fn close(&mut self, _slice: usize, tag: u32, wall_ps: Ps, self_ps: Ps) {
        self.1.total[tag as usize] += wall_ps;
        self.1.self_time[tag as usize] += self_ps;
    }
}
