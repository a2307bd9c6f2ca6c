//! The Arrow IPC stream of one table (schema, then its record batches), as the page hands it
//! to DuckDB-Wasm and `planeview export --format arrow` writes it.

use super::{ExportError, Labels, for_each_batch, schema};
use crate::api::Profile;
use arrow_ipc::writer::StreamWriter;
use std::io::Write;

/// Writes table `name` of `profile` to `out` as an Arrow IPC stream, batch by batch; returns
/// the rows written. An unknown name is [`ExportError::UnknownTable`] before anything is
/// written.
pub fn write_ipc_stream<W: Write>(
    profile: &Profile,
    name: &str,
    labels: &Labels,
    out: W,
) -> Result<u64, ExportError> {
    let schema = schema(name, labels)?;
    let mut writer = StreamWriter::try_new(out, &schema)?;
    let mut rows = 0;
    for_each_batch(profile, name, labels, &mut |batch| {
        rows += batch.num_rows() as u64;
        writer.write(&batch)?;
        Ok(())
    })?;
    writer.finish()?;
    Ok(rows)
}
