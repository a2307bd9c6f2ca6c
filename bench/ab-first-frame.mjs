// First timeline frame of two builds of the page, back to back in one headless Chromium: runs
// alternate between the two (A B, B A, ...) so background load hits both alike; prints the
// median first frame and the engine's push / finish times of each, per file.
//   node bench/ab-first-frame.mjs DIST_A DIST_B RUNS FILE...
import { launch, loadInOurs } from './browser.mjs';
import { startServer } from '../tests/e2e/server.mjs';

const [dirA, dirB, runs = '5', ...files] = process.argv.slice(2);
if (!dirA || !dirB || files.length === 0) {
  console.error('usage: node bench/ab-first-frame.mjs DIST_A DIST_B RUNS FILE...');
  process.exit(1);
}
const servers = { A: await startServer({ dir: dirA, prefixes: ['/'] }), B: await startServer({ dir: dirB, prefixes: ['/'] }) };
const browser = await launch();
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) / 2)];
const s = (ms) => (ms / 1000).toFixed(2);
for (const file of files) {
  const res = { A: [], B: [] };
  for (let i = 0; i < Number(runs); i++) {
    for (const side of i % 2 ? ['B', 'A'] : ['A', 'B']) {
      const r = await loadInOurs(browser.context, servers[side].url, file);
      await r.page.close().catch(() => undefined);
      if (!r.ok) throw new Error(`${side} ${file}: ${r.outcome} ${r.status ?? ''}`);
      res[side].push({ frame: r.first_frame_ms, push: r.load_phases?.pushMs ?? Number.NaN, finish: r.load_phases?.finishMs ?? Number.NaN });
    }
  }
  console.log(file.split('/').pop());
  for (const side of ['A', 'B']) {
    const rs = res[side];
    console.log(`  ${side}: first frame ${s(median(rs.map((r) => r.frame)))} s [${rs.map((r) => s(r.frame)).join(' ')}], push ${s(median(rs.map((r) => r.push)))} s, finish ${s(median(rs.map((r) => r.finish)))} s`);
  }
}
await browser.close();
process.exit(0);
