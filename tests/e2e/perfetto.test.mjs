// End-to-end test of a Perfetto protobuf trace written by Chromium, dropped on the page: it loads
// (state ready), names its processes and threads, draws slices, and a slice opens in details with
// its args. Run after `npm run wasm && npm run build`.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  dataFile,
  dropFile,
  groupNames,
  missingPrerequisite,
  openPage,
  setup,
  statusText,
  trackNames,
  waitForSlicePoint,
  waitForState,
  withPage,
} from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

const PFTRACE = dataFile('perfetto/chromium_devtools_small.pftrace.gz');

describe('perfetto trace on the page', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('a dropped Chromium pftrace is drawn and its slices open in details', async () => {
    await withPage(env, 'drop-perfetto', async (page) => {
      await openPage(page, env);
      await dropFile(page, PFTRACE);
      await waitForState(page, 'ready');
      const status = await statusText(page);
      assert.ok(status.startsWith('chromium_devtools_small.pftrace.gz · '), status);
      assert.match(status, / · perfetto · 75,372 events · /);
      const groups = await groupNames(page);
      for (const g of ['Browser', 'GPU Process', 'Renderer']) {
        assert.ok(groups.includes(g), `${g} among the groups: ${groups.join(', ')}`);
      }
      const tracks = await trackNames(page);
      for (const t of ['CrBrowserMain', 'CrGpuMain', 'CrRendererMain', 'Chrome_IOThread']) {
        assert.ok(tracks.includes(t), `${t} among the tracks: ${tracks.join(', ')}`);
      }
      const point = await waitForSlicePoint(page, 50);
      assert.ok(point, 'a slice is drawn on the canvas');
      await page.mouse.click(point.x, point.y);
      await page.waitForFunction(() => /Duration/.test(document.querySelector('[data-testid="details"]')?.textContent ?? ''));
      const details = await page.textContent('[data-testid="details"]');
      assert.match(details, /Track/);
      assert.match(details, /Process/);
      const name = (await page.textContent('[data-testid="details"] .details-name'))?.trim() ?? '';
      assert.ok(name.length > 0, 'the slice has a name');
    });
  });
});
