//! The engine boundary (`planeview::api`) on real files: the page's JSON calls as the worker
//! sends them, their responses, the bulk calls, and the error kinds.

mod common;

use planeview::api::{ApiError, Session};
use serde_json::{Value, json};
use std::path::Path;

/// A session with `path` loaded in 1 MiB chunks, as the worker pushes them.
fn load(path: &Path) -> (Session, Value) {
    let bytes = common::read(path);
    let mut s = Session::new();
    s.reserve(bytes.len() as u64).expect("reserve");
    for chunk in bytes.chunks(1 << 20) {
        s.push(chunk).expect("push");
    }
    let overview = s.finish().expect("finish");
    let overview = serde_json::to_value(&overview).expect("overview serialises");
    (s, overview)
}

fn xplane(name: &str) -> (Session, Value) {
    load(&common::data_dir("xplane").join(name))
}

/// One JSON call as the worker makes it; panics with the error on failure.
fn call(s: &Session, method: &str, args: Value) -> Value {
    serde_json::from_str(&call_text(s, method, args)).expect("reply is JSON")
}

/// [`call`]'s reply as the text the worker receives.
fn call_text(s: &Session, method: &str, args: Value) -> String {
    let request = json!({ "method": method, "args": args }).to_string();
    s.handle_json(&request)
        .unwrap_or_else(|e| panic!("{request}: {} {e}", e.kind()))
}

/// The error kind of a call that must fail.
fn error_kind(s: &Session, request: &str) -> &'static str {
    match s.handle_json(request) {
        Ok(reply) => panic!("{request} answered {reply}"),
        Err(e) => e.kind(),
    }
}

#[test]
fn overview_lists_groups_tracks_and_summary() {
    let (_, o) = xplane("jax_cpu_mlp_small.xplane.pb");
    assert_eq!(o["summary"]["format"], "xspace");
    assert!(o["summary"]["slices"].as_u64().unwrap() > 0);
    let (start, end) = (
        o["start_ps"].as_i64().unwrap(),
        o["end_ps"].as_i64().unwrap(),
    );
    assert!(start < end, "{start} < {end}");
    let groups = o["groups"].as_array().unwrap();
    assert!(!groups.is_empty());
    for g in groups {
        assert!(g["process"].is_u64() && g["name"].is_string(), "{g}");
        for t in g["tracks"].as_array().unwrap() {
            assert!(t["id"].is_u64() && t["name"].is_string(), "{t}");
            assert!(
                ["slices", "counter", "async"].contains(&t["kind"].as_str().unwrap()),
                "{t}"
            );
            assert!(t["lanes"].as_u64().unwrap() >= 1, "{t}");
        }
    }
    assert!(
        o["metadata"]
            .as_array()
            .unwrap()
            .iter()
            .all(|kv| kv.as_array().is_some_and(|p| p.len() == 2))
    );
}

#[test]
fn details_of_a_slice_with_args_and_flows() {
    let (s, _) = xplane("jax_cpu_mlp_small.xplane.pb");
    let t = s.profile().unwrap().trace();
    // The first slice that leaves an arrow and has args.
    let chosen = (0..t.slices.len())
        .find(|&i| {
            let id = planeview::model::SliceId(i as u32);
            !planeview::model::flow_links(t, id).outgoing.is_empty()
                && t.args.get(t.slices.args[i]).next().is_some()
        })
        .expect("a slice with args and an outgoing flow");
    let d = call(&s, "sliceDetails", json!([chosen]));
    assert_eq!(d["id"], chosen);
    assert_eq!(d["dur_ps"], t.slices.dur[chosen]);
    assert!(d["flows"]["incoming"].is_array() && d["flows"]["outgoing"].is_array());
    assert!(d.get("time_ps").is_none(), "a slice has no instant time");
    let info = call(&s, "sliceInfo", json!([chosen]));
    assert_eq!(
        (&info["start_ps"], &info["track"]),
        (&d["start_ps"], &d["track"])
    );
    assert_eq!(
        s.profile()
            .unwrap()
            .string(info["nameId"].as_u64().unwrap() as u32),
        d["name"]
    );
    common::assert_snapshot(
        "api_slice_details",
        &serde_json::to_string_pretty(&d).unwrap(),
    );
}

