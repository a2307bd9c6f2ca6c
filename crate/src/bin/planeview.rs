//! `planeview`: the command-line shell over the core (see `shared/CLI.md` for the contract).
//! It reads files and prints; everything else is the library's.

// The CLI is the I/O shell; the sans-IO rule of clippy.toml is for the core.
#![allow(clippy::disallowed_methods)]

use planeview::import::import_bytes;
use planeview::model::dump_text;
use planeview::summary::Summary;
use std::process::ExitCode;

const USAGE: &str = "usage: planeview <command> FILE [options]

commands:
  summary FILE [--json]     counts: format, events, tracks, processes, span, diagnostics
  dump FILE [--limit N]     readable dump of the model (N events per track, default 20)";

/// Exit status for an unusable input (CLI.md).
const EXIT_BAD_INPUT: u8 = 2;
/// Exit status for a usage error or an internal bug.
const EXIT_USAGE: u8 = 1;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(msg)) => {
            eprintln!("planeview: {msg}\n{USAGE}");
            ExitCode::from(EXIT_USAGE)
        }
        Err(Failure::Input { file, message }) => {
            eprintln!("planeview: {file}: {message}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

enum Failure {
    Usage(String),
    Input { file: String, message: String },
}

fn run(args: &[String]) -> Result<(), Failure> {
    let (command, rest) = args
        .split_first()
        .ok_or_else(|| Failure::Usage("no command".into()))?;
    match command.as_str() {
        "summary" => summary(rest),
        "dump" => dump(rest),
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(Failure::Usage(format!("unknown command {other:?}"))),
    }
}

/// Parsed `FILE` plus flags of one command.
struct Options<'a> {
    file: &'a str,
    json: bool,
    limit: Option<usize>,
}

fn parse<'a>(args: &'a [String], allowed: &[&str]) -> Result<Options<'a>, Failure> {
    let mut file = None;
    let mut json = false;
    let mut limit = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--json" if allowed.contains(&"--json") => json = true,
            "--limit" if allowed.contains(&"--limit") => {
                let n = it.next().and_then(|n| n.parse().ok());
                limit = Some(n.ok_or_else(|| Failure::Usage("--limit takes a number".into()))?);
            }
            flag if flag.starts_with("--") => {
                return Err(Failure::Usage(format!("unknown option {flag}")));
            }
            path if file.is_none() => file = Some(path),
            extra => return Err(Failure::Usage(format!("unexpected argument {extra:?}"))),
        }
    }
    let file = file.ok_or_else(|| Failure::Usage("missing FILE".into()))?;
    Ok(Options { file, json, limit })
}

fn load(file: &str) -> Result<planeview::import::Imported, Failure> {
    let input = |message: String| Failure::Input {
        file: file.to_owned(),
        message,
    };
    let bytes = std::fs::read(file).map_err(|e| input(e.to_string()))?;
    import_bytes(&bytes).map_err(|e| input(e.to_string()))
}

fn summary(args: &[String]) -> Result<(), Failure> {
    let opts = parse(args, &["--json"])?;
    let imported = load(opts.file)?;
    let s = Summary::of(&imported);
    if opts.json {
        let text = serde_json::to_string_pretty(&s).map_err(|e| Failure::Usage(e.to_string()))?;
        println!("{text}");
        return Ok(());
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

fn dump(args: &[String]) -> Result<(), Failure> {
    let opts = parse(args, &["--limit"])?;
    let imported = load(opts.file)?;
    print!("{}", dump_text(&imported.trace, opts.limit.unwrap_or(20)));
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
