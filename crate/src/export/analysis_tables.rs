//! The analyses' tables (`docs/SCHEMA.md` § Analyses): `kernels` (`planeview kernels`),
//! `hlo_ops` (`hlo-stats`), `framework_ops` (`framework-ops`) and `steps` (the `steps` of
//! `overview`), in Planeview's mode (not `--xprof-compat`).
//!
//! Each column is a key of the command's `--json` rows, with its Arrow type stated here, so
//! an empty table has the same schema as a full one. Two changes to those rows: their `rank`
//! (the row's place in the command's order) is the column `position`, because `rank` is the
//! profile's rank in every table; and `longest_slice_id` is the slice id of the row's
//! longest occurrence (null for steps), to show it on the timeline.

use super::columns::{field, nullable};
use super::{Emit, ExportError};
use crate::analysis::compat::Compat;
use crate::analysis::overview::overview_with_ops;
use crate::analysis::tables::Tool;
use crate::api::Profile;
use arrow_array::builder::{BooleanBuilder, Float64Builder, Int64Builder, StringBuilder};
use arrow_array::{ArrayRef, Int64Array, StructArray};
use arrow_schema::{DataType, Field, Fields};
use serde_json::Value;
use std::sync::Arc;

/// The type of one column, and how a JSON value becomes it.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Str,
    Int,
    Float,
    Bool,
    /// `breakdown_ps` of a step: a struct of [`BREAKDOWN`] Int64 fields.
    Breakdown,
}

/// The categories of a step's `breakdown_ps` (`analysis::overview`), in its key order.
const BREAKDOWN: [&str; 4] = ["device_compute", "host_compute", "memcpy", "other"];

const KERNELS: &[(&str, Kind)] = &[
    ("position", Kind::Int),
    ("kernel_name", Kind::Str),
    ("registers_per_thread", Kind::Int),
    ("shmem_bytes", Kind::Int),
    ("static_shmem_bytes", Kind::Int),
    ("dynamic_shmem_bytes", Kind::Int),
    ("block_dim", Kind::Str),
    ("grid_dim", Kind::Str),
    ("occupancy_pct", Kind::Float),
    ("is_op_tensor_core_eligible", Kind::Bool),
    ("is_kernel_using_tensor_core", Kind::Bool),
    ("op_name", Kind::Str),
    ("occurrences", Kind::Int),
    ("total_duration_us", Kind::Float),
    ("avg_duration_us", Kind::Float),
    ("min_duration_us", Kind::Float),
    ("max_duration_us", Kind::Float),
    ("p50_duration_us", Kind::Float),
    ("p90_duration_us", Kind::Float),
    ("p99_duration_us", Kind::Float),
    ("device_busy_pct", Kind::Float),
    ("total_duration_ps", Kind::Int),
    ("longest_slice_id", Kind::Int),
];

const HLO_OPS: &[(&str, Kind)] = &[
    ("position", Kind::Int),
    ("program_id", Kind::Str),
    ("category", Kind::Str),
    ("hlo_op_name", Kind::Str),
    ("hlo_op_expression", Kind::Str),
    ("tf_op_name", Kind::Str),
    ("occurrences", Kind::Int),
    ("total_time", Kind::Float),
    ("avg_time", Kind::Float),
    ("total_self_time", Kind::Float),
    ("avg_self_time", Kind::Float),
    ("total_self_time_percent", Kind::Float),
    ("cumulative_total_self_time_percent", Kind::Float),
    ("dma_stall_percent", Kind::Float),
    ("model_flop_rate", Kind::Float),
    ("normalized_flop_rate", Kind::Float),
    ("measured_memory_bw", Kind::Float),
    ("hbm_bw", Kind::Float),
    ("cmem_read_bw", Kind::Float),
    ("cmem_write_bw", Kind::Float),
    ("operational_intensity", Kind::Float),
    ("bound_by", Kind::Str),
    ("hlo_rematerialization", Kind::Str),
    ("outside_compilation", Kind::Str),
    ("autotuned", Kind::Str),
    ("source_info", Kind::Str),
    ("core_type", Kind::Str),
    ("parent_op_name", Kind::Str),
    ("vdd_energy", Kind::Float),
    ("total_self_time_ps", Kind::Int),
    ("source", Kind::Str),
    ("longest_slice_id", Kind::Int),
];

const FRAMEWORK_OPS: &[(&str, Kind)] = &[
    ("position", Kind::Int),
    ("host_or_device", Kind::Str),
    ("type", Kind::Str),
    ("operation", Kind::Str),
    ("occurrences", Kind::Int),
    ("total_time", Kind::Float),
    ("avg_time", Kind::Float),
    ("total_self_time", Kind::Float),
    ("avg_self_time", Kind::Float),
    ("device_total_self_time_percent", Kind::Float),
    ("device_cumulative_total_self_time_percent", Kind::Float),
    ("host_total_self_time_percent", Kind::Float),
    ("Host_cumulative_total_self_time_percent", Kind::Float),
    ("measured_flop_rate", Kind::Float),
    ("model_flop_rate", Kind::Float),
    ("measured_memory_bw", Kind::Float),
    ("operational_intensity", Kind::Float),
    ("gpu_tensorcore_utilization", Kind::Float),
    ("bound_by", Kind::Str),
    ("eager", Kind::Str),
    ("total_self_time_ps", Kind::Int),
    ("longest_slice_id", Kind::Int),
];

const STEPS: &[(&str, Kind)] = &[
    ("step", Kind::Str),
    ("step_num", Kind::Int),
    ("start_ps", Kind::Int),
    ("step_time_ps", Kind::Int),
    ("breakdown_ps", Kind::Breakdown),
];

