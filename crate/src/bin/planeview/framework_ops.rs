//! `planeview framework-ops FILE [--json] [--xprof-compat]`: framework op statistics
//! (`docs/CONTRACT.md` § tables).

use crate::Failure;
use planeview::analysis::framework_ops::framework_op_stats_with;

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
        framework_op_stats_with,
    )
}
