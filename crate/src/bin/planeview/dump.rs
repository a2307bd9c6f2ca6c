//! `planeview dump FILE [--limit N]`: a readable dump of the model.

use crate::args::{Accepts, Options};
use crate::{Failure, load};
use planeview::model::dump_text;

pub fn run(args: &[String]) -> Result<(), Failure> {
    let opts = Options::parse(
        args,
        &Accepts {
            flags: &[],
            values: &["--limit"],
        },
    )?;
    let limit = opts.number("--limit")?.unwrap_or(20);
    let imported = load(opts.file)?;
    crate::emit_text(&dump_text(&imported.trace, limit))?;
    Ok(())
}
