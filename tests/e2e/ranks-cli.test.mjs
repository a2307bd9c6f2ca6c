// `planeview ranks` on synthetic jobs from bench/gen-job.mjs: 8 small ranks with one injected
// straggler, in both formats, in a temporary directory; the CLI must name the straggler and its
// step, and find no other step where a rank kept the others waiting as long.
// Needs the debug CLI (`cargo build`; `cargo test` builds it too).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { genJob } from '../../bench/gen-job.mjs';
import { ROOT, skipOrFail } from './helpers.mjs';

const cli = join(ROOT, 'target', 'debug', 'planeview');
const skip = skipOrFail(existsSync(cli) ? null : 'target/debug/planeview is not built (cargo build)');
if (skip) console.log(`# skipping the ranks CLI test: ${skip}`);

for (const format of ['kineto', 'xspace']) {
  test(`ranks finds the straggler of a synthetic ${format} job`, { skip: skip ?? false, timeout: 60000 }, () => {
    const out = mkdtempSync(join(tmpdir(), `planeview-job-${format}-`));
    try {
      const [ranks, stragglerRank, stragglerStep] = [8, 5, 3];
      const files = genJob({ ranks, events: 1500, steps: 6, stragglerRank, stragglerStep, format, out, seed: 7 });
      assert.equal(files.length, ranks);
      const r = spawnSync(cli, ['ranks', out, '--json'], { encoding: 'utf8', maxBuffer: 1 << 26 });
      assert.equal(r.status, 0, r.stderr);
      const report = JSON.parse(r.stdout);
      assert.deepEqual(report.problems, []);
      assert.deepEqual(
        report.ranks.map((k) => k.rank),
        [...Array(ranks).keys()],
      );
      assert.equal(report.steps.length, 6);
      const step = report.steps.find((s) => s.step === stragglerStep);
      assert.equal(step.straggler_rank, stragglerRank);
      // Seven ranks wait about 20 ms each for it.
      assert.ok(step.wait_caused_ps > 7 * 19e9 && step.wait_caused_ps < 7 * 21e9, `${step.wait_caused_ps}`);
      const others = report.steps.filter((s) => s.step !== stragglerStep);
      assert.ok(others.every((s) => s.wait_caused_ps < step.wait_caused_ps / 10));
      const c = report.collectives.find((x) => x.step === stragglerStep);
      assert.equal(c.late_rank, stragglerRank);
      assert.ok(c.skew_ps > 19e9, `${c.skew_ps}`);
      assert.equal(c.wait_ps[String(stragglerRank)], 0);
      if (format === 'kineto') assert.equal(c.bytes, 4 << 20);

      // Aligned on the straggler's collective, its skew is gone.
      const a = spawnSync(cli, ['ranks', out, '--json', '--align', `collective:${c.instance}`], { encoding: 'utf8', maxBuffer: 1 << 26 });
      assert.equal(a.status, 0, a.stderr);
      assert.equal(JSON.parse(a.stdout).collectives[c.instance].skew_ps, 0);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
}
