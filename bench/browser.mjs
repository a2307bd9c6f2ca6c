// Browser side of the benchmark: Debian's Chromium through playwright-core (as tests/e2e), our
// page served from dist/, speedscope's static build from node_modules/speedscope/dist/release.
//
// Timing hooks: an init script sets globalThis.pvBench (which turns on the performance.measure
// hooks in www/src/views/timeline/frame-loop.ts: pv:frame = render-list request → frame drawn,
// pv:render = render-list round trip to the worker, pv:draw = one canvas draw) and marks
// pv:handover when the file input fires `change` (the moment the page gets the File).
import { chromium } from 'playwright-core';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

const INIT = () => {
  globalThis.pvBench = true;
  document.addEventListener(
    'change',
    (e) => {
      const t = e.target;
      if (t && t.type === 'file') {
        performance.clearMarks('pv:handover');
        performance.clearMeasures();
        performance.mark('pv:handover');
      }
    },
    true,
  );
};

export async function launch() {
  const userDataDir = mkdtempSync(join(tmpdir(), 'planeview-bench-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 860 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  await context.addInitScript(INIT);
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Sum of the RSS of Chromium's renderer processes (the page and its worker live there), bytes. */
function rendererRss() {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'latin1');
      if (!cmd.includes('chromium') || !cmd.includes('--type=renderer')) continue;
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
      if (m) total += Number(m[1]) * 1024;
    } catch {
      // the process ended
    }
  }
  return total;
}

/** Polls the main thread's JS heap (CDP Performance.getMetrics) and the renderer RSS. */
async function startSampler(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const peak = { jsHeap: 0, rss: 0 };
  let on = true;
  const sample = async () => {
    try {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const h = metrics.find((m) => m.name === 'JSHeapUsedSize');
      if (h) peak.jsHeap = Math.max(peak.jsHeap, h.value);
    } catch {
      // page crashed or closed
    }
    peak.rss = Math.max(peak.rss, rendererRss());
  };
  const loop = (async () => {
    while (on) {
      await sample();
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    cdp,
    async stop() {
      on = false;
      await loop;
      await sample();
      return peak;
    },
  };
}

/**
 * Wasm memory of the page's worker: attaches to the worker target through the page's CDP session
 * (non-flattened auto-attach) and sums WebAssembly.Memory buffers found with Runtime.queryObjects.
 */
async function workerWasmMemory(cdp) {
  const workers = [];
  const pending = new Map();
  let nextId = 1;
  cdp.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.type === 'worker') workers.push(e.sessionId);
  });
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const msg = JSON.parse(e.message);
    const p = pending.get(msg.id);
    if (p) {
      pending.delete(msg.id);
      if (msg.error) p.reject(new Error(msg.error.message));
      else p.resolve(msg.result);
    }
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  for (let i = 0; i < 20 && workers.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
  // A session of several files has a worker per file: wait until no more attach.
  for (let seen = -1; seen !== workers.length; ) {
    seen = workers.length;
    await new Promise((r) => setTimeout(r, 150));
  }
  const send = (sessionId, method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
      setTimeout(() => {
        if (pending.delete(id)) reject(new Error(`timeout: ${method}`));
      }, 10000);
    });
  let total = 0;
  let heap = 0;
  for (const s of workers) {
    heap += (await send(s, 'Runtime.getHeapUsage')).usedSize;
    const proto = await send(s, 'Runtime.evaluate', { expression: 'WebAssembly.Memory.prototype' });
    const found = await send(s, 'Runtime.queryObjects', { prototypeObjectId: proto.result.objectId });
    const sizes = await send(s, 'Runtime.callFunctionOn', {
      objectId: found.objects.objectId,
      functionDeclaration: 'function () { return this.map((m) => m.buffer.byteLength); }',
      returnByValue: true,
    });
    for (const v of sizes.result.value ?? []) total += v;
  }
  return workers.length ? { wasm: total, heap, workers: workers.length } : null;
}

