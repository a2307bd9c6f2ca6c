// Timeline label fitting (www/src/canvas/text.ts) in Chromium with the timeline's font:
// ellipsizeMiddle starts its search where the full width puts the cut, and must give exactly what a
// plain binary search over the kept lengths gives (the first ⌈k/2⌉ and last ⌊k/2⌋ characters around
// "…" for the largest k that fits, or '' when none is useful); names that differ only at their
// end stay apart.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { join } from 'node:path';
import { ROOT, missingPrerequisite, setup, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

describe('timeline label fitting', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  let bundle;
  before(async () => {
    bundle = await build({
      entryPoints: [join(ROOT, 'www', 'src', 'canvas', 'text.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'textFit',
    });
  });

  test('ellipsizeMiddle equals a binary search over the kept lengths', async () => {
    await withPage(env, 'text-fit', async (page) => {
      // A blank page (ours forbids inline scripts): only a canvas and the bundled module are needed.
      await page.addScriptTag({ content: bundle.outputFiles[0].text });
      const result = await page.evaluate(() => {
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
        const reference = (s, max) => {
          const w = (t) => ctx.measureText(t).width;
          if (max <= 0 || s.length === 0 || w(s) <= max) return max <= 0 || s.length === 0 ? '' : s;
          if (w('…') > max) return '';
          const cut = (k) => `${s.slice(0, Math.ceil(k / 2))}…${s.slice(s.length - Math.floor(k / 2))}`;
          let lo = 0;
          let hi = s.length;
          while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if (w(cut(mid)) <= max) lo = mid;
            else hi = mid - 1;
          }
          return lo === 0 ? '' : cut(lo);
        };
        // Deterministic pseudo-random names: kernel-like identifiers, wide and narrow letters.
        let seed = 12345;
        const rand = () => {
          seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
          return seed / 2 ** 32;
        };
        const alphabet = 'aiIlmMwW_:.0123456789 ()<>ABCDEFxyz';
        const mismatches = [];
        let cases = 0;
        for (let i = 0; i < 1500; i++) {
          const len = 1 + Math.floor(rand() * 70);
          let s = '';
          for (let k = 0; k < len; k++) s += alphabet[Math.floor(rand() * alphabet.length)];
          const max = rand() * 320 - 8;
          const got = globalThis.textFit.ellipsizeMiddle(ctx, s, max);
          const want = reference(s, max);
          cases++;
          if (got !== want && mismatches.length < 5) mismatches.push({ s, max, got, want });
        }
        return { cases, mismatches };
      });
      assert.equal(result.cases, 1500);
      assert.deepEqual(result.mismatches, [], 'ellipsize and the binary search agree');
    });
  });

  test('names that differ only at their end stay distinct in a narrow box', async () => {
    await withPage(env, 'text-fit-distinct', async (page) => {
      await page.addScriptTag({ content: bundle.outputFiles[0].text });
      const fitted = await page.evaluate(() => {
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
        // XLA kernel names of one module: a long shared stem, a distinguishing suffix.
        const names = Array.from({ length: 15 }, (_, i) => `loop_multiply_reduce_fusion_convert_broadcast.${i + 1}`);
        return names.map((n) => globalThis.textFit.ellipsizeMiddle(ctx, n, 120));
      });
      assert.ok(fitted.every((t) => t.includes('…')), `all shortened: ${fitted.join(' | ')}`);
      assert.equal(new Set(fitted).size, 15, `15 names stay 15: ${fitted.join(' | ')}`);
      assert.ok(fitted[11].endsWith('.12'), fitted[11]);
    });
  });
});
