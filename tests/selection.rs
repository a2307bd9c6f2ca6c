//! Selections (slices of some tracks in a time range, by name), their call trees and the
//! per-step table, checked against a brute-force pass over the slice table that shares no
//! code with the fast path (no lane index, no merge, no stacks): on real PyTorch and XSpace
//! files, and on random nestings with proptest.
#![allow(clippy::disallowed_methods)]

#[path = "common/mod.rs"]
mod common;

use planeview::Trace;
use planeview::analysis::call_tree::{CallNode, CallTree, Direction, TreeLimits, call_tree};
use planeview::analysis::compat::Compat;
use planeview::analysis::counters::stats::busy_time;
use planeview::analysis::selection::{select, step_table, whole_range};
use planeview::analysis::steps::steps;
use planeview::model::{ArgSetId, CategoryId, Format, Ps, StrId, TraceBuilder, TrackId, TrackKind};
use proptest::prelude::*;
use std::cmp::Reverse;
use std::collections::BTreeMap;
use std::ops::Range;

fn load(dir: &str, file: &str) -> Trace {
    let bytes = common::read(&common::data_dir(dir).join(file));
    planeview::import::import_bytes(&bytes)
        .unwrap_or_else(|e| panic!("{file}: {e}"))
        .trace
}

fn torch() -> Trace {
    load("chrome_json", "torch-cpu__torch_cpu_smallcnn_train.json.gz")
}

fn xspace() -> Trace {
    load("xplane", "tf_gpu_multi_worker.xplane.pb.gz")
}

/// One slice as the brute force sees it.
struct Brute {
    slice: usize,
    /// Position of the parent in the track's list.
    parent: Option<usize>,
    wall: Ps,
    self_time: Ps,
}

/// The definitions of `analysis::nesting`, written out the slow way: every slice of the table
/// tested for the range, parents by scanning back for the last enclosing slice, self time by
/// giving each elementary interval to the last slice in the order that covers it.
fn brute_track(trace: &Trace, track: TrackId, r: &Range<Ps>) -> Vec<Brute> {
    let s = &trace.slices;
    let end = |i: usize| s.start[i] + s.dur[i];
    let mut v: Vec<usize> = (0..s.len())
        .filter(|&i| s.track[i] == track)
        .filter(|&i| {
            if s.dur[i] == 0 {
                r.start <= s.start[i] && s.start[i] < r.end
            } else {
                s.start[i] < r.end && end(i) > r.start
            }
        })
        .collect();
    v.sort_by_key(|&i| (s.start[i], Reverse(s.dur[i]), s.lane[i], i));
    let clip = |a: Ps, b: Ps| (b.min(r.end) - a.max(r.start)).max(0);
    let mut out: Vec<Brute> = v
        .iter()
        .enumerate()
        .map(|(k, &i)| Brute {
            slice: i,
            parent: (0..k).rev().find(|&j| {
                let p = v[j];
                s.start[p] <= s.start[i] && end(i) <= end(p) && s.start[i] < end(p)
            }),
            wall: clip(s.start[i], end(i)),
            self_time: 0,
        })
        .collect();
    let mut cuts: Vec<Ps> = v
        .iter()
        .flat_map(|&i| [s.start[i], end(i)])
        .map(|t| t.clamp(r.start, r.end))
        .collect();
    cuts.sort_unstable();
    cuts.dedup();
    for w in cuts.windows(2) {
        let (a, b) = (w[0], w[1]);
        let started = v.partition_point(|&i| s.start[i] <= a);
        if let Some(k) = (0..started).rev().find(|&k| end(v[k]) >= b) {
            out[k].self_time += b - a;
        }
    }
    out
}

/// Every track holding slices, in id order.
fn slice_tracks(trace: &Trace) -> Vec<TrackId> {
    (0..trace.tracks.len() as u32)
        .map(TrackId)
        .filter(|&t| trace.slices.track.contains(&t))
        .collect()
}

