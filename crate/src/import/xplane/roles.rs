//! What XSpace planes and lines are, from their names and ids, as XProf names them:
//! - planes: `/host:CPU` is the host; `/device:GPU:<n>` a GPU, `/device:TPU:<n>` a TPU
//!   TensorCore, any other `/device:...` plane another device (a SparseCore, ...);
//! - lines of device planes: XProf's derived lines by name (`Steps`, `XLA Modules`,
//!   `XLA Ops`, `Async XLA Ops`, `Framework Ops` / `TensorFlow Ops`, `Framework Name Scope` /
//!   `TensorFlow Name Scope`, `Source code`, matched without a ` - from #<stream>` suffix),
//!   other lines with a derived line id (`0xdeadbeef` read as a signed 32-bit number and
//!   the ids just above it) as derived lines of no known kind, and the rest (`Stream #N`,
//!   a TPU core's own lines) as device streams;
//! - lines of the host plane: host threads, except derived lines (by id).

use crate::model::{ProcessRole, TrackRole};

/// The host plane.
pub(super) const HOST_PLANE: &str = "/host:CPU";
const DEVICE_PREFIX: &str = "/device:";
const GPU_PREFIX: &str = "/device:GPU:";
const TPU_PREFIX: &str = "/device:TPU:";

/// XProf's derived lines have ids from `0xdeadbeef` read as a signed 32-bit number upwards.
const DERIVED_LINE_ID_MIN: i64 = 0xdead_beef_u32 as i32 as i64;
/// How many derived line ids XProf reserves (more than it uses).
const DERIVED_LINE_IDS: i64 = 64;

/// Derived line names and their roles. Older TensorFlow captures say `TensorFlow` where
/// newer ones say `Framework`.
const NAMED_LINES: [(&str, TrackRole); 10] = [
    ("Steps", TrackRole::Steps),
    ("XLA Modules", TrackRole::XlaModules),
    ("XLA Ops", TrackRole::XlaOps),
    ("Async XLA Ops", TrackRole::XlaAsyncOps),
    ("Framework Ops", TrackRole::FrameworkOps),
    ("TensorFlow Ops", TrackRole::FrameworkOps),
    ("Framework Name Scope", TrackRole::FrameworkNameScope),
    ("TensorFlow Name Scope", TrackRole::FrameworkNameScope),
    ("Source code", TrackRole::SourceCode),
    (super::counters::COUNTERS_LINE, TrackRole::Counters),
];

/// The role of a plane and, for a numbered device plane, its number.
pub(super) fn plane_role(name: &str) -> (ProcessRole, Option<u32>) {
    if name == HOST_PLANE {
        return (ProcessRole::Host, None);
    }
    for (prefix, role) in [
        (GPU_PREFIX, ProcessRole::Gpu),
        (TPU_PREFIX, ProcessRole::TpuCore),
    ] {
        if let Some(n) = name.strip_prefix(prefix).and_then(|n| n.parse().ok()) {
            return (role, Some(n));
        }
    }
    if name.starts_with(DEVICE_PREFIX) {
        (ProcessRole::Device, None)
    } else {
        (ProcessRole::Other, None)
    }
}

/// True when `id` is one of XProf's derived line ids.
fn is_derived_line_id(id: i64) -> bool {
    (DERIVED_LINE_ID_MIN..DERIVED_LINE_ID_MIN + DERIVED_LINE_IDS).contains(&id)
}

/// The role a line's name gives it (matched without a ` - from #<stream>` suffix), if it is
/// one of XProf's named lines.
pub(super) fn named_line(name: &str) -> Option<TrackRole> {
    let base = name.split(" - from #").next().unwrap_or(name);
    NAMED_LINES
        .iter()
        .find(|(n, _)| *n == base)
        .map(|&(_, r)| r)
}

/// The role of line `name` (its own name, not its display name) with id `id` on a plane of
/// role `plane`.
pub(super) fn line_role(plane: ProcessRole, name: &str, id: i64) -> TrackRole {
    let named = named_line(name);
    if named == Some(TrackRole::Counters) {
        return TrackRole::Counters;
    }
    let derived = is_derived_line_id(id);
    match (plane.is_device() || derived, named) {
        (true, Some(role)) => role,
        _ if derived => TrackRole::DerivedOther,
        _ if plane.is_device() => TrackRole::DeviceStream,
        _ if plane == ProcessRole::Host => TrackRole::HostThread,
        _ => TrackRole::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn planes_and_lines() {
        assert_eq!(plane_role("/device:GPU:3"), (ProcessRole::Gpu, Some(3)));
        assert_eq!(plane_role("/device:TPU:0"), (ProcessRole::TpuCore, Some(0)));
        assert_eq!(
            plane_role("/device:TPU:0 SparseCore 1"),
            (ProcessRole::Device, None)
        );
        assert_eq!(plane_role("/host:CPU"), (ProcessRole::Host, None));
        assert_eq!(plane_role("/host:metadata"), (ProcessRole::Other, None));
        let gpu = ProcessRole::Gpu;
        assert_eq!(
            line_role(gpu, "Stream #7(Compute)", 7),
            TrackRole::DeviceStream
        );
        assert_eq!(
            line_role(gpu, "TensorFlow Ops", -559038734),
            TrackRole::FrameworkOps
        );
        assert_eq!(
            line_role(gpu, "Whatever", -559038730),
            TrackRole::DerivedOther
        );
        assert_eq!(
            line_role(ProcessRole::TpuCore, "XLA Ops", 3),
            TrackRole::XlaOps
        );
        assert_eq!(
            line_role(ProcessRole::Host, "python", 12),
            TrackRole::HostThread
        );
        assert_eq!(
            line_role(ProcessRole::Host, "Steps", 12),
            TrackRole::HostThread
        );
    }
}
