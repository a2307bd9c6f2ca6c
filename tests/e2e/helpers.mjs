// Shared set-up for the end-to-end tests: Debian's Chromium through playwright-core, the static
// server (dist/ at `/` and under `/planeview/`), console-error capture and failure screenshots.
import { chromium } from 'playwright-core';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { DIST, startServer } from './server.mjs';

export const ROOT = resolve(fileURLToPath(new URL('../../', import.meta.url)));
export const ARTIFACTS = join(ROOT, 'tests', 'e2e', 'artifacts');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** A test file from tests/data; throws when it is missing. */
export function dataFile(rel) {
  const local = join(ROOT, 'tests', 'data', rel);
  if (!existsSync(local)) throw new Error(`test data ${local} is missing`);
  return local;
}

/**
 * Whether every check must run rather than skip: `CI` is set to anything but empty, `0` or
 * `false` (CI services set `CI=true`; there `make test` installs Chromium and builds dist/ first).
 */
export const CHECKS_EXPECTED = !['', '0', 'false'].includes((process.env.CI ?? '').trim());

/**
 * Passes on a reason to skip (or null); where checks are expected a reason is an error instead, so
 * a test file cannot pass on CI by not running.
 */
export function skipOrFail(reason) {
  if (reason && CHECKS_EXPECTED) throw new Error(`${reason}: CI is set, so this test must run, not skip`);
  return reason;
}

/** Checks the prerequisites; returns a reason to skip, or null (see `skipOrFail`). */
export function missingPrerequisite() {
  if (!existsSync(CHROMIUM)) return skipOrFail(`${CHROMIUM} is missing (make setup-browser installs Debian's chromium)`);
  if (!existsSync(join(DIST, 'index.html')) || !existsSync(join(DIST, 'planeview_bg.wasm'))) {
    return skipOrFail('dist/ is not built (npm run wasm && npm run build)');
  }
  return null;
}

/**
 * Starts the server and the browser; call the returned `close` in `after`. Service workers are
 * blocked unless asked for: once one controls the page, `page.route` no longer sees the requests
 * it answers, and tests that hold a download would race it. `mounts`: folders the server also
 * serves (see startServer).
 */
export async function setup({ serviceWorkers = 'block', mounts = [] } = {}) {
  const reason = missingPrerequisite();
  if (reason) throw new Error(reason);
  const srv = await startServer({ mounts });
  const userDataDir = mkdtempSync(join(tmpdir(), 'planeview-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    serviceWorkers,
    viewport: { width: 1400, height: 860 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    url: srv.url,
    context,
    /** Stops the static server now (offline tests), dropping open keep-alive connections. */
    async stopServer() {
      srv.server.closeAllConnections?.();
      await srv.close();
    },
    async close() {
      await context.close().catch(() => undefined);
      await srv.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `body(page, problems)` in a fresh page. Fails on console errors, page errors and requests to
 * other origins; saves tests/e2e/artifacts/<name>.png when anything fails.
 */
export async function withPage(env, name, body) {
  const page = await env.context.newPage();
  const problems = [];
  const origin = new URL(env.url).origin;
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('request', (req) => {
    const u = req.url();
    if (!u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:')) problems.push(`request to another origin: ${u}`);
  });
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText ?? ''}`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()} for ${res.url()}`);
  });
  try {
    await body(page, problems);
    assert.deepEqual(problems, [], 'no console errors, page errors or foreign requests');
  } catch (err) {
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true }).catch(() => undefined);
    throw err;
  } finally {
    await page.close().catch(() => undefined);
  }
}

export async function waitForState(page, state, timeout = 30000) {
  try {
    await page.waitForFunction((s) => document.body.dataset.state === s, state, { timeout });
  } catch (err) {
    const actual = await page.evaluate(() => document.body.dataset.state).catch(() => '?');
    const status = await page.textContent('#status').catch(() => '?');
    throw new Error(`expected state "${state}", found "${actual}" (status: ${status})`, { cause: err });
  }
}

/**
 * Opens the page under the /planeview/ sub-path (as GitHub Pages serves it) and waits until its
 * service worker has cached every file and controls the page; returns the page's address.
 */
