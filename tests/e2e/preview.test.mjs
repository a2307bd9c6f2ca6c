// End-to-end tests of the timeline before a large file is loaded. A synthetic Kineto trace of
// 200,000 events (42 MB, made by bench/gen-synthetic.mjs) is opened by `?url=` over a network
// throttled to 16 MB/s (so it streams for seconds on any machine); while the page still reads it,
// the timeline shows a preview of the events read so far (drawn boxes), and once it is read the
// whole profile replaces the preview. A synthetic XSpace of 1,000,000 events (29 MB) is imported
// in steps: the status bar counts the share imported, the timeline previews the events placed so
// far (with `?quick-previews`, since this file imports in well under the second after which the
// page itself would show one), and the whole profile replaces the preview.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { missingPrerequisite, setup, statusText, waitForState, withPage } from './helpers.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..');
const EVENTS = 200_000;
const XSPACE_EVENTS = 1_000_000;

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the preview tests: ${skip}`);

/** Whether the timeline's canvas has saturated (drawn) boxes. */
const drawn = (page) =>
  page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="timeline"] canvas.tl-canvas');
    if (!(canvas instanceof HTMLCanvasElement) || canvas.width === 0) return false;
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 0; i < data.length; i += 4 * 7) {
      if (data[i + 3] > 200 && Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]) > 40) return true;
    }
    return false;
  });

describe('a timeline while the file streams in', { skip: skip ?? false }, () => {
  let env;
  let dir;
  let file;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'planeview-preview-'));
    env = await setup({ mounts: [{ prefix: '/made/', dir }] });
    file = join(dir, 'synthetic_kineto.json');
    const r = spawnSync(process.execPath, [join(ROOT, 'bench', 'gen-synthetic.mjs'), 'kineto', String(EVENTS), file], { stdio: ['ignore', 'ignore', 'inherit'] });
    assert.equal(r.status, 0, 'gen-synthetic.mjs made the file');
  });
  after(async () => {
    await env?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('a preview of the events read so far, then the whole profile', async () => {
    await withPage(env, 'preview', async (page) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: 16 << 20, uploadThroughput: -1 });
      await page.goto(new URL('?url=made/synthetic_kineto.json', env.url).href);
      // While the page still reads the file, the timeline shows what arrived.
      const seen = await page.waitForFunction(
        () => {
          const root = document.querySelector('[data-testid="timeline"]');
          return document.body.dataset.state === 'loading' && root?.dataset.preview ? Number(root.dataset.preview) : false;
        },
        null,
        { timeout: 60000, polling: 20 },
      );
      const previewEvents = await seen.jsonValue();
      assert.ok(previewEvents > 0 && previewEvents < EVENTS, `a preview of part of the file: ${previewEvents} events`);
      let boxes = false;
      for (let i = 0; i < 50 && !boxes && (await page.evaluate(() => document.body.dataset.state)) === 'loading'; i++) {
        boxes = await drawn(page);
        if (!boxes) await page.waitForTimeout(20);
      }
      assert.ok(boxes, 'the preview is drawn before the file is read');
      await waitForState(page, 'ready', 120000);
      assert.equal(await page.evaluate(() => document.querySelector('[data-testid="timeline"]')?.dataset.preview ?? null), null, 'the whole profile replaced the preview');
      assert.match(await statusText(page), /^synthetic_kineto\.json · chrome_json · /);
      assert.ok(await drawn(page), 'the whole profile is drawn');
    });
  });

  test('an XSpace imported in steps: its progress, a preview of the events placed, then the whole profile', async () => {
    const xspace = join(dir, 'synthetic.xplane.pb');
    const r = spawnSync(process.execPath, [join(ROOT, 'bench', 'gen-synthetic.mjs'), 'xspace', String(XSPACE_EVENTS), xspace], { stdio: ['ignore', 'ignore', 'inherit'] });
    assert.equal(r.status, 0, 'gen-synthetic.mjs made the XSpace');
    await withPage(env, 'preview-xspace', async (page) => {
      // Everything the timeline and the progress line show while loading, recorded as it happens.
      await page.addInitScript(() => {
        const seen = { previews: [], progress: [] };
        window.__seen = seen;
        new MutationObserver(() => {
          const preview = document.querySelector('[data-testid="timeline"]')?.getAttribute('data-preview');
          if (preview && document.body.dataset.state === 'loading') seen.previews.push(Number(preview));
          const text = document.getElementById('progress-text')?.textContent ?? '';
          if (text.startsWith('importing ') && text !== seen.progress.at(-1)) seen.progress.push(text);
        }).observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
      });
      await page.goto(new URL('?quick-previews&url=made/synthetic.xplane.pb', env.url).href);
      await waitForState(page, 'ready', 120000);
      const seen = await page.evaluate(() => window.__seen);
      assert.ok(
        seen.previews.some((n) => n > 0 && n < XSPACE_EVENTS),
        `a preview of part of the events before the whole profile: ${JSON.stringify(seen.previews.slice(0, 5))}`,
      );
      assert.ok(
        seen.progress.some((t) => /^importing \d+ % · [\d,]+ events placed/.test(t)),
        `the progress line counts the share imported: ${JSON.stringify(seen.progress.slice(0, 5))}`,
      );
      assert.equal(await page.evaluate(() => document.querySelector('[data-testid="timeline"]')?.dataset.preview ?? null), null, 'the whole profile replaced the preview');
      assert.match(await statusText(page), /^synthetic\.xplane\.pb · xspace · /);
      assert.ok(await drawn(page), 'the whole profile is drawn');
    });
  });
});
