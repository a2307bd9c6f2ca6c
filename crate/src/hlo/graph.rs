//! The graphs the viewer draws: an instruction's neighbourhood (radius N, with fusions
//! expanded into their bodies on request) and a whole-computation overview (linear chains
//! collapsed when it is large), each laid out with [`super::layout`].

use super::layout::{Layout, LayoutInput, layout};
use super::model::{CompId, HloModule, InstrId};
use hashbrown::{HashMap, HashSet};

/// Box height of a node.
const NODE_HEIGHT: f64 = 36.0;
/// Approximate width of one label character.
const CHAR_WIDTH: f64 = 6.5;

/// One drawn node.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphNode {
    /// The instruction (for a collapsed chain, its first instruction).
    pub instr: InstrId,
    /// Instructions folded into this node (1 unless a chain was collapsed).
    pub count: u32,
    /// The expanded fusion whose body holds it, if any.
    pub group: Option<InstrId>,
    /// Whether it has neighbours that are not drawn.
    pub boundary: bool,
}

/// One drawn edge between node indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphEdge {
    /// Producer node.
    pub from: u32,
    /// Consumer node.
    pub to: u32,
    /// A control dependency rather than data.
    pub control: bool,
}

/// A graph ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct HloGraph {
    /// Nodes, in instruction order.
    pub nodes: Vec<GraphNode>,
    /// Edges, sorted.
    pub edges: Vec<GraphEdge>,
    /// The node the neighbourhood is centred on.
    pub center: Option<u32>,
    /// Fusions drawn expanded.
    pub expanded: Vec<InstrId>,
    /// Coordinates.
    pub layout: Layout,
}

/// The drawable view of a computation: which instructions are visible (expanded fusions are
/// replaced by their bodies) and the edges between them.
struct View {
    nodes: Vec<InstrId>,
    group: HashMap<InstrId, InstrId>,
    edges: Vec<(InstrId, InstrId, bool)>,
    /// The computations being expanded, outermost first: fusions that (in broken input) call
    /// each other are expanded once, not for ever.
    expanding: Vec<CompId>,
}

impl View {
    fn build(m: &HloModule, top: CompId, expanded: &HashSet<InstrId>) -> View {
        let mut v = View {
            nodes: Vec::new(),
            group: HashMap::new(),
            edges: Vec::new(),
            expanding: Vec::new(),
        };
        v.add_computation(m, top, None, expanded);
        v.nodes.sort_unstable();
        v.edges.sort_unstable();
        v.edges.dedup();
        v
    }

    fn add_computation(
        &mut self,
        m: &HloModule,
        c: CompId,
        group: Option<InstrId>,
        expanded: &HashSet<InstrId>,
    ) {
        self.expanding.push(c);
        for i in m.instructions_of(c) {
            if expanded.contains(&i) {
                for &body in m.called(i) {
                    if !self.expanding.contains(&body) {
                        self.add_computation(m, body, Some(i), expanded);
                    }
                }
                continue;
            }
            self.nodes.push(i);
            if let Some(g) = group {
                self.group.insert(i, g);
            }
            let outer_param = (m.opcode(i) == "parameter")
                .then(|| group.and_then(|f| fusion_operand(m, f, i)))
                .flatten();
            for &o in m.operands(i).iter().chain(outer_param.as_slice()) {
                self.edges.push((output_of(m, o, expanded), i, false));
            }
            for &p in m.control_predecessors(i) {
                self.edges.push((output_of(m, p, expanded), i, true));
            }
        }
        self.expanding.pop();
    }
}

/// The operand of fusion `f` that feeds its fused parameter `param`.
fn fusion_operand(m: &HloModule, f: InstrId, param: InstrId) -> Option<InstrId> {
    let n = m.instructions.attrs[param.index()]
        .iter()
        .find(|a| a.key == super::PARAMETER_NUMBER)
        .and_then(|a| match &a.value {
            super::AttrValue::Text(t) => t.parse::<usize>().ok(),
            _ => None,
        })?;
    m.operands(f).get(n).copied()
}

/// The visible producer of `i`'s value: an expanded fusion's root, recursively.
fn output_of(m: &HloModule, i: InstrId, expanded: &HashSet<InstrId>) -> InstrId {
    let mut cur = i;
    for _ in 0..64 {
        if !expanded.contains(&cur) {
            break;
        }
        let Some(root) = m
            .called(cur)
            .first()
            .and_then(|c| m.computations.root[c.index()])
        else {
            break;
        };
        cur = root;
    }
    cur
}