/// Per (track or none, name): occurrences, wall, unclipped, self, max.
type NameSums = BTreeMap<(Option<u32>, String), (u64, Ps, Ps, Ps, Ps)>;

fn brute_names(trace: &Trace, tracks: &[TrackId], r: &Range<Ps>, per_track: bool) -> NameSums {
    let mut out = NameSums::new();
    for &t in tracks {
        for b in brute_track(trace, t, r) {
            let name = trace.str(trace.slices.name[b.slice]).to_owned();
            let e = out
                .entry((per_track.then_some(t.0), name))
                .or_insert((0, 0, 0, 0, 0));
            e.0 += 1;
            e.1 += b.wall;
            e.2 += trace.slices.dur[b.slice];
            e.3 += b.self_time;
            e.4 = e.4.max(b.wall);
        }
    }
    out
}

fn fast_names(trace: &Trace, tracks: &[TrackId], r: &Range<Ps>, per_track: bool) -> NameSums {
    let sel = select(trace, tracks, r.clone(), per_track);
    let mut out = NameSums::new();
    for n in &sel.names {
        let s = &trace.slices;
        let longest = n.longest_slice as usize;
        assert_eq!(
            trace.str(s.name[longest]),
            n.name,
            "longest slice has the name"
        );
        assert_eq!(n.avg_wall_ps, n.wall_ps / n.occurrences as Ps);
        let row = (
            n.occurrences,
            n.wall_ps,
            n.unclipped_wall_ps,
            n.self_ps,
            n.max_wall_ps,
        );
        assert!(
            out.insert((n.track, n.name.clone()), row).is_none(),
            "one row per key"
        );
    }
    assert!(
        sel.names.windows(2).all(|w| w[0].wall_ps >= w[1].wall_ps),
        "rows by wall time, longest first"
    );
    out
}

/// Call paths → (total, self, occurrences), from a brute-force pass.
type PathSums = BTreeMap<Vec<String>, (Ps, Ps, u64)>;

fn brute_paths(trace: &Trace, tracks: &[TrackId], r: &Range<Ps>, dir: Direction) -> PathSums {
    let mut out = PathSums::new();
    for &t in tracks {
        let list = brute_track(trace, t, r);
        for b in &list {
            let mut path = vec![trace.str(trace.slices.name[b.slice]).to_owned()];
            let mut p = b.parent;
            while let Some(k) = p {
                path.push(trace.str(trace.slices.name[list[k].slice]).to_owned());
                p = list[k].parent;
            }
            match dir {
                Direction::TopDown => {
                    path.reverse();
                    let e = out.entry(path).or_insert((0, 0, 0));
                    e.0 += b.wall;
                    e.1 += b.self_time;
                    e.2 += 1;
                }
                Direction::BottomUp => {
                    for len in 1..=path.len() {
                        let e = out.entry(path[..len].to_vec()).or_insert((0, 0, 0));
                        e.0 += b.self_time;
                        e.2 += 1;
                        if len == path.len() {
                            e.1 += b.self_time;
                        }
                    }
                }
            }
        }
    }
    out
}

fn flatten(nodes: &[CallNode], prefix: &mut Vec<String>, out: &mut PathSums) {
    for n in nodes {
        prefix.push(n.name.clone());
        let row = (n.total_ps, n.self_ps, n.occurrences);
        assert!(out.insert(prefix.clone(), row).is_none(), "merged by name");
        assert!(
            n.children
                .windows(2)
                .all(|w| w[0].total_ps >= w[1].total_ps),
            "children by total, largest first"
        );
        flatten(&n.children, prefix, out);
        prefix.pop();
    }
}

const NO_LIMITS: TreeLimits = TreeLimits {
    max_depth: 256,
    max_nodes: usize::MAX,
};

