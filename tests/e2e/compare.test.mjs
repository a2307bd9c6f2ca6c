// End-to-end tests of the Compare tab on the corpus's diff pair (one PyTorch program, its first
// hidden layer 2x wider in the candidate: the mean step about 90 % slower, aten::mm the biggest
// regression; corpus multi/README.md): opened by dropping both files and through "Compare with…",
// the summary, the framework-ops diff table, both runs on the timeline, a picked row highlighted on
// both; and two unrelated profiles, where the page says what could not be matched and still shows
// both.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { dropFiles, fileFromDisk, missingPrerequisite, openFileAndWait, openPage, setup, skipOrFail, waitForState, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

const CORPUS = process.env.PLANEVIEW_CORPUS ?? join(process.cwd(), '..', 'shared', 'corpus');
const BASE = join(CORPUS, 'multi', 'diff_pair_torch', 'base.pt.trace.json.gz');
const CHANGED = join(CORPUS, 'multi', 'diff_pair_torch', 'changed.pt.trace.json.gz');
const XPLANE = join(CORPUS, 'multi', 'jax_cpu_2proc', 'host0.xplane.pb');
const missing = [BASE, CHANGED, XPLANE].find((p) => !existsSync(p));
const noCorpus = missing ? skipOrFail(`the corpus file ${missing} is missing (set PLANEVIEW_CORPUS)`) : null;
if (noCorpus) console.log(`# skipping the compare tests: ${noCorpus}`);

/** Waits until the Compare tab is selected and has drawn its comparison. */
async function waitForCompare(page) {
  await waitForState(page, 'ready', 60000);
  await page.waitForFunction(() => document.getElementById('tab-compare')?.getAttribute('aria-selected') === 'true', null, { timeout: 10000 });
  await page.waitForSelector('[data-testid="compare-view"][data-ready="true"]', { timeout: 60000 });
}

/** The cells of diff table `name`'s body rows as text, in display order, keyed by column id. */
async function diffRows(page, name) {
  return page.$$eval(`[data-testid="diff-table"][data-table="${name}"] [data-testid="diff-row"]`, (rows) => {
    const ths = Array.from(rows[0]?.closest('table')?.querySelectorAll('th') ?? []);
    return rows.map((r) => Object.fromEntries(Array.from(r.cells).map((c, i) => [ths[i]?.dataset.col ?? String(i), c.textContent ?? ''])));
  });
}

/** The diff pair compared: the summary says ~+90 %, aten::mm tops the framework ops, a row highlights on both runs. */
async function checkDiffPair(page) {
  await waitForCompare(page);
  const summary = (await page.textContent('[data-testid="compare-summary"]')) ?? '';
  const m = /mean step is ([\d.]+)% slower \((\d+) steps vs (\d+)\)/.exec(summary);
  assert.ok(m, `summary line: ${summary}`);
  // Ground truth: mean step 11.67 ms → 22.36 ms (+91.6 %), 8 steps each.
  const pct = Number(m[1]);
  assert.ok(pct > 70 && pct < 110, `the candidate is about 90 % slower: ${pct}`);
  assert.equal(m[2], '8');
  assert.equal(m[3], '8');
  assert.match(summary, /Top regressions[\s\S]*aten::mm/);
  // The step-time distribution chart is drawn inline.
  await page.waitForSelector('[data-testid="compare-chart"] svg.an-chart');
  const rows = await diffRows(page, 'framework-ops');
  assert.ok(rows.length > 10, `framework-op rows: ${rows.length}`);
  assert.equal(rows[0].operation, 'aten::mm', 'the biggest change first');
  assert.equal(rows[0].status, 'matched');
  assert.match(rows[0].delta_ps, /^\d/, 'aten::mm got slower (a positive Δ)');
  // Both runs are on the timeline, one band each, the baseline first.
  const members = await page.$$eval('[data-testid="member"]', (els) => els.map((e) => e.textContent ?? ''));
  assert.equal(members.length, 2);
  assert.ok(members[0].includes('base.pt.trace.json.gz') && members[1].includes('changed.pt.trace.json.gz'), members.join(' | '));
  assert.ok(members[0].startsWith('baseline') && members[1].startsWith('candidate'), `labelled by their part: ${members.join(' | ')}`);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="timeline-member"]').length === 2, null, { timeout: 10000 });
  // Picking the row highlights its occurrences on both runs: every aten::mm of each, as many
  // as the row's occurrence columns count.
  const occurrences = Number(rows[0].base_occurrences) + Number(rows[0].cand_occurrences);
  assert.ok(occurrences > 2, `aten::mm occurs on both runs: ${occurrences}`);
  await page.click('[data-testid="diff-table"][data-table="framework-ops"] [data-testid="diff-row"] td');
  await page.waitForFunction(() => document.getElementById('tab-timeline')?.getAttribute('aria-selected') === 'true');
  await page.waitForFunction((n) => document.querySelector('[data-testid="timeline"]')?.dataset.highlighted === String(n), occurrences, { timeout: 10000 });
}

