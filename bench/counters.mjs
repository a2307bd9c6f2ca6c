// Counter benchmark: 1 M counter samples across 100 tracks, in Wasm under Node with the
// page's own build (pkg/, --target web). Rows (median of RUNS), each a frame's worth of work:
//   - counter render of all 100 tracks over the whole span at 1,200 px (the worst case: every
//     track on screen at once), including the copy of the render list out of Wasm into the
//     Float32Array the worker posts (transferred, not copied, to the page);
//   - counter render of the 12 tracks one screen shows (60 px rows; the page asks for the rows on
//     screen only), whole span;
//   - counter render of those 12 tracks zoomed in 1,000×;
//   - range statistics over every sample (all 100 counters over the whole span, plus busy time).
// The input is Chrome JSON `C` events (one series per event name), generated in memory.
// The min/max pyramid is built by the first render after the import; that first call is timed
// apart and reported in the notes.
// Prints one JSON object {"rows":[...],"notes":[...]} on stdout.
//   node bench/counters.mjs [--smoke] [PKG_DIR]
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const SMOKE = args.includes('--smoke');
const pkgDir = args.find((a) => !a.startsWith('--')) ?? resolve(import.meta.dirname, '..', 'pkg');
const glue = await import(pathToFileURL(join(pkgDir, 'planeview.js')).href);
const wasm = glue.initSync({ module: readFileSync(join(pkgDir, 'planeview_bg.wasm')) });

const TRACKS = 100;
const PER_TRACK = SMOKE ? 200 : 10_000;
const RUNS = SMOKE ? 3 : 15;
const WARMUP = SMOKE ? 1 : 3;
const WIDTH = 1200;
const ON_SCREEN = 12;
const RENDER_TARGET_MS = 8;
const STATS_TARGET_MS = 50;

// Samples every 1 µs per track, tracks interleaved in time, a noisy sawtooth. Made in a function
// so the million event strings are garbage before timing starts (a worker's heap holds none of
// them; left live, every render list allocated in JS would pay for a GC walking them).
function generate() {
  const parts = ['{"traceEvents":['];
  for (let k = 0; k < PER_TRACK; k++) {
    for (let t = 0; t < TRACKS; t++) {
      const v = ((k * 7919 + t * 104729) % 1000) + (k % 50) * 10;
      parts.push(`${k || t ? ',' : ''}{"ph":"C","name":"c${t}","pid":1,"ts":${k}.${String(t).padStart(3, '0')},"args":{"v":${v}}}`);
    }
  }
  parts.push(']}');
  return new TextEncoder().encode(parts.join(''));
}
let bytes = generate();
const inputMb = bytes.length / 1e6;
const samples = TRACKS * PER_TRACK;

const s = new glue.Session();
let t = performance.now();
s.push(bytes);
const overview = JSON.parse(s.finish(false));
const importMs = performance.now() - t;
bytes = null;
const ids = Uint32Array.from(overview.groups.flatMap((g) => g.tracks.filter((x) => x.kind === 'counter').map((x) => x.id)));

