// End-to-end tests of steering the timeline the way Perfetto and XProf users expect: Ctrl + wheel
// zooms, the wheel scrolls the tracks, Shift + wheel pans; F focuses the selected slice, M marks its
// span, ? lists every key, Esc clears; keys do nothing while typing; a slice's right-click menu
// finds all slices of its name. On the Kineto ResNet-50 trace of tests/data.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dataFile, dropFile, missingPrerequisite, durationPs, openPage, rangePs, rangeText, setup, waitForState, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

const KINETO = dataFile('chrome_json/kineto__resnet50_nw0_worker0.1623143089861.pt.trace.json.gz');
/** A slice of the Kineto trace (its eighth profiler step, about 0.1 s long). */
const STEP = 'ProfilerStep#8';


async function openKineto(page, env) {
  await openPage(page, env);
  await dropFile(page, KINETO);
  await waitForState(page, 'ready');
}

const changed = (page, before) => page.waitForFunction((r) => document.querySelector('[data-testid="timeline-range"]')?.textContent !== r, before);

/** Selects slice `name` with the search (the timeline zooms to it), then gives the keys back to the page. */
async function selectByName(page, name) {
  await page.fill('[data-testid="search"]', name);
  await page.waitForFunction((n) => document.querySelector('[data-testid="details"] .details-name')?.textContent === n, name);
  await page.locator('[data-testid="search"]').evaluate((e) => e.blur());
  const dd = await page.$$eval('[data-testid="details"] dt', (dts) => Object.fromEntries(dts.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? ''])));
  return { duration: dd.Duration, track: dd.Track, lane: Number(dd.Lane ?? 0) };
}

