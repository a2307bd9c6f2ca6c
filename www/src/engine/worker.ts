// The engine worker: the only module that imports the wasm glue. It owns one Session (one loaded
// profile), receives the file as transferred ArrayBuffer chunks, and answers requests.

import init, { Session } from 'planeview-wasm';
import { CALLS, type BulkMethod, type CallArgs, type CallResult, type Method, type Profile, type RenderRequest, type RenderResult } from './engine';
import type { FromWorker, ToWorker } from './protocol';

/**
 * Status messages beside the protocol's replies: the size of the Wasm memory after each load (it
 * never shrinks; the repeated-load test checks that it plateaus).
 */
export type EngineStatus = { type: 'memory'; wasmMemoryBytes: number };

interface WorkerScope {
  postMessage(message: FromWorker | EngineStatus, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (ev: MessageEvent<ToWorker>) => void): void;
  location: { href: string };
}
const scope = self as unknown as WorkerScope;

/**
 * Test hook, inert in normal use: only when the page was opened with `?crash-test` (main.ts then
 * loads this worker as `worker.js?crash-test`) does a file named `crash-test-trap*` make the import
 * fail as a Wasm trap does, and `crash-test-die*` kill the worker with an uncaught error.
 */
const CRASH_TEST = new URL(scope.location.href).searchParams.has('crash-test');

/** The Wasm module's memory, once initialised. */
let wasmMemory: WebAssembly.Memory | null = null;

let session: Session | null = null;
let currentLoad = -1;
let loadName = '';
let received = 0;
/** The session whose slice levels of detail are built or scheduled. */
let levelsPending: Session | null = null;
/** Time spent in `push` for the current load, ms. */
let pushMs = 0;
let failedLoad = false;
/** Whether the current load is the reduced-detail retry. */
let loadReduced = false;
/** String ids already sent to the page for the current profile. */
let sentStrings = new Set<number>();

function post(msg: FromWorker | EngineStatus, transfer: Transferable[] = []): void {
  scope.postMessage(msg, transfer);
}

function postMemory(): void {
  if (wasmMemory) post({ type: 'memory', wasmMemoryBytes: wasmMemory.buffer.byteLength });
}

function release(): void {
  if (session) {
    try {
      session.free();
    } catch {
      // A session left behind by a panic may refuse to free; the next one is fresh anyway.
    }
    session = null;
  }
  sentStrings = new Set();
}

/** What the page says when the core traps: a panic, or an allocation that failed (out of memory). */
const CRASHED = 'the analysis engine crashed (out of memory?)';

/**
 * Errors from wasm: `{kind, message}` objects from wasm_api.rs, or JS errors. A
 * WebAssembly.RuntimeError (a panic, which aborts in wasm, or a failed allocation: "unreachable")
 * and a RangeError from growing the memory are fatal: the module's memory may be inconsistent, so
 * the page replaces this worker.
 */
function describe(err: unknown): { kind: string; message: string; fatal: boolean } {
  if (err && typeof err === 'object' && 'message' in err) {
    const e = err as { kind?: unknown; message?: unknown };
    const message = String(e.message).split('\n')[0] ?? '';
    if (typeof e.kind === 'string') return { kind: e.kind, message, fatal: false };
    const fatal = err instanceof WebAssembly.RuntimeError || (err instanceof RangeError && /memory|allocat/i.test(message));
    return { kind: fatal ? 'internal' : 'error', message: fatal ? `${CRASHED} [${message}]` : message, fatal };
  }
  return { kind: 'error', message: String(err), fatal: false };
}

/** Flow arrows drawn at most when showing all flows in view. */
const MAX_FLOWS_IN_VIEW = 2000;

