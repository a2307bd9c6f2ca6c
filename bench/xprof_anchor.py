"""Anchor: XProf 2.24.2's trace viewer converter (`trace_viewer@`, resolution 8000) on an
unpacked .xplane.pb, cold: each run copies the file into a fresh temp dir laid out as
<dir>/plugins/profile/<run>/<host>.xplane.pb and passes use_saved_result=False.
Prints one JSON line {"seconds": [...], "import_seconds": s, "output_bytes": n}.
    bench-work/venv/bin/python bench/xprof_anchor.py FILE [RUNS]
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
path, runs = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 3
seconds, out_bytes = [], 0
for i in range(runs):
    with tempfile.TemporaryDirectory(prefix="pv-xprof-") as d:
        run_dir = os.path.join(d, "plugins", "profile", f"run{i}")
        os.makedirs(run_dir)
        dst = os.path.join(run_dir, "host.xplane.pb")
        shutil.copyfile(path, dst)
        t = time.perf_counter()
        data, _content_type = r2t.xspace_to_tool_data(
            [dst], "trace_viewer@", {"trace_viewer_options": {"resolution": 8000}, "use_saved_result": False}
        )
        seconds.append(time.perf_counter() - t)
        out_bytes = len(data) if data is not None else 0
print(json.dumps({"seconds": seconds, "import_seconds": import_seconds, "output_bytes": out_bytes}))