describe('timeline navigation', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('Ctrl + wheel zooms at the pointer, the wheel scrolls the tracks, Shift + wheel pans', async () => {
    await withPage(env, 'nav-wheel', async (page) => {
      // Small enough a window that the tracks do not fit.
      await page.setViewportSize({ width: 1000, height: 560 });
      await openKineto(page, env);
      const canvas = await page.locator('[data-testid="timeline"] canvas.tl-canvas').boundingBox();
      await page.mouse.move(canvas.x + canvas.width / 3, canvas.y + 100);
      const full = await rangeText(page);
      await page.keyboard.down('Control');
      await page.mouse.wheel(0, -400);
      await page.keyboard.up('Control');
      await changed(page, full);
      const zoomed = await rangeText(page);
      assert.ok(rangePs(zoomed).span < rangePs(full).span * 0.7, `Ctrl + wheel zooms in: ${full} → ${zoomed}`);

      const scroller = page.locator('[data-testid="timeline"] .tl-scroll');
      assert.equal(await scroller.evaluate((e) => e.scrollTop), 0);
      await page.mouse.wheel(0, 300);
      await page.waitForFunction(() => (document.querySelector('[data-testid="timeline"] .tl-scroll')?.scrollTop ?? 0) > 0);
      await page.waitForTimeout(100);
      assert.equal(await rangeText(page), zoomed, 'the plain wheel keeps the time range');

      await page.keyboard.down('Shift');
      await page.mouse.wheel(0, 200);
      await page.keyboard.up('Shift');
      await changed(page, zoomed);
      const panned = rangePs(await rangeText(page));
      assert.ok(panned.t0 > rangePs(zoomed).t0, 'Shift + wheel moves the start later');
      assert.ok(Math.abs(panned.span - rangePs(zoomed).span) <= rangePs(zoomed).span * 0.01, 'and keeps the span');
    });
  });

  test('F zooms to the selected slice, 0 fits the whole profile again', async () => {
    await withPage(env, 'nav-focus', async (page) => {
      await openKineto(page, env);
      const full = await rangeText(page);
      const { duration } = await selectByName(page, STEP);
      const revealed = await rangeText(page);
      await page.keyboard.press('f');
      await changed(page, revealed);
      const span = rangePs(await rangeText(page)).span;
      const dur = durationPs(duration);
      // The slice with a tenth of it on each side (the range text has three digits).
      assert.ok(Math.abs(span / dur - 1.2) < 0.02, `range ${span} ps ≈ 1.2 × the slice's ${dur} ps`);
      await page.keyboard.press('0');
      await page.waitForFunction((r) => document.querySelector('[data-testid="timeline-range"]')?.textContent === r, full);
    });
  });

  test('M marks the selected slice’s span with its duration; M again and Esc clear it', async () => {
    await withPage(env, 'nav-mark', async (page) => {
      await openKineto(page, env);
      const { duration } = await selectByName(page, STEP);
      const marks = page.locator('[data-testid="timeline-marks"]');
      assert.equal(await marks.textContent(), '');
      await page.keyboard.press('m');
      await page.waitForFunction(() => (document.querySelector('[data-testid="timeline-marks"]')?.textContent ?? '') !== '');
      assert.equal(durationPs(await marks.textContent()), durationPs(duration), `${await marks.textContent()} shows ${duration}`);
      // The band's duration tag at the top of the canvas, over the middle of the view (the slice's third).
      const tag = async () =>
        page.evaluate(() => {
          const c = document.querySelector('[data-testid="timeline"] canvas.tl-canvas');
          const s = c.width / c.getBoundingClientRect().width;
          const d = c.getContext('2d').getImageData(Math.round(c.width / 2 - 30 * s), Math.round(4 * s), 1, 1).data;
          return [...d];
        });
      let px = null;
      for (let i = 0; i < 30; i++) {
        px = await tag();
        if (px[3] > 200 && px[0] > px[2] + 80) break;
        await page.waitForTimeout(100);
      }
      assert.ok(px[3] > 200 && px[0] > px[2] + 80, `the amber duration tag is drawn: ${px}`);
      await page.keyboard.press('m');
      await page.waitForFunction(() => document.querySelector('[data-testid="timeline-marks"]')?.textContent === '');
      await page.keyboard.press('m');
      await page.waitForFunction(() => document.querySelector('[data-testid="timeline-marks"]')?.textContent !== '');
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.querySelector('[data-testid="timeline-marks"]')?.textContent === '');
    });
  });

  test('? opens the sheet of keys, Esc closes it; the hint line names the wheel gestures', async () => {
    await withPage(env, 'nav-sheet', async (page) => {
      await openKineto(page, env);
      const hint = await page.textContent('[data-testid="timeline"] .tl-hint');
      assert.match(hint, /Ctrl\+wheel zoom/);
      assert.match(hint, /Shift\+wheel pan/);
      const sheet = page.locator('[data-testid="key-sheet"]');
      await page.keyboard.press('?');
      await sheet.waitFor({ state: 'visible' });
      const keys = await sheet.locator('kbd').allTextContents();
      assert.ok(keys.length >= 10, `${keys.length} keys listed: ${keys.join(', ')}`);
      for (const k of ['F', 'M', 'Ctrl + wheel', 'Shift + wheel', 'Esc']) assert.ok(keys.includes(k), `${k} is listed`);
      // Keys do not steer the timeline behind the sheet.
      const r = await rangeText(page);
      await page.keyboard.press('w');
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'hidden' });
      assert.equal(await rangeText(page), r);
      await page.click('[data-testid="show-keys"]');
      await sheet.waitFor({ state: 'visible' });
      await page.click('[data-testid="key-sheet-close"]');
      await sheet.waitFor({ state: 'hidden' });
    });
  });

  test('keys typed in the track filter do not steer the timeline', async () => {
    await withPage(env, 'nav-typing', async (page) => {
      await openKineto(page, env);
      const times = async () => (await rangeText(page)).split(' · ').slice(0, 2).join(' · ');
      const r = await times();
      await page.click('[data-testid="track-filter"]');
      await page.keyboard.type('wasd0fm?');
      await page.waitForTimeout(200);
      assert.equal(await times(), r, 'the range did not move');
      assert.equal(await page.locator('[data-testid="key-sheet"]').isVisible(), false, 'no sheet opened');
      assert.equal(await page.inputValue('[data-testid="track-filter"]'), 'wasd0fm?');
    });
  });

  test('right-click on a slice: "Find all" searches its exact name', async () => {
    await withPage(env, 'nav-find-all', async (page) => {
      await openKineto(page, env);
      const { track, lane } = await selectByName(page, STEP);
      await page.fill('[data-testid="search"]', '');
      // The slice fills the middle third of the view (the search zooms to three times its length).
      const point = await page.evaluate(
        ([track, lane]) => {
          const label = [...document.querySelectorAll('[data-testid="timeline"] .tl-track')].find((l) => l.querySelector('.tl-track-name')?.textContent === track);
          const c = document.querySelector('[data-testid="timeline"] canvas.tl-canvas').getBoundingClientRect();
          return { x: c.left + c.width / 2, y: label.getBoundingClientRect().top + 3 + lane * 20 + 10 };
        },
        [track, lane],
      );
      await page.waitForTimeout(300);
      await page.mouse.click(point.x, point.y, { button: 'right' });
      const menu = page.locator('[data-testid="context-menu"]');
      await menu.waitFor({ state: 'visible' });
      assert.equal(await menu.locator('.tl-menu-title').textContent(), STEP);
      assert.deepEqual(await menu.locator('button').allTextContents(), ['Copy name', 'Find all', 'Pin track']);
      await page.click('[data-testid="menu-find-all"]');
      await menu.waitFor({ state: 'hidden' });
      assert.equal(await page.inputValue('[data-testid="search"]'), STEP);
      await page.waitForFunction(() => /^1 of 1$/.test(document.querySelector('#search-count')?.textContent ?? ''));
    });
  });
});
