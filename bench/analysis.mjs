// Analysis benchmark: the XProf tools Planeview computes (overview, framework op stats,
// HLO op stats, op profile, kernel stats, roofline) on the 50 MB corpus xplane, natively and in
// Wasm under Node, kernel stats over 1 M synthetic GPU kernel launches, and XProf 2.24.2's own
// per-tool times on the same file as anchors. Prints ONE JSON object on stdout:
//   {"rows": [{what, input, measured, target, anchor, ratio, pass}...], "notes": [...]}
//
//   node bench/analysis.mjs [--smoke] [--work DIR] [--python PATH] [--no-xprof] [--runs N]
//
// Native: `target/release/examples/analysis_bench` (built here with cargo; it is not part of the
// CLI) imports the file once, then times each tool (median of RUNS) and all six back to back.
// Wasm: the page's build in pkg/ (`planeview.js`, initSync), one Session; timed per call after the
// import: the engine calls analysisDoc(overview), analysisTable(framework-ops | hlo-stats | kernels),
// analysisDoc(op-profile by program), analysisDoc(roofline), each including the JSON the page
// receives (each table is computed on its first call and cached by the session, as are the
// framework op rows, the XLA op table and the HLO op rows the tools share).
// XProf: bench/xprof_anchor.py --tools (bench-work/venv with xprof==2.24.2), each tool on a cold
// copy of the unpacked file per run, median of 3. --smoke: the small corpus xplane, 100 k
// kernels, one run, no XProf.
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const flag = (f) => argv.includes(f);
const opt = (f, d) => (argv.includes(f) ? argv[argv.indexOf(f) + 1] : d);
const SMOKE = flag('--smoke');
const WORK = resolve(opt('--work', join(ROOT, 'bench-work')));
const PYTHON = opt('--python', join(WORK, 'venv', 'bin', 'python'));
const CORPUS = resolve(process.env.PLANEVIEW_CORPUS ?? join(ROOT, '..', 'shared', 'corpus'));
const RUNS = Number(opt('--runs', SMOKE ? '1' : '7'));
const XPROF_RUNS = 3;
const KERNELS = SMOKE ? 100_000 : 1_000_000;
const log = (...a) => console.error('bench/analysis:', ...a);

/** Per tool: the XProf tool id, our label, the Wasm call. */
/** One engine call as the worker makes it (crate/src/api: JSON request in, JSON answer out). */
const call = (s, method, ...args) => s.call(JSON.stringify({ method, args }));
const TOOLS = [
  ['overview_page', 'overview', (s) => call(s, 'analysisDoc', { kind: 'overview', compat: false })],
  ['framework_op_stats', 'framework op stats', (s) => call(s, 'analysisTable', 'framework-ops', false)],
  ['hlo_stats', 'HLO op stats', (s) => call(s, 'analysisTable', 'hlo-stats', false)],
  ['op_profile', 'op profile', (s) => call(s, 'analysisDoc', { kind: 'op-profile', groupBy: 'program' })],
  ['kernel_stats', 'kernel stats', (s) => call(s, 'analysisTable', 'kernels', false)],
  ['roofline_model', 'roofline', (s) => call(s, 'analysisDoc', { kind: 'roofline', peakGflops: 0, peakHbmGbps: 0 })],
];
const TARGET_ALL_NATIVE_MS = 200;
const TARGET_ALL_WASM_MS = 400;
const TARGET_KERNELS_MS = 100;

const rows = [];
const notes = [];
const fmt = (x, d = 1) => (x === null || x === undefined || Number.isNaN(x) ? 'n/a' : Number(x).toFixed(d));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
function row(what, input, measured, target, anchor, ratio, pass) {
  rows.push({ what, input, measured, target, anchor: anchor ?? '—', ratio: ratio ?? '—', pass: pass ?? '—' });
}
const verdict = (ok) => (ok === null ? '—' : ok ? 'pass' : 'FAIL');

async function unpacked() {
  const name = SMOKE ? 'jax_cpu_mlp_small.xplane.pb' : 'jax_cpu_mlp_xlarge.xplane.pb';
  for (const p of [join(CORPUS, 'xplane', name), join(ROOT, 'tests', 'data', 'xplane', name)]) if (existsSync(p)) return p;
  const gz = join(CORPUS, 'xplane', `${name}.gz`);
  if (!existsSync(gz)) throw new Error(`${name}(.gz) not found in ${CORPUS}/xplane`);
  mkdirSync(WORK, { recursive: true });
  const dst = join(WORK, name);
  if (!existsSync(dst) || statSync(dst).mtimeMs < statSync(gz).mtimeMs) {
    log(`unpacking ${gz}`);
    await pipeline(createReadStream(gz), createGunzip(), createWriteStream(`${dst}.part`));
    execFileSync('mv', [`${dst}.part`, dst]);
  }
  return dst;
}

