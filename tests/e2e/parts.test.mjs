// End-to-end test of one large file read in parts by several engine workers: a synthetic Kineto
// trace of about 70 MB (made by bench/gen-synthetic.mjs, past the size the page splits from) is
// opened from the file picker, so a helper worker reads a range of its events apart while the
// page's engine reads up to it and then takes the part; the load reports the parts it took. The
// same file opened by `?url=` (a download, read by one engine) must show the same profile: the
// same status line, tracks, health report and search results.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { missingPrerequisite, setup, statusText, trackNames, waitForState, withPage } from './helpers.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..');
const EVENTS = 340_000;
/** www/src/engine/part-slot.ts PARTS_FROM_BYTES. */
const PARTS_FROM_BYTES = 64 << 20;

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the parts tests: ${skip}`);

/** What the page shows of the loaded profile: status line, tracks, health report, a search. */
async function shown(page) {
  const status = (await statusText(page)).replace(/ · [\d.]+ (ms|s)\b.*$/, '');
  const tracks = await trackNames(page);
  await page.click('[data-testid="health-badge"]');
  await page.locator('#health-panel').waitFor({ state: 'visible' });
  const health = (await page.textContent('#health-panel')).replace(/\d+(\.\d+)? ?(ms|s)\b/g, '');
  return { status, tracks, health };
}

describe('one large file read in parts', { skip: skip ?? false }, () => {
  let env;
  let dir;
  let file;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'planeview-parts-'));
    env = await setup({ mounts: [{ prefix: '/made/', dir }] });
    file = join(dir, 'synthetic_kineto.json');
    const r = spawnSync(process.execPath, [join(ROOT, 'bench', 'gen-synthetic.mjs'), 'kineto', String(EVENTS), file], { stdio: ['ignore', 'ignore', 'inherit'] });
    assert.equal(r.status, 0, 'gen-synthetic.mjs made the file');
    assert.ok(statSync(file).size >= PARTS_FROM_BYTES, 'the file is large enough to be read in parts');
  });
  after(async () => {
    await env?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('a helper worker reads a part, the load takes it, and the profile is the one-reader profile', { timeout: 240000 }, async () => {
    let inParts;
    await withPage(env, 'parts-picked', async (page) => {
      await page.addInitScript(() => {
        globalThis.pvBench = true;
      });
      await page.goto(env.url);
      await waitForState(page, 'idle');
      await page.setInputFiles('input[type=file]', file);
      await waitForState(page, 'ready', 180000);
      const parts = await page.evaluate(() => performance.getEntriesByName('pv:load')[0]?.detail?.parts ?? null);
      assert.ok(parts && parts.read >= 1, `the file was read in parts: ${JSON.stringify(parts)}`);
      assert.equal(parts.taken, parts.read, 'the load took every part');
      inParts = await shown(page);
    });
    await withPage(env, 'parts-downloaded', async (page) => {
      await page.addInitScript(() => {
        globalThis.pvBench = true;
      });
      await page.goto(new URL('?url=made/synthetic_kineto.json', env.url).href);
      await waitForState(page, 'ready', 180000);
      const parts = await page.evaluate(() => performance.getEntriesByName('pv:load')[0]?.detail?.parts ?? null);
      assert.equal(parts, null, 'a download is read by one engine');
      const whole = await shown(page);
      assert.match(whole.status, /^synthetic_kineto\.json · chrome_json · /);
      assert.ok(whole.tracks.length > 3 && whole.health.length > 20, `a profile was shown: ${JSON.stringify(whole).slice(0, 300)}`);
      assert.deepEqual(inParts, whole);
    });
  });
});
