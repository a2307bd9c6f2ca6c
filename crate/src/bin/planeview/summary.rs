//! `planeview summary FILE [--json]`: the counts of CLI.md's `summary`.

use crate::args::{Accepts, Options};
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
    println!("file            {}", opts.file);
    println!("format          {}", s.format);
    println!(
        "bytes           {} ({} unpacked)",
        s.bytes, s.unpacked_bytes
    );
    println!("events          {}", s.events);
    println!("slices          {}", s.slices);
    println!("tracks          {} in {} processes", s.tracks, s.processes);
    println!("span            {}", format_ps(s.span_ps));
    println!("flows           {}", s.flows);
    println!("counters        {}", s.counters);
    println!("model bytes     {}", s.model_bytes);
    for (name, d) in s.diagnostics.iter() {
        let example = d.examples.first().map(String::as_str).unwrap_or("");
        println!(
            "diagnostic      {name} ({:?}) x{}: {example}",
            d.severity, d.count
        );
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