fn fast_paths(
    trace: &Trace,
    tracks: &[TrackId],
    r: &Range<Ps>,
    dir: Direction,
) -> (CallTree, PathSums) {
    let tree = call_tree(trace, tracks, r.clone(), dir, NO_LIMITS);
    assert!(!tree.truncated);
    let mut out = PathSums::new();
    flatten(&tree.roots, &mut Vec::new(), &mut out);
    assert_eq!(tree.nodes, out.len());
    (tree, out)
}

/// Everything the fast path computes for `tracks` over `r`, compared with the brute force,
/// and the sums that must reconcile.
fn check_against_brute_force(trace: &Trace, tracks: &[TrackId], r: &Range<Ps>) {
    let listed: Vec<TrackId> = if tracks.is_empty() {
        slice_tracks(trace)
    } else {
        tracks.to_vec()
    };
    for per_track in [false, true] {
        assert_eq!(
            fast_names(trace, tracks, r, per_track),
            brute_names(trace, &listed, r, per_track),
            "names, per_track {per_track}, range {r:?}"
        );
    }
    let sel = select(trace, tracks, r.clone(), true);
    let mut busy_total = 0;
    for &t in &listed {
        let list = brute_track(trace, t, r);
        let busy = union_length(trace, &list, r);
        busy_total += busy;
        let self_sum: Ps = sel
            .names
            .iter()
            .filter(|n| n.track == Some(t.0))
            .map(|n| n.self_ps)
            .sum();
        assert_eq!(
            self_sum, busy,
            "track {t:?}: self times add up to its busy time"
        );
        match sel.tracks.iter().find(|x| x.track == t.0) {
            Some(row) => {
                assert_eq!(row.busy_ps, busy);
                assert_eq!(row.slices, list.len() as u64);
            }
            None => assert!(list.is_empty(), "track {t:?} with slices is listed"),
        }
    }
    assert_eq!(sel.busy_ps, busy_total);
    for dir in [Direction::TopDown, Direction::BottomUp] {
        let (tree, paths) = fast_paths(trace, tracks, r, dir);
        assert_eq!(
            paths,
            brute_paths(trace, &listed, r, dir),
            "{dir:?} tree, range {r:?}"
        );
        assert_eq!(tree.self_ps, busy_total, "{dir:?}: self time of all slices");
    }
    let (top_down, _) = fast_paths(trace, tracks, r, Direction::TopDown);
    let (bottom_up, _) = fast_paths(trace, tracks, r, Direction::BottomUp);
    let top_level_wall: Ps = listed
        .iter()
        .flat_map(|&t| brute_track(trace, t, r))
        .filter(|b| b.parent.is_none())
        .map(|b| b.wall)
        .sum();
    assert_eq!(
        top_down.total_ps, top_level_wall,
        "top-down roots: the top-level slices"
    );
    assert_eq!(
        top_down.roots.iter().map(|n| n.total_ps).sum::<Ps>(),
        top_level_wall
    );
    assert_eq!(
        bottom_up.total_ps, busy_total,
        "bottom-up roots: all self time"
    );
    let mut self_sum = 0;
    let mut stack: Vec<&CallNode> = top_down.roots.iter().collect();
    while let Some(n) = stack.pop() {
        self_sum += n.self_ps;
        stack.extend(&n.children);
    }
    assert_eq!(
        bottom_up.roots.iter().map(|n| n.total_ps).sum::<Ps>(),
        self_sum
    );
}

/// Length of the union of the listed slices, clipped (by sorting them all).
fn union_length(trace: &Trace, list: &[Brute], r: &Range<Ps>) -> Ps {
    let s = &trace.slices;
    let mut v: Vec<(Ps, Ps)> = list
        .iter()
        .map(|b| {
            let i = b.slice;
            (s.start[i].max(r.start), (s.start[i] + s.dur[i]).min(r.end))
        })
        .filter(|(a, b)| a < b)
        .collect();
    v.sort_unstable();
    let (mut total, mut reach) = (0, Ps::MIN);
    for (a, b) in v {
        if b > reach {
            total += b - a.max(reach);
            reach = b;
        }
    }
    total
}

