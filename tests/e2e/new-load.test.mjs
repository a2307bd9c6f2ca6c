// End-to-end test of the page's view lifecycle: every view starts clean on a new load. A search
// on file A dims the timeline (all but its matches) and selects the first match; a zoom and a
// Shift + drag range change the view; then file B opens with an empty search box, nothing dimmed
// (data-dimmed of the timeline, and saturated slice boxes on the canvas), the details empty,
// the whole of B in view, and A's analysis tables gone (computed again for B when shown).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dataFile, findSlicePoint, missingPrerequisite, openFileAndWait, openPage, rangeText, setup, waitForSlicePoint, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

const A = dataFile('xplane/jax_cpu_mlp_small.xplane.pb');
const B = dataFile('chrome_json/torch-cpu__torch_cpu_smallcnn_train.json.gz');

const timelineState = (page) =>
  page.evaluate(() => {
    const t = document.querySelector('[data-testid="timeline"]');
    const d = document.querySelector('[data-testid="details"]');
    return {
      dimmed: t?.dataset.dimmed,
      highlighted: t?.dataset.highlighted,
      search: document.querySelector('[data-testid="search"]')?.value,
      count: document.querySelector('[data-testid="search-count"]')?.textContent ?? '',
      detailsEmpty: d?.dataset.empty,
      detailsName: d?.querySelector('.details-name')?.textContent ?? null,
      selection: document.querySelector('[data-testid="range-selection"]')?.textContent ?? '',
    };
  });

describe('a new load', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('starts every view clean: no search, dimming, selection, range or zoom of the file before', async () => {
    await withPage(env, 'new-load-clean', async (page) => {
      // B opened first, alone: its full view (the range text to compare with).
      await openPage(page, env);
      await openFileAndWait(page, B);
      assert.ok(await waitForSlicePoint(page, 50), 'B alone shows undimmed slice boxes');
      const fresh = await rangeText(page);

      await openFileAndWait(page, A);
      assert.ok(await waitForSlicePoint(page, 50), 'A shows slice boxes before the search');
      await page.fill('[data-testid="search"]', 'PjitFunction');
      await page.waitForFunction(() => / of /.test(document.querySelector('[data-testid="search-count"]')?.textContent ?? ''));
      await page.waitForFunction(() => document.querySelector('[data-testid="timeline"]')?.dataset.dimmed === 'true');
      await page.waitForFunction(() => /PjitFunction/.test(document.querySelector('[data-testid="details"] .details-name')?.textContent ?? ''));
      // Zoom in (keys steer the timeline when no text field has the focus).
      const zoomed = await rangeText(page);
      await page.evaluate(() => document.activeElement?.blur());
      for (let i = 0; i < 3; i++) await page.keyboard.press('w');
      await page.waitForFunction((r) => document.querySelector('[data-testid="timeline-range"]')?.textContent !== r, zoomed);
      // Shift + drag a range over the canvas.
      const c = await page.locator('[data-testid="timeline"] canvas.tl-canvas').boundingBox();
      await page.keyboard.down('Shift');
      await page.mouse.move(c.x + 100, c.y + 40);
      await page.mouse.down();
      await page.mouse.move(c.x + 300, c.y + 40, { steps: 4 });
      await page.mouse.up();
      await page.keyboard.up('Shift');
      assert.match((await timelineState(page)).selection, /^selection /);
      // An analysis tab computed for A.
      await page.click('[data-testid="tab-overview"]');
      await page.waitForFunction(() => document.getElementById('panel-overview')?.dataset.ready === 'true', null, { timeout: 60000 });
      const factsA = await page.textContent('[data-testid="overview-facts"]');
      await page.click('[data-testid="tab-timeline"]');
      const before = await timelineState(page);
      assert.equal(before.dimmed, 'true');
      assert.equal(before.search, 'PjitFunction');

      await openFileAndWait(page, B);
      await page.waitForFunction(() => document.querySelector('[data-testid="timeline"]')?.dataset.dimmed === 'false');
      const s = await timelineState(page);
      assert.deepEqual(s, { dimmed: 'false', highlighted: '0', search: '', count: '', detailsEmpty: 'true', detailsName: null, selection: '' });
      // Drawn undimmed: saturated, opaque boxes (a dimmed box is drawn at 0.22 opacity).
      assert.ok(await waitForSlicePoint(page, 50), 'B shows undimmed slice boxes after A was searched');
      assert.equal(await rangeText(page), fresh, 'B in full view, as when opened alone');
      assert.ok(await findSlicePoint(page));
      // A's analysis is gone; the tab computes B's when shown.
      assert.equal(await page.evaluate(() => document.getElementById('panel-overview')?.dataset.ready ?? null), null);
      assert.equal(await page.$('[data-testid="overview-facts"]'), null);
      await page.click('[data-testid="tab-overview"]');
      await page.waitForFunction(() => document.getElementById('panel-overview')?.dataset.ready === 'true', null, { timeout: 60000 });
      assert.notEqual(await page.textContent('[data-testid="overview-facts"]'), factsA);
    });
  });
});