/** Opens our page at `url` and waits for the engine (state idle). */
export async function openOurs(context, url) {
  const page = await context.newPage();
  let crashed = false;
  page.on('crash', () => {
    crashed = true;
  });
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.state === 'idle', null, { timeout: 30000 });
  return { page, crashed: () => crashed };
}

/**
 * Hands `file` to our page's file input and waits for the first timeline frame (or an error, a
 * crash, a timeout). Returns {ok, state, status, first_frame_ms, preview_frame_ms (the first frame of a
 * preview while the file streams in; null without one), wall_ms, js_heap_peak, rss_peak,
 * wasm_memory}.
 */
export async function loadInOurs(context, url, file, timeoutMs = 120000) {
  const { page, crashed } = await openOurs(context, url);
  const sampler = await startSampler(page);
  const t0 = performance.now();
  await page.setInputFiles('input[type=file]', file);
  let outcome = 'timeout';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (crashed()) {
      outcome = 'crash';
      break;
    }
    const s = await page
      .evaluate(() => ({
        state: document.body.dataset.state,
        frame: performance.getEntriesByName('pv:frame').length > 0,
      }))
      .catch(() => null);
    if (s === null) {
      outcome = crashed() ? 'crash' : 'page gone';
      break;
    }
    if (s.state === 'error') {
      outcome = 'error';
      break;
    }
    if (s.state === 'ready' && s.frame) {
      outcome = 'ok';
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const wall = performance.now() - t0;
  const peak = await sampler.stop();
  const res = { ok: outcome === 'ok', outcome, wall_ms: wall, js_heap_peak: peak.jsHeap, rss_peak: peak.rss, page };
  if (outcome === 'crash' || outcome === 'page gone') return res;
  const info = await page.evaluate(() => {
    const h = performance.getEntriesByName('pv:handover')[0];
    const f = performance.getEntriesByName('pv:frame')[0];
    // The first frame of a preview of the part read so far (a Chrome JSON file streaming in).
    const pf = performance.getEntriesByName('pv:preview-frame')[0];
    // Where the load's time went (shell/loader.ts, from the engine's own timings).
    const load = performance.getEntriesByName('pv:load')[0]?.detail ?? null;
    return {
      state: document.body.dataset.state,
      status: document.querySelector('#status')?.textContent?.trim() ?? '',
      first_frame_ms: h && f ? f.startTime + f.duration - h.startTime : null,
      preview_frame_ms: h && pf ? pf.startTime + pf.duration - h.startTime : null,
      load_phases: load,
    };
  });
  Object.assign(res, info);
  const w = await workerWasmMemory(sampler.cdp).catch((e) => ({ error: `n/a (${e.message})` }));
  res.wasm_memory = w?.wasm ?? w?.error ?? 'n/a';
  res.worker_heap = w?.heap ?? null;
  res.workers = w?.workers ?? null;
  return res;
}

/**
 * Opens `fileUrl` in our page by `?url=` (a download, read by the page's own engine alone) and
 * waits for the profile. Returns {ok, outcome, load_phases (the engine's timings: totalMs from the
 * start of the load to the profile on the page), status}.
 */
export async function loadUrlInOurs(context, url, fileUrl, timeoutMs = 300000) {
  const page = await context.newPage();
  try {
    await page.goto(new URL(`?url=${encodeURIComponent(fileUrl)}`, url).href);
    await page.waitForFunction(() => ['ready', 'error'].includes(document.body.dataset.state), null, { timeout: timeoutMs, polling: 100 });
    return await page.evaluate(() => ({
      ok: document.body.dataset.state === 'ready',
      outcome: document.body.dataset.state,
      status: document.querySelector('#status')?.textContent?.trim() ?? '',
      load_phases: performance.getEntriesByName('pv:load')[0]?.detail ?? null,
    }));
  } catch (e) {
    return { ok: false, outcome: e.message, status: '', load_phases: null };
  } finally {
    await page.close().catch(() => undefined);
  }
}

/**
 * Opens `base` in our page, then `cand` with "Compare with…", and waits for the Compare tab's
 * tables (or an error, a crash, a timeout). Returns {ok, outcome, compare_ms, phases, wall_ms, status}:
 * `compare_ms` is the page's own `pv:compare` measure (views/compare/compare-view.ts), from
 * both profiles loaded to the diff tables and the chart drawn.
 */
export async function compareInOurs(context, url, base, cand, timeoutMs = 300000) {
  const { page, crashed } = await openOurs(context, url);
  const t0 = performance.now();
  let outcome = 'timeout';
  try {
    await page.setInputFiles('#file-input', base);
    await page.waitForFunction(() => document.body.dataset.state === 'ready' || document.body.dataset.state === 'error', null, { timeout: timeoutMs });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-testid="compare-with"]')]);
    await chooser.setFiles(cand);
    await page.waitForFunction(
      () => document.body.dataset.state === 'error' || (document.body.dataset.state === 'ready' && document.querySelector('[data-testid="compare-view"]')?.dataset.ready === 'true'),
      null,
      { timeout: timeoutMs, polling: 20 },
    );
    outcome = (await page.evaluate(() => document.body.dataset.state)) === 'ready' ? 'ok' : 'error';
  } catch (e) {
    outcome = crashed() ? 'crash' : `failed: ${String(e.message).split('\n')[0]}`;
  }
  const wall = performance.now() - t0;
  const info = await page
    .evaluate(() => ({
      compare_ms: performance.getEntriesByName('pv:compare').at(-1)?.duration ?? null,
      // Where it went: both diffSide calls, diff + diffStepChart, drawing (compare-view.ts).
      phases: performance.getEntriesByName('pv:compare').at(-1)?.detail ?? null,
      status: document.querySelector('#status')?.textContent?.trim() ?? '',
      summary: document.querySelector('[data-testid="compare-summary"] .cmp-line')?.textContent ?? '',
    }))
    .catch(() => ({ compare_ms: null, phases: null, status: '', summary: '' }));
  await page.close().catch(() => undefined);
  return { ok: outcome === 'ok' && info.compare_ms !== null, outcome, wall_ms: wall, ...info };
}

