//! Framework op stats: parity with the first table of XProf's `framework_op_stats` on every
//! corpus xplane, and Kineto operators with hand-computed self times.
#![allow(clippy::disallowed_methods)]

#[path = "common/mod.rs"]
mod common;
#[path = "analysis/oracle.rs"]
mod oracle;

use planeview::analysis::compat::Compat;
use planeview::analysis::framework_ops::{framework_op_stats, framework_op_stats_with};

#[test]
fn framework_op_stats_match_xprof_on_every_corpus_xplane() {
    for profile in oracle::PROFILES {
        let Some(trace) = oracle::load(profile) else {
            continue;
        };
        let Some(expected) = oracle::oracle(profile, "framework_op_stats.json") else {
            continue;
        };
        let rows: Vec<_> = framework_op_stats_with(&trace, Compat::Xprof)
            .iter()
            .map(|r| serde_json::to_value(r).unwrap())
            .collect();
        let diffs = oracle::diff_rows(&oracle::table_rows(&expected[0]), &rows, &[]);
        assert!(diffs.is_empty(), "{profile}: {diffs:#?}");
    }
}

/// A step with two operators, one nested: self times are computed by hand.
#[test]
fn kineto_operators_get_self_times() {
    let json = r#"{"traceEvents":[
        {"ph":"X","cat":"cpu_op","name":"aten::linear","pid":1,"tid":1,"ts":0,"dur":100},
        {"ph":"X","cat":"cpu_op","name":"aten::matmul","pid":1,"tid":1,"ts":10,"dur":60},
        {"ph":"X","cat":"cpu_op","name":"aten::matmul","pid":1,"tid":1,"ts":120,"dur":30},
        {"ph":"X","cat":"python_function","name":"forward","pid":1,"tid":1,"ts":0,"dur":200}
    ]}"#;
    let trace = planeview::import::import_bytes(json.as_bytes())
        .unwrap()
        .trace;
    let rows = framework_op_stats(&trace);
    let find = |name: &str| rows.iter().find(|r| r.operation == name).unwrap();
    let matmul = find("aten::matmul");
    assert_eq!(
        (
            matmul.occurrences,
            matmul.total_time,
            matmul.total_self_time
        ),
        (2, 90.0, 90.0)
    );
    let linear = find("aten::linear");
    assert_eq!((linear.total_time, linear.total_self_time), (100.0, 40.0));
    // Ops span 0..150 µs on the thread; they cover 130 µs of self time.
    let idle = find("IDLE");
    assert_eq!((idle.host_or_device, idle.total_self_time), ("Host", 20.0));
    assert_eq!(rows[0].operation, "aten::matmul");
    assert_eq!(
        rows.iter().filter(|r| r.host_or_device == "Device").count(),
        0
    );
}
