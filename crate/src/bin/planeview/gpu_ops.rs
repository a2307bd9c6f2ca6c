//! `planeview gpu-ops FILE [--json]`: GPU time per framework op (README's command list).

use crate::Failure;
use planeview::analysis::gpu_ops::gpu_ops;

pub fn run(args: &[String]) -> Result<(), Failure> {
    crate::table::run(
        args,
        &[
            "rank",
            "operation",
            "occurrences",
            "kernels",
            "total_device_time_us",
            "avg_device_time_us",
            "device_time_percent",
        ],
        |trace, _| gpu_ops(trace),
    )
}