#[test]
fn torch_steps_reconcile_with_the_brute_force() {
    let trace = torch();
    assert!(
        trace
            .diagnostics
            .get(planeview::diagnostics::DiagnosticKind::OverlapSublane)
            .is_some(),
        "the file has misfit slices"
    );
    let found = steps(&trace, Compat::Planeview);
    assert!(found.len() >= 2, "ProfilerStep#N markers: {}", found.len());
    for step in &found {
        let r = step.start_ps..step.start_ps + step.duration_ps;
        check_against_brute_force(&trace, &[], &r);
    }
    // The whole trace, half of it, and one track.
    let whole = whole_range(&trace);
    check_against_brute_force(&trace, &[], &whole);
    let mid = whole.start + (whole.end - whole.start) / 2;
    check_against_brute_force(&trace, &[], &(whole.start..mid));
    let main_thread = slice_tracks(&trace)
        .into_iter()
        .max_by_key(|&t| trace.slices.track.iter().filter(|&&x| x == t).count())
        .unwrap();
    check_against_brute_force(&trace, &[main_thread], &(mid..whole.end));
}

#[test]
fn torch_busy_time_matches_the_counters_busy_time() {
    let trace = torch();
    let step = &steps(&trace, Compat::Planeview)[1];
    let r = step.start_ps..step.start_ps + step.duration_ps;
    let sel = select(&trace, &[], r.clone(), false);
    let theirs = busy_time(&trace, r.start, r.end);
    assert!(!sel.tracks.is_empty());
    for t in &sel.tracks {
        let other = theirs
            .iter()
            .find(|x| x.track == t.track)
            .expect("same tracks");
        assert_eq!(t.busy_ps, other.busy_ps, "track {}", t.name);
    }
}

#[test]
fn xspace_steps_and_whole_trace_reconcile_with_the_brute_force() {
    let trace = xspace();
    let found = steps(&trace, Compat::Planeview);
    assert!(!found.is_empty(), "device Steps lines");
    for step in &found {
        let r = step.start_ps..step.start_ps + step.duration_ps;
        check_against_brute_force(&trace, &[], &r);
    }
    check_against_brute_force(&trace, &[], &whole_range(&trace));
    // A file with many async copies overlapping on sub-lanes.
    let tpu = load("xplane", "tpu_inference_2.xplane.pb");
    assert!(
        tpu.diagnostics
            .get(planeview::diagnostics::DiagnosticKind::OverlapSublane)
            .is_some()
    );
    check_against_brute_force(&tpu, &[], &whole_range(&tpu));
}

#[test]
fn step_table_lists_each_step_with_its_top_self_times() {
    for trace in [torch(), xspace()] {
        check_step_table(&trace);
    }
}

/// Each step's row against the brute force: the top self times of the slices that are
/// neither its markers nor enclose the whole step.
fn check_step_table(trace: &Trace) {
    let rows = step_table(trace, &[], Compat::Planeview, 3);
    let found = steps(trace, Compat::Planeview);
    assert!(!found.is_empty());
    assert_eq!(rows.len(), found.len());
    let s = &trace.slices;
    for (row, step) in rows.iter().zip(&found) {
        assert_eq!(
            (row.number, row.start_ps, row.duration_ps),
            (step.number, step.start_ps, step.duration_ps)
        );
        assert!(row.zoom_from_ps < row.start_ps && row.zoom_to_ps > row.start_ps + row.duration_ps);
        let r = step.start_ps..step.start_ps + step.duration_ps;
        let mut by_name: BTreeMap<&str, Ps> = BTreeMap::new();
        for t in slice_tracks(trace) {
            for b in brute_track(trace, t, &r) {
                let i = b.slice;
                let context = step.markers.iter().any(|m| m.index() == i)
                    || (s.start[i] <= r.start && s.start[i] + s.dur[i] >= r.end);
                if !context {
                    *by_name.entry(trace.str(s.name[i])).or_insert(0) += b.self_time;
                }
            }
        }
        let mut by_self: Vec<(Ps, &str)> = by_name.into_iter().map(|(n, v)| (v, n)).collect();
        by_self.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(b.1)));
        let ours: Vec<(Ps, &str)> = row
            .top_self
            .iter()
            .map(|n| (n.self_ps, n.name.as_str()))
            .collect();
        assert_eq!(
            ours,
            by_self[..3.min(by_self.len())].to_vec(),
            "step {}",
            row.number
        );
        assert!(
            !ours.iter().any(|(_, n)| *n == step.name),
            "the marker is left out"
        );
        assert_eq!(row.busy_ps, select(trace, &[], r, false).busy_ps);
    }
}

