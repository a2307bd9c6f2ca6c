//! The profile as tables (`planeview::export`, `docs/SCHEMA.md`) on real files: each table
//! read back from its Arrow IPC stream and its Parquet file equals the model and the
//! analyses it was built from; the analysis tables have exactly the columns of the CLI's
//! `--json` rows; the engine calls `exportTables` / `tableArrow`; `planeview export` with a bad
//! file among good ones. (The SQL parity with DuckDB is `tests/duckdb/parity.py`.)

// Tests write Parquet files and a bad input to disk; the sans-IO rule is for the core.
#![allow(clippy::disallowed_methods)]

mod common;

use arrow_array::cast::AsArray;
use arrow_array::types::{Int32Type, Int64Type};
use arrow_array::{Array, RecordBatch};
use planeview::analysis::compat::Compat;
use planeview::api::{Profile, Session};
use planeview::export::{self, Labels, TABLES};
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn session(path: &Path) -> Session {
    let bytes = common::read(path);
    let mut s = Session::new();
    s.reserve(bytes.len() as u64).expect("reserve");
    s.push(&bytes).expect("push");
    s.finish().expect("finish");
    s
}

/// Files of every kind: Kineto GPU kernels and steps, XSpace GPU kernels, JAX steps and HLO
/// ops on CPU, a PyTorch CPU trace with memory instants and flows, Chrome JSON counters.
fn samples() -> Vec<PathBuf> {
    vec![
        common::data_dir("chrome_json")
            .join("kineto__resnet50_nw0_worker0.1623143089861.pt.trace.json.gz"),
        common::data_dir("chrome_json").join("torch-cpu__torch_cpu_smallcnn_train.json.gz"),
        common::data_dir("chrome_json").join("xprof__trace.json"),
        common::data_dir("xplane").join("tf_gpu_multi_worker.xplane.pb.gz"),
        common::data_dir("xplane").join("jax_cpu_mlp_small.xplane.pb"),
    ]
}

/// Table `name` as the page gets it: the `tableArrow` bytes read back.
fn read_ipc(p: &Profile, name: &str) -> (arrow_schema::SchemaRef, Vec<RecordBatch>) {
    let bytes = p.table_arrow(name, "sample").expect("tableArrow");
    let reader = arrow_ipc::reader::StreamReader::try_new(&bytes[..], None).expect("IPC stream");
    let schema = reader.schema();
    let batches = reader.collect::<Result<Vec<_>, _>>().expect("batches");
    (schema, batches)
}

fn rows(batches: &[RecordBatch]) -> usize {
    batches.iter().map(|b| b.num_rows()).sum()
}

fn i64_column(batches: &[RecordBatch], name: &str) -> Vec<i64> {
    batches
        .iter()
        .flat_map(|b| b[name].as_primitive::<Int64Type>().values().to_vec())
        .collect()
}

fn i32_column(batches: &[RecordBatch], name: &str) -> Vec<i32> {
    batches
        .iter()
        .flat_map(|b| b[name].as_primitive::<Int32Type>().values().to_vec())
        .collect()
}

