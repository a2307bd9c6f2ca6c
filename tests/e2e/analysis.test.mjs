// End-to-end tests of the analysis tabs: the kernels table of the GPU profile (sort,
// a row's values, picking a row highlights exactly its launches and jumps to the longest, CSV
// export, the row's telemetry action), the op profile
// and HLO ops of the TPU profile, the overview's steps (a click on a step bar zooms the timeline to
// it), and the roofline with typed-in peaks.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dataFile, missingPrerequisite, openProfile as open, setup, showAnalysisTab as showTab, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

const GPU = dataFile('xplane/tf_gpu_multi_worker.xplane.pb.gz');
const TPU = dataFile('xplane/tpu_inference_2.xplane.pb');
const CPU = dataFile('xplane/jax_cpu_mlp_small.xplane.pb');

/** The cells of the table's body rows as text, in display order. */
async function tableCells(page, name) {
  return page.$$eval(`[data-testid="table-${name}"] tbody tr`, (rows) => rows.map((r) => Array.from(r.cells).map((c) => c.textContent ?? '')));
}

async function columnIndex(page, name, id) {
  return page.$$eval(`[data-testid="table-${name}"] th`, (ths, id) => ths.findIndex((t) => t.dataset.col === id), id);
}

describe('analysis tabs', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('kernels: XProf rows, sorting, picking a row jumps to the kernel', async () => {
    await withPage(env, 'analysis-kernels', async (page) => {
      await open(page, env, GPU);
      await showTab(page, 'kernels');
      let rows = await tableCells(page, 'kernels');
      assert.equal(rows.length, 15, 'one row per distinct kernel, as XProf');
      const total = await columnIndex(page, 'kernels', 'total_duration_us');
      const occ = await columnIndex(page, 'kernels', 'occurrences');
      // XProf's first row: 194 launches, 7908.309 µs in total (shown as 7.91 ms).
      assert.equal(rows[0][occ], '194');
      assert.equal(rows[0][total], '7.91 ms');
      // Sort by occurrences, most first: the Eigen kernel launched 292 times comes first.
      await page.click(`[data-testid="table-kernels"] th[data-col="occurrences"]`);
      rows = await tableCells(page, 'kernels');
      assert.equal(rows[0][occ], '292');
      assert.equal(rows[0][total], '6.37 ms');
      // Ascending on a second click.
      await page.click(`[data-testid="table-kernels"] th[data-col="occurrences"]`);
      rows = await tableCells(page, 'kernels');
      assert.ok(Number(rows[0][occ].replace(/,/g, '')) <= Number(rows.at(-1)[occ].replace(/,/g, '')));
      // The histogram of the first kernel is drawn.
      await page.waitForSelector('#panel-kernels svg.an-chart');
      // Filter.
      await page.fill('[data-testid="filter-kernels"]', 'FillPhilox');
      rows = await tableCells(page, 'kernels');
      assert.equal(rows.length, 1);
      // Picking the row: the timeline tab opens with that kernel selected, and exactly its 194
      // launches are highlighted (not every slice whose name contains the kernel's name).
      await page.click('[data-testid="table-kernels"] tbody tr td');
      await page.waitForFunction(() => document.getElementById('tab-timeline')?.getAttribute('aria-selected') === 'true');
      await page.waitForFunction(() => /FillPhiloxRandomKernelLaunch/.test(document.querySelector('[data-testid="details"]')?.textContent ?? ''), null, { timeout: 30000 });
      await page.waitForFunction(() => document.querySelector('[data-testid="timeline"]')?.dataset.highlighted === '194');
      // Back on the kernels tab, the selected slice's row is marked.
      await page.click('[data-testid="tab-kernels"]');
      await page.waitForSelector('[data-testid="table-kernels"] tr.marked');
      // CSV export offers a file.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="csv-kernels"]')]);
      assert.equal(download.suggestedFilename(), 'kernels.csv');
      // The row's telemetry action opens the counters tab on that kernel.
      await page.click('[data-testid="table-kernels"] tbody tr [data-testid="kernel-telemetry-action"]');
      await page.waitForFunction(() => document.getElementById('tab-counters')?.getAttribute('aria-selected') === 'true');
      await page.waitForFunction(() => /FillPhiloxRandomKernelLaunch/.test(document.querySelector('[data-testid="telemetry-title"]')?.textContent ?? ''), null, { timeout: 30000 });
      // A name search replaces the exact highlight.
      await page.click('[data-testid="tab-timeline"]');
      await page.fill('[data-testid="search"]', 'FillPhilox');
      await page.waitForFunction(() => document.querySelector('[data-testid="timeline"]')?.dataset.highlighted === '0');
    });
  });

  test('op profile and HLO ops of the TPU profile', async () => {
    await withPage(env, 'analysis-op-profile', async (page) => {
      await open(page, env, TPU);
      await showTab(page, 'op-profile');
      const tree = await page.textContent('[data-testid="op-profile-tree"]');
      assert.match(tree, /jit_f\(12190760917235803885\)/);
      assert.match(tree, /copy-done/);
      assert.match(tree, /IDLE/);
      await page.waitForSelector('#panel-op-profile svg.an-chart');
      await page.selectOption('[data-testid="op-profile-group-by"]', 'category');
      await page.waitForFunction(() => /loop fusion/.test(document.querySelector('[data-testid="op-profile-tree"]')?.textContent ?? '') && !/jit_f\(/.test(document.querySelector('[data-testid="op-profile-tree"] > details > summary')?.textContent ?? ''));
      await showTab(page, 'hlo-stats');
      const rows = await tableCells(page, 'hlo-stats');
      assert.equal(rows.length, 17, 'XProf lists 17 HLO ops');
      const name = await columnIndex(page, 'hlo-stats', 'hlo_op_name');
      assert.equal(rows[0][name], 'copy-done.4');
      await showTab(page, 'roofline');
      assert.equal(await page.inputValue('[data-testid="peak-gflops"]'), '918000');
      await page.waitForSelector('#panel-roofline svg.an-chart');
    });
  });

  for (const [width, height] of [
    [1000, 700],
    [1920, 1080],
  ]) {
    test(`roofline at ${width}×${height}: the table below the chart, not over it; efficiencies a percent or —`, async () => {
      await withPage(env, `analysis-roofline-${width}`, async (page) => {
        await page.setViewportSize({ width, height });
        await open(page, env, TPU);
        await showTab(page, 'roofline');
        const chart = await page.locator('#panel-roofline svg.an-chart').boundingBox();
        const table = await page.locator('[data-testid="table-roofline"]').boundingBox();
        assert.ok(chart && table && chart.height > 100, `chart ${JSON.stringify(chart)}, table ${JSON.stringify(table)}`);
        const apart = table.y >= chart.y + chart.height || table.y + table.height <= chart.y || table.x >= chart.x + chart.width || table.x + table.width <= chart.x;
        assert.ok(apart, `the table ${JSON.stringify(table)} overlaps the chart ${JSON.stringify(chart)}`);
        // Both in view: the chart whole, the table's header and first row under it.
        assert.ok(chart.y + chart.height <= height, 'the chart fits in the window');
        const firstRow = await page.locator('[data-testid="table-roofline"] tbody tr').first().boundingBox();
        assert.ok(firstRow.y + firstRow.height <= height, `the first row is in view at ${height} px: ${JSON.stringify(firstRow)}`);
        // An op without FLOPs has no efficiency: a dash, never "NaN%", "Infinity%" or nothing.
        const col = await columnIndex(page, 'roofline', 'roofline_efficiency');
        const cells = (await tableCells(page, 'roofline')).map((r) => r[col]);
        assert.equal(cells.length, 17);
        for (const c of cells) assert.match(c, /^(—|[\d,]+\.\d\d%)$/);
      });
    });
  }

  test('overview steps of a CPU profile; the roofline takes typed peaks', async () => {
    await withPage(env, 'analysis-overview', async (page) => {
      await open(page, env, CPU);
      await showTab(page, 'overview');
      const facts = await page.textContent('[data-testid="overview-facts"]');
      assert.match(facts, /Steps5: average 5\.032 ms/);
      await page.waitForSelector('#panel-overview svg.an-chart');
      // A step bar shows its value on hover and zooms the timeline to its step when clicked.
      const bar = page.locator('#panel-overview svg.an-chart rect[data-zoom="true"]').first();
      assert.match((await bar.locator('title').textContent()) ?? '', /Click to show it in the timeline/);
      const box = await bar.boundingBox();
      assert.ok(box, 'the step bar has a box');
      const fullView = (await page.textContent('[data-testid="timeline-range"]')) ?? '';
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForFunction(() => document.querySelector('[data-testid="tab-timeline"]')?.getAttribute('aria-selected') === 'true');
      // The range text follows the new view with the next frame: wait until it leaves the full view.
      await page
        .waitForFunction((b) => (document.querySelector('[data-testid="timeline-range"]')?.textContent ?? '') !== b, fullView, { timeout: 10000 })
        .catch(() => {});
      const text = (await page.textContent('[data-testid="timeline-range"]'))?.trim() ?? '';
      const m = /·\s*([\d.,]+)\s*(µs|ms|s)\b/.exec(text);
      assert.ok(m, `a span in the range text "${text}"`);
      const spanMs = Number(m[1].replaceAll(',', '')) * { µs: 1e-3, ms: 1, s: 1e3 }[m[2]];
      assert.ok(spanMs > 4 && spanMs < 6.5, `the timeline shows one step (4.75–5.63 ms), not ${text}`);
      await showTab(page, 'roofline');
      assert.equal(await page.inputValue('[data-testid="peak-gflops"]'), '');
      await page.fill('[data-testid="peak-gflops"]', '1000');
      await page.fill('[data-testid="peak-hbm"]', '100');
      await page.click('#panel-roofline button[type="submit"]');
      await page.waitForFunction(() => (document.querySelector('[data-testid="peak-gflops"]')?.value ?? '') === '1000');
      await page.waitForSelector('#panel-roofline svg.an-chart');
    });
  });
});
