// Messages between worker-proxy.ts (page) and worker.ts (engine). Internal to the engine; the calls
// themselves are listed once, in engine.ts (CALLS).

import type { Method, Profile } from './engine';

export type ToWorker =
  /** First: the compiled Wasm module to instantiate (shared by a session's workers), or null for the file beside the worker. */
  | { op: 'init'; module: WebAssembly.Module | null }
  | { op: 'begin'; load: number; name: string; size: number | null; reduced: boolean }
  | { op: 'hint'; load: number; unpacked: number }
  | { op: 'chunk'; load: number; data: ArrayBuffer }
  | { op: 'finish'; load: number }
  | { op: 'abort'; load: number }
  /** One engine call; `args` are the Engine method's arguments, in order. */
  | { op: 'call'; id: number; method: Method; args: unknown[] };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'init-error'; message: string }
  | { type: 'progress'; load: number; received: number; events: number }
  | { type: 'importing'; load: number }
  | { type: 'loaded'; load: number; profile: Omit<Profile, 'fileName' | 'timings'>; pushMs: number; finishMs: number }
  | { type: 'load-error'; load: number; kind: string; message: string; fatal: boolean }
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; kind: string; message: string; fatal: boolean };
