//! `planeview summary FILE [--json]`: the counts of `docs/CONTRACT.md` § summary.

use crate::args::{Accepts, Options};
use crate::out;
use crate::{Failure, load, print_json};
use planeview::summary::Summary;

pub fn run(args: &[String]) -> Result<(), Failure> {
    let opts = Options::parse(
        args,
        &Accepts {
            flags: &["--json"],
            values: &[],
        },
    )?;
    let imported = load(opts.file)?;
    let s = Summary::of(&imported);
    if opts.has("--json") {
        return print_json(&s);
    }
    out!("file            {}", opts.file);
    out!("format          {}", s.format);
    out!(
        "bytes           {} ({} unpacked)",
        s.bytes,
        s.unpacked_bytes
    );
    out!("events          {}", s.events);
    out!("slices          {}", s.slices);
    out!("tracks          {} in {} processes", s.tracks, s.processes);
    out!("span            {}", format_ps(s.span_ps));
    out!("flows           {}", s.flows);
    out!("counters        {}", s.counters);
    out!("model bytes     {}", s.model_bytes);
    for (kind, d) in s.diagnostics.iter() {
        let example = d.examples.first().map(String::as_str).unwrap_or("");
        out!(
            "diagnostic      {} ({}) x{}: {example}",
            kind.name(),
            d.severity.as_str(),
            d.count
        );
        out!("                {}", kind.meaning());
    }
    Ok(())
}

fn format_ps(ps: i64) -> String {
    let units = [
        (1_000_000_000_000, "s"),
        (1_000_000_000, "ms"),
        (1_000_000, "µs"),
        (1_000, "ns"),
    ];
    for (scale, unit) in units {
        if ps.abs() >= scale {
            return format!("{:.3} {unit}", ps as f64 / scale as f64);
        }
    }
    format!("{ps} ps")
}
