//! Per-record problems, counted by name with a severity and the first few examples.
//!
//! Importers never fail for one bad record: they apply a stated fallback and count it here.
//! The names are stable snake_case identifiers (see `shared/CLI.md`): the CLI prints them
//! under `diagnostics` and the page shows them in the trace-health panel.

use serde::Serialize;
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

/// How many examples each diagnostic keeps.
pub const MAX_EXAMPLES: usize = 5;

/// One named counter.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Diagnostic {
    /// Number of occurrences.
    pub count: u64,
    /// Severity (the highest one reported under this name).
    pub severity: Severity,
    /// The first few occurrences, described for a person.
    pub examples: Vec<String>,
}

/// All diagnostics of one import, keyed by name.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(transparent)]
pub struct Diagnostics {
    by_name: BTreeMap<&'static str, Diagnostic>,
}

impl Diagnostics {
    /// Counts one occurrence; `example` is only built while fewer than
    /// [`MAX_EXAMPLES`] are kept, so callers can pass a closure that formats.
    pub fn report(
        &mut self,
        name: &'static str,
        severity: Severity,
        example: impl FnOnce() -> String,
    ) {
        let entry = self.by_name.entry(name).or_insert(Diagnostic {
            count: 0,
            severity,
            examples: Vec::new(),
        });
        entry.count += 1;
        entry.severity = entry.severity.max(severity);
        if entry.examples.len() < MAX_EXAMPLES {
            entry.examples.push(example());
        }
    }

    /// Adds `count` occurrences at once, with one example.
    pub fn report_many(
        &mut self,
        name: &'static str,
        severity: Severity,
        count: u64,
        example: String,
    ) {
        if count == 0 {
            return;
        }
        self.report(name, severity, || example);
        if let Some(entry) = self.by_name.get_mut(name) {
            entry.count += count - 1;
        }
    }

    /// The diagnostic called `name`, if any occurred.
    pub fn get(&self, name: &str) -> Option<&Diagnostic> {
        self.by_name.get(name)
    }

    /// All diagnostics, by name.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &Diagnostic)> {
        self.by_name.iter().map(|(k, v)| (*k, v))
    }

    /// Total number of occurrences of all diagnostics.
    pub fn total(&self) -> u64 {
        self.by_name.values().map(|d| d.count).sum()
    }

    /// True if nothing was reported.
    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_keeps_first_examples() {
        let mut d = Diagnostics::default();
        for i in 0..8 {
            d.report("unmatched_end", Severity::DataLoss, || format!("E #{i}"));
        }
        d.report("unknown_phase", Severity::Info, || "ph=Z".into());
        let e = d.get("unmatched_end").unwrap();
        assert_eq!(e.count, 8);
        assert_eq!(e.examples, vec!["E #0", "E #1", "E #2", "E #3", "E #4"]);
        assert_eq!(d.total(), 9);
        let json = serde_json::to_value(&d).unwrap();
        assert_eq!(json["unknown_phase"]["severity"], "info");
    }
}