#[test]
fn limits_cut_the_tree_and_say_so() {
    let trace = torch();
    let step = &steps(&trace, Compat::Planeview)[1];
    let r = step.start_ps..step.start_ps + step.duration_ps;
    for dir in [Direction::TopDown, Direction::BottomUp] {
        let (full, full_paths) = fast_paths(&trace, &[], &r, dir);
        let limits = TreeLimits {
            max_depth: 4,
            max_nodes: 7,
        };
        let cut = call_tree(&trace, &[], r.clone(), dir, limits);
        assert!(cut.truncated, "{dir:?}");
        assert_eq!(cut.nodes, 7);
        assert_eq!(cut.total_ps, full.total_ps, "the totals count what was cut");
        let mut kept = PathSums::new();
        flatten(&cut.roots, &mut Vec::new(), &mut kept);
        assert!(kept.keys().all(|p| p.len() <= 4), "four levels at most");
        for (path, sums) in &kept {
            assert_eq!(
                full_paths.get(path),
                Some(sums),
                "a kept node is the full tree's"
            );
        }
        // Here a node's total never exceeds its parent's, so the kept ones are the largest
        // of the full tree's top four levels.
        let mut largest: Vec<Ps> = full_paths
            .iter()
            .filter(|(p, _)| p.len() <= 4)
            .map(|(_, s)| s.0)
            .collect();
        largest.sort_unstable_by(|a, b| b.cmp(a));
        let mut totals: Vec<Ps> = kept.values().map(|s| s.0).collect();
        totals.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(totals, largest[..7]);
    }
}

/// The top levels of a call tree, one node a line.
fn tree_text(trace_name: &str, tree: &CallTree) -> String {
    let mut out = format!(
        "{trace_name} {:?} {}..{} ps: total {} ps, self {} ps, {} nodes{}\n",
        tree.direction,
        tree.from_ps,
        tree.to_ps,
        tree.total_ps,
        tree.self_ps,
        tree.nodes,
        if tree.truncated { " (truncated)" } else { "" }
    );
    let mut stack: Vec<(&CallNode, usize)> = tree.roots.iter().rev().map(|n| (n, 0)).collect();
    while let Some((n, depth)) = stack.pop() {
        out += &format!(
            "{}{}  total {} self {} x{}\n",
            "  ".repeat(depth),
            n.name,
            n.total_ps,
            n.self_ps,
            n.occurrences
        );
        stack.extend(n.children.iter().rev().map(|c| (c, depth + 1)));
    }
    out
}

#[test]
fn snapshot_of_a_torch_step_call_tree() {
    let trace = torch();
    let step = &steps(&trace, Compat::Planeview)[1];
    let r = step.start_ps..step.start_ps + step.duration_ps;
    let limits = TreeLimits {
        max_depth: 4,
        max_nodes: 24,
    };
    let mut text = String::new();
    for dir in [Direction::TopDown, Direction::BottomUp] {
        text += &tree_text(&step.name, &call_tree(&trace, &[], r.clone(), dir, limits));
    }
    common::assert_snapshot("selection_torch_smallcnn_step_tree", &text);
}

