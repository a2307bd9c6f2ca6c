//! Level of detail on fuzzed traces and viewports.
//!
//! Builds a trace from the input through the public `TraceBuilder` (tracks, nested and
//! overlapping slices, instants, extreme times), then renders fuzzed viewports and checks
//! that nothing panics, boxes stay inside the viewport, and the counts add up: every slice
//! and instant that intersects the viewport is accounted for exactly once.
#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use planeview::analysis::lod::Viewport;
use planeview::model::{ArgSetId, CategoryId, Format, Ps, TraceBuilder, TrackId, TrackKind};

/// A time: mostly small, sometimes anywhere in i64.
fn time(u: &mut Unstructured<'_>) -> Result<Ps> {
    Ok(match u.int_in_range(0..=9u8)? {
        0 => u.arbitrary()?,
        1 => i64::from(u.arbitrary::<i32>()?) * 1_000_000,
        _ => i64::from(u.int_in_range(0..=100_000u32)?),
    })
}

fn run(u: &mut Unstructured<'_>) -> Result<()> {
    let mut b = TraceBuilder::new(Format::ChromeJson);
    let n_tracks = u.int_in_range(1..=4u32)?;
    let mut tracks = Vec::new();
    for p in 0..u.int_in_range(1..=2u32)? {
        let pid = b.add_process(&format!("p{p}"), &p.to_string(), 0);
        for t in 0..n_tracks {
            tracks.push(b.add_track(pid, &format!("t{t}"), &t.to_string(), 0, TrackKind::Slices));
        }
    }
    let names = [b.intern("a"), b.intern("b"), b.intern("c")];
    let n_slices = u.int_in_range(0..=400u32)?;
    for _ in 0..n_slices {
        let track = *u.choose(&tracks)?;
        let start = time(u)?;
        let dur = if u.ratio(1, 8)? {
            time(u)?
        } else {
            i64::from(u.int_in_range(0..=5_000u32)?)
        };
        let name = *u.choose(&names)?;
        b.add_slice(track, start, dur, name, CategoryId::NONE, ArgSetId::NONE);
    }
    for _ in 0..u.int_in_range(0..=100u32)? {
        let track = *u.choose(&tracks)?;
        b.add_instant(track, time(u)?, names[0], CategoryId::NONE, ArgSetId::NONE);
    }
    let trace = b.finish();
    let all: Vec<TrackId> = (0..trace.tracks.len() as u32).map(TrackId).collect();
    planeview_fuzz_check::check(&trace);

    for _ in 0..u.int_in_range(1..=6u32)? {
        let t0 = time(u)?;
        let span = match u.int_in_range(0..=3u8)? {
            0 => u.arbitrary::<i64>()?,
            1 => i64::from(u.int_in_range(1..=10u32)?),
            _ => i64::from(u.int_in_range(1..=200_000u32)?),
        };
        let t1 = t0.saturating_add(span);
        let width = match u.int_in_range(0..=3u8)? {
            0 => f64::from(u.arbitrary::<u32>()?) / 7.0,
            1 => u.arbitrary::<f64>()?,
            _ => f64::from(u.int_in_range(1..=4000u32)?),
        };
        let Some(view) = Viewport::new(t0, t1, width) else {
            continue;
        };
        // Some tracks, maybe repeated, maybe unknown ids (ignored by the renderer).
        let mut chosen = Vec::new();
        for _ in 0..u.int_in_range(0..=6u32)? {
            chosen.push(TrackId(u.int_in_range(0..=all.len() as u32 + 1)?));
        }
        if chosen.is_empty() {
            chosen = all.clone();
        }
        let (slices, instants) = planeview_fuzz_check::render_counts(&trace, &chosen, view);
        // The exact expectation, counted on the trace's own (rebased) tables.
        let s = &trace.slices;
        let mut want_slices = 0usize;
        let mut want_instants = 0usize;
        for &t in &chosen {
            if t.index() >= trace.tracks.len() {
                continue;
            }
            for lane in trace.index.lanes_of(t) {
                want_slices += lane
                    .range()
                    .filter(|&i| s.end(i) >= view.t0 && s.start[i] <= view.t1)
                    .count();
            }
            want_instants += trace
                .index
                .instants_of(t)
                .filter(|&i| trace.instants.time[i] >= view.t0 && trace.instants.time[i] <= view.t1)
                .count();
        }
        assert_eq!(slices, want_slices, "slices accounted for in {view:?}");
        assert_eq!(
            instants, want_instants,
            "instants accounted for in {view:?}"
        );
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});

#[path = "common.rs"]
mod planeview_fuzz_check;
