// End-to-end tests of the Memory tab on corpus files. A PyTorch CPU trace with Kineto `[memory]`
// instants: the allocator's summary (its peak checked against the file's own `Total Allocated`,
// read here from the JSON), the chart of live and reserved bytes linked both ways with the
// timeline's range (drawn for the range the timeline shows, a drag across it zooms the timeline,
// a zoom on the timeline draws it again), a click on the chart lists the allocations live then,
// and a row of the peak table selects its op on the timeline. A JAX xplane whose host metadata
// holds HLO modules with a buffer assignment: the modules XProf's memory viewer names (its oracle
// outputs) are offered, the largest one's peak heap is XProf's, and its buffers are listed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { dropFile, missingPrerequisite, openPage, setup, showAnalysisTab, skipOrFail, waitForState, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

const CORPUS = process.env.PLANEVIEW_CORPUS ?? join(process.cwd(), '..', 'shared', 'corpus');
const TORCH = join(CORPUS, 'chrome_json', 'torch-cpu__torch_cpu_smallcnn_train.json');
const XPLANE = join(CORPUS, 'xplane', 'jax_cpu_mlp_small.xplane.pb');
const ORACLE = join(CORPUS, 'oracle', 'jax_cpu_mlp_small');
const missing = [TORCH, XPLANE, ORACLE].find((p) => !existsSync(p));
const noCorpus = missing ? skipOrFail(`the corpus file ${missing} is missing (set PLANEVIEW_CORPUS)`) : null;
if (noCorpus) console.log(`# skipping the memory tests: ${noCorpus}`);

/** The peak of `Total Allocated` over the file's `[memory]` instants, per `Device Type`/`Device Id`. */
function kinetoPeaks(path) {
  const peaks = new Map();
  for (const e of JSON.parse(readFileSync(path, 'utf8')).traceEvents) {
    if (e.name !== '[memory]' || typeof e.args?.['Total Allocated'] !== 'number') continue;
    const key = `${e.args['Device Type']}:${e.args['Device Id']}`;
    peaks.set(key, Math.max(peaks.get(key) ?? 0, e.args['Total Allocated']));
  }
  return peaks;
}

/** XProf's memory viewer per module of the oracle: module name → peak heap in bytes. */
function oracleModules(dir) {
  const out = new Map();
  for (const f of readdirSync(dir)) {
    const m = /^memory_viewer\.(.+)\.json$/.exec(f);
    if (!m || m[1].endsWith('.xprof-rs')) continue;
    const doc = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    out.set(m[1], Math.round(doc.peakHeapMib * 1024 * 1024));
  }
  return out;
}

/** The cells of table `name`'s body rows as text, keyed by column id, in display order. */
async function rows(page, name) {
  return page.$$eval(`[data-testid="table-${name}"] tbody tr`, (trs) => {
    const ths = Array.from(trs[0]?.closest('table')?.querySelectorAll('th') ?? []);
    return trs.map((r) => Object.fromEntries(Array.from(r.cells).map((c, i) => [ths[i]?.dataset.col ?? String(i), c.textContent ?? ''])));
  });
}

/** The range the memory chart is drawn for, ps. */
async function chartRange(page) {
  return page.$eval('[data-testid="memory-chart"]', (b) => ({ t0: Number(b.dataset.t0), t1: Number(b.dataset.t1) }));
}

/** Opens `file` and shows the Memory tab, computed. */
async function openMemory(page, env, file) {
  await openPage(page, env);
  await dropFile(page, file);
  await waitForState(page, 'ready', 60000);
  await showAnalysisTab(page, 'memory');
}

