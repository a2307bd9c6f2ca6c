//! `planeview`: the command-line shell over the core (see `shared/CLI.md` for the contract).
//! It reads files and prints; everything else is the library's. One file per command; each
//! exposes `run(args)` and its line of [`USAGE`].

// The CLI is the I/O shell; the sans-IO rule of clippy.toml is for the core.
#![allow(clippy::disallowed_methods)]

mod args;
mod dump;
mod hlo;
mod summary;

use planeview::import::{Imported, import_bytes};
use std::process::ExitCode;

const USAGE: &str = "usage: planeview <command> FILE [options]

commands:
  summary FILE [--json]     counts: format, events, tracks, processes, span, diagnostics
  dump FILE [--limit N]     readable dump of the model (N events per track, default 20)
  hlo FILE [--module M] [--op NAME --radius N] [--format text|long-text|dot|json]
                            an HLO module: XProf's short text (default), long text, DOT or
                            JSON of the radius-N (default 3) neighbourhood of an op";

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

/// Why a command failed; decides the exit status.
#[derive(Debug)]
pub enum Failure {
    /// Bad arguments (or an internal bug): exit 1.
    Usage(String),
    /// The input is unusable: exit 2 with one line naming the file.
    Input { file: String, message: String },
}

fn run(args: &[String]) -> Result<(), Failure> {
    let (command, rest) = args
        .split_first()
        .ok_or_else(|| Failure::Usage("no command".into()))?;
    match command.as_str() {
        "summary" => summary::run(rest),
        "dump" => dump::run(rest),
        "hlo" => hlo::run(rest),
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(Failure::Usage(format!("unknown command {other:?}"))),
    }
}

/// Reads `file` and imports it; I/O and import errors become [`Failure::Input`].
pub fn load(file: &str) -> Result<Imported, Failure> {
    let bytes = read(file)?;
    import_bytes(&bytes).map_err(|e| Failure::Input {
        file: file.to_owned(),
        message: e.to_string(),
    })
}

/// Reads `file` whole; an I/O error becomes [`Failure::Input`].
pub fn read(file: &str) -> Result<Vec<u8>, Failure> {
    std::fs::read(file).map_err(|e| Failure::Input {
        file: file.to_owned(),
        message: e.to_string(),
    })
}

/// Prints `value` as pretty JSON on stdout.
pub fn print_json<T: serde::Serialize>(value: &T) -> Result<(), Failure> {
    let text = serde_json::to_string_pretty(value).map_err(|e| Failure::Usage(e.to_string()))?;
    println!("{text}");
    Ok(())
}
