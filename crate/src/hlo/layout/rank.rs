//! Cycle breaking and layering.

/// For each edge `(a, b, _)`, the DAG edge `(s, t, reversed)`: edges that close a cycle in a
/// depth-first walk (nodes and successors in index order) are reversed.
pub fn acyclic(n: usize, edges: &[(usize, usize, u32)]) -> Vec<(usize, usize, bool)> {
    let mut succ: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for (k, &(a, b, _)) in edges.iter().enumerate() {
        succ[a].push((b, k));
    }
    // 0 = unvisited, 1 = on the stack, 2 = done.
    let mut state = vec![0u8; n];
    let mut back = vec![false; edges.len()];
    for root in 0..n {
        if state[root] != 0 {
            continue;
        }
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        state[root] = 1;
        while let Some(&mut (v, ref mut next)) = stack.last_mut() {
            if let Some(&(w, k)) = succ[v].get(*next) {
                *next += 1;
                match state[w] {
                    0 => {
                        state[w] = 1;
                        stack.push((w, 0));
                    }
                    1 => back[k] = true,
                    _ => {}
                }
            } else {
                state[v] = 2;
                stack.pop();
            }
        }
    }
    edges
        .iter()
        .zip(back)
        .map(|(&(a, b, _), r)| if r { (b, a, true) } else { (a, b, false) })
        .collect()
}

/// Layer of each node: longest path from the sources, then each source moved down to just
/// above its highest successor (so parameters and constants sit next to their users).
pub fn layers(n: usize, dag: &[(usize, usize, bool)]) -> Vec<u32> {
    let mut indeg = vec![0u32; n];
    let mut succ: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(s, t, _) in dag {
        succ[s].push(t);
        indeg[t] += 1;
    }
    let mut layer = vec![0u32; n];
    let mut queue: std::collections::VecDeque<usize> = (0..n).filter(|&v| indeg[v] == 0).collect();
    let mut remaining = indeg.clone();
    while let Some(v) = queue.pop_front() {
        for &w in &succ[v] {
            layer[w] = layer[w].max(layer[v] + 1);
            remaining[w] -= 1;
            if remaining[w] == 0 {
                queue.push_back(w);
            }
        }
    }
    for v in 0..n {
        if indeg[v] == 0 {
            if let Some(m) = succ[v].iter().map(|&w| layer[w]).min() {
                layer[v] = m.saturating_sub(1).max(layer[v]);
            }
        }
    }
    layer
}
