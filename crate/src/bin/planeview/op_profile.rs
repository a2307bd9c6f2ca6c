//! `planeview op-profile FILE [--json] [--xprof-compat] [--group-by program|category]`: the op
//! profile tree (`docs/CONTRACT.md` § op-profile).

use crate::Failure;
use crate::args::{Accepts, Options};
use crate::out;
use planeview::analysis::op_profile::{GroupBy, Node, op_profile_with};

pub fn run(args: &[String]) -> Result<(), Failure> {
    let opts = Options::parse(
        args,
        &Accepts {
            flags: &["--json", "--xprof-compat"],
            values: &["--group-by"],
        },
    )?;
    let group_by = match opts.value("--group-by") {
        None | Some("program") => GroupBy::Program,
        Some("category") => GroupBy::Category,
        Some(other) => {
            return Err(Failure::Usage(format!(
                "--group-by takes program or category, not {other:?}"
            )));
        }
    };
    let imported = crate::load(opts.file)?;
    let tree = op_profile_with(&imported.trace, group_by, crate::table::compat(&opts));
    if opts.has("--json") {
        return crate::print_json(&tree);
    }
    print_node(&tree, 0, tree.metrics.raw_time)
}

/// One line per node down to ops: share of the root's time, time, occurrences, name.
fn print_node(n: &Node, depth: usize, total: i64) -> Result<(), Failure> {
    let share = if total > 0 {
        100.0 * n.metrics.raw_time as f64 / total as f64
    } else {
        0.0
    };
    out!(
        "{:indent$}{share:6.2}%  {:>14.3} µs  x{:<6} {}",
        "",
        n.metrics.raw_time as f64 / 1e6,
        n.metrics.occurrences,
        n.name,
        indent = depth * 2
    );
    if depth < 3 {
        for c in &n.children {
            print_node(c, depth + 1, total)?;
        }
    }
    Ok(())
}
