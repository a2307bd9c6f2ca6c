// Counter benchmark (issue #7): 1 M counter samples across 100 tracks, in Wasm under Node with the
// page's own build (pkg/, --target web). Times, median of RUNS:
//   - render: the counter render list over the whole span at 1,200 px of the 12 tracks one screen
//     shows (60 px rows; the page asks for the rows on screen only), of all 100 tracks, and of
//     the 12 tracks in a zoomed-in window;
//   - range statistics over every sample (all 100 counters over the whole span, plus busy time).
// The input is Chrome JSON `C` events (one series per event name), generated in memory.
//   node bench/counters.mjs [PKG_DIR]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const pkgDir = process.argv[2] ?? resolve(import.meta.dirname, '..', 'pkg');
const glue = await import(pathToFileURL(join(pkgDir, 'planeview.js')).href);
glue.initSync({ module: readFileSync(join(pkgDir, 'planeview_bg.wasm')) });

const TRACKS = 100;
const PER_TRACK = 10_000;
const RUNS = 15;
const WIDTH = 1200;

// Samples every 1 µs per track, tracks interleaved in time, a noisy sawtooth.
const parts = ['{"traceEvents":['];
for (let k = 0; k < PER_TRACK; k++) {
  for (let t = 0; t < TRACKS; t++) {
    const v = ((k * 7919 + t * 104729) % 1000) + (k % 50) * 10;
    parts.push(`${k || t ? ',' : ''}{"ph":"C","name":"c${t}","pid":1,"ts":${k}.${String(t).padStart(3, '0')},"args":{"v":${v}}}`);
  }
}
parts.push(']}');
const bytes = new TextEncoder().encode(parts.join(''));

const s = new glue.Session();
s.push(bytes);
let t = performance.now();
const overview = JSON.parse(s.finish(false));
const importMs = performance.now() - t;
const ids = Uint32Array.from(overview.groups.flatMap((g) => g.tracks.filter((x) => x.kind === 'counter').map((x) => x.id)));
const samples = overview.groups.flatMap((g) => g.tracks).length;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
function time(fn) {
  const xs = [];
  for (let i = 0; i < RUNS; i++) {
    const a = performance.now();
    fn();
    xs.push(performance.now() - a);
  }
  return median(xs);
}
const { start_ps: t0, end_ps: t1 } = overview;
s.render_counters(ids, t0, t1, WIDTH); // builds the min/max index once
const screen = ids.slice(0, 12);
let entries = 0;
const renderScreen = time(() => s.render_counters(screen, t0, t1, WIDTH));
const renderAll = time(() => (entries = s.render_counters(ids, t0, t1, WIDTH).length / 7));
const mid = (t0 + t1) / 2;
const renderZoom = time(() => s.render_counters(screen, mid, mid + (t1 - t0) / 1000, WIDTH));
let counters = 0;
const stats = time(() => (counters = JSON.parse(s.counter_range_stats(t0, t1)).counters.length));
console.log(
  JSON.stringify({
    samples: TRACKS * PER_TRACK,
    counter_tracks: ids.length,
    tracks_in_overview: samples,
    import_ms: Math.round(importMs),
    render_12_tracks_ms: +renderScreen.toFixed(2),
    render_all_tracks_ms: +renderAll.toFixed(2),
    render_entries: entries,
    render_zoomed_ms: +renderZoom.toFixed(2),
    range_stats_all_samples_ms: +stats.toFixed(2),
    range_stats_counters: counters,
  }),
);
