// Export benchmark: `planeview export --format parquet` (the release CLI) of the 131 MB PyTorch
// trace and of the 51 MB xplane, each alone, median of RUNS. Rows: the export's own time (what
// the CLI reports after the import: every table of docs/SCHEMA.md built and written), against
// the 2 s target, with the import and the whole command beside it; the Parquet bytes of all
// tables against the input's. Prints ONE JSON object on stdout:
//   {"rows": [{what, input, measured, target, anchor, ratio, pass}...], "notes": [...]}
//
//   node bench/export.mjs [--smoke] [--work DIR] [--cli PATH] [--runs N]
//
// Inputs: the unpacked copies bench/run.mjs keeps in bench-work/ (made from the corpus here when
// missing); --smoke: the small corpus xplane and PyTorch CPU trace, one run.
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const flag = (f) => argv.includes(f);
const opt = (f, d) => (argv.includes(f) ? argv[argv.indexOf(f) + 1] : d);
const SMOKE = flag('--smoke');
const WORK = resolve(opt('--work', join(ROOT, 'bench-work')));
const CLI = resolve(opt('--cli', join(ROOT, 'target', 'release', 'planeview')));
const CORPUS = resolve(process.env.PLANEVIEW_CORPUS ?? join(ROOT, '..', 'shared', 'corpus'));
const RUNS = Number(opt('--runs', SMOKE ? '1' : '3'));
const TARGET_S = 2;
const MB = 1e6;
const log = (...a) => console.error('bench/export:', ...a);
const fmt = (x, d = 1) => Number(x).toFixed(d);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** The unpacked input: `name` in WORK, gunzipped from the corpus file `gz` when missing. */
async function unpacked(name, gz) {
  const path = join(WORK, name);
  if (!existsSync(path)) {
    log(`unpacking ${gz} into ${path}`);
    await pipeline(createReadStream(join(CORPUS, gz)), createGunzip(), createWriteStream(path));
  }
  return path;
}

/** Bytes of every file under `dir`. */
function bytesUnder(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) n += e.isDirectory() ? bytesUnder(join(dir, e.name)) : statSync(join(dir, e.name)).size;
  return n;
}

/** One export into a fresh folder: the CLI's own import and export seconds, the whole command's, the Parquet bytes. */
function exportOnce(file) {
  const out = mkdtempSync(join(tmpdir(), 'planeview-export-bench-'));
  try {
    const t0 = performance.now();
    const stdout = execFileSync(CLI, ['export', file, '--format', 'parquet', '--out', out], { encoding: 'utf8', maxBuffer: 16 << 20 });
    const wall = (performance.now() - t0) / 1000;
    const m = /(\d+) rows \(import ([\d.]+) s, export ([\d.]+) s\)/.exec(stdout);
    if (!m) throw new Error(`unexpected output: ${stdout.trim()}`);
    return { rows: Number(m[1]), importS: Number(m[2]), exportS: Number(m[3]), wall, bytes: bytesUnder(out) };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const rows = [];
const notes = [];
if (!existsSync(CLI)) throw new Error(`${CLI} is not built (cargo build --release)`);
const inputs = SMOKE
  ? [join(CORPUS, 'chrome_json', 'torch-cpu__torch_cpu_smallcnn_train.json'), join(CORPUS, 'xplane', 'jax_cpu_mlp_small.xplane.pb')]
  : [
      await unpacked('torch_cpu_transformer_train_dev.pt.trace.json', 'chrome_json/torch_cpu_transformer_train_dev.pt.trace.json.gz'),
      await unpacked('jax_cpu_mlp_xlarge.xplane.pb', 'xplane/jax_cpu_mlp_xlarge.xplane.pb.gz'),
    ];
for (const file of inputs) {
  const size = statSync(file).size;
  const label = `${file.split('/').pop()} (${fmt(size / MB, 0)} MB)`;
  log(`export ${label}, ${RUNS} run(s)`);
  const runs = Array.from({ length: RUNS }, () => exportOnce(file));
  const exportS = median(runs.map((r) => r.exportS));
  const r = runs[0];
  rows.push({
    what: 'Export to Parquet, native (every table of docs/SCHEMA.md)',
    input: label,
    measured: `${fmt(exportS, 2)} s median of [${runs.map((x) => fmt(x.exportS, 2)).join(', ')}] (${fmt(r.rows / exportS / 1e6, 2)} M rows/s, ${r.rows} rows); import ${fmt(median(runs.map((x) => x.importS)), 2)} s before it, whole command ${fmt(median(runs.map((x) => x.wall)), 2)} s`,
    target: `≤ ${TARGET_S} s`,
    anchor: '—',
    ratio: '—',
    pass: exportS <= TARGET_S ? 'pass' : 'FAIL',
  });
  rows.push({
    what: 'Parquet size of the export (all tables, Snappy)',
    input: label,
    measured: `${fmt(r.bytes / MB, 1)} MB = ${fmt((100 * r.bytes) / size, 0)} % of the input`,
    target: 'reported',
    anchor: '—',
    ratio: '—',
    pass: '—',
  });
}
notes.push(`bench/export.mjs: ${CLI.replace(`${ROOT}/`, '')} export --format parquet, one file at a time into a fresh temporary folder; the export time is the CLI's own (after the import), median of ${RUNS}.`);
console.log(JSON.stringify({ rows, notes }));
