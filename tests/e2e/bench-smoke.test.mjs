// Smoke test of `make bench` (bench/run.mjs --smoke): the whole pipeline — synthetic generator,
// native CLI, Wasm import in Node, the JSON.parse anchor, our page and speedscope in Chromium, the
// zoom/pan frame timings, the per-area scripts (analyses, graph, counters) and the report — on tiny inputs in seconds, so the bench cannot rot.
// It checks that every stage produced a number, not that targets are met.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, missingPrerequisite, skipOrFail } from './helpers.mjs';

const cli = ['release', 'debug'].map((p) => join(ROOT, 'target', p, 'planeview')).find((p) => existsSync(p));
const skip = skipOrFail(
  missingPrerequisite() ??
    (cli ? null : 'target/{release,debug}/planeview is not built (cargo build)') ??
    (existsSync(join(ROOT, 'pkg', 'planeview.js')) ? null : 'pkg/ is not built (npm run wasm)'),
);
if (skip) console.log(`# skipping the bench smoke test: ${skip}`);

test('bench pipeline runs end to end on tiny inputs', { skip: skip ?? false, timeout: 180000 }, () => {
  const work = mkdtempSync(join(tmpdir(), 'planeview-bench-smoke-'));
  try {
    const out = join(work, 'BENCHMARKS.md');
    const r = spawnSync(process.execPath, [join(ROOT, 'bench', 'run.mjs'), '--smoke', '--work', work, '--out', out], {
      encoding: 'utf8',
      timeout: 170000,
    });
    assert.equal(r.status, 0, `bench/run.mjs --smoke failed:\n${r.stderr}`);
    const doc = readFileSync(out, 'utf8');
    assert.match(doc, /^- machine: .+, \d+ cores, [\d.]+ GiB RAM/m);
    assert.match(doc, /^- commit: [0-9a-f]{7,}(\+dirty)?$/m);
    assert.match(doc, /^- date: \d{4}-\d\d-\d\dT/m);
    assert.match(doc, /\| what \| input \| measured \| target \| anchor \| ratio vs anchor \| result \|/);
    const lines = r.stdout.split('\n').filter((l) => l.startsWith('| '));
    const need = [
      /^\| Native import, XSpace \| .* \| [\d.]+ MB\/s /,
      /^\| Native import, Chrome JSON \| .* \| [\d.]+ MB\/s .*JSON\.parse [\d.]+ MB\/s \| [\d.]+× \|/,
      /^\| Wasm import \(Node\), XSpace \| .* \| [\d.]+ MB\/s .*Wasm memory [\d.]+ MiB/,
      /^\| Wasm import \(Node\), Chrome JSON \| .* \| [\d.]+ MB\/s /,
      /^\| Anchor: Node JSON\.parse \| .* \| [\d.]+ MB\/s/,
      /^\| Browser: drop → first timeline frame \| smoke_kineto.* \| [\d.]+ s median.*Wasm [\d.]+ MiB/,
      /^\| Browser: drop → first timeline frame \| smoke_xspace.* \| [\d.]+ s median/,
      /^\| Browser: time to a usable view, ours vs speedscope .* \| ours [\d.]+ s median of \[[\d., ]+\]; speedscope [\d.]+ s median of \[[\d., ]+\] .* \| [\d.]+× \|/,
      /^\| Browser: synthetic JSON opens .* \| opened: /,
      /^\| Browser: frame time while zooming\/panning .* \| frame cost p95 [\d.]+ ms /,
      /^\| Browser: compare two runs, both loaded → diff tables drawn \| .* \| [\d.]+ s median of \d+ /,
      /^\| Browser: a job of 8 files opened together vs one after another \| .* \| together [\d.]+ s .*one after another [\d.]+ s .* \| [\d.]+× \|/,
      /^\| Browser: a job of 8 files → first timeline frame \| .* \| [\d.]+ s median/,
      /^\| Browser: \d+ ranks on one timeline.*frame time while zooming\/panning \| .* \| frame cost p95 [\d.]+ ms /,
      /^\| Browser: \d+ ranks, memory per rank \| .* \| Wasm [\d.]+ MiB per rank/,
      /^\| Analyses: all six tools, native \| .* \| [\d.]+ ms/,
      /^\| HLO neighbourhood layout .* \| [\d.]+ ms/,
      /^\| MLIR bytecode decode \| .* \| [\d.]+ ms/,
      /^\| Counter render, all \d+ tracks \(Wasm, Node\) \| .* \| [\d.]+ ms/,
      /^\| Timeline draw backend: Canvas 2D .* \| p50 [\d.]+ ms, p95 [\d.]+ ms per frame/,
      /^\| Timeline draw backend: WebGL2 instanced .* \| p50 [\d.]+ ms, p95 [\d.]+ ms per frame/,
    ];
    for (const re of need) assert.ok(lines.some((l) => re.test(l)), `a table row matching ${re}\n${lines.join('\n')}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
