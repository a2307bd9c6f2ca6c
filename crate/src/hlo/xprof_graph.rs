//! The neighbourhood XProf's graph viewer draws (XLA's DOT dumper with its node-radius
//! filter), for DOT parity with `graph_viewer` outputs. It differs from our own
//! [`super::graph::neighborhood`] (what the page draws) in these documented ways:
//!
//! - Selection: breadth first from the centre up to `radius` steps through operands (not
//!   through a non-centre tuple's), users (not a constant's, nor those of an instruction
//!   with more than [`MAX_USERS`]) and the root of every called computation.
//! - Every instruction in a computation other than the centre's is shown. A fusion is drawn
//!   as its fused computation (a cluster) when it is shown with all of its operands shown
//!   (constants count as shown); other called computations are drawn too unless trivial
//!   (`param0 op param1` of two effective scalars; unlike XLA we do not check a compare's
//!   direction when its operands are swapped).
//! - Not drawn, merged into their users: constants and, inside fusions, broadcasts of an
//!   effective-scalar constant (unless a computation root); non-root `get-tuple-element`s;
//!   fused parameters bound to a constant; tuple-shaped parameters (outside fusions) with
//!   more than three shown users, all `get-tuple-element`s.
//! - Edges: operand → user, where an expanded fusion stands for its fused root and a
//!   `get-tuple-element` for its tuple; a fused parameter gets its edge from the fusion's
//!   operand (unless the fusion is the computation drawn); a called computation's root →
//!   its caller (not for fusions).
//!
//! Left out: XProf's `ROOT` marker node, the hover stylesheet, and node label details.

use super::graph::{GraphNode, HloGraph, edges_among};
use super::model::{CompId, HloModule, InstrId};
use super::shape::Shape;
use hashbrown::{HashMap, HashSet};
use std::collections::VecDeque;

/// An instruction with more users than this does not lead the search to its users.
pub const MAX_USERS: usize = 16;
/// Bound on the breadth-first search (work items), so no input makes it run away.
const MAX_STEPS: usize = 1_000_000;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    Normal,
    SomeUsersOmitted,
    SomeOperandsOmitted,
    OperandsOmitted,
    Centre,
}

struct Filter<'a> {
    m: &'a HloModule,
    comp: CompId,
    marks: HashMap<InstrId, Mark>,
}

impl Filter<'_> {
    fn show(&self, i: InstrId) -> bool {
        self.marks.contains_key(&i) || self.m.computation_of(i) != self.comp
    }

    fn operands_omitted(&self, i: InstrId) -> bool {
        matches!(
            self.marks.get(&i),
            Some(Mark::SomeOperandsOmitted | Mark::OperandsOmitted)
        )
    }

    /// Whether called computation `c` of `caller` is drawn inline.
    fn shows_computation(&self, c: CompId, caller: InstrId) -> bool {
        let m = self.m;
        if m.computations.is_fusion[c.index()] {
            if !self.show(caller) || self.operands_omitted(caller) {
                return false;
            }
        } else if is_trivial(m, c) {
            return false;
        }
        m.instructions_of(c).any(|i| self.show(i))
    }

    /// The drawn node an edge from `i` starts at.
    fn node_for_edge(&self, mut i: InstrId) -> InstrId {
        let m = self.m;
        if m.opcode(i) == "get-tuple-element"
            && let Some(&t) = m.operands(i).first()
        {
            i = t;
        }
        for _ in 0..64 {
            let Some(&c) = m.called(i).first() else { break };
            if m.opcode(i) != "fusion" || !self.shows_computation(c, i) {
                break;
            }
            match m.computations.root[c.index()] {
                Some(r) => i = r,
                None => break,
            }
        }
        i
    }

    fn merged_into_users(&self, i: InstrId) -> bool {
        let m = self.m;
        let root = m.computations.root[m.computation_of(i).index()];
        if (m.opcode(i) == "get-tuple-element" && root != Some(i))
            || fused_parameter_constant(m, i).is_some()
        {
            return true;
        }
        let users = m.users(i);
        m.opcode(i) == "parameter"
            && matches!(m.instructions.shape[i.index()], Shape::Tuple(_))
            && m.enclosing_fusion(i).is_none()
            && users.iter().filter(|&&u| self.show(u)).count() > 3
            && users
                .iter()
                .all(|&u| !self.show(u) || m.opcode(u) == "get-tuple-element")
    }

    /// Constants and fused broadcasts of scalar constants, shown inside their users.
    fn inlined(&self, i: InstrId) -> bool {
        self.m.opcode(i) == "constant" || fused_scalar_broadcast(self.m, i)
    }
}

