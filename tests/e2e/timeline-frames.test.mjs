// End-to-end test of the timeline's instant markers, drawn all in one fill
// (www/src/canvas/markers.ts): each instant gets its marker at its time, overlapping markers cover
// their union once, and a marker still answers hover.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dataFile, dropFile, missingPrerequisite, openPage, setup, waitForState, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

// One slice 0–1000 µs on thread "main", instants at 100, 103 and 700 µs.
const INSTANTS = dataFile('timeline/instants_three.json');

/**
 * The canvas row 2 px below the top of track `name`'s row (inside the markers, above the slice
 * boxes): {row: RGBA bytes, width in device pixels, ppu: device pixels per µs (the view spans
 * the trace, 0–1000 µs)}.
 */
async function markerRow(page, name) {
  return page.evaluate((name) => {
    const label = [...document.querySelectorAll('[data-testid="timeline"] .tl-track')].find(
      (l) => l.querySelector('.tl-track-name')?.textContent === name,
    );
    const canvas = document.querySelector('[data-testid="timeline"] canvas.tl-canvas');
    if (!label || !(canvas instanceof HTMLCanvasElement)) return null;
    const c = canvas.getBoundingClientRect();
    const s = canvas.width / c.width;
    const y = Math.round((label.getBoundingClientRect().top - c.top + 2) * s);
    const row = canvas.getContext('2d').getImageData(0, y, canvas.width, 1).data;
    return { row: [...row], width: canvas.width, ppu: canvas.width / 1000 };
  }, name);
}

/** RGBA of pixel column `x` of a markerRow. */
function at(m, x) {
  const i = 4 * Math.max(0, Math.min(m.width - 1, Math.round(x)));
  return m.row.slice(i, i + 4);
}

/** The marker colour (#475569 at 0.75 over the transparent canvas), not a light grid line. */
function isMarker([r, g, b, a]) {
  return a > 150 && r < 110 && g < 120 && b < 140;
}

describe('timeline frames', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('instant markers: one per instant at its time, overlaps covered once, hover names them', async () => {
    await withPage(env, 'timeline-instant-markers', async (page) => {
      await openPage(page, env);
      await dropFile(page, INSTANTS);
      await waitForState(page, 'ready');
      // Grid lines fall on the instants' times (ticks every 100 µs): sample 1 px beside them.
      let m = null;
      for (let i = 0; i < 50 && !(m && isMarker(at(m, 700 * m.ppu + 1))); i++) {
        await page.waitForTimeout(100);
        m = await markerRow(page, 'main');
      }
      assert.ok(m, 'the track "main" is shown');
      const px = (us, dx = 1) => at(m, us * m.ppu + dx);
      for (const us of [100, 103, 700]) assert.ok(isMarker(px(us)), `a marker at ${us} µs: ${px(us)}`);
      assert.equal(px(430, 0)[3], 0, 'no marker at 430 µs');
      // The markers at 100 and 103 µs overlap between them: covered once, as opaque as one marker
      // alone (a fill per marker would compose them darker there).
      const between = px(101.5, 0);
      assert.ok(isMarker(between) && Math.abs(between[3] - px(700)[3]) <= 12, `overlap covered once: ${between} vs ${px(700)}`);

      // Hovering the marker at 700 µs describes it.
      const pos = await page.evaluate(() => {
        const label = [...document.querySelectorAll('[data-testid="timeline"] .tl-track')].find(
          (l) => l.querySelector('.tl-track-name')?.textContent === 'main',
        );
        const c = document.querySelector('[data-testid="timeline"] canvas.tl-canvas').getBoundingClientRect();
        return { x: c.left + 0.7 * c.width, y: label.getBoundingClientRect().top + 3 };
      });
      await page.mouse.move(pos.x, pos.y);
      await page.waitForFunction(() => (document.querySelector('.tl-tooltip')?.textContent ?? '').includes('Instant event'));
    });
  });
});
