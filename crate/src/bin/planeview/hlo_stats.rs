//! `planeview hlo-stats FILE [--json] [--xprof-compat]`: HLO op statistics
//! (`docs/CONTRACT.md` § tables).

use crate::Failure;
use planeview::analysis::hlo_stats::hlo_stats_with;

pub fn run(args: &[String]) -> Result<(), Failure> {
    crate::table::run(
        args,
        &[
            "rank",
            "program_id",
            "category",
            "hlo_op_name",
            "occurrences",
            "total_self_time",
            "total_self_time_percent",
            "bound_by",
            "source",
        ],
        hlo_stats_with,
    )
}
