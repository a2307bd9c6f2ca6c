//! `planeview export FILE... --format parquet|arrow --out DIR`: every table of
//! `docs/SCHEMA.md` of each profile, one file per table and profile, Hive-partitioned by
//! profile: `DIR/<table>/profile=<name>/part-0.parquet` (`.arrow`: an Arrow IPC stream). The
//! profile name is the file name without its trace extensions, made safe for a folder name
//! and unique among the files. A file that cannot be read gets its one-line error and the
//! others are exported; the command then ends with exit status 2.

use crate::args::{Accepts, Options};
use crate::{Failure, load, out};
use planeview::api::Profile;
use planeview::export::{self, Labels, TABLES};
use std::collections::HashSet;
use std::io::BufWriter;
use std::mem::ManuallyDrop;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Extensions dropped from a file name to name its profile (repeatedly, last first).
const TRACE_EXTENSIONS: [&str; 14] = [
    "gz",
    "json",
    "pb",
    "xplane",
    "trace",
    "pt",
    "pftrace",
    "perfetto-trace",
    "perfetto",
    "hlo",
    "pbtxt",
    "txt",
    "mlir",
    "mlirbc",
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Parquet,
    Arrow,
}

pub fn run(args: &[String]) -> Result<(), Failure> {
    let (opts, more) = Options::parse_many(
        args,
        &Accepts {
            flags: &[],
            values: &["--format", "--out"],
        },
    )?;
    let format = match opts.value("--format").unwrap_or("parquet") {
        "parquet" => Format::Parquet,
        "arrow" => Format::Arrow,
        other => {
            return Err(Failure::Usage(format!(
                "--format is parquet or arrow, not {other:?}"
            )));
        }
    };
    let out_dir = PathBuf::from(
        opts.value("--out")
            .ok_or_else(|| Failure::Usage("export needs --out DIR".into()))?,
    );
    let files: Vec<&str> = std::iter::once(opts.file).chain(more).collect();
    let names = profile_names(&files);
    let mut failures = Vec::new();
    for (file, name) in files.iter().zip(&names) {
        let start = Instant::now();
        match load(file) {
            Ok(imported) => {
                let loaded = Instant::now();
                let profile = Profile::new(ManuallyDrop::into_inner(imported));
                let labels = Labels::of(&profile, name, file).in_files();
                let rows = export_profile(&profile, &labels, &out_dir, format)?;
                out!(
                    "{file}: profile={name}, {} tables, {rows} rows (import {:.3} s, export {:.3} s)",
                    TABLES.len(),
                    (loaded - start).as_secs_f64(),
                    loaded.elapsed().as_secs_f64()
                );
            }
            Err(f @ Failure::Input { .. }) => failures.push(f),
            Err(other) => return Err(other),
        }
    }
    // Every bad file's line, in order: all but the last here, the last by `main`.
    let last = failures.pop();
    for f in failures {
        if let Failure::Input { file, message } = f {
            eprintln!("planeview: {file}: {message}");
        }
    }
    last.map_or(Ok(()), Err)
}

/// Writes every table of `profile`; returns the rows written. A write error stops the command
/// (exit 1): the output folder is the problem, not the input.
fn export_profile(
    profile: &Profile,
    labels: &Labels,
    dir: &Path,
    format: Format,
) -> Result<u64, Failure> {
    let mut rows = 0;
    for table in TABLES {
        let folder = dir.join(table).join(format!("profile={}", labels.profile));
        let path = folder.join(match format {
            Format::Parquet => "part-0.parquet",
            Format::Arrow => "part-0.arrow",
        });
        let failed = |message: String| {
            Failure::Output(std::io::Error::other(format!(
                "{}: {message}",
                path.display()
            )))
        };
        std::fs::create_dir_all(&folder).map_err(|e| failed(e.to_string()))?;
        let file = std::fs::File::create(&path).map_err(|e| failed(e.to_string()))?;
        let out = BufWriter::with_capacity(1 << 20, file);
        rows += match format {
            Format::Parquet => export::parquet::write_parquet(profile, table, labels, out),
            Format::Arrow => export::ipc::write_ipc_stream(profile, table, labels, out),
        }
        .map_err(|e| failed(e.to_string()))?;
    }
    Ok(rows)
}

/// The profile name of each file: its name without trace extensions, characters other than
/// letters, digits, `.`, `-` and `_` replaced by `_`, and `-2`, `-3`, ... appended to repeats.
fn profile_names(files: &[&str]) -> Vec<String> {
    let mut seen = HashSet::new();
    files
        .iter()
        .map(|file| {
            let base = Path::new(file)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let mut stem = base.as_str();
            while let Some((head, ext)) = stem.rsplit_once('.') {
                if head.is_empty() || !TRACE_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str())
                {
                    break;
                }
                stem = head;
            }
            let safe: String = stem
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            let safe = if safe.is_empty() {
                "profile".to_owned()
            } else {
                safe
            };
            let mut name = safe.clone();
            let mut n = 1;
            while !seen.insert(name.clone()) {
                n += 1;
                name = format!("{safe}-{n}");
            }
            name
        })
        .collect()
}