/// The top-level computation of `i` (leaving fusion bodies) and the fusions around it.
fn top_of(m: &HloModule, i: InstrId) -> (CompId, Vec<InstrId>) {
    let mut fusions = Vec::new();
    let mut cur = i;
    while let Some(f) = m.enclosing_fusion(cur) {
        if fusions.contains(&f) {
            break;
        }
        fusions.push(f);
        cur = f;
    }
    (m.computation_of(cur), fusions)
}

/// The instructions within `radius` edges of `center` (operands and users alike), with the
/// fusions in `expand` and any fusion enclosing `center` drawn expanded.
pub fn neighborhood(m: &HloModule, center: InstrId, radius: u32, expand: &[InstrId]) -> HloGraph {
    let (top, enclosing) = top_of(m, center);
    let expanded: HashSet<InstrId> = expand
        .iter()
        .copied()
        .filter(|&f| m.opcode(f) == "fusion")
        .chain(enclosing)
        .collect();
    let view = View::build(m, top, &expanded);
    let mut adj: HashMap<InstrId, Vec<InstrId>> = HashMap::new();
    for &(a, b, _) in &view.edges {
        adj.entry(a).or_default().push(b);
        adj.entry(b).or_default().push(a);
    }
    let start = output_of(m, center, &expanded);
    let mut dist: HashMap<InstrId, u32> = HashMap::new();
    dist.insert(start, 0);
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        let d = dist[&v];
        if d == radius {
            continue;
        }
        let mut next: Vec<InstrId> = adj.get(&v).cloned().unwrap_or_default();
        next.sort_unstable();
        for w in next {
            if !dist.contains_key(&w) {
                dist.insert(w, d + 1);
                queue.push_back(w);
            }
        }
    }
    let keep: Vec<InstrId> = view
        .nodes
        .iter()
        .copied()
        .filter(|v| dist.contains_key(v))
        .collect();
    let mut expanded: Vec<InstrId> = expanded.into_iter().collect();
    expanded.sort_unstable();
    let mut g = finish(&view, keep, &adj, Some(start), expanded);
    g.layout = layout(&layout_input(m, &g));
    g
}

/// Every instruction of computation `c` with fusions collapsed; when there are more than
/// `limit`, runs of instructions with one producer and one consumer each are collapsed into
/// one node.
pub fn overview(m: &HloModule, c: CompId, limit: usize) -> HloGraph {
    let view = View::build(m, c, &HashSet::new());
    let mut adj: HashMap<InstrId, Vec<InstrId>> = HashMap::new();
    for &(a, b, _) in &view.edges {
        adj.entry(a).or_default().push(b);
        adj.entry(b).or_default().push(a);
    }
    if view.nodes.len() <= limit {
        let mut g = finish(&view, view.nodes.clone(), &adj, None, Vec::new());
        g.layout = layout(&layout_input(m, &g));
        return g;
    }
    // Chain collapsing: v joins its producer's chain when it is that producer's only
    // consumer and has no other producer.
    let mut ins: HashMap<InstrId, Vec<InstrId>> = HashMap::new();
    let mut outs: HashMap<InstrId, Vec<InstrId>> = HashMap::new();
    for &(a, b, _) in &view.edges {
        ins.entry(b).or_default().push(a);
        outs.entry(a).or_default().push(b);
    }
    let mut head: HashMap<InstrId, InstrId> = HashMap::new();
    for &v in &view.nodes {
        let h = match ins.get(&v).map(Vec::as_slice) {
            Some([u]) if outs.get(u).map_or(0, Vec::len) == 1 => head.get(u).copied().unwrap_or(*u),
            _ => v,
        };
        head.insert(v, h);
    }
    let mut count: HashMap<InstrId, u32> = HashMap::new();
    for &v in &view.nodes {
        *count.entry(head[&v]).or_default() += 1;
    }
    let keep: Vec<InstrId> = view
        .nodes
        .iter()
        .copied()
        .filter(|v| head[v] == *v)
        .collect();
    let merged_edges: Vec<(InstrId, InstrId, bool)> = view
        .edges
        .iter()
        .map(|&(a, b, c)| (head[&a], head[&b], c))
        .filter(|(a, b, _)| a != b)
        .collect();
    let merged = View {
        nodes: keep.clone(),
        group: HashMap::new(),
        edges: merged_edges,
        expanding: Vec::new(),
    };
    let mut g = finish(&merged, keep, &HashMap::new(), None, Vec::new());
    for n in &mut g.nodes {
        n.count = count.get(&n.instr).copied().unwrap_or(1);
    }
    g.layout = layout(&layout_input(m, &g));
    g
}

