// An engine worker: the only module that loads the wasm glue. It holds slots (protocol.ts), each
// one Wasm instance of the core with its own memory and at most one Session (one loaded profile);
// it receives each file as transferred ArrayBuffer chunks and answers the calls of each slot.

import type * as Glue from 'planeview-wasm';
import type { Session } from 'planeview-wasm';
import { CALLS, type BulkMethod, type CallArgs, type CallResult, type Method, type Profile, type RenderRequest, type RenderResult } from './engine';
import type { FromWorker, ToWorker } from './protocol';

interface WorkerScope {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
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

/**
 * Test hook, inert in normal use: with `?quick-previews` (main.ts passes it on), an import in steps
 * makes its first preview as soon as events are placed, whatever the time left, so that a test can
 * watch the previews of a file that imports in a fraction of a second.
 */
const QUICK_PREVIEWS = new URL(scope.location.href).searchParams.has('quick-previews');

function post(msg: FromWorker, transfer: Transferable[] = []): void {
  scope.postMessage(msg, transfer);
}

/** What the page says when the core traps: a panic, or an allocation that failed (out of memory). */
const CRASHED = 'the analysis engine crashed (out of memory?)';

/**
 * Errors from wasm: `{kind, message}` objects from wasm_api.rs, or JS errors. A
 * WebAssembly.RuntimeError (a panic, which aborts in wasm, or a failed allocation: "unreachable")
 * and a RangeError from growing the memory are fatal: the instance's memory may be inconsistent,
 * so the page gives up the slot.
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

function render(slot: Slot, s: Session, req: RenderRequest): RenderResult {
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
    if (nameId >= 0 && !slot.sentStrings.has(nameId)) {
      slot.sentStrings.add(nameId);
      strings.push([nameId, s.string(nameId)]);
    }
  }
  // The levels of detail make zoomed-out views cheap but take O(slices) to build: build them
  // once this first render list is on its way, not before it.
  if (slot.levelsPending !== s) {
    slot.levelsPending = s;
    setTimeout(() => {
      if (slot.session === s) s.build_slice_levels();
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
const bulkCalls: { [M in BulkMethod]: (slot: Slot, s: Session, ...args: CallArgs<M>) => Reply<CallResult<M>> } = {
  render: (slot, s, req) => {
    const r = render(slot, s, req);
    return { value: r, transfer: [r.slices.buffer, r.instants.buffer, r.counters.buffer, r.flows.buffer] };
  },
  search: (_slot, s, query, limit) => {
    const ids = s.search(query, limit);
    return { value: { query, ids, truncated: ids.length >= limit }, transfer: [ids.buffer] };
  },
  mlirText: (_slot, s, locs) => ({ value: s.mlir_text(locs) ?? null, transfer: [] }),
  counterColumn: (_slot, s, track, t0, t1, width, column) => {
    const c = s.counter_column(track, t0, t1, width, column);
    const value = c.length < 6 ? null : { samples: c[0]!, min: c[1]!, max: c[2]!, last: c[3]!, time_ps: c[4]!, index: c[5]! };
    return { value, transfer: [] };
  },
  kernelWindows: (_slot, s, sliceId, t0, t1, limit) => array(s.kernel_windows(sliceId, t0, t1, limit)),
  counterChartPoints: (_slot, s, track, t0, t1, maxPoints) => array(s.counter_chart_points(track, t0, t1, maxPoints)),
  analysisRowSlices: (_slot, s, tool, row, compat) => array(s.analysis_row_slices(tool, row, compat)),
  tableArrow: (_slot, s, name, profile) => array(s.table_arrow(name, profile)),
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

/** The first preview of a streaming Chrome JSON file, this long after its load began (ms). */
const PREVIEW_FIRST_MS = 250;
/** Previews come at most this often (ms), and never more often than 4× the last one's cost. */
const PREVIEW_EVERY_MS = 500;
/** No preview once this many events are read: each copies the model so far (Wasm memory never shrinks). */
const PREVIEW_MAX_EVENTS = 1_000_000;
/** No preview when the rest of a file of known size looks to take less than this (ms): the profile itself is near. */
const PREVIEW_MIN_REST_MS = 1000;

/** Events an import in steps does per call into the engine (a few runs of an XSpace's events). */
const IMPORT_STEP_EVENTS = 16_384;
/** How long an import in steps runs before the worker answers what came meanwhile (ms). */
const IMPORT_SLICE_MS = 50;

/** Runs `next` once the worker has handled the messages already queued (a message to itself: no timer clamping). */
function yieldThen(next: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    next();
  };
  channel.port2.postMessage(null);
}