#[test]
fn search_finds_what_details_name() {
    let (s, _) = xplane("jax_cpu_mlp_small.xplane.pb");
    let p = s.profile().unwrap();
    let name = call(&s, "sliceDetails", json!([0]))["name"]
        .as_str()
        .unwrap()
        .to_owned();
    let ids = p.search(&name, 1000);
    assert!(ids.contains(&0), "{name:?} → {ids:?}");
    for id in ids {
        let found = call(&s, "sliceDetails", json!([id]))["name"]
            .as_str()
            .unwrap()
            .to_lowercase();
        assert!(found.contains(&name.to_lowercase()));
    }
    // `slicesNamed`: exactly the slices of that name (the search's hits whose name is equal),
    // in time order.
    let named: Vec<u64> = call(&s, "slicesNamed", json!([name, 100_000]))
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let exact: Vec<u64> = p
        .search(&name, 100_000)
        .into_iter()
        .filter(|&id| call(&s, "sliceDetails", json!([id]))["name"] == name.as_str())
        .map(u64::from)
        .collect();
    assert!(!named.is_empty());
    assert_eq!(named, exact);
    assert_eq!(
        call(&s, "slicesNamed", json!(["no such slice", 10])),
        json!([])
    );
}

#[test]
fn analysis_table_rows_and_their_slices_agree() {
    let (s, _) = xplane("tpu_inference_2.xplane.pb");
    let table = call(&s, "analysisTable", json!(["hlo-stats", false]));
    let rows = table["rows"].as_array().unwrap();
    assert!(!rows.is_empty());
    assert!(
        rows.iter()
            .all(|r| r.get("_longest").is_some() && r.get("hlo_op_name").is_some())
    );
    // The same text as the analysis computed directly, and the same again from the cache.
    let t = s.profile().unwrap().trace();
    let direct = planeview::analysis::tables::table(
        t,
        planeview::analysis::tables::Tool::HloStats,
        planeview::analysis::compat::Compat::Planeview,
    );
    let request = r#"{"method":"analysisTable","args":["hlo-stats",false]}"#;
    let text = s.handle_json(request).unwrap();
    let expected = serde_json::to_string(&json!({ "rows": direct.rows })).unwrap();
    assert!(text == expected, "the table differs from the analysis");
    assert!(
        s.handle_json(request).unwrap() == text,
        "the cached table differs"
    );
    for row in [0, rows.len() - 1] {
        let slices = s
            .profile()
            .unwrap()
            .analysis_row_slices("hlo-stats", row as u32, false)
            .unwrap();
        assert!(!slices.is_empty(), "row {row} has slices");
        let back = call(
            &s,
            "analysisRowOfSlice",
            json!(["hlo-stats", slices[0], false]),
        );
        assert_eq!(back, json!(row));
    }
    let past = s
        .profile()
        .unwrap()
        .analysis_row_slices("hlo-stats", rows.len() as u32, false)
        .unwrap();
    assert!(past.is_empty());
}

/// The session shares one XLA op table and one set of HLO op rows between the HLO op table,
/// the op profile and the roofline: each answer is the text of the analysis computed on its
/// own (compared as text: JSON numbers parsed back may differ in their last digit).
#[test]
fn shared_op_tables_give_what_each_analysis_gives_alone() {
    use planeview::analysis::op_profile::{GroupBy, op_profile};
    use planeview::analysis::roofline::roofline;
    use planeview::analysis::tables::{Tool, table};
    let compat = planeview::analysis::compat::Compat::Planeview;
    for name in [
        "tpu_inference_2.xplane.pb",
        "jax_cpu_mlp_small.xplane.pb",
        "tf_gpu_multi_worker.xplane.pb.gz",
    ] {
        let (s, _) = xplane(name);
        // The op profile first, so the rows are built from the table it left in the cache.
        let tree = |g: &str| {
            call_text(
                &s,
                "analysisDoc",
                json!([{ "kind": "op-profile", "groupBy": g }]),
            )
        };
        let (program, category) = (tree("program"), tree("category"));
        let roof = call_text(
            &s,
            "analysisDoc",
            json!([{ "kind": "roofline", "peakGflops": 0, "peakHbmGbps": 0 }]),
        );
        let rows = call_text(&s, "analysisTable", json!(["hlo-stats", false]));
        let t = s.profile().unwrap().trace();
        assert!(
            program == json_text(&op_profile(t, GroupBy::Program)),
            "{name}: op profile by program"
        );
        assert!(
            category == json_text(&op_profile(t, GroupBy::Category)),
            "{name}: op profile by category"
        );
        assert!(roof == json_text(&roofline(t, None)), "{name}: roofline");
        let direct = table(t, Tool::HloStats, compat);
        assert!(
            rows == json_text(&json!({ "rows": direct.rows })),
            "{name}: HLO op table"
        );
    }
}

/// An analysis result as the JSON text the engine answers with.
fn json_text<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("serialises")
}