fn str_column(batches: &[RecordBatch], name: &str) -> Vec<Option<String>> {
    batches
        .iter()
        .flat_map(|b| {
            let a = b[name].as_string::<i32>();
            (0..a.len())
                .map(|i| a.is_valid(i).then(|| a.value(i).to_owned()))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Every table's stream has the schema and row count `exportTables` states, and the `profile`
/// column holds the name given.
#[test]
fn every_table_streams_with_the_listed_schema_and_rows() {
    for path in samples() {
        let s = session(&path);
        let listed = s
            .handle_json(r#"{"method":"exportTables","args":[]}"#)
            .expect("exportTables");
        let listed: Vec<Value> = serde_json::from_str(&listed).unwrap();
        let names: Vec<&str> = listed.iter().map(|t| t["name"].as_str().unwrap()).collect();
        assert_eq!(names, TABLES, "{path:?}");
        let p = s.profile().unwrap();
        for t in &listed {
            let name = t["name"].as_str().unwrap();
            let (schema, batches) = read_ipc(p, name);
            let columns: Vec<Value> = schema
                .fields()
                .iter()
                .map(|f| json!({"name": f.name(), "type": f.data_type().to_string()}))
                .collect();
            assert_eq!(t["columns"], Value::Array(columns), "{path:?} {name}");
            assert_eq!(t["rows"], rows(&batches) as u64, "{path:?} {name}");
            assert!(batches.iter().all(|b| b.num_rows() <= export::BATCH_ROWS));
            let profiles = str_column(&batches, "profile");
            assert!(
                profiles.iter().all(|v| v.as_deref() == Some("sample")),
                "{name}"
            );
        }
    }
}

/// `slices`, `flows`, `counter_samples`, `tracks` and `args` hold the model's rows.
#[test]
fn model_tables_hold_the_model() {
    for path in samples() {
        let s = session(&path);
        let p = s.profile().unwrap();
        let t = p.trace();
        let (_, slices) = read_ipc(p, "slices");
        assert_eq!(rows(&slices), t.slices.len(), "{path:?}");
        assert_eq!(
            i32_column(&slices, "slice_id"),
            (0..t.slices.len() as i32).collect::<Vec<_>>()
        );
        assert_eq!(i64_column(&slices, "start_ps"), t.slices.start);
        assert_eq!(i64_column(&slices, "dur_ps"), t.slices.dur);
        let names: Vec<Option<String>> = t
            .slices
            .name
            .iter()
            .map(|&n| Some(t.str(n).to_owned()))
            .collect();
        assert_eq!(str_column(&slices, "name"), names);
        let tracks: Vec<i32> = t.slices.track.iter().map(|k| k.0 as i32).collect();
        assert_eq!(i32_column(&slices, "track_id"), tracks);

        let (_, flows) = read_ipc(p, "flows");
        let from: Vec<i32> = t.flows.from.iter().map(|s| s.0 as i32).collect();
        assert_eq!(i32_column(&flows, "from_slice_id"), from, "{path:?}");

        let (_, samples) = read_ipc(p, "counter_samples");
        assert_eq!(i64_column(&samples, "time_ps"), t.counters.time, "{path:?}");

        let (_, tracks) = read_ipc(p, "tracks");
        let roles: Vec<Option<String>> = t
            .tracks
            .role
            .iter()
            .map(|r| Some(r.as_str().to_owned()))
            .collect();
        assert_eq!(str_column(&tracks, "role"), roles, "{path:?}");

        // args: per owner, the keys `ArgTable::get` gives, in its order.
        let (_, args) = read_ipc(p, "args");
        let owners = str_column(&args, "owner");
        let ids = i32_column(&args, "owner_id");
        let keys = str_column(&args, "key");
        let mut want = Vec::new();
        for (i, &set) in t.slices.args.iter().enumerate() {
            want.extend(
                t.args
                    .get(set)
                    .map(|(k, _)| ("slice", i as i32, t.str(k).to_owned())),
            );
        }
        for (i, &set) in t.instants.args.iter().enumerate() {
            want.extend(
                t.args
                    .get(set)
                    .map(|(k, _)| ("instant", i as i32, t.str(k).to_owned())),
            );
        }
        let got: Vec<(&str, i32, String)> = owners
            .iter()
            .zip(&ids)
            .zip(&keys)
            .map(|((o, &i), k)| (o.as_deref().unwrap(), i, k.clone().unwrap()))
            .map(|(o, i, k)| (if o == "slice" { "slice" } else { "instant" }, i, k))
            .collect();
        assert_eq!(got, want, "{path:?}");
    }
}

/// The analysis tables have one column per key of the CLI's `--json` rows (`rank` as
/// `position`, `_longest` as `longest_slice_id`) and the same values.
#[test]
fn analysis_tables_are_the_json_rows() {
    let mut seen = BTreeSet::new();
    for path in samples() {
        let s = session(&path);
        let p = s.profile().unwrap();
        let kernels = planeview::analysis::kernel_stats::kernel_stats(p.trace(), Compat::Planeview);
        let json_rows: Vec<(&str, Vec<Value>)> = vec![
            (
                "kernels",
                kernels
                    .iter()
                    .map(|r| serde_json::to_value(r).unwrap())
                    .collect(),
            ),
            (
                "hlo_ops",
                planeview::analysis::hlo_stats::hlo_stats_with(p.trace(), Compat::Planeview)
                    .iter()
                    .map(|r| serde_json::to_value(r).unwrap())
                    .collect(),
            ),
            (
                "framework_ops",
                p.framework_rows(Compat::Planeview)
                    .iter()
                    .map(|r| serde_json::to_value(r).unwrap())
                    .collect(),
            ),
            (
                "steps",
                planeview::analysis::overview::overview(p.trace(), Compat::Planeview)
                    .steps
                    .iter()
                    .map(|r| serde_json::to_value(r).unwrap())
                    .collect(),
            ),
        ];
        for (name, want) in json_rows {
            let (schema, batches) = read_ipc(p, name);
            assert_eq!(rows(&batches), want.len(), "{path:?} {name}");
            let Some(first) = want.first() else { continue };
            seen.insert(name);
            let mut keys: Vec<String> = first.as_object().unwrap().keys().cloned().collect();
            for k in &mut keys {
                if k == "rank" {
                    *k = "position".into();
                }
            }
            keys.push("longest_slice_id".into());
            if name == "steps" {
                keys.pop();
            }
            let mut columns: Vec<String> = schema
                .fields()
                .iter()
                .skip(3)
                .map(|f| f.name().clone())
                .collect();
            keys.sort();
            columns.sort();
            assert_eq!(columns, keys, "{path:?} {name}");
            // Every value: the table's row read back as JSON equals the CLI's row.
            let back = arrow_json_rows(&batches);
            for (got, want) in back.iter().zip(&want) {
                for (k, v) in want.as_object().unwrap() {
                    let column = if k == "rank" { "position" } else { k.as_str() };
                    assert_eq!(&got[column], v, "{path:?} {name}.{column}");
                }
            }
        }
    }
    assert_eq!(
        seen.len(),
        4,
        "every analysis table was non-empty on some sample: {seen:?}"
    );
}

/// Rows of `batches` as JSON objects (numbers, strings, booleans, structs), for comparing with
/// the CLI's rows.
fn arrow_json_rows(batches: &[RecordBatch]) -> Vec<serde_json::Map<String, Value>> {
    use arrow_schema::DataType;
    fn value(a: &dyn Array, i: usize) -> Value {
        if a.is_null(i) {
            return Value::Null;
        }
        match a.data_type() {
            DataType::Int64 => json!(a.as_primitive::<Int64Type>().value(i)),
            DataType::Int32 => json!(a.as_primitive::<Int32Type>().value(i)),
            DataType::Float64 => {
                json!(a.as_primitive::<arrow_array::types::Float64Type>().value(i))
            }
            DataType::Boolean => json!(a.as_boolean().value(i)),
            DataType::Utf8 => json!(a.as_string::<i32>().value(i)),
            DataType::Struct(fields) => {
                let s = a.as_struct();
                Value::Object(
                    fields
                        .iter()
                        .zip(s.columns())
                        .map(|(f, c)| (f.name().clone(), value(c.as_ref(), i)))
                        .collect(),
                )
            }
            other => panic!("unexpected type {other}"),
        }
    }
    let mut out = Vec::new();
    for b in batches {
        for i in 0..b.num_rows() {
            out.push(
                b.schema()
                    .fields()
                    .iter()
                    .zip(b.columns())
                    .map(|(f, c)| (f.name().clone(), value(c.as_ref(), i)))
                    .collect(),
            );
        }
    }
    out
}

/// The Parquet file of a table reads back as the same rows as its IPC stream; the files of a
/// partitioned folder have no `profile` column.
#[test]
fn parquet_reads_back_as_the_stream() {
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    let s = session(&samples()[0]);
    let p = s.profile().unwrap();
    for name in ["slices", "args", "kernels", "steps"] {
        let labels = Labels::of(p, "sample", "sample").in_files();
        let mut file = Vec::new();
        let n = export::parquet::write_parquet(p, name, &labels, &mut file).expect("parquet");
        let path = std::env::temp_dir().join(format!(
            "planeview-export-{}-{name}.parquet",
            std::process::id()
        ));
        std::fs::write(&path, &file).unwrap();
        let reader = ParquetRecordBatchReaderBuilder::try_new(std::fs::File::open(&path).unwrap())
            .expect("parquet reader")
            .build()
            .unwrap();
        let back: Vec<RecordBatch> = reader.collect::<Result<_, _>>().unwrap();
        std::fs::remove_file(&path).unwrap();
        let (_, stream) = read_ipc(p, name);
        assert_eq!(rows(&back) as u64, n);
        assert_eq!(rows(&back), rows(&stream), "{name}");
        assert!(back[0].schema().field_with_name("profile").is_err());
        let mut want = arrow_json_rows(&stream);
        for r in &mut want {
            r.remove("profile");
        }
        assert_eq!(arrow_json_rows(&back), want, "{name}");
    }
}

/// `tableArrow` of an unknown table is the engine error `unknownTable`.
#[test]
fn an_unknown_table_is_an_engine_error() {
    let s = session(&samples()[2]);
    let e = s.profile().unwrap().table_arrow("slice", "p").unwrap_err();
    assert_eq!(e.kind(), "unknownTable");
    assert!(e.to_string().contains("slice"), "{e}");
}

/// `planeview export` of two files and a file that is not a trace: its one line on stderr,
/// exit 2, and the tables of the others in `DIR/<table>/profile=<name>/part-0.<ext>`.
#[test]
fn the_cli_exports_the_good_files_and_names_the_bad_one() {
    let out = std::env::temp_dir().join(format!("planeview-export-test-{}", std::process::id()));
    let bad = out.with_extension("txt");
    std::fs::write(&bad, "not a trace\n").unwrap();
    for format in ["parquet", "arrow"] {
        let files = [&samples()[1], &samples()[4]];
        let run = Command::new(env!("CARGO_BIN_EXE_planeview"))
            .arg("export")
            .args(files)
            .arg(&bad)
            .args(["--format", format, "--out"])
            .arg(&out)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(&*bad.to_string_lossy()), "{stderr}");
        for profile in ["torch-cpu__torch_cpu_smallcnn_train", "jax_cpu_mlp_small"] {
            for table in TABLES {
                let part = out
                    .join(table)
                    .join(format!("profile={profile}"))
                    .join(format!("part-0.{format}"));
                assert!(part.is_file(), "{part:?}");
            }
        }
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert_eq!(stdout.lines().count(), 2, "{stdout}");
        assert!(
            stdout.contains("profile=jax_cpu_mlp_small, 12 tables"),
            "{stdout}"
        );
    }
    std::fs::remove_dir_all(&out).unwrap();
    std::fs::remove_file(&bad).unwrap();
}
