// End-to-end tests of the selection panel under the timeline (Perfetto's area selection): the
// per-step table zooms the timeline to a step, Shift + drag across it lists the slices of the
// range by name with consistent times, per track or over the tracks, and its call tree reads
// top-down or bottom-up with rows that open. On a real PyTorch CPU trace of tests/data.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dataFile, dropFile, missingPrerequisite, durationPs, openPage, rangePs, rangeText, setup, waitForState, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

const TORCH = dataFile('chrome_json/torch-cpu__torch_cpu_smallcnn_train.json.gz');
const KINETO = dataFile('chrome_json/kineto__resnet50_nw0_worker0.1623143089861.pt.trace.json.gz');
const JAX_CPU = dataFile('xplane/jax_cpu_mlp_small.xplane.pb');

async function open(page, env, file) {
  await openPage(page, env);
  await dropFile(page, file);
  await waitForState(page, 'ready');
}

/** Shows analysis tab `tab` and waits until it is computed. */
async function showTab(page, tab) {
  await page.click(`[data-testid="tab-${tab}"]`);
  await page.waitForFunction((t) => document.getElementById(`panel-${t}`)?.dataset.ready === 'true', tab);
  return page.locator(`#panel-${tab}`);
}


describe('selection panel', { skip: Boolean(skip) }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('a step of the step table zooms the timeline; Shift + drag over it aggregates the slices; the call tree toggles', async () => {
    await withPage(env, 'selection-panel', async (page) => {
      await open(page, env, TORCH);
      const panel = page.locator('[data-testid="selection-panel"]');
      assert.ok(await panel.isVisible(), 'the panel is under the timeline once a profile is loaded');

      // Steps: ProfilerStep#N rows; a click zooms to about that step.
      await page.click('[data-testid="selection-tab-steps"]');
      const steps = page.locator('[data-testid="step-row"]');
      await steps.first().waitFor();
      assert.ok((await steps.count()) >= 2, 'the steps are listed');
      const step = steps.nth(1);
      const cells = await step.locator('td').allTextContents();
      assert.match(cells[0], /^ProfilerStep#\d+$/);
      const start = durationPs(cells[1]);
      const dur = durationPs(cells[2]);
      const full = await rangeText(page);
      await step.click();
      await page.waitForFunction((t) => document.querySelector('[data-testid="timeline-range"]')?.textContent?.trim() !== t, full);
      const r = rangePs(await rangeText(page));
      const tol = dur * 0.02;
      assert.ok(r.t0 <= start + tol && r.t1 >= start + dur - tol, `${JSON.stringify(r)} holds the step ${start} + ${dur}`);
      assert.ok(r.t1 - r.t0 < dur * 1.3, `and is about the step: ${r.t1 - r.t0} for ${dur}`);

      // Shift + drag across the step (almost the whole visible range).
      const box = await page.locator('[data-testid="timeline"] canvas.tl-canvas').boundingBox();
      const y = box.y + Math.min(60, box.height / 3);
      await page.keyboard.down('Shift');
      await page.mouse.move(box.x + box.width * 0.02, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.5, y, { steps: 4 });
      await page.mouse.move(box.x + box.width * 0.98, y, { steps: 4 });
      await page.mouse.up();
      await page.keyboard.up('Shift');
      await page.click('[data-testid="selection-tab-slices"]');
      const rows = page.locator('[data-testid="selection-row"]');
      await rows.first().waitFor();
      assert.ok((await rows.count()) >= 1);
      const header = page.locator('[data-testid="selection-header"]');
      const { fromPs, toPs, tracks } = await header.evaluate((e) => ({ ...e.dataset }));
      const length = Number(toPs) - Number(fromPs);
      assert.ok(length > dur * 0.9, `the dragged range ${length} spans the step ${dur}`);
      const values = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.dataset.value))));
      // Columns: name, track, occurrences, wall, self, average, max.
      const selfSum = values.reduce((s, v) => s + v[4], 0);
      assert.ok(selfSum > 0 && selfSum <= length * Number(tracks), `self ${selfSum} ≤ ${length} × ${tracks}`);
      for (const v of values) {
        assert.ok(v[2] >= 1 && v[4] <= v[3] && v[5] <= v[6] && v[6] <= v[3] + 1, `a row's numbers agree: ${v}`);
      }
      assert.match(await header.textContent(), /all shown slice tracks/);

      // Per track: every row names a track.
      const overTracks = await rows.count();
      await page.check('[data-testid="selection-per-track"]');
      // Rows that all name a track (not none: while the table is redrawn it has no rows).
      await page.waitForFunction(() => {
        const cells = [...document.querySelectorAll('[data-testid="selection-row"] td:nth-child(2)')];
        return cells.length > 0 && cells.every((td) => td.textContent !== 'all');
      });
      assert.ok((await rows.count()) >= overTracks);

      // The call tree, top-down then bottom-up; a root opens and folds.
      await page.click('[data-testid="selection-tab-tree"]');
      const tree = page.locator('[data-testid="call-tree"] tbody');
      await page.waitForFunction(() => document.querySelector('[data-testid="call-tree"] tbody')?.dataset.direction === 'top-down');
      const rootNames = () => tree.locator('tr[data-depth="0"] td:first-child span').allTextContents();
      const topRoots = await rootNames();
      assert.ok(await tree.locator('tr[data-depth="1"]').count(), 'the roots start open');
      await page.selectOption('[data-testid="call-tree-direction"]', 'bottom-up');
      await page.waitForFunction(() => document.querySelector('[data-testid="call-tree"] tbody')?.dataset.direction === 'bottom-up');
      const upRoots = await rootNames();
      assert.ok(
        upRoots.some((n) => !topRoots.includes(n)),
        `bottom-up starts from the functions with self time (${upRoots.slice(0, 5)}), not the outermost slices (${topRoots.slice(0, 5)})`,
      );
      const before = await tree.locator('tr').count();
      await tree.locator('tr[data-depth="0"] button[aria-expanded="true"]').first().click();
      assert.ok((await tree.locator('tr').count()) < before, 'a root folds');

      // A clicked slice: the panel shows its span on its track.
      const thread = await page.locator('[data-testid="timeline"] .tl-track', { hasText: /^thread/ }).first().boundingBox();
      await page.mouse.click(box.x + box.width * 0.5, thread.y + 10);
      await page.waitForFunction(() => / · track /.test(document.querySelector('[data-testid="selection-header"]')?.textContent ?? ''));
      assert.equal(await header.getAttribute('data-tracks'), '1');
    });
  });

  test('GPU ops: device time per operator of a Kineto GPU trace; HLO ops of JAX on CPU say they were measured on the host', async () => {
    await withPage(env, 'selection-gpu-ops', async (page) => {
      await open(page, env, KINETO);
      const gpu = await showTab(page, 'gpu-ops');
      const text = await gpu.locator('[data-testid="table-gpu-ops"]').textContent();
      assert.match(text, /aten::cudnn_convolution_backward_weight/);
      await open(page, env, JAX_CPU);
      const note = /Measured from host execution \(no device in this profile\)/;
      assert.match(await (await showTab(page, 'hlo-stats')).textContent(), note);
      assert.match(await (await showTab(page, 'op-profile')).textContent(), note);
    });
  });
});
