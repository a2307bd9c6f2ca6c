// Query tab benchmark: SQL in the page (DuckDB-Wasm) in headless Chromium, with the page's own
// build (dist/). Rows:
//   - "top 10 kernels by total time" (the tab's first example: a GROUP BY over the slices on device
//     streams joined with tracks) over the synthetic 1 M-event Kineto trace, after its tables are
//     registered: from the Run click to the rows on the page (median of RUNS after one untimed run;
//     the in-page time of DuckDB's work alone is in the notes);
//   - the registration of the 131 MB torch trace's tables: from the Query tab's first display (the
//     SQL engine already started) to the table list shown: `exportTables`, then `tableArrow` for
//     each table and DuckDB's insert of its Arrow IPC stream (the view's own measure).
// The SQL engine is started once per page, before either is timed (its start is in the notes).
// Prints one JSON object {"rows":[...],"notes":[...]} on stdout.
//   node bench/query.mjs [--smoke] [--work DIR]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { join, resolve } from 'node:path';
import { launch } from './browser.mjs';
import { startServer } from '../tests/e2e/server.mjs';

const args = process.argv.slice(2);
const SMOKE = args.includes('--smoke');
const ROOT = resolve(import.meta.dirname, '..');
const WORK = resolve(args.includes('--work') ? args[args.indexOf('--work') + 1] : join(ROOT, 'bench-work'));
const CORPUS = process.env.PLANEVIEW_CORPUS ?? join(ROOT, '..', 'shared', 'corpus');
const RUNS = SMOKE ? 2 : 7;
const QUERY_TARGET_MS = 300;

mkdirSync(WORK, { recursive: true });
/** A synthetic trace from bench/gen-synthetic.mjs, made once. */
function synthetic(events, name) {
  const out = join(WORK, name);
  if (!existsSync(out)) {
    const r = spawnSync(process.execPath, [join(ROOT, 'bench', 'gen-synthetic.mjs'), 'kineto', String(events), out], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`gen-synthetic.mjs failed for ${name}`);
  }
  return out;
}
async function gunzipTo(src, dst) {
  if (!existsSync(dst)) await pipeline(createReadStream(src), createGunzip(), createWriteStream(dst));
  return dst;
}

const queryInput = SMOKE ? synthetic(3000, 'smoke_kineto.json') : synthetic(1_000_000, 'synthetic_kineto_1m.json');
const torchGz = join(CORPUS, 'chrome_json', 'torch_cpu_transformer_train_dev.pt.trace.json.gz');
const registerInput = SMOKE ? queryInput : await gunzipTo(torchGz, join(WORK, 'torch_cpu_transformer_train_dev.pt.trace.json'));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const fmtMs = (ms) => `${ms.toFixed(0)} ms`;
const notes = [];

const server = await startServer({ prefixes: ['/'] });
const browser = await launch();

/** Opens `file` in a fresh page, starts the SQL engine on the Query tab; returns the page and the times. */
async function openAndRegister(file) {
  const page = await browser.context.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => document.body.dataset.state === 'idle', null, { timeout: 60000 });
  await page.setInputFiles('input[type=file]', file);
  await page.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 600000 });
  const t0 = Date.now();
  await page.click('[data-testid="tab-query"]');
  await page.waitForFunction(() => ['ready', 'unavailable'].includes(document.getElementById('panel-query')?.dataset.state ?? ''), null, { timeout: 600000 });
  const wall = Date.now() - t0;
  const panel = await page.evaluate(() => ({ ...document.getElementById('panel-query').dataset, status: document.querySelector('[data-testid="query-status"]')?.textContent ?? '' }));
  if (panel.state !== 'ready') throw new Error(`the Query tab did not start: ${await page.textContent('[data-testid="query-error"]')}`);
  const error = (await page.textContent('[data-testid="query-error"]')) ?? '';
  if (error) throw new Error(`registration: ${error}`);
  return { page, registerMs: Number(panel.registerMs), wallMs: wall, status: panel.status };
}

/** Runs the example titled `title` once: wall time from the click to the rows drawn, and DuckDB's own. */
async function runExample(page, title) {
  await page.selectOption('[data-testid="query-examples"]', { label: title });
  return page.evaluate(
    () =>
      new Promise((done, fail) => {
        const panel = document.getElementById('panel-query');
        delete panel.dataset.queryMs;
        const t0 = performance.now();
        document.querySelector('[data-testid="query-run"]').click();
        const poll = () => {
          const err = document.querySelector('[data-testid="query-error"]')?.textContent ?? '';
          if (err) return fail(new Error(err));
          if (panel.dataset.queryMs === undefined) return requestAnimationFrame(poll);
          done({ wall: performance.now() - t0, duckdb: Number(panel.dataset.queryMs), rows: document.querySelectorAll('[data-testid="query-row"]').length });
        };
        poll();
      }),
  );
}

const rows = [];
try {
  // The query over ~1 M slices.
  const q = await openAndRegister(queryInput);
  const slices = await q.page.evaluate(() => document.querySelector('[data-table="slices"] summary')?.textContent ?? '');
  notes.push(`Query tab first opening on ${queryInput.split('/').pop()} (SQL engine start + registration): ${fmtMs(q.wallMs)}; ${q.status}; slices: ${slices}.`);
  await runExample(q.page, 'Top 10 kernels by total time');
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await runExample(q.page, 'Top 10 kernels by total time'));
  const wall = median(runs.map((r) => r.wall));
  notes.push(
    `Top 10 kernels: DuckDB's part (run + count + first page, in the page) median ${fmtMs(median(runs.map((r) => r.duckdb)))}; ${runs[0].rows} rows; runs ${runs.map((r) => r.wall.toFixed(0)).join(', ')} ms.`,
  );
  rows.push({
    what: 'Query tab: top 10 kernels by total time (click → rows)',
    input: `${queryInput.split('/').pop()} (${slices.replace(/^slices\s*/, '')})`,
    measured: fmtMs(wall),
    target: `≤ ${QUERY_TARGET_MS} ms`,
    anchor: '—',
    ratio: '—',
    pass: SMOKE ? '—' : wall <= QUERY_TARGET_MS ? 'pass' : 'FAIL',
  });
  await q.page.close();

  // Registration of the 131 MB torch trace's tables (the engine is started by this page's first opening too:
  // the registration alone is the view's own measure, from exportTables to the table list).
  const r = await openAndRegister(registerInput);
  notes.push(`Registration of ${registerInput.split('/').pop()}: ${r.status}; the tab's first opening took ${fmtMs(r.wallMs)} with the SQL engine's start.`);
  rows.push({
    what: 'Query tab: register the tables (exportTables + tableArrow + DuckDB insert)',
    input: registerInput.split('/').pop(),
    measured: fmtMs(r.registerMs),
    target: 'reported',
    anchor: '—',
    ratio: '—',
    pass: '—',
  });
  await r.page.close();
} finally {
  await browser.close();
  await server.close();
}
console.log(JSON.stringify({ rows, notes }));
