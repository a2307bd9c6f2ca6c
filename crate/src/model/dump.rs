//! A readable text dump of a [`Trace`], for snapshot tests and `planeview dump`.
//!
//! Deterministic: processes and tracks in display order, the first `per_track` slices and
//! instants of each track in time order, args sorted as stored, then diagnostics and
//! metadata (long values shortened). Each process and track shows its role, and a device
//! process its device (index, name, properties).

use super::{ArgSetId, Ps, Trace, TrackId, arg_value_to_json};
use crate::model::display_order;
use std::fmt::Write;

/// Dumps `trace`, listing at most `per_track` slices and instants per track.
pub fn dump_text(trace: &Trace, per_track: usize) -> String {
    let mut out = String::new();
    let t = trace;
    let _ = writeln!(
        out,
        "format {}  origin_ns {}  events {}  processes {}  tracks {}  slices {}  instants {}  counter_samples {}  flows {}",
        t.format.as_str(),
        t.origin.source_ns,
        t.source_events,
        t.processes.len(),
        t.tracks.len(),
        t.slices.len(),
        t.instants.len(),
        t.counters.len(),
        t.flows.len()
    );
    for group in display_order(t) {
        let p = group.process.index();
        let _ = writeln!(
            out,
            "process {:?} (source {:?}, sort {}, {})",
            t.processes.display_name(&t.strings, group.process),
            t.str(t.processes.source_id[p]),
            t.processes.sort_index[p],
            t.processes.role[p].as_str()
        );
        if let Some(d) = t.devices.of_process(group.process) {
            let properties = serde_json::Value::Object(d.properties.clone()).to_string();
            let _ = writeln!(
                out,
                "  device {} {:?} {}",
                d.index,
                d.name,
                shorten(&properties, 160)
            );
        }
        for &track in &group.tracks {
            dump_track(&mut out, t, track, per_track);
        }
    }
    dump_flows(&mut out, t, per_track);
    for k in 0..t.aggregates.len().min(per_track) {
        let a = &t.aggregates;
        let _ = writeln!(
            out,
            "aggregate {:?} on {:?} x{} total {}{}",
            shorten(t.str(a.name[k]), 100),
            t.str(t.tracks.name[a.track[k].index()]),
            a.occurrences[k],
            fmt_ps(a.dur[k]),
            fmt_args(t, a.args[k])
        );
    }
    for (kind, d) in t.diagnostics.iter() {
        let _ = writeln!(
            out,
            "diagnostic {} {:?} x{}: {:?}",
            kind.name(),
            d.severity,
            d.count,
            d.examples
        );
    }
    for (key, value) in &t.metadata.entries {
        let _ = writeln!(out, "metadata {key} = {}", shorten(&value.to_string(), 120));
    }
    for m in &t.metadata.hlo_modules {
        let _ = writeln!(
            out,
            "hlo_module {:?} program_id {:?} ({} bytes)",
            m.name,
            m.program_id,
            m.proto.len()
        );
    }
    out
}

fn dump_track(out: &mut String, t: &Trace, track: TrackId, per_track: usize) {
    let i = track.index();
    let lanes = t.index.lanes_of(track);
    let slice_count: usize = lanes.iter().map(|l| l.range().len()).sum();
    let instants = t.index.instants_of(track);
    let samples = t.index.counters_of(track);
    let _ = writeln!(
        out,
        "  track {:?} (source {:?}, sort {}, {:?}, {}) lanes {} slices {} instants {} samples {}",
        t.str(t.tracks.name[i]),
        t.str(t.tracks.source_id[i]),
        t.tracks.sort_index[i],
        t.tracks.kind[i],
        t.tracks.role[i].as_str(),
        lanes.len(),
        slice_count,
        instants.len(),
        samples.len()
    );
    let mut slices: Vec<usize> = lanes.iter().flat_map(|l| l.range()).collect();
    slices.sort_by_key(|&s| (t.slices.start[s], t.slices.lane[s]));
    for &s in slices.iter().take(per_track) {
        let _ = writeln!(
            out,
            "    {} +{} L{} {:?}{}{}",
            fmt_ps(t.slices.start[s]),
            fmt_ps(t.slices.dur[s]),
            t.slices.lane[s],
            shorten(t.str(t.slices.name[s]), 100),
            fmt_category(t, t.slices.category[s].index()),
            fmt_args(t, t.slices.args[s])
        );
    }
    for k in instants.take(per_track) {
        let _ = writeln!(
            out,
            "    {} instant {:?}{}{}",
            fmt_ps(t.instants.time[k]),
            shorten(t.str(t.instants.name[k]), 100),
            fmt_category(t, t.instants.category[k].index()),
            fmt_args(t, t.instants.args[k])
        );
    }
    for k in samples.take(per_track) {
        let _ = writeln!(
            out,
            "    {} = {}",
            fmt_ps(t.counters.time[k]),
            t.counters.value[k]
        );
    }
}

/// The first `limit` flows in (source start, destination start) order.
fn dump_flows(out: &mut String, t: &Trace, limit: usize) {
    let s = &t.slices;
    let mut flows: Vec<usize> = (0..t.flows.len()).collect();
    flows.sort_by_key(|&f| {
        let (a, b) = (t.flows.from[f].index(), t.flows.to[f].index());
        (s.start[a], s.start[b], a, b)
    });
    let end = |i: usize| {
        format!(
            "{:?}@{:?} {}",
            shorten(t.str(s.name[i]), 60),
            t.str(t.tracks.name[s.track[i].index()]),
            fmt_ps(s.start[i])
        )
    };
    for &f in flows.iter().take(limit) {
        let _ = writeln!(
            out,
            "flow{} {} -> {}",
            fmt_category(t, t.flows.category[f].index()),
            end(t.flows.from[f].index()),
            end(t.flows.to[f].index())
        );
    }
}

fn fmt_category(t: &Trace, c: usize) -> String {
    if c == 0 {
        String::new()
    } else {
        format!(" cat={:?}", t.str(t.categories.name[c]))
    }
}

fn fmt_args(t: &Trace, args: ArgSetId) -> String {
    let parts: Vec<String> = t
        .args
        .get(args)
        .map(|(k, v)| {
            format!(
                "{}={}",
                t.str(k),
                shorten(&arg_value_to_json(v, &t.strings).to_string(), 60)
            )
        })
        .collect();
    if parts.is_empty() {
        String::new()
    } else {
        format!(" {{{}}}", parts.join(", "))
    }
}

/// Picoseconds as seconds with 12 decimals, exact.
fn fmt_ps(ps: Ps) -> String {
    let sign = if ps < 0 { "-" } else { "" };
    let a = ps.unsigned_abs();
    format!(
        "{sign}{}.{:012}",
        a / 1_000_000_000_000,
        a % 1_000_000_000_000
    )
}

fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_owned();
    }
    let cut: String = s.chars().take(max).collect();
    format!("{cut}…")
}
