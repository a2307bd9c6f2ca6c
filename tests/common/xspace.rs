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

/// A generated XSpace: two planes, lines of many events with string and number stats.
pub fn generated() -> Vec<u8> {
    const WORDS: [&str; 5] = ["alpha", "beta", "gamma", "delta", "epsilon"];
    let line = |id: i64, name: &'static str, n: i64| Line {
        id,
        name,
        timestamp_ns: 1_000 + id,
        events: (0..n)
            .map(|i| Event {
                md: 1 + i % 3,
                offset_ps: i * 1_000,
                dur_ps: 900 - (i % 5) * 100,
                stats: vec![(10, Val::S(WORDS[(i % 5) as usize])), (11, Val::I(i - 50))],
                ..Event::default()
            })
            .collect(),
        ..Line::default()
    };
    let plane = |id: i64, name: &'static str| Plane {
        id,
        name,
        lines: vec![line(1, "a", 400), line(2, "b", 250), line(3, "c", 30)],
        event_md: (1..=3)
            .map(|m| (m, WORDS[m as usize], "", vec![]))
            .collect(),
        stat_md: vec![(10, "word"), (11, "number")],
        ..Plane::default()
    };
    encode(&[plane(1, "/host:CPU"), plane(2, "/device:GPU:0")])
}

/// Copies of `data` cut at 11 places and damaged at 23 (two bytes changed each).
pub fn cut_and_damaged(data: &[u8]) -> Vec<Vec<u8>> {
    let mut inputs: Vec<Vec<u8>> = (1..12)
        .map(|k| data[..data.len() * k / 12].to_vec())
        .collect();
    for k in 1..24 {
        let mut flipped = data.to_vec();
        let at = data.len() * k / 24;
        flipped[at] ^= 0x5a;
        flipped[at / 2 + 3] = 0xff;
        inputs.push(flipped);
    }
    inputs
}
