// Engine implementation over postMessage to worker.ts. Requests carry ids; loads carry load ids so
// that late messages from an abandoned load are ignored.

import {
  CALLS,
  CancelledError,
  EngineError,
  type CallArgs,
  type CallResult,
  type Engine,
  type EngineCalls,
  type HloRequest,
  type LoadProgress,
  type Method,
  type OpenSource,
  type Profile,
} from './engine';
import type { FromWorker, ToWorker } from './protocol';
import type { EngineStatus } from './worker';

/** What the page says when the engine traps or its worker dies (a panic, or out of memory). */
export const ENGINE_CRASHED = 'the analysis engine crashed (out of memory?)';

/** Bytes per message to the worker. */
const CHUNK_BYTES = 4 << 20;
/** How far reading may run ahead of what the worker has taken. */
const MAX_IN_FLIGHT = 64 << 20;

interface PendingCall {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

interface ActiveLoad {
  id: number;
  name: string;
  sent: number;
  received: number;
  total: number | null;
  phase: LoadProgress['phase'];
  onProgress: (p: LoadProgress) => void;
  resolve: (p: Profile) => void;
  reject: (e: Error) => void;
  /** Wakes the reader when the worker catches up. */
  wake: (() => void) | null;
  done: boolean;
  /** Aborts the download of a URL source. */
  abort: AbortController;
  /** Import without args and stats. */
  reduced: boolean;
  /** `performance.now()` when the load began. */
  started: number;
  /** Events the engine has read so far. */
  events: number;
}

export function nameFromUrl(url: string): string {
  try {
    const u = new URL(url, document.baseURI);
    const last = u.pathname
      .split('/')
      .filter((s) => s.length > 0)
      .pop();
    return last ? decodeURIComponent(last) : u.host || url;
  } catch {
    return url;
  }
}

// The calls are methods of WorkerEngine, each made by `call`: the constructor adds one per entry of
// CALLS, so every property the merged interface declares is set before the engine is handed out.
export interface WorkerEngine extends EngineCalls {}

// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the calls are added from CALLS in the constructor (see above)
export class WorkerEngine implements Engine {
  ready!: Promise<void>;
  private worker!: Worker;
  private nextCall = 1;
  private nextLoad = 1;
  private calls = new Map<number, PendingCall>();
  private load: ActiveLoad | null = null;
  private fatalListeners: Array<(m: string) => void> = [];
  private memoryListeners: Array<(bytes: number) => void> = [];
  /** Size of the engine's Wasm memory after the last load (0 until one finished). */
  wasmMemoryBytes = 0;
  /** Set by `terminate`: the worker is gone for good and is not restarted. */
  private terminated = false;

  /** `wasm`: the compiled core to instantiate (workers of one session share one), else the worker loads its own. */
  constructor(
    private readonly workerUrl: URL,
    private readonly wasm: WebAssembly.Module | null = null,
  ) {
    for (const method of Object.keys(CALLS) as Method[]) {
      if (method !== 'hlo') Object.defineProperty(this, method, { value: (...args: unknown[]) => this.call(method, args as CallArgs<typeof method>) });
    }
    this.start();
  }

  private start(): void {
    const worker = new Worker(this.workerUrl, { type: 'module', name: 'planeview-engine' });
    this.worker = worker;
    worker.postMessage({ op: 'init', module: this.wasm } satisfies ToWorker);
    let started = false;
    this.ready = new Promise<void>((resolve, reject) => {
      worker.addEventListener('message', (ev: MessageEvent<FromWorker>) => {
        if (started) return;
        if (ev.data.type === 'ready') {
          started = true;
          resolve();
        } else if (ev.data.type === 'init-error') {
          reject(new EngineError(ev.data.message, 'init'));
        }
      });
      worker.addEventListener('error', (ev: ErrorEvent) => {
        ev.preventDefault();
        if (worker !== this.worker) return;
        if (!started) {
          // The worker script itself failed: restarting would fail the same way.
          reject(new EngineError(`could not start the analysis engine: ${ev.message || 'the worker failed to load'}`, 'init'));
          return;
        }
        this.die(ev.message || 'the worker stopped');
      });
    });
    // Avoid an unhandled rejection when nobody awaits `ready` at that moment.
    this.ready.catch(() => undefined);
    worker.addEventListener('message', (ev: MessageEvent<FromWorker | EngineStatus>) => {
      if (worker === this.worker) this.onMessage(ev.data);
    });
    // A message that cannot be deserialised is a broken engine too.
    worker.addEventListener('messageerror', () => {
      if (worker === this.worker && started) this.die('a message from the engine could not be read');
    });
  }

  /** Replace the worker (after a crash or to interrupt a long import). */
  private restart(reason: Error): void {
    if (this.terminated) return;
    this.worker.terminate();
    for (const c of this.calls.values()) c.reject(reason);
    this.calls.clear();
    this.start();
  }

