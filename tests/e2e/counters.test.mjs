// End-to-end tests of counters in the page: counter tracks in the timeline (hover, click a sample
// and read its value and delta), Shift+drag range statistics with CSV export, kernel telemetry, the
// counter chart, the perf counters table, a Kineto memory counter track and the health tab.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dataFile, dropFile, missingPrerequisite, openPage, setup, trackNames, waitForState, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

// Written by tests/counters/generator.rs: TPU counters (1 µs periodic, 250 ns triggered in custom calls).
const GENERATED = dataFile('xplane/tpu_counters_generated.xplane.pb');
const MEMORY = dataFile('quirks/kineto_memory_instants.json');
const OVERLAP = dataFile('quirks/overlap_partial.json');

/** Opens the page and drops `file`; waits until it is loaded. */
async function load(page, env, file) {
  await openPage(page, env);
  await dropFile(page, file);
  await waitForState(page, 'ready');
}

/** A point in the middle of the canvas, vertically inside the row of track `name`. */
async function rowPoint(page, name, fraction = 0.5) {
  return page.evaluate(
    ({ name, fraction }) => {
      const label = [...document.querySelectorAll('[data-testid="timeline"] .tl-track')].find(
        (l) => l.querySelector('.tl-track-name')?.textContent === name,
      );
      const canvas = document.querySelector('[data-testid="timeline"] canvas.tl-canvas');
      if (!label || !canvas) return null;
      const r = label.getBoundingClientRect();
      const c = canvas.getBoundingClientRect();
      return { x: c.left + c.width * fraction, y: r.top + r.height / 2 };
    },
    { name, fraction },
  );
}

/** Waits until the canvas shows counter pixels (the render list arrived). */
async function waitForCounterPixels(page, name) {
  await page.waitForFunction((name) => {
    const label = [...document.querySelectorAll('[data-testid="timeline"] .tl-track')].find(
      (l) => l.querySelector('.tl-track-name')?.textContent === name,
    );
    const canvas = document.querySelector('[data-testid="timeline"] canvas.tl-canvas');
    if (!label || !(canvas instanceof HTMLCanvasElement)) return false;
    const ctx = canvas.getContext('2d');
    const c = canvas.getBoundingClientRect();
    const r = label.getBoundingClientRect();
    const sy = canvas.height / c.height;
    const y0 = Math.max(0, Math.round((r.top - c.top) * sy));
    const h = Math.max(1, Math.round(r.height * sy));
    const data = ctx.getImageData(0, y0, canvas.width, h).data;
    let coloured = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]) > 40) coloured++;
    return coloured > 50;
  }, name);
}

async function text(page, selector) {
  return ((await page.textContent(selector)) ?? '').trim();
}

