//! What a source says about a counter track beyond its samples: unit, hardware counter id,
//! description, counter sets, and how its values were scaled. Kept apart from the track table
//! because only counter tracks have it, and most sources say nothing.

use super::tables::TrackId;
use std::collections::BTreeMap;

/// Source facts about one counter track; every field is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CounterMeta {
    /// Unit of the values (`bytes`, `percent`, ...), when the source states it.
    pub unit: Option<String>,
    /// Hardware counter id (XSpace `performance_counter_id`).
    pub counter_id: Option<u64>,
    /// Description (XSpace `performance_counter_description`).
    pub description: Option<String>,
    /// Counter sets it belongs to (XSpace `performance_counter_sets`).
    pub sets: Option<String>,
    /// How the stored values relate to what the hardware reported (for example
    /// "Scaled Value (raw × 4)"); `None` when they are the values as read.
    pub scaling: Option<String>,
}

/// [`CounterMeta`] by counter track.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CounterMetaTable {
    by_track: BTreeMap<TrackId, CounterMeta>,
}

impl CounterMetaTable {
    /// The facts about `track` (all `None` for a track the source said nothing about).
    pub fn get(&self, track: TrackId) -> Option<&CounterMeta> {
        self.by_track.get(&track)
    }

    /// The entry of `track`, created empty on first use.
    pub fn entry(&mut self, track: TrackId) -> &mut CounterMeta {
        self.by_track.entry(track).or_default()
    }

    /// Approximate bytes held.
    pub fn heap_bytes(&self) -> usize {
        self.by_track.len() * 128
    }
}
