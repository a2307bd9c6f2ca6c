//! Display order of planes and lines: devices first, derived device lines in the order
//! XProf's trace viewer shows them, names compared with numbers in numeric order.

use super::roles::{named_line, plane_role};
use crate::model::{ProcessRole, TrackRole};
use std::cmp::Ordering;

/// Derived lines of device planes, in display order, by the role their name gives them
/// ([`named_line`]).
const DERIVED_LINES: [TrackRole; 7] = [
    TrackRole::Steps,
    TrackRole::XlaModules,
    TrackRole::XlaOps,
    TrackRole::XlaAsyncOps,
    TrackRole::FrameworkOps,
    TrackRole::FrameworkNameScope,
    TrackRole::SourceCode,
];

/// Sort group of a plane: device planes, then the host CPU plane, then the rest.
fn plane_group(name: &str) -> u8 {
    match plane_role(name).0 {
        role if role.is_device() => 0,
        ProcessRole::Host => 1,
        _ => 2,
    }
}

/// Compares plane names in display order.
pub(super) fn cmp_planes(a: &str, b: &str) -> Ordering {
    plane_group(a)
        .cmp(&plane_group(b))
        .then_with(|| natural_cmp(a, b))
}

/// True for the planes whose lines are device timelines (derived lines and streams).
pub(super) fn is_device_plane(plane_name: &str) -> bool {
    plane_role(plane_name).0.is_device()
}

/// Sort group of a device line: the derived lines in [`DERIVED_LINES`] order, then streams,
/// then anything else.
fn device_line_group(name: &str) -> usize {
    let role = named_line(name);
    if let Some(rank) = DERIVED_LINES.iter().position(|&r| Some(r) == role) {
        rank
    } else if name.starts_with("Stream #") {
        DERIVED_LINES.len()
    } else {
        DERIVED_LINES.len() + 1
    }
}

/// Compares line names in display order within a plane (`device` for device planes; other
/// planes sort by name).
pub(super) fn cmp_lines(device: bool, a: &str, b: &str) -> Ordering {
    let group = |name| if device { device_line_group(name) } else { 0 };
    group(a).cmp(&group(b)).then_with(|| natural_cmp(a, b))
}

/// Compares strings with runs of ASCII digits compared as numbers (`TPU:2` < `TPU:10`).
pub(super) fn natural_cmp(a: &str, b: &str) -> Ordering {
    let (mut a, mut b) = (a.as_bytes(), b.as_bytes());
    loop {
        match (a.first(), b.first()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => {
                let (na, ra) = split_digits(a);
                let (nb, rb) = split_digits(b);
                let order = cmp_digit_runs(na, nb);
                if order != Ordering::Equal {
                    return order;
                }
                (a, b) = (ra, rb);
            }
            (Some(x), Some(y)) => {
                if x != y {
                    return x.cmp(y);
                }
                (a, b) = (&a[1..], &b[1..]);
            }
        }
    }
}

fn split_digits(s: &[u8]) -> (&[u8], &[u8]) {
    let n = s.iter().take_while(|c| c.is_ascii_digit()).count();
    s.split_at(n)
}

/// Compares two runs of digits by value, of any length.
fn cmp_digit_runs(a: &[u8], b: &[u8]) -> Ordering {
    let (ta, tb) = (trim_zeros(a), trim_zeros(b));
    ta.len()
        .cmp(&tb.len())
        .then_with(|| ta.cmp(tb))
        .then_with(|| a.len().cmp(&b.len()))
}

fn trim_zeros(s: &[u8]) -> &[u8] {
    let zeros = s.iter().take_while(|&&c| c == b'0').count();
    &s[zeros..]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(mut names: Vec<&str>, cmp: impl Fn(&str, &str) -> Ordering) -> Vec<&str> {
        names.sort_by(|a, b| cmp(a, b));
        names
    }

    #[test]
    fn devices_first_in_numeric_order() {
        let names = vec![
            "Task Environment",
            "/host:CPU",
            "/device:TPU:10",
            "/device:TPU:2",
            "/host:metadata",
        ];
        let expect = [
            "/device:TPU:2",
            "/device:TPU:10",
            "/host:CPU",
            "/host:metadata",
            "Task Environment",
        ];
        assert_eq!(sorted(names, cmp_planes), expect);
    }

    #[test]
    fn derived_lines_then_streams_then_others() {
        let names = vec![
            "Stream #135(Compute)",
            "XLA Ops",
            "_counters_",
            "Steps",
            "Stream #63(MemcpyH2D)",
            "XLA Modules - from #3",
        ];
        let expect = [
            "Steps",
            "XLA Modules - from #3",
            "XLA Ops",
            "Stream #63(MemcpyH2D)",
            "Stream #135(Compute)",
            "_counters_",
        ];
        assert_eq!(sorted(names, |a, b| cmp_lines(true, a, b)), expect);
    }
}