describe('counters', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('counter tracks: hover shows the value, a clicked sample shows value, delta and rate', async () => {
    await withPage(env, 'counters-click-sample', async (page) => {
      await load(page, env, GENERATED);
      const names = await trackNames(page);
      for (const n of ['XLA Ops', 'VF_Cycles', 'Busy', 'vector_load_count', 'hbm_read_bytes', 'cpu_util_percent']) {
        assert.ok(names.includes(n), `track ${n} in ${names.join(', ')}`);
      }
      assert.equal(await page.locator('.tl-track.is-counter').count(), 5);
      await waitForCounterPixels(page, 'VF_Cycles');
      const p = await rowPoint(page, 'VF_Cycles');
      await page.mouse.move(p.x, p.y);
      await page.waitForFunction(() => /value [\d,]+/.test(document.querySelector('.tl-tooltip')?.textContent ?? ''));
      await page.mouse.click(p.x, p.y);
      await page.waitForSelector('[data-testid="counter-value"]');
      assert.equal(await text(page, '[data-testid="details"] .details-name'), 'VF_Cycles');
      const value = await text(page, '[data-testid="counter-value"]');
      assert.match(value, /^[\d,]+ cycles$/);
      // One sample per µs at 1,000 cycles per µs: every value is a multiple of 1,000 and rises by 1,000.
      assert.equal(Number(value.replace(/[^\d]/g, '')) % 1000, 0, value);
      assert.equal(await text(page, '[data-testid="counter-delta"]'), '+1,000 cycles');
      assert.equal(await text(page, '[data-testid="counter-rate"]'), '1,000 cycles per µs');
      assert.match(await text(page, '[data-testid="counter-time"]'), /µs/);
      // The perf counters table follows the clicked sample.
      await page.click('[data-testid="tab-counters"]');
      await page.waitForFunction(() => /VF_Cycles/.test(document.querySelector('[data-testid="perf-counters"]')?.textContent ?? ''));
      const perf = await text(page, '[data-testid="perf-counters"]');
      assert.match(perf, /TC_COMPUTATION/);
      assert.match(perf, /0x[0-9a-f]+/);
    });
  });

  test('Shift+drag selects a range: statistics per counter and busy time, exported as CSV', async () => {
    await withPage(env, 'counters-range-stats', async (page) => {
      await load(page, env, GENERATED);
      await waitForCounterPixels(page, 'Busy');
      const a = await rowPoint(page, 'XLA Ops', 0.2);
      const b = await rowPoint(page, 'XLA Ops', 0.6);
      await page.keyboard.down('Shift');
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await page.mouse.move((a.x + b.x) / 2, a.y, { steps: 4 });
      await page.mouse.move(b.x, b.y, { steps: 4 });
      await page.mouse.up();
      await page.keyboard.up('Shift');
      assert.match(await text(page, '[data-testid="range-selection"]'), /selection \d/);
      await page.click('[data-testid="tab-counters"]');
      await page.waitForSelector('[data-testid="range-stats"]');
      const stats = await text(page, '[data-testid="range-stats"]');
      for (const n of ['VF_Cycles', 'Busy', 'hbm_read_bytes', 'cpu_util_percent']) assert.match(stats, new RegExp(n));
      assert.match(await text(page, '[data-testid="range-busy"]'), /XLA Ops/);
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="range-csv"]')]);
      const csv = readFileSync(await download.path(), 'utf8');
      assert.match(csv, /^kind,name,group,samples,min,max,mean,time_weighted_mean,integral_value_us,delta,rate_per_us,unit,busy_ps,busy_fraction\r\n/);
      assert.match(csv, /\r\ncounter,Busy,\/device:TPU:0,\d+,/);
      assert.match(csv, /\r\ntrack,XLA Ops,/);
    });
  });

  test('kernel telemetry of a custom call, and the counter chart with its exports', async () => {
    await withPage(env, 'counters-telemetry-chart', async (page) => {
      await load(page, env, GENERATED);
      await page.fill('[data-testid="search"]', 'custom-call.3');
      await page.waitForFunction(() => document.querySelector('[data-testid="details"] .details-name')?.textContent === 'custom-call.3');
      await page.click('[data-testid="open-telemetry"]');
      await page.waitForFunction(() => /custom-call\.3/.test(document.querySelector('[data-testid="telemetry-title"]')?.textContent ?? ''));
      assert.match(await text(page, '[data-testid="telemetry-title"]'), /2 occurrences/);
      const agg = await text(page, '[data-testid="telemetry-aggregates"]');
      // Busy cycles over clock cycles: 80 % inside every custom call of the generator.
      assert.match(agg, /Busy.*80\.0 %/s);
      assert.equal(await page.locator('[data-testid="kernel-telemetry"] canvas.tele-spark').count(), 5);

      await page.click('[data-testid="chart-draw"]');
      await page.waitForSelector('[data-testid="counter-chart"] img');
      const src = await page.getAttribute('[data-testid="counter-chart"] img', 'src');
      assert.ok(src.startsWith('data:image/svg+xml'), src.slice(0, 40));
      const svg = decodeURIComponent(src.slice(src.indexOf(',') + 1));
      assert.match(svg, /VF_Cycles/);
      assert.match(svg, /#CA8A04/, 'kernel boundary markers');
      const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="chart-svg"]')]);
      assert.equal(dl.suggestedFilename(), 'counters.svg');
      const [png] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="chart-png"]')]);
      assert.deepEqual([...readFileSync(await png.path()).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
      const [csv] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="chart-csv"]')]);
      assert.match(readFileSync(await csv.path(), 'utf8'), /^counter,time_us,value\r\n/);
      await page.click('[data-testid="chart-log"]');
      await page.waitForFunction((old) => document.querySelector('[data-testid="counter-chart"] img')?.getAttribute('src') !== old, src);
    });
  });

  test('a Kineto memory counter track, with its unit', async () => {
    await withPage(env, 'counters-kineto-memory', async (page) => {
      await load(page, env, MEMORY);
      const names = await trackNames(page);
      assert.ok(names.includes('CPU Total Allocated'), names.join(', '));
      await waitForCounterPixels(page, 'CPU Total Allocated');
      const p = await rowPoint(page, 'CPU Total Allocated', 0.99);
      await page.mouse.click(p.x, p.y);
      await page.waitForSelector('[data-testid="counter-value"]');
      assert.equal(await text(page, '[data-testid="counter-value"]'), '0 B');
      assert.equal(await text(page, '[data-testid="counter-delta"]'), '-4 KiB');
      assert.equal(await page.getAttribute('[data-testid="counter-delta"]', 'title'), '-4096 bytes');

      // Kernel-scoped telemetry of the op around those samples.
      await page.fill('[data-testid="search"]', 'aten::empty');
      await page.waitForFunction(() => document.querySelector('[data-testid="details"] .details-name')?.textContent === 'aten::empty');
      await page.click('[data-testid="open-telemetry"]');
      await page.waitForFunction(() => /aten::empty/.test(document.querySelector('[data-testid="telemetry-title"]')?.textContent ?? ''));
      const tele = await text(page, '[data-testid="kernel-telemetry"]');
      assert.match(tele, /CPU Total Allocated/);
      assert.match(tele, /2 samples/);
      const agg = await text(page, '[data-testid="telemetry-aggregates"]');
      assert.match(agg, /CPU Total Allocated.*4 KiB.*bytes/s);
    });
  });

  test('the health tab lists every diagnostic and shows the event of an example', async () => {
    await withPage(env, 'counters-health', async (page) => {
      await load(page, env, GENERATED);
      await page.click('[data-testid="tab-health"]');
      await page.waitForSelector('[data-testid="health-list"] [data-diagnostic="counter_without_value"]');
      assert.match(await text(page, '[data-testid="health-list"]'), /data loss\s*counter_without_value\s*× 1/);
      assert.match(await text(page, '[data-testid="health-badge"]'), /diagnostic/);

      await load(page, env, OVERLAP);
      await page.click('[data-testid="tab-health"]');
      await page.waitForSelector('[data-diagnostic="overlap_sublane"] [data-testid="health-show"]');
      await page.click('[data-diagnostic="overlap_sublane"] [data-testid="health-show"]');
      await page.waitForFunction(() => document.querySelector('[data-testid="tab-timeline"]')?.getAttribute('aria-selected') === 'true');
      await page.waitForFunction(() => (document.querySelector('[data-testid="details"] .details-name')?.textContent ?? '').length > 0);
    });
  });
});