/** One slot: a Wasm instance of the core and the load or profile it holds. */
class Slot {
  session: Session | null = null;
  currentLoad = -1;
  loadName = '';
  received = 0;
  /** The session whose slice levels of detail are built or scheduled. */
  levelsPending: Session | null = null;
  /** Time spent in `push` for the current load, ms. */
  pushMs = 0;
  failedLoad = false;
  /** Whether the current load is the reduced-detail retry. */
  loadReduced = false;
  /** String ids already sent to the page for the current profile. */
  sentStrings = new Set<number>();
  /** Whether the current load sends previews (cleared once the format has none). */
  previews = false;
  loadStarted = 0;
  /** When the current load's import began (its `finish`). */
  importStarted = 0;
  /** The size of the file being loaded, when known. */
  loadSize: number | null = null;
  /** When the last preview was made, what it cost (ms) and how many events it held. */
  lastPreview = { at: 0, ms: 0, events: 0 };
  /** The part this slot reads for another slot's load, and that load's id. */
  part: Glue.JsonPart | null = null;
  partLoad = -1;
  partReceived = 0;

  constructor(
    readonly id: number,
    private readonly glue: typeof Glue,
    private readonly memory: WebAssembly.Memory | null,
  ) {}

  postMemory(): void {
    if (this.memory) post({ type: 'memory', slot: this.id, wasmMemoryBytes: this.memory.buffer.byteLength });
  }

  release(): void {
    this.releasePart();
    if (this.session) {
      try {
        this.session.free();
      } catch {
        // A session left behind by a panic may refuse to free; the next one is fresh anyway.
      }
      this.session = null;
    }
    this.sentStrings = new Set();
  }

  private releasePart(): void {
    try {
      this.part?.free();
    } catch {
      // As for a session: a part left behind by a panic may refuse to free.
    }
    this.part = null;
    this.partLoad = -1;
  }

  /** The part messages (see protocol.ts): a range read apart, and a part taken by this slot's load. */
  private onPart(msg: Extract<ToWorker, { op: 'part-split' | 'part-begin' | 'part-chunk' | 'part-finish' | 'absorb' }>): void {
    const slot = this.id;
    const load = msg.load;
    try {
      switch (msg.op) {
        case 'part-split': {
          const bare = this.glue.json_parts_layout(new Uint8Array(msg.head));
          const start = bare === undefined ? undefined : this.glue.json_split_point(new Uint8Array(msg.window), msg.from);
          post({ type: 'part-start', slot, load, start: start ?? null, bare: bare ?? false });
          return;
        }
        case 'part-begin': {
          this.releasePart();
          this.part = new this.glue.JsonPart(msg.start, msg.bare);
          this.partLoad = load;
          this.partReceived = 0;
          return;
        }
        case 'part-chunk': {
          if (!this.part || load !== this.partLoad) return;
          this.part.push(new Uint8Array(msg.data));
          this.partReceived += msg.data.byteLength;
          post({ type: 'part-progress', slot, load, received: this.partReceived, stopped: this.part.stopped() });
          return;
        }
        case 'part-finish': {
          if (!this.part || load !== this.partLoad) return;
          const bytes = this.part.finish();
          this.releasePart();
          const part = bytes.buffer as ArrayBuffer;
          post({ type: 'part', slot, load, part }, [part]);
          return;
        }
        case 'absorb': {
          if (load !== this.currentLoad || !this.session || this.failedLoad) return;
          const t = performance.now();
          const taken = this.session.absorb(new Uint8Array(msg.part));
          this.pushMs += performance.now() - t;
          const offset = this.session.offset();
          this.received = offset;
          post({ type: 'absorbed', slot, load, taken, offset });
          post({ type: 'progress', slot, load, received: this.received, events: this.session.events_read() });
          return;
        }
      }
    } catch (err) {
      if (msg.op === 'absorb') {
        this.failLoad(load, err);
        return;
      }
      this.releasePart();
      post({ type: 'part-error', slot, load, message: describe(err).message });
    }
  }

  /** One call: a bulk call by its handler, any other by the core's JSON dispatch. */
  call(method: Method, args: unknown[]): Reply<unknown> {
    const session = this.session;
    if (!session || this.currentLoad < 0) throw { kind: 'no_profile', message: 'no profile is loaded' };
    if (!(method in CALLS)) throw { kind: 'bad_request', message: `unknown engine call ${String(method)}` };
    if (CALLS[method].bulk) {
      const handler = bulkCalls[method as BulkMethod] as (slot: Slot, s: Session, ...a: unknown[]) => Reply<unknown>;
      return handler(this, session, ...args);
    }
    return { value: parseExact(session.call(JSON.stringify({ method, args }))), transfer: [] };
  }

