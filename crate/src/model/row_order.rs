//! The order `TraceBuilder::finish` puts a table's rows in: by track, then by a per-row key,
//! then by the order the rows were added.
//!
//! Importers add rows grouped by time rather than by track (a JSON file interleaves threads),
//! but each track's rows usually arrive already in key order. So instead of one comparison
//! sort of every row, [`order_by_track`] places rows by a counting sort on the track (stable,
//! O(rows + tracks)) and then sorts only the tracks whose rows are out of key order.

use super::TrackId;

/// Row indices in (track, key, index) order, or `None` when the rows are in that order
/// already. `key(i)` is row `i`'s key.
pub fn order_by_track<K: Ord>(track: &[TrackId], key: impl Fn(usize) -> K) -> Option<Vec<u32>> {
    let in_order = |a: usize, b: usize| (track[a], key(a)) <= (track[b], key(b));
    if (1..track.len()).all(|i| in_order(i - 1, i)) {
        return None;
    }
    // Counting sort by track: `next[t]` is where track t's next row goes.
    let tracks = track.iter().map(|t| t.index() + 1).max().unwrap_or(0);
    let mut next = vec![0usize; tracks + 1];
    for t in track {
        next[t.index() + 1] += 1;
    }
    for t in 1..=tracks {
        next[t] += next[t - 1];
    }
    let starts = next.clone();
    let mut order = vec![0u32; track.len()];
    for (i, t) in track.iter().enumerate() {
        let slot = &mut next[t.index()];
        order[*slot] = i as u32;
        *slot += 1;
    }
    // Rows of a track are in index order; sort those whose keys are not.
    for run in starts.windows(2) {
        let rows = &mut order[run[0]..run[1]];
        if !rows
            .windows(2)
            .all(|w| key(w[0] as usize) <= key(w[1] as usize))
        {
            rows.sort_by_key(|&a| key(a as usize));
        }
    }
    Some(order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Equals a stable sort of all rows by (track, key).
        #[test]
        fn equals_a_stable_sort(rows in proptest::collection::vec((0u32..5, 0i64..8), 0..60)) {
            let track: Vec<TrackId> = rows.iter().map(|r| TrackId(r.0)).collect();
            let key = |i: usize| rows[i].1;
            let mut expected: Vec<u32> = (0..rows.len() as u32).collect();
            expected.sort_by_key(|&i| (track[i as usize], key(i as usize)));
            match order_by_track(&track, key) {
                Some(order) => prop_assert_eq!(order, expected),
                None => prop_assert_eq!(expected, (0..rows.len() as u32).collect::<Vec<_>>()),
            }
        }
    }
}
