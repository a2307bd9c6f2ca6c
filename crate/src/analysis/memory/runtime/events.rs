//! The allocation events of one allocator as the sources state them, before they are paired
//! and summed (`timeline.rs`).

use crate::model::{Ps, StrId};

/// Whether an event allocates or frees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Activity {
    /// Memory handed out.
    Alloc,
    /// Memory given back.
    Free,
}

/// One allocation or free, in the source's terms.
#[derive(Clone, Copy, Debug)]
pub struct MemEvent {
    /// When it happened, on the profile's clock.
    pub time: Ps,
    /// Allocation or free.
    pub activity: Activity,
    /// Bytes allocated or freed (≥ 0; the allocator's rounded size where it states one).
    pub bytes: i64,
    /// Bytes the caller asked for, where stated (XSpace `requested_bytes`).
    pub requested: Option<i64>,
    /// Address of the block, where stated.
    pub address: Option<u64>,
    /// Bytes in use after the event as the allocator states it (Kineto `Total Allocated`;
    /// XSpace heap plus stack, as XProf counts the peak), else `None` (then the running sum).
    pub in_use: Option<i64>,
    /// Bytes reserved from the device after the event (Kineto `Total Reserved`).
    pub reserved: Option<i64>,
    /// What the allocator can hold: in use plus free (XSpace `bytes_available`).
    pub capacity: Option<i64>,
    /// The allocator's own peak over its lifetime, where stated (XSpace `peak_bytes_in_use`).
    pub lifetime_peak: Option<i64>,
    /// The op that asked for it: its name, where known.
    pub op: Option<StrId>,
    /// The slice to show for it on the timeline (the op, else the event itself).
    pub slice: Option<u32>,
    /// The thread's track that made the call (for the innermost op), if it is a slice track.
    pub track: Option<u32>,
    /// Region, data type and shape where stated (XSpace `region_type`, `data_type`,
    /// `tensor_shapes`).
    pub region: Option<StrId>,
    /// See `region`.
    pub data_type: Option<i64>,
    /// See `region`.
    pub shape: Option<StrId>,
}

impl MemEvent {
    /// An event with only time, activity and size known.
    pub fn new(time: Ps, activity: Activity, bytes: i64) -> MemEvent {
        MemEvent {
            time,
            activity,
            bytes,
            requested: None,
            address: None,
            in_use: None,
            reserved: None,
            capacity: None,
            lifetime_peak: None,
            op: None,
            slice: None,
            track: None,
            region: None,
            data_type: None,
            shape: None,
        }
    }
}

/// Where an allocator's events come from (`source` of the report).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// PyTorch profiler `[memory]` instants.
    Kineto,
    /// XSpace `MemoryAllocation` / `MemoryDeallocation` events.
    Xspace,
}

/// The events of one allocator, in the order they were found.
#[derive(Debug)]
pub struct AllocatorEvents {
    /// The allocator's name (`GPU 0`, `GPU_0_bfc`).
    pub name: String,
    /// The device it allocates on, where known.
    pub device: Option<String>,
    /// Where the events come from.
    pub source: Source,
    /// What the device holds, where the source states it (a GPU's `totalGlobalMem`).
    pub capacity: Option<i64>,
    /// The events.
    pub events: Vec<MemEvent>,
}
