//! `planeview select FILE [--from-ps A] [--to-ps B] [--track ID ...] [--step N] [--per-track]
//! [--tree top-down|bottom-up] [--depth N] [--nodes N] [--json]`: the slices of an area of
//! the timeline grouped by name, optionally its call tree, and the per-step table.

use crate::args::{Accepts, Options};
use crate::{Failure, load, out, print_json};
use planeview::Trace;
use planeview::analysis::call_tree::{CallNode, CallTree, Direction, TreeLimits, call_tree};
use planeview::analysis::compat::Compat;
use planeview::analysis::selection::{
    NameStats, Selection, StepRow, select, step_table, whole_range,
};
use planeview::model::{PS_PER_US, Ps, TrackId};
use serde::Serialize;
use std::ops::Range;

const ACCEPTS: Accepts = Accepts {
    flags: &["--json", "--per-track"],
    values: &[
        "--from-ps",
        "--to-ps",
        "--track",
        "--step",
        "--tree",
        "--depth",
        "--nodes",
    ],
};

/// Names with the most self time listed per step.
const STEP_TOP: usize = 3;
/// Name rows printed without `--json`.
const TEXT_ROWS: usize = 40;
/// Tree limits without `--json` (with it, [`TreeLimits::default`]).
const TEXT_TREE: TreeLimits = TreeLimits {
    max_depth: 6,
    max_nodes: 60,
};

/// What `--json` prints.
#[derive(Serialize)]
struct Output {
    selection: Selection,
    #[serde(skip_serializing_if = "Option::is_none")]
    tree: Option<CallTree>,
    steps: Vec<StepRow>,
}

pub fn run(args: &[String]) -> Result<(), Failure> {
    let opts = Options::parse(args, &ACCEPTS)?;
    let direction = opts
        .value("--tree")
        .map(|v| {
            Direction::parse(v).ok_or_else(|| {
                Failure::Usage(format!("--tree takes top-down or bottom-up, not {v:?}"))
            })
        })
        .transpose()?;
    let json = opts.has("--json");
    let defaults = if json {
        TreeLimits::default()
    } else {
        TEXT_TREE
    };
    let limits = TreeLimits {
        max_depth: opts.number("--depth")?.unwrap_or(defaults.max_depth),
        max_nodes: opts.number("--nodes")?.unwrap_or(defaults.max_nodes),
    };
    let imported = load(opts.file)?;
    let trace = &imported.trace;
    let tracks = tracks(&opts, trace)?;
    let steps = step_table(trace, &tracks, Compat::Planeview, STEP_TOP);
    let range = range(&opts, trace, &steps)?;
    let selection = select(trace, &tracks, range.clone(), opts.has("--per-track"));
    let tree = direction.map(|d| call_tree(trace, &tracks, range, d, limits));
    if json {
        return print_json(&Output {
            selection,
            tree,
            steps,
        });
    }
    print_selection(&selection)?;
    if let Some(tree) = &tree {
        print_tree(tree)?;
    }
    print_steps(&steps)
}

/// The `--track` ids, checked against the trace.
fn tracks(opts: &Options, trace: &Trace) -> Result<Vec<TrackId>, Failure> {
    opts.values_of("--track")
        .map(|v| match v.parse::<u32>() {
            Ok(id) if (id as usize) < trace.tracks.len() => Ok(TrackId(id)),
            _ => Err(Failure::Usage(format!(
                "--track takes a track id from 0 to {} (as listed without --track), not {v:?}",
                trace.tracks.len().saturating_sub(1)
            ))),
        })
        .collect()
}

/// The range `--step`, `--from-ps` and `--to-ps` choose; the whole trace by default.
fn range(opts: &Options, trace: &Trace, steps: &[StepRow]) -> Result<Range<Ps>, Failure> {
    let ps = |key: &str| -> Result<Option<Ps>, Failure> {
        opts.value(key)
            .map(|v| {
                v.parse()
                    .map_err(|_| Failure::Usage(format!("{key} takes picoseconds, not {v:?}")))
            })
            .transpose()
    };
    let (from, to) = (ps("--from-ps")?, ps("--to-ps")?);
    if let Some(n) = opts.value("--step") {
        if from.is_some() || to.is_some() {
            return Err(Failure::Usage(
                "--step and --from-ps/--to-ps choose the range two ways; give one".into(),
            ));
        }
        let listed: Vec<String> = steps.iter().map(|s| s.number.to_string()).collect();
        let step = n
            .parse::<i64>()
            .ok()
            .and_then(|n| steps.iter().find(|s| s.number == n))
            .ok_or_else(|| {
                Failure::Usage(format!(
                    "no step {n:?}; steps: {}",
                    if listed.is_empty() {
                        "none".to_owned()
                    } else {
                        listed.join(" ")
                    }
                ))
            })?;
        return Ok(step.start_ps..step.start_ps + step.duration_ps);
    }
    let whole = whole_range(trace);
    let range = from.unwrap_or(whole.start)..to.unwrap_or(whole.end);
    if range.start >= range.end {
        return Err(Failure::Usage(format!(
            "empty range: --from-ps {} is not before --to-ps {}",
            range.start, range.end
        )));
    }
    Ok(range)
}

