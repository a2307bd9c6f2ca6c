//! Custom-call kernel extraction: from an HLO custom call (or StableHLO text) to the MLIR
//! kernel inside its `backend_config`, printed as the HLO view's `kernel` request does.
//!
//! The first byte picks the way in:
//! - 0: the rest is StableHLO text (`custom_calls_in_stablehlo`);
//! - 1: the rest is an HLO module (text or proto) and every custom call's kernel is taken
//!   (`hlo::mlir_kernel`);
//! - otherwise: the rest is the `backend_config` of one kernel target (byte / 2, modulo the
//!   four targets), given to `kernel_from_custom_call`.
//!
//! Every kernel found is printed with and without locations.
#![no_main]

use libfuzzer_sys::fuzz_target;
use planeview::hlo::{self, HloModule, InstrId};
use planeview::mlir::{self, KernelPayload, PrintOptions};

const TARGETS: [&str; 4] = [
    "tpu_custom_call",
    "__gpu$xla.gpu.triton",
    "mosaic_gpu_v2",
    "mosaic_gpu",
];

fn print(kernel: &KernelPayload) {
    for locs in [false, true] {
        let _ = kernel.text(&PrintOptions {
            locs,
            ..PrintOptions::default()
        });
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    match mode {
        0 => {
            let text = String::from_utf8_lossy(rest);
            for call in mlir::custom_calls_in_stablehlo(&text) {
                if let Some(kernel) = &call.kernel {
                    print(kernel);
                }
            }
        }
        1 => {
            let Ok(m) = HloModule::from_bytes(rest) else {
                return;
            };
            for i in 0..m.instructions.len() {
                if let Some(kernel) = hlo::mlir_kernel(&m, InstrId(i as u32)) {
                    print(&kernel);
                }
            }
        }
        _ => {
            let target = TARGETS[usize::from(mode / 2) % TARGETS.len()];
            if let Some(kernel) = mlir::kernel_from_custom_call(target, rest) {
                print(&kernel);
            }
        }
    }
});
