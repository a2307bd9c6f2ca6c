"""Anchor: XProf 2.24.2's trace viewer converter (`trace_viewer@`, resolution 8000) on an
unpacked .xplane.pb, cold: each run copies the file into a fresh temp dir laid out as
<dir>/plugins/profile/<run>/<host>.xplane.pb and passes use_saved_result=False.
Prints one JSON line {"seconds": [...], "import_seconds": s, "output_bytes": n}.
    bench-work/venv/bin/python bench/xprof_anchor.py FILE [RUNS]

Per-tool mode (bench/analysis.mjs): `--tools overview_page,hlo_stats,...` times each named
tool instead, each run on its own fresh copy (cold, so no tool reuses another's cached op
stats), and prints {"tools": {tool: [seconds...]}, "output_bytes": {tool: n}, "import_seconds": s}.
    bench-work/venv/bin/python bench/xprof_anchor.py FILE RUNS --tools a,b,c
"""
import json
import os
import shutil
import sys
import tempfile
import time

t0 = time.perf_counter()
from xprof.convert import raw_to_tool_data as r2t  # noqa: E402

import_seconds = time.perf_counter() - t0
argv = sys.argv[1:]
tools = None
if "--tools" in argv:
    at = argv.index("--tools")
    tools = argv[at + 1].split(",")
    del argv[at : at + 2]
path, runs = argv[0], int(argv[1]) if len(argv) > 1 else 3


def cold_run(tool, options, i):
    """Runs `tool` on a fresh copy of the file; returns (seconds, output bytes)."""
    with tempfile.TemporaryDirectory(prefix="pv-xprof-") as d:
        run_dir = os.path.join(d, "plugins", "profile", f"run{i}")
        os.makedirs(run_dir)
        dst = os.path.join(run_dir, "host.xplane.pb")
        shutil.copyfile(path, dst)
        t = time.perf_counter()
        data, _content_type = r2t.xspace_to_tool_data([dst], tool, dict(options, use_saved_result=False))
        return time.perf_counter() - t, len(data) if data is not None else 0


if tools is not None:
    times, sizes = {}, {}
    for tool in tools:
        times[tool] = []
        for i in range(runs):
            sec, sizes[tool] = cold_run(tool, {}, i)
            times[tool].append(sec)
    print(json.dumps({"tools": times, "output_bytes": sizes, "import_seconds": import_seconds}))
    sys.exit(0)

seconds, out_bytes = [], 0
for i in range(runs):
    sec, out_bytes = cold_run("trace_viewer@", {"trace_viewer_options": {"resolution": 8000}}, i)
    seconds.append(sec)
print(json.dumps({"seconds": seconds, "import_seconds": import_seconds, "output_bytes": out_bytes}))
