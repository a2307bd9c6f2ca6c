//! Time in the core: integer picoseconds (`Ps`) relative to [`TimeOrigin`].
//!
//! Absolute timestamps in real files overflow picoseconds in `i64` (a Kineto µs value near
//! 1.7e15 is 1.7e21 ps), so each trace stores its origin in nanoseconds and every time in
//! the tables is relative to it. Importers convert once; nothing in the core uses floats
//! for time.

/// Picoseconds relative to the trace's origin.
pub type Ps = i64;

/// Picoseconds in one nanosecond, microsecond, millisecond and second.
pub const PS_PER_NS: i64 = 1_000;
/// Picoseconds per microsecond.
pub const PS_PER_US: i64 = 1_000_000;

/// Where relative time 0 lies, in the source's own clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeOrigin {
    /// Nanoseconds in the source clock (epoch ns for most tools; XSpace from JAX is
    /// normalised, so this is then a small number).
    pub source_ns: i64,
}
