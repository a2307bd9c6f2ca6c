// Deterministic synthetic profiles for the benchmark (same seed → same bytes).
//
//   node bench/gen-synthetic.mjs kineto EVENTS OUT [--seed N]   Kineto-like Chrome trace JSON
//   node bench/gen-synthetic.mjs xspace EVENTS OUT [--seed N]   XSpace protobuf (proto/xplane.proto)
//
// EVENTS counts what `planeview summary` calls events: for Chrome JSON every traceEvents entry
// whose ph is not M (slices, flows, instants); for XSpace every XEvent.
//
// Kineto shape (after the real files of the corpus, $PLANEVIEW_CORPUS/chrome_json): CPU ops
// nested on a few threads (top op → child ops → cudaLaunchKernel), a flow s/f pair per launch,
// kernels with the usual kernel args on a few GPU streams, and [memory] instants; one event per line, compact keys.
// XSpace shape: a /host:CPU plane with nested events on a few thread lines and a /device:GPU:0 plane
// with kernels on stream lines carrying correlation_id / kernel_details (ref) / group_id stats.
import { closeSync, openSync, writeSync } from 'node:fs';

/** mulberry32: a small seeded PRNG. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CPU_TOP = ['aten::linear', 'aten::conv2d', 'aten::layer_norm', 'aten::softmax', 'aten::matmul', 'aten::dropout', 'aten::embedding', 'Optimizer.step#AdamW.step', 'aten::scaled_dot_product_attention', 'autograd::engine::evaluate_function: AddmmBackward0'];
const CPU_CHILD = ['aten::addmm', 'aten::empty', 'aten::copy_', 'aten::add_', 'aten::mul', 'aten::t', 'aten::view', 'aten::relu', 'aten::native_layer_norm', 'aten::_softmax', 'aten::bmm', 'aten::fill_'];
const KERNELS = [
  'volta_sgemm_128x64_nn',
  'void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>, at::detail::Array<char*, 3> >(int, at::native::CUDAFunctor_add<float>, at::detail::Array<char*, 3>)',
  'void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<float, float>(int, float, float const*, float const*, float const*, float*, float*, float*)',
  'ampere_sgemm_64x32_sliced1x4_tn',
  'void cunn_SoftMaxForward<4, float, float, float, cunn::SoftMaxForwardEpilogue>(float*, float const*, int)',
  'void at::native::unrolled_elementwise_kernel<at::native::FillFunctor<float>, at::detail::Array<char*, 1> >(int, at::native::FillFunctor<float>, at::detail::Array<char*, 1>)',
  'sm80_xmma_gemm_f32f32_f32f32_f32_nn_n_tilesize128x64x8_stage3_warpsize2x2x1_ffma_aligna4_alignc4_execute_kernel_cublas',
  'void at::native::reduce_kernel<512, 1, at::native::ReduceOp<float, at::native::MeanOps<float, float>, unsigned int, float, 4> >(at::native::ReduceOp<float, at::native::MeanOps<float, float>, unsigned int, float, 4>)',
];
const BASE_US = 1700000000000; // µs, like Kineto's wall-clock timestamps

/** ns (integer) → Kineto's µs text with 3 decimals. */
function us(ns) {
  const whole = Math.floor(ns / 1000);
  const frac = ns - whole * 1000;
  return `${BASE_US + whole}.${frac < 10 ? '00' : frac < 100 ? '0' : ''}${frac}`;
}

export class Out {
  constructor(path) {
    this.fd = openSync(path, 'w');
    this.parts = [];
    this.len = 0;
    this.bytes = 0;
  }
  write(s) {
    this.parts.push(s);
    this.len += s.length;
    if (this.len > 1 << 22) this.flush();
  }
  writeBuf(b) {
    this.flush();
    writeSync(this.fd, b);
    this.bytes += b.length;
  }
  flush() {
    if (this.parts.length === 0) return;
    const b = Buffer.from(this.parts.join(''), 'utf8');
    writeSync(this.fd, b);
    this.bytes += b.length;
    this.parts = [];
    this.len = 0;
  }
  close() {
    this.flush();
    closeSync(this.fd);
    return this.bytes;
  }
}

