// Browser rows of a job opened in one page (run.mjs calls `jobRows`): several files, each in a
// worker of its own (www/src/engine/pool.ts).
//
// - N files opened together vs the same files one after another: wall time from the file input's
//   change to the page ready with a first frame drawn; the ratio (sum of the one-by-one loads /
//   the parallel one) is what the parallel workers buy.
// - The first frame of the N-file session (change event → first frame with a render list).
// - Many ranks (bench/gen-job.mjs: a Kineto job, `ranks` × `events` each) opened together: the timeline's frame time
//   while zooming and panning (zoomPan, as the single-file row), and memory per rank (the
//   workers' Wasm memory, the renderer RSS peak, divided by the ranks).
import { copyFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `browser`: browser.mjs; `context` its browser context and `url` our page's; `synthetic(kind,
 * events, name)` makes (or reuses) a generated input in `work`; `genJob(ranks, events)` makes
 * (or reuses) a synthetic job and resolves to its files; the rows go to `row`;
 * `fmt`, `mib`, `verdict`, `median` are run.mjs's.
 */
export async function jobRows({ browser, context, url, smoke, work, synthetic, genJob, row, fmt, mib, verdict, median }) {
  const { loadInOurs, zoomPan } = browser;

  // ---- N files of ~50 MB: together vs one after another ----------------------------------------
  const n = 8;
  const base = synthetic('kineto', smoke ? 3000 : 230_000, smoke ? 'smoke_job_rank.json' : 'job_rank_50mb.json');
  const files = copies(work, base, n, smoke ? 'smoke_job_rank' : 'job_rank_50mb');
  const size = statSync(base).size;
  const label = `${n} × ${base.split('/').pop()} (${fmt(size / 1e6, 0)} MB each)`;
  const one = [];
  for (const f of files) {
    const r = await loadInOurs(context, url, f, 600000);
    await r.page.close().catch(() => undefined);
    if (!r.ok) {
      row('Browser: a job of 8 files opened together vs one after another', label, `one file failed: ${r.outcome} ${r.status ?? ''}`, '≥ 1.7× on 2 cores', null, null, 'FAIL');
      return;
    }
    one.push(r.wall_ms);
  }
  const together = [];
  let firstFrame = [];
  let last = null;
  for (let i = 0; i < (smoke ? 1 : 2); i++) {
    const r = await loadInOurs(context, url, files, 600000);
    await r.page.close().catch(() => undefined);
    last = r;
    if (!r.ok) break;
    together.push(r.wall_ms);
    firstFrame.push(r.first_frame_ms);
  }
  if (!last?.ok) {
    row('Browser: a job of 8 files opened together vs one after another', label, `the session failed: ${last?.outcome} ${last?.status ?? ''}`, '≥ 1.7× on 2 cores', null, null, 'FAIL');
    return;
  }
  const seq = one.reduce((a, b) => a + b, 0);
  const par = median(together);
  const ratio = seq / par;
  row(
    'Browser: a job of 8 files opened together vs one after another',
    label,
    `together ${fmt(par / 1000, 2)} s (median of [${together.map((x) => fmt(x / 1000, 2)).join(', ')}]); one after another ${fmt(seq / 1000, 2)} s (sum of [${one.map((x) => fmt(x / 1000, 2)).join(', ')}]); Wasm of all workers ${typeof last.wasm_memory === 'number' ? mib(last.wasm_memory) : last.wasm_memory}; renderer RSS peak ${mib(last.rss_peak)}`,
    '≥ 1.7× on 2 cores',
    `one after another ${fmt(seq / 1000, 2)} s`,
    `${fmt(ratio, 2)}×`,
    verdict(ratio >= 1.7),
  );
  firstFrame = firstFrame.filter((x) => typeof x === 'number');
  row('Browser: a job of 8 files → first timeline frame', label, firstFrame.length ? `${fmt(median(firstFrame) / 1000, 2)} s median of [${firstFrame.map((x) => fmt(x / 1000, 2)).join(', ')}]` : 'n/a (no frame mark)', 'info', null, null, '—');

  // ---- many ranks: frame time and memory per rank -------------------------------------------------
  const ranks = smoke ? 4 : 64;
  const events = smoke ? 3000 : 100_000;
  const rankFiles = await genJob(ranks, events);
  const jobLabel = `${ranks} ranks × ${events.toLocaleString('en')} events`;
  const r = await loadInOurs(context, url, rankFiles, 900000);
  if (!r.ok) {
    await r.page.close().catch(() => undefined);
    row(`Browser: ${ranks} ranks on one timeline, frame time`, jobLabel, `could not load: ${r.outcome} ${r.status ?? ''}`, '≤ 16 ms p95', null, null, 'FAIL');
    return;
  }
  const f = await zoomPan(r.page, 1);
  await r.page.close().catch(() => undefined);
  const cost95 = f.render_p95 + f.draw_p95;
  const perRank = (b) => (typeof b === 'number' ? mib(b / ranks) : 'n/a');
  row(
    `Browser: ${ranks} ranks on one timeline${ranks >= 16 ? ' (compact)' : ''}, frame time while zooming/panning`,
    jobLabel,
    `frame cost p95 ${fmt(cost95)} ms = render lists (fan-out to the ranks in view, on ${r.workers ?? 'n/a'} workers, merged) p95 ${fmt(f.render_p95)} + draw p95 ${fmt(f.draw_p95)}; request → on screen p95 ${fmt(f.frame_p95)} ms; ${f.frames} frames for ${f.inputs} inputs; opened in ${fmt(r.wall_ms / 1000, 1)} s`,
    '≤ 16 ms p95',
    null,
    null,
    verdict(cost95 <= 16),
  );
  row(
    `Browser: ${ranks} ranks, memory per rank`,
    jobLabel,
    `Wasm ${perRank(r.wasm_memory)} per rank (all workers ${typeof r.wasm_memory === 'number' ? mib(r.wasm_memory) : r.wasm_memory}); renderer RSS peak ${perRank(r.rss_peak)} per rank (${mib(r.rss_peak)})`,
    'info',
    null,
    null,
    '—',
  );
}

/** `n` copies of `path` in `work`, named `<stem>-<i>.<ext>` (made once). */
function copies(work, path, n, stem) {
  const ext = path.endsWith('.json') ? 'json' : path.split('.').slice(1).join('.');
  const out = [];
  for (let i = 0; i < n; i++) {
    const p = join(work, `${stem}-${i}.${ext}`);
    if (!existsSync(p) || statSync(p).mtimeMs < statSync(path).mtimeMs) copyFileSync(path, p);
    out.push(p);
  }
  return out;
}
