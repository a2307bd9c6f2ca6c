// Engine implementation over postMessage to a slot of an engine worker (host.ts, worker.ts).
// Requests carry ids; loads carry load ids so that late messages from an abandoned load are ignored.

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
import type { EngineHost, SlotListener } from './host';
import { MAX_PART_BYTES, PARTS_FROM_BYTES, PartSlot } from './part-slot';
import type { FromWorker, ToWorker } from './protocol';

/** `Omit` over each member of a union (the messages to a slot, without the slot). */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

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
  /** Report previews of the part read so far. */
  previews: boolean;
  /** `performance.now()` when the load began. */
  started: number;
  /** Events the engine has read so far. */
  events: number;
  /** Workers that may read ranges of the file apart (see part-slot.ts). */
  helpers: EngineHost[];
  /** Bytes each part has read that the load has not taken yet (for the progress line). */
  partBytes: number[];
  /** Parts read apart and taken, once the file was read in parts. */
  partStats: { read: number; taken: number } | null;
  /** Waits for the slot's answer to an `absorb`. */
  absorbed: ((r: { taken: boolean; offset: number }) => void) | null;
}

/** How far past its guessed offset a part's start is looked for. */
const SPLIT_WINDOW = 1 << 20;
/**
 * The range a load's own slot reads in each round, as a fraction of a part: reading an event is
 * most of its cost, and the slot also takes every part (about a third of that cost), so it reads
 * less than a helper.
 */
const OWN_RANGE_SHARE = 0.8;

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