  /**
   * The worker died or its Wasm trapped: start a fresh one (the page keeps working) and say so in
   * plain words, to the load in progress if there is one, else to the onFatal listeners (the
   * loaded profile is gone with the old worker).
   */
  private die(detail: string): void {
    const load = this.load;
    this.load = null;
    const what = detail.includes(ENGINE_CRASHED) ? detail : `${ENGINE_CRASHED} [${detail}]`;
    this.restart(new EngineError(what, 'fatal'));
    if (load && !load.done) {
      load.done = true;
      load.wake?.();
      load.abort.abort();
      load.reject(new EngineError(`${load.name}: the profile could not be loaded: ${what}`, 'fatal'));
    } else {
      for (const l of this.fatalListeners) l(`${what}; the profile was closed`);
    }
  }

  /**
   * Ends this engine for good: the load in progress rejects with CancelledError, pending calls
   * with an EngineError, and the worker (with its Wasm memory) is terminated, never restarted.
   */
  terminate(): void {
    if (this.terminated) return;
    this.terminated = true;
    this.cancel();
    this.worker.terminate();
    for (const c of this.calls.values()) c.reject(new EngineError('the engine was closed', 'closed'));
    this.calls.clear();
  }

  onFatal(cb: (message: string) => void): void {
    this.fatalListeners.push(cb);
  }

  /** Called with the size of the Wasm memory after each load. */
  onMemory(cb: (bytes: number) => void): void {
    this.memoryListeners.push(cb);
  }

  private post(msg: ToWorker, transfer: Transferable[] = []): void {
    this.worker.postMessage(msg, transfer);
  }

  private onMessage(msg: FromWorker | EngineStatus): void {
    switch (msg.type) {
      case 'ready':
      case 'init-error':
        return;
      case 'memory':
        this.wasmMemoryBytes = msg.wasmMemoryBytes;
        for (const l of this.memoryListeners) l(msg.wasmMemoryBytes);
        return;
      case 'progress': {
        const l = this.load;
        if (!l || l.id !== msg.load) return;
        l.received = msg.received;
        l.events = msg.events;
        l.onProgress({ received: l.received, total: l.total, events: l.events, phase: l.phase });
        if (l.wake && l.sent - l.received < MAX_IN_FLIGHT) {
          const w = l.wake;
          l.wake = null;
          w();
        }
        return;
      }
      case 'importing': {
        const l = this.load;
        if (!l || l.id !== msg.load) return;
        l.phase = 'importing';
        l.onProgress({ received: l.received, total: l.total, events: l.events, phase: 'importing' });
        return;
      }
      case 'loaded': {
        const l = this.load;
        if (!l || l.id !== msg.load) return;
        this.load = null;
        l.done = true;
        const timings = { totalMs: performance.now() - l.started, pushMs: msg.pushMs, finishMs: msg.finishMs };
        l.resolve({ ...msg.profile, fileName: l.name, timings });
        return;
      }
      case 'load-error': {
        const l = this.load;
        if (!l || l.id !== msg.load) return;
        this.load = null;
        l.done = true;
        l.wake?.();
        l.reject(new EngineError(msg.message, msg.fatal ? 'fatal' : msg.kind));
        if (msg.fatal) this.restart(new EngineError('engine restarted', 'fatal'));
        return;
      }
      case 'reply': {
        const c = this.calls.get(msg.id);
        if (!c) return;
        this.calls.delete(msg.id);
        if (msg.ok) c.resolve(msg.value);
        else {
          c.reject(new EngineError(msg.message, msg.fatal ? 'fatal' : msg.kind));
          if (msg.fatal) this.die(msg.message);
        }
        return;
      }
    }
  }

  /** One engine call: `method` of CALLS with its arguments, answered by the worker. */
  call<M extends Method>(method: M, args: CallArgs<M>): Promise<CallResult<M>> {
    if (this.terminated) return Promise.reject(new EngineError('the engine was closed', 'closed'));
    const id = this.nextCall++;
    return new Promise<CallResult<M>>((resolve, reject) => {
      this.calls.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.post({ op: 'call', id, method, args });
    });
  }

  hlo<T>(request: HloRequest): Promise<T> {
    return this.call('hlo', [request]) as Promise<T>;
  }

  open(source: OpenSource, onProgress: (p: LoadProgress) => void, reducedDetail = false): Promise<Profile> {
    this.cancel();
    if (this.terminated) return Promise.reject(new CancelledError());
    const name = source.kind === 'file' ? source.file.name : (source.name ?? nameFromUrl(source.url));
    const id = this.nextLoad++;
    return new Promise<Profile>((resolve, reject) => {
      const load: ActiveLoad = {
        id,
        name,
        sent: 0,
        received: 0,
        started: performance.now(),
        events: 0,
        total: source.kind === 'file' ? source.file.size : null,
        phase: 'reading',
        onProgress,
        resolve,
        reject,
        wake: null,
        done: false,
        abort: new AbortController(),
        reduced: reducedDetail,
      };
      this.load = load;
      this.ready.catch((err: unknown) => {
        if (load.done) return;
        load.done = true;
        if (this.load === load) this.load = null;
        load.abort.abort();
        reject(err instanceof Error ? err : new EngineError(String(err), 'init'));
      });
      this.post({ op: 'begin', load: id, name, size: load.total, reduced: load.reduced });
      this.pump(load, source).catch((err: unknown) => {
        if (load.done) return;
        load.done = true;
        if (this.load === load) {
          this.load = null;
          this.post({ op: 'abort', load: id });
        }
        const text = err instanceof Error ? err.message : String(err);
        reject(new EngineError(`${name}: ${text}`, 'read'));
      });
    });
  }

