//! `planeview`: the command-line shell over the core (see `docs/CONTRACT.md` for the contract).
//! It reads files and prints; everything else is the library's. One file per command; each
//! exposes `run(args)` and its line of [`USAGE`].

// The CLI is the I/O shell; the sans-IO rule of clippy.toml is for the core.
#![allow(clippy::disallowed_methods)]

mod args;
mod counters;
mod diff;
mod dump;
mod export;
mod framework_ops;
mod gpu_ops;
mod hlo;
mod hlo_stats;
mod kernels;
mod memory;
mod mlir;
mod op_profile;
mod overview;
mod ranks;
mod read_parts;
mod select;
mod summary;
mod table;

use planeview::import::{ImportOptions, Imported, Incoming};
use std::io::{Read, Seek, SeekFrom};
use std::mem::ManuallyDrop;
use std::process::ExitCode;

const USAGE: &str = "usage: planeview <command> FILE [options]

commands:
  summary FILE... [--json]  counts: format, events, tracks, processes, span, diagnostics
                            (several files: one row each and a total)
  dump FILE [--limit N]     readable dump of the model (N events per track, default 20)
  mlir FILE [--op NAME] [--locs]
                            MLIR in generic op form: a .mlirbc decoded, the kernels of a
                            StableHLO file's custom calls (--op custom_call#N), other text as is
  counters FILE [--json]    counter tracks: samples, min, max, mean, time-weighted mean, unit
  memory FILE [--module M] [--json]
                            runtime memory per allocator: peak and when, allocations and
                            frees, what is live at the peak and the op that allocated it;
                            XLA buffer assignment per module: peak heap, where in program
                            order, the buffers live there (--module M: that module's buffers)

  kernels FILE [--json] [--xprof-compat]        GPU kernel statistics (XProf kernel_stats)
  framework-ops FILE [--json] [--xprof-compat]  framework op statistics (XProf framework_op_stats)
  gpu-ops FILE [--json]                          GPU time per framework op (the kernels it launched)
  hlo-stats FILE [--json] [--xprof-compat]      HLO op statistics (XProf hlo_stats)
  op-profile FILE [--json] [--xprof-compat] [--group-by program|category]   op profile tree (XProf op_profile)
  overview FILE [--json] [--xprof-compat]       steps, step breakdown, top ops, environment

  select FILE [--from-ps A] [--to-ps B] [--track ID ...] [--step N] [--per-track]
         [--tree top-down|bottom-up] [--depth N] [--nodes N] [--json]
                            slices of an area of the timeline by name (wall, self time),
                            its call tree, and the steps with their top self times

  diff BASE CAND [--json] [--fail-above PCT]
                            two runs compared: kernels, HLO ops, framework ops, events and
                            steps matched by rule; exit 3 when the mean step time (or the
                            summary's basis) grew more than PCT percent

  hlo FILE [--module M] [--op NAME --radius N] [--format text|long-text|dot|json]
                            an HLO module: XProf's short text (default), long text, DOT or
                            JSON of the radius-N (default 3) neighbourhood of an op

  export FILE... --out DIR [--format parquet|arrow]
                            every table of docs/SCHEMA.md (model and analyses), one file per
                            table and profile: DIR/<table>/profile=<name>/part-0.parquet

  ranks FILE... | DIR [--json] [--align clock|step:N|collective:K]
                            one distributed job, a profile per rank: step times per rank,
                            the straggler per step, each collective's skew and waits";

/// Exit status for an unusable input (`docs/CONTRACT.md` § General rules).
const EXIT_BAD_INPUT: u8 = 2;
/// Exit status for a usage error or an internal bug.
const EXIT_USAGE: u8 = 1;
/// Exit status of `diff --fail-above` when the candidate regressed past the limit.
const EXIT_REGRESSED: u8 = 3;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) | Err(Failure::OutputClosed) => ExitCode::SUCCESS,
        Err(Failure::Usage(msg)) => {
            eprintln!("planeview: {msg}\n{USAGE}");
            ExitCode::from(EXIT_USAGE)
        }
        Err(Failure::Output(e)) => {
            eprintln!("planeview: writing to stdout: {e}");
            ExitCode::from(EXIT_USAGE)
        }
        Err(Failure::Input { file, message }) => {
            eprintln!("planeview: {file}: {message}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
        Err(Failure::Regressed(message)) => {
            eprintln!("planeview: regression: {message}");
            ExitCode::from(EXIT_REGRESSED)
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
    /// Whoever read stdout closed it (`| head`): exit 0 without a message.
    OutputClosed,
    /// Stdout cannot be written (a full disk): exit 1 with the reason.
    Output(std::io::Error),
    /// `diff --fail-above`: the candidate regressed past the limit (the report was printed):
    /// exit 3 with one line saying by how much.
    Regressed(String),
}

fn run(args: &[String]) -> Result<(), Failure> {
    let (command, rest) = args
        .split_first()
        .ok_or_else(|| Failure::Usage("no command".into()))?;
    match command.as_str() {
        "summary" => summary::run(rest),
        "dump" => dump::run(rest),
        "mlir" => mlir::run(rest),
        "counters" => counters::run(rest),
        "memory" => memory::run(rest),
        "kernels" => kernels::run(rest),
        "framework-ops" => framework_ops::run(rest),
        "gpu-ops" => gpu_ops::run(rest),
        "overview" => overview::run(rest),
        "hlo-stats" => hlo_stats::run(rest),
        "op-profile" => op_profile::run(rest),
        "hlo" => hlo::run(rest),
        "select" => select::run(rest),
        "ranks" => ranks::run(rest),
        "diff" => diff::run(rest),
        "export" => export::run(rest),
        "-h" | "--help" | "help" => {
            out!("{USAGE}");
            Ok(())
        }
        other => Err(Failure::Usage(format!("unknown command {other:?}"))),
    }
}

/// Reads `file` in chunks (a large plain Chrome JSON file on several threads, see
/// [`read_parts`]) and imports it; I/O and import errors become [`Failure::Input`].
///
/// The model is never freed: every command ends the process right after using it, and
/// handing a model of hundreds of MB back to the allocator page by page would add a tenth to
/// the run for nothing.
pub fn load(file: &str) -> Result<ManuallyDrop<Imported>, Failure> {
    let input = |message: String| Failure::Input {
        file: file.to_owned(),
        message,
    };
    let mut f = std::fs::File::open(file).map_err(|e| input(e.to_string()))?;
    let mut incoming = Incoming::new(ImportOptions {
        threads: read_parts::threads(),
        ..ImportOptions::default()
    });
    let size = f.metadata().map_err(|e| input(e.to_string()))?.len();
    incoming.expect(size).map_err(|e| input(e.to_string()))?;
    if let Some(isize) = gzip_trailer_size(&mut f, size).map_err(|e| input(e.to_string()))? {
        incoming.hint_unpacked(isize);
    }
    read_parts::read_into(&mut f, size, &mut incoming).map_err(input)?;
    incoming
        .finish()
        .map(ManuallyDrop::new)
        .map_err(|e| input(e.to_string()))
}

/// For a gzip file, the decompressed size its trailer states (see `Incoming::hint_unpacked`);
/// leaves the file positioned at its start.
fn gzip_trailer_size(f: &mut std::fs::File, size: u64) -> std::io::Result<Option<u64>> {
    let mut magic = [0u8; 2];
    let mut trailer = [0u8; 4];
    let hint = if size >= 18 && f.read_exact(&mut magic).is_ok() && magic == [0x1f, 0x8b] {
        f.seek(SeekFrom::End(-4))?;
        f.read_exact(&mut trailer)?;
        Some(u32::from_le_bytes(trailer).into())
    } else {
        None
    };
    f.seek(SeekFrom::Start(0))?;
    Ok(hint)
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
    out!("{text}");
    Ok(())
}

/// Writes one line to stdout. A reader that stopped reading (`planeview dump F | head`)
/// ends the command quietly; any other write error is a failure.
macro_rules! out {
    () => {
        $crate::emit(format_args!(""))?
    };
    ($($arg:tt)*) => {
        $crate::emit(format_args!($($arg)*))?
    };
}
pub(crate) use out;

/// The body of [`out!`].
pub fn emit(line: std::fmt::Arguments) -> Result<(), Failure> {
    use std::io::Write;
    writeln!(std::io::stdout().lock(), "{line}").map_err(write_failure)
}

/// Writes `text` to stdout as it is (see [`out!`] for errors).
pub fn emit_text(text: &str) -> Result<(), Failure> {
    use std::io::Write;
    std::io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .map_err(write_failure)
}

fn write_failure(e: std::io::Error) -> Failure {
    match e.kind() {
        std::io::ErrorKind::BrokenPipe => Failure::OutputClosed,
        _ => Failure::Output(e),
    }
}
