//! `planeview memory FILE [--module M] [--json]`: the runtime memory of every allocator
//! (`docs/CONTRACT.md` § memory): peak and when, counts, what is live at the peak and who
//! allocated it; and XLA's buffer assignment of each compiled module (peak heap, its position
//! in program order, the buffers live there), only module `M` with `--module`.

use crate::args::{Accepts, Options};
use crate::out;
use crate::{Failure, load, print_json};
use planeview::analysis::memory::MemoryReport;
use planeview::analysis::memory::buffers::{ModuleBuffers, module_named};
use planeview::analysis::memory::runtime::RuntimeMemory;

/// Allocations shown per allocator without `--json`.
const SHOWN: usize = 10;

pub fn run(args: &[String]) -> Result<(), Failure> {
    let opts = Options::parse(
        args,
        &Accepts {
            flags: &["--json"],
            values: &["--module"],
        },
    )?;
    let imported = load(opts.file)?;
    let trace = &imported.trace;
    let mut report = MemoryReport::of(trace, &RuntimeMemory::of(trace));
    if let Some(m) = opts.value("--module") {
        let one = module_named(trace, m).ok_or_else(|| {
            let names: Vec<&str> = (report.modules.iter()).map(|x| x.module.as_str()).collect();
            Failure::Usage(format!(
                "no module {m:?} with a buffer assignment in {} (modules: {})",
                opts.file,
                if names.is_empty() {
                    "none".into()
                } else {
                    names.join(", ")
                }
            ))
        })?;
        report.modules = vec![one.summary];
    }
    if opts.has("--json") {
        return print_json(&report);
    }
    if opts.value("--module").is_some() {
        return print_module(&report.modules[0]);
    }
    if report.allocators.is_empty() {
        out!("{}: no memory allocation events", opts.file);
    }
    for a in &report.allocators {
        out!(
            "{} ({}{}): peak {} at {} ms, {} allocations, {} frees, {} never freed ({})",
            a.name,
            serde_json::to_value(a.source)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default(),
            a.device
                .as_deref()
                .map(|d| format!(", {d}"))
                .unwrap_or_default(),
            bytes(a.peak_bytes),
            ms(a.peak_time_ps),
            a.alloc_count,
            a.free_count,
            a.never_freed_count,
            bytes(a.never_freed_bytes)
        );
        if let Some(r) = a.peak_reserved_bytes {
            out!("  reserved: at most {}", bytes(r));
        }
        out!(
            "  live at the peak: {} allocations, {}",
            a.live_at_peak_count,
            bytes(a.live_at_peak_bytes)
        );
        out!(
            "  {:>12}  {:>12}  {:>12}  op",
            "bytes",
            "start ms",
            "age ms"
        );
        for l in a.live_at_peak.iter().take(SHOWN) {
            out!(
                "  {:>12}  {:>12}  {:>12}  {}",
                bytes(l.bytes),
                ms(l.start_ps),
                ms(l.age_ps),
                l.op.as_deref().unwrap_or("-")
            );
        }
    }
    if !report.modules.is_empty() {
        out!(
            "XLA buffer assignment: {} modules (details with --module M)",
            report.modules.len()
        );
        out!(
            "  {:>12}  {:>8}  {:>8}  {:>7}  module",
            "peak heap",
            "at",
            "of",
            "buffers"
        );
        for m in &report.modules {
            out!(
                "  {:>12}  {:>8}  {:>8}  {:>7}  {}",
                bytes(m.peak_heap_bytes),
                m.peak_position,
                m.program_length,
                m.buffers_at_peak.len(),
                m.module
            );
        }
    }
    for (name, d) in serde_json::to_value(&report.diagnostics)
        .ok()
        .and_then(|v| v.as_object().cloned())
        .unwrap_or_default()
    {
        out!("diagnostic {name}: {}", d["count"]);
    }
    Ok(())
}

/// One module's buffer assignment: the peak, then every buffer live there, largest first.
fn print_module(m: &ModuleBuffers) -> Result<(), Failure> {
    out!(
        "{}: peak heap {} at {} of {} in program order{}",
        m.module,
        bytes(m.peak_heap_bytes),
        m.peak_position,
        m.program_length,
        m.instruction_at_peak
            .as_deref()
            .map(|i| format!(" ({i})"))
            .unwrap_or_default()
    );
    out!(
        "  whole program: {} (parameters {}, outputs {})",
        bytes(m.indefinite_bytes),
        bytes(m.parameter_bytes),
        bytes(m.output_bytes)
    );
    out!(
        "  {:>12}  {:<12}  {:>12}  {:<24}  instruction",
        "bytes",
        "kind",
        "offset",
        "shape"
    );
    for b in &m.buffers_at_peak {
        out!(
            "  {:>12}  {:<12}  {:>12}  {:<24}  {}",
            bytes(b.bytes),
            b.kind,
            b.offset_bytes.map_or("-".into(), |o| o.to_string()),
            b.shape,
            b.instruction
        );
    }
    for p in &m.problems {
        out!("  problem: {p}");
    }
    Ok(())
}

/// Bytes in the binary unit that fits, with 2 decimals.
fn bytes(b: i64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = b as f64;
    let mut k = 0;
    while v.abs() >= 1024.0 && k + 1 < UNITS.len() {
        v /= 1024.0;
        k += 1;
    }
    if k == 0 {
        format!("{b} B")
    } else {
        format!("{v:.2} {}", UNITS[k])
    }
}

/// Picoseconds as milliseconds with 3 decimals.
fn ms(ps: i64) -> String {
    format!("{:.3}", ps as f64 / 1e9)
}
