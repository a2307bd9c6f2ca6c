// End-to-end test of the flow category filter: on a Kineto trace whose launch arrows are `ac2g`
// flows, "all flows" lists the categories in view with their counts, and unchecking `ac2g` hides
// those arrows, the selected launch's own arrows too (the timeline's data-flow-arrows counts the
// arrows each frame drew).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dataFile, dropFile, missingPrerequisite, openPage, setup, waitForState, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

// HTA test data: an AlexNet benchmark (PyTorch profiler, 2023) with `ac2g` launch → kernel flows.
const KINETO = dataFile('chrome_json/hta__critical_path_alexnet_benchmark_result_2869224_1695835535_trace.json.gz');

const arrows = (page) => page.evaluate(() => Number(document.querySelector('[data-testid="timeline"]')?.dataset.flowArrows ?? -1));
const categories = (page) =>
  page.$$eval('[data-testid="flow-category"]', (rows) =>
    rows.map((r) => ({
      name: r.querySelector('input')?.dataset.category,
      count: Number((r.querySelector('.tl-flow-cat-count')?.textContent ?? '').replace(/\D/g, '')),
      on: r.querySelector('input')?.checked,
    })),
  );

describe('flow categories', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('unchecking a category hides its arrows, in view and of the selection', async () => {
    await withPage(env, 'flow-filter', async (page) => {
      await openPage(page, env);
      await dropFile(page, KINETO);
      await waitForState(page, 'ready', 60000);
      assert.equal(await page.isVisible('[data-testid="flow-categories"]'), false, 'no categories listed before any arrow is drawn');

      // A launch selected: its own arrows are drawn, and their category is listed.
      await page.fill('[data-testid="search"]', 'cudaLaunchKernel');
      await page.locator('[data-testid="follow-flow"]').first().waitFor({ timeout: 10000 });
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="timeline"]')?.dataset.flowArrows) > 0);
      await page.click('[data-testid="flow-categories"] summary');
      assert.deepEqual(
        (await categories(page)).map((c) => c.name),
        ['ac2g'],
      );
      const own = await arrows(page);

      // Every flow in view of the whole trace: more arrows, counted per category.
      await page.click('[data-testid="zoom-fit"]');
      await page.click('[data-testid="flows-all"]');
      await page.waitForFunction((n) => Number(document.querySelector('[data-testid="timeline"]')?.dataset.flowArrows) > n, own);
      await page.waitForFunction(() => {
        const c = document.querySelector('[data-testid="flow-category"] input[data-category="ac2g"]')?.closest('label');
        return Number((c?.querySelector('.tl-flow-cat-count')?.textContent ?? '0').replace(/\D/g, '')) > 1;
      });
      const cats = await categories(page);
      const ac2g = cats.find((c) => c.name === 'ac2g');
      assert.ok(ac2g?.on && ac2g.count > 1, JSON.stringify(cats));
      const others = cats.filter((c) => c.name !== 'ac2g').reduce((s, c) => s + c.count, 0);
      const all = await arrows(page);
      assert.ok(all >= ac2g.count, `${all} arrows drawn, ${ac2g.count} of them ac2g`);

      // Hide ac2g: only the other categories' arrows are left (none in this file).
      await page.uncheck('[data-testid="flow-category"] input[data-category="ac2g"]');
      await page.waitForFunction((n) => Number(document.querySelector('[data-testid="timeline"]')?.dataset.flowArrows) === n, others);
      assert.match(await page.textContent('[data-testid="flow-categories"] summary'), /1 hidden/);

      // Without "all flows" the selection's ac2g arrows stay hidden too; checked again, they come back.
      await page.click('[data-testid="flows-all"]');
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="timeline"]')?.dataset.flowArrows) === 0);
      await page.check('[data-testid="flow-category"] input[data-category="ac2g"]');
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="timeline"]')?.dataset.flowArrows) > 0);
    });
  });
});
