//! Native timing loop for the counter render (issue 7), to profile what `bench/counters.mjs`
//! measures in Wasm without the Wasm build: the same input shape (100 counter tracks of 10,000
//! samples, 1 µs apart per track, tracks interleaved in time, the same noisy sawtooth values)
//! rendered over the whole span at 1,200 px. Not part of the CLI or of `make bench`.
//!
//! ```text
//! counters_bench [RUNS]   prints {"samples", "slots", "ms", "min_ms"}: median and fastest
//!                         render time in ms (on a shared machine the fastest is the steadier)
//! ```
#![allow(clippy::disallowed_methods)]

use planeview::analysis::counters::{counter_tracks, lod};
use planeview::analysis::lod::Viewport;
use planeview::model::{Format, Trace, TraceBuilder, TrackKind};
use std::hint::black_box;
use std::time::Instant;

const TRACKS: i64 = 100;
const PER_TRACK: i64 = 10_000;
const WIDTH: f64 = 1200.0;

fn main() {
    let runs = match std::env::args().nth(1).map(|r| r.parse::<usize>()) {
        None => 50,
        Some(Ok(r)) => r.max(1),
        Some(Err(_)) => {
            eprintln!("counters_bench: usage: counters_bench [RUNS]");
            std::process::exit(1);
        }
    };
    let trace = generate();
    let lod_index = lod::CounterLod::build(&trace);
    let tracks = counter_tracks(&trace);
    let t1 = trace.counters.time.iter().copied().max().unwrap_or(1);
    let Some(view) = Viewport::new(0, t1, WIDTH) else {
        eprintln!("counters_bench: empty view");
        std::process::exit(1);
    };
    let mut slots = 0;
    let mut ms: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            let mut out = Vec::new();
            lod::render_counters(&trace, &lod_index, &tracks, view, &mut out);
            slots = black_box(out).len();
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    println!(
        "{{\"samples\":{},\"slots\":{slots},\"ms\":{:.3},\"min_ms\":{:.3}}}",
        trace.counters.time.len(),
        ms[(ms.len() - 1) / 2],
        ms[0]
    );
}

/// The benchmark's trace: sample `k` of track `t` at `k` µs + `t` ns.
fn generate() -> Trace {
    let mut b = TraceBuilder::new(Format::ChromeJson);
    let p = b.add_process("bench", "1", 0);
    let tracks: Vec<_> = (0..TRACKS)
        .map(|t| {
            let name = format!("c{t}");
            b.add_track(p, &name, &name, t, TrackKind::Counter)
        })
        .collect();
    for k in 0..PER_TRACK {
        for (t, &track) in tracks.iter().enumerate() {
            let t = t as i64;
            let v = ((k * 7919 + t * 104_729) % 1000) + (k % 50) * 10;
            b.add_counter_sample(track, k * 1_000_000 + t * 1_000, v as f64);
        }
    }
    b.finish()
}
