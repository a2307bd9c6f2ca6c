//! `planeview counters FILE [--json]`: one row per counter track (`docs/CONTRACT.md` § counters).

use crate::args::{Accepts, Options};
use crate::out;
use crate::{Failure, load, print_json};
use planeview::analysis::counters::stats::counter_summaries;

pub fn run(args: &[String]) -> Result<(), Failure> {
    let opts = Options::parse(
        args,
        &Accepts {
            flags: &["--json"],
            values: &[],
        },
    )?;
    let imported = load(opts.file)?;
    let rows = counter_summaries(&imported.trace);
    if opts.has("--json") {
        return print_json(&rows);
    }
    if rows.is_empty() {
        out!("{}: no counter tracks", opts.file);
        return Ok(());
    }
    out!(
        "{:<32} {:<24} {:>8} {:>14} {:>14} {:>14} {:>14}  unit",
        "name",
        "group",
        "samples",
        "min",
        "max",
        "mean",
        "tw mean"
    );
    for r in rows {
        out!(
            "{:<32} {:<24} {:>8} {:>14.6} {:>14.6} {:>14.6} {:>14.6}  {}",
            r.name,
            r.group,
            r.samples,
            r.min,
            r.max,
            r.mean,
            r.time_weighted_mean,
            r.unit.as_deref().unwrap_or("-")
        );
    }
    Ok(())
}
