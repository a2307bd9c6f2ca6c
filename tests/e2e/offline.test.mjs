// Offline after the first load: the service worker caches the page, the engine, the Wasm and the
// demo; with the network cut and the server stopped, a reload still starts the page, and a profile
// (a picked file, and the demo) opens. Runs under the /planeview/ sub-path, as GitHub Pages serves it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dataFile, missingPrerequisite, openFileAndWait, openServiceWorkerPage, setup, statusText, waitForState, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
const XPLANE = dataFile('xplane/jax_cpu_mlp_small.xplane.pb');

describe('offline after the first load', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup({ serviceWorkers: 'allow' });
  });
  after(async () => {
    await env?.context.setOffline(false).catch(() => undefined);
    await env?.close();
  });

  test('reload with the network cut and the server gone, then open a profile', async () => {
    await withPage(env, 'offline', async (page, problems) => {
      // The service worker is installed (every file cached), active and controls this page.
      const base = await openServiceWorkerPage(page, env);
      const sw = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        const keys = await caches.keys();
        const cache = await caches.open(keys.find((k) => k.startsWith('planeview-')) ?? '');
        const urls = (await cache.keys()).map((r) => new URL(r.url).pathname);
        return { scope: reg?.scope, script: reg?.active?.scriptURL, keys, urls };
      });
      assert.equal(sw.scope, base, 'scope is the page directory');
      assert.equal(sw.script, `${base}sw.js`);
      assert.equal(sw.keys.length, 1, `one cache: ${sw.keys}`);
      assert.match(sw.keys[0], /^planeview-[0-9a-f]{16}$/, 'the cache is named after the build');
      for (const f of ['', 'index.html', 'main.js', 'worker.js', 'boot.js', 'planeview_bg.wasm', 'style.css', 'demo/tpu_inference_2.xplane.pb']) {
        assert.ok(sw.urls.includes(`/planeview/${f}`), `${f || 'the page'} is cached: ${sw.urls.join(', ')}`);
      }

      // Cut everything: the browser's network and the server itself.
      await env.context.setOffline(true);
      await env.stopServer();
      await page.reload();
      await waitForState(page, 'idle');
      await openFileAndWait(page, XPLANE);
      await page.click('[data-testid="open-demo"]');
      await page.waitForFunction(() => document.body.dataset.state === 'ready' && /^tpu_inference_2\.xplane\.pb · /.test(document.querySelector('#status')?.textContent ?? ''));
      assert.match(await statusText(page), /xspace/);

      // The service worker's own attempts to reach the network fail, by design of this test.
      for (let i = problems.length - 1; i >= 0; i--) {
        if (/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|ERR_FAILED/.test(problems[i])) problems.splice(i, 1);
      }
    });
  });
});
