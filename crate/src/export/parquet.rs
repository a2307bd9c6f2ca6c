//! The Parquet file of one table (native only: `planeview export --format parquet`). Batches
//! go to the writer as they are built and a row group is written each time one fills
//! ([`ROW_GROUP_ROWS`]), so memory holds one batch and one row group, never the table.

use super::{ExportError, Labels, for_each_batch, schema};
use crate::api::Profile;
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::properties::WriterProperties;
use std::io::Write;

/// Rows per row group.
pub const ROW_GROUP_ROWS: usize = 1 << 20;

/// Writes table `name` of `profile` to `out` as one Parquet file (Snappy pages, dictionary
/// encoding where it pays); returns the rows written. An unknown name is
/// [`ExportError::UnknownTable`] before anything is written.
pub fn write_parquet<W: Write + Send>(
    profile: &Profile,
    name: &str,
    labels: &Labels,
    out: W,
) -> Result<u64, ExportError> {
    let schema = schema(name, labels)?;
    let props = WriterProperties::builder()
        .set_compression(Compression::SNAPPY)
        .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
        .build();
    let mut writer = ArrowWriter::try_new(out, schema, Some(props)).map_err(parquet_error)?;
    let mut rows = 0;
    for_each_batch(profile, name, labels, &mut |batch| {
        rows += batch.num_rows() as u64;
        writer.write(&batch).map_err(parquet_error)
    })?;
    writer.close().map_err(parquet_error)?;
    Ok(rows)
}

fn parquet_error(e: parquet::errors::ParquetError) -> ExportError {
    ExportError::Parquet(e.to_string())
}