  onMessage(msg: Exclude<ToWorker, { op: 'init' } | { op: 'slot' }>): void {
    const slot = this.id;
    switch (msg.op) {
      case 'drop':
        this.release();
        this.currentLoad = -1;
        return;
      case 'begin':
        this.release();
        this.currentLoad = msg.load;
        this.loadName = msg.name;
        this.received = 0;
        this.pushMs = 0;
        this.failedLoad = false;
        this.previews = msg.previews;
        this.loadStarted = performance.now();
        this.loadSize = msg.size;
        this.lastPreview = { at: 0, ms: 0, events: 0 };
        try {
          const session = new this.glue.Session();
          this.session = session;
          this.loadReduced = msg.reduced;
          if (msg.reduced) session.reduce_detail();
          if (msg.size) session.reserve(msg.size);
        } catch (err) {
          this.failLoad(msg.load, err);
        }
        return;
      case 'hint':
        if (msg.load === this.currentLoad && this.session && !this.failedLoad) this.session.hint_unpacked(msg.unpacked);
        return;
      case 'chunk':
        if (msg.load !== this.currentLoad || !this.session || this.failedLoad) return;
        try {
          const t = performance.now();
          this.session.push(new Uint8Array(msg.data));
          this.pushMs += performance.now() - t;
          this.received += msg.data.byteLength;
          const events = this.session.events_read();
          post({ type: 'progress', slot, load: msg.load, received: this.received, events });
          if (this.previewDue(events, this.received, this.loadSize, this.loadStarted)) this.sendPreview(msg.load, this.session, events);
        } catch (err) {
          this.failLoad(msg.load, err);
        }
        return;
      case 'finish': {
        if (msg.load !== this.currentLoad || !this.session || this.failedLoad) return;
        post({ type: 'importing', slot, load: msg.load });
        try {
          if (CRASH_TEST && !this.loadReduced && crashTest(this.loadName)) return;
        } catch (err) {
          this.failLoad(msg.load, err);
          return;
        }
        this.importStarted = performance.now();
        this.lastPreview = { at: 0, ms: 0, events: 0 };
        this.importSteps(msg.load, this.session);
        return;
      }
      case 'abort':
        if (msg.load === this.currentLoad) {
          this.release();
          this.currentLoad = -1;
        }
        return;
      case 'part-split':
      case 'part-begin':
      case 'part-chunk':
      case 'part-finish':
      case 'absorb':
        this.onPart(msg);
        return;
      case 'call':
        try {
          const { value, transfer } = this.call(msg.method, msg.args);
          post({ type: 'reply', slot, id: msg.id, ok: true, value }, transfer);
        } catch (err) {
          const d = describe(err);
          post({ type: 'reply', slot, id: msg.id, ok: false, kind: d.kind, message: d.message, fatal: d.fatal });
        }
        return;
    }
  }

  /**
   * Whether to make a preview now: a while after the load began, then as often as
   * PREVIEW_EVERY_MS and 4× the last preview's cost allow, once half as many events again
   * arrived, up to PREVIEW_MAX_EVENTS; never when the rest of the work (`done` of `total`, bytes
   * received or imported, begun at `since`) looks to be over within PREVIEW_MIN_REST_MS at the
   * pace so far.
   */
  private previewDue(events: number, done: number, total: number | null, since: number): boolean {
    if (!this.previews || events === 0 || events > PREVIEW_MAX_EVENTS) return false;
    const now = performance.now();
    if (total && done > 0 && ((now - since) * (total - done)) / done < PREVIEW_MIN_REST_MS) return false;
    const last = this.lastPreview;
    if (last.at === 0) return now - this.loadStarted >= PREVIEW_FIRST_MS;
    return now - last.at >= Math.max(PREVIEW_EVERY_MS, 4 * last.ms) && events >= 1.5 * last.events;
  }

  /**
   * Imports what was pushed in steps (an XSpace a few runs of events at a time; other formats at
   * the first step) for about IMPORT_SLICE_MS, then lets the worker answer what came meanwhile
   * (calls on a preview, a new load) before the next slice; posts the import's progress and, when
   * due, a preview of what is placed so far. Gives up when the load was replaced or dropped.
   */
  private importSteps(load: number, session: Session): void {
    const slot = this.id;
    const sliceStart = performance.now();
    try {
      for (;;) {
        const json = session.finish_step(IMPORT_STEP_EVENTS);
        if (json !== undefined) {
          const parsed = parseExact(json) as Omit<Profile, 'fileName' | 'timings'>;
          // The profile replaces any preview: its names are sent anew, its levels built.
          this.sentStrings = new Set();
          this.levelsPending = null;
          post({ type: 'loaded', slot, load, profile: parsed, pushMs: this.pushMs, finishMs: performance.now() - this.importStarted });
          this.postMemory();
          return;
        }
        if (performance.now() - sliceStart >= IMPORT_SLICE_MS) break;
      }
    } catch (err) {
      this.failLoad(load, err);
      this.postMemory();
      return;
    }
    const progress = session.import_progress();
    if (progress) {
      const [done = 0, total = 0, events = 0] = progress;
      post({ type: 'importing', slot, load, share: total > 0 ? done / total : 0, events });
      const due = QUICK_PREVIEWS ? this.previews && events > 0 && this.lastPreview.at === 0 : this.previewDue(events, done, total, this.importStarted);
      if (due) this.sendPreview(load, session, events);
    }
    yieldThen(() => {
      if (load === this.currentLoad && this.session === session && !this.failedLoad) this.importSteps(load, session);
    });
  }

