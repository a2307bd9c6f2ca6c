// A synthetic distributed job: one profile per rank, with one straggler (same seed → same bytes).
//
//   node bench/gen-job.mjs --ranks N --events E --straggler-rank R --straggler-step S
//                          --format kineto|xspace --out DIR [--steps K] [--seed N]
//
// Every rank runs K steps (default 8). A step starts together on every rank (a little jitter),
// computes (filler ops), then joins one all-reduce of 4 MiB; the all-reduce ends a fixed transfer
// time after the LAST rank arrived, and the step ends right after it. At step S, rank R computes
// 20 ms longer, so it arrives last and every other rank waits about 20 ms for it: `planeview
// ranks DIR` must name R as that step's straggler. E counts the events of each rank's file.
//
// kineto: DIR/rank-<r>.pt.trace.json with `distributedInfo` (nccl, rank, world size),
//   `baseTimeNanoseconds`, `ProfilerStep#<s>` on the main thread, `record_param_comms` (args
//   `Collective name`, `dtype`, `In msg nelems`, `Process Group Ranks`, `Seq`) and its NCCL kernel
//   on a GPU stream with the same args, and `aten::*` filler ops in between.
// xspace: DIR/host<r>.xplane.pb, one per host: a `/host:CPU` plane with the steps (`train`,
//   stats `step_num`, `_r`) on the python line and the XLA ops (filler fusions and one
//   `all-reduce`, stats `hlo_op`, `run_id`, `device_ordinal` = r·2048 as JAX numbers CPU
//   devices) on an executor line, and `Task Environment` with `profile_start_time`: each host's
//   session starts a different number of µs after the job, so the clocks must be joined.
// The writers (output buffering, protobuf) are gen-synthetic.mjs's.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Out, Pb, planeMeta, rng, statMsg } from './gen-synthetic.mjs';

const MS = 1_000_000; // ns
const STRAGGLE_NS = 20 * MS;
const TRANSFER_NS = 2 * MS;
const NELEMS = 1 << 20; // floats: 4 MiB
const JOB_START_NS = 1700000000000000000n;

/**
 * The job's timeline, in ns after the job start: per step and rank the step start, the arrival
 * at the all-reduce, its end (the same on every rank) and the step end.
 */
export function timeline({ ranks, steps, stragglerRank, stragglerStep, seed }) {
  const r = rng(seed);
  const out = [];
  let t = 1 * MS;
  for (let s = 0; s < steps; s++) {
    const start = [];
    const arrive = [];
    for (let k = 0; k < ranks; k++) {
      const st = t + Math.floor(r() * 0.2 * MS);
      const compute = 10 * MS + Math.floor(r() * 0.5 * MS) + (k === stragglerRank && s === stragglerStep ? STRAGGLE_NS : 0);
      start.push(st);
      arrive.push(st + compute);
    }
    const end = Math.max(...arrive) + TRANSFER_NS;
    const stepEnd = start.map(() => end + Math.floor(0.1 * MS + r() * 0.05 * MS));
    out.push({ start, arrive, end, stepEnd });
    t = Math.max(...stepEnd) + Math.floor(0.3 * MS);
  }
  return out;
}

/** Filler ops of `n` events side by side in [from, to): [start, dur] in ns. */
function fillers(n, from, to) {
  const out = [];
  if (n <= 0 || to - from < 2 * n) return out;
  const each = Math.floor((to - from) / n);
  for (let i = 0; i < n; i++) out.push([from + i * each, Math.max(1, each - 1)]);
  return out;
}

/** ns (integer, after the job start) → Kineto's µs text relative to baseTimeNanoseconds. */
function usText(ns) {
  const whole = Math.floor(ns / 1000);
  const frac = ns - whole * 1000;
  return `${whole}.${String(frac).padStart(3, '0')}`;
}

const OPS = ['aten::mm', 'aten::add_', 'aten::relu', 'aten::copy_', 'aten::mul'];

