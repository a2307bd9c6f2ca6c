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
  /** `previews`: send previews of the part read so far while a Chrome JSON file streams in, or of the events placed so far while an XSpace is imported (worker.ts says when). */
  | { op: 'begin'; slot: number; load: number; name: string; size: number | null; reduced: boolean; previews: boolean }
  | { op: 'hint'; slot: number; load: number; unpacked: number }
  | { op: 'chunk'; slot: number; load: number; data: ArrayBuffer }
  | { op: 'finish'; slot: number; load: number }
  | { op: 'abort'; slot: number; load: number }
  /**
   * Reading ranges of a large Chrome JSON file's events apart (parts, for another slot's load to
   * take). `part-split`: where a part would start, given the file's first bytes (`head`) and its
   * bytes from offset `from` (`window`): the first boundary between events there (`part-start`).
   */
  | { op: 'part-split'; slot: number; load: number; head: ArrayBuffer; window: ArrayBuffer; from: number }
  /** A part starting at `start` (inside a root array of events if `bare`), read from the chunks that follow. */
  | { op: 'part-begin'; slot: number; load: number; start: number; bare: boolean }
  | { op: 'part-chunk'; slot: number; load: number; data: ArrayBuffer }
  /** The range is sent: the part's bytes come back in `part`. */
  | { op: 'part-finish'; slot: number; load: number }
  /** A part (its bytes from `part`) for the slot's load to take in place of the bytes of its range. */
  | { op: 'absorb'; slot: number; load: number; part: ArrayBuffer }
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
  /** The import began; then, for an import in steps (XSpace), the share of the input read and the events placed so far. */
  | { type: 'importing'; slot: number; load: number; share?: number; events?: number }
  /** A preview of the part read so far: it answers the slot's calls until `loaded` (or the next preview). */
  | { type: 'preview'; slot: number; load: number; profile: Omit<Profile, 'fileName' | 'timings'> }
  | { type: 'loaded'; slot: number; load: number; profile: Omit<Profile, 'fileName' | 'timings'>; pushMs: number; finishMs: number }
  | { type: 'load-error'; slot: number; load: number; kind: string; message: string; fatal: boolean }
  /** Where a part would start, or null when the file cannot be read in parts there. */
  | { type: 'part-start'; slot: number; load: number; start: number | null; bare: boolean }
  /** Bytes of the range the part has taken; `stopped`: it needs no more of them. */
  | { type: 'part-progress'; slot: number; load: number; received: number; stopped: boolean }
  | { type: 'part'; slot: number; load: number; part: ArrayBuffer }
  | { type: 'part-error'; slot: number; load: number; message: string }
  /** Whether the load took the part; `offset`: the next byte of the file it needs. */
  | { type: 'absorbed'; slot: number; load: number; taken: boolean; offset: number }
  | { type: 'reply'; slot: number; id: number; ok: true; value: unknown }
  | { type: 'reply'; slot: number; id: number; ok: false; kind: string; message: string; fatal: boolean };
