// The page under a sub-path (as GitHub Pages serves it at /<repo>/): every URL must be relative.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dataFile, dropFile, missingPrerequisite, openPage, setup, statusText, trackNames, waitForState, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
const XPLANE = dataFile('xplane/jax_cpu_mlp_small.xplane.pb');

describe('planeview under /planeview/', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('main flow under the sub-path', async () => {
    await withPage(env, 'subpath-main-flow', async (page) => {
      const requested = [];
      page.on('request', (r) => requested.push(new URL(r.url()).pathname));
      await openPage(page, env, 'planeview/');
      await page.click('[data-testid="open-demo"]');
      await waitForState(page, 'ready');
      assert.match(await statusText(page), /xspace/i);
      assert.ok((await trackNames(page)).length > 0);
      const outside = requested.filter((p) => !p.startsWith('/planeview/'));
      assert.deepEqual(outside, [], 'every request stays under /planeview/');
      if (XPLANE) {
        await dropFile(page, XPLANE);
        await waitForState(page, 'ready');
        assert.match(await statusText(page), /^jax_cpu_mlp_small\.xplane\.pb · /);
      }
      await page.keyboard.press('w');
      await page.keyboard.press('0');
    });
  });

  test('opens ?url= relative to the sub-path', async () => {
    await withPage(env, 'subpath-url-param', async (page) => {
      await page.goto(new URL('planeview/?url=demo/tpu_inference_2.xplane.pb', env.url).href);
      await waitForState(page, 'ready');
      assert.match(await statusText(page), /^tpu_inference_2\.xplane\.pb · xspace/i);
    });
  });
});
