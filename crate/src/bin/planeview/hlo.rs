//! `planeview hlo FILE [--module M] [--op NAME --radius N] [--format text|long-text|dot|json]`:
//! an HLO module of a profile or HLO file, as XProf's short text (`text`, the default), the
//! long text with metadata (`long-text`), DOT or JSON. `text` and `long-text` print the whole
//! module (as XProf's graph viewer does for any op); `dot` and `json` are restricted to the
//! radius-N neighbourhood of `--op` when it is given (`dot` without `--op` draws the entry
//! computation's overview).

use crate::args::{Accepts, Options};
use crate::out;
use crate::{Failure, load};
use planeview::hlo::{
    HloModule, PrintOptions, export, graph, module_text, select_instruction, select_module,
};

/// Radius of the neighbourhood when `--radius` is not given.
const DEFAULT_RADIUS: u32 = 3;
/// Largest overview drawn without collapsing chains.
const OVERVIEW_LIMIT: usize = 1500;

pub fn run(args: &[String]) -> Result<(), Failure> {
    let opts = Options::parse(
        args,
        &Accepts {
            flags: &[],
            values: &["--module", "--op", "--radius", "--format"],
        },
    )?;
    let format = opts.value("--format").unwrap_or("text");
    if !["text", "long-text", "dot", "json"].contains(&format) {
        return Err(Failure::Usage(format!(
            "--format takes text, long-text, dot or json, not {format:?}"
        )));
    }
    let radius = opts
        .number("--radius")?
        .map_or(DEFAULT_RADIUS, |r| r as u32);
    let imported = load(opts.file)?;
    let mut modules = Vec::new();
    for blob in &imported.trace.metadata.hlo_modules {
        match HloModule::from_blob(blob) {
            Ok(m) => modules.push(m),
            Err(e) => eprintln!("planeview: {}: module {}: {e}", opts.file, blob.name),
        }
    }
    if modules.is_empty() {
        return Err(Failure::Input {
            file: opts.file.to_owned(),
            message: "no readable HLO module in this file".into(),
        });
    }
    let m = match opts.value("--module") {
        Some(q) => {
            &modules[select_module(&modules, q).map_err(|e| Failure::Usage(e.to_string()))?]
        }
        None if modules.len() == 1 => &modules[0],
        None => {
            out!("{} HLO modules (pick one with --module):", modules.len());
            for m in &modules {
                out!(
                    "{}\t{} instructions",
                    m.display_name(),
                    m.instructions.len()
                );
            }
            return Ok(());
        }
    };
    let center = opts
        .value("--op")
        .map(|op| select_instruction(m, op).map_err(|e| Failure::Usage(e.to_string())))
        .transpose()?;
    match format {
        "text" => crate::emit_text(&module_text(m, PrintOptions::short()))?,
        "long-text" => crate::emit_text(&module_text(m, PrintOptions::long()))?,
        "dot" => {
            let g = match center {
                // The neighbourhood XProf's graph viewer draws.
                Some(c) => planeview::hlo::xprof_graph::xprof_neighborhood(m, c, radius),
                None => match m.entry {
                    Some(e) => graph::overview(m, e, OVERVIEW_LIMIT),
                    None => {
                        return Err(Failure::Input {
                            file: opts.file.to_owned(),
                            message: format!("module {} has no entry computation", m.name),
                        });
                    }
                },
            };
            crate::emit_text(&export::to_dot(m, &g))?;
        }
        _ => {
            let only: Option<Vec<_>> = center.map(|c| {
                let g = graph::neighborhood(m, c, radius, &[]);
                g.nodes.iter().map(|n| n.instr).collect()
            });
            crate::print_json(&export::to_cli_json(m, only.as_deref()))?;
        }
    }
    Ok(())
}