function render(s: Session, req: RenderRequest): RenderResult {
  const { trackIds, t0, t1, width } = req;
  const inView = trackIds.length > 0 && t1 > t0;
  const drawn = inView && width > 0;
  const c0 = performance.now();
  const slices = drawn ? s.render_slices(trackIds, t0, t1, width) : new Float64Array(0);
  const c1 = performance.now();
  const instants = drawn ? s.render_instants(trackIds, t0, t1, width) : new Float64Array(0);
  const c2 = performance.now();
  const counters = drawn ? s.render_counters(trackIds, t0, t1, width) : new Float32Array(0);
  const c3 = performance.now();
  const flows = req.flows && inView ? s.render_flows(trackIds, t0, t1, MAX_FLOWS_IN_VIEW) : new Float64Array(0);
  const c4 = performance.now();
  const strings: Array<[number, string]> = [];
  for (let i = 6; i < slices.length; i += 7) {
    const nameId = slices[i]!;
    if (nameId >= 0 && !sentStrings.has(nameId)) {
      sentStrings.add(nameId);
      strings.push([nameId, s.string(nameId)]);
    }
  }
  // The levels of detail make zoomed-out views cheap but take O(slices) to build: build them
  // once this first render list is on its way, not before it.
  if (levelsPending !== s) {
    levelsPending = s;
    setTimeout(() => {
      if (session === s) s.build_slice_levels();
    }, 0);
  }
  const c5 = performance.now();
  const work = { slices: c1 - c0, instants: c2 - c1, counters: c3 - c2, flows: c4 - c3, strings: c5 - c4, total: c5 - c0, sentAt: performance.timeOrigin + c5 };
  return { request: { t0, t1, width }, slices, instants, counters, flows, strings, work };
}

/** A call's answer and the buffers to transfer with it. */
interface Reply<R> {
  value: R;
  transfer: Transferable[];
}
const array = <A extends Float64Array | Uint32Array | Uint8Array>(value: A): Reply<A> => ({ value, transfer: [value.buffer] });

/** The bulk calls (typed arrays straight from Wasm), one handler each; CALLS marks which. */
const bulkCalls: { [M in BulkMethod]: (s: Session, ...args: CallArgs<M>) => Reply<CallResult<M>> } = {
  render: (s, req) => {
    const r = render(s, req);
    return { value: r, transfer: [r.slices.buffer, r.instants.buffer, r.counters.buffer, r.flows.buffer] };
  },
  search: (s, query, limit) => {
    const ids = s.search(query, limit);
    return { value: { query, ids, truncated: ids.length >= limit }, transfer: [ids.buffer] };
  },
  mlirText: (s, locs) => ({ value: s.mlir_text(locs) ?? null, transfer: [] }),
  counterColumn: (s, track, t0, t1, width, column) => {
    const c = s.counter_column(track, t0, t1, width, column);
    const value = c.length < 6 ? null : { samples: c[0]!, min: c[1]!, max: c[2]!, last: c[3]!, time_ps: c[4]!, index: c[5]! };
    return { value, transfer: [] };
  },
  kernelWindows: (s, sliceId, t0, t1, limit) => array(s.kernel_windows(sliceId, t0, t1, limit)),
  counterChartPoints: (s, track, t0, t1, maxPoints) => array(s.counter_chart_points(track, t0, t1, maxPoints)),
  analysisRowSlices: (s, tool, row, compat) => array(s.analysis_row_slices(tool, row, compat)),
  tableArrow: (s, name, profile) => array(s.table_arrow(name, profile)),
};

/**
 * JSON.parse that keeps integers beyond 2^53 exact, as strings (64-bit ids and timestamps in args),
 * using the reviver's source text where the browser provides it.
 */
function parseExact(json: string): unknown {
  return JSON.parse(json, function (this: unknown, _key: string, value: unknown, context?: { source?: string }) {
    if (typeof value === 'number' && !Number.isSafeInteger(value) && context?.source && /^-?\d+$/.test(context.source)) {
      return context.source;
    }
    return value;
  } as (this: unknown, key: string, value: unknown) => unknown);
}

/** One call: a bulk call by its handler, any other by the core's JSON dispatch. */
function call(method: Method, args: unknown[]): Reply<unknown> {
  if (!session || currentLoad < 0) throw { kind: 'no_profile', message: 'no profile is loaded' };
  if (!(method in CALLS)) throw { kind: 'bad_request', message: `unknown engine call ${String(method)}` };
  if (CALLS[method].bulk) {
    const handler = bulkCalls[method as BulkMethod] as (s: Session, ...a: unknown[]) => Reply<unknown>;
    return handler(session, ...args);
  }
  return { value: parseExact(session.call(JSON.stringify({ method, args }))), transfer: [] };
}

