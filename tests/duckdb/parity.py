"""DuckDB parity: `planeview export` of several corpus profiles at once, read back by DuckDB as
one Hive-partitioned folder per table, answers in SQL what the CLI answers per file:

- kernel totals per kernel name equal `planeview kernels --json` (from the `slices` of GPU
  kernels, and the exported `kernels` table row for row);
- step times equal the `steps` of `planeview overview --json`;
- event counts equal `planeview summary --json` (slices, flows, tracks and processes with
  content, counter tracks, span, events);

each check one query over every profile (GROUP BY profile). A file that is not a trace among
them gets its one-line error, and the others are exported (exit status 2).

Run by `scripts/duckdb-parity.sh` (which makes the venv); arguments: the planeview binary.
Reads $PLANEVIEW_CORPUS; without it prints SKIPPED and passes, unless CI is set.
"""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import duckdb

# Profiles of every kind: GPU kernels (Kineto, XSpace), JAX steps on CPU, PyTorch steps.
FILES = {
    "kineto__resnet50_nw0_worker0.1623143089861": "chrome_json/kineto__resnet50_nw0_worker0.1623143089861.pt.trace.json.gz",
    "hta__critical_path_alexnet_benchmark_result_2869224_1695835535_trace": "chrome_json/hta__critical_path_alexnet_benchmark_result_2869224_1695835535_trace.json.gz",
    "torch-cpu__torch_cpu_smallcnn_train": "chrome_json/torch-cpu__torch_cpu_smallcnn_train.json",
    "tf_gpu_multi_worker": "xplane/tf_gpu_multi_worker.xplane.pb",
    "jax_cpu_mlp_small": "xplane/jax_cpu_mlp_small.xplane.pb",
}
NOT_A_TRACE = "not_a_trace"


def ci_expected():
    return os.environ.get("CI", "").strip() not in ("", "0", "false")


def corpus_or_skip():
    corpus = os.environ.get("PLANEVIEW_CORPUS", "")
    missing = [f for f in FILES.values() if not (Path(corpus) / f).is_file()] if corpus else ["(PLANEVIEW_CORPUS unset)"]
    if missing:
        reason = f"DuckDB parity: corpus files missing: {', '.join(missing)}"
        if ci_expected():
            sys.exit(f"{reason}: CI is set, so the corpus is expected and this test must run, not skip")
        print(f"SKIPPED: {reason}")
        sys.exit(0)
    return Path(corpus)


