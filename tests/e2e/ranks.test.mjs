// End-to-end tests of the ranks of one job: the 4 rank files of a real PyTorch DDP job
// (corpus multi/torch_ddp_4rank, gloo, 6 profiled steps, 12 allreduces per rank) opened together.
// The Ranks tab shows the steps × ranks table with the step times the files hold, the 12
// collective instances with the late rank the corpus ground truth names, the heat map whose cell
// zooms the timeline to that rank's step, the alignment picker; the analysis tabs get a rank picker.
// The expected numbers are read from the corpus README's ground-truth tables, not written here.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { durationPs, missingPrerequisite, openPage, rangeText, setup, showAnalysisTab, skipOrFail, waitForState, withPage } from './helpers.mjs';

const CORPUS = process.env.PLANEVIEW_CORPUS ?? '';
const JOB = join(CORPUS, 'multi', 'torch_ddp_4rank');
const FILES = [0, 1, 2, 3].map((r) => join(JOB, `rank-${r}.pt.trace.json.gz`));
const README = join(CORPUS, 'multi', 'README.md');

const skip =
  missingPrerequisite() ??
  (CORPUS && FILES.every((f) => existsSync(f)) && existsSync(README) ? null : skipOrFail('the corpus (PLANEVIEW_CORPUS with multi/torch_ddp_4rank) is missing'));
if (skip) console.log(`# skipping the ranks end-to-end tests: ${skip}`);

