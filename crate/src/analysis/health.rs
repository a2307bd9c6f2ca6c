//! The trace-health panel's list: every diagnostic with its severity, meaning (from the
//! registry, shown as the row's tooltip), count and first examples, each example linked to a
//! slice where one can be found.
//!
//! Diagnostics keep examples as text (see [`crate::diagnostics`]), and importers quote the
//! event they are about (`"name" overlaps ...`). The link is the first slice, in time order,
//! whose name is exactly the first quoted string of the example; an example without a quoted
//! name, or whose name no slice has, has no link.

use crate::diagnostics::Diagnostics;
use crate::model::{SliceId, Trace};
use serde::Serialize;

/// One diagnostic.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HealthEntry {
    /// Stable snake_case name.
    pub name: &'static str,
    /// `info`, `data_loss` or `error`.
    pub severity: crate::Severity,
    /// One line saying what the diagnostic means and what the importer did.
    pub meaning: &'static str,
    /// Occurrences.
    pub count: u64,
    /// First examples with the slice each one names, if found.
    pub examples: Vec<HealthExample>,
}

/// One example of a diagnostic.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HealthExample {
    /// The example text.
    pub text: String,
    /// A slice it names, if one exists.
    pub slice: Option<u32>,
}

/// Every diagnostic of `trace`, the most severe first, then by count.
pub fn health_entries(trace: &Trace) -> Vec<HealthEntry> {
    health_entries_with(trace, &Diagnostics::default())
}

/// Every diagnostic of `trace` and those an analysis of it counted (`analyses`: the runtime
/// memory's), the most severe first, then by count.
pub fn health_entries_with(trace: &Trace, analyses: &Diagnostics) -> Vec<HealthEntry> {
    let mut entries: Vec<HealthEntry> = trace
        .diagnostics
        .iter()
        .chain(analyses.iter())
        .map(|(kind, d)| HealthEntry {
            name: kind.name(),
            severity: d.severity,
            meaning: kind.meaning(),
            count: d.count,
            examples: d
                .examples
                .iter()
                .map(|text| HealthExample {
                    text: text.clone(),
                    slice: quoted_name(text)
                        .and_then(|n| first_slice_named(trace, n))
                        .map(|s| s.0),
                })
                .collect(),
        })
        .collect();
    entries.sort_by(|a, b| b.severity.cmp(&a.severity).then(b.count.cmp(&a.count)));
    entries
}

/// The first `"…"` of `text` (Rust `{:?}` quoting; escapes are not undone).
fn quoted_name(text: &str) -> Option<&str> {
    let start = text.find('"')? + 1;
    let len = text[start..].find('"')?;
    Some(&text[start..start + len])
}

/// The earliest slice named exactly `name`.
fn first_slice_named(trace: &Trace, name: &str) -> Option<SliceId> {
    let id = trace.strings.lookup(name)?;
    let s = &trace.slices;
    (0..s.len())
        .filter(|&i| s.name[i] == id)
        .min_by_key(|&i| s.start[i])
        .map(|i| SliceId(i as u32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DiagnosticKind;

    #[test]
    fn examples_link_to_the_named_slice() {
        let json = br#"{"traceEvents":[
            {"ph":"X","name":"outer","pid":1,"tid":1,"ts":0,"dur":10},
            {"ph":"X","name":"cross","pid":1,"tid":1,"ts":5,"dur":10},
            {"ph":"E","pid":1,"tid":2,"ts":3}]}"#;
        let t = crate::import::import_bytes(json).unwrap().trace;
        let entries = health_entries(&t);
        let overlap = entries
            .iter()
            .find(|e| e.name == DiagnosticKind::OverlapSublane.name())
            .unwrap();
        assert_eq!(overlap.meaning, DiagnosticKind::OverlapSublane.meaning());
        let linked = overlap.examples[0].slice.unwrap() as usize;
        assert_eq!(t.str(t.slices.name[linked]), "cross");
        assert!(entries.len() >= 2);
        assert_eq!(quoted_name("no quotes"), None);
    }
}