def cli_json(planeview, *args):
    out = subprocess.run([planeview, *args, "--json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = []

    def equal(self, what, got, want):
        if got == want:
            self.passed += 1
        else:
            self.failed.append(f"{what}:\n  SQL: {got}\n  CLI: {want}")


def main():
    planeview = sys.argv[1]
    corpus = corpus_or_skip()
    bad = next((corpus / NOT_A_TRACE).iterdir())
    paths = {name: corpus / f for name, f in FILES.items()}
    checks = Checks()
    with tempfile.TemporaryDirectory() as out:
        run = subprocess.run(
            [planeview, "export", *map(str, paths.values()), str(bad), "--format", "parquet", "--out", out],
            capture_output=True,
            text=True,
        )
        errors = run.stderr.strip().splitlines()
        checks.equal("export exit status with one bad file", run.returncode, 2)
        checks.equal("one error line, naming the bad file", [str(bad) in e for e in errors], [True])
        db = duckdb.connect()
        for table in ["profiles", "processes", "tracks", "slices", "instants", "counter_samples",
                      "flows", "args", "kernels", "hlo_ops", "framework_ops", "steps"]:
            db.execute(
                f"CREATE VIEW {table} AS SELECT * FROM read_parquet('{out}/{table}/*/*.parquet', "
                "hive_partitioning = true, union_by_name = true)"
            )
        sql = lambda q: db.execute(q).fetchall()
        checks.equal("profiles exported", sorted(r[0] for r in sql("SELECT profile FROM profiles")), sorted(FILES))

        # Event counts: summary --json of each file, from the model's tables, all profiles at once.
        counts = {r[0]: r[1:] for r in sql(SUMMARY_SQL)}
        for name, path in paths.items():
            s = cli_json(planeview, "summary", str(path))
            want = (s["slices"], s["flows"], s["tracks"], s["processes"], s["counters"], s["span_ps"], s["events"])
            checks.equal(f"summary of {name}", counts.get(name), want)

        # Kernel totals per kernel name: from the slices of GPU kernels, and the kernels table.
        from_slices = {}
        for profile, kernel, total, n in sql(KERNEL_SLICES_SQL):
            from_slices.setdefault(profile, {})[kernel] = (total, n)
        from_table = {}
        for profile, kernel, total, n in sql(KERNEL_TABLE_SQL):
            from_table.setdefault(profile, {})[kernel] = (total, n)
        kernel_profiles = 0
        for name, path in paths.items():
            rows = cli_json(planeview, "kernels", str(path))
            want = {}
            for r in rows:
                total, n = want.get(r["kernel_name"], (0, 0))
                want[r["kernel_name"]] = (total + r["total_duration_ps"], n + r["occurrences"])
            kernel_profiles += bool(want)
            checks.equal(f"kernel totals of {name} (kernels table)", from_table.get(name, {}), want)
            if len(rows) < 1000:  # the CLI keeps the top 1000 rows; the slices hold every kernel
                checks.equal(f"kernel totals of {name} (slices)", from_slices.get(name, {}), want)
            table_rows = sql(
                f"SELECT kernel_name, occurrences, total_duration_us, p90_duration_us, op_name FROM kernels "
                f"WHERE profile = '{name}' ORDER BY position"
            )
            want_rows = [(r["kernel_name"], r["occurrences"], r["total_duration_us"], r["p90_duration_us"], r["op_name"]) for r in rows]
            checks.equal(f"kernels rows of {name}", table_rows, want_rows)
        checks.equal("profiles with kernels", kernel_profiles >= 3, True)

        # Step times: the steps of overview --json.
        steps = {}
        for profile, num, start, time, dc, other in sql(STEPS_SQL):
            steps.setdefault(profile, []).append((num, start, time, dc, other))
        step_profiles = 0
        for name, path in paths.items():
            o = cli_json(planeview, "overview", str(path))
            want = [(s["step_num"], s["start_ps"], s["step_time_ps"], s["breakdown_ps"]["device_compute"],
                     s["breakdown_ps"]["other"]) for s in o["steps"]]
            step_profiles += bool(want)
            checks.equal(f"steps of {name}", steps.get(name, []), want)
            if want:
                # overview's mean is whole picoseconds
                mean = sql(f"SELECT avg(step_time_ps) FROM steps WHERE profile = '{name}'")[0][0]
                checks.equal(f"mean step of {name} within 1 ps", mean is not None and abs(mean - o["average_step_time_ps"]) <= 1, True)
        checks.equal("profiles with steps", step_profiles >= 2, True)

        # Args: every slice's args are its rows; ids join back.
        orphans = sql("SELECT count(*) FROM args a LEFT JOIN slices s ON a.profile = s.profile AND "
                      "a.owner_id = s.slice_id WHERE a.owner = 'slice' AND s.slice_id IS NULL")[0][0]
        checks.equal("args of unknown slices", orphans, 0)

    for f in checks.failed:
        print(f"FAIL {f}")
    print(f"DuckDB {duckdb.__version__} parity: {checks.passed} checks passed, {len(checks.failed)} failed, "
          f"{len(FILES)} profiles")
    sys.exit(1 if checks.failed else 0)


# What `summary` counts, per profile: tracks and processes that hold a slice, instant or
# sample; counter tracks with samples; the span from the earliest start to the latest end.
SUMMARY_SQL = """
WITH content AS (
  SELECT profile, track_id, start_ps AS lo, start_ps + dur_ps AS hi FROM slices
  UNION ALL SELECT profile, track_id, time_ps, time_ps FROM instants
  UNION ALL SELECT profile, track_id, time_ps, time_ps FROM counter_samples
), used AS (
  SELECT c.profile, count(DISTINCT c.track_id) AS tracks, count(DISTINCT t.process_id) AS processes,
         count(DISTINCT c.track_id) FILTER (WHERE t.kind = 'counter') AS counters,
         coalesce(max(c.hi) - min(c.lo), 0) AS span_ps
  FROM content c JOIN tracks t USING (profile, track_id) GROUP BY c.profile
)
SELECT p.profile,
       (SELECT count(*) FROM slices s WHERE s.profile = p.profile),
       (SELECT count(*) FROM flows f WHERE f.profile = p.profile),
       coalesce(u.tracks, 0), coalesce(u.processes, 0), coalesce(u.counters, 0), coalesce(u.span_ps, 0),
       p.events
FROM profiles p LEFT JOIN used u USING (profile)
ORDER BY p.profile
"""

# GPU kernels as `kernels` finds them: non-empty slices on the streams of GPU processes that
# are of category `kernel` (Kineto, any case) or carry a `kernel_details` text stat (XSpace).
KERNEL_SLICES_SQL = """
SELECT s.profile, s.name, sum(s.dur_ps)::BIGINT, count(*)
FROM slices s
JOIN tracks t USING (profile, track_id)
JOIN processes p ON p.profile = t.profile AND p.process_id = t.process_id
WHERE p.role = 'gpu' AND t.role = 'device_stream' AND s.dur_ps > 0
  AND (lower(s.category) = 'kernel' OR EXISTS (
        SELECT 1 FROM args a WHERE a.profile = s.profile AND a.owner = 'slice'
          AND a.owner_id = s.slice_id AND a.key = 'kernel_details' AND a.value_type = 'str'))
GROUP BY s.profile, s.name
"""

KERNEL_TABLE_SQL = """
SELECT profile, kernel_name, sum(total_duration_ps)::BIGINT, sum(occurrences)::BIGINT
FROM kernels GROUP BY profile, kernel_name
"""

STEPS_SQL = """
SELECT profile, step_num, start_ps, step_time_ps, breakdown_ps.device_compute, breakdown_ps.other
FROM steps ORDER BY profile, start_ps, step_num
"""

if __name__ == "__main__":
    main()