/// The instructions, clusters and edges XProf draws around `centre` (module doc).
pub fn xprof_neighborhood(m: &HloModule, centre: InstrId, radius: u32) -> HloGraph {
    let f = Filter {
        m,
        comp: m.computation_of(centre),
        marks: select(m, centre, radius),
    };
    let mut d = Dump {
        f: &f,
        drawn: Vec::new(),
        edges: Vec::new(),
        done: HashSet::new(),
        expanded: Vec::new(),
    };
    d.computation(f.comp, None);
    let index: HashMap<InstrId, u32> = d
        .drawn
        .iter()
        .enumerate()
        .map(|(k, n)| (n.instr, k as u32))
        .collect();
    let edges = edges_among(&d.edges, &index);
    let center = index.get(&f.node_for_edge(centre)).copied();
    HloGraph {
        nodes: d.drawn,
        edges,
        center,
        expanded: d.expanded,
        layout: Default::default(),
    }
}

/// The radius search and its marks (module doc).
fn select(m: &HloModule, centre: InstrId, radius: u32) -> HashMap<InstrId, Mark> {
    let mut marks: HashMap<InstrId, Mark> = HashMap::new();
    let mut work = VecDeque::from([(centre, 0u32)]);
    let mut steps = 0;
    while let Some((i, depth)) = work.pop_front() {
        steps += 1;
        if steps > MAX_STEPS {
            break;
        }
        marks.insert(i, Mark::Normal);
        if depth >= radius {
            continue;
        }
        if i == centre || m.opcode(i) != "tuple" {
            for &o in m.operands(i) {
                if !marks.contains_key(&o) {
                    work.push_back((o, depth + 1));
                }
            }
        }
        for &c in m.called(i) {
            if let Some(r) = m.computations.root[c.index()] {
                work.push_back((r, depth + 1));
            }
        }
        if m.opcode(i) == "constant" {
            continue;
        }
        if m.users(i).len() > MAX_USERS {
            marks.insert(i, Mark::SomeUsersOmitted);
            continue;
        }
        for &u in m.users(i) {
            if !marks.contains_key(&u) {
                work.push_back((u, depth + 1));
            }
        }
    }
    let comp = m.computation_of(centre);
    let shown = |i: InstrId| {
        marks.contains_key(&i) || m.opcode(i) == "constant" || m.computation_of(i) != comp
    };
    let fixed: Vec<(InstrId, Mark)> = marks
        .iter()
        .map(|(&i, &mark)| {
            let ops = m.operands(i);
            let mut mark = if ops.iter().any(|&o| shown(o)) && !ops.iter().all(|&o| shown(o)) {
                Mark::SomeOperandsOmitted
            } else if !ops.is_empty() && !ops.iter().any(|&o| shown(o)) {
                Mark::OperandsOmitted
            } else {
                mark
            };
            if mark == Mark::SomeUsersOmitted && m.users(i).iter().all(|&u| shown(u)) {
                mark = Mark::Normal;
            }
            (i, mark)
        })
        .collect();
    marks.extend(fixed);
    marks.insert(centre, Mark::Centre);
    marks
}

/// Walks the computations to draw, collecting nodes (with their cluster) and edges.
struct Dump<'a, 'b> {
    f: &'b Filter<'a>,
    drawn: Vec<GraphNode>,
    edges: Vec<(InstrId, InstrId, bool)>,
    done: HashSet<CompId>,
    expanded: Vec<InstrId>,
}

impl Dump<'_, '_> {
    fn computation(&mut self, c: CompId, cluster: Option<InstrId>) {
        let m = self.f.m;
        for i in m.instructions_of(c) {
            if !self.f.show(i) {
                continue;
            }
            for &sc in m.called(i) {
                if !self.f.shows_computation(sc, i) {
                    continue;
                }
                if m.opcode(i) != "fusion"
                    && let Some(r) = m.computations.root[sc.index()]
                {
                    self.edges.push((self.f.node_for_edge(r), i, false));
                }
                if self.done.insert(sc) {
                    if !self.expanded.contains(&i) {
                        self.expanded.push(i);
                    }
                    self.computation(sc, Some(i));
                }
            }
            self.instruction(i, cluster);
        }
    }

