//! Benchmark driver for the analyses (issue 5), used by `bench/analysis.mjs`; not part of the
//! CLI. Prints one JSON line with median times in milliseconds.
//!
//! ```text
//! analysis_bench FILE [RUNS]        import FILE, then time each XProf tool and all of them
//!                                   back to back: {"import_ms", "ms": {tool: ms, "all": ms}}
//! analysis_bench --kernels N [RUNS] kernel stats over N synthetic GPU kernel launches on
//!                                   8 streams of one device: {"kernels", "rows", "ms"}
//! ```
#![allow(clippy::disallowed_methods)]

use planeview::analysis::compat::Compat;
use planeview::analysis::op_metrics::xla_op_db;
use planeview::analysis::op_profile::{GroupBy, op_profile, op_profile_of};
use planeview::analysis::{
    framework_ops, hlo_stats, kernel_stats::kernel_stats, overview, roofline,
};
use planeview::model::{
    ArgValue, CategoryId, Format, ProcessRole, Trace, TraceBuilder, TrackKind, TrackRole,
};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("--kernels") => kernels(&args[1..]),
        Some(file) => tools(file, &args[1..]),
        None => Err("usage: analysis_bench FILE [RUNS] | --kernels N [RUNS]".to_owned()),
    };
    match result {
        Ok(json) => println!("{json}"),
        Err(e) => {
            eprintln!("analysis_bench: {e}");
            std::process::exit(1);
        }
    }
}

fn runs_arg(arg: Option<&String>) -> Result<usize, String> {
    arg.map_or(Ok(5), |r| r.parse().map_err(|_| format!("bad RUNS {r:?}")))
        .map(|r: usize| r.max(1))
}

/// Median of `runs` timings of `f`, in ms.
fn median_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut ms: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    ms[(ms.len() - 1) / 2]
}

/// The tools of the `make bench` row, by XProf's tool names.
const TOOLS: [&str; 6] = [
    "overview_page",
    "framework_op_stats",
    "hlo_stats",
    "op_profile",
    "kernel_stats",
    "roofline_model",
];

/// Runs one tool and drops its result.
fn run_tool(trace: &Trace, tool: &str) {
    match tool {
        "overview_page" => drop(black_box(overview::overview(trace, Compat::Planeview))),
        "framework_op_stats" => drop(black_box(framework_ops::framework_op_stats(trace))),
        "hlo_stats" => drop(black_box(hlo_stats::hlo_stats(trace))),
        "op_profile" => drop(black_box(op_profile(trace, GroupBy::Program))),
        "kernel_stats" => drop(black_box(kernel_stats(trace, Compat::Planeview))),
        "roofline_model" => drop(black_box(roofline::roofline(trace, None))),
        _ => unreachable!("not in TOOLS"),
    }
}

/// All six tools as the page's profile computes them: the framework op rows once, for their
/// table and the overview's top ops; the XLA op table once, for the HLO op rows and the op
/// profile; the HLO op rows once, for their table and the roofline.
fn run_all(trace: &Trace) {
    let compat = Compat::Planeview;
    let framework_rows = framework_ops::framework_op_stats(trace);
    drop(black_box(overview::overview_with_ops(
        trace,
        compat,
        &framework_rows,
    )));
    drop(black_box(framework_rows));
    let xla_ops = xla_op_db(trace, compat);
    let hlo_rows = hlo_stats::hlo_stats_of(trace, &xla_ops);
    drop(black_box(op_profile_of(trace, &xla_ops, GroupBy::Program)));
    drop(black_box(roofline::roofline_of(
        trace, &hlo_rows, None, compat,
    )));
    drop(black_box(hlo_rows));
    run_tool(trace, "kernel_stats");
}

fn tools(file: &str, rest: &[String]) -> Result<String, String> {
    let runs = runs_arg(rest.first())?;
    let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
    let t = Instant::now();
    let trace = planeview::import::import_bytes(&bytes)
        .map_err(|e| format!("{file}: {e}"))?
        .trace;
    let import_ms = t.elapsed().as_secs_f64() * 1e3;
    let mut ms = serde_json::Map::new();
    for tool in TOOLS {
        ms.insert(
            tool.into(),
            median_ms(runs, || run_tool(&trace, tool)).into(),
        );
    }
    let all = median_ms(runs, || run_all(&trace));
    ms.insert("all".into(), all.into());
    Ok(
        serde_json::json!({ "file": file, "runs": runs, "import_ms": import_ms, "ms": ms })
            .to_string(),
    )
}

fn kernels(rest: &[String]) -> Result<String, String> {
    let n: usize = rest
        .first()
        .ok_or("--kernels needs N")?
        .parse()
        .map_err(|_| "bad N".to_owned())?;
    let runs = runs_arg(rest.get(1))?;
    let trace = synthetic_kernels(n);
    let mut rows = 0;
    let mut launches = 0;
    let ms = median_ms(runs, || {
        let table = kernel_stats(&trace, Compat::Planeview);
        rows = table.len();
        launches = table.iter().map(|r| r.occurrences).sum::<u64>();
    });
    // A table without the launches measured nothing: fail rather than report a time.
    if launches != n as u64 {
        return Err(format!(
            "kernel stats counted {launches} of the {n} synthetic launches"
        ));
    }
    Ok(serde_json::json!({ "kernels": n, "rows": rows, "launches": launches, "runs": runs, "ms": ms }).to_string())
}

/// `n` launches of 40 kernel kinds (XSpace `kernel_details`) round-robin on 8 streams of one
/// GPU, each stream's launches back to back with gaps; durations 1–2 µs. Laid out as the XSpace
/// importer lays out a GPU plane: the process and tracks have its roles, and each launch has
/// its own arg set (a `correlation_id`) inheriting its kernel's metadata (`kernel_details`).
fn synthetic_kernels(n: usize) -> Trace {
    let mut b = TraceBuilder::new(Format::Xspace);
    let gpu = b.add_process("/device:GPU:0", "0", 0);
    b.set_process_role(gpu, ProcessRole::Gpu);
    let streams: Vec<_> = (0..8)
        .map(|i| {
            let name = format!("Stream #{i}(Compute)");
            let track = b.add_track(gpu, &name, &i.to_string(), i, TrackKind::Slices);
            b.set_track_role(track, TrackRole::DeviceStream);
            track
        })
        .collect();
    let key = b.intern("kernel_details");
    let correlation = b.intern("correlation_id");
    let kinds: Vec<_> = (0..40)
        .map(|k| {
            let name = b.intern(&format!("void kernel_{k}<float>(float const*, float*)"));
            let details = b.intern(&format!(
                "regs:{} static_shared:{} grid:{},1,1 block:256,1,1",
                16 + k % 8,
                k * 64,
                80 + k
            ));
            b.push_arg(key, ArgValue::Str(details));
            (name, b.finish_args())
        })
        .collect();
    for i in 0..n {
        let (name, metadata) = kinds[i % kinds.len()];
        b.push_arg(correlation, ArgValue::Int(i as i64));
        b.inherit_args(metadata);
        let args = b.finish_args();
        let track = streams[i % streams.len()];
        let t = (i / streams.len()) as i64 * 2_000_000;
        let dur = 1_000_000 + (i % 997) as i64 * 1_000;
        b.add_slice(track, t, dur, name, CategoryId::NONE, args);
    }
    b.finish()
}
