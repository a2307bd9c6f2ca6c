// The Query tab: SQL over the profile's tables in DuckDB-Wasm. The page's first load fetches
// nothing of DuckDB; the first opening of the tab fetches it and the service worker keeps it; then,
// with the network cut and the server gone, a corpus profile dropped on the page is queried: the
// tables are listed, an example runs, a bad statement shows DuckDB's message and a good one then
// works, a big result is paged, the result downloads as Parquet, and a row with a slice id selects
// that slice on the timeline. A browser that never fetched DuckDB says so plainly when offline.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { readParquet } from 'parquet-wasm';
import { dataFile, dropFile, dropFiles, fileFromDisk, missingPrerequisite, openPage, openServiceWorkerPage, setup, skipOrFail, waitForState, withPage } from './helpers.mjs';

const CORPUS = process.env.PLANEVIEW_CORPUS ?? join(process.cwd(), '..', 'shared', 'corpus');
const KINETO = join(CORPUS, 'chrome_json', 'kineto__resnet50_nw0_worker0.1623143089861.pt.trace.json.gz');
const SMALL = dataFile('xplane/jax_cpu_mlp_small.xplane.pb');
const CUDA_SYNC = dataFile('chrome_json/hta__critical_path_cuda_event_sync_event_sync_trace.json.gz');
const noBrowser = missingPrerequisite();
const skip = noBrowser ?? (existsSync(KINETO) ? null : skipOrFail(`the corpus trace ${KINETO} is missing (set PLANEVIEW_CORPUS)`));

/** Whether a request is for the SQL engine's files. */
const isSql = (url) => new URL(url).pathname.includes('/duckdb/');

/** Failed requests a cut network causes by design (the service worker still tries the network). */
function dropOfflineFailures(problems) {
  for (let i = problems.length - 1; i >= 0; i--) {
    if (/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|ERR_FAILED/.test(problems[i])) problems.splice(i, 1);
  }
}

async function openQueryTab(page, state = 'ready') {
  await page.click('[data-testid="tab-query"]');
  await page.waitForFunction((s) => document.getElementById('panel-query')?.dataset.state === s, state, { timeout: 90000 });
}

/** Types `sql` into the editor and runs it with Ctrl+Enter; waits for the status line to change. */
async function runSql(page, sql) {
  await page.fill('[data-testid="query-editor"]', sql);
  await page.evaluate(() => {
    delete document.getElementById('panel-query').dataset.queryMs;
    document.querySelector('[data-testid="query-error"]').textContent = '';
  });
  await page.focus('[data-testid="query-editor"]');
  await page.keyboard.press('Control+Enter');
  await page.waitForFunction(
    () => document.getElementById('panel-query')?.dataset.queryMs !== undefined || (document.querySelector('[data-testid="query-error"]')?.textContent ?? '') !== '',
    null,
    { timeout: 30000 },
  );
}

/** Runs `sql` and returns the first row's cells as shown. */
async function runAndRead(page, sql) {
  await runSql(page, sql);
  return page.$$eval('[data-testid="query-row"]:first-child td', (tds) => tds.map((t) => t.textContent));
}

const errorText = (page) => page.textContent('[data-testid="query-error"]');
const rowCount = (page) => page.locator('[data-testid="query-row"]').count();

