// End-to-end test of units for people: analysis table cells in the unit that fits with the exact
// raw value in their tooltip, the CSV export still raw, and chart SVGs with a titled hit rect per
// bar. Run after `npm run wasm && npm run build`.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dataFile, missingPrerequisite, openProfile as open, setup, showAnalysisTab as showTab, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

const GPU = dataFile('xplane/tf_gpu_multi_worker.xplane.pb.gz');
const CPU = dataFile('xplane/jax_cpu_mlp_small.xplane.pb');

/** The SVG text of the chart in panel `tab`: inline, or an image's data URL. */
async function chartSvg(page, tab) {
  await page.waitForSelector(`#panel-${tab} .an-chart-box img, #panel-${tab} .an-chart-box svg`, { timeout: 60000 });
  return page.$eval(`#panel-${tab} .an-chart-box`, (box) => {
    const svg = box.querySelector('svg');
    if (svg) return svg.outerHTML;
    const src = box.querySelector('img')?.getAttribute('src') ?? '';
    return decodeURIComponent(src.slice(src.indexOf(',') + 1));
  });
}

describe('units for people', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('table cells in ms with the raw µs in the tooltip; CSV raw; chart bars titled', async () => {
    await withPage(env, 'units-kernels', async (page) => {
      await open(page, env, GPU);
      await showTab(page, 'kernels');
      const col = await page.$$eval('[data-testid="table-kernels"] th', (ths) => ths.findIndex((t) => t.dataset.col === 'total_duration_us'));
      const cell = page.locator(`[data-testid="table-kernels"] tbody tr:first-child td:nth-child(${col + 1})`);
      // XProf's first row: 7908.309 µs in total.
      assert.equal(await cell.textContent(), '7.91 ms');
      assert.equal(await cell.getAttribute('title'), '7908.309 µs');
      const shmem = await page.$$eval('[data-testid="table-kernels"] th', (ths) => ths.findIndex((t) => t.dataset.col === 'shmem_bytes'));
      const shmemCells = await page.$$eval(`[data-testid="table-kernels"] tbody td:nth-child(${shmem + 1})`, (tds) => tds.map((t) => t.textContent));
      for (const c of shmemCells) assert.match(c, /^[\d.]+ (B|KiB|MiB)$/);
      // The CSV keeps the column ids and the exact numbers.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="csv-kernels"]')]);
      const lines = readFileSync(await download.path(), 'utf8').split('\n');
      const header = lines[0].split(',');
      const at = header.indexOf('total_duration_us');
      assert.ok(at >= 0, lines[0]);
      // (Kernel names hold commas, quoted: look for the value as a whole field.)
      assert.ok(lines.some((l) => /(^|,)7908\.309(,|$)/.test(l)), 'the raw µs in the CSV');
      assert.ok(!lines.some((l) => /7\.91 ms/.test(l)), 'no display text in the CSV');
      // The histogram's bars carry their values.
      const svg = await chartSvg(page, 'kernels');
      assert.match(svg, /duration \((ns|µs|ms|s)\)/);
      assert.match(svg, /<rect [^>]*data-bar="\d+"[^>]*><title>\d+ launch(es)? of /);
    });
  });

  test('step bars: a time axis in ms, each step titled with its exact time', async () => {
    await withPage(env, 'units-steps', async (page) => {
      await open(page, env, CPU);
      await showTab(page, 'overview');
      const svg = await chartSvg(page, 'overview');
      assert.match(svg, /time \(ms\)/);
      const titles = [...svg.matchAll(/data-bar="(\d+)"[^>]*><title>([^<]*)<\/title>/g)];
      assert.equal(titles.length, 5, 'one per step');
      assert.match(titles[0][2], /^train 0: [\d.]+ ms \(\d+ ps\)/);
      // The overview's numbers in the unit that fits, exact in the tooltip.
      const dd = page.locator('[data-testid="overview-facts"] dd').nth(1);
      assert.match(await dd.textContent(), /average 5\.032 ms/);
      assert.match(await dd.getAttribute('title'), /average 5\.03\d* ms/);
    });
  });
});
