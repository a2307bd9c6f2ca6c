//! `planeview mlir FILE [--op NAME] [--locs]`: MLIR in generic op form (CLI.md). A
//! `.mlirbc` is decoded and printed; MLIR text holding kernel custom calls (StableHLO)
//! prints each kernel after `// kernel: <name> <target>` (or only `--op custom_call#N`);
//! any other MLIR text is printed as written.

use crate::args::{Accepts, Options};
use crate::{Failure, load};
use planeview::mlir::{self, PayloadFormat, PrintOptions, Source, custom_calls_in_stablehlo};

pub fn run(args: &[String]) -> Result<(), Failure> {
    let opts = Options::parse(
        args,
        &Accepts {
            flags: &["--locs"],
            values: &["--op"],
        },
    )?;
    let print = PrintOptions {
        locs: opts.has("--locs"),
    };
    let imported = load(opts.file)?;
    let input = |message: String| Failure::Input {
        file: opts.file.to_owned(),
        message,
    };
    let Some(source) = imported.mlir else {
        return Err(input(format!(
            "{} input: kernels of xplane and HLO custom calls are not extracted by this \
             build (give a .mlirbc, .mlir or StableHLO text file)",
            imported.trace.format.as_str()
        )));
    };
    let text = match &source {
        Source::Bytecode(module) => {
            if let Some(op) = opts.value("--op") {
                return Err(Failure::Usage(format!(
                    "--op {op:?}: a bytecode file holds no custom calls"
                )));
            }
            print!("{}", module.print(&print));
            return Ok(());
        }
        Source::Text(text) => text,
    };
    let kernels: Vec<_> = custom_calls_in_stablehlo(text)
        .into_iter()
        .filter(|c| c.kernel.is_some())
        .collect();
    match opts.value("--op") {
        Some(op) => {
            let call = kernels.iter().find(|c| c.name == op).ok_or_else(|| {
                let names: Vec<&str> = kernels.iter().map(|c| c.name.as_str()).collect();
                Failure::Usage(format!(
                    "no kernel custom call {op:?}; candidates: {}",
                    if names.is_empty() {
                        "none".to_owned()
                    } else {
                        names.join(", ")
                    }
                ))
            })?;
            print_kernel(call.kernel.as_ref().expect("filtered"), &print).map_err(input)
        }
        None if kernels.is_empty() => {
            print!("{text}");
            Ok(())
        }
        None => {
            for call in &kernels {
                println!("// kernel: {} {}", call.name, call.target);
                print_kernel(call.kernel.as_ref().expect("filtered"), &print).map_err(input)?;
            }
            Ok(())
        }
    }
}

/// Prints one kernel: bytecode decoded, text as written.
fn print_kernel(kernel: &mlir::KernelPayload, print: &PrintOptions) -> Result<(), String> {
    match kernel.format {
        PayloadFormat::Bytecode => {
            let module = mlir::decode(&kernel.bytes).map_err(|e| e.to_string())?;
            print!("{}", module.print(print));
        }
        PayloadFormat::Text => {
            let text = String::from_utf8_lossy(&kernel.bytes);
            print!("{text}");
            if !text.ends_with('\n') {
                println!();
            }
        }
    }
    Ok(())
}
