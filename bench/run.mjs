// `make bench`: runs every benchmark row side by side, prints one table and writes
// docs/BENCHMARKS.md (machine, commit, date, the table, what is not measured and why).
//
//   node bench/run.mjs            the full bench (minutes; expects `make dist` + a release build)
//   node bench/run.mjs --smoke    the same pipeline on tiny synthetic inputs in seconds, writing
//                                 to a temp dir (tests/e2e/bench-smoke.test.mjs runs it)
//   options: --out FILE  --work DIR  --no-browser  --no-xprof  --browser-only (for trying the browser rows)
//
// Work files (unpacked copies, synthetic inputs, the XProf venv) live in bench-work/ (gitignored).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { genKineto, genXSpace } from './gen-synthetic.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const flag = (f) => argv.includes(f);
const opt = (f, d) => (argv.includes(f) ? argv[argv.indexOf(f) + 1] : d);
const SMOKE = flag('--smoke');
const WORK = resolve(opt('--work', SMOKE ? mkdtempSync(join(tmpdir(), 'planeview-bench-smoke-')) : join(ROOT, 'bench-work')));
const OUT = resolve(opt('--out', SMOKE ? join(WORK, 'BENCHMARKS.md') : join(ROOT, 'docs', 'BENCHMARKS.md')));
const CORPUS = resolve(process.env.PLANEVIEW_CORPUS ?? join(ROOT, '..', 'shared', 'corpus'));
const BROWSER = !flag('--no-browser');
const XPROF = !flag('--no-xprof') && !SMOKE;
mkdirSync(WORK, { recursive: true });

const log = (...a) => console.error('bench:', ...a);
const MB = 1e6;
const fmt = (x, d = 1) => (x === null || x === undefined || Number.isNaN(x) ? 'n/a' : Number(x).toFixed(d));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};
const mib = (b) => `${fmt(b / 1048576, b < 10 * 1048576 ? 1 : 0)} MiB`;
const sizeOf = (p) => statSync(p).size;
const rows = [];
/** Limits of the method that hold for every run. */
const STATIC_NOT_MEASURED = [
  'Peak memory *during* a browser load is sampled every 100 ms (main-thread JS heap via CDP Performance.getMetrics, renderer RSS via /proc); the worker\'s Wasm memory is read once after the load through CDP (it never shrinks, so that is its peak).',
  'The first-frame number is end to end, from the file input\'s change event to the first frame drawing a render list; the engine\'s share is split out (time inside push and finish, measured in the worker), the rest (file read, transfer to the worker, waiting, first render list) is not split further.',
];
const notMeasured = [];
const notes = [];

function row(what, input, measured, target, anchor, ratio, pass) {
  rows.push({ what, input, measured, target, anchor: anchor ?? '—', ratio: ratio ?? '—', pass: pass ?? '—' });
}
const verdict = (...checks) => {
  const c = checks.filter((x) => x !== null && x !== undefined);
  if (c.length === 0) return '—';
  return c.every(Boolean) ? 'pass' : 'FAIL';
};

// ---- machine, commit -------------------------------------------------------------------------

function machine() {
  let cpu = 'unknown';
  try {
    cpu = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpu;
  } catch {
    cpu = cpus()[0]?.model ?? cpu;
  }
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim();
    if (dirty) commit += '+dirty';
  } catch {
    // not a git checkout
  }
  const tool = (cmd, args) => {
    try {
      return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n').pop();
    } catch {
      return 'n/a';
    }
  };
  return {
    cpu,
    cores: cpus().length,
    memory: `${fmt(totalmem() / 2 ** 30, 1)} GiB`,
    commit,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    node: process.version,
    rustc: tool('rustc', ['--version']),
    chromium: tool('/usr/bin/chromium', ['--version']),
    load: loadavg().map((x) => x.toFixed(2)).join(' '),
  };
}

// ---- inputs ------------------------------------------------------------------------------------

async function gunzipTo(src, dst) {
  if (existsSync(dst) && statSync(dst).mtimeMs >= statSync(src).mtimeMs) return;
  log(`unpacking ${src}`);
  await pipeline(createReadStream(src), createGunzip(), createWriteStream(`${dst}.part`));
  execFileSync('mv', [`${dst}.part`, dst]);
}

const GEN_STAMP = statSync(join(ROOT, 'bench', 'gen-synthetic.mjs')).mtimeMs;
function synthetic(kind, events, name) {
  const path = join(WORK, name);
  if (existsSync(path) && statSync(path).mtimeMs >= GEN_STAMP) return path;
  log(`generating ${name} (${events} events)`);
  const t = performance.now();
  const r = kind === 'kineto' ? genKineto(events, `${path}.part`, 1) : genXSpace(events, `${path}.part`, 1);
  execFileSync('mv', [`${path}.part`, path]);
  log(`  ${fmt(r.bytes / MB)} MB in ${fmt((performance.now() - t) / 1000)} s`);
  return path;
}

