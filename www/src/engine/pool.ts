// The engines of a session: one WorkerEngine (its own worker and Wasm memory) per file. The first
// engine lives as long as the page (a single file loads into it exactly as before); the others
// are made for a session and terminated when the next one starts. At most `limit` files are
// read and imported at a time (each import keeps a core busy); the rest wait their turn.

import { CancelledError, type LoadProgress, type OpenSource, type Profile } from './engine';
import { WorkerEngine } from './worker-proxy';

/** How many imports may run at once: max(2, the cores the browser reports). */
export function ingestLimit(): number {
  const cores = typeof navigator === 'undefined' ? 0 : navigator.hardwareConcurrency || 0;
  return Math.max(2, cores);
}

/** What one file's open reports while it waits, reads and imports. */
export type MemberProgress = { phase: 'queued' } | LoadProgress;

export class EnginePool {
  /** The page's engine: member 0 of every session. */
  readonly primary: WorkerEngine;
  /** The engines made for the current session beyond the first. */
  private extra: WorkerEngine[] = [];
  /** The load of the newest session (older sessions' queued opens never start). */
  private generation = 0;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private wasm: Promise<WebAssembly.Module | null> | null = null;

  constructor(
    private readonly workerUrl: URL,
    private readonly limit = ingestLimit(),
  ) {
    this.primary = new WorkerEngine(workerUrl);
  }

  /**
   * `n` engines for a new session: the primary first, then fresh ones. The previous session's
   * other engines are terminated (their profiles and memory are gone) and its queued opens
   * rejected with CancelledError. Resolves to only the primary when a newer session began meanwhile.
   */
  async begin(n: number): Promise<WorkerEngine[]> {
    this.generation++;
    for (const e of this.extra) e.terminate();
    this.extra = [];
    for (const w of this.waiting.splice(0)) w();
    if (n > 1) {
      const generation = this.generation;
      const wasm = await this.compiled();
      if (generation !== this.generation) return [this.primary];
      for (let i = 1; i < n; i++) this.extra.push(new WorkerEngine(this.workerUrl, wasm));
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

  /**
   * Opens `source` in `engine` once fewer than `limit` opens of the current session run; reports
   * `{phase: 'queued'}` while it waits. Rejects with CancelledError when a newer session began
   * before its turn came.
   */
  async open(engine: WorkerEngine, source: OpenSource, onProgress: (p: MemberProgress) => void, reducedDetail = false): Promise<Profile> {
    const generation = this.generation;
    if (this.running >= this.limit) {
      onProgress({ phase: 'queued' });
      while (this.running >= this.limit && generation === this.generation) await new Promise<void>((w) => this.waiting.push(w));
      if (generation !== this.generation) throw new CancelledError();
    }
    this.running++;
    try {
      return await engine.open(source, onProgress, reducedDetail);
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  /** Abandons every open of the current session (queued ones never start). */
  cancel(): void {
    this.generation++;
    for (const w of this.waiting.splice(0)) w();
    for (const e of this.engines()) e.cancel();
  }
}