function writeKineto(dir, k, opts, tl) {
  const { ranks, events } = opts;
  const path = join(dir, `rank-${k}.pt.trace.json`);
  const out = new Out(path);
  const pid = 5000 + k;
  const group = `[${Array.from({ length: ranks }, (_, i) => i).join(', ')}]`;
  const info = { backend: 'nccl', rank: k, world_size: ranks, pg_count: 1, pg_config: [{ pg_name: '0', pg_desc: 'default_pg', backend_config: 'cuda:nccl', pg_size: ranks, ranks: JSON.parse(group) }] };
  out.write(`{\n"schemaVersion": 1,\n"deviceProperties": [],\n"distributedInfo": ${JSON.stringify(info)},\n"host_name": "node${Math.floor(k / 8)}",\n"baseTimeNanoseconds": ${JOB_START_NS},\n"traceEvents": [\n`);
  out.write(`{"ph":"M","name":"process_name","pid":${pid},"tid":0,"args":{"name":"python"}}`);
  out.write(`,\n{"ph":"M","name":"thread_name","pid":${pid},"tid":${pid},"args":{"name":"thread ${pid} (python)"}}`);
  out.write(`,\n{"ph":"M","name":"process_name","pid":0,"tid":0,"args":{"name":"GPU 0"}}`);
  out.write(`,\n{"ph":"M","name":"thread_name","pid":0,"tid":7,"args":{"name":"stream 7"}}`);
  let n = 0;
  const emit = (s) => {
    out.write(',\n');
    out.write(s);
    n++;
  };
  const perStep = Math.floor(events / tl.length) - 3;
  tl.forEach((step, s) => {
    const start = step.start[k];
    const arrive = step.arrive[k];
    emit(`{"ph":"X","cat":"user_annotation","name":"ProfilerStep#${s}","pid":${pid},"tid":${pid},"ts":${usText(start)},"dur":${usText(step.stepEnd[k] - start)},"args":{}}`);
    fillers(perStep, start + 1000, arrive - 1000).forEach(([t, d], i) => {
      emit(`{"ph":"X","cat":"cpu_op","name":"${OPS[i % OPS.length]}","pid":${pid},"tid":${pid},"ts":${usText(t)},"dur":${usText(d)},"args":{}}`);
    });
    const args = `{"Collective name":"allreduce","dtype":"Float","In msg nelems":${NELEMS},"Out msg nelems":${NELEMS},"Group size":${ranks},"Process Group Ranks":"${group}","Seq":${s}}`;
    emit(`{"ph":"X","cat":"cpu_op","name":"record_param_comms","pid":${pid},"tid":${pid},"ts":${usText(arrive - 500)},"dur":${usText(400)},"args":${args}}`);
    emit(`{"ph":"X","cat":"kernel","name":"ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)","pid":0,"tid":7,"ts":${usText(arrive)},"dur":${usText(step.end - arrive)},"args":${args}}`);
  });
  out.write('\n],\n"displayTimeUnit": "ms",\n"traceName": "synthetic-job"\n}\n');
  return { path, bytes: out.close(), events: n };
}

/** One XEvent: metadata id, offset and duration in ps, stats. */
function xevent(line, meta, offsetPs, durPs, stats) {
  const ev = new Pb(48);
  ev.int(1, meta);
  ev.int(2, offsetPs);
  ev.int(3, durPs);
  for (const s of stats) ev.msg(4, s);
  line.msg(4, ev);
}