fn columns_of(name: &str) -> Option<&'static [(&'static str, Kind)]> {
    Some(match name {
        "kernels" => KERNELS,
        "hlo_ops" => HLO_OPS,
        "framework_ops" => FRAMEWORK_OPS,
        "steps" => STEPS,
        _ => return None,
    })
}

/// The key of a column in the command's JSON rows (see the module doc).
fn json_key(column: &str) -> &str {
    match column {
        "position" => "rank",
        "longest_slice_id" => "_longest",
        other => other,
    }
}

fn breakdown_fields() -> Fields {
    BREAKDOWN
        .iter()
        .map(|k| field(k, DataType::Int64))
        .collect()
}

fn data_type(kind: Kind) -> DataType {
    match kind {
        Kind::Str => DataType::Utf8,
        Kind::Int => DataType::Int64,
        Kind::Float => DataType::Float64,
        Kind::Bool => DataType::Boolean,
        Kind::Breakdown => DataType::Struct(breakdown_fields()),
    }
}

/// The columns after the labels of analysis table `name`, or `None` if it is not one. Only
/// `longest_slice_id` is nullable.
pub(super) fn fields(name: &str) -> Option<Vec<Field>> {
    Some(
        columns_of(name)?
            .iter()
            .map(|&(c, kind)| match c {
                "longest_slice_id" => nullable(c, data_type(kind)),
                _ => field(c, data_type(kind)),
            })
            .collect(),
    )
}

/// The JSON rows of analysis table `name`, as its command prints them (kernels, HLO ops and
/// framework ops with `_longest`), computed once per profile except steps.
fn rows<'p>(profile: &'p Profile, name: &str) -> std::borrow::Cow<'p, [Value]> {
    let tool = |t: Tool| std::borrow::Cow::Borrowed(&profile.table(t, Compat::Planeview).rows[..]);
    match name {
        "kernels" => tool(Tool::Kernels),
        "hlo_ops" => tool(Tool::HloStats),
        "framework_ops" => tool(Tool::FrameworkOps),
        _ => {
            let framework = profile.framework_rows(Compat::Planeview);
            let o = overview_with_ops(profile.trace(), Compat::Planeview, framework);
            o.steps
                .iter()
                .map(|s| serde_json::to_value(s).unwrap_or(Value::Null))
                .collect()
        }
    }
}

/// Rows of analysis table `name`, or `None` if it is not one.
pub(super) fn row_count(profile: &Profile, name: &str) -> Option<u64> {
    columns_of(name)?;
    Some(rows(profile, name).len() as u64)
}

/// Builds analysis table `name` in batches (see [`super::for_each_batch`]). A value of the
/// wrong JSON type (never produced by the analyses, whose types the tables state) is an
/// Arrow error naming the column, not a silent null.
pub(super) fn batches(profile: &Profile, name: &str, emit: &mut Emit) -> Result<(), ExportError> {
    let columns = columns_of(name).ok_or_else(|| ExportError::UnknownTable(name.to_owned()))?;
    let rows = rows(profile, name);
    for chunk in rows.chunks(super::BATCH_ROWS) {
        let arrays = columns
            .iter()
            .map(|&(c, kind)| column(chunk, json_key(c), kind, c == "longest_slice_id"))
            .collect::<Result<Vec<_>, _>>()?;
        emit(chunk.len(), arrays)?;
    }
    Ok(())
}

fn wrong(key: &str, v: &Value) -> ExportError {
    ExportError::Arrow(arrow_schema::ArrowError::InvalidArgumentError(format!(
        "column {key}: unexpected value {v}"
    )))
}

/// One column of `rows` from key `key`; nulls only where `nullable`.
fn column(rows: &[Value], key: &str, kind: Kind, nullable: bool) -> Result<ArrayRef, ExportError> {
    let get = |r: &Value| -> Result<Option<Value>, ExportError> {
        match r.get(key) {
            Some(Value::Null) | None if nullable => Ok(None),
            Some(v) => Ok(Some(v.clone())),
            None => Err(wrong(key, &Value::Null)),
        }
    };
    Ok(match kind {
        Kind::Str => {
            let mut b = StringBuilder::new();
            for r in rows {
                match get(r)? {
                    Some(Value::String(s)) => b.append_value(s),
                    None => b.append_null(),
                    Some(v) => return Err(wrong(key, &v)),
                }
            }
            Arc::new(b.finish())
        }
        Kind::Int => {
            let mut b = Int64Builder::new();
            for r in rows {
                match get(r)? {
                    Some(v) => b.append_value(v.as_i64().ok_or_else(|| wrong(key, &v))?),
                    None => b.append_null(),
                }
            }
            Arc::new(b.finish())
        }
        Kind::Float => {
            let mut b = Float64Builder::new();
            for r in rows {
                match get(r)? {
                    Some(v) => b.append_value(v.as_f64().ok_or_else(|| wrong(key, &v))?),
                    None => b.append_null(),
                }
            }
            Arc::new(b.finish())
        }
        Kind::Bool => {
            let mut b = BooleanBuilder::new();
            for r in rows {
                match get(r)? {
                    Some(v) => b.append_value(v.as_bool().ok_or_else(|| wrong(key, &v))?),
                    None => b.append_null(),
                }
            }
            Arc::new(b.finish())
        }
        Kind::Breakdown => {
            let parts = BREAKDOWN
                .iter()
                .map(|k| {
                    rows.iter()
                        .map(|r| {
                            let v = &r[key][*k];
                            v.as_i64().ok_or_else(|| wrong(key, v))
                        })
                        .collect::<Result<Vec<i64>, _>>()
                        .map(|a| Arc::new(Int64Array::from(a)) as ArrayRef)
                })
                .collect::<Result<Vec<_>, _>>()?;
            Arc::new(StructArray::try_new(breakdown_fields(), parts, None)?)
        }
    })
}
