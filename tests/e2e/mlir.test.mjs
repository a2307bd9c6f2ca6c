// End-to-end test of the MLIR tab: drop a .mlirbc, see highlighted MLIR printed by the Wasm core,
// search it, click an SSA value to highlight its definition and uses, fold a region, hide locations,
// and pick a kernel out of StableHLO text.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dataFile, dropFile, missingPrerequisite, openPage, setup, waitForState, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

const MOSAIC_GPU = dataFile('mlir/mosaic_gpu_add.mlirbc');
const TRITON_STABLEHLO = dataFile('mlir/triton_add.stablehlo.mlir');

describe('MLIR tab', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('a dropped .mlirbc opens highlighted MLIR with search and SSA highlighting', async () => {
    await withPage(env, 'mlir-bytecode', async (page) => {
      await openPage(page, env);
      await dropFile(page, MOSAIC_GPU);
      await waitForState(page, 'ready');
      assert.equal(await page.getAttribute('[data-testid="tab-mlir"]', 'aria-selected'), 'true');
      const view = page.locator('[data-testid="mlir-view"]');
      await view.waitFor({ state: 'visible' });
      // 1,593 lines with locations (the text MLIR prints), only a screenful in the DOM.
      assert.equal(await page.getAttribute('#panel-mlir', 'data-lines'), '1593');
      const rendered = await page.locator('.mlir-line').count();
      assert.ok(rendered > 10 && rendered < 200, `virtualised: ${rendered} line elements`);
      const first = await page.locator('.mlir-line').first().textContent();
      assert.match(first, /#loc = loc\("pallas_call"\)/);
      assert.ok((await page.locator('.mlir-line .tok-op').count()) > 5, 'op names are highlighted');
      assert.ok((await page.locator('.mlir-line .tok-type').count()) > 5, 'types are highlighted');
      assert.ok((await page.locator('.mlir-loc-chip').count()) > 0, 'locations shown as chips');

      // Search jumps to a line far down and counts the matches.
      await page.fill('[data-testid="mlir-search"]', 'scf.index_switch');
      await page.locator('[data-testid="mlir-search-count"]').filter({ hasText: '1 / 1' }).waitFor();
      await page.locator('.mlir-match-current mark').first().waitFor();

      // Clicking an SSA value highlights its definition and its uses.
      const ssa = page.locator('.mlir-match-current [data-ssa]').first();
      const name = await ssa.getAttribute('data-ssa');
      await ssa.click();
      const info = await page.locator('[data-testid="mlir-ssa-info"]').textContent();
      assert.match(info, new RegExp(`^${name.replace('%', '%')}: defined on line \\d+ · \\d+ uses?$`));
      await page.locator('.ssa-use').first().waitFor();
      assert.ok((await page.locator(`.ssa-use[data-ssa="${name}"]`).count()) >= 1);
      await page.locator('[data-testid="mlir-ssa-info"]').click();
      await page.locator(`.ssa-def[data-ssa="${name}"]`).first().waitFor();

      // Hiding locations prints the text without them.
      await page.uncheck('[data-testid="mlir-locs"]');
      await page.waitForFunction(() => document.querySelector('#panel-mlir')?.getAttribute('data-lines') === '1539');
      assert.equal(await page.locator('.mlir-loc-chip').count(), 0);

      // Folding the kernel function (the second region from the top) hides its 1,500 lines.
      await page.fill('[data-testid="mlir-search"]', '');
      await page.locator('[data-testid="mlir-view"]').evaluate((e) => {
        e.scrollTop = 0;
      });
      await page.locator('.mlir-line').first().filter({ hasText: 'builtin.module' }).waitFor();
      await page.locator('.mlir-fold[data-line]').nth(1).click();
      await page.locator('.mlir-folded', { hasText: 'lines' }).first().waitFor();
      assert.ok((await page.locator('.mlir-line').count()) < 10, 'the folded body is not drawn');
    });
  });

  test('StableHLO text offers its kernels', async () => {
    await withPage(env, 'mlir-stablehlo', async (page) => {
      await openPage(page, env);
      await dropFile(page, TRITON_STABLEHLO);
      await waitForState(page, 'ready');
      const picker = page.locator('[data-testid="mlir-kernel"]');
      await picker.waitFor({ state: 'visible' });
      assert.match(await picker.textContent(), /custom_call#0 __gpu\$xla\.gpu\.triton/);
      await page.locator('.mlir-line .tok-op', { hasText: '"tt.func"' }).first().waitFor();
      await picker.selectOption('-1');
      await page.locator('.mlir-line .tok-op', { hasText: 'stablehlo.custom_call' }).first().waitFor();
    });
  });
});
