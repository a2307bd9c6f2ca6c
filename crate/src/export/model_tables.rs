//! The model's tables (`docs/SCHEMA.md` § Model): `profiles` (one row), `processes`,
//! `tracks`, `slices`, `instants`, `counter_samples`, `flows` and `args` (long form, one row
//! per key of a slice or an instant). Rows come in the model's order; ids are the model's
//! numbers.

use super::columns::{chunks, field, nullable, strings};
use super::{Emit, ExportError, SCHEMA_VERSION};
use crate::api::Profile;
use crate::model::{ArgSetId, ArgValue, CategoryId, Trace};
use crate::summary::Summary;
use arrow_array::builder::StringBuilder;
use arrow_array::builder::{BooleanBuilder, Float64Builder, Int32Builder, Int64Builder};
use arrow_array::{ArrayRef, Float64Array, Int32Array, Int64Array, StringArray};
use arrow_schema::{DataType, Field};
use std::borrow::Cow;
use std::sync::Arc;

/// The columns after the labels of model table `name`, or `None` if it is not one.
pub(super) fn fields(name: &str) -> Option<Vec<Field>> {
    use DataType::{Float64, Int32, Int64, Utf8};
    Some(match name {
        "profiles" => vec![
            field("schema_version", Int32),
            field("format", Utf8),
            field("origin_ns", Int64),
            field("events", Int64),
            field("slices", Int64),
            field("span_ps", Int64),
        ],
        "processes" => vec![
            field("process_id", Int32),
            field("name", Utf8),
            field("source_id", Utf8),
            field("sort_index", Int64),
            field("labels", Utf8),
            field("role", Utf8),
            nullable("device_index", Int32),
            nullable("device_name", Utf8),
        ],
        "tracks" => vec![
            field("track_id", Int32),
            field("process_id", Int32),
            field("name", Utf8),
            field("source_id", Utf8),
            field("sort_index", Int64),
            field("kind", Utf8),
            field("role", Utf8),
        ],
        "slices" => vec![
            field("slice_id", Int32),
            field("track_id", Int32),
            field("start_ps", Int64),
            field("dur_ps", Int64),
            field("name", Utf8),
            nullable("category", Utf8),
            field("lane", Int32),
        ],
        "instants" => vec![
            field("instant_id", Int32),
            field("track_id", Int32),
            field("time_ps", Int64),
            field("name", Utf8),
            nullable("category", Utf8),
        ],
        "counter_samples" => vec![
            field("sample_id", Int32),
            field("track_id", Int32),
            field("time_ps", Int64),
            field("value", Float64),
        ],
        "flows" => vec![
            field("flow_id", Int32),
            field("from_slice_id", Int32),
            field("to_slice_id", Int32),
            nullable("category", Utf8),
        ],
        "args" => vec![
            field("owner", Utf8),
            field("owner_id", Int32),
            field("key", Utf8),
            field("value_type", Utf8),
            nullable("int_value", Int64),
            nullable("float_value", Float64),
            nullable("bool_value", DataType::Boolean),
            nullable("str_value", Utf8),
        ],
        _ => return None,
    })
}

/// Rows of model table `name`, or `None` if it is not one.
pub(super) fn row_count(profile: &Profile, name: &str) -> Option<u64> {
    let t = profile.trace();
    Some(match name {
        "profiles" => 1,
        "processes" => t.processes.len() as u64,
        "tracks" => t.tracks.len() as u64,
        "slices" => t.slices.len() as u64,
        "instants" => t.instants.len() as u64,
        "counter_samples" => t.counters.len() as u64,
        "flows" => t.flows.len() as u64,
        "args" => arg_owners(t)
            .map(|(_, _, set)| t.args.get(set).count() as u64)
            .sum(),
        _ => return None,
    })
}

/// Builds model table `name` in batches (see [`super::for_each_batch`]).
pub(super) fn batches(profile: &Profile, name: &str, emit: &mut Emit) -> Result<(), ExportError> {
    let t = profile.trace();
    match name {
        "profiles" => profiles(profile, emit),
        "processes" => processes(t, emit),
        "tracks" => tracks(t, emit),
        "slices" => slices(t, emit),
        "instants" => instants(t, emit),
        "counter_samples" => counter_samples(t, emit),
        "flows" => flows(t, emit),
        "args" => args(t, emit),
        other => Err(ExportError::UnknownTable(other.to_owned())),
    }
}

