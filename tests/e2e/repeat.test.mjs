// Reliability under repetition: 50 profiles opened one after another in one tab (an XSpace and a
// PyTorch/Kineto trace, alternately). Each load releases the previous model (worker.ts frees the
// Session on `begin`), so neither the page's JS heap nor the engine's Wasm memory may keep growing.
// Wasm memory never shrinks: it must plateau once the largest profile has been seen.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dataFile, missingPrerequisite, openFileAndWait, openPage, setup, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
const FILES = [dataFile('xplane/jax_cpu_mlp_small.xplane.pb'), dataFile('chrome_json/torch-cpu__torch_cpu_smallcnn_train.json.gz')];
const LOADS = 50;
const WARMUP = 6;
const MiB = 1 << 20;

describe('repeated loads', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test(`${LOADS} profiles in a row do not grow memory without bound`, { timeout: 120000 }, async () => {
    await withPage(env, 'repeat', async (page) => {
      await openPage(page, env);
      const cdp = await env.context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const jsHeap = async () => {
        await cdp.send('HeapProfiler.collectGarbage');
        const { metrics } = await cdp.send('Performance.getMetrics');
        return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
      };
      const samples = [];
      for (let i = 0; i < LOADS; i++) {
        await openFileAndWait(page, FILES[i % FILES.length]);
        const wasm = Number(await page.evaluate(() => document.body.dataset.wasmMemoryBytes ?? 'NaN'));
        samples.push({ wasm, heap: await jsHeap() });
      }
      const fmt = (b) => `${(b / MiB).toFixed(1)} MiB`;
      const wasm = samples.map((s) => s.wasm);
      const heap = samples.map((s) => s.heap);
      console.log(
        `# wasm memory after loads 1, ${WARMUP}, ${LOADS}: ${fmt(wasm[0])}, ${fmt(wasm[WARMUP - 1])}, ${fmt(wasm[LOADS - 1])}; ` +
          `JS heap: ${fmt(heap[0])}, ${fmt(heap[WARMUP - 1])}, ${fmt(heap[LOADS - 1])} (peak ${fmt(Math.max(...heap))})`,
      );
      assert.ok(wasm.every((b) => Number.isFinite(b) && b > 0), 'the worker reports its Wasm memory after each load');

      // Wasm memory plateaus: after the warm-up, at most 4 MiB more (allocator slack). Keeping each
      // old input and model (≥ 0.5 MiB per load for these files) would add over 20 MiB.
      const wasmBound = Math.max(...wasm.slice(0, WARMUP)) + 4 * MiB;
      const wasmPeak = Math.max(...wasm.slice(WARMUP));
      assert.ok(wasmPeak <= wasmBound, `Wasm memory ${fmt(wasmPeak)} exceeds ${fmt(wasmBound)}`);
      assert.ok(wasm[LOADS - 1] <= wasm[LOADS - 11] + MiB, 'no growth over the last 10 loads');

      // The page's JS heap (after GC) stays within a fixed bound of what it was after the warm-up
      // (a profile's track list and metadata kept per load would add well over that).
      const heapBound = Math.max(...heap.slice(0, WARMUP)) + 3 * MiB;
      const heapPeak = Math.max(...heap.slice(WARMUP));
      assert.ok(heapPeak <= heapBound, `JS heap ${fmt(heapPeak)} exceeds ${fmt(heapBound)}`);
      await cdp.detach();
    });
  });
});