describe('the Query tab', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup({ serviceWorkers: 'allow' });
  });
  after(async () => {
    await env?.context.setOffline(false).catch(() => undefined);
    await env?.close();
  });

  test('first visit, then offline: SQL over a corpus profile, a row shown on the timeline', async () => {
    await withPage(env, 'query-offline', async (page, problems) => {
      // Every request of the context: the page's, its workers' and the service worker's.
      const requests = [];
      env.context.on('request', (r) => requests.push(r.url()));
      const base = await openServiceWorkerPage(page, env);
      await dropFile(page, SMALL);
      await waitForState(page, 'ready');
      assert.deepEqual(requests.filter(isSql), [], 'the first load and a profile fetch nothing of DuckDB');

      // The first opening of the tab fetches the SQL engine; the service worker keeps its files.
      await openQueryTab(page);
      assert.ok(requests.some((u) => u.endsWith('/duckdb/duckdb-eh.wasm')), 'the tab fetched DuckDB');
      assert.ok(requests.filter(isSql).every((u) => u.startsWith(base)), 'same origin, under the page');
      await runSql(page, 'SELECT 6 * 7 AS answer');
      assert.equal(await page.textContent('[data-testid="query-row"] td'), '42');
      // Kept by the service worker (parquet-wasm's module is fetched in the background meanwhile).
      const cachedSql = () =>
        page.evaluate(async () => {
          const key = (await caches.keys()).find((k) => k.startsWith('planeview-sql-'));
          return key ? (await (await caches.open(key)).keys()).map((r) => new URL(r.url).pathname).sort() : [];
        });
      for (let i = 0; i < 100 && (await cachedSql()).length < 4; i++) await page.waitForTimeout(100);
      assert.deepEqual(await cachedSql(), ['/planeview/duckdb/client.js', '/planeview/duckdb/duckdb-browser-eh.worker.js', '/planeview/duckdb/duckdb-eh.wasm', '/planeview/duckdb/parquet_wasm_bg.wasm']);

      // Cut everything: the browser's network and the server itself.
      await env.context.setOffline(true);
      await env.stopServer();
      await page.reload();
      await waitForState(page, 'idle');
      await dropFile(page, KINETO);
      await waitForState(page, 'ready', 60000);
      await openQueryTab(page);

      // The tables with their columns, every one registered.
      assert.equal(await errorText(page), '');
      const tables = await page.$$eval('[data-testid="query-table"]', (els) => els.map((e) => e.dataset.table));
      for (const t of ['profiles', 'processes', 'tracks', 'slices', 'args', 'kernels', 'steps']) assert.ok(tables.includes(t), `table ${t} is registered: ${tables}`);
      const sliceColumns = await page.$$eval('[data-testid="query-table"][data-table="slices"] li', (els) => els.map((e) => e.firstChild?.textContent));
      for (const c of ['profile', 'slice_id', 'track_id', 'name', 'dur_ps']) assert.ok(sliceColumns.includes(c), `slices has ${c}: ${sliceColumns}`);

      // An example: the top 10 kernels by total time.
      await page.selectOption('[data-testid="query-examples"]', { label: 'Top 10 kernels by total time' });
      await page.click('[data-testid="query-run"]');
      await page.waitForFunction(() => document.getElementById('panel-query')?.dataset.queryMs !== undefined && document.querySelectorAll('[data-testid="query-row"]').length > 0);
      assert.equal(await rowCount(page), 10);
      assert.match(await page.textContent('[data-testid="query-count"]'), /^Rows 1–10 of 10$/);

      // A bad statement: DuckDB's message under the editor; the tab stays usable.
      await runSql(page, 'SELEC name FROM slices');
      assert.match(await errorText(page), /Parser Error/);
      await runSql(page, 'SELECT nope FROM slices');
      assert.match(await errorText(page), /Binder Error.*nope/s);
      // The profile column is the file's name as `planeview export` gives it; slices counts what summary does.
      await runSql(page, 'SELECT profile, count(*) AS n FROM slices GROUP BY profile');
      assert.equal(await errorText(page), '');
      const counted = await page.$$eval('[data-testid="query-row"] td', (tds) => tds.map((t) => t.textContent));
      assert.equal(counted[0], 'kineto__resnet50_nw0_worker0.1623143089861');
      const profiles = await runAndRead(page, 'SELECT slices FROM profiles');
      assert.equal(counted[1], profiles[0]);

      // A big result is paged: counted whole, 2,000 rows fetched, the next page on demand.
      await runSql(page, 'SELECT range AS i FROM range(250000)');
      assert.match(await page.textContent('[data-testid="query-count"]'), /^Rows 1–2,000 of 250,000/);
      assert.equal(await rowCount(page), 500, 'the table draws 500 rows at first');
      await page.click('[data-testid="query-next"]');
      await page.waitForFunction(() => /^Rows 2,001–4,000 of 250,000/.test(document.querySelector('[data-testid="query-count"]')?.textContent ?? ''));
      assert.equal(await page.textContent('[data-testid="query-row"] td'), '2,000');

      // Download as Parquet: DuckDB writes the whole result.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="query-parquet"]')]);
      const bytes = await streamBytes(await download.createReadStream());
      assert.equal(bytes.subarray(0, 4).toString('latin1'), 'PAR1');
      assert.equal(bytes.subarray(-4).toString('latin1'), 'PAR1');
      // Read back (parquet-wasm in Node, then Arrow JS): the whole result, not the page shown.
      const back = tableFromIPC(readParquet(new Uint8Array(bytes)).intoIPCStream());
      assert.equal(back.numRows, 250000);
      assert.equal(Number(back.getChild('i').get(249999)), 249999);

      // A row with a slice id: picking it selects that slice on the timeline.
      await runSql(page, "SELECT slice_id, name, dur_ps FROM slices WHERE name LIKE 'aten::%' ORDER BY dur_ps DESC LIMIT 5");
      const first = await page.$$eval('[data-testid="query-row"]:first-child td', (tds) => tds.map((t) => t.textContent));
      const id = Number(first[0].replace(/,/g, ''));
      await page.click('[data-testid="query-row"]:first-child');
      await page.waitForFunction(() => document.getElementById('tab-timeline')?.getAttribute('aria-selected') === 'true');
      await page.waitForFunction((n) => (document.querySelector('[data-testid="details"]')?.textContent ?? '').includes(n), first[1]);
      await page.waitForFunction((sel) => location.hash.includes(sel), `sel=s:${id}`, { timeout: 5000 });

      // A new load replaces the tables (and what a statement made): only the new profile's are left.
      await page.click('[data-testid="tab-query"]');
      await runSql(page, 'CREATE VIEW mine AS SELECT 1 AS x');
      assert.equal(await page.locator('[data-testid="query-table"][data-table="mine"]').count(), 1, 'the new view is listed');
      await dropFile(page, SMALL);
      await waitForState(page, 'ready');
      await openQueryTab(page);
      assert.deepEqual(await runAndRead(page, 'SELECT string_agg(DISTINCT profile) FROM slices'), ['jax_cpu_mlp_small']);
      assert.equal(await page.locator('[data-testid="query-table"][data-table="mine"]').count(), 0);

      dropOfflineFailures(problems);
    });
  });
});