export async function openServiceWorkerPage(page, env) {
  const base = new URL('planeview/', env.url).href;
  await page.goto(base);
  await waitForState(page, 'idle');
  await page.waitForFunction(() => document.body.dataset.offline === 'ready' && navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
  return base;
}

export async function statusText(page) {
  return (await page.textContent('#status'))?.trim() ?? '';
}

export async function trackNames(page) {
  return page.$$eval('[data-testid="timeline"] .tl-track-name', (els) => els.map((e) => e.textContent ?? ''));
}

export async function groupNames(page) {
  return page.$$eval('[data-testid="timeline"] .tl-group-name', (els) => els.map((e) => e.textContent ?? ''));
}

export async function rangeText(page) {
  return (await page.textContent('[data-testid="timeline-range"]'))?.trim() ?? '';
}

const UNITS = { ps: 1, ns: 1e3, µs: 1e6, us: 1e6, ms: 1e9, s: 1e12 };

/** A duration or time as the page writes it ("1.234 ms", "-2 µs", "1,200 s") in ps. */
export function durationPs(text) {
  const m = /(-?[\d.,]+)\s*(ps|ns|µs|us|ms|s)\b/.exec(text);
  assert.ok(m, `a duration in "${text}"`);
  return Number(m[1].replaceAll(',', '')) * UNITS[m[2]];
}

/** The timeline's range text ("0 s – 621.2 ms · 621 ms visible · …"): start, end (from the axis origin) and the visible span, ps. */
export function rangePs(text) {
  const [times, span] = text.split(' · ');
  const [t0, t1] = times.split(' – ');
  return { t0: durationPs(t0), t1: durationPs(t1), span: durationPs(span) };
}

/** Opens a page at `path` (relative to the server root) and waits for the engine (state idle). */
export async function openPage(page, env, path = '') {
  await page.goto(new URL(path, env.url).href);
  await waitForState(page, 'idle');
}

/** Drops a file on the page the way a browser does: a DataTransfer with a File in a drop event. */
export async function dropFile(page, path, name = basename(path)) {
  const b64 = readFileSync(path).toString('base64');
  await page.evaluate(
    ({ b64, name }) => {
      const bin = atob(b64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], name));
      const target = document.querySelector('[data-testid="timeline"]') ?? document.body;
      for (const type of ['dragenter', 'dragover', 'drop']) {
        target.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
      }
    },
    { b64, name },
  );
}

/** A file for `dropFiles`: its name and bytes, read from `path`. */
export const fileFromDisk = (path) => ({ name: basename(path), bytes: readFileSync(path) });

/** Drops `files` ({name, bytes}) on the page together, as a browser drop of several files does. */
export async function dropFiles(page, files) {
  const payload = files.map((f) => ({ name: f.name, b64: Buffer.from(f.bytes).toString('base64') }));
  await page.evaluate((payload) => {
    const dt = new DataTransfer();
    for (const { name, b64 } of payload) {
      const bin = atob(b64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      dt.items.add(new File([bytes], name));
    }
    for (const type of ['dragenter', 'dragover', 'drop']) {
      document.body.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
    }
  }, payload);
}

/** Polls `findSlicePoint` every 100 ms, at most `tries` times (the first frames may still be drawing). */
export async function waitForSlicePoint(page, tries) {
  let point = null;
  for (let i = 0; i < tries && !point; i++) {
    await page.waitForTimeout(100);
    point = await findSlicePoint(page);
  }
  return point;
}

/**
 * Finds a point on the timeline canvas over a drawn slice (a saturated pixel with a few more to its
 * right), in page coordinates, the way a person aims at a coloured box.
 */
export async function findSlicePoint(page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="timeline"] canvas.tl-canvas');
    if (!(canvas instanceof HTMLCanvasElement)) return null;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    const { width, height } = canvas;
    const data = ctx.getImageData(0, 0, width, height).data;
    const rect = canvas.getBoundingClientRect();
    const sx = rect.width / width;
    const sy = rect.height / height;
    const saturated = (i) => {
      const r = data[i], g = data[i + 1], b = data[i + 2], a = data[i + 3];
      return a > 200 && Math.max(r, g, b) - Math.min(r, g, b) > 40;
    };
    for (let y = 4; y < height; y += 3) {
      for (let x = 2; x < width - 12; x += 2) {
        const i = (y * width + x) * 4;
        let ok = true;
        for (let k = 0; k < 10 && ok; k += 2) ok = saturated(i + k * 4) && saturated(i + k * 4 + 3 * width * 4);
        if (ok) return { x: rect.left + (x + 5) * sx, y: rect.top + (y + 1) * sy };
      }
    }
    return null;
  });
}

/**
 * Records Content-Security-Policy violations in the page from its first script on: read them with
 * `cspViolations(page)`. Call before `page.goto`.
 */
export async function recordCspViolations(page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
}

export async function cspViolations(page) {
  return page.evaluate(() => window.__cspViolations ?? []);
}

/** Opens `path` with the file picker and waits until the page shows it loaded (state ready). */
export async function openFileAndWait(page, path, timeout = 30000) {
  const name = basename(path);
  await page.setInputFiles('input[type=file]', path);
  await page.waitForFunction(
    (n) => document.body.dataset.state === 'ready' && (document.querySelector('#status')?.textContent ?? '').startsWith(`${n} · `),
    name,
    { timeout },
  );
}

/** Opens the page and `file` through the file picker; waits for state ready. */
export async function openProfile(page, env, file) {
  await openPage(page, env);
  await page.setInputFiles('input[type=file]', file);
  await waitForState(page, 'ready', 60000);
}

/** Selects analysis tab `name` and waits until its panel has computed. */
export async function showAnalysisTab(page, name) {
  await page.click(`[data-testid="tab-${name}"]`);
  await page.waitForFunction((n) => document.getElementById(`panel-${n}`)?.dataset.ready === 'true', name, { timeout: 60000 });
}