  /** Makes a preview of the part read so far and sends it (the previews stop for a format without). */
  private sendPreview(load: number, session: Session, events: number): void {
    const t = performance.now();
    const json = session.preview();
    if (json === undefined) {
      this.previews = false;
      return;
    }
    // A new profile answers the calls: its names are sent anew. A preview is drawn without
    // levels of detail (building them would cost the import's time for a model soon replaced).
    this.sentStrings = new Set();
    this.levelsPending = session;
    const profile = parseExact(json) as Omit<Profile, 'fileName' | 'timings'>;
    const now = performance.now();
    this.lastPreview = { at: now, ms: now - t, events };
    post({ type: 'preview', slot: this.id, load, profile });
  }

  private failLoad(load: number, err: unknown): void {
    const d = describe(err);
    this.failedLoad = true;
    this.release();
    this.currentLoad = -1;
    const message = d.fatal ? `the profile could not be loaded: ${d.message}` : d.message;
    post({ type: 'load-error', slot: this.id, load, kind: d.kind, message: `${this.loadName}: ${message}`, fatal: d.fatal });
  }
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

// ---- slots -------------------------------------------------------------------------------------

/** The compiled core every slot instantiates (from `init`, or compiled here from the file beside this script). */
let compiled: Promise<WebAssembly.Module> | null = null;
const slots = new Map<number, Slot>();
/** Messages for a slot whose instance is still being made, in order. */
const waiting = new Map<number, ToWorker[]>();

/**
 * A fresh instance of the core for slot `id`. The wasm-bindgen glue keeps its instance in module
 * state, so each slot imports its own copy of the glue module (a module per URL: the query
 * string makes the copy) and instantiates the shared compiled module in it.
 */
async function makeSlot(id: number): Promise<Slot> {
  const module = await compiled!;
  const url = new URL(`./planeview.js?instance=${id}`, import.meta.url).href;
  const glue = (await import(url)) as typeof Glue;
  const exports = (await glue.default({ module_or_path: module })) as { memory?: unknown } | null;
  const memory = exports?.memory instanceof WebAssembly.Memory ? exports.memory : null;
  return new Slot(id, glue, memory);
}

function onMessage(msg: ToWorker): void {
  if (msg.op === 'init') return;
  if (msg.op === 'slot') {
    waiting.set(msg.slot, []);
    makeSlot(msg.slot).then(
      (s) => {
        const queued = waiting.get(msg.slot) ?? [];
        waiting.delete(msg.slot);
        if (queued.some((m) => m.op === 'drop')) return;
        slots.set(msg.slot, s);
        post({ type: 'slot-ready', slot: msg.slot });
        for (const m of queued) onMessage(m);
      },
      (err: unknown) => {
        waiting.delete(msg.slot);
        post({ type: 'slot-error', slot: msg.slot, message: `could not start the analysis engine: ${describe(err).message}` });
      },
    );
    return;
  }
  const queue = waiting.get(msg.slot);
  if (queue) {
    queue.push(msg);
    return;
  }
  const s = slots.get(msg.slot);
  if (!s) return;
  s.onMessage(msg);
  if (msg.op === 'drop') slots.delete(msg.slot);
}

// The first message says where the Wasm comes from: a module the page compiled once for all the
// workers and slots, or (none given) the file beside this script.
let started = false;
scope.addEventListener('message', (ev) => {
  if (started) {
    onMessage(ev.data);
    return;
  }
  if (ev.data.op !== 'init') return;
  started = true;
  const module = ev.data.module;
  compiled = module ? Promise.resolve(module) : WebAssembly.compileStreaming(fetch(new URL('./planeview_bg.wasm', import.meta.url)));
  compiled.then(
    () => post({ type: 'ready' }),
    (err: unknown) => post({ type: 'init-error', message: `could not start the analysis engine: ${describe(err).message}` }),
  );
});