/** A synthetic job of `ranks` Kineto files of `events` each (bench/gen-job.mjs), made once in the work folder. */
async function syntheticJob(ranks, events) {
  const { genJob } = await import('./gen-job.mjs');
  const dir = join(WORK, `job_${ranks}r_${events}`);
  const files = Array.from({ length: ranks }, (_, r) => join(dir, `rank-${r}.pt.trace.json`));
  const stamp = statSync(join(ROOT, 'bench', 'gen-job.mjs')).mtimeMs;
  if (files.every((f) => existsSync(f) && statSync(f).mtimeMs >= stamp)) return files;
  log(`generating a ${ranks}-rank job (${events} events each)`);
  const made = genJob({ ranks, events, steps: 8, stragglerRank: ranks - 1, stragglerStep: 3, format: 'kineto', out: dir, seed: 1 });
  return made.map((f) => f.path);
}

// ---- native --------------------------------------------------------------------------------------

function planeviewBin() {
  const rel = join(ROOT, 'target', 'release', 'planeview');
  const dbg = join(ROOT, 'target', 'debug', 'planeview');
  if (!SMOKE) return rel;
  return existsSync(rel) ? rel : dbg;
}

/** One `planeview summary FILE --json` under /usr/bin/time -v, reading the file on `jobs` threads
 * (PLANEVIEW_JOBS; 1: one thread): wall seconds, peak RSS, summary. */
function nativeOnce(file, jobs = 1) {
  const t0 = performance.now();
  const env = { ...process.env, PLANEVIEW_JOBS: String(jobs) };
  const r = spawnSync('/usr/bin/time', ['-v', planeviewBin(), 'summary', file, '--json'], { encoding: 'utf8', maxBuffer: 1 << 26, env });
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`planeview summary ${file}: exit ${r.status}: ${r.stderr.split('\n').slice(-3).join(' ')}`);
  const rss = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1] ?? 0) * 1024;
  return { seconds, rss, summary: JSON.parse(r.stdout) };
}

function native(file, runs, jobs = 1) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(nativeOnce(file, jobs));
  const s = median(all.map((r) => r.seconds));
  return { seconds: s, runs: all.map((r) => r.seconds), rss: Math.max(...all.map((r) => r.rss)), summary: all[0].summary };
}

// ---- wasm in node --------------------------------------------------------------------------------