function pct(xs, p) {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

/**
 * Zooms and pans a loaded page with the keyboard (W/S/A/D, the mouse over the canvas) and the
 * wheel, waiting for each step's frame; returns p50/p95 of pv:frame, pv:render, pv:draw (ms).
 */
export async function zoomPan(page, steps = 1) {
  const box = await page.locator('[data-testid="timeline"] canvas.tl-canvas').boundingBox();
  if (box) await page.mouse.move(box.x + box.width * 0.37, box.y + Math.min(box.height / 3, 200));
  await page.evaluate(() => performance.clearMeasures());
  const seq = [];
  const add = (k, n) => {
    for (let i = 0; i < n * steps; i++) seq.push(k);
  };
  add('w', 12);
  add('d', 8);
  add('a', 6);
  add('wheel-in', 4);
  add('s', 6);
  add('d', 6);
  add('wheel-out', 4);
  add('w', 6);
  add('a', 6);
  add('0', 1);
  let stalls = 0;
  for (const k of seq) {
    const before = await page.evaluate(() => performance.getEntriesByName('pv:frame').length);
    if (k === 'wheel-in') await page.mouse.wheel(0, -240);
    else if (k === 'wheel-out') await page.mouse.wheel(0, 240);
    else await page.keyboard.press(k);
    try {
      await page.waitForFunction((n) => performance.getEntriesByName('pv:frame').length > n, before, { timeout: 5000, polling: 5 });
    } catch {
      stalls++; // no new frame (range clamped at an edge) or a slow one
    }
  }
  const m = await page.evaluate(() => {
    const d = (n) => performance.getEntriesByName(n).map((e) => e.duration);
    // pv:work marks (frame-loop.ts): the worker's own timings for each render list.
    const work = performance.getEntriesByName('pv:work').map((e) => e.detail);
    return { frame: d('pv:frame'), render: d('pv:render'), draw: d('pv:draw'), work };
  });
  // Where a render round trip goes: the worker's calls (wasm), and the reply's trip back.
  const breakdown = {};
  for (const k of ['slices', 'instants', 'counters', 'flows', 'strings', 'total', 'back', 'bytes', 'newStrings']) {
    const xs = m.work.map((w) => w?.[k]).filter((x) => typeof x === 'number');
    if (xs.length === 0) continue;
    breakdown[`worker_${k}_p50`] = pct(xs, 50);
    breakdown[`worker_${k}_p95`] = pct(xs, 95);
  }
  return {
    inputs: seq.length,
    frames: m.frame.length,
    stalls,
    frame_p50: pct(m.frame, 50),
    frame_p95: pct(m.frame, 95),
    render_p50: pct(m.render, 50),
    render_p95: pct(m.render, 95),
    draw_p50: pct(m.draw, 50),
    draw_p95: pct(m.draw, 95),
    breakdown,
  };
}

/**
 * speedscope (its static release build served at `url`): hands `file` to its file input and waits
 * for a usable view: the title changes from the landing page's and a flame chart canvas is drawn
 * (then one more animation frame).
 */
export async function loadInSpeedscope(context, url, file, timeoutMs = 300000) {
  const page = await context.newPage();
  let crashed = false;
  page.on('crash', () => {
    crashed = true;
  });
  await page.goto(url);
  await page.waitForSelector('input[type=file]', { state: 'attached', timeout: 30000 });
  const title0 = await page.title();
  const sampler = await startSampler(page);
  const t0 = performance.now();
  await page.setInputFiles('input[type=file]', file);
  let ok = false;
  let error = '';
  try {
    await page.waitForFunction((t) => document.title !== t && document.querySelectorAll('canvas').length > 0, title0, {
      timeout: timeoutMs,
      polling: 20,
    });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => {
      performance.mark('pv:usable');
      r();
    }))));
    ok = true;
  } catch (e) {
    error = crashed ? 'crash' : String(e.message).split('\n')[0];
  }
  const wall = performance.now() - t0;
  const peak = await sampler.stop();
  const res = { ok, error, wall_ms: wall, js_heap_peak: peak.jsHeap, rss_peak: peak.rss };
  if (ok) {
    Object.assign(
      res,
      await page.evaluate(() => {
        const h = performance.getEntriesByName('pv:handover')[0];
        const u = performance.getEntriesByName('pv:usable')[0];
        return { usable_ms: h && u ? u.startTime - h.startTime : null, title: document.title };
      }),
    );
  }
  await page.close().catch(() => undefined);
  return res;
}

