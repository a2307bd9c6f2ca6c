// End-to-end tests of the colour theme: with the system set to dark (emulated) the page and the
// timeline canvas are dark; the header's toggle switches light / dark / system and is remembered
// across a reload.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { missingPrerequisite, setup, waitForSlicePoint, waitForState, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

const DEMO = '?url=demo/tpu_inference_2.xplane.pb';

/** Relative luminance (0 black … 1 white) of a CSS rgb()/rgba() colour. */
function luminance(css) {
  const [r, g, b] = css.match(/[\d.]+/g).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

const bodyBackground = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/**
 * The most frequent colour of the timeline canvas as shown on screen (a screenshot of it, read
 * back in the page): its background, which is the bulk of it.
 */
async function canvasBackground(page) {
  const png = await page.locator('[data-testid="timeline"] canvas.tl-canvas').screenshot();
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const counts = new Map();
    for (let i = 0; i < d.length; i += 4 * 7) {
      const k = `rgb(${d[i]}, ${d[i + 1]}, ${d[i + 2]})`;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1])[0][0];
  }, png.toString('base64'));
}

describe('the colour theme', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('a dark system setting gives a dark page and a dark timeline canvas', async () => {
    await withPage(env, 'theme-system-dark', async (page) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(new URL(DEMO, env.url).href);
      await waitForState(page, 'ready', 60000);
      assert.ok(await waitForSlicePoint(page, 50), 'slices are drawn');
      assert.equal(await page.inputValue('[data-testid="theme-toggle"]'), 'system');
      assert.equal(await page.evaluate(() => document.documentElement.dataset.themeShown), 'dark');
      assert.ok(luminance(await bodyBackground(page)) < 0.15, `page background ${await bodyBackground(page)}`);
      const cv = await canvasBackground(page);
      assert.ok(luminance(cv) < 0.15, `canvas background ${cv}`);
      const ink = await page.evaluate(() => getComputedStyle(document.querySelector('.tl-track-name')).color);
      assert.ok(luminance(ink) > 0.6, `track names are light on dark (${ink})`);

      // The same page with a light system setting is light, canvas included.
      await page.emulateMedia({ colorScheme: 'light' });
      await page.waitForFunction(() => document.documentElement.dataset.themeShown === 'light');
      await page.waitForTimeout(200);
      assert.ok(luminance(await bodyBackground(page)) > 0.85, `page background ${await bodyBackground(page)}`);
      const light = await canvasBackground(page);
      assert.ok(luminance(light) > 0.85, `canvas background ${light}`);
    });
  });

  test('the toggle switches the theme and is remembered across a reload', async () => {
    await withPage(env, 'theme-toggle', async (page) => {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(new URL(DEMO, env.url).href);
      await waitForState(page, 'ready', 60000);
      assert.ok(luminance(await bodyBackground(page)) > 0.85);
      await page.selectOption('[data-testid="theme-toggle"]', 'dark');
      assert.ok(luminance(await bodyBackground(page)) < 0.15, 'dark at once');
      await page.waitForTimeout(200);
      assert.ok(luminance(await canvasBackground(page)) < 0.15, 'the canvas too');

      await page.reload();
      await waitForState(page, 'ready', 60000);
      assert.equal(await page.inputValue('[data-testid="theme-toggle"]'), 'dark');
      assert.ok(luminance(await bodyBackground(page)) < 0.15, 'still dark after the reload');

      // Light overrides a dark system setting; "system" follows it again.
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.selectOption('[data-testid="theme-toggle"]', 'light');
      assert.ok(luminance(await bodyBackground(page)) > 0.85, 'light under a dark system');
      await page.selectOption('[data-testid="theme-toggle"]', 'system');
      assert.ok(luminance(await bodyBackground(page)) < 0.15, 'system: dark again');
      assert.equal(await page.evaluate(() => localStorage.getItem('planeview-theme')), null, 'system is stored as no choice');
    });
  });
});