// Pixel columns in a render list (crate/src/api/profile.rs render_counters): per track a header of 8 f32 slots
// holding four f64 [track, entries, min, max], then `entries` × 4 f32.
const HEADER = 8;
const ENTRY = 4;
function columnsOf(list) {
  const f64 = new Float64Array(list.buffer, list.byteOffset, list.length >> 1);
  let n = 0;
  for (let h = 0; h + HEADER <= list.length; h += HEADER + f64[(h >> 1) + 1] * ENTRY) n += f64[(h >> 1) + 1];
  return n;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
// A few untimed calls first, so V8 has tiered the Wasm up as it has after a page's first frames.
// Returns the median wall time (what is judged) and the median CPU time of the process over the
// same calls (on a loaded machine the wall time also holds the time spent waiting for a core).
function time(fn) {
  for (let i = 0; i < WARMUP; i++) fn();
  const wall = [];
  const cpu = [];
  for (let i = 0; i < RUNS; i++) {
    const c = process.cpuUsage();
    const a = performance.now();
    fn();
    wall.push(performance.now() - a);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}
const { start_ps: t0, end_ps: t1 } = overview;
t = performance.now();
s.render_counters(ids, t0, t1, WIDTH); // builds the min/max pyramid once
const firstRenderMs = performance.now() - t;
const screen = ids.slice(0, ON_SCREEN);
const { wall: renderAll, cpu: renderAllCpu } = time(() => s.render_counters(ids, t0, t1, WIDTH));
const listAll = s.render_counters(ids, t0, t1, WIDTH);
const slotsAll = listAll.length;
const entriesAll = columnsOf(listAll);
const { wall: renderScreen, cpu: renderScreenCpu } = time(() => s.render_counters(screen, t0, t1, WIDTH));
const entriesScreen = columnsOf(s.render_counters(screen, t0, t1, WIDTH));
const mid = (t0 + t1) / 2;
const renderZoom = time(() => s.render_counters(screen, mid, mid + (t1 - t0) / 1000, WIDTH)).wall;
// What the glue does with the render list (a copy out of Wasm memory into a new Float32Array),
// alone, at the size of the all-tracks list.
const copyAll = time(() => new Float32Array(wasm.memory.buffer, 0, slotsAll).slice()).wall;
let counters = 0;
const { wall: stats, cpu: statsCpu } = time(() => (counters = JSON.parse(s.call(JSON.stringify({ method: 'rangeStats', args: [t0, t1] }))).counters.length));

const fmt = (ms) => `${ms.toFixed(2)} ms`;
const verdict = (ms, target) => (SMOKE ? '—' : ms <= target ? 'pass' : 'FAIL');
const input = `${samples.toLocaleString('en-US')} Chrome C samples, ${ids.length} counter tracks`;
const row = (what, measured, target, ms) => ({
  what,
  input,
  measured,
  target: `≤ ${target} ms`,
  anchor: '—',
  ratio: '—',
  pass: verdict(ms, target),
});
const rows = [
  row(`Counter render, all ${ids.length} tracks (Wasm, Node)`, `${fmt(renderAll)} median (CPU ${fmt(renderAllCpu)}; ${entriesAll} pixel columns, ${WIDTH} px, whole span)`, RENDER_TARGET_MS, renderAll),
  row(`Counter render, ${screen.length} on-screen tracks (Wasm, Node)`, `${fmt(renderScreen)} median (CPU ${fmt(renderScreenCpu)}; ${entriesScreen} pixel columns, ${WIDTH} px, whole span); zoomed 1,000×: ${fmt(renderZoom)}`, RENDER_TARGET_MS, renderScreen),
  row('Counter range statistics, all samples (Wasm, Node)', `${fmt(stats)} median (CPU ${fmt(statsCpu)}; ${counters} counters + busy time, whole span)`, STATS_TARGET_MS, stats),
];
const notes = [
  `Counters: import of the generated ${inputMb.toFixed(1)} MB JSON ${importMs.toFixed(0)} ms; first render (builds the min/max pyramid) ${fmt(firstRenderMs)}.`,
  `Counters: load average ${loadavg().map((x) => x.toFixed(1)).join(' / ')} (1 / 5 / 15 min) at the end of the run; rows are judged on the median wall time, CPU is the process's CPU time over the same calls.`,
  'Counter render rows time the Wasm call the worker makes per frame, including the copy of the render list into the Float32Array the worker transfers to the page; canvas drawing on the page is not included.',
  `Counter render, all tracks: of which copying the ${((slotsAll * 4) / 1e6).toFixed(2)} MB render list (a 32-byte header per track, 16 bytes per pixel column) out of Wasm into a new Float32Array alone takes ${fmt(copyAll)} (median, same runs); the page asks for the on-screen tracks only.`,
];
if (SMOKE) notes.push(`Counters: --smoke (${samples} samples, ${RUNS} runs): targets not judged.`);
console.log(JSON.stringify({ rows, notes }));