// Frame times only (the timeline task's iteration loop; not used by run.mjs):
//   node bench/browser.mjs frames FILE [ROUNDS]
// serves dist/, opens FILE in our page, runs zoomPan ROUNDS times (default 1) and prints one JSON
// line per round with the p50/p95 of pv:frame, pv:render, pv:draw and the frame cost
// (render p95 + draw p95, as run.mjs reports it). PV_DIST=DIR serves another build (e.g. main's).
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href && process.argv[2] === 'frames') {
  const file = process.argv[3];
  const rounds = Number(process.argv[4] ?? 1);
  if (!file) {
    console.error('usage: node bench/browser.mjs frames FILE [ROUNDS]');
    process.exit(2);
  }
  const { startServer, DIST } = await import('../tests/e2e/server.mjs');
  const { resolve } = await import('node:path');
  const dist = process.env.PV_DIST ? resolve(process.env.PV_DIST) : DIST;
  const server = await startServer({ dir: dist, prefixes: ['/'] });
  const b = await launch();
  try {
    const r = await loadInOurs(b.context, server.url, file, 600000);
    console.error(`loaded: ${r.outcome}, first frame ${r.first_frame_ms?.toFixed(0)} ms; load phases ${JSON.stringify(r.load_phases)}`);
    if (r.ok) {
      for (let i = 0; i < rounds; i++) {
        const f = await zoomPan(r.page, 1);
        console.log(JSON.stringify({ round: i + 1, cost_p95: f.render_p95 + f.draw_p95, ...f }));
      }
    }
    await r.page.close().catch(() => undefined);
  } finally {
    await b.close();
    await server.close();
  }
}