#[test]
fn analysis_documents_and_a_chart_drawn_as_svg() {
    let (s, _) = xplane("tpu_inference_2.xplane.pb");
    let overview = call(
        &s,
        "analysisDoc",
        json!([{ "kind": "overview", "compat": false }]),
    );
    assert!(overview["steps"].is_array(), "{overview}");
    let tree = call(
        &s,
        "analysisDoc",
        json!([{ "kind": "op-profile", "groupBy": "category" }]),
    );
    assert!(tree["children"].is_array(), "{tree}");
    let chart = call(
        &s,
        "analysisDoc",
        json!([{ "kind": "chart", "chart": "categories", "arg": 0, "peakGflops": 0, "peakHbmGbps": 0 }]),
    );
    assert_eq!(
        (chart["width"].as_u64(), chart["height"].as_u64()),
        (Some(720), Some(324))
    );
    assert_eq!(chart["chart"]["kind"], "categories");
    let svg = chart["svg"].as_str().unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("</svg>"),
        "{svg:.80}"
    );
    let wide = call(
        &s,
        "analysisDoc",
        json!([{ "kind": "chart", "chart": "roofline", "width": 1000 }]),
    );
    assert_eq!(
        (wide["width"].as_u64(), wide["height"].as_u64()),
        (Some(1000), Some(450))
    );
}

#[test]
fn counters_and_their_bulk_calls() {
    let (s, o) = xplane("tpu_counters_generated.xplane.pb");
    let tracks = call(&s, "counterTracks", json!([]));
    let first = &tracks.as_array().unwrap()[0];
    assert!(first["samples"].as_u64().unwrap() > 0, "{first}");
    let id = first["id"].as_u64().unwrap() as u32;
    let (t0, t1) = (
        o["start_ps"].as_f64().unwrap(),
        o["end_ps"].as_f64().unwrap(),
    );
    let stats = call(&s, "rangeStats", json!([t0, t1]));
    assert!(
        stats["counters"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["track"] == id)
    );
    let p = s.profile().unwrap();
    let points = p.counter_chart_points(id, t0, t1, 100);
    assert!(!points.is_empty() && points.len() % 2 == 0);
    let near = call(&s, "counterSampleNear", json!([id, points[0], 0]));
    let sample = call(
        &s,
        "counterSample",
        json!([near.as_u64().expect("a sample at the first point")]),
    );
    assert_eq!(sample["track"], id);
    let list = p.render_counters(&[id], t0, t1, 800.0);
    assert!(list.len() > 8, "a header and columns");
    assert!(
        p.counter_column(id, t0, t1, 800.0, -1.0).is_empty(),
        "nothing before the first sample"
    );
}