describe('the Query tab offline before DuckDB was ever fetched', { skip: noBrowser ?? false }, () => {
  let env;
  before(async () => {
    env = await setup({ serviceWorkers: 'allow' });
  });
  after(async () => {
    await env?.context.setOffline(false).catch(() => undefined);
    await env?.close();
  });

  test('says plainly that the SQL engine cannot load', async () => {
    await withPage(env, 'query-never-cached', async (page, problems) => {
      await openServiceWorkerPage(page, env);
      await env.context.setOffline(true);
      await dropFile(page, SMALL);
      await waitForState(page, 'ready');
      await openQueryTab(page, 'unavailable');
      assert.match(await errorText(page), /^The SQL engine \(DuckDB-Wasm\) could not be loaded: the page is offline and the engine was never downloaded here before/);
      assert.ok(await page.isDisabled('[data-testid="query-run"]'));
      dropOfflineFailures(problems);
    });
  });
});

describe('the Query tab with several files', { skip: noBrowser ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test("every file's tables, told apart by profile; a row of the second file selects its slice", async () => {
    await withPage(env, 'query-session', async (page) => {
      await openPage(page, env);
      await dropFiles(page, [SMALL, CUDA_SYNC].map(fileFromDisk));
      await waitForState(page, 'ready', 60000);
      await openQueryTab(page);
      await runSql(page, 'SELECT profile, count(*) AS n FROM slices GROUP BY profile ORDER BY profile');
      const profiles = await page.$$eval('[data-testid="query-row"] td:first-child', (tds) => tds.map((t) => t.textContent));
      assert.deepEqual(profiles, ['hta__critical_path_cuda_event_sync_event_sync_trace', 'jax_cpu_mlp_small']);
      const [, name] = await runAndRead(
        page,
        "SELECT profile, name, slice_id FROM slices WHERE profile = 'hta__critical_path_cuda_event_sync_event_sync_trace' ORDER BY dur_ps DESC LIMIT 1",
      );
      await page.click('[data-testid="query-row"]:first-child');
      await page.waitForFunction(() => document.getElementById('tab-timeline')?.getAttribute('aria-selected') === 'true');
      await page.waitForFunction((n) => (document.querySelector('[data-testid="details"]')?.textContent ?? '').includes(n), name);
    });
  });
});

async function streamBytes(stream) {
  const chunks = [];
  for await (const c of stream) chunks.push(c);
  return Buffer.concat(chunks);
}
