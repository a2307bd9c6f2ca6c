//! A small XSpace writer for tests: the protobuf wire format of `proto/xplane.proto`
//! written by hand (the crate's prost types are private), enough to build flow, line-order,
//! display-name and aggregate cases.

/// A stat value.
#[derive(Clone, Debug)]
pub enum Val {
    /// `int64_value`.
    I(i64),
    /// `uint64_value`.
    U(u64),
    /// `str_value`.
    S(&'static str),
}

/// An event: metadata id, offset (or `num_occurrences` when `occurrences` is set),
/// duration and stats as (stat metadata id, value).
#[derive(Clone, Debug, Default)]
pub struct Event {
    pub md: i64,
    pub offset_ps: i64,
    pub occurrences: Option<i64>,
    pub dur_ps: i64,
    pub stats: Vec<(i64, Val)>,
}

/// A line.
#[derive(Clone, Debug, Default)]
pub struct Line {
    pub id: i64,
    pub name: &'static str,
    pub display_name: &'static str,
    pub timestamp_ns: i64,
    pub events: Vec<Event>,
}

/// Event metadata: (id, name, display name, stats).
pub type EventMetadata = (i64, &'static str, &'static str, Vec<(i64, Val)>);

/// A plane: event metadata, stat metadata as (id, name), plane stats.
#[derive(Clone, Debug, Default)]
pub struct Plane {
    pub id: i64,
    pub name: &'static str,
    pub lines: Vec<Line>,
    pub event_md: Vec<EventMetadata>,
    pub stat_md: Vec<(i64, &'static str)>,
    pub stats: Vec<(i64, Val)>,
}

fn varint(mut v: u64, out: &mut Vec<u8>) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn key(field: u64, wire: u64, out: &mut Vec<u8>) {
    varint(field << 3 | wire, out);
}

fn int(field: u64, v: i64, out: &mut Vec<u8>) {
    if v != 0 {
        key(field, 0, out);
        varint(v as u64, out);
    }
}

fn bytes(field: u64, b: &[u8], out: &mut Vec<u8>) {
    key(field, 2, out);
    varint(b.len() as u64, out);
    out.extend_from_slice(b);
}

fn stat(md: i64, v: &Val) -> Vec<u8> {
    let mut out = Vec::new();
    int(1, md, &mut out);
    match v {
        Val::I(i) => {
            key(4, 0, &mut out);
            varint(*i as u64, &mut out);
        }
        Val::U(u) => {
            key(3, 0, &mut out);
            varint(*u, &mut out);
        }
        Val::S(s) => bytes(5, s.as_bytes(), &mut out),
    }
    out
}

fn event(e: &Event) -> Vec<u8> {
    let mut out = Vec::new();
    int(1, e.md, &mut out);
    match e.occurrences {
        Some(n) => {
            key(5, 0, &mut out);
            varint(n as u64, &mut out);
        }
        None => {
            key(2, 0, &mut out);
            varint(e.offset_ps as u64, &mut out);
        }
    }
    int(3, e.dur_ps, &mut out);
    for (md, v) in &e.stats {
        bytes(4, &stat(*md, v), &mut out);
    }
    out
}

fn line(l: &Line) -> Vec<u8> {
    let mut out = Vec::new();
    int(1, l.id, &mut out);
    bytes(2, l.name.as_bytes(), &mut out);
    int(3, l.timestamp_ns, &mut out);
    for e in &l.events {
        bytes(4, &event(e), &mut out);
    }
    if !l.display_name.is_empty() {
        bytes(11, l.display_name.as_bytes(), &mut out);
    }
    out
}

fn plane(p: &Plane) -> Vec<u8> {
    let mut out = Vec::new();
    int(1, p.id, &mut out);
    bytes(2, p.name.as_bytes(), &mut out);
    for l in &p.lines {
        bytes(3, &line(l), &mut out);
    }
    for (id, name, display, stats) in &p.event_md {
        let mut md = Vec::new();
        int(1, *id, &mut md);
        bytes(2, name.as_bytes(), &mut md);
        if !display.is_empty() {
            bytes(4, display.as_bytes(), &mut md);
        }
        for (sid, v) in stats {
            bytes(5, &stat(*sid, v), &mut md);
        }
        let mut entry = Vec::new();
        int(1, *id, &mut entry);
        bytes(2, &md, &mut entry);
        bytes(4, &entry, &mut out);
    }
    for (id, name) in &p.stat_md {
        let mut md = Vec::new();
        int(1, *id, &mut md);
        bytes(2, name.as_bytes(), &mut md);
        let mut entry = Vec::new();
        int(1, *id, &mut entry);
        bytes(2, &md, &mut entry);
        bytes(5, &entry, &mut out);
    }
    for (md, v) in &p.stats {
        bytes(6, &stat(*md, v), &mut out);
    }
    out
}

/// Encodes an XSpace holding `planes`.
pub fn encode(planes: &[Plane]) -> Vec<u8> {
    let mut out = Vec::new();
    for p in planes {
        bytes(1, &plane(p), &mut out);
    }
    out
}
