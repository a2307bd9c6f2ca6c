//! Coordinate assignment: x by iterated alignment with neighbours under the layer order,
//! y by layer.

use super::order::Chains;
use super::{LAYER_GAP, LayoutInput, NODE_GAP};

/// Width given to a dummy node (room for an edge between boxes).
const DUMMY_WIDTH: f64 = 8.0;
/// Alignment passes (each a down and an up sweep).
const PASSES: usize = 4;

/// Centre x of every node (real and dummy), and each layer's top and height.
#[derive(Debug)]
pub struct Positions {
    pub x: Vec<f64>,
    pub layer_y: Vec<f64>,
    pub layer_h: Vec<f64>,
}

/// Assigns coordinates for the given layer orders.
pub fn assign(c: &Chains, rows: &[Vec<usize>], g: &LayoutInput) -> Positions {
    let total = c.layer.len();
    let width = |v: usize| {
        if v < c.real {
            g.sizes[v].0
        } else {
            DUMMY_WIDTH
        }
    };
    let height = |v: usize| if v < c.real { g.sizes[v].1 } else { 0.0 };
    let mut x = vec![0f64; total];
    for r in rows {
        let mut cur = 0.0;
        for &v in r {
            x[v] = cur + width(v) / 2.0;
            cur += width(v) + NODE_GAP;
        }
    }
    for _ in 0..PASSES {
        for down in [true, false] {
            let layers: Vec<usize> = if down {
                (1..rows.len()).collect()
            } else {
                (0..rows.len().saturating_sub(1)).rev().collect()
            };
            for l in layers {
                let desired: Vec<f64> = rows[l]
                    .iter()
                    .map(|&v| {
                        let nbrs = if down { &c.up[v] } else { &c.down[v] };
                        median(nbrs.iter().map(|&w| x[w]).collect()).unwrap_or(x[v])
                    })
                    .collect();
                place(&rows[l], &desired, &width, &mut x);
            }
        }
    }
    // Shift so the leftmost box starts at 0.
    let left = (0..total)
        .map(|v| x[v] - width(v) / 2.0)
        .fold(f64::INFINITY, f64::min);
    if left.is_finite() {
        for v in &mut x {
            *v -= left;
        }
    }
    let mut layer_y = Vec::with_capacity(rows.len());
    let mut layer_h = Vec::with_capacity(rows.len());
    let mut y = 0.0;
    for r in rows {
        let h = r.iter().map(|&v| height(v)).fold(0.0, f64::max);
        layer_y.push(y);
        layer_h.push(h);
        y += h + LAYER_GAP;
    }
    Positions {
        x,
        layer_y,
        layer_h,
    }
}

fn median(mut v: Vec<f64>) -> Option<f64> {
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    Some(if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    })
}

/// Places one layer as close to `desired` as the order and the gaps allow: the mean of a
/// left-to-right and a right-to-left packing, each pushing boxes apart only as needed.
fn place(row: &[usize], desired: &[f64], width: &dyn Fn(usize) -> f64, x: &mut [f64]) {
    let n = row.len();
    if n == 0 {
        return;
    }
    let mut l2r = vec![0f64; n];
    for i in 0..n {
        let min = if i == 0 {
            f64::NEG_INFINITY
        } else {
            l2r[i - 1] + (width(row[i - 1]) + width(row[i])) / 2.0 + NODE_GAP
        };
        l2r[i] = desired[i].max(min);
    }
    let mut r2l = vec![0f64; n];
    for i in (0..n).rev() {
        let max = if i + 1 == n {
            f64::INFINITY
        } else {
            r2l[i + 1] - (width(row[i + 1]) + width(row[i])) / 2.0 - NODE_GAP
        };
        r2l[i] = desired[i].min(max);
    }
    // The mean of two orderings that each keep the gaps also keeps them.
    for i in 0..n {
        x[row[i]] = (l2r[i] + r2l[i]) / 2.0;
    }
}