#[test]
fn mlir_hlo_and_health_calls() {
    let (s, _) = load(&common::data_dir("mlir").join("tpu_add.mlirbc"));
    let text = s
        .profile()
        .unwrap()
        .mlir_text(false)
        .expect("an MLIR file has text");
    let expected = String::from_utf8(common::read(
        &common::data_dir("mlir").join("tpu_add.generic.mlir"),
    ))
    .unwrap();
    assert_eq!(text.trim_end(), expected.trim_end());
    let (s, _) = load(&common::data_dir("mlir").join("tpu_add.stablehlo.mlir"));
    let kernels = call(&s, "mlirKernels", json!([]));
    assert_eq!(kernels[0]["kind"], "mosaic_tpu", "{kernels}");
    assert!(
        call(&s, "mlirKernelText", json!([0, false]))
            .as_str()
            .unwrap()
            .contains("func")
    );
    assert_eq!(
        error_kind(&s, r#"{"method":"mlirKernelText","args":[99,false]}"#),
        "mlir"
    );
    let (s, _) = load(&common::data_dir("hlo").join("jit_attention.cpu_after_optimizations.txt"));
    let modules = call(&s, "hlo", json!([{ "op": "modules" }]));
    assert_eq!(modules.as_array().unwrap().len(), 1, "{modules}");
    assert!(call(&s, "health", json!([])).is_array());
}

#[test]
fn errors_carry_a_stable_kind() {
    let empty = Session::new();
    assert_eq!(
        error_kind(&empty, r#"{"method":"health","args":[]}"#),
        "no_profile"
    );
    assert_eq!(
        error_kind(&empty, r#"{"method":"noSuchCall","args":[]}"#),
        "bad_request"
    );
    assert!(matches!(empty.profile(), Err(ApiError::NoProfile)));
    let (s, _) = xplane("jax_cpu_mlp_small.xplane.pb");
    for bad in [
        "not json",
        r#"{"method":"noSuchCall","args":[]}"#,
        r#"{"method":"sliceDetails","args":["zero"]}"#,
        r#"{"method":"sliceDetails","args":[]}"#,
        r#"{"method":"sliceDetails","args":[1,2]}"#,
        r#"{"method":"sliceDetails","args":[1],"extra":0}"#,
        r#"{"method":"analysisTable","args":["no-such-table",false]}"#,
        r#"{"method":"analysisDoc","args":[{"kind":"chart","chart":"pie"}]}"#,
    ] {
        assert_eq!(error_kind(&s, bad), "bad_request", "{bad}");
    }
    assert_eq!(
        error_kind(&s, r#"{"method":"sliceDetails","args":[4000000000]}"#),
        "not_found"
    );
    assert_eq!(
        error_kind(&s, r#"{"method":"counterSample","args":[4000000000]}"#),
        "not_found"
    );
    assert_eq!(
        s.handle_json(r#"{"method":"kernelTelemetry","args":[4000000000]}"#)
            .unwrap(),
        "null"
    );
    let mut junk = Session::new();
    junk.push(b"this is not a profile").unwrap();
    let e = junk.finish().unwrap_err();
    assert!(matches!(e, ApiError::Import(_)), "{e:?}");
    assert_eq!(e.reply().kind, e.kind());
}

/// The page's call map (`www/src/engine/engine.ts`) names exactly the JSON calls `Request`
/// decodes: every `json<...>()` entry is a `Request` method, every method an entry.
#[test]
fn the_page_call_map_matches_the_requests() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("www/src/engine/engine.ts");
    let source = String::from_utf8(common::read(&path)).unwrap();
    let mut page: Vec<&str> = source
        .lines()
        .filter_map(|l| l.trim().split_once(": json<").map(|(name, _)| name))
        .collect();
    page.sort_unstable();
    let mut rust = planeview::api::Request::METHODS.to_vec();
    rust.sort_unstable();
    assert_eq!(page, rust);
}

fn torch_cpu() -> (Session, Value) {
    load(&common::data_dir("chrome_json").join("torch-cpu__torch_cpu_smallcnn_train.json.gz"))
}

fn ps(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("{v} is not ps"))
}

/// The steps of a PyTorch CPU trace, and the area selection and call tree of one of them.
#[test]
fn steps_selection_and_call_tree_of_a_torch_step() {
    let (s, _) = torch_cpu();
    let steps = call(&s, "stepTable", json!([[]]));
    let steps = steps.as_array().unwrap();
    assert!(steps.len() >= 2, "{steps:?}");
    let step = &steps[1];
    assert!(
        step["name"].as_str().unwrap().starts_with("ProfilerStep#"),
        "{step}"
    );
    let (t0, dur) = (ps(&step["start_ps"]), ps(&step["duration_ps"]));
    assert!(dur > 0);
    assert!(ps(&step["zoom_from_ps"]) < t0 && ps(&step["zoom_to_ps"]) > t0 + dur);
    assert!(!step["top_self"].as_array().unwrap().is_empty());

    let t1 = t0 + dur;
    let sel = call(&s, "selection", json!([[], t0, t1, false]));
    assert_eq!((ps(&sel["from_ps"]), ps(&sel["to_ps"])), (t0, t1));
    let tracks = sel["tracks"].as_array().unwrap().len() as i64;
    let names = sel["names"].as_array().unwrap();
    assert!(tracks >= 1 && !names.is_empty());
    let self_sum: i64 = names.iter().map(|n| ps(&n["self_ps"])).sum();
    assert_eq!(self_sum, ps(&sel["busy_ps"]));
    assert!(self_sum <= dur * tracks);
    assert!(names.iter().all(|n| n["track"].is_null()));

    let track = sel["tracks"][0]["track"].as_u64().unwrap();
    let one = call(&s, "selection", json!([[track], t0, t1, true]));
    assert_eq!(one["tracks"].as_array().unwrap().len(), 1);
    assert!(
        one["names"]
            .as_array()
            .unwrap()
            .iter()
            .all(|n| n["track"].as_u64() == Some(track))
    );

    let down = call(&s, "callTree", json!([[], t0, t1, "top-down"]));
    let up = call(&s, "callTree", json!([[], t0, t1, "bottom-up"]));
    assert_eq!(down["direction"], "top_down");
    assert_eq!(up["direction"], "bottom_up");
    assert_eq!(down["self_ps"], sel["busy_ps"]);
    assert_eq!(up["total_ps"], up["self_ps"]);
    assert!(!down["roots"].as_array().unwrap().is_empty());
    assert_eq!(
        error_kind(
            &s,
            &json!({"method": "callTree", "args": [[], t0, t1, "sideways"]}).to_string()
        ),
        "bad_request"
    );
}
