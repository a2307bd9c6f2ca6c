// End-to-end test of a job opened in one page: the four rank files of a PyTorch DDP job (dropped
// together, and picked as a folder) become four members, each in an engine of its own, shown as
// four rank bands on one timeline with their labels and the offset applied to each; the two
// hosts of a JAX job likewise; and among good files a truncated rank file (it loads what it
// holds and reports the loss) and a file that is no profile (it fails with its one-line error,
// in the member list and in Health) while the rest loads; more files than workers share them, and
// a file whose engine traps fails alone.
// The corpus comes from PLANEVIEW_CORPUS (its multi/ folder).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { dropFiles, durationPs, fileFromDisk, missingPrerequisite, openPage, rangePs, rangeText, setup, showAnalysisTab, skipOrFail, statusText, waitForState, withPage } from './helpers.mjs';

const CORPUS = process.env.PLANEVIEW_CORPUS ?? null;
const MULTI = CORPUS ? join(CORPUS, 'multi') : null;
const RANKS = MULTI ? [0, 1, 2, 3].map((r) => join(MULTI, 'torch_ddp_4rank', `rank-${r}.pt.trace.json.gz`)) : [];
const HOSTS = MULTI ? [0, 1].map((h) => join(MULTI, 'jax_cpu_2proc', `host${h}.xplane.pb`)) : [];

const skip =
  missingPrerequisite() ??
  (MULTI && [...RANKS, ...HOSTS].every((f) => existsSync(f)) ? null : skipOrFail('the corpus job files are missing (set PLANEVIEW_CORPUS to the corpus folder)'));
if (skip) console.log(`# skipping the job tests: ${skip}`);



/** The member list's rows: label, file, state and text. */
const members = (page) =>
  page.$$eval('[data-testid="member"]', (els) =>
    els.map((e) => ({
      label: e.querySelector('[data-testid="member-label"]')?.textContent ?? '',
      file: e.querySelector('[data-testid="member-file"]')?.textContent ?? e.querySelector('[data-testid="member-label"]')?.textContent ?? '',
      state: e.dataset.state ?? '',
      text: e.querySelector('[data-testid="member-state"]')?.textContent ?? '',
    })),
  );

/** The timeline's member bands: label and offset shown. */
const bands = (page) =>
  page.$$eval('[data-testid="timeline-member"]', (els) =>
    els.map((e) => ({
      label: e.querySelector('[data-testid="timeline-member-label"]')?.textContent ?? '',
      offset: e.querySelector('[data-testid="timeline-member-offset"]')?.textContent ?? '',
    })),
  );

/** Whether the canvas has drawn saturated boxes in the rows of at least `n` bands. */
const drawnBands = (page) =>
  page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="timeline"] canvas.tl-canvas');
    const heads = [...document.querySelectorAll('[data-testid="timeline-member"]')];
    if (!(canvas instanceof HTMLCanvasElement) || heads.length === 0) return 0;
    const ctx = canvas.getContext('2d');
    const { width, height } = canvas;
    const data = ctx.getImageData(0, 0, width, height).data;
    const rect = canvas.getBoundingClientRect();
    const sy = height / rect.height;
    const tops = heads.map((h) => h.getBoundingClientRect().top - rect.top).concat([rect.height]);
    let drawn = 0;
    for (let b = 0; b < heads.length; b++) {
      const y0 = Math.max(0, Math.floor(tops[b] * sy));
      const y1 = Math.min(height, Math.floor(tops[b + 1] * sy));
      let found = false;
      for (let y = y0; y < y1 && !found; y += 2) {
        for (let x = 0; x < width && !found; x += 3) {
          const i = (y * width + x) * 4;
          const [r, g, bl, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
          if (a > 200 && Math.max(r, g, bl) - Math.min(r, g, bl) > 40) found = true;
        }
      }
      if (found) drawn++;
    }
    return drawn;
  });