/**
 * One member's engine: a slot (one Wasm instance, host.ts) in an engine worker. It is bound to a
 * host when made (the page's engine) or when its first file opens (the pool picks the host); a
 * slot that traps is replaced by a fresh one on the same host, so the members beside it live on.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the calls are added from CALLS in the constructor (see above)
export class WorkerEngine implements Engine {
  private host: EngineHost | null = null;
  /** The slot on `host` (0: none yet, or given up). */
  private slot = 0;
  private slotReady: Promise<void> | null = null;
  private nextCall = 1;
  private nextLoad = 1;
  private calls = new Map<number, PendingCall>();
  private load: ActiveLoad | null = null;
  private fatalListeners: Array<(m: string) => void> = [];
  private memoryListeners: Array<(bytes: number) => void> = [];
  /** Size of the engine's Wasm memory after the last load (0 until one finished). */
  wasmMemoryBytes = 0;
  /** Set by `terminate`: the engine is gone for good. */
  private terminated = false;
  private readonly listener: SlotListener = {
    message: (msg) => this.onMessage(msg),
    died: (detail) => this.died(detail),
  };

  constructor(host: EngineHost | null = null) {
    for (const method of Object.keys(CALLS) as Method[]) {
      if (method !== 'hlo') Object.defineProperty(this, method, { value: (...args: unknown[]) => this.call(method, args as CallArgs<typeof method>) });
    }
    if (host) this.bind(host);
  }

  /** Resolves once the engine's Wasm instance is made (rejects when the core cannot start). */
  get ready(): Promise<void> {
    if (!this.slotReady && this.host && !this.terminated) this.takeSlot(this.host);
    return this.slotReady ?? Promise.reject(new EngineError('the engine has no worker yet', 'init'));
  }

  /** The host this engine's slot is on (null until bound). */
  get boundHost(): EngineHost | null {
    return this.host;
  }

  /** Puts this engine on `host` (once; later slots stay on it). */
  bind(host: EngineHost): void {
    if (this.host) return;
    this.host = host;
    this.takeSlot(host);
  }

  private takeSlot(host: EngineHost): void {
    const { slot, ready } = host.addSlot(this.listener);
    this.slot = slot;
    this.slotReady = ready;
  }

  /**
   * Gives up the slot (its profile is gone) and rejects the pending calls with `reason`; the next
   * use takes a fresh slot on the same host. When no other slot is on the host, its worker is
   * replaced instead, which also interrupts an import running there and frees the memory.
   */
  private renew(reason: Error): void {
    for (const c of this.calls.values()) c.reject(reason);
    this.calls.clear();
    const host = this.host;
    if (!host || this.slot === 0) return;
    this.dropSlot();
    if (host.slotCount === 0) host.restart('replaced');
  }

  /** Gives up the slot on the host, if there is one (the next use takes a fresh one). */
  private dropSlot(): void {
    if (this.host && this.slot !== 0) this.host.dropSlot(this.slot);
    this.slot = 0;
    this.slotReady = null;
  }

  /** Lets go of the slot without a word (the pool recycles the host's worker next). */
  unbindQuietly(): void {
    this.cancel();
    this.dropSlot();
  }

  /**
   * The worker died under this engine: the slot is gone. The load in progress, if there is one,
   * fails in plain words; else the onFatal listeners hear it (the loaded profile is gone). A
   * fresh slot is taken on next use.
   */
  private died(detail: string): void {
    this.slot = 0;
    this.slotReady = null;
    if (this.terminated) return;
    this.fail(detail);
  }

  /** A fatal error (a trap in the slot, or its worker died): say so once, to the load or the listeners. */
  private fail(detail: string): void {
    const what = detail.includes(ENGINE_CRASHED) ? detail : `${ENGINE_CRASHED} [${detail}]`;
    for (const c of this.calls.values()) c.reject(new EngineError(what, 'fatal'));
    this.calls.clear();
    const load = this.load;
    this.load = null;
    if (load && !load.done) {
      load.done = true;
      wakeReader(load);
      load.abort.abort();
      load.reject(new EngineError(`${load.name}: the profile could not be loaded: ${what}`, 'fatal'));
    } else {
      for (const l of this.fatalListeners) l(`${what}; the profile was closed`);
    }
  }

  /**
   * Ends this engine for good: the load in progress rejects with CancelledError, pending calls
   * with an EngineError, and its slot is given up.
   */
  terminate(): void {
    if (this.terminated) return;
    this.cancel();
    this.terminated = true;
    for (const c of this.calls.values()) c.reject(new EngineError('the engine was closed', 'closed'));
    this.calls.clear();
    this.dropSlot();
  }

  onFatal(cb: (message: string) => void): void {
    this.fatalListeners.push(cb);
  }

  /** Called with the size of the Wasm memory after each load. */
  onMemory(cb: (bytes: number) => void): void {
    this.memoryListeners.push(cb);
  }

  /** Sends `msg` (without its slot) to this engine's slot, taking one first if it has none. */
  private post(msg: DistributiveOmit<ToWorker, 'slot'>, transfer: Transferable[] = []): void {
    const host = this.host;
    if (!host) throw new EngineError('the engine has no worker yet', 'init');
    if (this.slot === 0) this.takeSlot(host);
    host.post({ ...msg, slot: this.slot } as ToWorker, transfer);
  }

  private onMessage(msg: FromWorker): void {
    switch (msg.type) {
      case 'ready':
      case 'init-error':
      case 'slot-ready':
      case 'slot-error':
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
        this.reportProgress(l);
        if (l.wake && l.sent - l.received < MAX_IN_FLIGHT) {
          const w = l.wake;
          l.wake = null;
          w();
        }
        return;
      }
      case 'absorbed': {
        const l = this.load;
        if (!l || l.id !== msg.load) return;
        const w = l.absorbed;
        l.absorbed = null;
        w?.({ taken: msg.taken, offset: msg.offset });
        return;
      }
      case 'preview': {
        const l = this.load;
        if (!l || l.id !== msg.load) return;
        const timings = { totalMs: performance.now() - l.started, pushMs: 0, finishMs: 0 };
        l.onProgress({ received: l.received, total: l.total, events: l.events, phase: l.phase, preview: { ...msg.profile, fileName: l.name, timings } });
        return;
      }
      case 'importing': {
        const l = this.load;
        if (!l || l.id !== msg.load) return;
        l.phase = 'importing';
        if (msg.events !== undefined) l.events = msg.events;
        l.onProgress({ received: l.received, total: l.total, events: l.events, phase: 'importing', importedShare: msg.share });
        return;
      }
      case 'loaded': {
        const l = this.load;
        if (!l || l.id !== msg.load) return;
        this.load = null;
        l.done = true;
        wakeReader(l);
        const timings = { totalMs: performance.now() - l.started, pushMs: msg.pushMs, finishMs: msg.finishMs, ...(l.partStats ? { parts: l.partStats } : {}) };
        l.resolve({ ...msg.profile, fileName: l.name, timings });
        return;
      }
      case 'load-error': {
        const l = this.load;
        if (!l || l.id !== msg.load) return;
        this.load = null;
        l.done = true;
        wakeReader(l);
        l.reject(new EngineError(msg.message, msg.fatal ? 'fatal' : msg.kind));
        if (msg.fatal) this.renew(new EngineError('engine restarted', 'fatal'));
        return;
      }
      case 'reply': {
        const c = this.calls.get(msg.id);
        if (!c) return;
        this.calls.delete(msg.id);
        if (msg.ok) c.resolve(msg.value);
        else {
          c.reject(new EngineError(msg.message, msg.fatal ? 'fatal' : msg.kind));
          if (msg.fatal) {
            this.fail(msg.message);
            this.renew(new EngineError(msg.message, 'fatal'));
          }
        }
        return;
      }
    }
  }

  /** One engine call: `method` of CALLS with its arguments, answered by the worker. */
  call<M extends Method>(method: M, args: CallArgs<M>): Promise<CallResult<M>> {
    if (this.terminated) return Promise.reject(new EngineError('the engine was closed', 'closed'));
    if (this.slot === 0) return Promise.reject(new EngineError('no profile is loaded', 'no_profile'));
    const id = this.nextCall++;
    return new Promise<CallResult<M>>((resolve, reject) => {
      this.calls.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.post({ op: 'call', id, method, args });
    });
  }

  hlo<T>(request: HloRequest): Promise<T> {
    return this.call('hlo', [request]) as Promise<T>;
  }

  /**
   * See Engine.open. `helpers`: other engine workers that may read ranges of a large Chrome JSON
   * file apart while this engine reads up to them (the model is the same; see part-slot.ts).
   */
  open(source: OpenSource, onProgress: (p: LoadProgress) => void, reducedDetail = false, previews = false, helpers: EngineHost[] = []): Promise<Profile> {
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
        previews,
        helpers,
        partBytes: [],
        partStats: null,
        absorbed: null,
      };
      this.load = load;
      this.ready.catch((err: unknown) => {
        if (load.done) return;
        load.done = true;
        if (this.load === load) this.load = null;
        wakeReader(load);
        load.abort.abort();
        reject(err instanceof Error ? err : new EngineError(String(err), 'init'));
      });
      this.post({ op: 'begin', load: id, name, size: load.total, reduced: load.reduced, previews: load.previews });
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
    if (load.helpers.length > 0 && file.size >= PARTS_FROM_BYTES && (await this.pumpInParts(load, file))) return;
    await this.pumpRange(load, file, 0, file.size);
  }

  /** Bytes `start..end` of `file`, read CHUNK_BYTES at a time. */
  private async pumpRange(load: ActiveLoad, file: Blob, start: number, end: number): Promise<void> {
    const read = (at: number): Promise<ArrayBuffer> | null => (at < end ? file.slice(at, Math.min(end, at + CHUNK_BYTES)).arrayBuffer() : null);
    let next = read(start);
    for (let at = start; next; at += CHUNK_BYTES) {
      const data = await next;
      if (load.done) return;
      next = read(at + CHUNK_BYTES);
      this.send(load, data);
      await this.backpressure(load);
      if (load.done) return;
    }
  }

  /**
   * A large file read in parts. The file is cut into rounds: in each, a range this slot reads
   * itself, then one range per helper worker, read apart as parts (at most MAX_PART_BYTES each, so
   * a round's records stay small), each from the first boundary between events after its guessed
   * offset. The helpers read their parts in turn (each reading its next while this slot takes its
   * last); this slot reads its own ranges and takes the parts in order, in place of their bytes,
   * and reads whatever they did not cover (a part that failed, was not taken, or stopped early).
   * False (nothing sent) when the file cannot be read so (not plain Chrome JSON, no boundary).
   */
  private async pumpInParts(load: ActiveLoad, file: Blob): Promise<boolean> {
    const size = file.size;
    const slots = load.helpers.map((h) => new PartSlot(h, load.id));
    try {
      const h = slots.length;
      const rounds = Math.ceil(size / ((OWN_RANGE_SHARE + h) * MAX_PART_BYTES));
      const unit = size / (rounds * (OWN_RANGE_SHARE + h));
      const roundStart = (r: number): number => Math.min(size, Math.floor(r * (OWN_RANGE_SHARE + h) * unit));
      const head = await file.slice(0, 4096).arrayBuffer();
      // Each slot finds the starts of its parts, one after another; the slots at once.
      const found: Array<{ start: number; bare: boolean } | null> = new Array<null>(rounds * h).fill(null);
      await Promise.all(
        slots.map(async (slot, k) => {
          for (let r = 0; r < rounds; r++) {
            const from = Math.floor(roundStart(r) + (OWN_RANGE_SHARE + k) * unit);
            const window = await file.slice(from, from + SPLIT_WINDOW).arrayBuffer();
            found[r * h + k] = await slot.split(head.slice(0), window, from).catch(() => null);
          }
        }),
      );
      // Parts in file order, each ending where the next begins or where the next round does.
      const parts: Array<{ start: number; end: number; bare: boolean; slot: PartSlot }> = [];
      for (const [j, f] of found.entries()) {
        if (!f || f.start <= (parts.at(-1)?.start ?? 0)) continue;
        const last = parts.at(-1);
        if (last) last.end = Math.min(last.end, f.start);
        parts.push({ ...f, end: roundStart(Math.floor(j / h) + 1), slot: slots[j % h]! });
      }
      if (load.done) return true;
      if (parts.length === 0) return false;
      load.partBytes = parts.map(() => 0);
      const stats = { read: parts.length, taken: 0 };
      load.partStats = stats;
      // A part's record, and when the load is done with it (taken, or its range read here).
      const records = parts.map(() => deferred<ArrayBuffer | null>());
      const consumed = parts.map(() => deferred<void>());
      for (const slot of slots) {
        const mine = parts.flatMap((p, k) => (p.slot === slot ? [k] : []));
        void (async () => {
          for (const [j, k] of mine.entries()) {
            // At most two of a slot's parts in flight: the one the load takes, the one read now.
            if (j >= 2) await consumed[mine[j - 2]!]!.promise;
            const p = parts[k]!;
            p.slot.onProgress = (received) => {
              load.partBytes[k] = received;
              this.reportProgress(load);
            };
            records[k]!.resolve(load.done ? null : await p.slot.read(file, p.start, p.end, p.bare, () => load.done).catch(() => null));
          }
        })();
      }
      try {
        let at = 0;
        for (const [k, { start }] of parts.entries()) {
          // This slot's own range, and what the last part did not cover (it stopped early, or
          // was not taken).
          await this.pumpRange(load, file, at, start);
          const record = await records[k]!.promise;
          if (load.done) break;
          const taken = record ? await this.absorb(load, record) : null;
          load.partBytes[k] = 0;
          if (taken?.taken) stats.taken++;
          at = taken?.taken ? taken.offset : start;
          consumed[k]!.resolve();
          if (load.done) break;
        }
        if (!load.done) await this.pumpRange(load, file, at, size);
      } finally {
        // The slots' readers stop waiting (a part read for a load that ended is dropped).
        for (const c of consumed) c.resolve();
      }
      return true;
    } finally {
      for (const slot of slots) slot.drop();
    }
  }

  /** Gives the slot a part to take in place of its range; resolves to its answer. */
  private absorb(load: ActiveLoad, part: ArrayBuffer): Promise<{ taken: boolean; offset: number }> {
    return new Promise((resolve) => {
      load.absorbed = resolve;
      this.post({ op: 'absorb', load: load.id, part }, [part]);
    });
  }

  /** The load's progress: what its slot read, and what its parts read that it has not taken yet. */
  private reportProgress(l: ActiveLoad): void {
    const parts = l.partBytes.reduce((a, b) => a + b, 0);
    l.onProgress({ received: l.received + parts, total: l.total, events: l.events, phase: l.phase });
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
    wakeReader(l);
    l.abort.abort();
    if (l.phase === 'importing') {
      // The import runs synchronously inside the worker: interrupting it means a new slot (and a
      // new worker when nothing else is on it).
      this.renew(new CancelledError());
    } else {
      this.post({ op: 'abort', load: l.id });
    }
    l.reject(new CancelledError());
  }
}

/** A promise with its resolve. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Wakes whatever the load's reader waits for (room in flight, a part taken), once the load is over. */
function wakeReader(l: ActiveLoad): void {
  const wake = l.wake;
  l.wake = null;
  wake?.();
  const absorbed = l.absorbed;
  l.absorbed = null;
  absorbed?.({ taken: false, offset: 0 });
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