function native(args) {
  // The smoke run (part of `make test`) uses the debug build `cargo test` already compiled the
  // crate for, so it adds seconds, not a release build.
  const profile = SMOKE ? 'debug' : 'release';
  const exe = join(ROOT, 'target', profile, 'examples', 'analysis_bench');
  execFileSync('cargo', ['build', ...(SMOKE ? [] : ['--release']), '--quiet', '--example', 'analysis_bench'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  return JSON.parse(execFileSync(exe, args, { encoding: 'utf8', maxBuffer: 1 << 20 }));
}

async function wasm(file) {
  const pkg = join(ROOT, 'pkg');
  if (!existsSync(join(pkg, 'planeview_bg.wasm'))) return { error: 'pkg/ is not built (npm run wasm)' };
  const glue = await import(pathToFileURL(join(pkg, 'planeview.js')).href);
  glue.initSync({ module: readFileSync(join(pkg, 'planeview_bg.wasm')) });
  // A fresh session per run (import not timed), the tools called in TOOLS order as a person
  // opening the tabs would: the session computes the framework op rows once, for the overview's
  // top ops and the framework op table, so the later call is cheaper than alone.
  const bytes = readFileSync(file);
  const per = Object.fromEntries(TOOLS.map(([id]) => [id, []]));
  const all = [];
  for (let i = 0; i < RUNS; i++) {
    const s = new glue.Session();
    s.push(bytes);
    s.finish();
    let sum = 0;
    for (const [id, , call] of TOOLS) {
      const t = performance.now();
      call(s);
      const dt = performance.now() - t;
      per[id].push(dt);
      sum += dt;
    }
    all.push(sum);
    s.free();
  }
  const ms = Object.fromEntries(Object.entries(per).map(([id, xs]) => [id, median(xs)]));
  ms.all = median(all);
  return { ms };
}

function xprof(file) {
  if (SMOKE || flag('--no-xprof')) return null;
  if (!existsSync(PYTHON)) {
    notes.push(`XProf anchors skipped: ${PYTHON} is missing (run.mjs makes bench-work/venv with xprof==2.24.2; or pass --python).`);
    return null;
  }
  log(`XProf 2.24.2 per-tool anchors, ${XPROF_RUNS} cold runs each (minutes)`);
  const out = execFileSync(PYTHON, [join(ROOT, 'bench', 'xprof_anchor.py'), file, String(XPROF_RUNS), '--tools', TOOLS.map((t) => t[0]).join(',')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 1 << 20,
  });
  const j = JSON.parse(out.trim().split('\n').pop());
  const ms = {};
  for (const [tool, secs] of Object.entries(j.tools)) ms[tool] = median(secs) * 1e3;
  ms.all = Object.values(ms).reduce((a, b) => a + b, 0);
  return { ms, bytes: j.output_bytes, raw: j.tools };
}

const file = await unpacked();
const input = `${file.split('/').pop()} (${fmt(statSync(file).size / 1e6)} MB)`;
const nat = native([file, String(RUNS)]);
log('native done');
const wa = await wasm(file);
log('wasm done');
const xp = xprof(file);

const anchorOf = (id) => (xp ? `XProf ${fmt(xp.ms[id] / 1e3, 2)} s` : null);
const ratioOf = (id, ms) => (xp && ms > 0 ? `${fmt(xp.ms[id] / ms, 0)}×` : null);
row(
  'Analyses: all six tools, native',
  input,
  `${fmt(nat.ms.all)} ms median of ${nat.runs} (import ${fmt(nat.import_ms)} ms not counted)`,
  `≤ ${TARGET_ALL_NATIVE_MS} ms`,
  xp ? `XProf sum of tools ${fmt(xp.ms.all / 1e3, 1)} s` : null,
  ratioOf('all', nat.ms.all),
  verdict(SMOKE ? null : nat.ms.all <= TARGET_ALL_NATIVE_MS),
);
if (wa.error) {
  row('Analyses: all six tools, Wasm (Node)', input, `error: ${wa.error}`, `≤ ${TARGET_ALL_WASM_MS} ms`, null, null, 'FAIL');
} else {
  row(
    'Analyses: all six tools, Wasm (Node)',
    input,
    `${fmt(wa.ms.all)} ms median of ${RUNS} fresh sessions, JSON results included (framework op rows, XLA op table and HLO op rows computed once, as the page does)`,
    `≤ ${TARGET_ALL_WASM_MS} ms`,
    xp ? `XProf sum of tools ${fmt(xp.ms.all / 1e3, 1)} s` : null,
    ratioOf('all', wa.ms.all),
    verdict(SMOKE ? null : wa.ms.all <= TARGET_ALL_WASM_MS),
  );
}
for (const [id, label] of TOOLS) {
  const w = wa.ms ? `, Wasm ${fmt(wa.ms[id])} ms (in the all-six sequence)` : '';
  row(`Analysis: ${label} (XProf ${id})`, input, `native ${fmt(nat.ms[id])} ms${w}`, 'info', anchorOf(id), ratioOf(id, nat.ms[id]), '—');
}
const k = native(['--kernels', String(KERNELS), String(RUNS)]);
row(
  'Kernel stats over synthetic GPU kernels, native',
  `${(KERNELS / 1e6).toLocaleString('en-US')} M launches, 40 kernels, 8 streams (built in memory)`,
  `${fmt(k.ms)} ms median of ${k.runs} (${k.rows} rows)`,
  `≤ ${TARGET_KERNELS_MS} ms for 1 M`,
  null,
  null,
  verdict(SMOKE ? null : k.ms <= TARGET_KERNELS_MS),
);
if (xp) {
  const each = TOOLS.map(([id]) => `${id} [${xp.raw[id].map((s) => fmt(s, 2)).join(', ')}] s`).join('; ');
  notes.push(`XProf 2.24.2 per-tool cold runs (xspace_to_tool_data, fresh copy each, Python import not counted): ${each}. Its kernel_stats on a CPU-only profile answers with an empty table.`);
}
notes.push('Times vary with machine load (2 shared cores); the native rows are medians of in-process runs after one import.');
notes.push('The Wasm rows use the page build in pkg/ (npm run wasm); the 1 M-kernel row is native only (the Wasm import of a 1 M-kernel file would dominate).');
console.log(JSON.stringify({ rows, notes }));