describe('a job in one page', { skip: skip ?? false }, () => {
  let env;
  let dir;
  before(async () => {
    env = await setup({ mounts: MULTI ? [{ prefix: '/corpus-ranks/', dir: join(MULTI, 'torch_ddp_4rank') }] : [] });
    dir = mkdtempSync(join(tmpdir(), 'planeview-job-'));
  });
  after(async () => {
    await env?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * The 4-rank job: 4 members loaded (then the `failed` files), 4 bands labelled by rank, each
   * with its offset, drawn.
   */
  async function checkRanks(page, failed = []) {
    await waitForState(page, 'ready', 60000);
    const list = await members(page);
    assert.equal(list.length, 4 + failed.length, 'one member per file');
    assert.deepEqual(
      list.map((m) => m.state),
      ['loaded', 'loaded', 'loaded', 'loaded', ...failed.map(() => 'failed')],
    );
    assert.deepEqual(
      list.map((m) => m.file),
      [...RANKS.map((f) => basename(f)), ...failed],
      'the files in rank order, the failed ones last',
    );
    assert.match(await statusText(page), new RegExp(`^${4 + failed.length} files \\(job\\), 4 loaded · `));
    // The status line adds up the files: its events are the members' events summed.
    const count = (text) => Number(/([\d,]+) events/.exec(text)?.[1].replaceAll(',', '') ?? Number.NaN);
    const sum = list.filter((m) => m.state === 'loaded').reduce((n, m) => n + count(m.text), 0);
    assert.equal(count(await statusText(page)), sum, `status: ${await statusText(page)}`);
    const b = await bands(page);
    assert.equal(b.length, 4, 'one timeline band per rank');
    b.forEach((band, r) => {
      assert.ok(band.label.includes(`rank-${r}`), `band ${r} names its file: ${band.label}`);
      assert.match(band.offset, /^(\+0|[+−][\d.]+ [pnµm]?s)$/, `band ${r} shows its offset: ${band.offset}`);
      assert.ok(band.label.startsWith(`rank ${r} · `), `band ${r} is rank ${r}: ${band.label}`);
    });
    assert.equal(b[0].offset, '+0', 'rank 0 is the clock the others are put on');
    // Every rank's rows are drawn from its own engine.
    let drawn = 0;
    for (let i = 0; i < 30 && drawn < 1; i++) {
      await page.waitForTimeout(100);
      drawn = await drawnBands(page);
    }
    assert.ok(drawn >= 1, 'the bands in view are drawn');
  }

  /** The selected slice's Start and Duration, on the axis: the middle of the range it was revealed in. */
  async function checkDetailsOnAxis(page) {
    // Both read at once, from the same details.
    const [startText, durText] = await page.evaluate(() => {
      const dts = [...document.querySelectorAll('[data-testid="details"] dt')];
      return ['Start', 'Duration'].map((n) => dts.find((d) => d.textContent === n)?.nextElementSibling?.textContent ?? '');
    });
    const dur = durationPs(durText);
    // The reveal's range: three times the slice's duration.
    await page.waitForFunction((d) => {
      const m = /· ([\d.]+) (s|ms|µs) visible/.exec(document.querySelector('[data-testid="timeline-range"]')?.textContent ?? '');
      return m && Math.abs(Number(m[1]) * { s: 1e12, ms: 1e9, µs: 1e6 }[m[2]] - 3 * d) < 0.01 * d;
    }, dur);
    const text = await rangeText(page);
    const { t0, t1 } = rangePs(text);
    const middle = durationPs(startText) + dur / 2;
    assert.ok(Math.abs(middle - (t0 + t1) / 2) < 0.01 * dur, `the details' times count from the axis's origin: ${text}, start + dur/2 = ${middle} ps`);
  }

  test('four rank files dropped together: four rank bands on one timeline', async () => {
    await withPage(env, 'job-drop', async (page) => {
      await openPage(page, env);
      await dropFiles(page, RANKS.map(fileFromDisk));
      await checkRanks(page);
      // The details count time from where the axis does: a revealed step (one in the middle, so
      // its range is not clamped to the profile's ends) is centred in the visible range.
      await page.fill('[data-testid="search"]', 'ProfilerStep#5');
      await page.waitForFunction(() => (document.querySelector('[data-testid="details"] .details-name')?.textContent ?? '') === 'ProfilerStep#5');
      await checkDetailsOnAxis(page);
      // A search asks every rank: one ProfilerStep#3 each; the first match's details are rank 0's.
      await page.fill('[data-testid="search"]', 'ProfilerStep#3');
      await page.waitForFunction(() => /of 4$/.test(document.querySelector('[data-testid="search-count"]')?.textContent ?? ''));
      await page.waitForFunction(() => (document.querySelector('[data-testid="details"] .details-name')?.textContent ?? '') === 'ProfilerStep#3');
      // The next match is rank 1's: its details come from rank 1's engine (another start, other args).
      const first = await page.textContent('[data-testid="details"]');
      await page.click('#search-next');
      await page.waitForFunction(() => /^2 of 4$/.test(document.querySelector('[data-testid="search-count"]')?.textContent ?? ''));
      await page.waitForFunction(
        (before) => {
          const text = document.querySelector('[data-testid="details"]')?.textContent ?? '';
          return text.includes('ProfilerStep#3') && text !== before;
        },
        first,
      );
      // Aligned at step 3's start: every rank's ProfilerStep#3 starts at the same time, and the
      // offsets beside the labels say how far each rank moved.
      const clockOffsets = (await bands(page)).map((b) => b.offset);
      const options = await page.$$eval('[data-testid="timeline-align"] option', (els) => els.map((e) => e.textContent));
      assert.equal(options[0], 'clock');
      assert.ok(options.includes('step 3 start'), JSON.stringify(options));
      assert.ok(options.some((o) => o.startsWith('ends of collective ')), JSON.stringify(options));
      await page.selectOption('[data-testid="timeline-align"]', { label: 'step 3 start' });
      await page.waitForFunction(
        (before) => JSON.stringify([...document.querySelectorAll('[data-testid="timeline-member-offset"]')].map((e) => e.textContent)) !== before,
        JSON.stringify(clockOffsets),
      );
      assert.equal((await bands(page))[0].offset, '+0');
      const starts = [];
      let shown = '';
      for (let i = 1; i <= 4; i++) {
        const want = `${i} of 4`;
        if (i === 1) {
          await page.fill('[data-testid="search"]', '');
          await page.fill('[data-testid="search"]', 'ProfilerStep#3');
        } else await page.click('#search-next');
        await page.waitForFunction((w) => document.querySelector('[data-testid="search-count"]')?.textContent === w, want);
        // The details change to the next rank's step (its duration and args are its own).
        await page.waitForFunction((prev) => {
          const d = document.querySelector('[data-testid="details"]');
          return d?.querySelector('.details-name')?.textContent === 'ProfilerStep#3' && d.textContent !== prev;
        }, shown);
        shown = await page.textContent('[data-testid="details"]');
        starts.push(
          await page.evaluate(() => {
            const dts = [...document.querySelectorAll('[data-testid="details"] dt')];
            return dts.find((d) => d.textContent === 'Start')?.nextElementSibling?.title ?? '';
          }),
        );
      }
      assert.equal(new Set(starts).size, 1, `step 3 starts together on every rank: ${starts.join(', ')}`);
      await page.fill('[data-testid="search"]', '');
      // The Counters tab shows the first file's counters and says so.
      await page.click('[data-testid="tab-counters"]');
      assert.match(await page.textContent('[data-testid="counters-member-note"]'), /^Counters of rank 0 \(rank-0\.pt\.trace\.json\.gz\), the first of the 4 files/);
      await page.click('[data-testid="tab-timeline"]');
      // Compact mode: one summary track per rank.
      await page.check('[data-testid="timeline-compact"]');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="timeline"] .tl-track').length === 4);
      assert.equal((await bands(page)).length, 4);
      // A band folds, and moves.
      await page.click('[data-testid="timeline-member"][data-member="1"] .tl-member-toggle');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="timeline"] .tl-track').length === 3);
      await page.click('[data-testid="timeline-member"][data-member="1"] .tl-member-move[aria-label="Move up"]');
      await page.waitForFunction(() => document.querySelector('[data-testid="timeline-member"]')?.getAttribute('data-member') === '1');
    });
  });

  test('a job opened by repeated ?url= comes back after a reload: range and another rank\'s slice', async () => {
    await withPage(env, 'job-url-reload', async (page) => {
      const urls = RANKS.map((f) => `url=/corpus-ranks/${basename(f)}`).join('&');
      await page.goto(new URL(`?${urls}`, env.url).href);
      await checkRanks(page);
      // Rank 2's ProfilerStep#5 (the third match), revealed: the details and the range move.
      await page.fill('[data-testid="search"]', 'ProfilerStep#5');
      await page.waitForFunction(() => /^1 of 4$/.test(document.querySelector('[data-testid="search-count"]')?.textContent ?? ''));
      await page.waitForFunction(() => document.querySelector('[data-testid="details"] .details-name')?.textContent === 'ProfilerStep#5');
      for (const want of ['2 of 4', '3 of 4']) {
        // The next match's details (another rank's step) replace the shown ones.
        const shown = await page.textContent('[data-testid="details"]');
        await page.click('#search-next');
        await page.waitForFunction(
          ([w, before]) =>
            document.querySelector('[data-testid="search-count"]')?.textContent === w && document.querySelector('[data-testid="details"]')?.textContent !== before,
          [want, shown],
        );
      }
      await checkDetailsOnAxis(page);
      await page.fill('[data-testid="search"]', '');
      await page.waitForFunction(() => !/[#&]q=/.test(location.hash) && /[#&]sel=s:\d+/.test(location.hash));
      await page.waitForTimeout(400);
      const range = await page.textContent('[data-testid="timeline-range"]');
      const details = await page.textContent('[data-testid="details"]');
      const hash = await page.evaluate(() => location.hash);

      await page.reload();
      await checkRanks(page);
      await page.waitForFunction((d) => document.querySelector('[data-testid="details"]')?.textContent === d, details, { timeout: 30000 });
      assert.equal(await page.textContent('[data-testid="timeline-range"]'), range, 'the same visible range');
      await page.waitForTimeout(400);
      assert.equal(await page.evaluate(() => location.hash), hash, 'the restored view writes the same hash');
    });
  });

  test('the same four files picked as a folder, with a file that is no profile', async () => {
    await withPage(env, 'job-folder', async (page) => {
      const job = join(dir, 'ddp', 'traces');
      mkdirSync(job, { recursive: true });
      for (const f of RANKS) copyFileSync(f, join(job, basename(f)));
      writeFileSync(join(job, 'zz-notes.txt'), 'what I changed in this run\n');
      writeFileSync(join(job, '.DS_Store'), 'hidden: not opened');
      await openPage(page, env);
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-testid="open-folder"]')]);
      await chooser.setFiles(join(dir, 'ddp'));
      await checkRanks(page, ['zz-notes.txt']);
    });
  });

  test('a profile run directory: the xplanes of its newest run', async () => {
    await withPage(env, 'job-run-dir', async (page) => {
      const profile = join(dir, 'logs', 'plugins', 'profile');
      const older = join(profile, '2026_12_01_10_00_00');
      const newer = join(profile, '2026_12_01_11_04_00');
      mkdirSync(older, { recursive: true });
      mkdirSync(newer, { recursive: true });
      copyFileSync(HOSTS[0], join(older, 'host0.xplane.pb'));
      for (const f of HOSTS) copyFileSync(f, join(newer, basename(f)));
      writeFileSync(join(newer, 'host0.memory_profile.json'), '{}');
      await openPage(page, env);
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-testid="open-folder"]')]);
      await chooser.setFiles(join(dir, 'logs'));
      await waitForState(page, 'ready', 60000);
      assert.deepEqual(
        (await members(page)).map((m) => [m.file, m.state]),
        [
          ['host0.xplane.pb', 'loaded'],
          ['host1.xplane.pb', 'loaded'],
        ],
      );
    });
  });

  test('the two hosts of a JAX job', async () => {
    await withPage(env, 'job-hosts', async (page) => {
      await openPage(page, env);
      await dropFiles(page, HOSTS.map(fileFromDisk));
      await waitForState(page, 'ready', 60000);
      const list = await members(page);
      assert.deepEqual(
        list.map((m) => [m.file, m.state]),
        [
          ['host0.xplane.pb', 'loaded'],
          ['host1.xplane.pb', 'loaded'],
        ],
      );
      assert.match(await statusText(page), /^2 files \(job\), 2 loaded · /);
      const b = await bands(page);
      assert.equal(b.length, 2, 'one band per host');
      assert.ok(b[0].label.includes('host0') && b[1].label.includes('host1'), JSON.stringify(b));
      // The op profile shows one host at a time: a picker of the hosts (no merged view), the
      // first by default; picking the other shows its own tree.
      await showAnalysisTab(page, 'op-profile');
      const picker = '#panel-op-profile [data-testid="rank-picker"]';
      const options = await page.$$eval(`${picker} option`, (els) => els.map((e) => e.value));
      assert.deepEqual(options, ['0', '1'], 'one option per host, no "all ranks"');
      assert.equal(await page.inputValue(picker), '0');
      const tree = () => page.textContent('#panel-op-profile [data-testid="op-profile-tree"]');
      const first = await tree();
      assert.match(first, /jit_local_step/);
      await page.selectOption(picker, '1');
      await page.waitForFunction(() => document.getElementById('panel-op-profile')?.dataset.ready === 'true' && document.querySelector('#panel-op-profile [data-testid="rank-picker"]')?.value === '1');
      const second = await tree();
      assert.match(second, /jit_local_step/);
      assert.notEqual(second, first, "host 1's own times");
      // The roofline follows the same choice.
      await showAnalysisTab(page, 'roofline');
      assert.equal(await page.inputValue('#panel-roofline [data-testid="rank-picker"]'), '1');
    });
  });

  test('a truncated rank file and a file that is no profile fail alone: the rest loads', async () => {
    await withPage(env, 'job-bad-files', async (page) => {
      const whole = readFileSync(RANKS[3]);
      const files = [
        ...RANKS.slice(0, 3).map(fileFromDisk),
        { name: 'rank-3.pt.trace.json.gz', bytes: whole.subarray(0, Math.floor(whole.length / 2)) },
        { name: 'notes.txt', bytes: Buffer.from('these are my notes about the run, not a profile\n') },
      ];
      await openPage(page, env);
      await dropFiles(page, files);
      await waitForState(page, 'ready', 60000);
      const list = await members(page);
      assert.equal(list.length, 5);
      assert.deepEqual(
        list.map((m) => m.state),
        ['loaded', 'loaded', 'loaded', 'loaded', 'failed'],
        'the failed file comes last',
      );
      // The truncated file loads what it holds and says what was lost.
      const cut = list.find((m) => m.file === 'rank-3.pt.trace.json.gz');
      assert.match(cut.text, /data loss/, `the truncated file reports its loss: ${cut.text}`);
      for (const m of list.slice(0, 3)) assert.match(m.text, /no diagnostics/, `${m.file}: ${m.text}`);
      const failed = list.filter((m) => m.state === 'failed');
      assert.deepEqual(
        failed.map((m) => m.file),
        ['notes.txt'],
      );
      for (const m of failed) {
        assert.ok(m.text.startsWith(`${m.file}: `), `the error names its file: ${m.text}`);
        assert.ok(!m.text.includes('\n') && m.text.length > m.file.length + 4, `one line that says what is wrong: ${m.text}`);
      }
      assert.match(await statusText(page), /^5 files \(job\), 4 loaded · /);
      assert.equal((await bands(page)).length, 4, 'the loaded files are on the timeline');
      // Health: a section per file; the failed ones show their error in place.
      await page.click('[data-testid="tab-health"]');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="health-member"]').length === 5);
      const errors = await page.$$eval('[data-testid="health-error"]', (els) => els.map((e) => e.textContent ?? ''));
      assert.deepEqual(errors.sort(), failed.map((m) => m.text).sort());
    });
  });

  test('two files claiming one rank and a file of another format: all load, nothing merged silently', async () => {
    await withPage(env, 'job-mixed', async (page) => {
      const again = { name: 'rank-1-again.pt.trace.json.gz', bytes: readFileSync(RANKS[1]) };
      await openPage(page, env);
      await dropFiles(page, [fileFromDisk(RANKS[0]), fileFromDisk(RANKS[1]), again, fileFromDisk(HOSTS[0])]);
      await waitForState(page, 'ready', 60000);
      assert.deepEqual(
        (await members(page)).map((m) => m.state),
        ['loaded', 'loaded', 'loaded', 'loaded'],
      );
      const problems = await page.$$eval('[data-testid="session-problems"] li', (els) => els.map((e) => e.textContent ?? ''));
      assert.ok(
        problems.some((p) => p.includes('rank-1-again.pt.trace.json.gz') || p.startsWith('rank-1.pt.trace.json.gz')),
        `the rank claimed twice is named: ${problems.join(' | ')}`,
      );
      assert.ok(
        problems.some((p) => p.includes('host0.xplane.pb')),
        `the file of another format is named: ${problems.join(' | ')}`,
      );
      // A file the job's clock leaves out keeps its own times, and its band says so.
      const b = await bands(page);
      assert.equal(b.length, 4);
      assert.ok(
        b.some((x) => x.offset === 'own clock'),
        JSON.stringify(b),
      );
    });
  });

  test('more files than workers: they share the workers, and a file whose engine traps fails alone', async () => {
    await withPage(env, 'job-shared-workers', async (page, problems) => {
      await openPage(page, env, '?crash-test');
      const cores = await page.evaluate(() => navigator.hardwareConcurrency || 0);
      const limit = Math.max(2, cores);
      // Twice as many files as workers, so every worker holds several; the trap is in the middle.
      const n = 2 * limit + 1;
      const trace = (i) => JSON.stringify({ traceEvents: [{ ph: 'X', name: `step-of-${i}`, ts: 1, dur: 5, pid: i, tid: 1 }, { ph: 'X', name: 'shared-name', ts: 2, dur: 2, pid: i, tid: 1 }] });
      const trapAt = limit;
      const files = Array.from({ length: n }, (_, i) => ({
        name: i === trapAt ? 'crash-test-trap.json' : `part-${String(i).padStart(2, '0')}.json`,
        bytes: Buffer.from(trace(i)),
      }));
      await dropFiles(page, files);
      await waitForState(page, 'ready', 60000);
      assert.ok(page.workers().length <= limit, `at most ${limit} engine workers for ${n} files (saw ${page.workers().length})`);
      const list = await members(page);
      assert.equal(list.length, n);
      const failed = list.filter((m) => m.state === 'failed');
      assert.deepEqual(
        failed.map((m) => m.file),
        ['crash-test-trap.json'],
      );
      assert.match(failed[0].text, /the analysis engine crashed \(out of memory\?\)/, failed[0].text);
      assert.equal(list.filter((m) => m.state === 'loaded').length, n - 1);
      // Every loaded file still answers from its own instance, the trapped one's worker-mates too.
      await page.fill('[data-testid="search"]', 'shared-name');
      await page.waitForFunction((k) => new RegExp(`of ${k}$`).test(document.querySelector('[data-testid="search-count"]')?.textContent ?? ''), n - 1);
      for (let i = problems.length - 1; i >= 0; i--) if (/crash-test/.test(problems[i])) problems.splice(i, 1);
    });
  });

  test('none of the files opens: the page says so, with the first error', async () => {
    await withPage(env, 'job-all-bad', async (page) => {
      const a = join(dir, 'a.txt');
      const b = join(dir, 'b.txt');
      writeFileSync(a, 'not a profile');
      writeFileSync(b, 'neither');
      await openPage(page, env);
      await dropFiles(page, [fileFromDisk(a), fileFromDisk(b)]);
      await waitForState(page, 'error', 60000);
      assert.match(await statusText(page), /^none of the 2 files could be opened: a\.txt: /);
      assert.deepEqual(
        (await members(page)).map((m) => m.state),
        ['failed', 'failed'],
      );
    });
  });
});
