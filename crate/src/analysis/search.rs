//! Finding slices by name.

use crate::model::{SliceId, Trace};

/// Slices whose name contains `query` (ASCII case-insensitive), sorted by start time, at
/// most `limit` of them (the earliest). An empty query matches nothing.
pub fn search_slices(trace: &Trace, query: &str, limit: usize) -> Vec<SliceId> {
    if query.is_empty() {
        return Vec::new();
    }
    let needle = query.to_ascii_lowercase();
    let matching: Vec<bool> = trace
        .strings
        .iter()
        .map(|(_, s)| contains_ignore_ascii_case(s, &needle))
        .collect();
    let mut hits: Vec<SliceId> = (0..trace.slices.len())
        .filter(|&i| matching[trace.slices.name[i].0 as usize])
        .map(|i| SliceId(i as u32))
        .collect();
    hits.sort_by_key(|id| (trace.slices.start[id.index()], id.0));
    hits.truncate(limit);
    hits
}

/// Slices named exactly `name`, sorted by start time, at most `limit` of them (the earliest):
/// every occurrence of one op or kernel, as a comparison's row names it.
pub fn slices_named(trace: &Trace, name: &str, limit: usize) -> Vec<SliceId> {
    let Some(id) = trace.strings.lookup(name) else {
        return Vec::new();
    };
    let mut hits: Vec<SliceId> = (0..trace.slices.len())
        .filter(|&i| trace.slices.name[i] == id)
        .map(|i| SliceId(i as u32))
        .collect();
    hits.sort_by_key(|s| (trace.slices.start[s.index()], s.0));
    hits.truncate(limit);
    hits
}

fn contains_ignore_ascii_case(haystack: &str, lower_needle: &str) -> bool {
    let (h, n) = (haystack.as_bytes(), lower_needle.as_bytes());
    n.len() <= h.len()
        && h.windows(n.len())
            .any(|w| w.iter().zip(n).all(|(a, b)| a.to_ascii_lowercase() == *b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ArgSetId, CategoryId, Format, TraceBuilder, TrackKind};

    #[test]
    fn finds_by_substring_in_time_order() {
        let mut b = TraceBuilder::new(Format::ChromeJson);
        let p = b.add_process("p", "1", 0);
        let t = b.add_track(p, "t", "1", 0, TrackKind::Slices);
        for (name, start) in [
            ("fusion.2", 50),
            ("MatMul", 10),
            ("fusion.1", 30),
            ("copy", 0),
        ] {
            let n = b.intern(name);
            b.add_slice(t, start, 5, n, CategoryId::NONE, ArgSetId::NONE);
        }
        let trace = b.finish();
        let hits = search_slices(&trace, "FUSION", 10);
        let names: Vec<&str> = hits
            .iter()
            .map(|h| trace.str(trace.slices.name[h.index()]))
            .collect();
        assert_eq!(names, ["fusion.1", "fusion.2"]);
        assert_eq!(search_slices(&trace, "mat", 10).len(), 1);
        assert!(search_slices(&trace, "", 10).is_empty());
    }
}