export function genKineto(events, path, seed = 1) {
  const r = rng(seed);
  const pick = (a) => a[Math.floor(r() * a.length)];
  const out = new Out(path);
  const PID = 4242;
  const THREADS = [4242, 4301, 4302, 4303];
  const STREAMS = [7, 13, 20, 21];
  out.write('{\n"schemaVersion": 1,\n"deviceProperties": [{"id": 0, "name": "Synthetic GPU", "totalGlobalMem": 85899345920, "computeMajor": 8, "computeMinor": 0, "numSms": 108}],\n"traceEvents": [\n');
  const meta = [
    `{"ph":"M","name":"process_name","pid":${PID},"tid":0,"args":{"name":"python3"}}`,
    `{"ph":"M","name":"process_name","pid":0,"tid":0,"args":{"name":"GPU 0"}}`,
    ...THREADS.map((t, i) => `{"ph":"M","name":"thread_name","pid":${PID},"tid":${t},"args":{"name":"${i === 0 ? 'thread 1 (python3)' : `thread ${i + 1} (pt_autograd_${i - 1})`}"}}`),
    ...STREAMS.map((s) => `{"ph":"M","name":"thread_name","pid":0,"tid":${s},"args":{"name":"stream ${s}"}}`),
  ];
  out.write(meta.join(',\n'));
  let n = 0;
  let ext = 1;
  let corr = 1000;
  let evIdx = 0;
  let allocated = 1 << 20;
  const cursor = THREADS.map((_, i) => i * 7000);
  const streamEnd = STREAMS.map(() => 0);
  const emit = (s) => {
    out.write(',\n');
    out.write(s);
    n++;
  };
  let iter = 0;
  while (n < events) {
    const ti = iter++ % THREADS.length;
    const tid = THREADS[ti];
    const t = cursor[ti];
    const children = 1 + Math.floor(r() * 3);
    const childDur = 8000 + Math.floor(r() * 40000);
    const topDur = children * (childDur + 1000) + 2000;
    const topExt = ext++;
    emit(`{"ph":"X","cat":"cpu_op","name":"${pick(CPU_TOP)}","pid":${PID},"tid":${tid},"ts":${us(t)},"dur":${(topDur / 1000).toFixed(3)},"args":{"External id":${topExt},"Record function id":0,"Ev Idx":${evIdx++},"Input Dims":[[32,512],[512,512]],"Input type":["float","float"]}}`);
    let c0 = t + 1000;
    for (let c = 0; c < children && n < events; c++) {
      const ce = ext++;
      emit(`{"ph":"X","cat":"cpu_op","name":"${pick(CPU_CHILD)}","pid":${PID},"tid":${tid},"ts":${us(c0)},"dur":${(childDur / 1000).toFixed(3)},"args":{"External id":${ce},"Record function id":0,"Ev Idx":${evIdx++}}}`);
      const launch = c0 + 500 + Math.floor(r() * 2000);
      const launchDur = Math.min(3000 + Math.floor(r() * 4000), childDur - (launch - c0) - 100);
      const cid = corr++;
      emit(`{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":${PID},"tid":${tid},"ts":${us(launch)},"dur":${(launchDur / 1000).toFixed(3)},"args":{"External id":${ce},"cbid":211,"correlation":${cid}}}`);
      emit(`{"ph":"s","id":${cid},"pid":${PID},"tid":${tid},"ts":${us(launch)},"cat":"ac2g","name":"ac2g"}`);
      const si = Math.floor(r() * STREAMS.length);
      const stream = STREAMS[si];
      const kStart = Math.max(streamEnd[si], launch + 4000);
      const kDur = 1000 + Math.floor(r() * r() * 300000);
      streamEnd[si] = kStart + kDur + 200;
      const grid = 1 + Math.floor(r() * 4096);
      const block = 32 << Math.floor(r() * 5);
      emit(`{"ph":"X","cat":"kernel","name":"${pick(KERNELS)}","pid":0,"tid":${stream},"ts":${us(kStart)},"dur":${(kDur / 1000).toFixed(3)},"args":{"External id":${ce},"queued":0,"device":0,"context":1,"stream":${stream},"correlation":${cid},"registers per thread":${16 + Math.floor(r() * 112)},"shared memory":${Math.floor(r() * 4) * 16384},"blocks per SM":${(grid / 108).toFixed(6)},"warps per SM":${((grid * block) / 32 / 108).toFixed(6)},"grid":[${grid},1,1],"block":[${block},1,1],"est. achieved occupancy %":${Math.floor(r() * 100)}}}`);
      emit(`{"ph":"f","id":${cid},"pid":0,"tid":${stream},"ts":${us(kStart)},"cat":"ac2g","name":"ac2g","bp":"e"}`);
      if (r() < 0.3 && n < events) {
        const bytes = 512 * (1 + Math.floor(r() * 4096)) * (r() < 0.5 ? 1 : -1);
        allocated = Math.max(0, allocated + bytes);
        emit(`{"ph":"i","cat":"cpu_instant_event","s":"t","name":"[memory]","pid":${PID},"tid":${tid},"ts":${us(c0 + 100)},"args":{"Total Reserved":${allocated * 2},"Total Allocated":${allocated},"Bytes":${bytes},"Device Id":0,"Device Type":1,"Addr":${139800000000000 + Math.floor(r() * 1e9)},"Ev Idx":${evIdx++}}}`);
      }
      c0 += childDur + 1000;
    }
    cursor[ti] = t + topDur + 500 + Math.floor(r() * 5000);
  }
  out.write('\n],\n"traceName": "synthetic.pt.trace.json",\n"displayTimeUnit": "ms",\n"baseTimeNanoseconds": 1700000000000000000\n}\n');
  return { bytes: out.close(), events: n };
}

