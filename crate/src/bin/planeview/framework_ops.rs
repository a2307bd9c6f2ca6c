//! `planeview framework-ops FILE [--json]`: framework op statistics (`docs/CONTRACT.md`).

use crate::Failure;
use planeview::analysis::framework_ops::framework_op_stats;

pub fn run(args: &[String]) -> Result<(), Failure> {
    crate::table::run(
        args,
        &[
            "rank",
            "host_or_device",
            "type",
            "operation",
            "occurrences",
            "total_time",
            "total_self_time",
        ],
        |trace, _| framework_op_stats(trace),
    )
}
