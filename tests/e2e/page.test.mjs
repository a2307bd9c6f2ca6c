// End-to-end tests of the page, as a person would use it: open the demo, pick and drop files, zoom,
// click, search, bad files. Run with `npm run e2e` after `npm run wasm && npm run build`.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  dataFile,
  dropFile,
  waitForSlicePoint,
  groupNames,
  missingPrerequisite,
  openPage,
  rangeText,
  setup,
  statusText,
  trackNames,
  waitForState,
  withPage,
} from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

const XPLANE = dataFile('xplane/jax_cpu_mlp_small.xplane.pb');
const KINETO = dataFile('chrome_json/kineto__resnet50_nw0_worker0.1623143089861.pt.trace.json.gz');
// Real files that are not traces (a PyTorch execution trace, a memory timeline).
const NOT_A_TRACE = ['execution_trace_benchmark_simple_add_et.json.gz', 'memory_analysis_memory_timeline.raw.gz']
  .map((n) => dataFile(`not_a_trace/${n}`))
  .filter((p) => p !== null);

describe('planeview page', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('starts idle with one file input and the controls', async () => {
    await withPage(env, 'starts-idle', async (page) => {
      await openPage(page, env);
      assert.equal(await page.locator('input[type=file]').count(), 1);
      for (const id of ['open-demo', 'search', 'details', 'timeline', 'tab-timeline']) {
        assert.equal(await page.locator(`[data-testid="${id}"]`).count(), 1, `data-testid=${id}`);
      }
      assert.match(await page.textContent('body'), /openxla\/xprof test data, Apache-2\.0/);
    });
  });

  test('opens the demo', async () => {
    await withPage(env, 'open-demo', async (page) => {
      await openPage(page, env);
      await page.click('[data-testid="open-demo"]');
      await waitForState(page, 'ready');
      const status = await statusText(page);
      assert.match(status, /tpu_inference_2\.xplane\.pb/);
      assert.match(status, /xspace/i);
      assert.match(status, /events/);
      assert.match(status, /tracks/);
      assert.match(status, /span \d/);
      const tracks = await trackNames(page);
      assert.ok(tracks.length > 0, 'track labels are shown');
      assert.ok(tracks.every((t) => t.length > 0), 'every track has a name');
      assert.ok((await groupNames(page)).length > 0, 'process groups are shown');
      const badge = page.locator('[data-testid="health-badge"]');
      await badge.waitFor({ state: 'visible' });
      await badge.click();
      await page.locator('#health-panel').waitFor({ state: 'visible' });
      assert.match(await page.textContent('#health-panel'), /Trace health/);
      // The status line counts the diagnostics by severity, as the health list does, adding up to
      // the badge's total.
      const bySeverity = await page.$$eval('#health-panel li.diag', (lis) => {
        const sums = {};
        for (const li of lis) {
          const sev = li.querySelector('.diag-sev')?.textContent ?? '';
          sums[sev] = (sums[sev] ?? 0) + Number((li.querySelector('.diag-count')?.textContent ?? '').replace(/[^\d]/g, ''));
        }
        return sums;
      });
      const want = ['error', 'data loss', 'info'].filter((k) => bySeverity[k]).map((k) => `${bySeverity[k].toLocaleString('en-US')} ${k}`);
      assert.ok(want.length > 0, 'the demo has diagnostics');
      assert.ok(status.endsWith(` · ${want.join(', ')}`), `${status} ends with ${want.join(', ')}`);
      const total = Object.values(bySeverity).reduce((n, c) => n + c, 0);
      assert.equal(await badge.textContent(), `${total.toLocaleString('en-US')} diagnostic${total === 1 ? '' : 's'}`);
    });
  });

  test('opens an xplane with the file picker', { skip: XPLANE ? false : 'jax_cpu_mlp_small.xplane.pb not found' }, async () => {
    await withPage(env, 'file-picker-xplane', async (page) => {
      await openPage(page, env);
      await page.setInputFiles('input[type=file]', XPLANE);
      await waitForState(page, 'ready');
      const status = await statusText(page);
      assert.match(status, /^jax_cpu_mlp_small\.xplane\.pb · /);
      assert.match(status, /xspace/i);
      assert.match(status, / · 945 events · 5 tracks · /);
      assert.deepEqual(await groupNames(page), ['/host:CPU']);
      const tracks = await trackNames(page);
      assert.equal(tracks[0], 'python', `tracks: ${tracks.join(', ')}`);
      assert.ok(tracks.some((t) => t.startsWith('tf_XLAPjRtCpuClient/')), `tracks: ${tracks.join(', ')}`);
    });
  });

  test('opens a dropped Kineto trace', { skip: KINETO ? false : 'kineto trace not found' }, async () => {
    await withPage(env, 'drop-kineto', async (page) => {
      await openPage(page, env);
      await dropFile(page, KINETO);
      await waitForState(page, 'ready');
      const status = await statusText(page);
      assert.ok(status.startsWith(basename(KINETO)), status);
      // 5 slice tracks plus the two devices' `Net Allocated` memory series (running sums of `Bytes`).
      assert.match(status, / · chrome_json · 75,698 events · 7 tracks · /);
      const tracks = await trackNames(page);
      for (const t of ['stream 7', 'thread 25738 (python)', 'PyTorch Profiler']) {
        assert.ok(tracks.includes(t), `${t} among the tracks: ${tracks.join(', ')}`);
      }
      const groups = await groupNames(page);
      assert.ok(groups.includes('python (GPU 0)') && groups.includes('python (CPU)'), `groups: ${groups.join(', ')}`);
    });
  });

  test('zooms and pans with the keyboard', async () => {
    await withPage(env, 'zoom-keys', async (page) => {
      await openPage(page, env);
      await page.click('[data-testid="open-demo"]');
      await waitForState(page, 'ready');
      const full = await rangeText(page);
      assert.match(full, /visible/);
      for (let i = 0; i < 5; i++) await page.keyboard.press('w');
      await page.waitForFunction((r) => document.querySelector('[data-testid="timeline-range"]')?.textContent !== r, full);
      const zoomed = await rangeText(page);
      assert.notEqual(zoomed, full);
      await page.keyboard.press('d');
      await page.waitForFunction((r) => document.querySelector('[data-testid="timeline-range"]')?.textContent !== r, zoomed);
      await page.keyboard.press('0');
      await page.waitForFunction((r) => document.querySelector('[data-testid="timeline-range"]')?.textContent === r, full);
      // Ctrl + wheel zooms around the cursor too.
      const box = await page.locator('[data-testid="timeline"] canvas.tl-canvas').boundingBox();
      await page.mouse.move(box.x + box.width / 3, box.y + 40);
      await page.keyboard.down('Control');
      await page.mouse.wheel(0, -400);
      await page.keyboard.up('Control');
      await page.waitForFunction((r) => document.querySelector('[data-testid="timeline-range"]')?.textContent !== r, full);
      // Dragging pans.
      const wheeled = await rangeText(page);
      await page.mouse.move(box.x + box.width / 2, box.y + 60);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 - 150, box.y + 60, { steps: 5 });
      await page.mouse.up();
      await page.waitForFunction((r) => document.querySelector('[data-testid="timeline-range"]')?.textContent !== r, wheeled);
      const dragged = await rangeText(page);
      const span = (t) => t.split(' · ')[1];
      assert.equal(span(dragged), span(wheeled), 'panning keeps the visible span');
    });
  });

  test('clicking a slice shows its details, search finds it', async () => {
    await withPage(env, 'click-and-search', async (page) => {
      await openPage(page, env);
      await page.click('[data-testid="open-demo"]');
      await waitForState(page, 'ready');
      const point = await waitForSlicePoint(page, 50);
      assert.ok(point, 'a slice is drawn on the canvas');
      await page.mouse.move(point.x, point.y);
      await page.locator('.tl-tooltip').waitFor({ state: 'visible' });
      await page.waitForFunction(() => /duration/.test(document.querySelector('.tl-tooltip')?.textContent ?? ''));
      await page.mouse.click(point.x, point.y);
      const details = page.locator('[data-testid="details"]');
      await page.waitForFunction(() => /Duration/.test(document.querySelector('[data-testid="details"]')?.textContent ?? ''));
      const text = await details.textContent();
      assert.match(text, /Track/);
      assert.match(text, /Process/);
      assert.match(text, /Start/);
      assert.match(text, /Arguments \(\d+\)/);
      const name = (await page.textContent('[data-testid="details"] .details-name'))?.trim() ?? '';
      assert.ok(name.length > 0, 'the slice has a name');

      await page.fill('[data-testid="search"]', name);
      await page.waitForFunction(() => /^1 of [\d,]+\+?$/.test(document.querySelector('#search-count')?.textContent ?? ''));
      await page.waitForFunction(
        (n) => document.querySelector('[data-testid="details"] .details-name')?.textContent?.toLowerCase().includes(n.toLowerCase()),
        name,
      );
      const count = await page.textContent('#search-count');
      const total = Number(count.replace(/^1 of /, '').replace(/[,+]/g, ''));
      if (total > 1) {
        await page.press('[data-testid="search"]', 'Enter');
        await page.waitForFunction(() => /^2 of /.test(document.querySelector('#search-count')?.textContent ?? ''));
        await page.press('[data-testid="search"]', 'Shift+Enter');
        await page.waitForFunction(() => /^1 of /.test(document.querySelector('#search-count')?.textContent ?? ''));
      }
      await page.fill('[data-testid="search"]', 'no slice is called this ✗✗✗');
      await page.waitForFunction(() => document.querySelector('#search-count')?.textContent === 'no matches');
    });
  });

  test('a file of several read slices arrives whole and in order', async () => {
    // The page reads a file 4 MiB at a time (worker-proxy.ts CHUNK_BYTES). This one spans three
    // slices, and the name of one event straddles each slice boundary: a byte lost, doubled or
    // reordered there changes that name, which the search must find exactly.
    const CHUNK = 4 << 20;
    const dir = mkdtempSync(join(tmpdir(), 'planeview-slices-'));
    const file = join(dir, 'three_slices.json');
    const head = (i) => `{"ph":"X","pid":1,"tid":1,"ts":${i * 10},"dur":5,"name":"`;
    const event = (i, name, pad) => `${head(i)}${name}","args":{"pad":"${'p'.repeat(pad)}"}},\n`;
    let text = '{"traceEvents":[';
    let n = 0;
    const straddling = [];
    for (const boundary of [CHUNK, 2 * CHUNK]) {
      while (text.length < boundary - 1000) text += event(n, `ev${n++}`, 200);
      // Event n is padded so that the name of event n + 1 starts 8 bytes before the boundary.
      const pad = boundary - 8 - head(n + 1).length - (text.length + event(n, `ev${n}`, 0).length);
      text += event(n, `ev${n++}`, pad);
      assert.equal(text.length + head(n).length, boundary - 8);
      straddling.push(`straddles-${boundary}`);
      text += event(n++, straddling.at(-1), 10);
    }
    while (text.length < 2 * CHUNK + (1 << 20)) text += event(n, `ev${n++}`, 200);
    text += `${head(n++)}last"}]}`;
    writeFileSync(file, text);
    await withPage(env, 'read-slices', async (page) => {
      await openPage(page, env);
      await page.setInputFiles('input[type=file]', file);
      await waitForState(page, 'ready');
      assert.match(await statusText(page), new RegExp(` · chrome_json · ${n.toLocaleString('en-US')} events · 1 tracks? · .* · no diagnostics$`));
      for (const name of [...straddling, 'last']) {
        await page.fill('[data-testid="search"]', name);
        await page.waitForFunction(() => document.querySelector('#search-count')?.textContent === '1 of 1');
        await page.waitForFunction((want) => document.querySelector('[data-testid="details"] .details-name')?.textContent?.trim() === want, name);
      }
    });
  });

  test('a bad file shows an error naming it, and the next good file loads', async () => {
    await withPage(env, 'bad-file', async (page) => {
      const dir = mkdtempSync(join(tmpdir(), 'planeview-bad-'));
      const garbage = join(dir, 'garbage.bin');
      writeFileSync(garbage, randomBytes(4096));
      await openPage(page, env);
      await page.setInputFiles('input[type=file]', garbage);
      await waitForState(page, 'error');
      assert.match(await statusText(page), /^garbage\.bin: \S/);

      for (const file of NOT_A_TRACE) {
        await dropFile(page, file);
        await page.waitForFunction((n) => document.querySelector('#status')?.textContent?.startsWith(`${n}: `), basename(file));
        await waitForState(page, 'error');
        const status = await statusText(page);
        assert.ok(status.startsWith(`${basename(file)}: `), status);
        assert.match(status, /not a trace|not a recognised/i);
      }

      const empty = join(dir, 'empty.json');
      writeFileSync(empty, '');
      await page.setInputFiles('input[type=file]', empty);
      await waitForState(page, 'error');
      assert.match(await statusText(page), /^empty\.json: /);

      await page.click('[data-testid="open-demo"]');
      await waitForState(page, 'ready');
      assert.match(await statusText(page), /xspace/i);
      assert.ok((await trackNames(page)).length > 0);
    });
  });

  test('cancel returns to idle, and the next load works', async () => {
    await withPage(env, 'cancel', async (page, problems) => {
      await openPage(page, env);
      // Hold the demo download so that the load is still running when the person cancels.
      let release;
      const held = new Promise((r) => (release = r));
      await page.route('**/demo/*.pb', async (route) => {
        await held;
        await route.abort().catch(() => undefined);
      });
      await page.click('[data-testid="open-demo"]');
      await waitForState(page, 'loading');
      await page.locator('#progress').waitFor({ state: 'visible' });
      await page.click('#cancel');
      await waitForState(page, 'idle');
      assert.match(await statusText(page), /cancelled/i);
      release();
      await page.unroute('**/demo/*.pb');
      await page.click('[data-testid="open-demo"]');
      await waitForState(page, 'ready');
      assert.match(await statusText(page), /xspace/i);

      // A new file while another is still loading replaces that load.
      if (KINETO) {
        let release2;
        const held2 = new Promise((r) => (release2 = r));
        await page.route('**/demo/*.pb', async (route) => {
          await held2;
          await route.abort().catch(() => undefined);
        });
        await page.click('[data-testid="open-demo"]');
        await waitForState(page, 'loading');
        await page.setInputFiles('input[type=file]', KINETO);
        await page.waitForFunction((n) => document.querySelector('#status')?.textContent?.startsWith(`${n} · `), basename(KINETO));
        release2();
        await page.unroute('**/demo/*.pb');
        await page.waitForTimeout(200);
        assert.equal(await page.evaluate(() => document.body.dataset.state), 'ready');
        assert.ok((await statusText(page)).startsWith(basename(KINETO)));
      }
      // The held requests were aborted on purpose.
      for (let i = problems.length - 1; i >= 0; i--) if (/demo\/tpu_inference_2|ERR_FAILED/.test(problems[i])) problems.splice(i, 1);
    });
  });

  test('the progress line counts the events of a JSON trace as they are read', { skip: !KINETO }, async () => {
    await withPage(env, 'progress-events', async (page) => {
      await openPage(page, env);
      // Record every progress text: the load may be over before a poll would see one.
      await page.evaluate(() => {
        const seen = [];
        window.pvProgressSeen = seen;
        const el = document.querySelector('#progress');
        new MutationObserver(() => seen.push(el.textContent)).observe(el, { subtree: true, childList: true, characterData: true });
      });
      await page.setInputFiles('input[type=file]', KINETO);
      await waitForState(page, 'ready');
      const seen = await page.evaluate(() => window.pvProgressSeen);
      const counts = seen.map((t) => /([\d,]+) events/.exec(t)?.[1]).filter(Boolean).map((n) => Number(n.replaceAll(',', '')));
      assert.ok(counts.length > 0, `no event count in ${JSON.stringify(seen)}`);
      // The resnet trace's event array has 75,718 entries (20 of them `M` metadata).
      assert.ok(counts.every((n) => n > 0 && n <= 75_718), JSON.stringify(counts));
      // Where the load's time went is in the status line's tooltip.
      assert.match(await page.getAttribute('#status', 'title'), /loaded in \d+\.\d\d s \(engine: /);
    });
  });

  test('groups collapse, and the track list scrolls', async () => {
    await withPage(env, 'collapse-scroll', async (page) => {
      await openPage(page, env);
      await page.click('[data-testid="open-demo"]');
      await waitForState(page, 'ready');
      const before = (await trackNames(page)).length;
      const first = page.locator('[data-testid="timeline"] .tl-group').first();
      await first.click();
      assert.equal(await first.getAttribute('aria-expanded'), 'false');
      const collapsed = (await trackNames(page)).length;
      assert.ok(collapsed < before, `${collapsed} < ${before}`);
      await first.click();
      assert.equal((await trackNames(page)).length, before);
      const scroller = page.locator('[data-testid="timeline"] .tl-scroll');
      const { scrollHeight, clientHeight } = await scroller.evaluate((e) => ({ scrollHeight: e.scrollHeight, clientHeight: e.clientHeight }));
      assert.ok(scrollHeight > clientHeight, 'the demo has more tracks than fit');
      const labels = await page.locator('[data-testid="timeline"] .tl-labels').boundingBox();
      await page.mouse.move(labels.x + 50, labels.y + 200);
      await page.mouse.wheel(0, 600);
      await page.waitForFunction(() => (document.querySelector('[data-testid="timeline"] .tl-scroll')?.scrollTop ?? 0) > 0);
      // Slices are drawn for the tracks scrolled into view.
      const point = await waitForSlicePoint(page, 30);
      assert.ok(point, 'slices are drawn after scrolling');
    });
  });

  test('trace names are shown as text, never as HTML', async () => {
    await withPage(env, 'untrusted-names', async (page) => {
      const evil = '<img src=x onerror="window.__pwned=1">';
      const trace = {
        traceEvents: [
          { ph: 'M', name: 'process_name', pid: 1, args: { name: `proc ${evil}` } },
          { ph: 'M', name: 'thread_name', pid: 1, tid: 2, args: { name: `thread ${evil}` } },
          { ph: 'X', name: `slice ${evil}`, cat: `cat ${evil}`, ts: 10, dur: 1000, pid: 1, tid: 2, args: { [`key ${evil}`]: `value ${evil}` } },
          { ph: 'X', name: 'plain', ts: 1100, dur: 500, pid: 1, tid: 2 },
        ],
      };
      const dir = mkdtempSync(join(tmpdir(), 'planeview-evil-'));
      const file = join(dir, 'evil<b>name<i>.json');
      writeFileSync(file, JSON.stringify(trace));
      await openPage(page, env);
      await page.setInputFiles('input[type=file]', file);
      await waitForState(page, 'ready');
      assert.ok((await statusText(page)).startsWith('evil<b>name<i>.json · '));
      assert.ok((await trackNames(page)).some((t) => t.includes(evil)), 'the thread name is shown literally');
      await page.fill('[data-testid="search"]', 'slice <img');
      await page.waitForFunction(() => /^1 of 1$/.test(document.querySelector('#search-count')?.textContent ?? ''));
      await page.waitForFunction(() => /Duration/.test(document.querySelector('[data-testid="details"]')?.textContent ?? ''));
      const details = await page.textContent('[data-testid="details"]');
      assert.ok(details.includes(`slice ${evil}`) && details.includes(`key ${evil}`) && details.includes(`value ${evil}`), details);
      assert.equal(await page.locator('img').count(), 0, 'no element was created from trace data');
      assert.equal(await page.evaluate(() => window.__pwned), undefined);
    });
  });

  test('a URL that does not exist shows an error', async () => {
    await withPage(env, 'bad-url', async (page, problems) => {
      await page.goto(new URL('?url=demo/missing.xplane.pb', env.url).href);
      await waitForState(page, 'error');
      assert.match(await statusText(page), /^missing\.xplane\.pb: could not fetch .*HTTP 404/);
      // The 404 itself is what this test asks for.
      for (let i = problems.length - 1; i >= 0; i--) if (/404|missing\.xplane/.test(problems[i])) problems.splice(i, 1);
    });
  });
});