function wasm(file, runs) {
  const all = [];
  for (let i = 0; i < runs; i++) {
    const r = spawnSync(process.execPath, ['--max-old-space-size=8192', join(ROOT, 'bench', 'wasm-import.mjs'), file], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    if (r.status !== 0) return { error: `exit ${r.status}: ${(r.stderr || '').trim().split('\n').slice(-2).join(' ')}` };
    const j = JSON.parse(r.stdout.trim().split('\n').pop());
    if (j.error) {
      const panic = /panicked at [^\n]*\n([^\n]+)/.exec(r.stderr ?? '');
      return { error: `${j.error}${panic ? ` (panic: ${panic[1].trim()})` : ''}; Wasm memory ${mib(j.wasm_memory_bytes)}` };
    }
    all.push(j);
  }
  return { seconds: median(all.map((r) => r.seconds)), runs: all.map((r) => r.seconds), memory: Math.max(...all.map((r) => r.wasm_memory_bytes)), summary: all[0].summary, push_seconds: median(all.map((r) => r.push_seconds)) };
}

// ---- anchors -------------------------------------------------------------------------------------

function jsonParseAnchor(file, runs) {
  const r = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=8192', join(ROOT, 'bench', 'json-parse-anchor.mjs'), file, String(runs)], { encoding: 'utf8' });
  if (r.status !== 0) return { error: r.stderr.trim().split('\n').pop() };
  const j = JSON.parse(r.stdout);
  return { ...j, seconds: median(j.parse_seconds) };
}

function ensureVenv() {
  const venv = join(WORK, 'venv');
  const py = join(venv, 'bin', 'python');
  const ok = () => spawnSync(py, ['-c', 'import importlib.metadata as m; assert m.version("xprof") == "2.24.2"'], { stdio: 'ignore' }).status === 0;
  if (existsSync(py) && ok()) return py;
  log('making bench-work/venv with xprof==2.24.2 (pip; a ~100 MB wheel, once)');
  execFileSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' });
  execFileSync(join(venv, 'bin', 'pip'), ['install', '-q', 'xprof==2.24.2'], { stdio: 'inherit' });
  if (!ok()) throw new Error('xprof 2.24.2 did not install into bench-work/venv');
  return py;
}

function xprofAnchor(file, runs) {
  const py = ensureVenv();
  const r = spawnSync(py, [join(ROOT, 'bench', 'xprof_anchor.py'), file, String(runs)], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) return { error: r.stderr.trim().split('\n').pop() };
  const j = JSON.parse(r.stdout.trim().split('\n').pop());
  return { ...j, median: median(j.seconds) };
}

// ---- rows ----------------------------------------------------------------------------------------

function importMeasured(r, bytes) {
  const ev = r.summary.events;
  return {
    mbs: bytes / MB / r.seconds,
    text: `${fmt(bytes / MB / r.seconds)} MB/s (${fmt(r.seconds, 3)} s; ${fmt(ev / r.seconds / 1e6, 2)} M ev/s; ${fmt(r.summary.model_bytes / ev, 1)} B/ev model)`,
  };
}

async function main() {
  const m = machine();
  log(`machine: ${m.cpu}, ${m.cores} cores, ${m.memory}; load ${m.load}; commit ${m.commit}`);
  const runsSmall = SMOKE ? 1 : 3;
  const runsBig = SMOKE ? 1 : 2;

  // Inputs.
  const inputs = {};
  if (SMOKE) {
    inputs.kinetoS = synthetic('kineto', 3000, 'smoke_kineto.json');
    inputs.xspaceS = synthetic('xspace', 3000, 'smoke_xspace.xplane.pb');
  } else {
    inputs.xplaneGz = join(CORPUS, 'xplane', 'jax_cpu_mlp_xlarge.xplane.pb.gz');
    inputs.torchGz = join(CORPUS, 'chrome_json', 'torch_cpu_transformer_train_dev.pt.trace.json.gz');
    inputs.chromiumGz = join(CORPUS, 'chrome_json', 'chromium__chromium_default_cats_4s.json.gz');
    for (const k of ['xplaneGz', 'torchGz', 'chromiumGz']) if (!existsSync(inputs[k])) throw new Error(`missing ${inputs[k]} (set PLANEVIEW_CORPUS)`);
    inputs.xplane = join(WORK, 'jax_cpu_mlp_xlarge.xplane.pb');
    inputs.torch = join(WORK, 'torch_cpu_transformer_train_dev.pt.trace.json');
    inputs.chromium = join(WORK, 'chromium__chromium_default_cats_4s.json');
    await gunzipTo(inputs.xplaneGz, inputs.xplane);
    await gunzipTo(inputs.torchGz, inputs.torch);
    await gunzipTo(inputs.chromiumGz, inputs.chromium);
    inputs.kineto1m = synthetic('kineto', 1_000_000, 'synthetic_kineto_1m.json');
    inputs.kineto10m = synthetic('kineto', 10_000_000, 'synthetic_kineto_10m.json');
    inputs.xspace10m = synthetic('xspace', 10_000_000, 'synthetic_xspace_10m.xplane.pb');
  }
  const label = (p) => `${p.split('/').pop()} (${fmt(sizeOf(p) / MB, 0)} MB)`;

  if (flag('--browser-only')) {
    await browserRows(inputs, label);
    return m;
  }

  // Anchors first (they feed the ratios).
  let xprof = null;
  if (XPROF) {
    log('anchor: XProf trace_viewer@ on the xplane');
    xprof = xprofAnchor(inputs.xplane, 3);
    if (xprof.error) notMeasured.push(`XProf anchor failed: ${xprof.error}`);
  } else {
    notMeasured.push(SMOKE ? 'XProf anchor: not run in --smoke (the venv install takes minutes).' : 'XProf anchor: skipped (--no-xprof).');
  }
  const jsonAnchorFile = SMOKE ? inputs.kinetoS : inputs.torch;
  log('anchor: JSON.parse');
  const jp = jsonParseAnchor(jsonAnchorFile, runsSmall);
  const jpMbs = jp.error ? null : jp.bytes / MB / jp.seconds;

  // Native.
  const nativeCases = SMOKE
    ? [
        ['xspace', inputs.xspaceS, runsSmall],
        ['json', inputs.kinetoS, runsSmall],
      ]
    : [
        ['xspace', inputs.xplane, runsSmall],
        ['json', inputs.torch, runsSmall],
        ['json', inputs.kineto1m, runsSmall],
        ['json', inputs.kineto10m, runsBig],
        ['xspace', inputs.xspace10m, runsBig],
      ];
  const nativeRes = new Map();
  for (const [kind, file, runs] of nativeCases) {
    log(`native: ${file}`);
    let r;
    try {
      r = native(file, runs);
    } catch (e) {
      row('Native import', label(file), `error: ${e.message}`, '', null, null, 'FAIL');
      continue;
    }
    nativeRes.set(file, r);
    const bytes = r.summary.unpacked_bytes;
    const mm = importMeasured(r, bytes);
    const text = `${mm.text}; peak RSS ${mib(r.rss)}`;
    if (kind === 'xspace') {
      const isAnchorFile = file === inputs.xplane && xprof && !xprof.error;
      const ratio = isAnchorFile ? xprof.median / r.seconds : null;
      row('Native import, XSpace', label(file), text, file === inputs.xplane ? '≥ 300 MB/s; ≥ 30× XProf' : '≥ 300 MB/s', isAnchorFile ? `XProf trace_viewer@ ${fmt(xprof.median, 2)} s` : null, ratio ? `${fmt(ratio)}×` : null, verdict(mm.mbs >= 300, ratio === null ? null : ratio >= 30));
    } else {
      const isAnchorFile = file === jsonAnchorFile && jpMbs;
      const ratio = isAnchorFile ? mm.mbs / jpMbs : null;
      // The PyTorch trace carries the ingest issue's targets; the other files the first ones.
      const [mbsTarget, ratioTarget] = isAnchorFile ? [500, 5] : [250, 3];
      row('Native import, Chrome JSON', label(file), text, isAnchorFile ? `≥ ${mbsTarget} MB/s; ≥ ${ratioTarget}× JSON.parse` : `≥ ${mbsTarget} MB/s`, isAnchorFile ? `JSON.parse ${fmt(jpMbs)} MB/s` : null, ratio ? `${fmt(ratio)}×` : null, verdict(mm.mbs >= mbsTarget, ratio === null ? null : ratio >= ratioTarget));
    }
  }
  // One file on several threads (PLANEVIEW_JOBS), against one: ranges of a JSON file's events
  // read apart; an XSpace's runs of events decoded apart.
  if (!SMOKE) {
    const threads = [2, 4, 8].filter((n) => n <= cpus().length);
    for (const file of [inputs.xplane, inputs.xspace10m, inputs.torch, inputs.kineto1m, inputs.kineto10m]) {
      const one = nativeRes.get(file);
      if (!one) continue;
      const parts = [];
      for (const n of threads) {
        log(`native, ${n} threads: ${file}`);
        const r = native(file, file === inputs.kineto10m || file === inputs.xspace10m ? runsBig : runsSmall, n);
        const same = JSON.stringify(r.summary) === JSON.stringify(one.summary);
        parts.push(`${n} threads ${fmt(r.seconds, 3)} s (${fmt(one.seconds / r.seconds, 2)}×, ${fmt(r.summary.unpacked_bytes / MB / r.seconds)} MB/s, peak RSS ${mib(r.rss)}${same ? '' : '; SUMMARY DIFFERS'})`);
      }
      const more = cpus().length < 4 ? `; this machine has ${cpus().length} cores, so no 4- or 8-thread runs` : '';
      const kind = file === inputs.xplane || file === inputs.xspace10m ? 'XSpace' : 'Chrome JSON';
      row(`Native import, one ${kind} file on several threads (PLANEVIEW_JOBS) against one`, label(file), `1 thread ${fmt(one.seconds, 3)} s; ${parts.join('; ')}${more}`, 'speed-up over one thread (report)', null, null, parts.some((t) => t.includes('DIFFERS')) ? 'FAIL (summary differs)' : '—');
    }
  }

  // gzip cost: the same files as users have them.
  if (!SMOKE) {
    for (const [gz, plain] of [
      [inputs.xplaneGz, inputs.xplane],
      [inputs.torchGz, inputs.torch],
    ]) {
      log(`native (.gz): ${gz}`);
      const r = native(gz, runsSmall);
      const base = nativeRes.get(plain);
      // The fastest run of each is the least disturbed by other load: compare those.
      const extra = base ? Math.min(...r.runs) - Math.min(...base.runs) : null;
      row('Native import of the .gz (gzip cost)', label(gz), `${fmt(r.seconds, 3)} s median (${fmt(r.summary.unpacked_bytes / MB / r.seconds)} MB/s of unpacked bytes); gunzip adds ${fmt(extra, 3)} s (fastest .gz run − fastest unpacked run); peak RSS ${mib(r.rss)}`, 'info', null, null, '—');
    }
  }

  // Wasm in Node.
  const wasmCases = SMOKE
    ? [
        ['xspace', inputs.xspaceS, 1],
        ['json', inputs.kinetoS, 1],
      ]
    : [
        ['xspace', inputs.xplane, runsSmall],
        ['json', inputs.torch, runsSmall],
        ['json', inputs.kineto1m, runsSmall],
        ['json', inputs.kineto10m, 1],
        ['xspace', inputs.xspace10m, 1],
      ];
  for (const [kind, file, runs] of wasmCases) {
    log(`wasm: ${file}`);
    const r = wasm(file, runs);
    if (r.error) {
      if (/exceeds the limit|capacity overflow/.test(r.error)) {
        notes.push(`Wasm import of ${file.split('/').pop()} is refused: the whole input is held in Wasm memory until streaming import lands, so the browser limit is 1.5 GiB (README, Limits).`);
        notMeasured.push(`Wasm import speed and memory of ${file.split('/').pop()}: over the browser's input limit (see the note above).`);
      }
      row(`Wasm import (Node), ${kind === 'xspace' ? 'XSpace' : 'Chrome JSON'}`, label(file), `error: ${r.error}`, kind === 'xspace' ? '≥ 150 MB/s' : '≥ 150 MB/s; peak ≤ 1.0×, model ≤ 0.5× of unpacked', null, null, 'FAIL');
      continue;
    }
    const bytes = r.summary.unpacked_bytes;
    const mm = importMeasured(r, bytes);
    const memX = r.memory / bytes;
    const modelX = r.summary.model_bytes / bytes;
    const text = `${mm.text}; Wasm memory ${mib(r.memory)} = ${fmt(memX, 2)}× input; model ${mib(r.summary.model_bytes)} = ${fmt(modelX, 2)}× input`;
    if (kind === 'xspace') {
      const isAnchorFile = file === inputs.xplane && xprof && !xprof.error;
      const ratio = isAnchorFile ? xprof.median / r.seconds : null;
      row('Wasm import (Node), XSpace', label(file), text, file === inputs.xplane ? '≥ 150 MB/s; ≥ 15× XProf' : '≥ 150 MB/s', isAnchorFile ? `XProf trace_viewer@ ${fmt(xprof.median, 2)} s` : null, ratio ? `${fmt(ratio)}×` : null, verdict(mm.mbs >= 150, ratio === null ? null : ratio >= 15));
    } else {
      const isAnchorFile = file === jsonAnchorFile && jpMbs;
      const ratio = isAnchorFile ? mm.mbs / jpMbs : null;
      const mbsTarget = isAnchorFile ? 250 : 150;
      const fails = [mm.mbs >= mbsTarget ? null : 'speed', memX <= 1.0 ? null : 'peak mem', modelX <= 0.5 ? null : 'model', ratio === null || ratio >= 3 ? null : 'ratio'].filter(Boolean);
      row('Wasm import (Node), Chrome JSON', label(file), text, `≥ ${mbsTarget} MB/s;${isAnchorFile ? ' ≥ 3× JSON.parse;' : ''} peak ≤ 1.0×, model ≤ 0.5× input`, isAnchorFile ? `JSON.parse ${fmt(jpMbs)} MB/s` : null, ratio ? `${fmt(ratio)}×` : null, fails.length ? `FAIL (${fails.join(', ')})` : 'pass');
    }
  }

  // Anchor rows themselves.
  if (xprof && !xprof.error) {
    row('Anchor: XProf 2.24.2 trace_viewer@ (resolution 8000, cold copy)', label(inputs.xplane), `${fmt(xprof.median, 2)} s median of [${xprof.seconds.map((s) => fmt(s, 2)).join(', ')}] (${fmt(sizeOf(inputs.xplane) / MB / xprof.median)} MB/s); Python import ${fmt(xprof.import_seconds, 1)} s not counted`, 'anchor', null, null, '—');
  }
  if (!jp.error) {
    row('Anchor: Node JSON.parse', label(jsonAnchorFile), `${fmt(jpMbs)} MB/s (parse ${fmt(jp.seconds, 3)} s median; reading the file as a string ${fmt(jp.read_seconds, 3)} s more)`, 'anchor', null, null, '—');
  } else {
    notMeasured.push(`JSON.parse anchor failed: ${jp.error}`);
  }

  // Per-area benchmarks (analyses, graph layout, counters): each script prints one JSON object
  // {rows, notes} (see bench/README.md).
  for (const area of AREA_BENCHES) areaRows(area);

  // Browser.
  if (BROWSER) await browserRows(inputs, label);
  else notMeasured.push('Browser rows: skipped (--no-browser).');

  return m;
}

/** Scripts under bench/ that each measure one area's targets. */
const AREA_BENCHES = ['analysis', 'graph', 'counters', 'draw-backends', 'export', 'memory', 'query'];

/** Runs `bench/<area>.mjs` and adds its rows and notes; a failure becomes a "not measured" line. */
function areaRows(area) {
  const script = join(ROOT, 'bench', `${area}.mjs`);
  log(`area bench: ${area}`);
  const extra = area === 'analysis' ? ['--work', WORK, ...(XPROF ? [] : ['--no-xprof'])] : [];
  const r = spawnSync(process.execPath, [script, ...(SMOKE ? ['--smoke'] : []), ...extra], { encoding: 'utf8', maxBuffer: 64 << 20, env: { ...process.env, PLANEVIEW_CORPUS: CORPUS } });
  try {
    if (r.status !== 0) throw new Error(`exit ${r.status}`);
    const out = JSON.parse(r.stdout.trim().split('\n').pop());
    for (const x of out.rows) row(x.what, x.input, x.measured, x.target, x.anchor, x.ratio, x.pass);
    notes.push(...(out.notes ?? []));
  } catch (e) {
    const why = (r.stderr || r.stdout || String(e)).trim().split('\n').pop();
    notMeasured.push(`bench/${area}.mjs failed (${e.message}): ${why}`);
  }
}

async function browserRows(inputs, label) {
  const { compareInOurs, launch, loadInOurs, loadInSpeedscope, loadUrlInOurs, zoomPan } = await import('./browser.mjs');
  const { startServer } = await import('../tests/e2e/server.mjs');
  const dist = join(ROOT, 'dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error('dist/ is not built (make dist)');
  // The bench inputs are served too, for the loads by `?url=`.
  const ours = await startServer({ dir: dist, prefixes: ['/'], mounts: [{ prefix: '/bench-work/', dir: WORK }] });
  const ssDir = join(ROOT, 'node_modules', 'speedscope', 'dist', 'release');
  const ss = existsSync(join(ssDir, 'index.html')) ? await startServer({ dir: ssDir, prefixes: ['/'] }) : null;
  const b = await launch();
  const mem = (r) =>
    `JS heap peak ${mib(r.js_heap_peak)} (worker ${r.worker_heap ? mib(r.worker_heap) : 'n/a'}); Wasm ${typeof r.wasm_memory === 'number' ? mib(r.wasm_memory) : (r.wasm_memory ?? 'n/a')}; renderer RSS peak ${mib(r.rss_peak)}`;
  try {
    // First frame.
    const firstFrame = SMOKE
      ? [
          [inputs.kinetoS, 2000],
          [inputs.xspaceS, 1000],
        ]
      : [
          [inputs.torchGz, 2000],
          [inputs.xplaneGz, 1000],
        ];
    for (const [file, targetMs] of firstFrame) {
      log(`browser first frame: ${file}`);
      const runs = [];
      for (let i = 0; i < runsOf(); i++) {
        const r = await loadInOurs(b.context, ours.url, file);
        await r.page.close().catch(() => undefined);
        runs.push(r);
        if (!r.ok) break;
      }
      const last = runs[runs.length - 1];
      if (!last.ok) {
        row('Browser: drop → first timeline frame', label(file), `${last.outcome}: ${last.status ?? ''}`, `≤ ${targetMs / 1000} s`, null, null, 'FAIL');
        continue;
      }
      const ms = median(runs.map((r) => r.first_frame_ms));
      // The engine's own share of the median run's load (gunzip and streamed JSON parse while
      // taking chunks; the import of held formats at finish); the rest is reading, transfer,
      // waiting and the first render list.
      const mid = runs.find((r) => r.first_frame_ms === ms) ?? last;
      const lp = mid.load_phases;
      const phases = lp ? `; of which engine taking chunks ${fmt(lp.pushMs / 1000, 2)} s, engine import ${fmt(lp.finishMs / 1000, 2)} s, the rest ${fmt((ms - lp.pushMs - lp.finishMs) / 1000, 2)} s` : '';
      row('Browser: drop → first timeline frame', label(file), `${fmt(ms / 1000, 2)} s median of ${runs.length} [${runs.map((r) => fmt(r.first_frame_ms / 1000, 2)).join(', ')}]${phases}; ${mem(last)}`, `≤ ${targetMs / 1000} s`, null, null, verdict(ms <= targetMs));
    }

    // One file read in parts by the engine workers (picked from disk) against one engine (the
    // same file downloaded by `?url=`, which is read by the page's engine alone).
    if (!SMOKE) {
      for (const file of [inputs.torch, inputs.kineto1m]) {
        log(`browser parts: ${file}`);
        const inParts = [];
        const alone = [];
        for (let i = 0; i < runsOf(); i++) {
          const r = await loadInOurs(b.context, ours.url, file);
          await r.page.close().catch(() => undefined);
          if (r.ok && r.load_phases) inParts.push(r.load_phases);
          const u = await loadUrlInOurs(b.context, ours.url, `bench-work/${file.split('/').pop()}`);
          if (u.ok && u.load_phases) alone.push(u.load_phases);
        }
        if (inParts.length === 0 || alone.length === 0) {
          row('Browser: one Chrome JSON file read by the engine workers in parts against one engine', label(file), 'could not load', 'speed-up (report)', null, null, 'FAIL');
          continue;
        }
        const a = median(inParts.map((p) => p.totalMs));
        const o = median(alone.map((p) => p.totalMs));
        const parts = inParts[0].parts;
        const took = parts ? `${parts.taken} of ${parts.read} parts taken` : 'not read in parts';
        row(
          'Browser: one Chrome JSON file read by the engine workers in parts against one engine (load → profile on the page)',
          label(file),
          `${fmt(a / 1000, 2)} s in parts (${took}; median of ${inParts.length}) against ${fmt(o / 1000, 2)} s by one engine (\`?url=\`, median of ${alone.length}): ${fmt(o / a, 2)}× with ${Math.max(2, cpus().length)} engine workers`,
          'speed-up (report)',
          null,
          null,
          parts && parts.taken === parts.read ? '—' : 'FAIL (parts not taken)',
        );
      }
    }

    // Comparing two runs: from both loaded to the Compare tab's diff tables drawn. The ~50 MB
    // xplane against a copy of itself: every row matches (the most matching work).
    const cmpFile = SMOKE ? inputs.xspaceS : inputs.xplane;
    const cmpCopy = join(WORK, `copy_of_${cmpFile.split('/').pop()}`);
    if (!existsSync(cmpCopy) || statSync(cmpCopy).mtimeMs < statSync(cmpFile).mtimeMs) execFileSync('cp', [cmpFile, cmpCopy]);
    log(`browser compare: ${cmpFile} with a copy of itself`);
    const cmpRuns = [];
    for (let i = 0; i < runsOf(); i++) {
      const r = await compareInOurs(b.context, ours.url, cmpFile, cmpCopy, SMOKE ? 60000 : 600000);
      cmpRuns.push(r);
      if (!r.ok) break;
    }
    const cmpLast = cmpRuns[cmpRuns.length - 1];
    if (cmpLast.ok) {
      const ms = median(cmpRuns.map((r) => r.compare_ms));
      const mid = cmpRuns.find((r) => r.compare_ms === ms) ?? cmpLast;
      const ph = mid.phases;
      const split = ph ? `; of which both diffSide ${fmt(ph.sidesMs / 1000, 2)} s, diff + chart ${fmt(ph.diffMs / 1000, 2)} s, drawing ${fmt(ph.drawMs / 1000, 2)} s` : '';
      row('Browser: compare two runs, both loaded → diff tables drawn', `${label(cmpFile)} × 2`, `${fmt(ms / 1000, 2)} s median of ${cmpRuns.length} [${cmpRuns.map((r) => fmt(r.compare_ms / 1000, 2)).join(', ')}]${split}; ${cmpLast.summary}`, '≤ 1 s', null, null, verdict(ms <= 1000));
    } else {
      row('Browser: compare two runs, both loaded → diff tables drawn', `${label(cmpFile)} × 2`, `${cmpLast.outcome}: ${cmpLast.status}`, '≤ 1 s', null, null, 'FAIL');
    }

    // speedscope vs ours on the same (unpacked) file.
    const ssFile = SMOKE ? inputs.kinetoS : inputs.chromium;
    if (ss) {
      log(`browser speedscope vs ours: ${ssFile}`);
      // Alternating runs, the median of each side (as the first-frame rows).
      const oursRuns = [];
      const ssRuns = [];
      for (let i = 0; i < (SMOKE ? 1 : 3); i++) {
        const o = await loadInOurs(b.context, ours.url, ssFile);
        await o.page.close().catch(() => undefined);
        oursRuns.push(o);
        const s = await loadInSpeedscope(b.context, `${ss.url}index.html`, ssFile);
        ssRuns.push(s);
        if (!o.ok || !s.ok) break;
      }
      const failedOurs = oursRuns.find((o) => !o.ok);
      const failedSs = ssRuns.find((s) => !s.ok);
      const oMs = failedOurs ? null : median(oursRuns.map((o) => o.first_frame_ms));
      const sMs = failedSs ? null : median(ssRuns.map((s) => s.usable_ms));
      const secs = (xs) => `[${xs.map((x) => fmt(x / 1000, 2)).join(', ')}]`;
      const ratio = oMs !== null && sMs !== null ? sMs / oMs : null;
      const ssHeap = Math.max(...ssRuns.map((s) => s.js_heap_peak ?? 0));
      row(
        'Browser: time to a usable view, ours vs speedscope 1.25.0',
        label(ssFile),
        `ours ${oMs !== null ? `${fmt(oMs / 1000, 2)} s median of ${secs(oursRuns.map((o) => o.first_frame_ms))}` : failedOurs.outcome}; speedscope ${sMs !== null ? `${fmt(sMs / 1000, 2)} s median of ${secs(ssRuns.map((s) => s.usable_ms))} (JS heap peak ${mib(ssHeap)})` : `failed: ${failedSs.error}`}`,
        '≥ 10× faster than speedscope',
        sMs !== null ? `speedscope ${fmt(sMs / 1000, 2)} s` : 'speedscope failed',
        ratio ? `${fmt(ratio)}×` : null,
        verdict(ratio === null ? false : ratio >= 10),
      );
    } else {
      notMeasured.push('speedscope: node_modules/speedscope is missing (npm ci installs it).');
    }

    // The big JSON (2 GB) opens; then frame times over the 10 M events loaded (or the 10 M XSpace).
    const big = SMOKE ? inputs.kinetoS : inputs.kineto10m;
    log(`browser big JSON: ${big}`);
    const r = await loadInOurs(b.context, ours.url, big, SMOKE ? 60000 : 600000);
    row(
      SMOKE ? 'Browser: synthetic JSON opens (smoke: tiny)' : 'Browser: 2 GB synthetic Chrome JSON opens (10 M events)',
      label(big),
      r.ok ? `opened: first frame after ${fmt(r.first_frame_ms / 1000, 1)} s; ${mem(r)}` : `${r.outcome}${r.status ? `: ${r.status}` : ''} after ${fmt(r.wall_ms / 1000, 1)} s; JS heap peak ${mib(r.js_heap_peak)}; renderer RSS peak ${mib(r.rss_peak)}`,
      'opens without crashing',
      null,
      null,
      verdict(r.ok),
    );
    if (r.ok) {
      const pms = r.preview_frame_ms;
      row(
        SMOKE ? 'Browser: synthetic JSON, first streamed frame (smoke: tiny)' : 'Browser: 2 GB synthetic Chrome JSON, first streamed frame (a preview of the part read so far)',
        label(big),
        pms !== null ? `${fmt(pms / 1000, 2)} s after the drop (the whole profile's first frame ${fmt(r.first_frame_ms / 1000, 1)} s)` : 'no preview frame (the file was read before the first preview)',
        '≤ 1 s',
        null,
        null,
        SMOKE ? '—' : verdict(pms !== null && pms <= 1000),
      );
    }
    if (!r.ok && !SMOKE) {
      // The largest JSON tried that fits under the browser's 1.5 GiB input limit.
      await r.page.close().catch(() => undefined);
      const mid = synthetic('kineto', 4_000_000, 'synthetic_kineto_4m.json');
      log(`browser mid-size JSON: ${mid}`);
      const x = await loadInOurs(b.context, ours.url, mid, 600000);
      row(
        'Browser: largest synthetic JSON tried that fits under the 1.5 GiB browser input limit (4 M events)',
        label(mid),
        x.ok ? `opened: first frame after ${fmt(x.first_frame_ms / 1000, 1)} s; ${mem(x)}` : `${x.outcome}${x.status ? `: ${x.status}` : ''} after ${fmt(x.wall_ms / 1000, 1)} s; renderer RSS peak ${mib(x.rss_peak)}`,
        'info',
        null,
        null,
        x.ok ? 'opens' : 'FAIL',
      );
      await x.page.close().catch(() => undefined);
    }
    // A 304 MB XSpace: imported in steps, its first preview (the events placed so far) against the
    // whole profile's first frame. The file is read whole first (a plane's names come after its events).
    {
      const xs = SMOKE ? inputs.xspaceS : inputs.xspace10m;
      log(`browser XSpace preview: ${xs}`);
      const x = await loadInOurs(b.context, ours.url, xs, SMOKE ? 60000 : 600000);
      const pms = x.ok ? x.preview_frame_ms : null;
      const phases = x.load_phases;
      const split = phases ? ` (engine: taking chunks ${fmt(phases.pushMs / 1000, 2)} s, importing ${fmt(phases.finishMs / 1000, 2)} s)` : '';
      row(
        SMOKE ? 'Browser: synthetic XSpace, first preview frame (smoke: tiny)' : 'Browser: 304 MB synthetic XSpace, first preview frame (the events placed so far, while the import runs in steps)',
        label(xs),
        !x.ok
          ? `${x.outcome}${x.status ? `: ${x.status}` : ''}`
          : pms !== null
            ? `${fmt(pms / 1000, 2)} s after the drop; the whole profile's first frame ${fmt(x.first_frame_ms / 1000, 2)} s${split}`
            : `no preview frame (imported before the first preview); first frame ${fmt(x.first_frame_ms / 1000, 2)} s${split}`,
        'report',
        null,
        null,
        '—',
      );
      await x.page.close().catch(() => undefined);
    }

    let framePage = r.ok ? r.page : null;
    let frameFile = big;
    if (!framePage) {
      await r.page.close().catch(() => undefined);
      frameFile = SMOKE ? inputs.xspaceS : inputs.xspace10m;
      log(`browser frames on ${frameFile}`);
      const x = await loadInOurs(b.context, ours.url, frameFile, 600000);
      if (x.ok) {
        framePage = x.page;
        notMeasured.push('Frame times over the 10 M-event JSON: it does not open in the page (row above); they are measured over the 10 M-event XSpace instead.');
        notes.push(`Frame times use ${frameFile.split('/').pop()} because the 10 M-event JSON did not open (first frame of the 10 M XSpace: ${fmt(x.first_frame_ms / 1000, 1)} s; ${mem(x)}).`);
      } else {
        await x.page.close().catch(() => undefined);
        row('Browser: frame time while zooming/panning', label(frameFile), `could not load: ${x.outcome}`, '≤ 16 ms p95', null, null, 'FAIL');
      }
    }
    if (framePage) {
      log('browser: zoom/pan frame times');
      const f = await zoomPan(framePage, 1);
      const cost95 = f.render_p95 + f.draw_p95;
      row(
        `Browser: frame time while zooming/panning${SMOKE ? '' : ' (10 M events)'}`,
        label(frameFile),
        `frame cost p95 ${fmt(cost95)} ms = render list p95 ${fmt(f.render_p95)} + draw p95 ${fmt(f.draw_p95)} (p50 ${fmt(f.render_p50)} + ${fmt(f.draw_p50)}); request → on screen p50 ${fmt(f.frame_p50)} / p95 ${fmt(f.frame_p95)} ms; ${f.frames} frames for ${f.inputs} inputs`,
        '≤ 16 ms p95',
        null,
        null,
        verdict(cost95 <= 16),
      );
      const parts = Object.entries(f.breakdown ?? {}).map(([k, v]) => `${k.replace(/^worker_/, '')} ${fmt(v)}`);
      if (parts.length > 0) notes.push(`Frame-time breakdown (worker side, p50/p95; times in ms, "bytes" and "newStrings" are per-frame counts, "back" is the reply's trip to the page): ${parts.join(', ')}.`);
      await framePage.close().catch(() => undefined);
    }

    // A job in one page: several files in parallel workers, and many ranks on one timeline.
    log('browser: job rows');
    const { jobRows } = await import('./job.mjs');
    const browser = await import('./browser.mjs');
    await jobRows({ browser, context: b.context, url: ours.url, smoke: SMOKE, work: WORK, synthetic, genJob: syntheticJob, row, fmt, mib, verdict, median });
  } finally {
    await b.close();
    await ours.close();
    await ss?.close();
  }
}

function runsOf() {
  return SMOKE ? 1 : 3;
}

// ---- output --------------------------------------------------------------------------------------

function table() {
  const head = ['what', 'input', 'measured', 'target', 'anchor', 'ratio vs anchor', 'result'];
  const esc = (s) => String(s).replaceAll('|', '\\|');
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of rows) lines.push(`| ${[r.what, r.input, r.measured, r.target, r.anchor, r.ratio, r.pass].map(esc).join(' | ')} |`);
  return lines.join('\n');
}

const m = await main();
m.loadAfter = loadavg().map((x) => x.toFixed(2)).join(' ');
if (Math.max(Number(m.load.split(' ')[0]), Number(m.loadAfter.split(' ')[0])) > 1.5) {
  notes.unshift(`The machine was busy during this run (1-minute load average ${m.load.split(' ')[0]} at the start, ${m.loadAfter.split(' ')[0]} at the end, on ${m.cores} cores): other work shared the CPU, so times are pessimistic. Re-run on a quiet machine.`);
}
const t = table();
console.log(t);
const doc = `# Benchmarks

Written by \`make bench\` (\`node bench/run.mjs\`${SMOKE ? ' --smoke' : ''}); do not edit by hand — re-run it.
How each number is taken: [bench/README.md](../bench/README.md).

- machine: ${m.cpu}, ${m.cores} cores, ${m.memory} RAM; load average ${m.load} at the start, ${m.loadAfter} at the end
- commit: ${m.commit}
- date: ${m.date}
- tools: ${m.rustc}; node ${m.node}; ${m.chromium}

${t}

Ratios are "how many times faster than the anchor" (anchor time / our time, or our MB/s / the
anchor's MB/s). MB = 10^6 bytes of the unpacked input. "B/ev model" = \`model_bytes\` / \`events\` from
the summary. Native peak RSS is from \`/usr/bin/time -v\`; Wasm memory is
\`memory.buffer.byteLength\` after the import (Wasm memory never shrinks, so it is the peak).

${notes.length ? `## Notes\n\n${notes.map((n) => `- ${n}`).join('\n')}\n\n` : ''}## Not measured in this run, and why

${notMeasured.length ? notMeasured.map((n) => `- ${n}`).join('\n') : '- Every row of the issue was measured.'}

## Limits of the method

${STATIC_NOT_MEASURED.map((n) => `- ${n}`).join('\n')}
`;
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, doc);
log(`wrote ${OUT}`);
