//! Dummy nodes for long edges and crossing reduction by barycenter sweeps.

use super::LayoutInput;

/// The layered graph with dummy nodes: ids `0..n` are real nodes, the rest dummies.
#[derive(Debug)]
pub struct Chains {
    /// Number of real nodes.
    pub real: usize,
    /// Layer of every node, real and dummy.
    pub layer: Vec<u32>,
    /// Dummy nodes of each DAG edge, top to bottom.
    pub dummies: Vec<Vec<usize>>,
    /// Neighbours one layer up / down (segments of edges).
    pub up: Vec<Vec<usize>>,
    pub down: Vec<Vec<usize>>,
}

impl Chains {
    /// Splits every edge spanning more than one layer into unit segments.
    pub fn build(n: usize, layer: &[u32], dag: &[(usize, usize, bool)]) -> Chains {
        let mut c = Chains {
            real: n,
            layer: layer.to_vec(),
            dummies: Vec::with_capacity(dag.len()),
            up: vec![Vec::new(); n],
            down: vec![Vec::new(); n],
        };
        for &(s, t, _) in dag {
            let mut prev = s;
            let mut ds = Vec::new();
            for l in layer[s] + 1..layer[t] {
                let d = c.layer.len();
                c.layer.push(l);
                c.up.push(Vec::new());
                c.down.push(Vec::new());
                c.link(prev, d);
                ds.push(d);
                prev = d;
            }
            c.link(prev, t);
            c.dummies.push(ds);
        }
        c
    }

    fn link(&mut self, a: usize, b: usize) {
        self.down[a].push(b);
        self.up[b].push(a);
    }

    /// Number of layers.
    pub fn layer_count(&self) -> usize {
        self.layer.iter().max().map_or(0, |&m| m as usize + 1)
    }
}

/// Orders each layer (left to right) to reduce crossings.
pub fn order(c: &Chains, g: &LayoutInput) -> Vec<Vec<usize>> {
    let mut rows: Vec<Vec<usize>> = vec![Vec::new(); c.layer_count()];
    // Initial order: breadth-first from the top layer's nodes, then anything left, so
    // connected nodes start near each other.
    let total = c.layer.len();
    let mut seen = vec![false; total];
    let mut queue = std::collections::VecDeque::new();
    let mut starts: Vec<usize> = (0..total).collect();
    starts.sort_by_key(|&v| (c.layer[v], v));
    for s in starts {
        if seen[s] {
            continue;
        }
        seen[s] = true;
        queue.push_back(s);
        while let Some(v) = queue.pop_front() {
            rows[c.layer[v] as usize].push(v);
            for &w in c.down[v].iter().chain(&c.up[v]) {
                if !seen[w] {
                    seen[w] = true;
                    queue.push_back(w);
                }
            }
        }
    }
    let mut pos = vec![0f64; total];
    let set_pos = |rows: &Vec<Vec<usize>>, pos: &mut Vec<f64>| {
        for r in rows {
            for (i, &v) in r.iter().enumerate() {
                pos[v] = i as f64;
            }
        }
    };
    set_pos(&rows, &mut pos);
    let sweeps = if total > 4000 { 4 } else { 8 };
    let group = |v: usize| -> u32 {
        if v < c.real {
            g.groups.get(v).copied().unwrap_or(u32::MAX)
        } else {
            u32::MAX
        }
    };
    for sweep in 0..sweeps {
        let down = sweep % 2 == 0;
        let layers: Vec<usize> = if down {
            (1..rows.len()).collect()
        } else {
            (0..rows.len().saturating_sub(1)).rev().collect()
        };
        for l in layers {
            let bary: Vec<(usize, f64)> = rows[l]
                .iter()
                .map(|&v| {
                    let nbrs = if down { &c.up[v] } else { &c.down[v] };
                    let b = if nbrs.is_empty() {
                        pos[v]
                    } else {
                        nbrs.iter().map(|&w| pos[w]).sum::<f64>() / nbrs.len() as f64
                    };
                    (v, b)
                })
                .collect();
            // Keep groups together: a grouped node sorts by its group's mean barycenter.
            let mut group_sum: hashbrown::HashMap<u32, (f64, usize)> = hashbrown::HashMap::new();
            for &(v, b) in &bary {
                let gk = group(v);
                if gk != u32::MAX {
                    let e = group_sum.entry(gk).or_insert((0.0, 0));
                    e.0 += b;
                    e.1 += 1;
                }
            }
            let mut keyed: Vec<(f64, u32, f64, f64, usize)> = bary
                .iter()
                .map(|&(v, b)| {
                    let gk = group(v);
                    let gb = group_sum.get(&gk).map_or(b, |&(s, k)| s / k as f64);
                    (gb, gk, b, pos[v], v)
                })
                .collect();
            keyed.sort_by(|x, y| {
                x.0.total_cmp(&y.0)
                    .then(x.1.cmp(&y.1))
                    .then(x.2.total_cmp(&y.2))
                    .then(x.3.total_cmp(&y.3))
                    .then(x.4.cmp(&y.4))
            });
            rows[l] = keyed.into_iter().map(|k| k.4).collect();
            for (i, &v) in rows[l].iter().enumerate() {
                pos[v] = i as f64;
            }
        }
    }
    rows
}