describe('memory tab', { skip: skip ?? noCorpus ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('a Kineto trace: summary, chart linked with the timeline, live allocations, a row selects its op', async () => {
    await withPage(env, 'memory-kineto', async (page) => {
      await openMemory(page, env, TORCH);
      const peaks = kinetoPeaks(TORCH);
      const options = await page.$$eval('[data-testid="memory-allocator"] option', (os) => os.map((o) => o.textContent ?? ''));
      assert.equal(options.length, peaks.size, `one allocator per device: ${options.join(' | ')}`);
      // The peak is the file's own running total at its highest.
      const peak = Number(await page.$eval('[data-testid="memory-summary"]', (d) => d.dataset.peakBytes));
      assert.equal(peak, [...peaks.values()][0], 'peak bytes = the highest Total Allocated of the file');
      const summary = (await page.textContent('[data-testid="memory-summary"]')) ?? '';
      for (const fact of ['Peak', 'Reserved at the peak', 'Allocations', 'Frees', 'Never freed']) assert.ok(summary.includes(fact), `${fact} in ${summary}`);
      assert.match((await page.textContent('[data-testid="buffers-message"]')) ?? '', /No HLO module of this profile has a buffer assignment/);

      // The chart is drawn for the timeline's range (the whole profile after the load).
      await page.waitForSelector('[data-testid="memory-chart"] svg');
      const whole = await chartRange(page);
      assert.ok(whole.t1 > whole.t0, `chart range ${JSON.stringify(whole)}`);

      // The peak table: largest first, the line above it says it is the peak.
      await page.waitForFunction(() => /^At the peak/.test(document.querySelector('[data-testid="memory-at"]')?.textContent ?? ''));
      const peakRows = await rows(page, 'memory-live');
      assert.ok(peakRows.length > 0, 'allocations live at the peak');
      const peakTime = await page.$eval('[data-testid="memory-at"]', (p) => Number(p.dataset.timePs));
      assert.equal(await page.isVisible('[data-testid="memory-chart-cursor"]'), true, 'the shown time is marked on the chart');

      // A click on the chart lists the allocations live at that time.
      const box = await page.$eval('[data-testid="memory-chart"] svg', (s) => {
        const r = s.getBoundingClientRect();
        return { x: r.left, y: r.top, w: r.width, h: r.height };
      });
      await page.mouse.click(box.x + box.w * 0.2, box.y + box.h * 0.5);
      await page.waitForFunction((t) => {
        const p = document.querySelector('[data-testid="memory-at"]');
        return /^At the picked time/.test(p?.textContent ?? '') && Number(p?.dataset.timePs) !== t;
      }, peakTime);

      // A drag across the chart zooms the timeline to that span, and the chart follows.
      const rangeBefore = ((await page.textContent('[data-testid="timeline-range"]')) ?? '').trim();
      await page.mouse.move(box.x + box.w * 0.3, box.y + box.h * 0.5);
      await page.mouse.down();
      await page.mouse.move(box.x + box.w * 0.45, box.y + box.h * 0.5, { steps: 4 });
      await page.mouse.move(box.x + box.w * 0.6, box.y + box.h * 0.5, { steps: 4 });
      await page.mouse.up();
      await page.waitForFunction((w) => Number(document.querySelector('[data-testid="memory-chart"]')?.dataset.t1) - Number(document.querySelector('[data-testid="memory-chart"]')?.dataset.t0) < (w.t1 - w.t0) * 0.5, whole);
      const zoomed = await chartRange(page);
      const share = (zoomed.t1 - zoomed.t0) / (whole.t1 - whole.t0);
      assert.ok(share > 0.15 && share < 0.45, `the dragged 30 % of the chart: ${share}`);
      assert.ok(zoomed.t0 > whole.t0, 'the span starts inside the old range');
      await page.click('[data-testid="tab-timeline"]');
      await page.waitForFunction((b) => (document.querySelector('[data-testid="timeline-range"]')?.textContent ?? '').trim() !== b, rangeBefore);

      // The other way: the timeline fits the whole profile again; the chart follows.
      await page.click('[data-testid="zoom-fit"]');
      await page.click('[data-testid="tab-memory"]');
      await page.waitForFunction((w) => Number(document.querySelector('[data-testid="memory-chart"]')?.dataset.t0) === w.t0 && Number(document.querySelector('[data-testid="memory-chart"]')?.dataset.t1) === w.t1, whole);

      // Back at the peak; a row whose op is known selects that op on the timeline.
      await page.click('[data-testid="memory-at-peak"]');
      await page.waitForFunction(() => /^At the peak/.test(document.querySelector('[data-testid="memory-at"]')?.textContent ?? ''));
      const live = await rows(page, 'memory-live');
      const sizes = live.map((r) => r.bytes);
      assert.ok(sizes.length > 0);
      const at = live.findIndex((r) => r.op && r.op !== '(unknown)');
      assert.ok(at >= 0, `a live allocation with its op: ${JSON.stringify(live.slice(0, 5))}`);
      const op = live[at].op;
      await page.click(`[data-testid="table-memory-live"] tbody tr:nth-child(${at + 1}) td`);
      await page.waitForFunction(() => document.getElementById('tab-timeline')?.getAttribute('aria-selected') === 'true');
      await page.waitForFunction((op) => (document.querySelector('[data-testid="details"]')?.textContent ?? '').includes(op), op, { timeout: 30000 });
      await page.waitForFunction(() => /[#&]sel=s:\d+/.test(location.hash));

      // CSV export of the table.
      await page.click('[data-testid="tab-memory"]');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="csv-memory-live"]')]);
      assert.equal(download.suggestedFilename(), 'memory-live.csv');

      // A new load starts the tab clean: nothing of the trace's allocator is left.
      await dropFile(page, XPLANE);
      await page.waitForFunction(() => document.body.dataset.state === 'ready' && (document.querySelector('#status')?.textContent ?? '').startsWith('jax_cpu_mlp_small'), null, { timeout: 60000 });
      await page.waitForFunction(() => document.getElementById('panel-memory')?.dataset.ready === 'true', null, { timeout: 60000 });
      assert.match((await page.textContent('[data-testid="memory-message"]')) ?? '', /This profile has no memory events/);
      assert.equal(await page.$('[data-testid="memory-allocator"]'), null, 'no allocator picker');
      assert.equal((await rows(page, 'memory-live')).length, 0, 'no allocation rows');
      assert.equal(await page.isVisible('[data-testid="memory-chart"]'), false, 'no chart');
    });
  });

  test('an xplane with HLO modules: the modules XProf names, the peak heap, the buffers at the peak', async () => {
    await withPage(env, 'memory-xplane', async (page) => {
      await openMemory(page, env, XPLANE);
      const expected = oracleModules(ORACLE);
      assert.ok(expected.size > 0, 'the oracle names modules');
      // This CPU profile has no allocator events: the runtime part says so.
      assert.match((await page.textContent('[data-testid="memory-message"]')) ?? '', /This profile has no memory events/);
      const offered = await page.$$eval('[data-testid="memory-module"] option', (os) => os.map((o) => o.value));
      assert.deepEqual([...offered].sort(), [...expected.keys()].sort(), 'the modules of XProf’s memory viewer');
      // The largest peak first, its heap XProf's (MiB there, bytes here).
      const first = offered[0];
      const largest = Math.max(...expected.values());
      assert.equal(expected.get(first), largest, `${first} has the largest peak`);
      await page.waitForSelector('[data-testid="buffer-chart"] svg');
      const summary = (await page.textContent('[data-testid="buffers-summary"]')) ?? '';
      assert.match(summary, /Peak heap/);
      assert.match(summary, /in program order/);
      const buffers = await rows(page, 'memory-buffers');
      assert.ok(buffers.length > 0, 'buffers live at the peak');
      for (const b of buffers) assert.ok(b.instruction && b.kind, `a buffer with its instruction and kind: ${JSON.stringify(b)}`);
      const peakBytes = Number(await page.$eval('[data-testid="buffers-summary"]', (d) => d.dataset.peakHeapBytes));
      assert.equal(peakBytes, largest, 'peak heap bytes = XProf’s peakHeapMib');
      // Another module: its own chart and table.
      const other = offered.find((m) => m !== first);
      if (other) {
        await page.selectOption('[data-testid="memory-module"]', other);
        await page.waitForFunction((m) => document.querySelector('[data-testid="buffers-summary"]')?.dataset.module === m, other);
        assert.equal(Number(await page.$eval('[data-testid="buffers-summary"]', (d) => d.dataset.peakHeapBytes)), expected.get(other));
      }
    });
  });
});
