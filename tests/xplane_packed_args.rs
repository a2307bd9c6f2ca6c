//! XSpace events' own stats are kept as packed arg sets: every slice's args, read through
//! the model, must equal the args an eager decode of the same file gives. The
//! reference here decodes each file whole with prost (the same `proto/xplane.proto`) and
//! applies the importer's stated rules (own stats in wire order, then the event metadata's
//! `long_name` and stats whose keys the event lacks; `ref_value` as the name it refers to;
//! unknown stat ids as `stat#<id>`), on every XSpace of `tests/data` and the corpus.

mod common;

use planeview::import::import_bytes;
use planeview::model::{ArgSetId, Trace, arg_value_to_json};
use prost::Message;
use serde_json::{Value as Json, json};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::PathBuf;

#[allow(clippy::all, dead_code, missing_docs, missing_debug_implementations)]
mod pb {
    include!(concat!(env!("OUT_DIR"), "/planeview.xspace.rs"));
}
use pb::x_stat::Value;

/// One slice as compared: duration and its args as (key, JSON value) text.
type Row = (i64, Vec<(String, String)>);

fn unpacked(bytes: Vec<u8>) -> Vec<u8> {
    if !planeview::import::is_gzip(&bytes) {
        return bytes;
    }
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .read_to_end(&mut out)
        .unwrap();
    out
}

fn inflate(data: &[u8]) -> Option<String> {
    let mut text = Vec::new();
    let ok = if data.starts_with(&[0x1f, 0x8b]) {
        flate2::read::GzDecoder::new(data).read_to_end(&mut text)
    } else {
        flate2::read::ZlibDecoder::new(data)
            .read_to_end(&mut text)
            .or_else(|_| {
                text.clear();
                flate2::read::DeflateDecoder::new(data).read_to_end(&mut text)
            })
    };
    ok.ok().and_then(|_| String::from_utf8(text).ok())
}

/// A stat value as the details panel shows it (`arg_value_to_json`'s rules).
fn stat_json(value: Option<&Value>, name_of: &dyn Fn(i64) -> String) -> Json {
    match value {
        None => Json::Null,
        Some(Value::DoubleValue(v)) => serde_json::Number::from_f64(*v)
            .map(Json::Number)
            .unwrap_or_else(|| Json::from(v.to_string())),
        Some(Value::Uint64Value(v)) if *v > 1 << 53 => Json::from(v.to_string()),
        Some(Value::Uint64Value(v)) => json!(v),
        Some(Value::Int64Value(v)) => json!(v),
        Some(Value::StrValue(s)) => json!(s),
        Some(Value::BytesValue(b)) => json!(format!("<{} bytes>", b.len())),
        Some(Value::RefValue(id)) => json!(name_of(*id as i64)),
        Some(Value::CompressedStrValue(b)) => match inflate(b) {
            Some(text) => json!(text),
            None => json!(format!("<{} bytes>", b.len())),
        },
    }
}

/// The expected rows of every (plane name, line id), from a whole prost decode.
fn reference(bytes: &[u8]) -> Option<BTreeMap<(String, String), Vec<Row>>> {
    let space = pb::XSpace::decode(bytes).ok()?;
    let mut out: BTreeMap<(String, String), Vec<Row>> = BTreeMap::new();
    for plane in &space.planes {
        let name_of = |id: i64| match plane.stat_metadata.get(&id) {
            Some(md) => md.name.clone(),
            None => format!("stat#{id}"),
        };
        for line in &plane.lines {
            let rows = out
                .entry((plane.name.clone(), line.id.to_string()))
                .or_default();
            for event in &line.events {
                if matches!(event.data, Some(pb::x_event::Data::NumOccurrences(_))) {
                    continue;
                }
                let mut args: Vec<(String, String)> = event
                    .stats
                    .iter()
                    .map(|s| {
                        let v = stat_json(s.value.as_ref(), &name_of);
                        (name_of(s.metadata_id), v.to_string())
                    })
                    .collect();
                let own = args.len();
                let mut inherited = Vec::new();
                if let Some(md) = plane.event_metadata.get(&event.metadata_id) {
                    if !md.display_name.is_empty() && md.display_name != md.name {
                        inherited.push(("long_name".to_owned(), json!(md.name).to_string()));
                    }
                    for s in &md.stats {
                        let v = stat_json(s.value.as_ref(), &name_of);
                        inherited.push((name_of(s.metadata_id), v.to_string()));
                    }
                }
                for pair in inherited {
                    if !args[..own].iter().any(|(k, _)| *k == pair.0) {
                        args.push(pair);
                    }
                }
                rows.push((event.duration_ps, args));
            }
        }
    }
    Some(out)
}

/// The rows of every (process name, track source id) with slices, read through the model.
fn imported(t: &Trace) -> BTreeMap<(String, String), Vec<Row>> {
    let mut out: BTreeMap<(String, String), Vec<Row>> = BTreeMap::new();
    let row = |dur: i64, set: ArgSetId| -> Row {
        let args = t
            .args
            .get(set)
            .map(|(k, v)| {
                let value = arg_value_to_json(v, &t.strings).to_string();
                (t.str(k).to_owned(), value)
            })
            .collect();
        (dur, args)
    };
    for i in 0..t.slices.len() {
        out.entry(common::track_key(t, i))
            .or_default()
            .push(row(t.slices.dur[i], t.slices.args[i]));
    }
    out
}

fn files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![common::data_dir("xplane"), common::data_dir("regressions")];
    if let Some(corpus) = common::corpus_dir() {
        dirs.push(corpus.join("xplane"));
        dirs.push(corpus.join("multi/jax_cpu_2proc"));
    }
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.contains(".xplane.pb") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn every_slices_args_equal_an_eager_decode_of_its_event() {
    let files = files();
    assert!(files.len() >= 5, "the XSpace test files: {files:?}");
    for path in files {
        let bytes = unpacked(common::read(&path));
        let trace = import_bytes(&bytes).unwrap().trace;
        let Some(mut want) = reference(&bytes) else {
            // A damaged regression file: prost refuses it whole, so there is no reference.
            assert!(
                path.starts_with(common::data_dir("regressions")),
                "{}",
                path.display()
            );
            continue;
        };
        let got = imported(&trace);
        let mut pairs = 0;
        for (key, mut rows) in got {
            let mut expect = want.remove(&key).unwrap_or_default();
            if expect.len() != rows.len() {
                // A line of counter events and slices: only the slices are compared.
                expect.retain(|r| rows.iter().any(|g| g == r));
            }
            rows.sort();
            expect.sort();
            pairs += rows.iter().map(|r| r.1.len()).sum::<usize>();
            assert_eq!(rows, expect, "{} {key:?}", path.display());
        }
        assert!(
            pairs > 0 || path.to_string_lossy().contains("regressions"),
            "{}: no args compared",
            path.display()
        );
    }
}
