//! Layered (Sugiyama-style) layout of a directed graph, top to bottom: cycles broken by
//! reversing back edges, layering by longest path (with sources pulled down next to their
//! first user), long edges split by dummy nodes, crossing reduction by barycenter sweeps,
//! coordinate assignment by iterated median alignment with overlap removal, and edges routed
//! through their dummy nodes. Deterministic: the same input gives the same output.
//!
//! ```
//! use planeview::hlo::layout::{LayoutInput, layout};
//! let g = LayoutInput { sizes: vec![(40.0, 20.0); 3], edges: vec![(0, 1), (0, 2), (1, 2)], groups: vec![] };
//! let l = layout(&g);
//! assert!(l.nodes[0].1 < l.nodes[1].1 && l.nodes[1].1 < l.nodes[2].1);
//! ```

mod order;
mod position;
mod rank;

/// Horizontal gap between neighbouring boxes in a layer.
pub const NODE_GAP: f64 = 24.0;
/// Vertical gap between layers.
pub const LAYER_GAP: f64 = 48.0;

/// What to lay out.
#[derive(Clone, Debug, Default)]
pub struct LayoutInput {
    /// `(width, height)` of each node.
    pub sizes: Vec<(f64, f64)>,
    /// Directed edges `(from, to)` between node indices; self-loops and out-of-range ends are
    /// ignored.
    pub edges: Vec<(u32, u32)>,
    /// Optional group per node (for example the fusion it belongs to); nodes of one group are
    /// kept next to each other within a layer. Empty, or one entry per node (`u32::MAX` =
    /// none).
    pub groups: Vec<u32>,
}

/// The result: boxes and routed edges, in the same units as the sizes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layout {
    /// Top-left corner `(x, y)` of each node's box.
    pub nodes: Vec<(f64, f64)>,
    /// Layer of each node (0 at the top).
    pub layers: Vec<u32>,
    /// One polyline per input edge that was kept, from the bottom centre of its source to the
    /// top centre of its target (reversed edges are routed in their original direction).
    pub edges: Vec<RoutedEdge>,
    /// Total width and height.
    pub size: (f64, f64),
}

/// An edge's route.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RoutedEdge {
    /// Index into [`LayoutInput::edges`].
    pub edge: u32,
    /// Points from source to target.
    pub points: Vec<(f64, f64)>,
}

/// Lays out `g`.
pub fn layout(g: &LayoutInput) -> Layout {
    let n = g.sizes.len();
    if n == 0 {
        return Layout::default();
    }
    let edges: Vec<(usize, usize, u32)> = g
        .edges
        .iter()
        .enumerate()
        .filter(|(_, (a, b))| a != b && (*a as usize) < n && (*b as usize) < n)
        .map(|(i, &(a, b))| (a as usize, b as usize, i as u32))
        .collect();
    let dag = rank::acyclic(n, &edges);
    let layer = rank::layers(n, &dag);
    let chains = order::Chains::build(n, &layer, &dag);
    let rows = order::order(&chains, g);
    let pos = position::assign(&chains, &rows, g);
    route(g, &edges, &dag, &layer, &chains, &pos)
}

fn route(
    g: &LayoutInput,
    edges: &[(usize, usize, u32)],
    dag: &[(usize, usize, bool)],
    layer: &[u32],
    chains: &order::Chains,
    pos: &position::Positions,
) -> Layout {
    let n = g.sizes.len();
    let nodes: Vec<(f64, f64)> = (0..n)
        .map(|v| {
            (
                pos.x[v] - g.sizes[v].0 / 2.0,
                pos.layer_y[layer[v] as usize],
            )
        })
        .collect();
    let mut routed = Vec::with_capacity(edges.len());
    for (k, &(_, _, id)) in edges.iter().enumerate() {
        let (s, t, reversed) = dag[k];
        let mut pts = vec![(pos.x[s], pos.layer_y[layer[s] as usize] + g.sizes[s].1)];
        for &d in &chains.dummies[k] {
            let y =
                pos.layer_y[chains.layer[d] as usize] + pos.layer_h[chains.layer[d] as usize] / 2.0;
            pts.push((pos.x[d], y));
        }
        pts.push((pos.x[t], pos.layer_y[layer[t] as usize]));
        if reversed {
            pts.reverse();
        }
        routed.push(RoutedEdge {
            edge: id,
            points: pts,
        });
    }
    let width = (0..n)
        .map(|v| nodes[v].0 + g.sizes[v].0)
        .fold(0.0, f64::max);
    let height = (0..n)
        .map(|v| nodes[v].1 + g.sizes[v].1)
        .fold(0.0, f64::max);
    Layout {
        nodes,
        layers: layer.to_vec(),
        edges: routed,
        size: (width, height),
    }
}

#[cfg(test)]
mod tests;
