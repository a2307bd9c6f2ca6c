//! Per-record problems, counted by kind with the first few examples.
//!
//! Importers never fail for one bad record: they apply a stated fallback and count it here.
//! Every kind, with its stable snake_case name, severity and meaning, is in [`registry`]; the
//! CLI prints them under `diagnostics` and the page shows them in the trace-health panel.

pub mod registry;

pub use registry::DiagnosticKind;

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use std::collections::BTreeMap;

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// Nothing was lost; the data was unusual (for example an ignored field).
    Info,
    /// Some data could not be placed or was cut (truncated input, unmatched ends).
    DataLoss,
    /// The file breaks its format's rules in a way that may make results wrong.
    Error,
}

impl Severity {
    /// The snake_case name used in JSON: `info`, `data_loss` or `error`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::DataLoss => "data_loss",
            Severity::Error => "error",
        }
    }
}

/// How many examples each diagnostic keeps.
pub const MAX_EXAMPLES: usize = 5;

/// The occurrences of one kind.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Diagnostic {
    /// Number of occurrences.
    pub count: u64,
    /// Severity (the kind's, from the registry).
    pub severity: Severity,
    /// The first few occurrences, described for a person.
    pub examples: Vec<String>,
}

/// All diagnostics of one import, keyed by kind (in name order). Serialises as an object
/// from name to `{count, severity, examples}`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Diagnostics {
    by_kind: BTreeMap<DiagnosticKind, Diagnostic>,
}

impl Diagnostics {
    /// Counts one occurrence of `kind`; `example` is only built while fewer than
    /// [`MAX_EXAMPLES`] are kept, so callers can pass a closure that formats.
    pub fn record(&mut self, kind: DiagnosticKind, example: impl FnOnce() -> String) {
        let entry = self.by_kind.entry(kind).or_insert(Diagnostic {
            count: 0,
            severity: kind.severity(),
            examples: Vec::new(),
        });
        entry.count += 1;
        if entry.examples.len() < MAX_EXAMPLES {
            entry.examples.push(example());
        }
    }

    /// Counts `count` occurrences of `kind` at once, with one example (nothing when 0).
    pub fn record_many(&mut self, kind: DiagnosticKind, count: u64, example: String) {
        if count == 0 {
            return;
        }
        self.record(kind, || example);
        if let Some(entry) = self.by_kind.get_mut(&kind) {
            entry.count += count - 1;
        }
    }

    /// The occurrences of `kind`, if any.
    pub fn get(&self, kind: DiagnosticKind) -> Option<&Diagnostic> {
        self.by_kind.get(&kind)
    }

    /// All diagnostics, by name.
    pub fn iter(&self) -> impl Iterator<Item = (DiagnosticKind, &Diagnostic)> {
        self.by_kind.iter().map(|(k, v)| (*k, v))
    }

    /// Total number of occurrences of all diagnostics.
    pub fn total(&self) -> u64 {
        self.by_kind.values().map(|d| d.count).sum()
    }

    /// True if nothing was reported.
    pub fn is_empty(&self) -> bool {
        self.by_kind.is_empty()
    }
}

impl Serialize for Diagnostics {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.by_kind.len()))?;
        for (kind, d) in &self.by_kind {
            map.serialize_entry(kind.name(), d)?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_keeps_first_examples() {
        let mut d = Diagnostics::default();
        for i in 0..8 {
            d.record(DiagnosticKind::UnmatchedEnd, || format!("E #{i}"));
        }
        d.record_many(DiagnosticKind::UnknownPhase, 3, "ph=Z".into());
        d.record_many(DiagnosticKind::InvalidString, 0, "never".into());
        let e = d.get(DiagnosticKind::UnmatchedEnd).unwrap();
        assert_eq!(e.count, 8);
        assert_eq!(e.severity, Severity::DataLoss);
        assert_eq!(e.examples, vec!["E #0", "E #1", "E #2", "E #3", "E #4"]);
        assert_eq!(d.total(), 11);
        assert!(d.get(DiagnosticKind::InvalidString).is_none());
        let json = serde_json::to_value(&d).unwrap();
        assert_eq!(json["unknown_phase"]["severity"], "data_loss");
        assert_eq!(json["unknown_phase"]["count"], 3);
        let names: Vec<&str> = d.iter().map(|(k, _)| k.name()).collect();
        assert_eq!(names, ["unknown_phase", "unmatched_end"]);
    }
}
