//! The diagnostics registry against the files that name diagnostics outside Rust's type
//! system: `docs/DIAGNOSTICS.md` (generated from the registry), the snapshot dumps, the
//! page's TypeScript and the browser tests.
// Tests read files; the sans-IO rule of clippy.toml is for the core.
#![allow(clippy::disallowed_methods)]

use planeview::DiagnosticKind;
use planeview::diagnostics::registry;
use std::path::{Path, PathBuf};

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// Files under `dir` (recursively) whose names end with `suffix`.
fn files(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(files(&path, suffix));
        } else if path.to_string_lossy().ends_with(suffix) {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// Every string that follows one of `openers` up to `close`, in `text`.
fn quoted_after<'a>(text: &'a str, openers: &[&str], close: char) -> Vec<&'a str> {
    let mut out = Vec::new();
    for opener in openers {
        let mut rest = text;
        while let Some(at) = rest.find(opener) {
            rest = &rest[at + opener.len()..];
            if let Some(end) = rest.find(close) {
                out.push(&rest[..end]);
            }
        }
    }
    out
}

#[test]
fn the_docs_list_the_registry() {
    let path = repo("docs/DIAGNOSTICS.md");
    let expected = registry::markdown();
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &expected).unwrap();
        return;
    }
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        written == expected,
        "docs/DIAGNOSTICS.md is stale against crate/src/diagnostics/registry.rs \
         (run UPDATE_SNAPSHOTS=1 cargo test --test diagnostics)"
    );
    for kind in DiagnosticKind::ALL {
        assert!(written.contains(&format!("| `{kind}` |")), "{kind}");
    }
}

#[test]
fn every_dumped_diagnostic_is_registered_with_its_severity() {
    let mut seen = 0;
    for path in files(&repo("tests/snapshots"), ".txt") {
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines().filter(|l| l.starts_with("diagnostic ")) {
            let mut words = line.split(' ').skip(1);
            let (name, severity) = (words.next().unwrap(), words.next().unwrap());
            let kind = DiagnosticKind::from_name(name)
                .unwrap_or_else(|| panic!("{}: {name} is not in the registry", path.display()));
            assert_eq!(
                format!("{:?}", kind.severity()),
                severity,
                "{}: {name}",
                path.display()
            );
            seen += 1;
        }
    }
    assert!(seen > 50, "only {seen} diagnostics in the snapshots");
}

#[test]
fn the_page_and_its_tests_name_registered_diagnostics() {
    let mut sources = files(&repo("www/src"), ".ts");
    sources.extend(files(&repo("tests/e2e"), ".mjs"));
    sources.extend(files(&repo("tests"), ".rs").into_iter().filter(|p| {
        // Not this file: it names diagnostics that must not exist.
        p.file_name().is_some_and(|n| n != "diagnostics.rs")
    }));
    let mut seen = 0;
    for path in sources {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut names = quoted_after(&text, &["data-diagnostic=\"", "[data-diagnostic=\""], '"');
        names.extend(quoted_after(
            &text,
            &["diagnostics?.['", "diagnostics['"],
            '\'',
        ));
        names.extend(quoted_after(&text, &["[\"diagnostics\"][\""], '"'));
        for name in names.into_iter().filter(|n| !n.contains(['$', '{'])) {
            assert!(
                DiagnosticKind::from_name(name).is_some(),
                "{}: {name:?} is not in the registry",
                path.display()
            );
            seen += 1;
        }
    }
    assert!(
        seen > 0,
        "no diagnostic names found: the patterns are stale"
    );
}

#[test]
fn renamed_diagnostics_are_gone() {
    for old in [
        "time_out_of_range",
        "counter_without_values",
        "ignored_metadata_event",
    ] {
        assert_eq!(DiagnosticKind::from_name(old), None, "{old}");
    }
}
