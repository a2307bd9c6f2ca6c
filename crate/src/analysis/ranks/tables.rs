//! One analysis table per rank merged into one: every input row with its rank's label in the
//! `rank` column (its 1-based place in its own table moves to `position`), plus per key one
//! `"all"` row that sums times and occurrences over the inputs and recomputes what derives
//! from them:
//! - averages = summed total / summed occurrences; minimum and maximum over the inputs;
//! - shares (`%` of the device or host time) = summed time / the summed time each input's
//!   shares were taken of (recovered from its rows: time / share), cumulative shares as the
//!   running sum down the `all` rows;
//! - rates (FLOP/s, bandwidths) weighted by the time they were measured over (operational
//!   intensity by the bytes moved);
//! - percentiles cannot be recomputed from the inputs' rows: `null`;
//! - any other column (names, categories, launch shapes) is the first input's.
//!
//! Keys: `kernels` (kernel name, launching op, launch shape), `hlo-stats` (program id, HLO
//! op), `framework-ops` (host or device, type, operation), `gpu-ops` (operation). Groups are
//! sorted by the `all` row's total time, longest first; in a group the `all` row comes first,
//! then the inputs' rows in input order. Every row's `row` counts from 1 down the merged
//! table; an `all` row's `position` is its place among the `all` rows.

use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// How one tool's columns merge.
struct Spec {
    keys: &'static [&'static str],
    sums: &'static [&'static str],
    /// (average, total, count).
    averages: &'static [(&'static str, &'static str, &'static str)],
    mins: &'static [&'static str],
    maxs: &'static [&'static str],
    /// (rate, the columns whose product weighs it).
    rates: &'static [(&'static str, &'static [&'static str])],
    /// (share, the time it is a share of, scale: 100 for %, 1 for fractions).
    shares: &'static [(&'static str, &'static str, f64)],
    /// (cumulative share, share).
    cumulative: &'static [(&'static str, &'static str)],
    unknown: &'static [&'static str],
    order_by: &'static str,
}

const KERNELS: Spec = Spec {
    keys: &[
        "kernel_name",
        "op_name",
        "registers_per_thread",
        "shmem_bytes",
        "block_dim",
        "grid_dim",
    ],
    sums: &["occurrences", "total_duration_us", "total_duration_ps"],
    averages: &[("avg_duration_us", "total_duration_us", "occurrences")],
    mins: &["min_duration_us"],
    maxs: &["max_duration_us"],
    rates: &[],
    shares: &[("device_busy_pct", "total_duration_ps", 100.0)],
    cumulative: &[],
    unknown: &["p50_duration_us", "p90_duration_us", "p99_duration_us"],
    order_by: "total_duration_ps",
};

const SELF_TIME: &[&str] = &["total_self_time"];
const SELF_BYTES: &[&str] = &["total_self_time", "measured_memory_bw"];

const HLO_STATS: Spec = Spec {
    keys: &["program_id", "hlo_op_name"],
    sums: &[
        "occurrences",
        "total_time",
        "total_self_time",
        "total_self_time_ps",
        "vdd_energy",
    ],
    averages: &[
        ("avg_time", "total_time", "occurrences"),
        ("avg_self_time", "total_self_time", "occurrences"),
    ],
    mins: &[],
    maxs: &[],
    rates: &[
        ("dma_stall_percent", SELF_TIME),
        ("model_flop_rate", SELF_TIME),
        ("normalized_flop_rate", SELF_TIME),
        ("measured_memory_bw", SELF_TIME),
        ("hbm_bw", SELF_TIME),
        ("cmem_read_bw", SELF_TIME),
        ("cmem_write_bw", SELF_TIME),
        ("operational_intensity", SELF_BYTES),
    ],
    shares: &[("total_self_time_percent", "total_self_time_ps", 100.0)],
    cumulative: &[(
        "cumulative_total_self_time_percent",
        "total_self_time_percent",
    )],
    unknown: &[],
    order_by: "total_self_time_ps",
};

const FRAMEWORK_OPS: Spec = Spec {
    keys: &["host_or_device", "type", "operation"],
    sums: &[
        "occurrences",
        "total_time",
        "total_self_time",
        "total_self_time_ps",
    ],
    averages: &[
        ("avg_time", "total_time", "occurrences"),
        ("avg_self_time", "total_self_time", "occurrences"),
    ],
    mins: &[],
    maxs: &[],
    rates: &[
        ("measured_flop_rate", SELF_TIME),
        ("model_flop_rate", SELF_TIME),
        ("measured_memory_bw", SELF_TIME),
        ("gpu_tensorcore_utilization", SELF_TIME),
        ("operational_intensity", SELF_BYTES),
    ],
    shares: &[
        ("device_total_self_time_percent", "total_self_time_ps", 1.0),
        ("host_total_self_time_percent", "total_self_time_ps", 1.0),
    ],
    cumulative: &[
        (
            "device_cumulative_total_self_time_percent",
            "device_total_self_time_percent",
        ),
        (
            "Host_cumulative_total_self_time_percent",
            "host_total_self_time_percent",
        ),
    ],
    unknown: &[],
    order_by: "total_self_time_ps",
};