function writeXSpace(dir, k, opts, tl) {
  const { events } = opts;
  const path = join(dir, `host${k}.xplane.pb`);
  const out = new Out(path);
  // This host's session starts 13 µs · k after the job; its lines count from there.
  const sessionNs = 13_000 * k;
  const lineTs = 1000;
  const toPs = (ns) => (ns - sessionNs - lineTs) * 1000;
  const names = ['train', 'all-reduce', ...OPS.map((_, i) => `fusion.${i}`)];
  const stats = ['step_num', '_r', 'hlo_op', 'run_id', 'device_ordinal', 'hlo_module'];
  const [STEP_NUM, ROOT, HLO_OP, RUN_ID, DEVICE, MODULE] = [1, 2, 3, 4, 5, 6];
  const host = new Pb(1 << 16);
  host.int(1, 1);
  host.str(2, '/host:CPU');
  const python = new Pb(1 << 12);
  python.int(1, 1);
  python.str(2, 'python');
  python.int(3, lineTs);
  const exec = new Pb(1 << 16);
  exec.int(1, 2);
  exec.str(2, 'tf_XLAPjRtCpuClient/1');
  exec.int(3, lineTs);
  let n = 0;
  const perStep = Math.floor(events / tl.length) - 2;
  const device = k * 2048;
  tl.forEach((step, s) => {
    const start = step.start[k];
    const arrive = step.arrive[k];
    xevent(python, 1, toPs(start), (step.stepEnd[k] - start) * 1000, [statMsg(STEP_NUM, 'int', s), statMsg(ROOT, 'int', 1)]);
    n++;
    const op = (name) => [statMsg(HLO_OP, 'str', name), statMsg(MODULE, 'str', 'jit_train_step'), statMsg(RUN_ID, 'int', 1000 + s), statMsg(DEVICE, 'int', device)];
    fillers(perStep, start + 1000, arrive - 1000).forEach(([t, d], i) => {
      const m = 3 + (i % OPS.length);
      xevent(exec, m, toPs(t), d * 1000, op(names[m - 1]));
      n++;
    });
    xevent(exec, 2, toPs(arrive), (step.end - arrive) * 1000, op('all-reduce'));
    n++;
  });
  host.msg(3, python);
  host.msg(3, exec);
  planeMeta(host, names, stats);
  const env = new Pb(256);
  env.int(1, 2);
  env.str(2, 'Task Environment');
  planeMeta(env, [], ['profile_start_time']);
  env.msg(6, statMsg(1, 'int', JOB_START_NS + BigInt(sessionNs)));
  const space = new Pb(1 << 10);
  for (const plane of [host, env]) {
    const b = plane.done();
    space.tag(1, 2);
    space.varint(b.length);
    out.writeBuf(space.done());
    out.writeBuf(b);
    space.pos = 0;
  }
  space.str(4, `host${k}`);
  out.writeBuf(space.done());
  return { path, bytes: out.close(), events: n };
}

/** Writes the job into `opts.out`; returns one `{path, bytes, events}` per rank. */
export function genJob(opts) {
  mkdirSync(opts.out, { recursive: true });
  const tl = timeline(opts);
  const write = opts.format === 'xspace' ? writeXSpace : writeKineto;
  return Array.from({ length: opts.ranks }, (_, k) => write(opts.out, k, opts, tl));
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const args = process.argv.slice(2);
  const opt = (name, dflt) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : dflt;
  };
  const opts = {
    ranks: Number(opt('--ranks', 8)),
    events: Number(opt('--events', 10000)),
    steps: Number(opt('--steps', 8)),
    stragglerRank: Number(opt('--straggler-rank', 0)),
    stragglerStep: Number(opt('--straggler-step', 0)),
    format: opt('--format', 'kineto'),
    out: opt('--out'),
    seed: Number(opt('--seed', 1)),
  };
  const numbers = [opts.ranks, opts.events, opts.steps, opts.stragglerRank, opts.stragglerStep, opts.seed];
  if (!opts.out || !['kineto', 'xspace'].includes(opts.format) || numbers.some((v) => !Number.isInteger(v) || v < 0) || opts.ranks < 1 || opts.steps < 1) {
    console.error('usage: node bench/gen-job.mjs --ranks N --events E --straggler-rank R --straggler-step S --format kineto|xspace --out DIR [--steps K] [--seed N]');
    process.exit(1);
  }
  const t = performance.now();
  const files = genJob(opts);
  const bytes = files.reduce((a, f) => a + f.bytes, 0);
  console.log(JSON.stringify({ files: files.length, bytes, events: files.reduce((a, f) => a + f.events, 0), out: opts.out, seconds: (performance.now() - t) / 1000 }));
}
