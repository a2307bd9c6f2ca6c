//! `planeview overview FILE [--json] [--xprof-compat]`: steps, step breakdown, top ops and
//! run environment (`docs/CONTRACT.md` § overview).

use crate::Failure;
use crate::args::Options;
use crate::out;
use planeview::analysis::overview::overview;

pub fn run(args: &[String]) -> Result<(), Failure> {
    let opts = Options::parse(args, &crate::table::ACCEPTS)?;
    let imported = crate::load(opts.file)?;
    let o = overview(&imported.trace, crate::table::compat(&opts));
    if opts.has("--json") {
        return crate::print_json(&o);
    }
    let env = &o.environment;
    out!(
        "environment     {} ({}), {} device cores, {} host",
        env.device_type,
        env.hardware_type,
        env.device_core_count,
        env.host_count
    );
    let t = &o.step_time_ms;
    out!(
        "steps           {} (average {:.3} ms, min {:.3}, max {:.3}, sd {:.3})",
        o.steps.len(),
        t.average,
        t.minimum,
        t.maximum,
        t.standard_deviation
    );
    let ops: Vec<serde_json::Value> = o
        .top_ops
        .iter()
        .map(|r| serde_json::to_value(r).unwrap_or_default())
        .collect();
    out!("top ops:");
    crate::table::print_text_table(
        &ops,
        &["selfTimePercent", "category", "operation", "flopRate"],
    );
    Ok(())
}