fn ids(r: std::ops::Range<usize>) -> ArrayRef {
    Arc::new(Int32Array::from_iter_values(r.map(|i| i as i32)))
}

fn i32s(values: impl Iterator<Item = u32>) -> ArrayRef {
    Arc::new(Int32Array::from_iter_values(values.map(|v| v as i32)))
}

fn i64s(values: &[i64]) -> ArrayRef {
    Arc::new(Int64Array::from_iter_values(values.iter().copied()))
}

/// Category names, null for "no category".
fn categories(t: &Trace, values: &[CategoryId]) -> ArrayRef {
    Arc::new(StringArray::from_iter(values.iter().map(|&c| {
        (c != CategoryId::NONE).then(|| t.str(t.categories.name[c.index()]))
    })))
}

fn profiles(profile: &Profile, emit: &mut Emit) -> Result<(), ExportError> {
    let t = profile.trace();
    let s = Summary::of(profile.imported());
    let one = |v: i64| -> ArrayRef { Arc::new(Int64Array::from(vec![v])) };
    emit(
        1,
        vec![
            Arc::new(Int32Array::from(vec![SCHEMA_VERSION as i32])),
            Arc::new(StringArray::from(vec![t.format.as_str()])),
            one(t.origin.source_ns),
            one(s.events as i64),
            one(s.slices as i64),
            one(s.span_ps),
        ],
    )
}

fn processes(t: &Trace, emit: &mut Emit) -> Result<(), ExportError> {
    let p = &t.processes;
    for r in chunks(p.len()) {
        let device = |i: usize| t.devices.of_process(crate::model::ProcessId(i as u32));
        emit(
            r.len(),
            vec![
                ids(r.clone()),
                strings(p.name[r.clone()].iter().map(|&s| t.str(s))),
                strings(p.source_id[r.clone()].iter().map(|&s| t.str(s))),
                i64s(&p.sort_index[r.clone()]),
                strings(p.labels[r.clone()].iter().map(|&s| t.str(s))),
                strings(p.role[r.clone()].iter().map(|r| r.as_str())),
                Arc::new(Int32Array::from_iter(
                    r.clone().map(|i| device(i).map(|d| d.index as i32)),
                )),
                Arc::new(StringArray::from_iter(r.clone().map(|i| {
                    device(i).map(|d| d.name.as_str()).filter(|n| !n.is_empty())
                }))),
            ],
        )?;
    }
    Ok(())
}

fn tracks(t: &Trace, emit: &mut Emit) -> Result<(), ExportError> {
    let k = &t.tracks;
    for r in chunks(k.len()) {
        emit(
            r.len(),
            vec![
                ids(r.clone()),
                i32s(k.process[r.clone()].iter().map(|p| p.0)),
                strings(k.name[r.clone()].iter().map(|&s| t.str(s))),
                strings(k.source_id[r.clone()].iter().map(|&s| t.str(s))),
                i64s(&k.sort_index[r.clone()]),
                strings(k.kind[r.clone()].iter().map(|k| k.as_str())),
                strings(k.role[r.clone()].iter().map(|r| r.as_str())),
            ],
        )?;
    }
    Ok(())
}

fn slices(t: &Trace, emit: &mut Emit) -> Result<(), ExportError> {
    let s = &t.slices;
    for r in chunks(s.len()) {
        emit(
            r.len(),
            vec![
                ids(r.clone()),
                i32s(s.track[r.clone()].iter().map(|k| k.0)),
                i64s(&s.start[r.clone()]),
                i64s(&s.dur[r.clone()]),
                strings(s.name[r.clone()].iter().map(|&n| t.str(n))),
                categories(t, &s.category[r.clone()]),
                i32s(s.lane[r.clone()].iter().map(|&l| u32::from(l))),
            ],
        )?;
    }
    Ok(())
}

fn instants(t: &Trace, emit: &mut Emit) -> Result<(), ExportError> {
    let s = &t.instants;
    for r in chunks(s.len()) {
        emit(
            r.len(),
            vec![
                ids(r.clone()),
                i32s(s.track[r.clone()].iter().map(|k| k.0)),
                i64s(&s.time[r.clone()]),
                strings(s.name[r.clone()].iter().map(|&n| t.str(n))),
                categories(t, &s.category[r.clone()]),
            ],
        )?;
    }
    Ok(())
}

