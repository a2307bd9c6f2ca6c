//! `planeview summary FILE... [--json]`: the counts of `docs/CONTRACT.md` § summary; several
//! files give one row each and a total (a file that cannot be read is its row's error, and the
//! command then ends with that input failure after printing the others).

use crate::args::{Accepts, Options};
use crate::out;
use crate::{Failure, load, print_json};
use planeview::summary::Summary;

pub fn run(args: &[String]) -> Result<(), Failure> {
    let (opts, more) = Options::parse_many(
        args,
        &Accepts {
            flags: &["--json"],
            values: &[],
        },
    )?;
    if !more.is_empty() {
        let files: Vec<&str> = std::iter::once(opts.file).chain(more).collect();
        return several(&files, opts.has("--json"));
    }
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

/// One row per file and a total.
fn several(files: &[&str], json: bool) -> Result<(), Failure> {
    let mut rows = Vec::new();
    let mut failure = None;
    for file in files {
        match load(file) {
            Ok(imported) => rows.push((*file, Ok(Summary::of(&imported)))),
            Err(Failure::Input { file, message }) => {
                rows.push((files[rows.len()], Err(message.clone())));
                failure.get_or_insert(Failure::Input { file, message });
            }
            Err(other) => return Err(other),
        }
    }
    let ok: Vec<&Summary> = rows.iter().filter_map(|(_, s)| s.as_ref().ok()).collect();
    let sum = |f: fn(&Summary) -> u64| ok.iter().map(|s| f(s)).sum::<u64>();
    let diagnostics = |s: &Summary| s.diagnostics.iter().map(|(_, d)| d.count).sum::<u64>();
    if json {
        let files: Vec<serde_json::Value> = rows
            .iter()
            .map(|(file, s)| match s {
                Ok(s) => {
                    let mut v = serde_json::to_value(s).unwrap_or_default();
                    v["file"] = (*file).into();
                    v
                }
                Err(e) => serde_json::json!({ "file": file, "error": e }),
            })
            .collect();
        print_json(&serde_json::json!({
            "files": files,
            "total": {
                "files": ok.len(),
                "bytes": sum(|s| s.bytes),
                "unpacked_bytes": sum(|s| s.unpacked_bytes),
                "events": sum(|s| s.events),
                "slices": sum(|s| s.slices),
                "tracks": sum(|s| s.tracks),
                "processes": sum(|s| s.processes),
                "flows": sum(|s| s.flows),
                "counters": sum(|s| s.counters),
                "model_bytes": sum(|s| s.model_bytes),
                "diagnostics": sum(diagnostics),
            },
        }))?;
    } else {
        out!(
            "{:<12} {:>12} {:>10} {:>10} {:>7} {:>9} {:>12} {:>11}  file",
            "format",
            "bytes",
            "events",
            "slices",
            "tracks",
            "processes",
            "span",
            "diagnostics"
        );
        for (file, s) in &rows {
            match s {
                Ok(s) => out!(
                    "{:<12} {:>12} {:>10} {:>10} {:>7} {:>9} {:>12} {:>11}  {file}",
                    s.format,
                    s.bytes,
                    s.events,
                    s.slices,
                    s.tracks,
                    s.processes,
                    format_ps(s.span_ps),
                    diagnostics(s)
                ),
                Err(e) => out!("{:<12} {e}  {file}", "error"),
            }
        }
        out!(
            "{:<12} {:>12} {:>10} {:>10} {:>7} {:>9} {:>12} {:>11}  {} files",
            "total",
            sum(|s| s.bytes),
            sum(|s| s.events),
            sum(|s| s.slices),
            sum(|s| s.tracks),
            sum(|s| s.processes),
            "",
            sum(diagnostics),
            ok.len()
        );
    }
    failure.map_or(Ok(()), Err)
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