// ---- XSpace: a minimal protobuf writer ------------------------------------------------------

export class Pb {
  constructor(cap = 1 << 16) {
    this.buf = Buffer.allocUnsafe(cap);
    this.pos = 0;
  }
  ensure(n) {
    if (this.pos + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.pos + n) cap *= 2;
    const b = Buffer.allocUnsafe(cap);
    this.buf.copy(b, 0, 0, this.pos);
    this.buf = b;
  }
  varint(v) {
    this.ensure(10);
    if (typeof v === 'bigint') {
      while (v >= 128n) {
        this.buf[this.pos++] = Number(v & 127n) | 128;
        v >>= 7n;
      }
      this.buf[this.pos++] = Number(v);
      return;
    }
    while (v >= 128) {
      this.buf[this.pos++] = (v % 128) | 128;
      v = Math.floor(v / 128);
    }
    this.buf[this.pos++] = v;
  }
  tag(field, wire) {
    this.varint(field * 8 + wire);
  }
  int(field, v) {
    this.tag(field, 0);
    this.varint(v);
  }
  bytes(field, b) {
    this.tag(field, 2);
    this.varint(b.length);
    this.ensure(b.length);
    b.copy(this.buf, this.pos);
    this.pos += b.length;
  }
  str(field, s) {
    this.bytes(field, Buffer.from(s, 'utf8'));
  }
  msg(field, pb) {
    this.bytes(field, pb.done());
  }
  done() {
    return this.buf.subarray(0, this.pos);
  }
}

export function statMsg(id, kind, v) {
  const s = new Pb(32);
  s.int(1, id);
  if (kind === 'int') s.int(4, v);
  else if (kind === 'ref') s.int(7, v);
  else if (kind === 'str') s.str(5, v);
  return s;
}

export function planeMeta(p, eventNames, statNames) {
  eventNames.forEach((name, i) => {
    const m = new Pb(64);
    m.int(1, i + 1);
    m.str(2, name);
    const entry = new Pb(80);
    entry.int(1, i + 1);
    entry.msg(2, m);
    p.msg(4, entry);
  });
  statNames.forEach((name, i) => {
    const m = new Pb(64);
    m.int(1, i + 1);
    m.str(2, name);
    const entry = new Pb(80);
    entry.int(1, i + 1);
    entry.msg(2, m);
    p.msg(5, entry);
  });
}

