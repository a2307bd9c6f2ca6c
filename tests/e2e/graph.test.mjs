// End-to-end test of the HLO graph view: open the TPU inference demo xplane, pick an op in the op
// list, see the graph drawn, click through to the timeline; nodes' measured numbers and the link to
// the HLO op stats and back; a custom call's kernel opened in the MLIR tab; an HLO file on the
// graph tab with its text and search; a picked fusion kept in view when expanded, a fused op's
// "Show in timeline" finding its fusion's slices. Run after
// `npm run wasm && npm run build`.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataFile, dropFile, missingPrerequisite, openPage, setup, waitForState, withPage } from './helpers.mjs';

/**
 * An HLO text module with a `tpu_custom_call` whose backend_config is the corpus kernel tpu_add's
 * (taken from its StableHLO module; `\22` is MLIR's escaped quote), written to a temporary file.
 */
function moduleWithKernel() {
  const stablehlo = readFileSync(dataFile('mlir/tpu_add.stablehlo.mlir'), 'utf8');
  const config = /backend_config = "([^"]*)"/.exec(stablehlo)[1].replaceAll('\\22', '\\"');
  const text = [
    'HloModule kernels',
    '',
    'ENTRY main {',
    '  a = f32[256,256]{1,0} parameter(0)',
    '  b = f32[256,256]{1,0} parameter(1)',
    `  k = f32[256,256]{1,0} custom-call(a, b), custom_call_target="tpu_custom_call", backend_config="${config}"`,
    '  ROOT n = f32[256,256]{1,0} negate(k)',
    '}',
    '',
  ].join('\n');
  const path = join(mkdtempSync(join(tmpdir(), 'planeview-graph-')), 'kernels.hlo.txt');
  writeFileSync(path, text);
  return path;
}

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

  test('nodes show their measured numbers and link to the HLO op stats and back', async () => {
    await withPage(env, 'graph-measured', async (page) => {
      await openPage(page, env);
      await page.click('[data-testid="open-demo"]');
      await waitForState(page, 'ready');
      await page.click('[data-testid="tab-graph"]');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="graph-module"] option').length > 0);
      await page.fill('[data-testid="graph-search"]', 'broadcast_add_fusion.1');
      await page.locator('[data-testid="graph-ops"] .graph-op[data-name="broadcast_add_fusion.1"]').click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="graph-info"] h3')?.textContent === 'broadcast_add_fusion.1',
      );
      // XProf's hlo_stats for this profile: 400 occurrences of broadcast_add_fusion.1.
      assert.match(await page.textContent('[data-testid="graph-info"]'), /measured[\d.]+ (ns|µs|ms|s) total · 400 occurrences/);
      const tooltip = await page.locator('.hlo-node[data-name="broadcast_add_fusion.1"] title').textContent();
      assert.match(tooltip, /measured: [\d.]+ (ns|µs|ms|s) total · 400 occurrences$/);
      // Graph node → its HLO op stats row.
      await page.locator('.hlo-node[data-name="broadcast_add_fusion.1"]').click();
      await page.click('[data-testid="graph-to-opstats"]');
      await page.locator('#panel-hlo-stats').waitFor({ state: 'visible' });
      const marked = page.locator('[data-testid="table-hlo-stats"] tr.marked');
      await marked.waitFor();
      assert.match(await marked.textContent(), /broadcast_add_fusion\.1/);
      // HLO op row → graph node.
      await page.click('[data-testid="hlo-stats-show-in-graph"]');
      await page.locator('#panel-graph').waitFor({ state: 'visible' });
      await page.waitForFunction(
        () => document.querySelector('[data-testid="graph-info"] h3')?.textContent === 'broadcast_add_fusion.1',
      );
      // Expanded, the fusion's body shows the fusion's numbers, marked as such.
      await page.click('[data-testid="graph-expand"]');
      await page.waitForFunction(() => document.querySelectorAll('.hlo-node title').length > 0 && [...document.querySelectorAll('.hlo-node title')].some((t) => /of fusion broadcast_add_fusion\.1/.test(t.textContent)));
    });
  });

  test('a custom call opens its kernel in the MLIR tab', async () => {
    await withPage(env, 'graph-kernel', async (page) => {
      await openPage(page, env);
      await dropFile(page, moduleWithKernel());
      await waitForState(page, 'ready');
      await page.click('[data-testid="tab-graph"]');
      await page.locator('[data-testid="graph-ops"] .graph-op[data-name="k"]').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="graph-info"] h3')?.textContent === 'k');
      assert.match(await page.textContent('[data-testid="graph-info"]'), /kernelmosaic_tpu/);
      await page.click('[data-testid="graph-open-kernel"]');
      assert.equal(await page.getAttribute('[data-testid="tab-mlir"]', 'aria-selected'), 'true');
      // The MLIR view shows the decoded kernel with locations: MLIR's own printing, line for line.
      const want = readFileSync(dataFile('mlir/tpu_add.generic-locs.mlir'), 'utf8').split('\n');
      const lines = want.length - (want[want.length - 1] === '' ? 1 : 0);
      await page.waitForFunction((n) => document.querySelector('#panel-mlir')?.dataset.lines === String(n), lines);
      assert.equal(await page.getAttribute('#panel-mlir', 'data-kernel'), 'k (mosaic_tpu)');
      assert.ok((await page.locator('.mlir-line .tok-op').count()) > 3, 'the kernel is highlighted');
      // Hiding locations asks the core again, without debug info.
      await page.click('[data-testid="mlir-locs"]');
      const plain = readFileSync(dataFile('mlir/tpu_add.generic.mlir'), 'utf8').split('\n');
      const plainLines = plain.length - (plain[plain.length - 1] === '' ? 1 : 0);
      await page.waitForFunction((n) => document.querySelector('#panel-mlir')?.dataset.lines === String(n), plainLines);
    });
  });
  test('an HLO file opens on the graph tab; its text shows in the page and the search finds a name', async () => {
    await withPage(env, 'graph-hlo-file', async (page) => {
      await openPage(page, env);
      await dropFile(page, dataFile('hlo/jit_attention.cpu_after_optimizations.txt'));
      await waitForState(page, 'ready');
      assert.equal(await page.getAttribute('[data-testid="tab-graph"]', 'aria-selected'), 'true');
      await page.waitForFunction(() => /^HloModule jit_attention/.test(document.querySelector('[data-testid="graph-hlo-text"]')?.textContent ?? ''));
      await page.fill('[data-testid="graph-text-search"]', 'fusion.2 =');
      const current = page.locator('[data-testid="graph-hlo-text"] mark.current');
      await current.waitFor();
      assert.equal(await current.textContent(), 'fusion.2 =');
      assert.match(await page.textContent('[data-testid="graph-text-count"]'), /^1 of \d+/);
      // The current match is scrolled into the text pane.
      const [m, pane] = await Promise.all([current.boundingBox(), page.locator('[data-testid="graph-hlo-text"]').boundingBox()]);
      assert.ok(m.y >= pane.y && m.y + m.height <= pane.y + pane.height, `match ${JSON.stringify(m)} in pane ${JSON.stringify(pane)}`);
      // Downloads say what they download.
      assert.match(await page.textContent('[data-testid="graph-download-text"]'), /^Download HLO text of module jit_attention/);
      assert.match(await page.textContent('[data-testid="graph-download-dot"]'), /^Download DOT of the module overview$/);
    });
  });

  test('a picked fusion stays in view when expanded; a fused op shows its fusion\'s slices', async () => {
    await withPage(env, 'graph-expand-view', async (page) => {
      await openPage(page, env);
      await page.click('[data-testid="open-demo"]');
      await waitForState(page, 'ready');
      await page.click('[data-testid="tab-graph"]');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="graph-module"] option').length > 0);
      await page.fill('[data-testid="graph-search"]', 'broadcast_add_fusion.1');
      await page.locator('[data-testid="graph-ops"] .graph-op[data-name="broadcast_add_fusion.1"]').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="graph-info"] h3')?.textContent === 'broadcast_add_fusion.1');
      assert.equal(await page.textContent('[data-testid="graph-download-dot"]'), 'Download DOT of this neighbourhood');
      await page.click('[data-testid="graph-expand"]');
      await page.waitForFunction(() => document.querySelector('.hlo-cluster') !== null);
      // The picked node (the fusion, drawn as its body) is selected and inside the canvas.
      const selected = page.locator('[data-testid="graph-canvas"] .hlo-node rect[stroke-width="3"]');
      await selected.waitFor();
      const [box, canvas] = await Promise.all([selected.boundingBox(), page.locator('[data-testid="graph-canvas"]').boundingBox()]);
      assert.ok(
        box.x >= canvas.x && box.y >= canvas.y && box.x + box.width <= canvas.x + canvas.width && box.y + box.height <= canvas.y + canvas.height,
        `node ${JSON.stringify(box)} in canvas ${JSON.stringify(canvas)}`,
      );
      // A fused instruction: "Show in timeline" searches for the fusion, whose slices exist.
      const fused = await page.$$eval('.hlo-node', (els) => els.map((e) => e.getAttribute('data-name')).find((n) => n !== 'broadcast_add_fusion.1' && [...document.querySelectorAll(`.hlo-node[data-name="${n}"] title`)].some((t) => /of fusion broadcast_add_fusion\.1/.test(t.textContent))));
      assert.ok(fused, 'a node inside the fusion');
      await page.locator(`.hlo-node[data-name="${fused}"]`).click();
      await page.waitForFunction((n) => document.querySelector('[data-testid="graph-info"] h3')?.textContent === n, fused);
      assert.equal(await page.textContent('[data-testid="graph-to-timeline"]'), 'Show fusion broadcast_add_fusion.1 in timeline');
      await page.click('[data-testid="graph-to-timeline"]');
      await page.locator('#panel-timeline').waitFor({ state: 'visible' });
      assert.equal(await page.inputValue('[data-testid="search"]'), 'broadcast_add_fusion.1');
      await page.waitForFunction(() => /\d+ of \d+/.test(document.querySelector('[data-testid="search-count"]')?.textContent ?? ''));
    });
  });
});
