//! Overview and steps: parity with XProf's `overview_page` (steps and step times, top ops,
//! run environment) on every corpus xplane, with and without `--xprof-compat`, and Kineto
//! `ProfilerStep#N` steps.
#![allow(clippy::disallowed_methods)]

#[path = "common/mod.rs"]
mod common;
#[path = "analysis/oracle.rs"]
mod oracle;

use planeview::analysis::compat::Compat;
use planeview::analysis::overview::overview;
use serde_json::Value;

/// XProf's step rows: (name, step time in ms).
fn xprof_steps(page: &Value) -> Vec<(String, f64)> {
    oracle::table_rows(&page[1])
        .iter()
        .map(|r| {
            (
                r["stepnum"].as_str().unwrap().to_owned(),
                r["stepTimeMs"].as_f64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn compat_steps_top_ops_and_environment_match_xprof() {
    for profile in oracle::PROFILES {
        let Some(trace) = oracle::load(profile) else {
            continue;
        };
        let Some(page) = oracle::oracle(profile, "overview_page.json") else {
            continue;
        };
        let o = overview(&trace, Compat::Xprof);
        let ours: Vec<(String, f64)> = o
            .steps
            .iter()
            .map(|s| (s.step.clone(), s.step_time_ps as f64 / 1e9))
            .collect();
        let theirs = xprof_steps(&page);
        assert_eq!(ours.len(), theirs.len(), "{profile}");
        for (a, b) in ours.iter().zip(&theirs) {
            assert_eq!(a.0, b.0, "{profile}");
            assert!(
                (a.1 - b.1).abs() <= 1e-6 * b.1.max(1e-9),
                "{profile} {a:?} {b:?}"
            );
        }
        for s in &o.steps {
            assert_eq!(
                s.breakdown_ps.values().sum::<i64>(),
                s.step_time_ps,
                "{profile}"
            );
        }
        let top: Vec<Value> = o
            .top_ops
            .iter()
            .map(|r| serde_json::to_value(r).unwrap())
            .collect();
        let diffs = oracle::diff_rows(&oracle::table_rows(&page[0]), &top, &[]);
        assert!(diffs.is_empty(), "{profile}: {diffs:#?}");
        let env = &page[2]["p"];
        assert_eq!(
            env["device_type"],
            o.environment.device_type.as_str(),
            "{profile}"
        );
        assert_eq!(
            env["device_core_count"],
            o.environment.device_core_count.to_string()
        );
        assert_eq!(env["host_count"], o.environment.host_count.to_string());
        assert_eq!(
            page[1]["p"]["hardware_type"], o.environment.hardware_type,
            "{profile}"
        );
    }
}

/// Without `--xprof-compat`, the first and last steps XProf drops are kept.
#[test]
fn default_keeps_first_and_last_steps() {
    for profile in oracle::PROFILES {
        let Some(trace) = oracle::load(profile) else {
            continue;
        };
        let Some(page) = oracle::oracle(profile, "overview_page.json") else {
            continue;
        };
        let ours = overview(&trace, Compat::Planeview).steps;
        let theirs = xprof_steps(&page);
        if ours.len() > 5 {
            assert_eq!(ours.len(), theirs.len() + 2, "{profile}");
            assert_eq!(ours[1].step, theirs[0].0, "{profile}");
            assert_eq!(
                ours[ours.len() - 2].step,
                theirs[theirs.len() - 1].0,
                "{profile}"
            );
        } else {
            assert_eq!(ours.len(), theirs.len(), "{profile}");
        }
    }
}

#[test]
fn kineto_profiler_steps_are_steps() {
    let path = common::data_dir("chrome_json")
        .join("kineto__resnet50_nw0_worker0.1623143089861.pt.trace.json.gz");
    let trace = planeview::import::import_bytes(&common::read(&path))
        .unwrap()
        .trace;
    let o = overview(&trace, Compat::Planeview);
    let names: Vec<&str> = o.steps.iter().map(|s| s.step.as_str()).collect();
    assert!(
        names.starts_with(&["ProfilerStep#5", "ProfilerStep#6", "ProfilerStep#7"]),
        "{names:?}"
    );
    // ProfilerStep#5 lasts 176078 µs in the file.
    assert_eq!(o.steps[0].step_time_ps, 176_078_000_000);
    let b = &o.steps[0].breakdown_ps;
    assert!(b["device_compute"] > 0 && b["host_compute"] > 0);
    assert_eq!(b.values().sum::<i64>(), o.steps[0].step_time_ps);
}