const GPU_OPS: Spec = Spec {
    keys: &["operation"],
    sums: &[
        "occurrences",
        "kernels",
        "total_device_time_us",
        "total_device_time_ps",
    ],
    averages: &[("avg_device_time_us", "total_device_time_us", "occurrences")],
    mins: &[],
    maxs: &[],
    rates: &[],
    shares: &[("device_time_percent", "total_device_time_ps", 100.0)],
    cumulative: &[],
    unknown: &[],
    order_by: "total_device_time_ps",
};

fn spec_of(tool: &str) -> Option<&'static Spec> {
    Some(match tool {
        "kernels" => &KERNELS,
        "hlo-stats" => &HLO_STATS,
        "framework-ops" => &FRAMEWORK_OPS,
        "gpu-ops" => &GPU_OPS,
        _ => return None,
    })
}

/// The rows of one key: (input, row).
type Group<'a> = Vec<(usize, &'a Map<String, Value>)>;

fn num(row: &Map<String, Value>, key: &str) -> f64 {
    row.get(key).and_then(Value::as_f64).unwrap_or(0.0)
}

/// A sum kept an integer when every input is one.
fn sum_value(rows: &[(usize, &Map<String, Value>)], key: &str) -> Value {
    if rows
        .iter()
        .all(|(_, r)| r.get(key).is_none_or(|v| v.is_i64() || v.is_u64()))
    {
        Value::from(
            rows.iter()
                .filter_map(|(_, r)| r.get(key).and_then(Value::as_i64))
                .sum::<i64>(),
        )
    } else {
        Value::from(rows.iter().map(|(_, r)| num(r, key)).sum::<f64>())
    }
}

/// Merges the tables of `tool`, one per input, labelled by `labels` (see the module doc);
/// `Err` names an unknown tool or a count mismatch.
pub fn merge_tables(
    tool: &str,
    tables: &[Vec<Value>],
    labels: &[String],
) -> Result<Vec<Value>, String> {
    let spec = spec_of(tool).ok_or_else(|| format!("no table {tool:?} to merge"))?;
    if tables.len() != labels.len() {
        return Err(format!(
            "{} tables but {} labels",
            tables.len(),
            labels.len()
        ));
    }
    // Per input and share column: the time its shares were taken of.
    let mut bases = vec![vec![0.0f64; spec.shares.len()]; tables.len()];
    let mut groups: BTreeMap<String, Group> = BTreeMap::new();
    for (t, rows) in tables.iter().enumerate() {
        for row in rows.iter().filter_map(Value::as_object) {
            for (k, (share, time, scale)) in spec.shares.iter().enumerate() {
                let s = num(row, share);
                if s > 0.0 {
                    bases[t][k] = bases[t][k].max(num(row, time) / s * scale);
                }
            }
            let key: Vec<&Value> = spec
                .keys
                .iter()
                .map(|k| row.get(*k).unwrap_or(&Value::Null))
                .collect();
            groups
                .entry(serde_json::to_string(&key).unwrap_or_default())
                .or_default()
                .push((t, row));
        }
    }
    let mut merged: Vec<(Map<String, Value>, Group)> = groups
        .into_values()
        .map(|rows| (all_row(spec, &rows, &bases), rows))
        .collect();
    merged.sort_by(|(a, _), (b, _)| num(b, spec.order_by).total_cmp(&num(a, spec.order_by)));
    let mut running = vec![0.0f64; spec.cumulative.len()];
    let mut out = Vec::new();
    for (mut all, rows) in merged {
        for (k, (cum, share)) in spec.cumulative.iter().enumerate() {
            running[k] += num(&all, share);
            all.insert((*cum).into(), Value::from(running[k]));
        }
        out.push(all);
        for (t, row) in rows {
            let mut r = row.clone();
            if let Some(p) = r.remove("rank") {
                r.insert("position".into(), p);
            }
            r.insert("rank".into(), Value::from(labels[t].clone()));
            out.push(r);
        }
    }
    let mut rows = Vec::with_capacity(out.len());
    let mut alls = 0;
    for (k, mut r) in out.into_iter().enumerate() {
        if r.get("rank").and_then(Value::as_str) == Some("all") {
            alls += 1;
            r.insert("position".into(), Value::from(alls));
        }
        r.insert("row".into(), Value::from(k + 1));
        rows.push(Value::Object(r));
    }
    Ok(rows)
}