export function genXSpace(events, path, seed = 1) {
  const r = rng(seed);
  const out = new Out(path);
  const LINE_TS = 1700000000000000000n; // ns
  const hostLines = 4;
  const streams = [7, 13, 20, 21];
  const hostEvents = Math.floor(events / 2);
  const devEvents = events - hostEvents;

  // Host plane: nested events (3 levels) on thread lines.
  const hostNames = [...CPU_TOP, ...CPU_CHILD, 'cudaLaunchKernel', 'ThreadpoolListener::Record', '$core.py:331 train_step', 'PjitFunction(step)'];
  const hostStats = ['group_id', 'step_num', 'correlation_id'];
  const host = new Pb(1 << 20);
  host.int(1, 1);
  host.str(2, '/host:CPU');
  let made = 0;
  for (let li = 0; li < hostLines; li++) {
    const quota = Math.floor(hostEvents / hostLines) + (li < hostEvents % hostLines ? 1 : 0);
    const line = new Pb(quota * 24 + 64);
    line.int(1, 1000 + li);
    line.str(2, `python3/${4242 + li}`);
    line.int(3, LINE_TS + BigInt(li * 7));
    let t = li * 1000000;
    let k = 0;
    while (k < quota) {
      // a top event with up to 3 children, each with one grandchild
      const kids = Math.min(1 + Math.floor(r() * 3), Math.floor((quota - k - 1) / 2));
      const kidDur = 5000000 + Math.floor(r() * 30000000);
      const topDur = kids * (kidDur + 1000000) + 2000000;
      const ev = new Pb(48);
      ev.int(1, 1 + Math.floor(r() * CPU_TOP.length));
      ev.int(2, t);
      ev.int(3, topDur);
      ev.msg(4, statMsg(1, 'int', Math.floor(k / 16)));
      line.msg(4, ev);
      k++;
      let c = t + 1000000;
      for (let j = 0; j < kids; j++) {
        const e1 = new Pb(32);
        e1.int(1, 1 + CPU_TOP.length + Math.floor(r() * CPU_CHILD.length));
        e1.int(2, c);
        e1.int(3, kidDur);
        line.msg(4, e1);
        const e2 = new Pb(40);
        e2.int(1, 1 + CPU_TOP.length + CPU_CHILD.length); // cudaLaunchKernel
        e2.int(2, c + 500000);
        e2.int(3, Math.min(3000000 + Math.floor(r() * 4000000), kidDur - 1000000));
        e2.msg(4, statMsg(3, 'int', 1000 + made + k));
        line.msg(4, e2);
        k += 2;
        c += kidDur + 1000000;
      }
      t += topDur + 500000 + Math.floor(r() * 5000000);
    }
    made += k;
    host.msg(3, line);
  }
  planeMeta(host, hostNames, hostStats);

  // Device plane: kernels on stream lines with stats.
  const details = KERNELS.map((_, i) => `regs:${32 + i * 8} static_shared:0 dynamic_shared:${i * 1024} grid:${64 << i},1,1 block:128,1,1 occ_pct:${50 + i}`);
  const devStats = ['correlation_id', 'kernel_details', 'group_id', ...details];
  const dev = new Pb(1 << 20);
  dev.int(1, 2);
  dev.str(2, '/device:GPU:0');
  for (let si = 0; si < streams.length; si++) {
    const quota = Math.floor(devEvents / streams.length) + (si < devEvents % streams.length ? 1 : 0);
    const line = new Pb(quota * 28 + 64);
    line.int(1, streams[si]);
    line.str(2, `Stream #${streams[si]}(Compute)`);
    line.int(3, LINE_TS);
    let t = 4000000 + si * 1000;
    for (let k = 0; k < quota; k++) {
      const dur = 1000000 + Math.floor(r() * r() * 300000000);
      const ki = Math.floor(r() * KERNELS.length);
      const ev = new Pb(48);
      ev.int(1, 1 + ki);
      ev.int(2, t);
      ev.int(3, dur);
      ev.msg(4, statMsg(1, 'int', 1000 + k * streams.length + si));
      ev.msg(4, statMsg(2, 'ref', 4 + ki));
      ev.msg(4, statMsg(3, 'int', Math.floor(k / 32)));
      line.msg(4, ev);
      t += dur + 200000 + Math.floor(r() * 2000000);
    }
    dev.msg(3, line);
  }
  planeMeta(dev, KERNELS, devStats);

  const space = new Pb(64);
  const hostBuf = host.done();
  const devBuf = dev.done();
  space.tag(1, 2);
  space.varint(hostBuf.length);
  out.writeBuf(space.done());
  out.writeBuf(hostBuf);
  const s2 = new Pb(16);
  s2.tag(1, 2);
  s2.varint(devBuf.length);
  out.writeBuf(s2.done());
  out.writeBuf(devBuf);
  const tail = new Pb(64);
  tail.str(4, 'synthetic-host');
  out.writeBuf(tail.done());
  return { bytes: out.close(), events: made + devEvents };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const [kind, n, outPath, ...rest] = process.argv.slice(2);
  const seedAt = rest.indexOf('--seed');
  const seed = seedAt >= 0 ? Number(rest[seedAt + 1]) : 1;
  if (!['kineto', 'xspace'].includes(kind) || !Number.isFinite(Number(n)) || !outPath) {
    console.error('usage: node bench/gen-synthetic.mjs kineto|xspace EVENTS OUT [--seed N]');
    process.exit(1);
  }
  const t = performance.now();
  const res = kind === 'kineto' ? genKineto(Number(n), outPath, seed) : genXSpace(Number(n), outPath, seed);
  console.log(JSON.stringify({ ...res, path: outPath, seconds: (performance.now() - t) / 1000 }));
}
