// End-to-end tests of the timeline's frames: instant markers, drawn all in one fill
// (www/src/canvas/markers.ts): each instant gets its marker at its time, overlapping markers cover
// their union once (a dense run as one band with a flat bottom), and a marker still answers hover;
// a view change (keys) draws the new view's boxes where they belong, and while its render list is
// slow to come, the old list moved to the new view.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dataFile, dropFile, missingPrerequisite, openPage, setup, waitForState, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

// One slice 0–1000 µs on thread "main", instants at 100, 103 and 700 µs.
const INSTANTS = dataFile('timeline/instants_three.json');
// "work" 0–1000 µs and "late" 800–850 µs (lane 1) on thread "main"; instants every 1 µs from 200
// to 400 µs (a dense run) and every 3 µs from 600 to 660 µs (a sparse run).
const RUNS = dataFile('timeline/instants_runs.json');

/**
 * The canvas row `dy` px below the top of track `name`'s row (2: inside the markers, above the
 * slice boxes; markers span rows 1–6): {row: RGBA bytes, width in device pixels, ppu: device pixels per µs (the view spans
 * the trace, 0–1000 µs)}.
 */
async function markerRow(page, name, dy = 2) {
  return page.evaluate(([name, dy]) => {
    const label = [...document.querySelectorAll('[data-testid="timeline"] .tl-track')].find(
      (l) => l.querySelector('.tl-track-name')?.textContent === name,
    );
    const canvas = document.querySelector('[data-testid="timeline"] canvas.tl-canvas');
    if (!label || !(canvas instanceof HTMLCanvasElement)) return null;
    const c = canvas.getBoundingClientRect();
    const s = canvas.width / c.width;
    const y = Math.round((label.getBoundingClientRect().top - c.top + dy) * s);
    const row = canvas.getContext('2d').getImageData(0, y, canvas.width, 1).data;
    return { row: [...row], width: canvas.width, ppu: canvas.width / 1000 };
  }, [name, dy]);
}

/** RGBA of pixel column `x` of a markerRow. */
function at(m, x) {
  const i = 4 * Math.max(0, Math.min(m.width - 1, Math.round(x)));
  return m.row.slice(i, i + 4);
}

