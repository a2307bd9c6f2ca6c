// One engine worker (worker.ts) and the slots it holds: each slot is a Wasm instance of its own,
// serving one WorkerEngine (one member of a session). The host starts the worker, makes and gives
// up slots, and hands each message from the worker to its slot's engine. When the worker itself
// dies (an uncaught error, a message that cannot be read), every slot on it is gone: each engine
// is told, and the host starts a fresh worker for the slots made after that.

import { EngineError } from './engine';
import type { FromWorker, ToWorker } from './protocol';

/** What a slot's engine is told by its host. */
export interface SlotListener {
  /** A message from the worker for this slot. */
  message(msg: FromWorker): void;
  /** The worker died: the slot and whatever it held are gone. */
  died(detail: string): void;
}

export class EngineHost {
  private worker!: Worker;
  /** Resolves once the worker has the compiled core; rejects when it cannot start. */
  private started!: Promise<void>;
  private listeners = new Map<number, SlotListener>();
  private readyWaiters = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  private nextSlot = 1;
  /** Imports running in this worker now (the pool gives new ones to the least busy host). */
  importing = 0;
  private closed = false;

  /** `wasm`: the compiled core (every host of a page shares one), else the worker compiles its own. */
  constructor(
    private readonly workerUrl: URL,
    private wasm: WebAssembly.Module | null = null,
  ) {
    this.start();
  }

  /** How many slots are in use. */
  get slotCount(): number {
    return this.listeners.size;
  }

  private start(): void {
    const worker = new Worker(this.workerUrl, { type: 'module', name: 'planeview-engine' });
    this.worker = worker;
    worker.postMessage({ op: 'init', module: this.wasm } satisfies ToWorker);
    let up = false;
    this.started = new Promise<void>((resolve, reject) => {
      worker.addEventListener('message', (ev: MessageEvent<FromWorker>) => {
        if (up) return;
        if (ev.data.type === 'ready') {
          up = true;
          resolve();
        } else if (ev.data.type === 'init-error') {
          reject(new EngineError(ev.data.message, 'init'));
        }
      });
      worker.addEventListener('error', (ev: ErrorEvent) => {
        ev.preventDefault();
        if (worker !== this.worker) return;
        if (!up) {
          // The worker script itself failed: restarting would fail the same way.
          reject(new EngineError(`could not start the analysis engine: ${ev.message || 'the worker failed to load'}`, 'init'));
          return;
        }
        this.died(ev.message || 'the worker stopped');
      });
    });
    this.started.catch(() => undefined);
    worker.addEventListener('message', (ev: MessageEvent<FromWorker>) => {
      if (worker === this.worker) this.onMessage(ev.data);
    });
    // A message that cannot be deserialised is a broken engine too.
    worker.addEventListener('messageerror', () => {
      if (worker === this.worker) this.died('a message from the engine could not be read');
    });
  }

  private onMessage(msg: FromWorker): void {
    if (!('slot' in msg)) return;
    if (msg.type === 'slot-ready' || msg.type === 'slot-error') {
      const w = this.readyWaiters.get(msg.slot);
      this.readyWaiters.delete(msg.slot);
      if (msg.type === 'slot-ready') w?.resolve();
      else w?.reject(new EngineError(msg.message, 'init'));
      return;
    }
    this.listeners.get(msg.slot)?.message(msg);
  }

  /** The worker is gone: every slot's engine is told, and a fresh worker serves new slots. */
  private died(detail: string): void {
    const listeners = [...this.listeners.values()];
    this.listeners.clear();
    const waiters = [...this.readyWaiters.values()];
    this.readyWaiters.clear();
    this.worker.terminate();
    if (!this.closed) this.start();
    for (const w of waiters) w.reject(new EngineError(detail, 'fatal'));
    for (const l of listeners) l.died(detail);
  }

  /**
   * A new slot for `listener`: its id at once (messages to it wait in the worker until its
   * instance is made) and a promise that resolves when the instance is ready.
   */
  addSlot(listener: SlotListener): { slot: number; ready: Promise<void> } {
    const slot = this.nextSlot++;
    this.listeners.set(slot, listener);
    const ready = this.started.then(
      () =>
        new Promise<void>((resolve, reject) => {
          this.readyWaiters.set(slot, { resolve, reject });
        }),
    );
    ready.catch(() => undefined);
    this.post({ op: 'slot', slot });
    return { slot, ready };
  }

  /** Gives up `slot`: its profile is freed in the worker (its memory stays with the worker until the host closes). */
  dropSlot(slot: number): void {
    if (!this.listeners.delete(slot)) return;
    this.readyWaiters.delete(slot);
    this.post({ op: 'drop', slot });
  }

  /**
   * Replaces the worker (every slot on it ends, told as a death with `detail`): to interrupt an
   * import that runs inside it, or to free the memory of slots given up.
   */
  restart(detail: string): void {
    this.died(detail);
  }

  post(msg: ToWorker, transfer: Transferable[] = []): void {
    this.worker.postMessage(msg, transfer);
  }

  /** Ends the worker for good; its slots' engines are told they are closed. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.died('the engine was closed');
  }
}