/** The rows of the markdown table after the line starting with `header` in `text`, as cell arrays. */
function markdownTable(text, header) {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.startsWith(header));
  assert.ok(at >= 0, `the README has a table starting "${header}"`);
  const rows = [];
  for (const line of lines.slice(at + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows;
}

/** The ground truth of torch_ddp_4rank: step durations (ms) per step and rank, latest starter per collective k. */
function groundTruth() {
  const text = readFileSync(README, 'utf8');
  const torch = text.slice(text.indexOf('### torch_ddp_4rank/ (4 ranks)'));
  const steps = markdownTable(torch, '| step | rank 0 | rank 1 | rank 2 | rank 3 | start skew ms').map((cells) => ({
    step: Number(cells[0].replace('#', '')),
    ms: cells.slice(1, 5).map((c) => Number(c.split(' ')[0])),
  }));
  const late = markdownTable(torch, '| k | step (rank 0) | nelems |').map((cells) => ({ k: Number(cells[0]), rank: Number(cells.at(-1)) }));
  return { steps, late };
}

/** The table's cells (text) and tooltips by column id, in display order. */
async function table(page, name) {
  return page.$$eval(`[data-testid="table-${name}"]`, ([t]) => {
    const cols = Array.from(t.querySelectorAll('thead th')).map((th) => th.dataset.col ?? '');
    return Array.from(t.querySelectorAll('tbody tr')).map((tr) => {
      const row = {};
      Array.from(tr.cells).forEach((td, i) => {
        row[cols[i]] = { text: td.textContent ?? '', title: td.title };
      });
      return row;
    });
  });
}

/** Opens the 4 rank files together (the file picker with several files) and waits for the page. */
async function openJob(page, env) {
  await openPage(page, env);
  await page.setInputFiles('input[type=file]', FILES);
  await waitForState(page, 'ready', 90000);
}

async function showRanks(page) {
  await page.click('[data-testid="tab-ranks"]');
  await page.waitForSelector('[data-testid="ranks-view"][data-ready="true"]', { timeout: 60000 });
}

/** The time in ps of a cell's exact tooltip ("96250000000 ps"). */
function ps(cell) {
  const m = /^(-?[\d.e+]+) ps$/.exec(cell.title);
  assert.ok(m, `an exact time in the tooltip "${cell.title}" of "${cell.text}"`);
  return Number(m[1]);
}

describe('the ranks of one job', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('one file alone has no Ranks tab', async () => {
    await withPage(env, 'ranks-single', async (page) => {
      await openPage(page, env);
      await page.setInputFiles('input[type=file]', FILES[0]);
      await waitForState(page, 'ready', 60000);
      assert.equal(await page.isVisible('[data-testid="tab-ranks"]'), false, 'the Ranks tab is hidden for one profile');
      await showAnalysisTab(page, 'framework-ops');
      assert.equal(await page.$('[data-testid="rank-picker"]'), null, 'no rank picker for one profile');
    });
  });

  test('steps, collectives, heat map and alignment of 4 DDP ranks', async () => {
    const truth = groundTruth();
    assert.equal(truth.steps.length, 6);
    assert.equal(truth.late.length, 12);
    await withPage(env, 'ranks-job', async (page) => {
      await openJob(page, env);
      assert.ok(await page.isVisible('[data-testid="tab-ranks"]'), 'a job shows the Ranks tab');
      await showRanks(page);

      // Steps #2..#7 × ranks 0..3, each time as the file records it (±0.01 ms: the README rounds).
      const steps = await table(page, 'ranks-steps');
      assert.deepEqual(
        steps.map((r) => Number(r.step.text)),
        [2, 3, 4, 5, 6, 7],
      );
      for (const [i, want] of truth.steps.entries()) {
        for (const rank of [0, 1, 2, 3]) {
          const got = ps(steps[i][`time_${rank}`]) / 1e9;
          assert.ok(Math.abs(got - want.ms[rank]) < 0.01, `step #${want.step} on rank ${rank}: ${got} ms, the file says ${want.ms[rank]} ms`);
        }
        // The slowest rank is the one with the longest step.
        const slowest = want.ms.indexOf(Math.max(...want.ms));
        assert.equal(steps[i].slowest_rank.text, String(slowest), `slowest rank of step #${want.step}`);
        const spread = ps(steps[i].spread_ps) / 1e9;
        assert.ok(Math.abs(spread - (Math.max(...want.ms) - Math.min(...want.ms))) < 0.02, `spread of step #${want.step}: ${spread} ms`);
      }

      // 12 allreduce instances; the late rank of each is the corpus' latest starter.
      const colls = await table(page, 'ranks-collectives');
      assert.equal(colls.length, 12, 'one row per collective instance');
      const lateByK = new Map(colls.map((r) => [Number(r.instance.text), r.late_rank.text]));
      for (const { k, rank } of truth.late) assert.equal(lateByK.get(k), String(rank), `late rank of collective ${k}`);
      // Filter and CSV as in the analysis tables.
      await page.fill('[data-testid="filter-ranks-collectives"]', 'no such collective');
      assert.equal((await table(page, 'ranks-collectives')).length, 0);
      await page.fill('[data-testid="filter-ranks-collectives"]', '');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="csv-ranks-collectives"]')]);
      assert.equal(download.suggestedFilename(), 'ranks-collectives.csv');

      // The heat map: 4 ranks × 6 steps, each cell's exact value on hover.
      const cells = await page.$$eval('[data-testid="ranks-heatmap"] [data-testid="heat-cell"]', (els) =>
        els.map((e) => ({ rank: e.dataset.rank, step: e.dataset.step, title: e.querySelector('title')?.textContent ?? '' })),
      );
      assert.equal(cells.length, 24);
      assert.deepEqual([...new Set(cells.map((c) => c.rank))].sort(), ['0', '1', '2', '3']);
      assert.deepEqual([...new Set(cells.map((c) => c.step))].sort(), ['2', '3', '4', '5', '6', '7']);
      const cell34 = cells.find((c) => c.rank === '3' && c.step === '4');
      const want34 = truth.steps.find((s) => s.step === 4).ms[3];
      const m = /step time (\d+) ps/.exec(cell34.title);
      assert.ok(m, `the cell's tooltip "${cell34.title}" has the exact step time`);
      assert.ok(Math.abs(Number(m[1]) / 1e9 - want34) < 0.01);
      // Wait time instead of step time.
      await page.selectOption('[data-testid="ranks-heat-mode"]', 'wait');
      const waitTitle = await page.$eval('[data-testid="heat-cell"][data-rank="3"][data-step="4"] title', (t) => t.textContent ?? '');
      assert.match(waitTitle, /wait \d+ ps/);
      await page.selectOption('[data-testid="ranks-heat-mode"]', 'step');

      // The problems list is there; this job has none of the identity problems.
      const problems = (await page.textContent('[data-testid="ranks-problems"]')) ?? '';
      assert.doesNotMatch(problems, /duplicate|missing/i);

      // A click on a cell zooms the timeline to that rank's step #4 and scrolls to its band.
      await page.click('[data-testid="tab-timeline"]');
      const fullView = await rangeText(page);
      await showRanks(page);
      await page.click('[data-testid="heat-cell"][data-rank="3"][data-step="4"]');
      await page.waitForFunction(() => document.getElementById('tab-timeline')?.getAttribute('aria-selected') === 'true');
      await page.waitForFunction((b) => (document.querySelector('[data-testid="timeline-range"]')?.textContent ?? '') !== b, fullView, { timeout: 10000 });
      const text = await rangeText(page);
      const span = /·\s*([\d.,]+)\s*(µs|ms|s) visible/.exec(text);
      assert.ok(span, `a span in the range text "${text}"`);
      const spanMs = Number(span[1].replaceAll(',', '')) * { µs: 1e-3, ms: 1, s: 1e3 }[span[2]];
      assert.ok(Math.abs(spanMs - want34) < want34 * 0.02, `the timeline shows step #4 of rank 3 (${want34} ms), not ${text}`);
      const inView = await page.evaluate(() => {
        const scroll = document.querySelector('[data-testid="timeline"] .tl-scroll')?.getBoundingClientRect();
        const band = [...document.querySelectorAll('[data-testid="timeline-member"]')].find((b) => /rank-3/.test(b.textContent ?? ''));
        const r = band?.getBoundingClientRect();
        return scroll && r ? r.top >= scroll.top - 1 && r.top < scroll.bottom : false;
      });
      assert.ok(inView, "rank 3's band is scrolled into view");

      // Aligning on the start of step #2 re-merges: the offsets change, the tables stay.
      await showRanks(page);
      const clockOffsets = await page.textContent('[data-testid="ranks-offsets"]');
      await page.selectOption('[data-testid="ranks-align"]', 'step:2');
      await page.waitForFunction((before) => document.querySelector('[data-testid="ranks-offsets"]')?.textContent !== before, clockOffsets, { timeout: 30000 });
      await page.waitForSelector('[data-testid="ranks-view"][data-ready="true"]');
      assert.equal(await page.inputValue('[data-testid="ranks-align"]'), 'step:2');
      // The offsets listed are the ones beside the timeline's bands (the first file's rank at +0).
      const listed = await page.$$eval('[data-testid="ranks-offsets"] dd', (els) => els.map((e) => /offset (\S+ \S+)/.exec(e.textContent ?? '')?.[1] ?? ''));
      const beside = await page.$$eval('[data-testid="timeline-member-offset"]', (els) => els.map((e) => e.textContent ?? ''));
      // "+18.36 ms", "−4.5 ms", and a band's bare "+0".
      const offsetPs = (text) => {
        assert.match(text, /^[+−]/, `an offset: ${text}`);
        return text === '+0' ? 0 : (text.startsWith('−') ? -1 : 1) * durationPs(text.slice(1));
      };
      assert.equal(offsetPs(listed[0]), 0, `rank 0 keeps its own clock: ${listed.join(', ')}`);
      assert.equal(beside.length, listed.length);
      beside.forEach((b, i) => {
        const [x, y] = [offsetPs(b), offsetPs(listed[i])];
        assert.ok(Math.abs(x - y) <= 1e-3 * Math.abs(y) + 1, `rank ${i}'s offset is the same in the Ranks tab (${listed[i]}) and beside its band (${b})`);
      });
      assert.equal((await table(page, 'ranks-steps')).length, 6);
      // The timeline's alignment menu shows the same choice, and choosing there comes back here.
      const timelineAlign = () => page.$eval('[data-testid="timeline-align"]', (s) => s.options[s.selectedIndex]?.textContent ?? '');
      assert.match(await timelineAlign(), /step 2/);
      await page.click('[data-testid="tab-timeline"]');
      const clockIndex = await page.$eval('[data-testid="timeline-align"]', (s) => [...s.options].findIndex((o) => o.textContent === 'clock'));
      await page.selectOption('[data-testid="timeline-align"]', { index: clockIndex });
      await page.waitForFunction(() => document.querySelector('[data-testid="ranks-align"]')?.value === 'clock', null, { timeout: 30000 });
      await page.waitForSelector('[data-testid="ranks-view"][data-ready="true"]', { state: 'attached' });
      assert.equal(await page.textContent('[data-testid="ranks-offsets"]'), clockOffsets, 'back on the clock, the offsets are the first ones');
    });
  });

  test('a job with a rank left out and one claimed twice: the problems named, the others compared', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'planeview-ranks-'));
    const copy = join(dir, 'rank-1-again.pt.trace.json.gz');
    copyFileSync(FILES[1], copy);
    after(() => rmSync(dir, { recursive: true, force: true }));
    await withPage(env, 'ranks-missing', async (page) => {
      await openPage(page, env);
      await page.setInputFiles('input[type=file]', [FILES[0], FILES[1], copy, FILES[3]]);
      await waitForState(page, 'ready', 90000);
      await showRanks(page);
      const problems = (await page.textContent('[data-testid="ranks-problems"]')) ?? '';
      assert.match(problems, /world size 4, but no file for rank 2/);
      // One of the two is kept (the merge orders them by rank, then file name), the other named.
      assert.match(problems, /rank-1(-again)?\.pt\.trace\.json\.gz: claims rank 1, as rank-1(-again)?\.pt\.trace\.json\.gz does; left out/);
      const cols = await page.$$eval('[data-testid="table-ranks-steps"] th', (ths) => ths.map((t) => t.dataset.col).filter((c) => c.startsWith('time_')));
      assert.deepEqual(cols, ['time_0', 'time_1', 'time_3']);
      assert.equal(await page.locator('[data-testid="heat-cell"]').count(), 18, '3 ranks × 6 steps');
    });
  });

  test('the analysis tabs of a job: all ranks merged with a rank column, or one rank', async () => {
    await withPage(env, 'ranks-analysis', async (page) => {
      await openJob(page, env);
      await showAnalysisTab(page, 'framework-ops');
      const picker = '#panel-framework-ops [data-testid="rank-picker"]';
      assert.equal(await page.inputValue(picker), 'all');
      const merged = await table(page, 'framework-ops');
      // Each key's "all" row, then one row per rank that has it, labelled by its member.
      const labels = new Set(merged.map((r) => r.rank.text));
      assert.ok(labels.has('all'), 'the sum over the ranks has rows');
      assert.equal(labels.size, 5, `"all" and 4 ranks label the rows: ${[...labels]}`);
      assert.equal(merged[0].rank.text, 'all');
      // Picking an "all" row highlights that op's occurrences on every rank together; a rank's
      // row only its own.
      await page.fill('[data-testid="filter-framework-ops"]', 'aten::mm');
      const mm = await table(page, 'framework-ops');
      const pick = async (label, want) => {
        const i = mm.findIndex((r) => r.rank.text === label && r.operation.text === 'aten::mm');
        assert.ok(i >= 0, `an aten::mm row of ${label}`);
        await page.click(`[data-testid="table-framework-ops"] tbody tr:nth-child(${i + 1}) td`);
        await page.waitForFunction(() => document.getElementById('tab-timeline')?.getAttribute('aria-selected') === 'true');
        await page.waitForFunction((n) => document.querySelector('[data-testid="timeline"]')?.dataset.highlighted === String(n), want, { timeout: 10000 });
        await page.click('[data-testid="tab-framework-ops"]');
      };
      const occurrences = (label) => Number(mm.find((r) => r.rank.text === label && r.operation.text === 'aten::mm').occurrences.text.replaceAll(',', ''));
      const perRank = [...labels].filter((l) => l !== 'all');
      assert.equal(occurrences('all'), perRank.map(occurrences).reduce((a, b) => a + b, 0), 'the all row sums the ranks');
      await pick('all', occurrences('all'));
      await pick(perRank[2], occurrences(perRank[2]));
      await page.fill('[data-testid="filter-framework-ops"]', '');
      // One rank: that rank's own table, fewer rows than the merge, no rank labels.
      await page.selectOption(picker, '2');
      await page.waitForFunction(() => document.getElementById('panel-framework-ops')?.dataset.ready === 'true');
      await page.waitForSelector('#panel-framework-ops [data-testid="table-framework-ops"]');
      const one = await table(page, 'framework-ops');
      assert.ok(one.length > 0 && one.length < merged.length, `rank 2 has ${one.length} rows, the merge ${merged.length}`);
      assert.ok(
        one.every((r) => /^\d+$/.test(r.rank.text)),
        'a rank of its own shows its table as for one profile (the rank column is the row number)',
      );
      // The kernels tab has the picker too (this CPU job launched no GPU kernels).
      await showAnalysisTab(page, 'kernels');
      assert.ok(await page.isVisible('#panel-kernels [data-testid="rank-picker"]'));
      assert.equal(await page.inputValue('#panel-kernels [data-testid="rank-picker"]'), '2', 'one choice for every tab');
      // The overview of rank 2: its step chart's first bar zooms the timeline to rank 2's step #2.
      await showAnalysisTab(page, 'overview');
      assert.equal(await page.inputValue('#panel-overview [data-testid="rank-picker"]'), '2');
      const bar = page.locator('#panel-overview svg.an-chart rect[data-zoom="true"]').first();
      const box = await bar.boundingBox();
      assert.ok(box, 'the first step bar has a box');
      await page.click('[data-testid="tab-timeline"]');
      const fullView = await rangeText(page);
      await page.click('[data-testid="tab-overview"]');
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForFunction(() => document.getElementById('tab-timeline')?.getAttribute('aria-selected') === 'true');
      await page.waitForFunction((b) => (document.querySelector('[data-testid="timeline-range"]')?.textContent ?? '') !== b, fullView, { timeout: 10000 });
      const want = groundTruth().steps.find((s) => s.step === 2).ms[2];
      const text = await rangeText(page);
      const span = /·\s*([\d.,]+)\s*(µs|ms|s) visible/.exec(text);
      assert.ok(span, `a span in the range text "${text}"`);
      const spanMs = Number(span[1].replaceAll(',', '')) * { µs: 1e-3, ms: 1, s: 1e3 }[span[2]];
      assert.ok(Math.abs(spanMs - want) < want * 0.05, `the timeline shows step #2 of rank 2 (${want} ms), not ${text}`);
      // At the same place as the Ranks tab's cell of rank 2, step #2 (on the session's clock, not rank 2's own).
      const startMs = (t) => {
        const m = /^([\d.,]+)\s*(µs|ms|s)\s*–/.exec(t);
        assert.ok(m, `a start in the range text "${t}"`);
        return Number(m[1].replaceAll(',', '')) * { µs: 1e-3, ms: 1, s: 1e3 }[m[2]];
      };
      await showRanks(page);
      await page.click('[data-testid="tab-timeline"]');
      await page.click('[data-testid="zoom-fit"]');
      await page.waitForFunction((b) => (document.querySelector('[data-testid="timeline-range"]')?.textContent ?? '') !== b, text, { timeout: 10000 });
      const fitted = await rangeText(page);
      await showRanks(page);
      await page.click('[data-testid="heat-cell"][data-rank="2"][data-step="2"]');
      await page.waitForFunction((b) => (document.querySelector('[data-testid="timeline-range"]')?.textContent ?? '') !== b, fitted, { timeout: 10000 });
      const fromCell = await rangeText(page);
      assert.ok(Math.abs(startMs(fromCell) - startMs(text)) < 1, `the overview's step bar (${text}) and the heat map cell (${fromCell}) show the same step`);
    });
  });
});