/// Picoseconds as microseconds with three decimals.
fn us(ps: Ps) -> String {
    format!("{:.3}", ps as f64 / PS_PER_US as f64)
}

/// `name` cut to `width` characters.
fn cut(name: &str, width: usize) -> String {
    if name.chars().count() > width {
        let mut s: String = name.chars().take(width - 1).collect();
        s.push('…');
        s
    } else {
        name.to_owned()
    }
}

fn print_selection(s: &Selection) -> Result<(), Failure> {
    out!(
        "range {} .. {} ps ({} µs): {} slices on {} tracks, busy {} µs",
        s.from_ps,
        s.to_ps,
        us(s.to_ps - s.from_ps),
        s.slices,
        s.tracks.len(),
        us(s.busy_ps)
    );
    out!();
    out!("{:>5}  {:>8}  {:>14}  track", "id", "slices", "busy µs");
    for t in &s.tracks {
        out!(
            "{:>5}  {:>8}  {:>14}  {} / {}",
            t.track,
            t.slices,
            us(t.busy_ps),
            t.group,
            t.name
        );
    }
    out!();
    print_names(&s.names, TEXT_ROWS, s.per_track)?;
    if s.names.len() > TEXT_ROWS {
        out!(
            "... {} more names (--json lists all)",
            s.names.len() - TEXT_ROWS
        );
    }
    Ok(())
}

fn print_names(rows: &[NameStats], limit: usize, per_track: bool) -> Result<(), Failure> {
    let track = if per_track { "track  " } else { "" };
    out!(
        "{track}{:>8}  {:>14}  {:>14}  {:>14}  {:>12}  {:>12}  name",
        "count",
        "wall µs",
        "self µs",
        "unclipped µs",
        "avg µs",
        "max µs"
    );
    for r in rows.iter().take(limit) {
        let track = r.track.map_or(String::new(), |t| format!("{t:>5}  "));
        out!(
            "{track}{:>8}  {:>14}  {:>14}  {:>14}  {:>12}  {:>12}  {}",
            r.occurrences,
            us(r.wall_ps),
            us(r.self_ps),
            us(r.unclipped_wall_ps),
            us(r.avg_wall_ps),
            us(r.max_wall_ps),
            cut(&r.name, 80)
        );
    }
    Ok(())
}

fn print_tree(tree: &CallTree) -> Result<(), Failure> {
    let direction = match tree.direction {
        Direction::TopDown => "top-down",
        Direction::BottomUp => "bottom-up",
    };
    out!();
    out!(
        "call tree ({direction}): total {} µs, self {} µs, {} nodes{}",
        us(tree.total_ps),
        us(tree.self_ps),
        tree.nodes,
        if tree.truncated {
            " (truncated: --depth, --nodes)"
        } else {
            ""
        }
    );
    out!(
        "{:>14}  {:>14}  {:>8}  name",
        "total µs",
        "self µs",
        "count"
    );
    let mut stack: Vec<(&CallNode, usize)> = tree.roots.iter().rev().map(|n| (n, 0)).collect();
    while let Some((node, depth)) = stack.pop() {
        out!(
            "{:>14}  {:>14}  {:>8}  {}{}",
            us(node.total_ps),
            us(node.self_ps),
            node.occurrences,
            "  ".repeat(depth),
            cut(&node.name, 80)
        );
        stack.extend(node.children.iter().rev().map(|c| (c, depth + 1)));
    }
    Ok(())
}

fn print_steps(steps: &[StepRow]) -> Result<(), Failure> {
    if steps.is_empty() {
        return Ok(());
    }
    out!();
    out!(
        "{:>8}  {:>14}  {:>14}  {:>14}  top self time",
        "step",
        "start µs",
        "duration µs",
        "busy µs"
    );
    for s in steps {
        let top: Vec<String> = s
            .top_self
            .iter()
            .map(|r| format!("{} {}", cut(&r.name, 40), us(r.self_ps)))
            .collect();
        out!(
            "{:>8}  {:>14}  {:>14}  {:>14}  {}",
            s.number,
            us(s.start_ps),
            us(s.duration_ps),
            us(s.busy_ps),
            top.join(", ")
        );
    }
    Ok(())
}