/// The graph of the `keep` nodes of `view` (not laid out yet).
fn finish(
    view: &View,
    keep: Vec<InstrId>,
    adj: &HashMap<InstrId, Vec<InstrId>>,
    center: Option<InstrId>,
    expanded: Vec<InstrId>,
) -> HloGraph {
    let index: HashMap<InstrId, u32> = keep
        .iter()
        .enumerate()
        .map(|(k, &i)| (i, k as u32))
        .collect();
    let nodes: Vec<GraphNode> = keep
        .iter()
        .map(|&i| GraphNode {
            instr: i,
            count: 1,
            group: view.group.get(&i).copied(),
            boundary: adj
                .get(&i)
                .is_some_and(|ns| ns.iter().any(|w| !index.contains_key(w))),
        })
        .collect();
    let edges = edges_among(&view.edges, &index);
    HloGraph {
        center: center.and_then(|c| index.get(&c).copied()),
        nodes,
        edges,
        expanded,
        layout: Layout::default(),
    }
}

/// What colour family a node gets: `parameter`, `constant`, `fusion`, `dot`,
/// `convolution`, `collective`, `data-movement`, `control-flow`, `custom-call`, `tuple` or
/// `elementwise`.
pub fn color_class(m: &HloModule, i: InstrId) -> &'static str {
    match m.opcode(i) {
        "parameter" => "parameter",
        "constant" | "iota" => "constant",
        "fusion" => "fusion",
        "dot" => "dot",
        "convolution" => "convolution",
        "custom-call" => "custom-call",
        "while" | "conditional" | "call" | "async-start" | "async-done" => "control-flow",
        "tuple" | "get-tuple-element" => "tuple",
        op if op.starts_with("all-")
            || op.starts_with("collective-")
            || op.starts_with("reduce-scatter")
            || op.starts_with("send")
            || op.starts_with("recv") =>
        {
            "collective"
        }
        "copy"
        | "copy-start"
        | "copy-done"
        | "transpose"
        | "reshape"
        | "bitcast"
        | "broadcast"
        | "slice"
        | "dynamic-slice"
        | "dynamic-update-slice"
        | "concatenate"
        | "pad"
        | "gather"
        | "scatter"
        | "reverse"
        | "bitcast-convert"
        | "convert" => "data-movement",
        _ => "elementwise",
    }
}

/// The text on a node: its name, and `opcode` (or `N ops` for a collapsed chain).
pub fn node_label(m: &HloModule, n: &GraphNode) -> (String, String) {
    let name = m.name(n.instr).to_owned();
    let sub = if n.count > 1 {
        format!("{} ops", n.count)
    } else {
        super::category(m, n.instr)
    };
    (name, sub)
}

/// The box of a node: wide enough for its label (up to 40 characters).
pub fn node_size(m: &HloModule, n: &GraphNode) -> (f64, f64) {
    let (a, b) = node_label(m, n);
    let chars = a.chars().count().max(b.chars().count()).min(40) as f64;
    ((chars * CHAR_WIDTH + 20.0).max(60.0), NODE_HEIGHT)
}

fn layout_input(m: &HloModule, g: &HloGraph) -> LayoutInput {
    let sizes = g.nodes.iter().map(|n| node_size(m, n)).collect();
    let groups = g
        .nodes
        .iter()
        .map(|n| n.group.map_or(u32::MAX, |f| f.0))
        .collect();
    LayoutInput {
        sizes,
        edges: g.edges.iter().map(|e| (e.from, e.to)).collect(),
        groups,
    }
}

/// The edges `(from, to, control)` whose ends are both drawn, as edges between the drawn
/// nodes' positions in `index`: sorted, each once.
pub(super) fn edges_among(
    edges: &[(InstrId, InstrId, bool)],
    index: &HashMap<InstrId, u32>,
) -> Vec<GraphEdge> {
    let mut out: Vec<GraphEdge> = edges
        .iter()
        .filter_map(|&(a, b, control)| {
            Some(GraphEdge {
                from: *index.get(&a)?,
                to: *index.get(&b)?,
                control,
            })
        })
        .collect();
    out.sort_unstable_by_key(|e| (e.from, e.to, e.control));
    out.dedup();
    out
}