describe('compare two runs', { skip: skip ?? noCorpus ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('two files dropped together open in the Compare tab', async () => {
    await withPage(env, 'compare-drop', async (page) => {
      await openPage(page, env);
      assert.equal(await page.isHidden('[data-testid="tab-compare"]'), true, 'no Compare tab without two runs');
      await dropFiles(page, [BASE, CHANGED].map(fileFromDisk));
      await checkDiffPair(page);
      // Filter and CSV export as the analysis tables.
      await page.click('[data-testid="tab-compare"]');
      await page.fill('[data-testid="filter-diff-framework-ops"]', 'addmm');
      const filtered = await diffRows(page, 'framework-ops');
      // The filter matches any column, case-insensitively (AddmmBackward0 too), as the analysis tables' does.
      assert.ok(filtered.some((r) => r.operation === 'aten::addmm'), JSON.stringify(filtered.map((r) => r.operation)));
      assert.ok(filtered.length < 10 && filtered.every((r) => Object.values(r).join(' ').toLowerCase().includes('addmm')), JSON.stringify(filtered.map((r) => r.operation)));
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="csv-diff-framework-ops"]')]);
      assert.equal(download.suggestedFilename(), 'diff-framework-ops.csv');
      // The align picker offers the steps both runs have (#3..#10) and shifts the candidate.
      const steps = await page.$$eval('[data-testid="compare-align"] option', (os) => os.map((o) => o.textContent));
      assert.deepEqual(steps, ['the trace starts', ...[3, 4, 5, 6, 7, 8, 9, 10].map((n) => `step ${n}`)]);
      // Aligned at the first common step, then at step 10: the candidate's steps are about twice
      // as long, so its band's offset changes.
      assert.equal(await page.inputValue('[data-testid="compare-align"]'), '3');
      const offset = () => page.textContent('[data-testid="timeline-member"][data-member="1"] [data-testid="timeline-member-offset"]');
      const at3 = await offset();
      await page.selectOption('[data-testid="compare-align"]', '10');
      assert.match((await page.textContent('[data-testid="compare-shift"]')) ?? '', /^candidate shifted by [+−]\d/);
      await page.waitForFunction((before) => document.querySelector('[data-testid="timeline-member"][data-member="1"] [data-testid="timeline-member-offset"]')?.textContent !== before, at3, { timeout: 10000 });
      assert.notEqual(await offset(), at3);
    });
  });

  test('"Compare with…" compares the open profile with another file', async () => {
    await withPage(env, 'compare-with', async (page) => {
      await openPage(page, env);
      assert.equal(await page.isHidden('[data-testid="compare-with"]'), true, 'nothing to compare with before a profile is open');
      await openFileAndWait(page, BASE);
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-testid="compare-with"]')]);
      await chooser.setFiles(CHANGED);
      assert.equal(await page.locator('input[type=file]').count(), 1, 'the page keeps one file input');
      await checkDiffPair(page);
    });
  });

  test('two unrelated profiles: what could not be matched is said, both runs stay', async () => {
    await withPage(env, 'compare-unrelated', async (page) => {
      await openPage(page, env);
      await dropFiles(page, [XPLANE, BASE].map(fileFromDisk));
      await waitForCompare(page);
      const unmatched = (await page.textContent('[data-testid="compare-unmatched"]')) ?? '';
      assert.match(unmatched, /nothing in common/);
      assert.match(unmatched, /only the base has HLO ops/);
      // Both runs are loaded and listed, and every diff table is there (rows on one side only).
      const states = await page.$$eval('[data-testid="member"]', (els) => els.map((e) => e.textContent ?? ''));
      assert.equal(states.length, 2);
      assert.equal(await page.locator('[data-testid="diff-table"]').count(), 5);
      const ops = await diffRows(page, 'framework-ops');
      assert.ok(ops.length > 0 && ops.every((r) => r.status === 'added'), 'the framework ops are the candidate\'s only');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="timeline-member"]').length === 2, null, { timeout: 10000 });
    });
  });
});
