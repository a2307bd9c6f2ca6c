// End-to-end tests of the view kept in the URL hash: a reload with `?url=` brings back the visible
// range, the selected slice, the search query, the Shift + drag range, the tab and the track state
// (pinned, hidden, collapsed, the name filter); the same file
// picked again after a reload does too; another file ignores the hash and writes its own; junk in
// the hash does not stop the load.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { basename } from 'node:path';
import { dataFile, missingPrerequisite, openFileAndWait, openPage, rangeText, setup, waitForSlicePoint, waitForState, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

const DEMO = '?url=demo/tpu_inference_2.xplane.pb';
const A = dataFile('xplane/jax_cpu_mlp_small.xplane.pb');
const B = dataFile('chrome_json/torch-cpu__torch_cpu_smallcnn_train.json.gz');
// Written by tests/counters/generator.rs: TPU counters.
const COUNTERS = dataFile('xplane/tpu_counters_generated.xplane.pb');

const detailsName = (page) => page.evaluate(() => document.querySelector('[data-testid="details"] .details-name')?.textContent ?? null);
const hash = (page) => page.evaluate(() => decodeURIComponent(location.hash));

/** Zooms in with the keys and clicks a slice; returns the range text and the selected slice's name. */
async function zoomAndSelect(page) {
  await page.evaluate(() => document.activeElement?.blur());
  const full = await rangeText(page);
  for (let i = 0; i < 3; i++) await page.keyboard.press('w');
  await page.waitForFunction((r) => document.querySelector('[data-testid="timeline-range"]')?.textContent !== r, full);
  const point = await waitForSlicePoint(page, 50);
  assert.ok(point, 'a slice is drawn after zooming in');
  await page.mouse.click(point.x, point.y);
  await page.waitForFunction(() => document.querySelector('[data-testid="details"] .details-name')?.textContent);
  // The hash follows the view (debounced).
  await page.waitForFunction(() => /[#&]sel=s:\d+/.test(location.hash) && /[#&]t=\d+,\d+/.test(location.hash));
  await page.waitForTimeout(400);
  return { range: await rangeText(page), name: await detailsName(page), hash: await hash(page) };
}

describe('the view in the URL', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('a reload with ?url= restores the range, the selection, the query, the drag range and the tab', async () => {
    await withPage(env, 'url-reload', async (page) => {
      await page.goto(new URL(DEMO, env.url).href);
      await waitForState(page, 'ready', 60000);
      const full = await rangeText(page);
      assert.match(await hash(page), /^#v=1&f=tpu_inference_2\.xplane\.pb:\d+&t=0,\d+/, 'a fresh load writes its file and range');
      const seen = await zoomAndSelect(page);
      assert.notEqual(seen.range, full);
      assert.match(seen.hash, /&tab=timeline/);

      await page.reload();
      await waitForState(page, 'ready', 60000);
      assert.equal(await rangeText(page), seen.range, 'the same visible range');
      await page.waitForFunction((n) => document.querySelector('[data-testid="details"] .details-name')?.textContent === n, seen.name);
      await page.waitForTimeout(400);
      assert.equal(await hash(page), seen.hash, 'the restored view writes the same hash');

      // A query, a Shift + drag range and another tab.
      const c = await page.locator('[data-testid="timeline"] canvas.tl-canvas').boundingBox();
      await page.keyboard.down('Shift');
      await page.mouse.move(c.x + 120, c.y + 30);
      await page.mouse.down();
      await page.mouse.move(c.x + 320, c.y + 30, { steps: 4 });
      await page.mouse.up();
      await page.keyboard.up('Shift');
      const dragText = await page.textContent('[data-testid="range-selection"]');
      assert.match(dragText, /^selection /);
      await page.click('[data-testid="tab-hlo-stats"]');
      await page.waitForFunction(() => /[#&]r=\d+,\d+/.test(location.hash) && /[#&]tab=hlo-stats/.test(location.hash));
      // The tab computed and its chart drawn before the reload (which would cancel their requests).
      const tabReady = () => document.getElementById('panel-hlo-stats')?.dataset.ready === 'true';
      await page.waitForFunction(tabReady, null, { timeout: 60000 });
      await page.waitForTimeout(500);
      const before = await hash(page);
      const range = await rangeText(page);
      const name = await detailsName(page);

      await page.reload();
      await waitForState(page, 'ready', 60000);
      assert.equal(await page.getAttribute('[data-testid="tab-hlo-stats"]', 'aria-selected'), 'true', 'the tab is shown again');
      await page.waitForFunction(() => document.getElementById('panel-hlo-stats')?.dataset.ready === 'true', null, { timeout: 60000 });
      assert.equal(await page.textContent('[data-testid="range-selection"]'), dragText, 'the same Shift + drag range');
      assert.equal(await rangeText(page), range);
      assert.equal(await detailsName(page), name);
      await page.waitForTimeout(400);
      assert.equal(await hash(page), before);
    });
  });

  test('a search query comes back with its matches; a collapsed group stays collapsed', async () => {
    await withPage(env, 'url-query', async (page) => {
      await page.goto(new URL(DEMO, env.url).href);
      await waitForState(page, 'ready', 60000);
      await page.fill('[data-testid="search"]', 'fusion');
      await page.waitForFunction(() => / of /.test(document.querySelector('#search-count')?.textContent ?? ''));
      await page.locator('[data-testid="timeline"] .tl-group').first().click();
      await page.waitForFunction(() => /[#&]q=fusion/.test(location.hash) && /[#&]tr=g:0(&|$)/.test(location.hash));
      await page.waitForTimeout(400);
      const count = await page.textContent('#search-count');
      const before = await hash(page);

      await page.reload();
      await waitForState(page, 'ready', 60000);
      assert.equal(await page.inputValue('[data-testid="search"]'), 'fusion');
      assert.equal(await page.textContent('#search-count'), count);
      assert.equal(await page.getAttribute('[data-testid="timeline"] .tl-group >> nth=0', 'aria-expanded'), 'false');
      assert.equal(await page.evaluate(() => document.querySelector('[data-testid="timeline"]')?.dataset.dimmed), 'true');
      await page.waitForTimeout(400);
      assert.equal(await hash(page), before);
    });
  });

  test('a reload restores a pinned track, a hidden track and the track filter', async () => {
    await withPage(env, 'url-tracks', async (page) => {
      await page.goto(new URL(DEMO, env.url).href);
      await waitForState(page, 'ready', 60000);
      const names = await page.$$eval('[data-testid="timeline"] .tl-track .tl-track-name', (els) => els.map((e) => e.textContent));
      assert.ok(names.length >= 3, `at least three tracks (${names.length})`);
      const menu = async (index, item) => {
        await page.locator('[data-testid="timeline"] .tl-track').nth(index).click({ button: 'right' });
        await page.locator('[data-testid="context-menu"]').waitFor({ state: 'visible' });
        await page.click(`[data-testid="menu-${item}"]`);
      };
      await menu(1, 'pin');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="pinned-tracks"] .tl-track').length === 1);
      // Index 2 of the list is still the third track: the pinned label is drawn first, in its own box.
      const hiddenName = await page.locator('[data-testid="timeline"] .tl-track .tl-track-name').nth(2).textContent();
      await menu(2, 'hide');
      await page.waitForFunction(() => /\d+ hidden/.test(document.querySelector('[data-testid="hidden-count"]')?.textContent ?? ''));
      // A filter that keeps the pinned track (a piece of its own name).
      const filter = names[1].slice(0, 4);
      await page.fill('[data-testid="track-filter"]', filter);
      await page.waitForFunction(() => /[#&]tr=p:\d+;h:\d+;f:/.test(decodeURIComponent(location.hash)));
      await page.waitForTimeout(400);
      const shown = async () => ({
        pinned: await page.$$eval('[data-testid="pinned-tracks"] .tl-track .tl-track-name', (els) => els.map((e) => e.textContent)),
        tracks: await page.$$eval('[data-testid="timeline"] .tl-track .tl-track-name', (els) => els.map((e) => e.textContent)),
        hidden: await page.textContent('[data-testid="hidden-count"]'),
        filter: await page.inputValue('[data-testid="track-filter"]'),
      });
      const before = await shown();
      assert.deepEqual(before.pinned, [names[1]]);
      assert.ok(!before.tracks.includes(hiddenName), `${hiddenName} is hidden`);
      const hashBefore = await hash(page);

      await page.reload();
      await waitForState(page, 'ready', 60000);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="pinned-tracks"] .tl-track').length === 1);
      assert.deepEqual(await shown(), before, 'the same pinned, hidden and filtered tracks');
      await page.waitForTimeout(400);
      assert.equal(await hash(page), hashBefore);
    });
  });

  test('the same file picked again after a reload restores the view; another file ignores the hash', async () => {
    await withPage(env, 'url-same-file', async (page) => {
      await openPage(page, env);
      await openFileAndWait(page, B);
      const freshB = await rangeText(page);
      await openFileAndWait(page, A);
      const seen = await zoomAndSelect(page);
      assert.ok(seen.hash.startsWith(`#v=1&f=${basename(A)}:`), seen.hash);

      // No ?url=: the page waits for a file; the hash stays until one is opened.
      await page.reload();
      await waitForState(page, 'idle');
      assert.equal(await hash(page), seen.hash);
      await openFileAndWait(page, A);
      assert.equal(await rangeText(page), seen.range);
      assert.equal(await detailsName(page), seen.name);

      // Reload again and open B: A's view is not applied to B, and the hash becomes B's.
      await page.reload();
      await waitForState(page, 'idle');
      await openFileAndWait(page, B);
      assert.equal(await rangeText(page), freshB, 'B shows all of itself');
      assert.equal(await detailsName(page), null, 'nothing selected in B');
      await page.waitForFunction((n) => decodeURIComponent(location.hash).startsWith(`#v=1&f=${n}:`), basename(B));
      assert.doesNotMatch(await hash(page), /sel=/);
    });
  });

  test('a selected counter sample comes back when the same file is picked again', async () => {
    await withPage(env, 'url-counter-sample', async (page) => {
      await openPage(page, env);
      await openFileAndWait(page, COUNTERS);
      await page.waitForTimeout(500);
      const p = await page.evaluate(() => {
        const label = [...document.querySelectorAll('[data-testid="timeline"] .tl-track')].find((l) => l.querySelector('.tl-track-name')?.textContent === 'VF_Cycles');
        const c = document.querySelector('[data-testid="timeline"] canvas.tl-canvas')?.getBoundingClientRect();
        const r = label?.getBoundingClientRect();
        return c && r ? { x: c.left + c.width / 2, y: r.top + r.height / 2 } : null;
      });
      assert.ok(p, 'the VF_Cycles counter track is shown');
      await page.mouse.click(p.x, p.y);
      await page.waitForSelector('[data-testid="counter-value"]');
      await page.waitForFunction(() => /[#&]sel=c:\d+/.test(location.hash));
      const sample = { value: await page.textContent('[data-testid="counter-value"]'), time: await page.textContent('[data-testid="counter-time"]') };

      await page.reload();
      await waitForState(page, 'idle');
      await openFileAndWait(page, COUNTERS);
      await page.waitForSelector('[data-testid="counter-value"]');
      assert.equal(await detailsName(page), 'VF_Cycles');
      assert.deepEqual({ value: await page.textContent('[data-testid="counter-value"]'), time: await page.textContent('[data-testid="counter-time"]') }, sample);
    });
  });

  test('a hash typed into the address bar applies to the profile shown', async () => {
    await withPage(env, 'url-typed', async (page) => {
      await page.goto(new URL(DEMO, env.url).href);
      await waitForState(page, 'ready', 60000);
      const full = await rangeText(page);
      const f = (await hash(page)).match(/f=[^&]+/)[0];
      await page.evaluate((f) => {
        location.hash = `v=1&${f}&t=1000000,3000000`;
      }, f);
      await page.waitForFunction((r) => document.querySelector('[data-testid="timeline-range"]')?.textContent !== r, full);
      assert.match(await rangeText(page), /2 µs visible/);
      // A hash for another file changes nothing.
      const range = await rangeText(page);
      await page.evaluate(() => {
        location.hash = 'v=1&f=other.json:5&t=0,1000';
      });
      await page.waitForTimeout(500);
      assert.equal(await rangeText(page), range);
    });
  });

  test('junk in the hash does not stop the load', async () => {
    for (const junk of ['#garbage', '#v=1&t=zz,1&sel=s:99999999&tab=<b>&q=%E0%A4%A&r=5,1&tr=p:x', '#v=1&f=tpu_inference_2.xplane.pb:1&t=0,5', '#v=99&t=1,2']) {
      await withPage(env, 'url-junk', async (page) => {
        await page.goto(new URL(`${DEMO}${junk}`, env.url).href);
        await waitForState(page, 'ready', 60000);
        assert.equal(await detailsName(page), null, `${junk}: nothing selected`);
        assert.ok(await waitForSlicePoint(page, 50), `${junk}: the timeline draws`);
        await page.waitForFunction(() => /^#v=1&f=tpu_inference_2\.xplane\.pb:\d+&t=0,/.test(location.hash));
      });
    }
    // A hash for this file whose slice does not exist: the rest of it still applies.
    await withPage(env, 'url-missing-slice', async (page) => {
      await page.goto(new URL(DEMO, env.url).href);
      await waitForState(page, 'ready', 60000);
      const f = (await hash(page)).match(/f=[^&]+/)[0];
      await page.goto(new URL(`${DEMO}#v=1&${f}&t=1000,2000000&sel=s:4000000000&tab=health`, env.url).href);
      await page.reload();
      await waitForState(page, 'ready', 60000);
      assert.equal(await page.getAttribute('[data-testid="tab-health"]', 'aria-selected'), 'true');
      assert.equal(await detailsName(page), null);
    });
  });
});
