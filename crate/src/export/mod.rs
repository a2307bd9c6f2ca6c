//! The profile as tables (`docs/SCHEMA.md`): the model (processes, tracks, slices, instants,
//! counter samples, flows, args) and the analyses (kernels, HLO ops, framework ops, steps) as
//! Arrow record batches, for DuckDB, Spark, BigQuery and DuckDB-Wasm in the page.
//!
//! Contract:
//! - every table starts with the columns `profile`, `host`, `rank` (see [`Labels`]), so tables
//!   of many profiles concatenate; in a Hive-partitioned folder the `profile` column is the
//!   folder name (`profile=<name>`) and is left out of the files ([`Labels::in_files`]);
//! - time is integer picoseconds on the profile's clock (`_ps`), ids are the model's numbers
//!   (`slice_id` is the slice id the page selects);
//! - a table is produced in batches of at most [`BATCH_ROWS`] rows, so a writer holds one
//!   batch and the row group it is filling, never the whole table;
//! - the core does no I/O: [`ipc::write_ipc_stream`] and (natively) the Parquet writer take
//!   any `impl Write`.

mod analysis_tables;
mod columns;
pub mod ipc;
mod model_tables;
#[cfg(not(target_arch = "wasm32"))]
pub mod parquet;

use crate::api::Profile;
use arrow_array::RecordBatch;
use arrow_schema::{ArrowError, SchemaRef};
use serde::Serialize;

/// The version of `docs/SCHEMA.md` the tables follow (the `schema_version` of `profiles`).
/// Adding a column or a table keeps it; renaming or retyping one increments it.
pub const SCHEMA_VERSION: u32 = 1;

/// Rows per record batch.
pub const BATCH_ROWS: usize = 64 * 1024;

/// Every table, in the order `exportTables` and `planeview export` list them.
pub const TABLES: [&str; 12] = [
    "profiles",
    "processes",
    "tracks",
    "slices",
    "instants",
    "counter_samples",
    "flows",
    "args",
    "kernels",
    "hlo_ops",
    "framework_ops",
    "steps",
];

/// Why a table could not be produced.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// No table has that name.
    #[error("no table named {0:?} (tables: {tables})", tables = TABLES.join(", "))]
    UnknownTable(String),
    /// Arrow refused a batch or the writer failed (its I/O errors included).
    #[error("arrow: {0}")]
    Arrow(#[from] ArrowError),
    /// The Parquet writer failed (its I/O errors included).
    #[error("parquet: {0}")]
    Parquet(String),
}

/// Who a profile is, in the first columns of every table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Labels {
    /// The profile's name (the file name without its extensions in `planeview export`).
    pub profile: String,
    /// The host, where the profile states it.
    pub host: Option<String>,
    /// The rank (process index of a distributed job), where known.
    pub rank: Option<i64>,
    /// Whether the batches carry the `profile` column (false for the files of a
    /// Hive-partitioned folder, where the folder name carries it).
    pub profile_column: bool,
}

impl Labels {
    /// The labels of `profile` named `name`, read from the file named `file`: host and rank
    /// from the rank identity (`analysis::ranks`, which falls back on a rank in the file
    /// name); the `profile` column included.
    pub fn of(profile: &Profile, name: &str, file: &str) -> Labels {
        let id = crate::analysis::ranks::identity(profile.trace(), file);
        Labels {
            profile: name.to_owned(),
            host: id.host,
            rank: id.rank,
            profile_column: true,
        }
    }

    /// The same labels for the files of a Hive-partitioned folder: no `profile` column.
    pub fn in_files(mut self) -> Labels {
        self.profile_column = false;
        self
    }
}

/// One table as `exportTables` lists it.
#[derive(Clone, Debug, Serialize)]
pub struct TableInfo {
    /// The table name (`docs/SCHEMA.md`).
    pub name: &'static str,
    /// Rows the table has for this profile.
    pub rows: u64,
    /// Its columns, `profile` included.
    pub columns: Vec<ColumnInfo>,
}

/// One column of a [`TableInfo`].
#[derive(Clone, Debug, Serialize)]
pub struct ColumnInfo {
    /// The column name.
    pub name: String,
    /// The Arrow type as Arrow prints it (`Int64`, `Utf8`, `Struct(...)`).
    #[serde(rename = "type")]
    pub data_type: String,
}

/// Every table of `profile` with its row count and columns (the `exportTables` reply).
pub fn table_list(profile: &Profile) -> Vec<TableInfo> {
    let labels = Labels {
        profile_column: true,
        ..Labels::default()
    };
    TABLES
        .iter()
        .filter_map(|&name| {
            let schema = schema(name, &labels).ok()?;
            Some(TableInfo {
                name,
                rows: row_count(profile, name),
                columns: schema
                    .fields()
                    .iter()
                    .map(|f| ColumnInfo {
                        name: f.name().clone(),
                        data_type: f.data_type().to_string(),
                    })
                    .collect(),
            })
        })
        .collect()
}

/// The schema of table `name` with `labels`' columns.
pub fn schema(name: &str, labels: &Labels) -> Result<SchemaRef, ExportError> {
    let body = if let Some(fields) = model_tables::fields(name) {
        fields
    } else if let Some(fields) = analysis_tables::fields(name) {
        fields
    } else {
        return Err(ExportError::UnknownTable(name.to_owned()));
    };
    Ok(columns::schema_with_labels(labels, body))
}

/// Rows of table `name` (0 for an unknown name).
pub fn row_count(profile: &Profile, name: &str) -> u64 {
    model_tables::row_count(profile, name)
        .or_else(|| analysis_tables::row_count(profile, name))
        .unwrap_or(0)
}

/// Produces table `name` of `profile` as record batches of at most [`BATCH_ROWS`] rows, in
/// row order, handing each to `sink` as it is built. At least the schema is always known:
/// an empty table gives no batch.
pub fn for_each_batch(
    profile: &Profile,
    name: &str,
    labels: &Labels,
    sink: &mut dyn FnMut(RecordBatch) -> Result<(), ExportError>,
) -> Result<(), ExportError> {
    let schema = schema(name, labels)?;
    let mut emit = |n: usize, body: Vec<arrow_array::ArrayRef>| -> Result<(), ExportError> {
        let mut cols = columns::label_columns(labels, n);
        cols.extend(body);
        sink(RecordBatch::try_new(schema.clone(), cols)?)
    };
    if model_tables::fields(name).is_some() {
        model_tables::batches(profile, name, &mut emit)
    } else {
        analysis_tables::batches(profile, name, &mut emit)
    }
}

/// What a table builder hands on: the rows of one batch and its columns after the labels.
pub(crate) type Emit<'a> =
    dyn FnMut(usize, Vec<arrow_array::ArrayRef>) -> Result<(), ExportError> + 'a;
