//! `planeview memory FILE [--json]`: the runtime memory of every allocator (`docs/CONTRACT.md`
//! § memory): peak and when, counts, what is live at the peak and who allocated it.

use crate::args::{Accepts, Options};
use crate::out;
use crate::{Failure, load, print_json};
use planeview::analysis::memory::MemoryReport;
use planeview::analysis::memory::runtime::RuntimeMemory;

/// Allocations shown per allocator without `--json`.
const SHOWN: usize = 10;

pub fn run(args: &[String]) -> Result<(), Failure> {
    let opts = Options::parse(
        args,
        &Accepts {
            flags: &["--json"],
            values: &[],
        },
    )?;
    let imported = load(opts.file)?;
    let trace = &imported.trace;
    let report = MemoryReport::of(trace, &RuntimeMemory::of(trace));
    if opts.has("--json") {
        return print_json(&report);
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
    for (name, d) in serde_json::to_value(&report.diagnostics)
        .ok()
        .and_then(|v| v.as_object().cloned())
        .unwrap_or_default()
    {
        out!("diagnostic {name}: {}", d["count"]);
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
