//! Reading XProf's outputs in `corpus/oracle/<profile>/` and comparing our rows with them.
#![allow(dead_code)]
#![allow(clippy::disallowed_methods)]

use crate::common;
use planeview::Trace;
use serde_json::Value;
use std::path::PathBuf;

/// The corpus xplanes, by oracle folder name.
pub const PROFILES: [&str; 5] = [
    "tf_gpu_multi_worker",
    "tpu_inference_2",
    "jax_cpu_mlp_small",
    "jax_cpu_mlp_large",
    "jax_cpu_mlp_xlarge",
];

/// The xplane of `profile`: from `tests/data/xplane/` when it is there, else the corpus.
pub fn xplane(profile: &str) -> Option<PathBuf> {
    let find = |dir: PathBuf| {
        ["xplane.pb", "xplane.pb.gz"]
            .map(|ext| dir.join(format!("{profile}.{ext}")))
            .into_iter()
            .find(|p| p.is_file())
    };
    find(common::data_dir("xplane")).or_else(|| find(common::corpus_dir()?.join("xplane")))
}

/// Imports `profile`, or `None` (with a visible message) when the corpus is absent; fails
/// instead where the corpus is expected (`common::skip`).
pub fn load(profile: &str) -> Option<Trace> {
    let Some(path) = xplane(profile) else {
        common::skip(&format!("{profile} not found (set PLANEVIEW_CORPUS)"));
        return None;
    };
    Some(
        planeview::import::import_bytes(&common::read(&path))
            .unwrap()
            .trace,
    )
}

/// Parses `oracle/<profile>/<file>` (gunzipping `.gz`), or `None` when absent (a failure where
/// the corpus is expected).
pub fn oracle(profile: &str, file: &str) -> Option<Value> {
    let dir = common::corpus_dir()?.join("oracle").join(profile);
    for name in [file.to_owned(), format!("{file}.gz")] {
        let path = dir.join(&name);
        if path.is_file() {
            let bytes = common::read(&path);
            let text = if planeview::import::is_gzip(&bytes) {
                planeview::import::gunzip(&bytes, 1 << 34).unwrap().data
            } else {
                bytes
            };
            return Some(serde_json::from_slice(&text).unwrap());
        }
    }
    common::skip(&format!("oracle {profile}/{file} not found in the corpus"));
    None
}

/// The rows of a Google DataTable as objects keyed by column id.
pub fn table_rows(table: &Value) -> Vec<serde_json::Map<String, Value>> {
    let ids: Vec<&str> = table["cols"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    table["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            ids.iter()
                .zip(r["c"].as_array().unwrap())
                .map(|(id, c)| (id.to_string(), c["v"].clone()))
                .collect()
        })
        .collect()
}

/// Equal as XProf numbers: strings and booleans exactly, numbers to 1e-6 relative.
pub fn same(expected: &Value, actual: &Value) -> bool {
    match (expected, actual) {
        (Value::Number(a), Value::Number(b)) => {
            let (a, b) = (a.as_f64().unwrap(), b.as_f64().unwrap());
            (a - b).abs() <= 1e-6 * a.abs().max(b.abs()).max(1e-9) || (a - b).abs() < 1e-12
        }
        (Value::Number(a), Value::String(b)) | (Value::String(b), Value::Number(a)) => b
            .parse::<f64>()
            .is_ok_and(|b| same(&Value::from(a.as_f64().unwrap()), &Value::from(b))),
        _ => expected == actual,
    }
}

/// Compares our rows with XProf's, row by row in order, on every column XProf has (except
/// those in `skip`). Returns the differences, at most 20.
pub fn diff_rows(
    expected: &[serde_json::Map<String, Value>],
    actual: &[Value],
    skip: &[&str],
) -> Vec<String> {
    let mut out = Vec::new();
    if expected.len() != actual.len() {
        out.push(format!(
            "{} rows expected, {} found",
            expected.len(),
            actual.len()
        ));
    }
    for (i, (e, a)) in expected.iter().zip(actual).enumerate() {
        for (k, v) in e {
            if skip.contains(&k.as_str()) {
                continue;
            }
            if !same(v, &a[k]) {
                out.push(format!("row {i} {k}: expected {v}, found {}", a[k]));
            }
        }
    }
    out.truncate(20);
    out
}
