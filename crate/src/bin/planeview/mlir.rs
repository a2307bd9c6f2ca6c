//! `planeview mlir FILE [--op NAME] [--locs]`: MLIR in generic op form (`docs/CONTRACT.md`). A
//! `.mlirbc` is decoded and printed; MLIR text holding kernel custom calls (StableHLO)
//! prints each kernel after `// kernel: <name> <target>` (or only `--op custom_call#N`);
//! any other MLIR text is printed as written. An xplane or HLO file prints the kernels of
//! its HLO custom-call instructions the same way (`--op` names the instruction).

use crate::args::{Accepts, Options};
use crate::out;
use crate::{Failure, load};
use planeview::hlo::HloModule;
use planeview::import::Imported;
use planeview::mlir::{
    self, KernelPayload, PayloadFormat, PrintOptions, Source, custom_calls_in_stablehlo,
    kernel_from_custom_call,
};

/// A kernel custom call: its name (`custom_call#N` or the HLO instruction), target and payload.
struct Kernel {
    name: String,
    target: String,
    payload: KernelPayload,
}

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
    let kernels: Vec<Kernel> = match &imported.mlir {
        Some(Source::Bytecode(module)) => {
            if let Some(op) = opts.value("--op") {
                return Err(Failure::Usage(format!(
                    "--op {op:?}: a bytecode file holds no custom calls"
                )));
            }
            crate::emit_text(&module.print(&print))?;
            return Ok(());
        }
        Some(Source::Text(text)) => {
            let kernels: Vec<Kernel> = custom_calls_in_stablehlo(text)
                .into_iter()
                .filter_map(|c| {
                    Some(Kernel {
                        payload: c.kernel?,
                        name: c.name,
                        target: c.target,
                    })
                })
                .collect();
            if kernels.is_empty() && opts.value("--op").is_none() {
                crate::emit_text(text)?;
                return Ok(());
            }
            kernels
        }
        None => {
            let kernels = hlo_kernels(&imported);
            if kernels.is_empty() && opts.value("--op").is_none() {
                return Err(input(format!(
                    "no kernel custom calls (tpu_custom_call, __gpu$xla.gpu.triton, \
                     mosaic_gpu_v2) in the HLO of this {} file",
                    imported.trace.format.as_str()
                )));
            }
            kernels
        }
    };
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
            print_kernel(&call.payload, &print, &input)
        }
        None => {
            for call in &kernels {
                out!("// kernel: {} {}", call.name, call.target);
                print_kernel(&call.payload, &print, &input)?;
            }
            Ok(())
        }
    }
}

/// The kernels of the custom-call instructions of every HLO module in a profile or HLO
/// file. A module that cannot be read is reported on stderr and skipped.
fn hlo_kernels(imported: &Imported) -> Vec<Kernel> {
    let mut kernels = Vec::new();
    for blob in &imported.trace.metadata.hlo_modules {
        let module = match HloModule::from_blob(blob) {
            Ok(m) => m,
            Err(e) => {
                eprintln!("planeview: HLO module {:?} skipped: {e}", blob.name);
                continue;
            }
        };
        let t = &module.instructions;
        for i in 0..t.len() {
            if t.custom_call_target[i].is_empty() {
                continue;
            }
            if let Some(payload) =
                kernel_from_custom_call(&t.custom_call_target[i], &t.backend_config[i])
            {
                kernels.push(Kernel {
                    name: t.name[i].clone(),
                    target: t.custom_call_target[i].clone(),
                    payload,
                });
            }
        }
    }
    kernels
}

/// Prints one kernel: bytecode decoded, text as written.
fn print_kernel(
    kernel: &mlir::KernelPayload,
    print: &PrintOptions,
    input: &impl Fn(String) -> Failure,
) -> Result<(), Failure> {
    match kernel.format {
        PayloadFormat::Bytecode => {
            let module = mlir::decode(&kernel.bytes).map_err(|e| input(e.to_string()))?;
            crate::emit_text(&module.print(print))?;
        }
        PayloadFormat::Text => {
            let text = String::from_utf8_lossy(&kernel.bytes);
            crate::emit_text(&text)?;
            if !text.ends_with('\n') {
                out!();
            }
        }
    }
    Ok(())
}