  /**
   * Sends the source to the worker in CHUNK_BYTES pieces, each transferred (not copied). A file is
   * read a slice at a time, straight into the buffer that is sent; a response body is a stream,
   * gathered into pieces.
   */
  private async pump(load: ActiveLoad, source: OpenSource): Promise<void> {
    if (source.kind === 'file') {
      const unpacked = await gzipSizeHint(source.file);
      if (load.done) return;
      if (unpacked > 0) this.post({ op: 'hint', load: load.id, unpacked });
      load.onProgress({ received: 0, total: load.total, events: 0, phase: 'reading' });
      await this.pumpFile(load, source.file);
    } else {
      let response: Response;
      try {
        response = await fetch(source.url, { signal: load.abort.signal });
      } catch {
        if (load.done) return;
        throw new Error(`could not fetch ${source.url} (network error or blocked by CORS)`);
      }
      if (!response.ok) throw new Error(`could not fetch ${source.url} (HTTP ${response.status})`);
      if (!response.body) throw new Error('the response has no body');
      const len = Number(response.headers.get('content-length'));
      if (!response.headers.get('content-encoding') && Number.isFinite(len) && len > 0) load.total = len;
      if (load.done) return;
      load.onProgress({ received: 0, total: load.total, events: 0, phase: 'reading' });
      await this.pumpStream(load, response.body);
    }
    if (!load.done) this.post({ op: 'finish', load: load.id });
  }

  /**
   * A file, read CHUNK_BYTES at a time (the next read starts while this one is sent). Reading
   * `File.stream()` instead costs the page's thread a copy of every byte and a buffer per 64 KiB.
   */
  private async pumpFile(load: ActiveLoad, file: Blob): Promise<void> {
    const read = (at: number): Promise<ArrayBuffer> | null => (at < file.size ? file.slice(at, at + CHUNK_BYTES).arrayBuffer() : null);
    let next = read(0);
    for (let at = 0; next; at += CHUNK_BYTES) {
      const data = await next;
      if (load.done) return;
      next = read(at + CHUNK_BYTES);
      this.send(load, data);
      await this.backpressure(load);
      if (load.done) return;
    }
  }

  /** A stream, gathered into CHUNK_BYTES pieces. */
  private async pumpStream(load: ActiveLoad, stream: ReadableStream<Uint8Array>): Promise<void> {
    const reader = stream.getReader();
    let buf = new Uint8Array(CHUNK_BYTES);
    let fill = 0;
    const flush = (): void => {
      if (fill === 0) return;
      this.send(load, (fill === buf.length ? buf : buf.slice(0, fill)).buffer as ArrayBuffer);
      buf = new Uint8Array(CHUNK_BYTES);
      fill = 0;
    };
    try {
      for (;;) {
        if (load.done) return;
        const { done, value } = await reader.read();
        if (load.done) return;
        if (done) break;
        let off = 0;
        while (off < value.length) {
          const n = Math.min(value.length - off, buf.length - fill);
          buf.set(value.subarray(off, off + n), fill);
          fill += n;
          off += n;
          if (fill === buf.length) flush();
        }
        await this.backpressure(load);
      }
    } finally {
      if (load.done) void reader.cancel().catch(() => undefined);
    }
    flush();
  }

  /** Transfers one piece of the input to the worker. */
  private send(load: ActiveLoad, data: ArrayBuffer): void {
    load.sent += data.byteLength;
    this.post({ op: 'chunk', load: load.id, data }, [data]);
  }

  /** Waits while more than MAX_IN_FLIGHT bytes are sent and not yet taken by the worker. */
  private async backpressure(load: ActiveLoad): Promise<void> {
    if (load.sent - load.received >= MAX_IN_FLIGHT) {
      await new Promise<void>((w) => (load.wake = w));
    }
  }

  cancel(): void {
    const l = this.load;
    if (!l) return;
    this.load = null;
    l.done = true;
    l.wake?.();
    l.abort.abort();
    if (l.phase === 'importing') {
      // The import runs synchronously inside the worker: interrupting it means a new worker.
      this.restart(new CancelledError());
    } else {
      this.post({ op: 'abort', load: l.id });
    }
    l.reject(new CancelledError());
  }
}

/**
 * For a gzip file, the decompressed size its trailer states (ISIZE: the last 4 bytes, little-endian,
 * modulo 2^32, of the last member), so the engine can hold the output in one allocation; 0 when the
 * file is not gzip or too small. Only a hint: the engine caps it and grows past it if needed.
 */
async function gzipSizeHint(file: Blob): Promise<number> {
  if (file.size < 18) return 0;
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  if (head[0] !== 0x1f || head[1] !== 0x8b) return 0;
  const tail = new DataView(await file.slice(file.size - 4).arrayBuffer());
  return tail.getUint32(0, true);
}
