// End-to-end tests of the timeline's track controls: pin a track to the top, hide one and show all
// again, collapse a multi-lane track to one lane, filter tracks by name, sticky group headers, the
// splitters of the label column and the details panel, long names cut in the middle, and a new load
// starting from no choices. On real traces of tests/data.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { join } from 'node:path';
import { ROOT, dataFile, dropFile, groupNames, missingPrerequisite, openPage, setup, trackNames, waitForState, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

const KINETO = dataFile('chrome_json/kineto__resnet50_nw0_worker0.1623143089861.pt.trace.json.gz');
const XPLANE = dataFile('xplane/jax_cpu_mlp_small.xplane.pb');

async function open(page, env, file = KINETO) {
  await openPage(page, env);
  await dropFile(page, file);
  await waitForState(page, 'ready');
}

/** The label of track `name`. */
const label = (page, name) => page.locator('[data-testid="timeline"] .tl-track').filter({ has: page.locator('.tl-track-name', { hasText: new RegExp(`^${name.replace(/[()]/g, '\\$&')}$`) }) });

/** Names of the tracks in view, top to bottom as shown on screen. */
async function namesOnScreen(page) {
  return page.$$eval('[data-testid="timeline"] .tl-track', (els) => {
    const view = document.querySelector('[data-testid="timeline"] .tl-scroll').getBoundingClientRect();
    return els
      .map((e) => ({ name: e.querySelector('.tl-track-name')?.textContent ?? '', top: e.getBoundingClientRect().top }))
      .filter((e) => e.top >= view.top - 0.5 && e.top < view.bottom)
      .sort((a, b) => a.top - b.top)
      .map((e) => e.name);
  });
}

/** Right-clicks track `name`'s label and picks menu item `item`. */
async function labelMenu(page, name, item) {
  await label(page, name).click({ button: 'right' });
  await page.locator('[data-testid="context-menu"]').waitFor({ state: 'visible' });
  await page.click(`[data-testid="menu-${item}"]`);
}

describe('timeline tracks', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('a pinned track moves to the top and stays there while the tracks scroll; unpin puts it back', async () => {
    await withPage(env, 'tracks-pin', async (page) => {
      await page.setViewportSize({ width: 1100, height: 560 });
      await open(page, env);
      const order = await trackNames(page);
      assert.notEqual((await namesOnScreen(page))[0], 'thread 25772 (python)');
      await labelMenu(page, 'thread 25772 (python)', 'pin');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="pinned-tracks"] .tl-track').length === 1);
      assert.equal((await namesOnScreen(page))[0], 'thread 25772 (python)');
      const top = (await label(page, 'thread 25772 (python)').boundingBox()).y;
      await page.mouse.move(600, 400);
      await page.mouse.wheel(0, 400);
      await page.waitForFunction(() => (document.querySelector('[data-testid="timeline"] .tl-scroll')?.scrollTop ?? 0) > 0);
      assert.equal((await label(page, 'thread 25772 (python)').boundingBox()).y, top, 'the pinned label stays in place');
      await labelMenu(page, 'thread 25772 (python)', 'unpin');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="pinned-tracks"] .tl-track').length === 0);
      assert.deepEqual(await trackNames(page), order);
    });
  });

  test('a hidden track is gone until "show all" brings it back', async () => {
    await withPage(env, 'tracks-hide', async (page) => {
      await open(page, env);
      const before = await trackNames(page);
      assert.ok(before.includes('stream 7'));
      await labelMenu(page, 'stream 7', 'hide');
      await page.waitForFunction(() => ![...document.querySelectorAll('.tl-track-name')].some((e) => e.textContent === 'stream 7'));
      assert.equal((await trackNames(page)).length, before.length - 1);
      assert.equal(await page.textContent('[data-testid="hidden-count"]'), '1 hidden —');
      await page.click('[data-testid="show-hidden"]');
      await page.waitForFunction(() => [...document.querySelectorAll('.tl-track-name')].some((e) => e.textContent === 'stream 7'));
      assert.deepEqual(await trackNames(page), before);
      assert.equal(await page.locator('[data-testid="show-hidden"]').isVisible(), false);
    });
  });

  test('a multi-lane track collapses to one lane and expands again', async () => {
    await withPage(env, 'tracks-collapse', async (page) => {
      await open(page, env);
      const name = 'thread 25738 (python)';
      const tall = (await label(page, name).boundingBox()).height;
      assert.ok(tall > 60, `${name} has several lanes (${tall} px)`);
      await label(page, name).click({ button: 'right' });
      const items = await page.locator('[data-testid="context-menu"] button').allTextContents();
      assert.deepEqual(items, ['Pin to top', 'Hide', 'Collapse']);
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="context-menu"]').waitFor({ state: 'hidden' });
      await labelMenu(page, name, 'collapse');
      await page.waitForFunction((h) => {
        const l = [...document.querySelectorAll('.tl-track')].find((e) => e.querySelector('.tl-track-name')?.textContent === 'thread 25738 (python)');
        return l && l.getBoundingClientRect().height < h;
      }, tall);
      assert.equal((await label(page, name).boundingBox()).height, 26, 'one lane of 20 px and its padding');
      await labelMenu(page, name, 'expand');
      await page.waitForFunction((h) => {
        const l = [...document.querySelectorAll('.tl-track')].find((e) => e.querySelector('.tl-track-name')?.textContent === 'thread 25738 (python)');
        return l && l.getBoundingClientRect().height === h;
      }, tall);
    });
  });

  test('the filter leaves only the tracks whose name matches, in their groups', async () => {
    await withPage(env, 'tracks-filter', async (page) => {
      await open(page, env);
      const all = await trackNames(page);
      await page.fill('[data-testid="track-filter"]', 'THREAD');
      await page.waitForFunction(() => [...document.querySelectorAll('.tl-track-name')].every((e) => /thread/i.test(e.textContent)));
      const shown = await trackNames(page);
      assert.deepEqual(shown, all.filter((n) => n.toLowerCase().includes('thread')));
      assert.ok(shown.length >= 2, shown.join(', '));
      assert.deepEqual(await groupNames(page), ['python (CPU)']);
      await page.fill('[data-testid="track-filter"]', '');
      await page.waitForFunction((n) => document.querySelectorAll('.tl-track-name').length === n, all.length);
    });
  });

  test('the header of the group in view sticks to the top while its tracks scroll', async () => {
    await withPage(env, 'tracks-sticky', async (page) => {
      await page.setViewportSize({ width: 1100, height: 560 });
      await open(page, env);
      const header = page.locator('[data-testid="timeline"] .tl-group', { hasText: 'python (CPU)' });
      const scroller = page.locator('[data-testid="timeline"] .tl-scroll');
      const scrollTop = (await scroller.boundingBox()).y;
      const y0 = (await header.boundingBox()).y;
      // Scroll past the header: it stays at the top of the tracks.
      await scroller.evaluate((e, d) => {
        e.scrollTop = d;
      }, y0 - scrollTop + 150);
      await page.waitForTimeout(100);
      assert.ok(Math.abs((await header.boundingBox()).y - scrollTop) <= 1, 'the group header is at the top');
    });
  });

  test('the splitters resize the track names column and the details panel, down to a minimum', async () => {
    await withPage(env, 'tracks-splitters', async (page) => {
      await open(page, env);
      const labels = page.locator('[data-testid="timeline"] .tl-labels');
      const canvas = page.locator('[data-testid="timeline"] canvas.tl-canvas');
      const w0 = (await labels.boundingBox()).width;
      const c0 = (await canvas.boundingBox()).width;
      const drag = async (testid, dx) => {
        const b = await page.locator(`[data-testid="${testid}"]`).boundingBox();
        await page.mouse.move(b.x + b.width / 2, b.y + 200);
        await page.mouse.down();
        await page.mouse.move(b.x + b.width / 2 + dx, b.y + 200, { steps: 4 });
        await page.mouse.up();
      };
      await drag('labels-splitter', 100);
      assert.equal((await labels.boundingBox()).width, w0 + 100);
      await page.waitForFunction((w) => document.querySelector('[data-testid="timeline"] canvas.tl-canvas').getBoundingClientRect().width < w - 90, c0);
      await drag('labels-splitter', -1000);
      assert.equal((await labels.boundingBox()).width, 120, 'the label column keeps 120 px');

      const details = page.locator('[data-testid="details"]');
      const d0 = (await details.boundingBox()).width;
      await drag('details-splitter', -120);
      assert.ok(Math.abs((await details.boundingBox()).width - (d0 + 120)) <= 1, 'dragging left widens the details');
      await drag('details-splitter', 2000);
      assert.equal((await details.boundingBox()).width, 220, 'the details panel keeps 220 px');
    });
  });

  test('long track names keep their end after the ellipsis', async () => {
    await withPage(env, 'tracks-long-names', async (page) => {
      await open(page, env, XPLANE);
      // A narrow column, so that long names must be cut.
      const b = await page.locator('[data-testid="labels-splitter"]').boundingBox();
      await page.mouse.move(b.x + 3, b.y + 100);
      await page.mouse.down();
      await page.mouse.move(b.x - 100, b.y + 100, { steps: 4 });
      await page.mouse.up();
      const cut = await page.$$eval('[data-testid="timeline"] .tl-track-name', (els) =>
        els
          .filter((e) => e.querySelector('.tl-name-tail'))
          .map((e) => {
            const head = e.querySelector('.tl-name-head');
            const tail = e.querySelector('.tl-name-tail');
            return {
              name: e.textContent,
              tail: tail.textContent,
              headCut: head.scrollWidth > head.clientWidth,
              tailInside: tail.getBoundingClientRect().right <= e.getBoundingClientRect().right + 0.5 && tail.getBoundingClientRect().width > 0,
            };
          }),
      );
      const long = cut.filter((c) => c.headCut);
      assert.ok(long.length > 0, `a long name is cut: ${JSON.stringify(cut)}`);
      for (const c of long) {
        assert.ok(c.name.endsWith(c.tail) && c.tail.length === 12, `${c.name} ends with ${c.tail}`);
        assert.ok(c.tailInside, `the end of ${c.name} is shown`);
      }
    });
  });

  test('a new load starts with nothing pinned, hidden or filtered', async () => {
    await withPage(env, 'tracks-new-load', async (page) => {
      await open(page, env);
      const all = await trackNames(page);
      await labelMenu(page, 'stream 7', 'pin');
      await labelMenu(page, 'thread 25772 (python)', 'hide');
      await page.fill('[data-testid="track-filter"]', 'thread');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="pinned-tracks"] .tl-track').length === 1);
      await dropFile(page, KINETO);
      await page.waitForFunction((n) => document.body.dataset.state === 'ready' && document.querySelectorAll('.tl-track-name').length === n, all.length);
      assert.deepEqual(await trackNames(page), all);
      assert.equal(await page.inputValue('[data-testid="track-filter"]'), '');
      assert.equal(await page.locator('[data-testid="pinned-tracks"] .tl-track').count(), 0);
    });
  });

  test('the track state: get returns copies, set keeps the fields not given and notifies once, reset empties it', async () => {
    const bundle = await build({
      entryPoints: [join(ROOT, 'www', 'src', 'views', 'timeline', 'track-state.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'trackState',
    });
    await withPage(env, 'tracks-state', async (page) => {
      await page.addScriptTag({ content: bundle.outputFiles[0].text });
      const r = await page.evaluate(() => {
        const st = new globalThis.trackState.TrackState();
        const seen = [];
        const off = st.onChange((v) => seen.push(v));
        st.set({ pinned: [5, 2, 5, -1, 1.5], filter: 'gpu' });
        const first = st.get();
        // Changing a snapshot changes nothing.
        st.get().pinned.push(99);
        st.setPinned(7, true);
        st.hide(2);
        st.setTrackCollapsed(3, true);
        st.setGroupCollapsed(0, true);
        const full = st.get();
        st.reset();
        off();
        st.set({ hidden: [1] });
        return { first, full, afterReset: seen.at(-1), calls: seen.length, last: st.get() };
      });
      assert.deepEqual(r.first.pinned, [5, 2], 'duplicates and non-ids dropped');
      assert.deepEqual(r.full, { pinned: [5, 7], hidden: [2], collapsedTracks: [3], collapsedGroups: [0], filter: 'gpu' });
      assert.deepEqual(r.afterReset, { pinned: [], hidden: [], collapsedTracks: [], collapsedGroups: [], filter: '' });
      assert.equal(r.calls, 6, 'one notification per change, none after unsubscribing');
      assert.deepEqual(r.last.hidden, [1]);
    });
  });
});
