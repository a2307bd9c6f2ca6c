//! Where the memory went. [`MemoryReport`] is the document of `planeview memory --json`:
//! `allocators`, the runtime allocations of each allocator over the capture ([`runtime`]),
//! and the `diagnostics` that analysis counted.

pub mod buffers;
pub mod runtime;

use crate::diagnostics::Diagnostics;
use crate::model::Trace;
use runtime::{AllocatorReport, RuntimeMemory};
use serde::Serialize;

/// The memory document of a profile.
#[derive(Debug, Serialize)]
pub struct MemoryReport {
    /// One entry per allocator with allocation events, in [`RuntimeMemory`] order (its `id`).
    pub allocators: Vec<AllocatorReport>,
    /// Problems the runtime memory analysis found in the events (the Health tab shows them).
    pub diagnostics: Diagnostics,
}

impl MemoryReport {
    /// The report of the runtime memory `memory` computed from `trace`.
    pub fn of(trace: &Trace, memory: &RuntimeMemory) -> MemoryReport {
        MemoryReport {
            allocators: memory.reports(trace),
            diagnostics: memory.diagnostics.clone(),
        }
    }
}