    fn instruction(&mut self, i: InstrId, cluster: Option<InstrId>) {
        let (m, f) = (self.f.m, self.f);
        let comp = m.computation_of(i);
        if f.inlined(i) && m.computations.root[comp.index()] != Some(i) {
            return;
        }
        if f.merged_into_users(i) {
            return;
        }
        if m.opcode(i) == "fusion"
            && let Some(&c) = m.called(i).first()
            && f.shows_computation(c, i)
        {
            return;
        }
        self.drawn.push(GraphNode {
            instr: i,
            count: 1,
            group: cluster,
            boundary: f.marks.get(&i).is_some_and(|k| {
                matches!(
                    k,
                    Mark::SomeOperandsOmitted | Mark::OperandsOmitted | Mark::SomeUsersOmitted
                )
            }),
        });
        if m.opcode(i) == "parameter" && m.computations.is_fusion[comp.index()] {
            if comp != f.comp
                && let Some(fusion) = m.enclosing_fusion(i)
                && let Some(o) = fused_operand(m, fusion, i)
            {
                self.edge(o, i, false);
            }
            return;
        }
        for &o in m.operands(i) {
            self.edge(o, i, false);
        }
        for &p in m.control_predecessors(i) {
            self.edge(p, i, true);
        }
    }

    fn edge(&mut self, from: InstrId, to: InstrId, control: bool) {
        let from = self.f.node_for_edge(from);
        if !self.f.show(from) || self.f.inlined(from) || self.f.merged_into_users(from) {
            return;
        }
        self.edges.push((from, to, control));
    }
}

/// The operand of `fusion` bound to its fused parameter `param`.
fn fused_operand(m: &HloModule, fusion: InstrId, param: InstrId) -> Option<InstrId> {
    let n: usize = m.instructions.attrs[param.index()]
        .iter()
        .find(|a| a.key == super::PARAMETER_NUMBER)
        .and_then(|a| match &a.value {
            super::AttrValue::Text(t) => t.trim().parse().ok(),
            _ => None,
        })?;
    m.operands(fusion).get(n).copied()
}

/// The constant a fused parameter is bound to, if it is.
fn fused_parameter_constant(m: &HloModule, i: InstrId) -> Option<InstrId> {
    if m.opcode(i) != "parameter" {
        return None;
    }
    let fusion = m.enclosing_fusion(i)?;
    let o = fused_operand(m, fusion, i)?;
    (m.opcode(o) == "constant").then_some(o)
}

fn effective_scalar(s: &Shape) -> bool {
    matches!(s, Shape::Array { dims, .. } if dims.iter().all(|&d| d == 1))
}

/// A broadcast of an effective-scalar constant inside a fused computation.
fn fused_scalar_broadcast(m: &HloModule, i: InstrId) -> bool {
    m.computations.is_fusion[m.computation_of(i).index()]
        && m.opcode(i) == "broadcast"
        && m.operands(i).first().is_some_and(|&o| {
            m.opcode(o) == "constant" && effective_scalar(&m.instructions.shape[o.index()])
        })
}

/// `param0 op param1` of effective scalars with a commutative-or-compare `op`: drawn as a
/// word in its caller's label, not as a computation.
fn is_trivial(m: &HloModule, c: CompId) -> bool {
    let mut instrs = m.instructions_of(c);
    if instrs.len() != 3 {
        return false;
    }
    let Some(root) = m.computations.root[c.index()] else {
        return false;
    };
    let ops = m.operands(root);
    let params: Vec<InstrId> = instrs
        .by_ref()
        .filter(|&i| m.opcode(i) == "parameter")
        .collect();
    ops.len() == 2
        && params.len() == 2
        && ops.iter().all(|o| params.contains(o))
        && ops[0] != ops[1]
        && effective_scalar(&m.instructions.shape[root.index()])
        && params
            .iter()
            .all(|&p| effective_scalar(&m.instructions.shape[p.index()]))
        && matches!(
            m.opcode(root),
            "add" | "multiply" | "minimum" | "maximum" | "xor" | "and" | "or" | "compare"
        )
}
