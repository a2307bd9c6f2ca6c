// The engines of a session: one WorkerEngine (a Wasm instance with its own memory, a slot of an
// engine worker, host.ts) per file, on at most `limit` workers. The first engine lives as long as
// the page (a single file loads into it exactly as before); the others are made for a session and
// given up when the next one starts. At most `limit` files are read and imported at a time (each
// import keeps a core busy), one per worker; the rest wait their turn and then go to the worker
// that is free, so a job of many files shares a few workers instead of starting a thread each.

import { CancelledError, type LoadProgress, type OpenSource, type Profile } from './engine';
import { EngineHost } from './host';
import { PARTS_FROM_BYTES } from './part-slot';
import { WorkerEngine } from './worker-proxy';

/** How many imports may run at once, and how many workers a session uses: max(2, the cores the browser reports). */
export function ingestLimit(): number {
  const cores = typeof navigator === 'undefined' ? 0 : navigator.hardwareConcurrency || 0;
  return Math.max(2, cores);
}

/** What one file's open reports while it waits, reads and imports. */
export type MemberProgress = { phase: 'queued' } | LoadProgress;

export class EnginePool {
  /** The page's engine: member 0 of every session. */
  readonly primary: WorkerEngine;
  /** The primary's worker, kept across sessions. */
  private readonly home: EngineHost;
  /** The workers made for the current session beyond the primary's. */
  private hosts: EngineHost[] = [];
  /** The engines made for the current session beyond the first. */
  private extra: WorkerEngine[] = [];
  /** Whether the primary's worker served other engines (their memory stays with it until it is replaced). */
  private homeShared = false;
  /** The load of the newest session (older sessions' queued opens never start). */
  private generation = 0;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private wasm: Promise<WebAssembly.Module | null> | null = null;

  constructor(
    private readonly workerUrl: URL,
    private readonly limit = ingestLimit(),
  ) {
    this.home = new EngineHost(workerUrl);
    this.primary = new WorkerEngine(this.home);
  }

  /**
   * `n` engines for a new session: the primary first, then fresh ones (bound to a worker when
   * their file opens). The previous session's other engines and workers end (their profiles and
   * memory are gone; the primary's worker is replaced when it held them too) and its queued opens
   * reject with CancelledError. Resolves to only the primary when a newer session began meanwhile.
   */
  async begin(n: number): Promise<WorkerEngine[]> {
    this.generation++;
    for (const e of this.extra) e.terminate();
    this.extra = [];
    for (const h of this.hosts) h.close();
    this.hosts = [];
    for (const w of this.waiting.splice(0)) w();
    if (this.homeShared) {
      this.homeShared = false;
      this.primary.unbindQuietly();
      this.home.restart('recycled');
    }
    if (n > 1) {
      const generation = this.generation;
      const wasm = await this.compiled();
      if (generation !== this.generation) return [this.primary];
      const workers = Math.min(n, this.limit);
      for (let i = 1; i < workers; i++) this.hosts.push(new EngineHost(this.workerUrl, wasm));
      for (let i = 1; i < n; i++) this.extra.push(new WorkerEngine());
    }
    return [this.primary, ...this.extra];
  }

  /**
   * The core compiled once on the page for the workers beyond the first (each would compile it
   * again otherwise); null when that fails (each worker then loads its own).
   */
  private compiled(): Promise<WebAssembly.Module | null> {
    this.wasm ??= WebAssembly.compileStreaming(fetch(new URL('./planeview_bg.wasm', this.workerUrl))).catch(() => null);
    return this.wasm;
  }

  /** The engines of the current session (the primary first). */
  engines(): readonly WorkerEngine[] {
    return [this.primary, ...this.extra];
  }

  /** The worker for an engine's first open: the one with the fewest imports running, then the fewest slots. */
  private pick(): EngineHost {
    let best = this.home;
    for (const h of this.hosts) {
      if (h.importing < best.importing || (h.importing === best.importing && h.slotCount < best.slotCount)) best = h;
    }
    return best;
  }

  /**
   * Opens `source` in `engine` (with previews, see Engine.open) once fewer than `limit` opens of
   * the current session run; reports `{phase: 'queued'}` while it waits. Rejects with CancelledError when a newer session began
   * before its turn came.
   */
  async open(engine: WorkerEngine, source: OpenSource, onProgress: (p: MemberProgress) => void, reducedDetail = false, previews = false): Promise<Profile> {
    const generation = this.generation;
    if (this.running >= this.limit) {
      onProgress({ phase: 'queued' });
      while (this.running >= this.limit && generation === this.generation) await new Promise<void>((w) => this.waiting.push(w));
      if (generation !== this.generation) throw new CancelledError();
    }
    if (!engine.boundHost) {
      const host = this.pick();
      if (host === this.home) this.homeShared = true;
      engine.bind(host);
    }
    const host = engine.boundHost!;
    const helpers = await this.partHelpers(source);
    if (generation !== this.generation) throw new CancelledError();
    this.running++;
    host.importing++;
    try {
      return await engine.open(source, onProgress, reducedDetail, previews, helpers);
    } finally {
      this.running--;
      host.importing--;
      this.waiting.shift()?.();
    }
  }

  /**
   * Workers to read ranges of a large file apart (worker-proxy.ts, part-slot.ts): for the file of a
   * one-file session, the cores beyond the primary's, started for this session (the next one
   * closes them); none for a session of several files, whose workers are busy with their own.
   */
  private async partHelpers(source: OpenSource): Promise<EngineHost[]> {
    if (this.extra.length > 0 || source.kind !== 'file' || source.file.size < PARTS_FROM_BYTES) return [];
    if (this.hosts.length === 0) {
      const generation = this.generation;
      const wasm = await this.compiled();
      if (generation !== this.generation || this.hosts.length > 0) return this.hosts;
      for (let i = 1; i < this.limit; i++) this.hosts.push(new EngineHost(this.workerUrl, wasm));
    }
    return this.hosts;
  }

  /** Abandons every open of the current session (queued ones never start). */
  cancel(): void {
    this.generation++;
    for (const w of this.waiting.splice(0)) w();
    for (const e of this.engines()) e.cancel();
  }
}
