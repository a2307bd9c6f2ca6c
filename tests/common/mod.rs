//! Helpers shared by the integration tests: test data, the corpus of real profiles, snapshots.
#![allow(dead_code)]
// Tests read and write files; the sans-IO rule of clippy.toml is for the core.
#![allow(clippy::disallowed_methods)]

pub mod xspace;

use std::path::{Path, PathBuf};

/// `tests/data/<sub>`.
pub fn data_dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(sub)
}

/// The corpus of real profiles (`$PLANEVIEW_CORPUS`, else `../shared/corpus` beside the
/// checkout, the Makefile's default). `None` when it is absent, so a test that needs big files
/// skips with a visible message, except where the corpus is expected ([`corpus_expected`]):
/// there the test fails.
pub fn corpus_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("PLANEVIEW_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"));
    if dir.is_dir() {
        Some(dir)
    } else {
        skip(&format!(
            "the corpus of real profiles is not at {} (set PLANEVIEW_CORPUS)",
            dir.display()
        ));
        None
    }
}

/// Whether the corpus must be there: `CI` is set to anything but empty, `0` or `false` (CI
/// services set `CI=true`), so a parity test cannot pass there by not running.
pub fn corpus_expected() -> bool {
    std::env::var("CI").is_ok_and(|v| !matches!(v.trim(), "" | "0" | "false"))
}

/// Skips a test that lacks corpus data (`reason` says what is missing): prints
/// `SKIPPED: <reason>` and returns, or panics with the reason when [`corpus_expected`].
pub fn skip(reason: &str) {
    if corpus_expected() {
        panic!("{reason}: CI is set, so the corpus is expected and this test must run, not skip");
    }
    eprintln!("SKIPPED: {reason}");
}

/// Reads a file, panicking with its path on failure.
pub fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Compares `actual` with `tests/snapshots/<name>.txt`. With `UPDATE_SNAPSHOTS=1` the file
/// is (re)written instead; a missing snapshot fails, so a new test must be reviewed once.
pub fn assert_snapshot(name: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!(
            "missing snapshot {} (run with UPDATE_SNAPSHOTS=1 and review it)",
            path.display()
        )
    });
    if expected != actual {
        let first_diff = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(expected.lines().count().min(actual.lines().count()));
        panic!(
            "snapshot {name} differs at line {}:\n  expected: {:?}\n  actual:   {:?}\n(run with UPDATE_SNAPSHOTS=1 to accept)",
            first_diff + 1,
            expected.lines().nth(first_diff),
            actual.lines().nth(first_diff)
        );
    }
}

/// The track of slice `i` as `(process name, track source id)`: a key that does not depend on
/// the order tracks were created in.
pub fn track_key(trace: &planeview::model::Trace, i: usize) -> (String, String) {
    let track = trace.slices.track[i].index();
    let process = trace.tracks.process[track].index();
    (
        trace.str(trace.processes.name[process]).to_owned(),
        trace.str(trace.tracks.source_id[track]).to_owned(),
    )
}

/// What two imports that must agree are compared by: the dump (40 events a track), the
/// diagnostics with their examples, the string table (its size and a hash of its text), the
/// slices' times (a hash), the input sizes; or the error.
pub fn model_fingerprint(
    result: Result<planeview::import::Imported, planeview::ImportError>,
) -> String {
    let fnv = |bytes: &mut dyn Iterator<Item = u8>| {
        bytes.fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        })
    };
    match result {
        Ok(imported) => {
            let t = &imported.trace;
            let mut out = planeview::model::dump_text(t, 40);
            for (name, d) in t.diagnostics.iter() {
                out.push_str(&format!(
                    "{name} {:?} {} {:?}\n",
                    d.severity, d.count, d.examples
                ));
            }
            let text = (0..t.strings.len() as u32)
                .flat_map(|k| t.str(planeview::model::StrId(k)).bytes().chain([0]));
            let times = t.slices.start.iter().chain(&t.slices.dur);
            out.push_str(&format!(
                "strings {} {:x} slices {} {:x} bytes {} unpacked {}\n",
                t.strings.len(),
                fnv(&mut text.collect::<Vec<u8>>().into_iter()),
                t.slices.len(),
                fnv(&mut times.flat_map(|v| v.to_le_bytes())),
                imported.bytes,
                imported.unpacked_bytes
            ));
            out
        }
        Err(e) => format!("error: {e}"),
    }
}

/// The files under `tests/data/<sub>` and the corpus (when present) whose path contains
/// `pattern`, sorted.
pub fn files_containing(sub: &str, pattern: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![data_dir(sub)];
    dirs.extend(corpus_dir());
    while let Some(d) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.to_string_lossy().contains(pattern) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// A file's bytes, gunzipped when it is gzip.
pub fn unpacked(path: &Path) -> Vec<u8> {
    let bytes = read(path);
    if planeview::import::is_gzip(&bytes) {
        planeview::import::gunzip(&bytes, 1 << 31).map_or(bytes, |g| g.data)
    } else {
        bytes
    }
}
