//! HLO op stats and the op profile: parity with XProf's `hlo_stats` and `op_profile` (both
//! groupings) on every corpus xplane (rich on the TPU profile, empty skeletons elsewhere).
#![allow(clippy::disallowed_methods)]

#[path = "common/mod.rs"]
mod common;
#[path = "analysis/oracle.rs"]
mod oracle;

use planeview::analysis::compat::Compat;
use planeview::analysis::hlo_stats::hlo_stats_with;
use planeview::analysis::op_profile::{GroupBy, op_profile_with};
use serde_json::Value;

#[test]
fn hlo_stats_match_xprof_on_every_corpus_xplane() {
    for profile in oracle::PROFILES {
        let Some(trace) = oracle::load(profile) else {
            continue;
        };
        let Some(expected) = oracle::oracle(profile, "hlo_stats.json") else {
            continue;
        };
        let rows: Vec<Value> = hlo_stats_with(&trace, Compat::Xprof)
            .iter()
            .map(|r| serde_json::to_value(r).unwrap())
            .collect();
        let diffs = oracle::diff_rows(&oracle::table_rows(&expected), &rows, &[]);
        assert!(diffs.is_empty(), "{profile}: {diffs:#?}");
    }
}

/// Metrics compared node by node. Bandwidth needs XProf's per-memory byte breakdown, which
/// the model does not keep, so `bandwidthUtils` / `rawBytesAccessedArray` are left out.
const METRICS: [&str; 8] = [
    "rawTime",
    "occurrences",
    "rawFlops",
    "flops",
    "uncappedFlops",
    "normalizedTimePs",
    "avgTimePs",
    "bf16Flops",
];

fn compare(expected: &Value, actual: &Value, path: &str, depth: usize, out: &mut Vec<String>) {
    let name = expected["name"].as_str().unwrap_or("");
    let path = format!("{path}/{name}");
    if expected["name"] != actual["name"] {
        out.push(format!("{path}: name {} found", actual["name"]));
        return;
    }
    for k in METRICS {
        let (e, a) = (&expected["metrics"][k], &actual["metrics"][k]);
        if !oracle::same(e, a) {
            out.push(format!("{path}: {k} expected {e}, found {a}"));
        }
    }
    // Op nodes (not the instructions inside fusions, whose categories XProf takes from
    // XLA's cost model): what the op is.
    if expected.get("xla").is_some() && depth < 4 {
        for k in ["expression", "provenance", "category", "programId"] {
            if expected["xla"][k] != actual["xla"][k] {
                out.push(format!(
                    "{path}: xla.{k} expected {}, found {}",
                    expected["xla"][k], actual["xla"][k]
                ));
            }
        }
    }
    if expected["numChildren"] != actual["numChildren"] {
        out.push(format!(
            "{path}: numChildren {} vs {}",
            expected["numChildren"], actual["numChildren"]
        ));
    }
    let none = Vec::new();
    let (ec, ac) = (
        expected["children"].as_array().unwrap_or(&none),
        actual["children"].as_array().unwrap_or(&none),
    );
    for (e, a) in ec.iter().zip(ac) {
        compare(e, a, &path, depth + 1, out);
    }
}

#[test]
fn op_profile_matches_xprof_on_every_corpus_xplane() {
    for profile in oracle::PROFILES {
        let Some(trace) = oracle::load(profile) else {
            continue;
        };
        for (group, file, key) in [
            (
                GroupBy::Program,
                "op_profile.group_by-program.json",
                "byProgram",
            ),
            (
                GroupBy::Category,
                "op_profile.group_by-category.json",
                "byCategory",
            ),
        ] {
            let Some(expected) = oracle::oracle(profile, file) else {
                continue;
            };
            let actual =
                serde_json::to_value(op_profile_with(&trace, group, Compat::Xprof)).unwrap();
            let mut diffs = Vec::new();
            compare(&expected[key], &actual, "", 0, &mut diffs);
            assert!(diffs.is_empty(), "{profile} {file}: {diffs:#?}");
        }
    }
}

/// The op rows of XProf's roofline (`step` = `Total`, rank ≥ 1, first dataset) on the columns
/// Planeview computes; the program aggregate rows need the per-memory byte breakdown.
#[test]
fn roofline_op_rows_match_xprof_on_every_corpus_xplane() {
    use planeview::analysis::roofline::roofline_with;
    for profile in oracle::PROFILES {
        let Some(trace) = oracle::load(profile) else {
            continue;
        };
        let Some(expected) = oracle::oracle(profile, "roofline_model.json") else {
            continue;
        };
        let model = roofline_with(&trace, None, Compat::Xprof);
        let rows: Vec<Value> = model
            .rows
            .iter()
            .map(|r| serde_json::to_value(r).unwrap())
            .collect();
        let ours: Vec<&str> = rows[..]
            .first()
            .map(|r| r.as_object().unwrap().keys().map(String::as_str).collect())
            .unwrap_or_default();
        let theirs: Vec<serde_json::Map<String, Value>> = oracle::table_rows(&expected[0])
            .into_iter()
            .filter(|r| r["step"] == "Total" && r["rank"].as_f64().unwrap_or(0.0) >= 1.0)
            .filter(|r| r["include_infeed_outfeed"] == true)
            .map(|r| {
                r.into_iter()
                    .filter(|(k, _)| ours.contains(&k.as_str()))
                    .collect()
            })
            .collect();
        let diffs = oracle::diff_rows(&theirs, &rows, &[]);
        assert!(diffs.is_empty(), "{profile}: {diffs:#?}");
        let props = &expected[0]["p"];
        if let Some(ridge) = props["hbm_ridge_point"]
            .as_str()
            .and_then(|s| s.parse::<f64>().ok())
        {
            assert!(
                (model.hbm_ridge_point - ridge).abs() <= 1e-3 * ridge.max(1.0),
                "{profile}"
            );
        }
    }
}
