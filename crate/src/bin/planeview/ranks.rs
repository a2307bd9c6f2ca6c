//! `planeview ranks FILE... | DIR [--json] [--align clock|step:N|collective:K]`: the profiles
//! of one distributed job (a directory: every file under it), one per rank, merged into the
//! job's report (`docs/CONTRACT.md` § ranks). A file that cannot be read is a problem of the
//! report, not a failure; only when none can be read is the input unusable.

use crate::args::{Accepts, Options};
use crate::out;
use crate::{Failure, load, print_json};
use planeview::analysis::ranks::{Align, RankPartial, RanksReport, ReportProblem, merge_ranks};
use std::mem::ManuallyDrop;
use std::path::Path;

pub fn run(args: &[String]) -> Result<(), Failure> {
    let (opts, more) = Options::parse_many(
        args,
        &Accepts {
            flags: &["--json"],
            values: &["--align"],
        },
    )?;
    let align = parse_align(opts.value("--align").unwrap_or("clock"))?;
    let mut files = Vec::new();
    for arg in std::iter::once(opts.file).chain(more) {
        expand(arg, &mut files)?;
    }
    let mut partials = Vec::new();
    let mut unreadable = Vec::new();
    let mut first_failure = None;
    for file in &files {
        match load(file) {
            Ok(imported) => {
                partials.push(RankPartial::of(&imported.trace, file));
                drop(ManuallyDrop::into_inner(imported));
            }
            Err(Failure::Input { file, message }) => {
                unreadable.push(ReportProblem {
                    file: file.clone(),
                    message: format!("not read: {message}"),
                });
                first_failure.get_or_insert(Failure::Input { file, message });
            }
            Err(other) => return Err(other),
        }
    }
    if partials.is_empty() {
        return Err(first_failure.unwrap_or_else(|| Failure::Input {
            file: opts.file.to_owned(),
            message: "no files".into(),
        }));
    }
    let mut report = merge_ranks(&partials, align);
    report.problems.extend(unreadable);
    report.problems.sort();
    if opts.has("--json") {
        return print_json(&report);
    }
    print_text(&report)
}

/// `clock`, `step:N` or `collective:K`.
fn parse_align(text: &str) -> Result<Align, Failure> {
    let bad = || {
        Failure::Usage(format!(
            "--align takes clock, step:N or collective:K, not {text:?}"
        ))
    };
    if text == "clock" {
        return Ok(Align::Clock);
    }
    let (mode, n) = text.split_once(':').ok_or_else(bad)?;
    match mode {
        "step" => Ok(Align::Step {
            step: n.parse().map_err(|_| bad())?,
        }),
        "collective" => Ok(Align::Collective {
            instance: n.parse().map_err(|_| bad())?,
        }),
        _ => Err(bad()),
    }
}

/// A file as given, or every file under a directory (sorted, recursively).
fn expand(arg: &str, files: &mut Vec<String>) -> Result<(), Failure> {
    let path = Path::new(arg);
    if !path.is_dir() {
        files.push(arg.to_owned());
        return Ok(());
    }
    let mut entries: Vec<_> = std::fs::read_dir(path)
        .map_err(|e| Failure::Input {
            file: arg.to_owned(),
            message: e.to_string(),
        })?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        let name = p.to_string_lossy().into_owned();
        if p.is_dir() {
            expand(&name, files)?;
        } else {
            files.push(name);
        }
    }
    Ok(())
}

fn ms(ps: i64) -> String {
    format!("{:.2}", ps as f64 / 1e9)
}

fn opt<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "-".to_owned(), |v| v.to_string())
}

fn print_text(r: &RanksReport) -> Result<(), Failure> {
    let align = match r.align {
        Align::Clock => "clock".to_owned(),
        Align::Step { step } => format!("step:{step}"),
        Align::Collective { instance } => format!("collective:{instance}"),
    };
    out!(
        "job             {} ranks, {} steps, {} collectives, origin_ns {}, align {align}",
        r.ranks.len(),
        r.steps.len(),
        r.collectives.len(),
        r.origin_ns
    );
    out!();
    out!("rank  host        identity         offset ms  file");
    for k in &r.ranks {
        out!(
            "{:<5} {:<11} {:<16} {:>10}  {}",
            k.rank,
            k.host.as_deref().unwrap_or("-"),
            serde_json::to_value(k.identity_source)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default(),
            ms(k.offset_ps),
            k.file
        );
    }
    out!();
    out!("step time ms (wait ms in the step's collectives), rank × step");
    let mut header = "rank ".to_owned();
    for s in &r.heat.steps {
        header.push_str(&format!(" {:>17}", format!("#{s}")));
    }
    out!("{header}");
    for (i, k) in r.heat.ranks.iter().enumerate() {
        let mut line = format!("{k:<5}");
        for j in 0..r.heat.steps.len() {
            let cell = match (r.heat.step_ps[i][j], r.heat.wait_ps[i][j]) {
                (Some(t), Some(w)) => format!("{} ({})", ms(t), ms(w)),
                (Some(t), None) => ms(t),
                (None, _) => "-".to_owned(),
            };
            line.push_str(&format!(" {cell:>17}"));
        }
        out!("{line}");
    }
    out!();
    out!("step  slowest  straggler  spread ms  wait caused ms");
    for s in &r.steps {
        out!(
            "{:<5} {:<8} {:<10} {:>9}  {:>14}",
            s.step,
            opt(s.slowest_rank),
            opt(s.straggler_rank),
            ms(s.spread_ps),
            ms(s.wait_caused_ps)
        );
    }
    out!();
    out!(
        "instance  step  name                  bytes      late rank  skew ms  max wait ms  algbw GB/s"
    );
    for c in &r.collectives {
        out!(
            "{:<9} {:<5} {:<21} {:<10} {:<10} {:>7}  {:>11}  {:>10}",
            c.instance,
            opt(c.step),
            c.name,
            opt(c.bytes),
            c.late_rank,
            ms(c.skew_ps),
            ms(c.wait_ps.values().copied().max().unwrap_or(0)),
            c.algbw_gbps
                .map_or_else(|| "-".to_owned(), |b| format!("{b:.3}"))
        );
    }
    for p in &r.problems {
        let file = if p.file.is_empty() { "job" } else { &p.file };
        out!("problem         {file}: {}", p.message);
    }
    Ok(())
}
