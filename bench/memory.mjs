// Memory benchmark, in Wasm under Node with the page's own build (pkg/, --target web), on the
// corpus PyTorch trace with the most Kineto `[memory]` samples (torch_cpu_transformer_train_dev:
// 131 MB of JSON, 77,707 `[memory]` instants). Rows:
//   - memory analysis after the load: the first `memoryProfile` call of a fresh session (what the
//     Memory tab's first display waits for: every allocator's running totals, peak, counts and
//     the allocations live at the peak), median over RUNS loads (the loads are not timed);
//   - chart redraw on zoom: `memoryChartSvg` of the busiest allocator at 1,200 × 280 px over a
//     series of ranges, zooming in 0.8× per step around its peak and out again, as a timeline zoom
//     asks for them; p95 of the wall times, each including the SVG text returned to JS.
// The page then parses the SVG into its DOM (not timed here).
// Prints one JSON object {"rows":[...],"notes":[...]} on stdout.
//   node bench/memory.mjs [--smoke] [PKG_DIR]
// --smoke: the small corpus PyTorch trace (291 `[memory]` instants), one load, 10 zooms.
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const SMOKE = args.includes('--smoke');
const ROOT = resolve(import.meta.dirname, '..');
const pkgDir = args.find((a) => !a.startsWith('--')) ?? join(ROOT, 'pkg');
const CORPUS = resolve(process.env.PLANEVIEW_CORPUS ?? join(ROOT, '..', 'shared', 'corpus'));
const FILE = join(CORPUS, 'chrome_json', SMOKE ? 'torch-cpu__torch_cpu_smallcnn_train.json' : 'torch_cpu_transformer_train_dev.pt.trace.json.gz');
if (!existsSync(FILE)) throw new Error(`missing ${FILE} (set PLANEVIEW_CORPUS)`);

const RUNS = SMOKE ? 1 : 5;
const ZOOMS = SMOKE ? 10 : 60;
const WIDTH = 1200;
const HEIGHT = 280;
const ANALYSIS_TARGET_MS = 200;
const REDRAW_TARGET_MS = 16;
/** Bytes per push, as the page's reader sends them (4 MiB pieces). */
const PIECE = 4 << 20;

const glue = await import(pathToFileURL(join(pkgDir, 'planeview.js')).href);
glue.initSync({ module: readFileSync(join(pkgDir, 'planeview_bg.wasm')) });
const bytes = readFileSync(FILE);

/** One engine call as the worker makes it: JSON request in, the parsed JSON answer out. */
const call = (s, method, ...a) => JSON.parse(s.call(JSON.stringify({ method, args: a })));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

function load() {
  const s = new glue.Session();
  for (let at = 0; at < bytes.length; at += PIECE) s.push(bytes.subarray(at, Math.min(bytes.length, at + PIECE)));
  s.finish(false);
  return s;
}

// Memory analysis: the first call of fresh sessions.
const analysis = [];
const cpu = [];
let report = null;
let loadMs = 0;
/** The last load's session, kept for the chart rows. */
let s = null;
for (let i = 0; i < RUNS; i++) {
  s?.free();
  const t = performance.now();
  s = load();
  loadMs = performance.now() - t;
  const c = process.cpuUsage();
  const a = performance.now();
  report = call(s, 'memoryProfile');
  analysis.push(performance.now() - a);
  const d = process.cpuUsage(c);
  cpu.push((d.user + d.system) / 1000);
}
const warm = [];
for (let i = 0; i < 3; i++) {
  const a = performance.now();
  call(s, 'memoryProfile');
  warm.push(performance.now() - a);
}
const allocators = report.allocators;
if (allocators.length === 0) throw new Error(`${FILE}: the engine found no allocator`);
const busiest = allocators.reduce((x, y) => (y.alloc_count > x.alloc_count ? y : x));
const samples = allocators.reduce((n, a) => n + a.alloc_count + a.free_count, 0);

// Chart redraw on zoom: in around the peak, then out again, as the timeline asks.
const ranges = [];
let [t0, t1] = [busiest.first_ps, Math.max(busiest.last_ps, busiest.first_ps + 1)];
const half = ZOOMS / 2;
for (let k = 0; k < ZOOMS; k++) {
  const factor = k < half ? 0.8 : 1 / 0.8;
  const span = Math.max(1e6, (t1 - t0) * factor);
  const mid = Math.min(Math.max(busiest.peak_time_ps, t0 + span / 2), t1 - span / 2);
  [t0, t1] = [Math.floor(mid - span / 2), Math.ceil(mid + span / 2)];
  ranges.push([t0, t1]);
}
// A few untimed calls first, so V8 has tiered the Wasm up as it has after a page's first frames.
for (const [a, b] of ranges.slice(0, 3)) call(s, 'memoryChartSvg', busiest.id, a, b, WIDTH, HEIGHT);
const redraw = [];
let svgBytes = 0;
for (const [a, b] of ranges) {
  const t = performance.now();
  const svg = call(s, 'memoryChartSvg', busiest.id, a, b, WIDTH, HEIGHT);
  redraw.push(performance.now() - t);
  svgBytes = Math.max(svgBytes, svg.length);
}
s.free();

const fmt = (ms) => `${ms.toFixed(2)} ms`;
const verdict = (ms, target) => (SMOKE ? '—' : ms <= target ? 'pass' : 'FAIL');
const name = FILE.split('/').at(-1);
const input = `${name} (${(bytes.length / 1e6).toFixed(1)} MB on disk), ${samples.toLocaleString('en-US')} allocations and frees in ${allocators.length} allocator${allocators.length === 1 ? '' : 's'}`;
const row = (what, measured, target, ms) => ({ what, input, measured, target: `≤ ${target} ms`, anchor: '—', ratio: '—', pass: verdict(ms, target) });
const rows = [
  row('Memory analysis after the load (Wasm, Node)', `${fmt(median(analysis))} median of ${RUNS} loads (CPU ${fmt(median(cpu))}); again on the same session ${fmt(median(warm))}`, ANALYSIS_TARGET_MS, median(analysis)),
  row(`Memory chart redraw on zoom (Wasm, Node)`, `${fmt(p95(redraw))} p95 of ${ranges.length} zooms (median ${fmt(median(redraw))}; ${WIDTH} × ${HEIGHT} px, SVG up to ${(svgBytes / 1e3).toFixed(0)} kB)`, REDRAW_TARGET_MS, p95(redraw)),
];
const notes = [
  `Memory: each load of ${name} (push in 4 MiB pieces + finish, not timed) took ${(loadMs / 1000).toFixed(2)} s; the analysis row is the first memoryProfile call of a fresh session, its JSON included; the busiest allocator ${[busiest.device, busiest.name].filter(Boolean).join(' ')} has ${busiest.alloc_count.toLocaleString('en-US')} allocations, peak ${busiest.peak_bytes.toLocaleString('en-US')} bytes.`,
  'Memory chart redraw: the zooms go in by 0.8× per step around the peak, then out again; each time is the engine call (the SVG drawn with plotters and returned as text); the page parsing it into its DOM is not included.',
  `Memory: load average ${loadavg().map((x) => x.toFixed(1)).join(' / ')} (1 / 5 / 15 min) at the end of the run.`,
];
if (SMOKE) notes.push(`Memory: --smoke (${name}, ${RUNS} load, ${ranges.length} zooms): targets not judged.`);
console.log(JSON.stringify({ rows, notes }));
