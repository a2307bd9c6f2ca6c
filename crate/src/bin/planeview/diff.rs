//! `planeview diff BASE CAND [--json] [--fail-above PCT]`: two runs compared
//! (`docs/CONTRACT.md` § diff, `docs/COMPARE.md`).

use crate::table::print_text_table;
use crate::{Failure, load, out, print_json};
use planeview::analysis::compat::Compat;
use planeview::analysis::diff::{DiffReport, DiffSide, TableTotal, diff};
use planeview::analysis::framework_ops::framework_op_stats_with;
use planeview::analysis::hlo_stats::hlo_stats_with;
use serde_json::Value;

/// Rows of each table in the text output (`--json` has all).
const TEXT_ROWS: usize = 15;

/// The parsed arguments.
struct Args<'a> {
    base: &'a str,
    cand: &'a str,
    json: bool,
    fail_above: Option<f64>,
}

fn parse(args: &[String]) -> Result<Args<'_>, Failure> {
    let mut files = Vec::new();
    let (mut json, mut fail_above) = (false, None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--json" => json = true,
            "--fail-above" => {
                let v = it
                    .next()
                    .ok_or_else(|| Failure::Usage("--fail-above takes a value".into()))?;
                let pct: f64 = v
                    .parse()
                    .ok()
                    .filter(|p: &f64| p.is_finite())
                    .ok_or_else(|| {
                        Failure::Usage(format!("--fail-above takes a percentage, not {v:?}"))
                    })?;
                fail_above = Some(pct);
            }
            other if other.starts_with("--") => {
                return Err(Failure::Usage(format!("unknown option {other}")));
            }
            file => files.push(file),
        }
    }
    match files[..] {
        [base, cand] => Ok(Args {
            base,
            cand,
            json,
            fail_above,
        }),
        [] | [_] => Err(Failure::Usage("diff takes two files, BASE and CAND".into())),
        _ => Err(Failure::Usage(format!(
            "unexpected argument {:?} (diff takes two files)",
            files[2]
        ))),
    }
}

fn side(file: &str) -> Result<DiffSide, Failure> {
    let imported = load(file)?;
    let t = &imported.trace;
    Ok(DiffSide::of(
        t,
        &framework_op_stats_with(t, Compat::Planeview),
        &hlo_stats_with(t, Compat::Planeview),
    ))
}

pub fn run(args: &[String]) -> Result<(), Failure> {
    let a = parse(args)?;
    let report = diff(&side(a.base)?, &side(a.cand)?);
    if a.json {
        print_json(&report)?;
    } else {
        print_text(&a, &report)?;
    }
    let s = &report.summary;
    match (a.fail_above, s.delta_pct) {
        (Some(limit), Some(pct)) if pct > limit => Err(Failure::Regressed(format!(
            "{} (base {}, candidate {}), more than --fail-above {limit}%",
            s.text,
            time(s.base_step_ps),
            time(s.cand_step_ps)
        ))),
        _ => Ok(()),
    }
}

/// A time for people: ns, µs, ms or s with 3 decimals; `0` for none.
fn time(ps: i64) -> String {
    if ps == 0 {
        return "0".to_owned();
    }
    let a = ps.unsigned_abs() as f64;
    let (div, unit) = if a >= 1e12 {
        (1e12, "s")
    } else if a >= 1e9 {
        (1e9, "ms")
    } else if a >= 1e6 {
        (1e6, "µs")
    } else {
        (1e3, "ns")
    };
    format!("{:.3} {unit}", ps as f64 / div)
}

fn percent(p: &Value) -> String {
    p.as_f64().map_or("-".into(), |p| format!("{p:+.1}%"))
}

fn print_text(a: &Args, r: &DiffReport) -> Result<(), Failure> {
    let s = &r.summary;
    out!("base:      {}", a.base);
    out!("candidate: {}", a.cand);
    out!("summary:   {}", s.text);
    out!(
        "           {} → {} by {} (device {} → {}, host {} → {})",
        time(s.base_step_ps),
        time(s.cand_step_ps),
        s.basis,
        time(s.base_device_ps),
        time(s.cand_device_ps),
        time(s.base_host_ps),
        time(s.cand_host_ps)
    );
    for (title, rows) in [
        ("top regressions", &r.regressions),
        ("top improvements", &r.improvements),
    ] {
        out!();
        out!("{title}");
        let rows: Vec<Value> = rows.iter().map(|t| with_times(json(t))).collect();
        print_text_table(
            &rows,
            &["table", "label", "base", "cand", "delta", "delta%"],
        );
    }
    let t = &r.totals;
    table(
        "kernels",
        &t.kernels,
        &r.kernels,
        &["kernel_name", "grid_dim", "block_dim"],
    )?;
    table(
        "HLO ops",
        &t.hlo_ops,
        &r.hlo_ops,
        &["module", "hlo_op_name", "category"],
    )?;
    table(
        "framework ops",
        &t.framework_ops,
        &r.framework_ops,
        &["host_or_device", "type", "operation"],
    )?;
    table("events", &t.events, &r.events, &["role", "name"])?;
    table("steps", &t.steps, &r.steps, &["step"])?;
    if !r.unmatched.is_empty() {
        out!();
        out!("unmatched");
        for u in &r.unmatched {
            out!("  {}: {}", u.what, u.why);
        }
    }
    Ok(())
}

fn json<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or_default()
}

/// The row with its times as text columns `base`, `cand`, `delta`, `delta%`.
fn with_times(mut v: Value) -> Value {
    let ps = |k: &str| v[k].as_i64().unwrap_or(0);
    let (b, c, d) = (ps("base_ps"), ps("cand_ps"), ps("delta_ps"));
    let pct = percent(&v["delta_pct"]);
    if let Value::Object(m) = &mut v {
        m.insert("base".into(), time(b).into());
        m.insert("cand".into(), time(c).into());
        m.insert(
            "delta".into(),
            format!("{}{}", if d > 0 { "+" } else { "" }, time(d)).into(),
        );
        m.insert("delta%".into(), pct.into());
        if m.get("rule").is_some_and(Value::is_null) {
            m.insert("rule".into(), "-".into());
        }
    }
    v
}

fn table<T: serde::Serialize>(
    title: &str,
    total: &TableTotal,
    rows: &[T],
    keys: &[&str],
) -> Result<(), Failure> {
    if rows.is_empty() {
        return Ok(());
    }
    out!();
    out!(
        "{title}: {} matched, {} added, {} removed; {} → {} ({}{})",
        total.matched,
        total.added,
        total.removed,
        time(total.base_ps),
        time(total.cand_ps),
        if total.delta_ps > 0 { "+" } else { "" },
        time(total.delta_ps)
    );
    let shown: Vec<Value> = rows
        .iter()
        .take(TEXT_ROWS)
        .map(|row| with_times(json(row)))
        .collect();
    let mut columns = keys.to_vec();
    columns.extend([
        "base",
        "cand",
        "delta",
        "delta%",
        "base_occurrences",
        "cand_occurrences",
        "status",
        "rule",
    ]);
    print_text_table(&shown, &columns);
    if rows.len() > TEXT_ROWS {
        out!("({} more rows; --json has all)", rows.len() - TEXT_ROWS);
    }
    Ok(())
}