/** A slice box: opaque and coloured (slice colours have a channel under 200; grid lines do not). */
function isBox([r, g, b, a]) {
  return a === 255 && Math.min(r, g, b) < 200;
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

  test('instant marker runs: a dense run is one band with a flat bottom, a sparse run keeps its notches', async () => {
    await withPage(env, 'timeline-marker-runs', async (page) => {
      await openPage(page, env);
      await dropFile(page, RUNS);
      await waitForState(page, 'ready');
      let top = null;
      for (let i = 0; i < 50 && !(top && isMarker(at(top, 250 * top.ppu + 1))); i++) {
        await page.waitForTimeout(100);
        top = await markerRow(page, 'main', 2);
      }
      assert.ok(top, 'the track "main" is shown');
      // The markers' last pixel row (depth 4–5 px, where one marker alone is 1 px wide), over the
      // slice box of lane 0.
      const bottom = await markerRow(page, 'main', 5);
      // Columns beside the grid lines (every 100 µs) only: a grid line under a marker shows through.
      const columns = (from, to) => {
        const xs = [];
        for (let x = Math.ceil(from * top.ppu); x <= Math.floor(to * top.ppu); x++) {
          const us = x / top.ppu;
          if (Math.abs(us - Math.round(us / 100) * 100) * top.ppu > 2) xs.push(x);
        }
        return xs;
      };
      // Dense run (instants under 2 px apart): every column between the first and the last instant is
      // covered, down to the bottom row.
      for (const x of columns(200.5, 399.5)) {
        assert.ok(isMarker(at(top, x)), `dense run covered at ${(x / top.ppu).toFixed(1)} µs: ${at(top, x)}`);
        assert.ok(isMarker(at(bottom, x)), `dense run's flat bottom at ${(x / top.ppu).toFixed(1)} µs: ${at(bottom, x)}`);
      }
      // It ends with the last marker's half width (3 px) and nothing further.
      assert.ok(!isMarker(at(top, 400 * top.ppu + 5)) && at(top, 450 * top.ppu)[3] === 0, 'nothing past the dense run');
      // Sparse run (over 2 px apart): covered along the top, notched at the bottom (some columns of the
      // bottom row between the apexes are clear).
      const sparse = columns(600.5, 659.5);
      for (const x of sparse) assert.ok(isMarker(at(top, x)), `sparse run covered at ${(x / top.ppu).toFixed(1)} µs: ${at(top, x)}`);
      const clear = sparse.filter((x) => !isMarker(at(bottom, x)));
      assert.ok(clear.length >= 5, `notches in the sparse run's bottom row: ${clear.length} columns show the slice below`);
      assert.equal(at(top, 530 * top.ppu)[3], 0, 'no marker between the runs');
    });
  });

  test('a view change draws the new view: a slice box moves where zoom and pan put it', async () => {
    await withPage(env, 'timeline-view-change', async (page) => {
      await openPage(page, env);
      await dropFile(page, RUNS);
      await waitForState(page, 'ready');
      // Lane 1 ("late", 800–850 µs): rows 24–41 below the track's top.
      const lane1 = () => markerRow(page, 'main', 33);
      // Polls until the lane shows a box at fraction `inside` of the width and none at `outside`.
      const boxAt = async (inside, outside) => {
        let m = null;
        for (let i = 0; i < 50; i++) {
          m = await lane1();
          if (m && isBox(at(m, inside * m.width)) && !isBox(at(m, outside * m.width))) return true;
          await page.waitForTimeout(100);
        }
        assert.fail(`box at ${inside}, none at ${outside} of the width: ${m && at(m, inside * m.width)} / ${m && at(m, outside * m.width)}`);
      };
      // The whole trace (0–1000 µs): "late" spans 0.80–0.85 of the width.
      await boxAt(0.83, 0.78);
      // W zooms to 0.8 around the centre (100–900 µs), D pans by 0.15 of the span (clamped at the
      // end: 200–1000 µs): "late" spans 0.75–0.8125 of the width.
      await page.keyboard.press('w');
      await page.keyboard.press('d');
      await boxAt(0.78, 0.83);
    });
  });

  test('a slow render list: the old one is drawn moved to the new view until it comes', async () => {
    await withPage(env, 'timeline-slow-render', async (page) => {
      // Holds the page's render requests to the worker for `pvDelayRender` ms when set.
      await page.addInitScript(() => {
        const post = Worker.prototype.postMessage;
        Worker.prototype.postMessage = function (msg, transfer) {
          const delay = globalThis.pvDelayRender;
          if (delay && msg?.op === 'call' && msg.method === 'render') setTimeout(() => post.call(this, msg, transfer), delay);
          else post.call(this, msg, transfer);
        };
      });
      await openPage(page, env);
      await dropFile(page, RUNS);
      await waitForState(page, 'ready');
      const lane1 = () => markerRow(page, 'main', 33);
      const shows = (m, inside, outside) => m && isBox(at(m, inside * m.width)) && !isBox(at(m, outside * m.width));
      let m = null;
      for (let i = 0; i < 50 && !shows(m, 0.83, 0.78); i++) {
        await page.waitForTimeout(100);
        m = await lane1();
      }
      assert.ok(shows(m, 0.83, 0.78), '"late" at 0.80–0.85 of the width');
      await page.evaluate(() => {
        globalThis.pvDelayRender = 1500;
      });
      const pressed = Date.now();
      // W zooms to 0.8 around the centre (100–900 µs): "late" spans 0.875–0.9375 of the width.
      await page.keyboard.press('w');
      m = null;
      while (Date.now() - pressed < 1200 && !shows(m, 0.9, 0.83)) m = await lane1();
      const waited = Date.now() - pressed;
      assert.ok(shows(m, 0.9, 0.83), `the old list moved to the new view: ${m && at(m, 0.9 * m.width)} / ${m && at(m, 0.83 * m.width)}`);
      assert.ok(waited < 1200, `drawn while the render list is held (${waited} ms after the key)`);
    });
  });
});