/// The `all` row of one key (see the module doc).
fn all_row(
    spec: &Spec,
    rows: &[(usize, &Map<String, Value>)],
    bases: &[Vec<f64>],
) -> Map<String, Value> {
    let mut all = rows[0].1.clone();
    all.remove("_longest");
    all.insert("_longest".into(), Value::Null);
    for k in spec.sums {
        all.insert((*k).into(), sum_value(rows, k));
    }
    for (avg, total, count) in spec.averages {
        let c = num(&all, count);
        all.insert(
            (*avg).into(),
            Value::from(if c > 0.0 { num(&all, total) / c } else { 0.0 }),
        );
    }
    for k in spec.mins {
        let v = rows
            .iter()
            .map(|(_, r)| num(r, k))
            .fold(f64::INFINITY, f64::min);
        all.insert((*k).into(), Value::from(v));
    }
    for k in spec.maxs {
        let v = rows
            .iter()
            .map(|(_, r)| num(r, k))
            .fold(f64::NEG_INFINITY, f64::max);
        all.insert((*k).into(), Value::from(v));
    }
    for (rate, weight) in spec.rates {
        let w = |r: &Map<String, Value>| weight.iter().map(|k| num(r, k)).product::<f64>();
        let total: f64 = rows.iter().map(|(_, r)| w(r)).sum();
        let v: f64 = rows.iter().map(|(_, r)| num(r, rate) * w(r)).sum();
        all.insert(
            (*rate).into(),
            Value::from(if total > 0.0 { v / total } else { 0.0 }),
        );
    }
    for (k, (share, time, scale)) in spec.shares.iter().enumerate() {
        let base: f64 = bases.iter().map(|b| b[k]).sum();
        let part: f64 = rows
            .iter()
            .filter(|(_, r)| num(r, share) > 0.0)
            .map(|(_, r)| num(r, time))
            .sum();
        all.insert(
            (*share).into(),
            Value::from(if base > 0.0 { part / base * scale } else { 0.0 }),
        );
    }
    for k in spec.unknown {
        all.insert((*k).into(), Value::Null);
    }
    all.insert("rank".into(), Value::from("all"));
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn all_row_sums_times_and_recomputes_averages_and_shares() {
        let a = vec![
            json!({"rank": 1, "operation": "aten::mm", "occurrences": 2, "kernels": 2, "total_device_time_us": 30.0, "avg_device_time_us": 15.0, "device_time_percent": 75.0, "total_device_time_ps": 30_000_000, "_longest": 4}),
            json!({"rank": 2, "operation": "aten::add", "occurrences": 1, "kernels": 1, "total_device_time_us": 10.0, "avg_device_time_us": 10.0, "device_time_percent": 25.0, "total_device_time_ps": 10_000_000, "_longest": 7}),
        ];
        let b = vec![
            json!({"rank": 1, "operation": "aten::mm", "occurrences": 1, "kernels": 1, "total_device_time_us": 60.0, "avg_device_time_us": 60.0, "device_time_percent": 100.0, "total_device_time_ps": 60_000_000, "_longest": 1}),
        ];
        let rows = merge_tables("gpu-ops", &[a, b], &["0".into(), "1".into()]).unwrap();
        let col = |k: &str| rows.iter().map(|r| r[k].clone()).collect::<Vec<_>>();
        assert_eq!(
            col("rank"),
            [
                json!("all"),
                json!("0"),
                json!("1"),
                json!("all"),
                json!("0")
            ]
        );
        assert_eq!(
            col("operation")[..3],
            [json!("aten::mm"), json!("aten::mm"), json!("aten::mm")]
        );
        let mm = &rows[0];
        assert_eq!(mm["occurrences"], json!(3));
        assert_eq!(mm["total_device_time_ps"], json!(90_000_000));
        assert_eq!(mm["avg_device_time_us"], json!(30.0));
        // 90 µs of the 40 + 60 µs of all work.
        assert_eq!(mm["device_time_percent"], json!(90.0));
        assert_eq!(mm["_longest"], Value::Null);
        assert_eq!(rows[1]["_longest"], json!(4));
        assert_eq!(rows[1]["position"], json!(1));
        assert!(merge_tables("nope", &[], &[]).is_err());
        assert!(merge_tables("gpu-ops", &[vec![]], &[]).is_err());
    }
}
