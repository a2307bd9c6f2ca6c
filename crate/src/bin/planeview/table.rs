//! Shared shell of the table commands (`kernels`, `hlo-stats`, `framework-ops`): options,
//! JSON output, and a readable text table of chosen columns.

use crate::args::{Accepts, Options};
use crate::{Failure, load, print_json};
use planeview::Trace;
use planeview::analysis::compat::Compat;
use serde::Serialize;
use std::io::Write;

/// Options every analysis command accepts.
pub const ACCEPTS: Accepts = Accepts {
    flags: &["--json", "--xprof-compat"],
    values: &[],
};

/// Parses `args`, imports the file, runs `analyse`, and prints the rows as JSON (`--json`)
/// or as a text table of `columns` (XProf column ids, at most `limit` rows).
pub fn run<R: Serialize>(
    args: &[String],
    columns: &[&str],
    analyse: impl FnOnce(&Trace, Compat) -> Vec<R>,
) -> Result<(), Failure> {
    let opts = Options::parse(args, &ACCEPTS)?;
    let imported = load(opts.file)?;
    let rows = analyse(&imported.trace, compat(&opts));
    if opts.has("--json") {
        return print_json(&rows);
    }
    let values: Vec<serde_json::Value> = rows
        .iter()
        .map(|r| serde_json::to_value(r).unwrap_or_default())
        .collect();
    print_text_table(&values, columns);
    Ok(())
}

/// The `--xprof-compat` choice.
pub fn compat(opts: &Options) -> Compat {
    if opts.has("--xprof-compat") {
        Compat::Xprof
    } else {
        Compat::Planeview
    }
}

/// Prints `rows` as aligned text columns; long cells are cut to 60 characters.
pub fn print_text_table(rows: &[serde_json::Value], columns: &[&str]) {
    let cell = |v: &serde_json::Value| -> String {
        let s = match v {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Number(n) => match n.as_f64() {
                Some(f) if n.is_f64() => format!("{f:.3}"),
                _ => n.to_string(),
            },
            other => other.to_string(),
        };
        if s.chars().count() > 60 {
            let cut: String = s.chars().take(59).collect();
            format!("{cut}…")
        } else {
            s
        }
    };
    let table: Vec<Vec<String>> = rows
        .iter()
        .map(|r| columns.iter().map(|c| cell(&r[*c])).collect())
        .collect();
    let widths: Vec<usize> = columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            table
                .iter()
                .map(|r| r[i].chars().count())
                .chain([c.len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = std::io::stdout().lock();
    // A closed pipe (`| head`) ends the output quietly.
    let mut line = |cells: Vec<String>| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        writeln!(out, "{}", padded.join("  ").trim_end()).is_ok()
    };
    if !line(columns.iter().map(|c| c.to_string()).collect()) {
        return;
    }
    for r in table {
        if !line(r) {
            return;
        }
    }
    if rows.is_empty() {
        line(vec!["(no rows)".into()]);
    }
}