#[test]
fn cli_select_prints_the_library_numbers() {
    let path = common::data_dir("chrome_json").join("torch-cpu__torch_cpu_smallcnn_train.json.gz");
    let trace = torch();
    let step = &steps(&trace, Compat::Planeview)[1];
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_planeview"))
            .arg("select")
            .arg(&path)
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let number = step.number.to_string();
    let (code, stdout, _) = run(&["--step", &number, "--tree", "bottom-up", "--json"]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let r = step.start_ps..step.start_ps + step.duration_ps;
    let sel = select(&trace, &[], r.clone(), false);
    assert_eq!(v["selection"]["busy_ps"].as_i64(), Some(sel.busy_ps));
    assert_eq!(v["selection"]["from_ps"].as_i64(), Some(r.start));
    assert_eq!(
        v["selection"]["names"][0]["name"].as_str(),
        Some(sel.names[0].name.as_str())
    );
    assert_eq!(v["tree"]["direction"].as_str(), Some("bottom_up"));
    assert_eq!(v["tree"]["total_ps"].as_i64(), Some(sel.busy_ps));
    assert_eq!(
        v["steps"].as_array().map(Vec::len),
        Some(steps(&trace, Compat::Planeview).len())
    );
    // The human table names the busiest slice; bad options are usage errors.
    let (code, stdout, _) = run(&[
        "--from-ps",
        &r.start.to_string(),
        "--to-ps",
        &r.end.to_string(),
        "--tree",
        "top-down",
    ]);
    assert_eq!(code, Some(0));
    assert!(stdout.contains(&sel.names[0].name[..20.min(sel.names[0].name.len())]));
    assert!(stdout.contains("call tree (top-down)"));
    for bad in [
        &["--step", "99999"][..],
        &["--tree", "sideways"],
        &["--track", "1000"],
        &["--from-ps", "5", "--to-ps", "5"],
    ] {
        let (code, _, stderr) = run(bad);
        assert_eq!(code, Some(1), "{bad:?}: {stderr}");
    }
}

/// A random track: slices nested by construction (children inside their parent), plus some
/// that overlap without nesting, some of zero duration and some exact duplicates.
fn random_trace(tracks: Vec<Vec<(Ps, Ps, u8, bool)>>) -> Trace {
    let mut b = TraceBuilder::new(Format::ChromeJson);
    let p = b.add_process("p", "1", 0);
    let names: Vec<StrId> = ["a", "b", "c", "d"].iter().map(|n| b.intern(n)).collect();
    for (k, slices) in tracks.iter().enumerate() {
        let t = b.add_track(
            p,
            &format!("t{k}"),
            &k.to_string(),
            k as i64,
            TrackKind::Slices,
        );
        // A stack of (start, end) to nest children in.
        let mut open: Vec<(Ps, Ps)> = Vec::new();
        let mut cursor = 0;
        for &(gap, len, name, nest) in slices {
            let (start, dur) = match open.last() {
                Some(&(s, e)) if nest => {
                    let start = (s.max(cursor) + gap % 7).min(e);
                    (start, len.min(e - start))
                }
                _ => (cursor + gap, len),
            };
            b.add_slice(
                t,
                start,
                dur,
                names[name as usize % 4],
                CategoryId::NONE,
                ArgSetId::NONE,
            );
            if nest {
                open.push((start, start + dur));
            } else {
                open.pop();
                cursor = start + dur / 2;
            }
        }
    }
    b.finish()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn random_nestings_match_the_brute_force(
        tracks in prop::collection::vec(
            prop::collection::vec((0i64..20, 0i64..60, 0u8..4, any::<bool>()), 0..40),
            1..4,
        ),
        a in 0i64..400,
        len in 1i64..400,
        one_track in any::<bool>(),
    ) {
        let trace = random_trace(tracks);
        let selected: Vec<TrackId> = if one_track { vec![TrackId(0)] } else { Vec::new() };
        check_against_brute_force(&trace, &selected, &(a..a + len));
        check_against_brute_force(&trace, &selected, &whole_range(&trace));
    }
}
