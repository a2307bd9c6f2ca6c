//! Column helpers shared by the tables: the label columns every table starts with, and
//! arrays built from the model's columns.

use super::Labels;
use arrow_array::builder::StringBuilder;
use arrow_array::{ArrayRef, Int64Array, StringArray};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use std::sync::Arc;

/// `labels`' columns (`profile` when it has one, `host`, `rank`) followed by `body`.
pub(crate) fn schema_with_labels(labels: &Labels, body: Vec<Field>) -> SchemaRef {
    let mut fields = Vec::with_capacity(body.len() + 3);
    if labels.profile_column {
        fields.push(Field::new("profile", DataType::Utf8, false));
    }
    fields.push(Field::new("host", DataType::Utf8, true));
    fields.push(Field::new("rank", DataType::Int64, true));
    fields.extend(body);
    Arc::new(Schema::new(fields))
}

/// The label columns of a batch of `n` rows, in the order of [`schema_with_labels`].
pub(crate) fn label_columns(labels: &Labels, n: usize) -> Vec<ArrayRef> {
    let mut cols: Vec<ArrayRef> = Vec::with_capacity(3);
    if labels.profile_column {
        cols.push(Arc::new(StringArray::from_iter_values(
            std::iter::repeat_n(labels.profile.as_str(), n),
        )));
    }
    cols.push(Arc::new(StringArray::from_iter(std::iter::repeat_n(
        labels.host.as_deref(),
        n,
    ))));
    cols.push(Arc::new(Int64Array::from_iter(std::iter::repeat_n(
        labels.rank,
        n,
    ))));
    cols
}

/// A non-null field.
pub(crate) fn field(name: &str, data_type: DataType) -> Field {
    Field::new(name, data_type, false)
}

/// A nullable field.
pub(crate) fn nullable(name: &str, data_type: DataType) -> Field {
    Field::new(name, data_type, true)
}

/// A string column from texts.
pub(crate) fn strings<'a>(values: impl Iterator<Item = &'a str>) -> ArrayRef {
    let mut b = StringBuilder::new();
    for v in values {
        b.append_value(v);
    }
    Arc::new(b.finish())
}

/// The batches `[start, end)` of `0..len` with at most [`super::BATCH_ROWS`] rows each.
pub(crate) fn chunks(len: usize) -> impl Iterator<Item = std::ops::Range<usize>> {
    (0..len)
        .step_by(super::BATCH_ROWS)
        .map(move |a| a..(a + super::BATCH_ROWS).min(len))
}
