// Takes screenshots of the page for a person to look at (not a test):
//   node tests/e2e/screenshots.mjs   → tests/e2e/artifacts/*.png
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, dataFile, dropFile, waitForSlicePoint, openPage, setup, waitForState, withPage } from './helpers.mjs';

const env = await setup();
mkdirSync(ARTIFACTS, { recursive: true });
const shot = (page, name) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
try {
  await withPage(env, 'shot-idle', async (page) => {
    await openPage(page, env);
    await shot(page, 'idle');
  });
  await withPage(env, 'shot-demo', async (page) => {
    await openPage(page, env);
    await page.click('[data-testid="open-demo"]');
    await waitForState(page, 'ready');
    await page.waitForTimeout(400);
    await shot(page, 'demo');
    const point = await waitForSlicePoint(page, 30);
    if (point) {
      await page.mouse.click(point.x, point.y);
      await page.waitForFunction(() => /Duration/.test(document.querySelector('[data-testid="details"]')?.textContent ?? ''));
      await page.mouse.move(point.x, point.y + 1);
      await page.waitForTimeout(300);
      await shot(page, 'demo-selection');
      const name = (await page.textContent('[data-testid="details"] .details-name'))?.trim() ?? '';
      await page.fill('[data-testid="search"]', name.slice(0, Math.min(name.length, 6)));
      await page.waitForFunction(() => / of /.test(document.querySelector('#search-count')?.textContent ?? ''));
      await page.mouse.move(5, 5);
      await page.waitForTimeout(400);
      await shot(page, 'demo-search');
    }
    await page.click('[data-testid="health-badge"]');
    await page.waitForTimeout(100);
    await shot(page, 'demo-health');
  });
  // The timeline, roofline and health tabs of the demo at a small and a large window.
  for (const [w, h] of [
    [1000, 700],
    [1920, 1080],
  ]) {
    await withPage(env, `shot-tabs-${w}`, async (page) => {
      await page.setViewportSize({ width: w, height: h });
      await openPage(page, env);
      await page.click('[data-testid="open-demo"]');
      await waitForState(page, 'ready');
      await waitForSlicePoint(page, 30);
      await shot(page, `timeline-${w}x${h}`);
      for (const tab of ['roofline', 'health']) {
        await page.click(`[data-testid="tab-${tab}"]`);
        if (tab === 'roofline') await page.waitForSelector('#panel-roofline svg.an-chart');
        else await page.waitForSelector('[data-testid="health-list"]');
        await page.waitForTimeout(200);
        await shot(page, `${tab}-${w}x${h}`);
      }
    });
  }
  const kineto = dataFile('chrome_json/kineto__resnet50_nw0_worker0.1623143089861.pt.trace.json.gz');
  if (kineto) {
    await withPage(env, 'shot-kineto', async (page) => {
      await openPage(page, env);
      await dropFile(page, kineto);
      await waitForState(page, 'ready');
      await page.waitForTimeout(400);
      await shot(page, 'kineto');
      for (let i = 0; i < 12; i++) await page.keyboard.press('w');
      await page.waitForTimeout(400);
      await shot(page, 'kineto-zoomed');
    });
  }
  // The timeline's controls on the Kineto trace at a small and a large window, in the light and the
  // dark theme (the system's setting emulated): the right-click menu of a slice, the sheet of keys,
  // a pinned track with a marked span, and the track filter.
  for (const [w, h, theme] of [
    [1000, 700, 'light'],
    [1920, 1080, 'light'],
    [1000, 700, 'dark'],
    [1920, 1080, 'dark'],
  ]) {
    const size = theme === 'light' ? `${w}x${h}` : `${w}x${h}-dark`;
    await withPage(env, `shot-controls-${size}`, async (page) => {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: theme });
      await openPage(page, env);
      await dropFile(page, kineto);
      await waitForState(page, 'ready');
      await page.fill('[data-testid="search"]', 'ProfilerStep#8');
      await page.waitForFunction(() => document.querySelector('[data-testid="details"] .details-name')?.textContent === 'ProfilerStep#8');
      await page.locator('[data-testid="search"]').evaluate((e) => e.blur());
      await page.waitForTimeout(300);
      const c = await page.locator('[data-testid="timeline"] canvas.tl-canvas').boundingBox();
      const step = await page.locator('[data-testid="timeline"] .tl-track', { hasText: 'thread 25738 (python)' }).boundingBox();
      await page.mouse.click(c.x + c.width / 2, step.y + 13, { button: 'right' });
      await page.waitForTimeout(200);
      await shot(page, `menu-${size}`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('?');
      await page.waitForTimeout(200);
      await shot(page, `keys-${size}`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('m');
      await page.locator('[data-testid="timeline"] .tl-track', { hasText: 'stream 7' }).click({ button: 'right' });
      await page.click('[data-testid="menu-pin"]');
      await page.locator('[data-testid="timeline"] .tl-track', { hasText: 'Global instants' }).click({ button: 'right' });
      await page.click('[data-testid="menu-hide"]');
      await page.mouse.move(c.x + c.width / 2, c.y + c.height - 40);
      await page.mouse.wheel(0, 200);
      await page.waitForTimeout(400);
      await shot(page, `pinned-${size}`);
      await page.fill('[data-testid="track-filter"]', 'thread');
      await page.waitForTimeout(400);
      await shot(page, `filter-${size}`);
    });
  }
  await withPage(env, 'shot-error', async (page) => {
    await openPage(page, env);
    await page.setInputFiles('input[type=file]', { name: 'garbage.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('this is not a profile at all') });
    await waitForState(page, 'error');
    await shot(page, 'error');
  });
} finally {
  await env.close();
}
console.log(`screenshots in ${ARTIFACTS}`);
