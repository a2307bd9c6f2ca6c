//! `planeview kernels FILE [--json] [--xprof-compat]`: GPU kernel statistics (`docs/CONTRACT.md`).

use crate::Failure;
use planeview::analysis::kernel_stats::kernel_stats;

pub fn run(args: &[String]) -> Result<(), Failure> {
    crate::table::run(
        args,
        &[
            "rank",
            "kernel_name",
            "op_name",
            "occurrences",
            "total_duration_us",
            "avg_duration_us",
            "p90_duration_us",
            "device_busy_pct",
        ],
        kernel_stats,
    )
}
