//! A map from metadata ids to cached values, dense for the small ids real files use.

use hashbrown::HashMap;

/// Ids below this are kept in a vector; others (rare: ids are usually 1..N) in a map.
const DENSE_IDS: i64 = 1 << 16;

/// Values cached per metadata id.
#[derive(Debug)]
pub(super) struct IdCache<V> {
    dense: Vec<Option<V>>,
    sparse: HashMap<i64, V>,
}

impl<V: Copy> IdCache<V> {
    pub(super) fn new() -> Self {
        IdCache {
            dense: Vec::new(),
            sparse: HashMap::new(),
        }
    }

    /// The cached value of `id`.
    #[inline]
    pub(super) fn get(&self, id: i64) -> Option<V> {
        if (0..DENSE_IDS).contains(&id) {
            self.dense.get(id as usize).copied().flatten()
        } else {
            self.sparse.get(&id).copied()
        }
    }

    /// Caches `value` for `id`.
    pub(super) fn insert(&mut self, id: i64, value: V) {
        if (0..DENSE_IDS).contains(&id) {
            let i = id as usize;
            if self.dense.len() <= i {
                self.dense.resize(i + 1, None);
            }
            self.dense[i] = Some(value);
        } else {
            self.sparse.insert(id, value);
        }
    }
}
