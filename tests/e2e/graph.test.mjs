// End-to-end test of the HLO graph view: open the TPU inference demo xplane, pick an op in the op
// list, see the graph drawn, click through to the timeline. Run after `npm run wasm && npm run build`.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { missingPrerequisite, openPage, setup, waitForState, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

describe('graph view', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('picks an op, draws its neighbourhood and jumps to its slices', async () => {
    await withPage(env, 'graph-view', async (page) => {
      await openPage(page, env);
      await page.click('[data-testid="open-demo"]');
      await waitForState(page, 'ready');
      await page.click('[data-testid="tab-graph"]');
      // The module list holds the profile's four modules (filled once the engine answers); the
      // biggest (jit_f) is picked.
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="graph-module"] option').length > 0);
      const options = await page.locator('[data-testid="graph-module"] option').allTextContents();
      assert.equal(options.length, 4, options.join(' | '));
      assert.match(await page.inputValue('[data-testid="graph-module"]').then(() => options.join(' ')), /jit_f\(12190760917235803885\)/);
      // Search the op list and pick the fusion.
      await page.fill('[data-testid="graph-search"]', 'broadcast_add_fusion.1');
      const op = page.locator('[data-testid="graph-ops"] .graph-op[data-name="broadcast_add_fusion.1"]');
      await op.click();
      const nodes = page.locator('[data-testid="graph-canvas"] .hlo-node');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="graph-info"] h3')?.textContent === 'broadcast_add_fusion.1',
      );
      const names = await nodes.evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));
      assert.ok(names.includes('broadcast_add_fusion.1'), names.join(','));
      assert.ok(names.includes('copy-done.2'), `its operand is drawn: ${names.join(',')}`);
      assert.ok(names.length >= 5, `neighbourhood of radius 3: ${names.join(',')}`);
      // Boxes are laid out without overlap and edges are drawn.
      const boxes = await nodes.evaluateAll((els) => els.map((e) => e.querySelector('rect').getBBox()).map((b) => [b.x, b.y, b.width, b.height]));
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]];
          const overlap = a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3];
          assert.ok(!overlap, `nodes ${names[i]} and ${names[j]} overlap`);
        }
      }
      assert.ok((await page.locator('[data-testid="graph-canvas"] path[marker-end]').count()) >= names.length - 1);
      // The tooltip panel shows the HLO text.
      assert.match(await page.textContent('[data-testid="graph-info"]'), /fusion\(%copy-done\.2\), kind=kLoop/);
      // Graph → timeline: the timeline tab opens and the search finds the op's slices.
      await page.click('[data-testid="graph-to-timeline"]');
      await page.locator('#panel-timeline').waitFor({ state: 'visible' });
      assert.equal(await page.inputValue('[data-testid="search"]'), 'broadcast_add_fusion.1');
      await page.waitForFunction(() => /of/.test(document.querySelector('[data-testid="search-count"]')?.textContent ?? ''));
      assert.match(await page.textContent('[data-testid="details"]'), /broadcast_add_fusion\.1/);
      // Timeline slice → graph: the selected XLA op offers "Show in graph".
      await page.click('[data-testid="show-in-graph"]');
      await page.locator('#panel-graph').waitFor({ state: 'visible' });
      await page.waitForFunction(
        () => document.querySelector('[data-testid="graph-info"] h3')?.textContent === 'broadcast_add_fusion.1',
      );
    });
  });
});
