//! Benchmark driver for the timeline render list (issue 3), not part of the CLI: imports FILE,
//! then replays the browser bench's zoom/pan sequence (bench/browser.mjs `zoomPan`: W×12,
//! D×8, A×6, wheel-in×4, S×6, D×6, wheel-out×4, W×6, A×6, fit; zoom anchored at 37 % of the
//! width) over every track with slices or instants, and prints one JSON line with the time to
//! build the slice levels of detail, p50/p95 of the slice render list from them
//! (`slices_ms`, what the page uses) and from the direct scan (`direct_ms`), of the instant
//! render list, in ms, and the boxes per frame.
//!
//! ```text
//! timeline_bench FILE [WIDTH_PX] [ROUNDS]
//! ```
#![allow(clippy::disallowed_methods)]

use planeview::analysis::lod::{self, Viewport};
use planeview::analysis::lod_levels::SliceLevels;
use planeview::model::TrackId;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(json) => println!("{json}"),
        Err(e) => {
            eprintln!("timeline_bench: {e}");
            std::process::exit(1);
        }
    }
}

fn arg<T: std::str::FromStr>(args: &[String], i: usize, default: T) -> Result<T, String> {
    args.get(i).map_or(Ok(default), |s| {
        s.parse().map_err(|_| format!("bad argument {s:?}"))
    })
}

/// The views of one replay: `(t0, t1)` per step, starting from the whole trace.
fn sequence(span: i64) -> Vec<(i64, i64)> {
    let keys = [
        ('w', 12),
        ('d', 8),
        ('a', 6),
        ('i', 4),
        ('s', 6),
        ('d', 6),
        ('o', 4),
        ('w', 6),
        ('a', 6),
        ('0', 1),
    ];
    let (mut t0, mut t1) = (0.0f64, span as f64);
    let mut views = vec![(0, span)];
    let zoom = |t0: &mut f64, t1: &mut f64, f: f64| {
        let at = *t0 + 0.37 * (*t1 - *t0);
        *t0 = at - (at - *t0) * f;
        *t1 = at + (*t1 - at) * f;
    };
    for (k, n) in keys {
        for _ in 0..n {
            let d = t1 - t0;
            match k {
                'w' => zoom(&mut t0, &mut t1, 0.8),
                's' => zoom(&mut t0, &mut t1, 1.25),
                'i' => zoom(&mut t0, &mut t1, (-240.0f64 * 0.002).exp()),
                'o' => zoom(&mut t0, &mut t1, (240.0f64 * 0.002).exp()),
                'a' => (t0, t1) = (t0 - 0.15 * d, t1 - 0.15 * d),
                'd' => (t0, t1) = (t0 + 0.15 * d, t1 + 0.15 * d),
                _ => (t0, t1) = (0.0, span as f64),
            }
            views.push((t0 as i64, t1 as i64));
        }
    }
    views
}

fn pct(xs: &mut [f64], p: f64) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[((p / 100.0 * xs.len() as f64).ceil() as usize).clamp(1, xs.len()) - 1]
}

fn run(args: &[String]) -> Result<String, String> {
    let file = args
        .first()
        .ok_or("usage: timeline_bench FILE [WIDTH_PX] [ROUNDS]")?;
    let width: f64 = arg(args, 1, 1158.0)?;
    let rounds: usize = arg(args, 2, 3)?;
    let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
    let t = Instant::now();
    let trace = planeview::import::import_bytes(&bytes)
        .map_err(|e| format!("{file}: {e}"))?
        .trace;
    let import_ms = t.elapsed().as_secs_f64() * 1e3;
    drop(bytes);
    let tracks: Vec<TrackId> = (0..trace.tracks.len() as u32)
        .map(TrackId)
        .filter(|&t| trace.index.has_content(t))
        .collect();
    let span = trace
        .slices
        .start
        .iter()
        .zip(&trace.slices.dur)
        .map(|(s, d)| s + d)
        .max()
        .unwrap_or(1);
    let views = sequence(span.max(1));
    let t = Instant::now();
    let levels = SliceLevels::build(&trace);
    let levels_ms = t.elapsed().as_secs_f64() * 1e3;
    let (mut slice_ms, mut direct_ms, mut instant_ms, mut boxes) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut out = Vec::new();
    for _ in 0..rounds {
        for &(t0, t1) in &views {
            let Some(view) = Viewport::new(t0, t1, width) else {
                continue;
            };
            out.clear();
            let t = Instant::now();
            levels.render(&trace, &tracks, view, &mut out);
            slice_ms.push(t.elapsed().as_secs_f64() * 1e3);
            boxes.push((out.len() / lod::SLICE_STRIDE) as f64);
            out.clear();
            let t = Instant::now();
            lod::render_slices(&trace, &tracks, view, &mut out);
            direct_ms.push(t.elapsed().as_secs_f64() * 1e3);
            out.clear();
            let t = Instant::now();
            lod::render_instants(&trace, &tracks, view, &mut out);
            instant_ms.push(t.elapsed().as_secs_f64() * 1e3);
        }
    }
    let lanes = tracks
        .iter()
        .map(|&t| trace.index.lanes_of(t).len())
        .sum::<usize>();
    Ok(serde_json::json!({
        "file": file,
        "import_ms": import_ms,
        "slices": trace.slices.len(),
        "tracks": tracks.len(),
        "lanes": lanes,
        "frames": slice_ms.len(),
        "levels_build_ms": levels_ms,
        "levels_bytes": levels.heap_bytes(),
        "lane_levels": (0..trace.index.lanes.len())
            .map(|l| (trace.index.lanes[l].range().len(), levels.lane_levels(l)))
            .collect::<Vec<_>>(),
        "direct_ms": { "p50": pct(&mut direct_ms, 50.0), "p95": pct(&mut direct_ms, 95.0) },
        "slices_ms": { "p50": pct(&mut slice_ms, 50.0), "p95": pct(&mut slice_ms, 95.0) },
        "instants_ms": { "p50": pct(&mut instant_ms, 50.0), "p95": pct(&mut instant_ms, 95.0) },
        "boxes": { "p50": pct(&mut boxes, 50.0), "p95": pct(&mut boxes, 95.0) },
    })
    .to_string())
}