function onMessage(msg: ToWorker): void {
  switch (msg.op) {
    case 'init':
      return;
    case 'begin':
      release();
      currentLoad = msg.load;
      loadName = msg.name;
      received = 0;
      pushMs = 0;
      failedLoad = false;
      try {
        session = new Session();
        loadReduced = msg.reduced;
        if (msg.reduced) session.reduce_detail();
        if (msg.size) session.reserve(msg.size);
      } catch (err) {
        failLoad(msg.load, err);
      }
      return;
    case 'hint':
      if (msg.load === currentLoad && session && !failedLoad) session.hint_unpacked(msg.unpacked);
      return;
    case 'chunk':
      if (msg.load !== currentLoad || !session || failedLoad) return;
      try {
        const t = performance.now();
        session.push(new Uint8Array(msg.data));
        pushMs += performance.now() - t;
        received += msg.data.byteLength;
        post({ type: 'progress', load: msg.load, received, events: session.events_read() });
      } catch (err) {
        failLoad(msg.load, err);
      }
      return;
    case 'finish': {
      if (msg.load !== currentLoad || !session || failedLoad) return;
      post({ type: 'importing', load: msg.load });
      try {
        if (CRASH_TEST && !loadReduced && crashTest(loadName)) return;
        const t = performance.now();
        const parsed = parseExact(session.finish()) as Omit<Profile, 'fileName' | 'timings'>;
        post({ type: 'loaded', load: msg.load, profile: parsed, pushMs, finishMs: performance.now() - t });
      } catch (err) {
        failLoad(msg.load, err);
      }
      postMemory();
      return;
    }
    case 'abort':
      if (msg.load === currentLoad) {
        release();
        currentLoad = -1;
      }
      return;
    case 'call':
      try {
        const { value, transfer } = call(msg.method, msg.args);
        post({ type: 'reply', id: msg.id, ok: true, value }, transfer);
      } catch (err) {
        const d = describe(err);
        post({ type: 'reply', id: msg.id, ok: false, kind: d.kind, message: d.message, fatal: d.fatal });
      }
      return;
  }
}

function failLoad(load: number, err: unknown): void {
  const d = describe(err);
  failedLoad = true;
  release();
  currentLoad = -1;
  const message = d.fatal ? `the profile could not be loaded: ${d.message}` : d.message;
  post({ type: 'load-error', load, kind: d.kind, message: `${loadName}: ${message}`, fatal: d.fatal });
}

/** See CRASH_TEST. Returns true when the load must stop here (the worker is about to die). */
function crashTest(name: string): boolean {
  if (name.startsWith('crash-test-trap')) throw new WebAssembly.RuntimeError('unreachable (crash-test)');
  if (!name.startsWith('crash-test-die')) return false;
  setTimeout(() => {
    throw new Error('crash-test: the worker died');
  });
  return true;
}

// The first message says where the Wasm comes from: a module the page compiled once for all the
// workers of a session, or (none given) the file beside this script. Messages that arrive
// before wasm is ready wait in this queue.
const queue: ToWorker[] = [];
let initialised = false;
let started = false;
scope.addEventListener('message', (ev) => {
  if (initialised) onMessage(ev.data);
  else if (!started && ev.data.op === 'init') start(ev.data.module);
  else queue.push(ev.data);
});

function start(module: WebAssembly.Module | null): void {
  started = true;
  init({ module_or_path: module ?? new URL('./planeview_bg.wasm', import.meta.url) })
    .then((exports) => {
      const memory = (exports as { memory?: unknown } | null)?.memory;
      wasmMemory = memory instanceof WebAssembly.Memory ? memory : null;
      initialised = true;
      post({ type: 'ready' });
      for (const m of queue.splice(0)) onMessage(m);
    })
    .catch((err: unknown) => {
      post({ type: 'init-error', message: `could not start the analysis engine: ${describe(err).message}` });
    });
}