fn counter_samples(t: &Trace, emit: &mut Emit) -> Result<(), ExportError> {
    let c = &t.counters;
    for r in chunks(c.len()) {
        emit(
            r.len(),
            vec![
                ids(r.clone()),
                i32s(c.track[r.clone()].iter().map(|k| k.0)),
                i64s(&c.time[r.clone()]),
                Arc::new(Float64Array::from_iter_values(
                    c.value[r.clone()].iter().copied(),
                )),
            ],
        )?;
    }
    Ok(())
}

fn flows(t: &Trace, emit: &mut Emit) -> Result<(), ExportError> {
    let f = &t.flows;
    for r in chunks(f.len()) {
        emit(
            r.len(),
            vec![
                ids(r.clone()),
                i32s(f.from[r.clone()].iter().map(|s| s.0)),
                i32s(f.to[r.clone()].iter().map(|s| s.0)),
                categories(t, &f.category[r.clone()]),
            ],
        )?;
    }
    Ok(())
}

/// The owners of args: every slice, then every instant, with a set (`("slice" | "instant",
/// id, set)`).
fn arg_owners(t: &Trace) -> impl Iterator<Item = (&'static str, usize, ArgSetId)> + '_ {
    let slices = t
        .slices
        .args
        .iter()
        .enumerate()
        .map(|(i, &a)| ("slice", i, a));
    let instants = t
        .instants
        .args
        .iter()
        .enumerate()
        .map(|(i, &a)| ("instant", i, a));
    slices
        .chain(instants)
        .filter(|&(_, _, a)| a != ArgSetId::NONE)
}

/// The columns of one batch of args, filled pair by pair.
#[derive(Default)]
struct ArgColumns {
    rows: usize,
    owner: StringBuilder,
    owner_id: Int32Builder,
    key: StringBuilder,
    value_type: StringBuilder,
    int_value: Int64Builder,
    float_value: Float64Builder,
    bool_value: BooleanBuilder,
    str_value: StringBuilder,
}

impl ArgColumns {
    fn push(&mut self, t: &Trace, owner: &str, id: usize, key: &str, value: ArgValue) {
        self.rows += 1;
        self.owner.append_value(owner);
        self.owner_id.append_value(id as i32);
        self.key.append_value(key);
        let (kind, int, float, boolean, text): (_, _, _, _, Option<Cow<str>>) = match value {
            ArgValue::Int(v) => ("int", Some(v), None, None, None),
            ArgValue::Uint(v) => match i64::try_from(v) {
                Ok(i) => ("uint", Some(i), None, None, None),
                Err(_) => ("uint", None, None, None, Some(Cow::Owned(v.to_string()))),
            },
            ArgValue::Float(v) => ("float", None, Some(v), None, None),
            ArgValue::Bool(v) => ("bool", None, None, Some(v), None),
            ArgValue::Str(s) => ("str", None, None, None, Some(Cow::Borrowed(t.str(s)))),
            ArgValue::Json(s) => ("json", None, None, None, Some(Cow::Borrowed(t.str(s)))),
            ArgValue::Bytes(n) => ("bytes", i64::try_from(n).ok(), None, None, None),
            ArgValue::Null => ("null", None, None, None, None),
        };
        self.value_type.append_value(kind);
        self.int_value.append_option(int);
        self.float_value.append_option(float);
        self.bool_value.append_option(boolean);
        self.str_value.append_option(text);
    }

    fn finish(&mut self) -> (usize, Vec<ArrayRef>) {
        let rows = std::mem::take(&mut self.rows);
        (
            rows,
            vec![
                Arc::new(self.owner.finish()),
                Arc::new(self.owner_id.finish()),
                Arc::new(self.key.finish()),
                Arc::new(self.value_type.finish()),
                Arc::new(self.int_value.finish()),
                Arc::new(self.float_value.finish()),
                Arc::new(self.bool_value.finish()),
                Arc::new(self.str_value.finish()),
            ],
        )
    }
}

fn args(t: &Trace, emit: &mut Emit) -> Result<(), ExportError> {
    let mut cols = ArgColumns::default();
    for (owner, id, set) in arg_owners(t) {
        for (key, value) in t.args.get(set) {
            cols.push(t, owner, id, t.str(key), value);
            if cols.rows == super::BATCH_ROWS {
                let (n, arrays) = cols.finish();
                emit(n, arrays)?;
            }
        }
    }
    if cols.rows > 0 {
        let (n, arrays) = cols.finish();
        emit(n, arrays)?;
    }
    Ok(())
}
