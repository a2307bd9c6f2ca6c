// End-to-end tests of the answers a new user checks first: a PyTorch thread recorded with Python
// stacks is drawn about as deep as its real nesting (its label says how many lanes; the nesting is
// counted here from the JSON itself), and a Kineto V100 trace is a GPU profile whose Overview names
// the GPU and whose Kernels table names the operator that launched each kernel.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { dataFile, missingPrerequisite, openProfile, setup, showAnalysisTab, skipOrFail, withPage } from './helpers.mjs';

const skip = missingPrerequisite();
if (skip) console.log(`# skipping the end-to-end tests: ${skip}`);

const CORPUS = process.env.PLANEVIEW_CORPUS ?? join(process.cwd(), '..', 'shared', 'corpus');
const STACKS = join(CORPUS, 'chrome_json', 'torch_cpu_transformer_train_dev.pt.trace.json.gz');
const noStacks = existsSync(STACKS) ? null : skipOrFail(`the corpus trace ${STACKS} is missing (set PLANEVIEW_CORPUS)`);
if (noStacks) console.log(`# skipping the Python-stack trace: ${noStacks}`);
const V100 = dataFile('chrome_json/kineto__resnet50_nw0_worker0.1623143089861.pt.trace.json.gz');

/** Per tid, the most `X` slices open at one instant (ends are exclusive), read from the JSON. */
function maxOpenPerThread(path) {
  const doc = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8'));
  const events = Array.isArray(doc) ? doc : doc.traceEvents;
  const edges = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || typeof e.ts !== 'number') continue;
    const list = edges.get(String(e.tid)) ?? [];
    list.push([e.ts, 1], [e.ts + (e.dur ?? 0), -1]);
    edges.set(String(e.tid), list);
  }
  const out = new Map();
  for (const [tid, list] of edges) {
    list.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let open = 0;
    let most = 0;
    for (const [, d] of list) {
      open += d;
      most = Math.max(most, open);
    }
    out.set(tid, most);
  }
  return out;
}

describe('the first hour', { skip: skip ?? false }, () => {
  let env;
  before(async () => {
    env = await setup();
  });
  after(async () => {
    await env?.close();
  });

  test('a PyTorch thread with Python stacks has at most its nesting depth + 4 lanes', { skip: noStacks ?? false }, async () => {
    const depth = maxOpenPerThread(STACKS).get('26044');
    assert.ok(depth && depth > 10, `thread 26044 nests (${depth})`);
    await withPage(env, 'first-hour-lanes', async (page) => {
      await openProfile(page, env, STACKS);
      const title = await page.getAttribute('.tl-track[title^="thread 26044"]', 'title');
      const m = /\((\d+) lanes/.exec(title ?? '');
      assert.ok(m, `the label says how many lanes: "${title}"`);
      const lanes = Number(m[1]);
      assert.ok(lanes <= depth + 4, `${lanes} lanes for a nesting ${depth} deep (was 229 before the overflow lanes)`);
      assert.ok(lanes >= depth, `every open slice has a lane (${lanes} ≥ ${depth})`);
    });
  });

  test('a Kineto V100 trace: the Overview names the GPU and kernels name their launching op', async () => {
    await withPage(env, 'first-hour-gpu', async (page) => {
      await openProfile(page, env, V100);
      await showAnalysisTab(page, 'overview');
      const facts = (await page.textContent('[data-testid="overview-facts"]')) ?? '';
      assert.match(facts, /V100/, `the overview names the GPU: ${facts}`);
      assert.doesNotMatch(facts, /CPU_ONLY/);
      await showAnalysisTab(page, 'kernels');
      const opCol = await page.$$eval('[data-testid="table-kernels"] th', (ths) => ths.findIndex((t) => t.dataset.col === 'op_name'));
      assert.ok(opCol >= 0, 'the kernels table has an op column');
      const ops = await page.$$eval('[data-testid="table-kernels"] tbody tr', (rows, c) => rows.map((r) => r.cells[c]?.textContent ?? ''), opCol);
      assert.ok(ops.length > 10, `kernel rows: ${ops.length}`);
      assert.ok(
        ops.every((o) => o.trim() !== ''),
        'every kernel row names its launching op',
      );
      assert.match(ops[0] ?? '', /^aten::/);
    });
  });
});
