use super::*;
use proptest::prelude::*;

/// A random DAG: edges only from a lower to a higher index.
fn dag() -> impl Strategy<Value = LayoutInput> {
    (1usize..60).prop_flat_map(|n| {
        let sizes = proptest::collection::vec((10.0f64..120.0, 10.0f64..40.0), n);
        let edges = proptest::collection::vec((0..n as u32, 0..n as u32), 0..n * 2).prop_map(|v| {
            v.into_iter()
                .filter(|(a, b)| a != b)
                .map(|(a, b)| (a.min(b), a.max(b)))
                .collect::<Vec<_>>()
        });
        let groups = proptest::collection::vec(prop_oneof![Just(u32::MAX), 0u32..3], n);
        (sizes, edges, groups).prop_map(|(sizes, edges, groups)| LayoutInput {
            sizes,
            edges,
            groups,
        })
    })
}

fn overlap(a: (f64, f64, f64, f64), b: (f64, f64, f64, f64)) -> bool {
    let eps = 1e-6;
    a.0 + a.2 > b.0 + eps && b.0 + b.2 > a.0 + eps && a.1 + a.3 > b.1 + eps && b.1 + b.3 > a.1 + eps
}

proptest! {
    #[test]
    fn no_overlapping_nodes(g in dag()) {
        let l = layout(&g);
        let boxes: Vec<_> = (0..g.sizes.len())
            .map(|v| (l.nodes[v].0, l.nodes[v].1, g.sizes[v].0, g.sizes[v].1))
            .collect();
        for i in 0..boxes.len() {
            for j in i + 1..boxes.len() {
                prop_assert!(!overlap(boxes[i], boxes[j]), "{i} {:?} overlaps {j} {:?}", boxes[i], boxes[j]);
            }
        }
    }

    #[test]
    fn edges_point_downward(g in dag()) {
        let l = layout(&g);
        prop_assert_eq!(l.edges.len(), g.edges.len());
        for e in &l.edges {
            let (a, b) = g.edges[e.edge as usize];
            prop_assert!(l.layers[a as usize] < l.layers[b as usize]);
            for w in e.points.windows(2) {
                prop_assert!(w[0].1 < w[1].1, "edge {:?} goes up: {:?}", (a, b), e.points);
            }
        }
    }

    #[test]
    fn deterministic(g in dag()) {
        prop_assert_eq!(layout(&g), layout(&g));
    }
}

#[test]
fn cycles_are_broken_and_still_routed() {
    let g = LayoutInput {
        sizes: vec![(20.0, 10.0); 3],
        edges: vec![(0, 1), (1, 2), (2, 0), (1, 1)],
        groups: vec![],
    };
    let l = layout(&g);
    assert_eq!(l.edges.len(), 3);
    let back = l.edges.iter().find(|e| e.edge == 2).unwrap();
    // Routed in its own direction: from node 2 (bottom) up to node 0.
    assert!(back.points.first().unwrap().1 > back.points.last().unwrap().1);
}
