// End-to-end test of flows in the page: drop a real Kineto GPU trace, select a cudaLaunchKernel,
// follow its flow to the kernel it launched and back, and draw every flow in view.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dataFile, dropFile, missingPrerequisite, openPage, setup, statusText, waitForState, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

// PyTorch profiler (Kineto, 2021) trace of ResNet-50 on a GPU: launches linked to kernels by flows.
const KINETO = dataFile('chrome_json/kineto__resnet50_nw0_worker0.1623143089861.pt.trace.json.gz');

const detailsName = (page) => page.evaluate(() => document.querySelector('[data-testid="details"] .details-name')?.textContent ?? '');

describe('flows', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('select a cudaLaunchKernel, follow its flow to the kernel and back', async () => {
    await withPage(env, 'flows-follow', async (page) => {
      await openPage(page, env);
      await dropFile(page, KINETO);
      await waitForState(page, 'ready', 60000);
      assert.match(await statusText(page), /kineto__resnet50/);
      await page.fill('[data-testid="search"]', 'cudaLaunchKernel');
      await page.waitForFunction(() => /^1 of /.test(document.querySelector('#search-count')?.textContent ?? ''));
      // The first launch whose details list an outgoing flow (every launch in this file has one).
      const out = page.locator('[data-testid="follow-flow"][data-direction="out"]');
      await out.first().waitFor({ timeout: 10000 });
      assert.equal(await detailsName(page), 'cudaLaunchKernel');
      const target = ((await out.first().textContent()) ?? '').replace(/^→ to /, '');
      assert.ok(target.length > 0 && target !== 'cudaLaunchKernel', target);
      await out.first().click();
      await page.waitForFunction((t) => document.querySelector('[data-testid="details"] .details-name')?.textContent === t, target);
      const back = page.locator('[data-testid="follow-flow"][data-direction="in"]');
      await back.first().waitFor();
      assert.match((await back.first().textContent()) ?? '', /cudaLaunchKernel/);
      await back.first().click();
      await page.waitForFunction(() => document.querySelector('[data-testid="details"] .details-name')?.textContent === 'cudaLaunchKernel');

      // Every flow in view, drawn without errors.
      await page.click('[data-testid="flows-all"]');
      await page.waitForTimeout(300);
    });
  });
});
