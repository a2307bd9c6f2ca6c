// Messages between the page (host.ts, worker-proxy.ts) and an engine worker (worker.ts). Internal
// to the engine; the calls themselves are listed once, in engine.ts (CALLS).
//
// A worker holds several slots: each slot is one Wasm instance of the core (its own memory) with
// at most one loaded profile, so one worker serves several members of a session and a trap in one
// slot leaves the others intact. Every message but `init`, `ready` and `init-error` names its slot.

import type { Method, Profile } from './engine';

export type ToWorker =
  /** First: the compiled Wasm module every slot instantiates, or null for the file beside the worker. */
  | { op: 'init'; module: WebAssembly.Module | null }
  /** A new slot: a fresh Wasm instance, answered by `slot-ready` or `slot-error`. */
  | { op: 'slot'; slot: number }
  /** The slot is given up: its profile is freed and it gets no more messages. */
  | { op: 'drop'; slot: number }
  /** `previews`: send previews of the part read so far while a Chrome JSON file streams in (worker.ts says when). */
  | { op: 'begin'; slot: number; load: number; name: string; size: number | null; reduced: boolean; previews: boolean }
  | { op: 'hint'; slot: number; load: number; unpacked: number }
  | { op: 'chunk'; slot: number; load: number; data: ArrayBuffer }
  | { op: 'finish'; slot: number; load: number }
  | { op: 'abort'; slot: number; load: number }
  /** One engine call; `args` are the Engine method's arguments, in order. */
  | { op: 'call'; slot: number; id: number; method: Method; args: unknown[] };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'init-error'; message: string }
  | { type: 'slot-ready'; slot: number }
  | { type: 'slot-error'; slot: number; message: string }
  /** The size of the slot's Wasm memory after each load (it never shrinks; the repeated-load test checks that it plateaus). */
  | { type: 'memory'; slot: number; wasmMemoryBytes: number }
  | { type: 'progress'; slot: number; load: number; received: number; events: number }
  | { type: 'importing'; slot: number; load: number }
  /** A preview of the part read so far: it answers the slot's calls until `loaded` (or the next preview). */
  | { type: 'preview'; slot: number; load: number; profile: Omit<Profile, 'fileName' | 'timings'> }
  | { type: 'loaded'; slot: number; load: number; profile: Omit<Profile, 'fileName' | 'timings'>; pushMs: number; finishMs: number }
  | { type: 'load-error'; slot: number; load: number; kind: string; message: string; fatal: boolean }
  | { type: 'reply'; slot: number; id: number; ok: true; value: unknown }
  | { type: 'reply'; slot: number; id: number; ok: false; kind: string; message: string; fatal: boolean };
