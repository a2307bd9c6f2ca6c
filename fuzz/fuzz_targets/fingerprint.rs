//! What two imports that must agree are compared by: the model's `planeview dump` (every
//! event), its diagnostics with their examples and the size of its string table, or the error.

use planeview::model::{Trace, dump_text};

/// The fingerprint of an import's result.
pub fn fingerprint(result: Result<Trace, planeview::ImportError>) -> String {
    match result {
        Ok(trace) => {
            let mut out = dump_text(&trace, usize::MAX);
            for (name, d) in trace.diagnostics.iter() {
                out.push_str(&format!("{name} {} {:?}\n", d.count, d.examples));
            }
            out.push_str(&format!("strings {}\n", trace.strings.len()));
            out
        }
        Err(e) => format!("error: {e}"),
    }
}
