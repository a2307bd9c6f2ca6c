// Ranges of a large Chrome JSON file read apart, one after another in a slot of another engine
// worker, while the load's own slot reads the file up to them: each part's bytes (a record of the
// events read) then go to the load's slot, which takes them in place of the range (the core's
// parts). A part that fails, or that the load cannot take, only costs time: the load reads the
// range itself.

import type { EngineHost, SlotListener } from './host';
import type { FromWorker } from './protocol';

/** Files this large are read in parts when workers are free for them. */
export const PARTS_FROM_BYTES = 64 << 20;

/** The largest range read as one part: its record (about a fifth of its bytes) is held twice while it moves to the load's memory. */
export const MAX_PART_BYTES = 256 << 20;

/** Bytes per message to the part's worker. */
const CHUNK_BYTES = 4 << 20;
/** How far reading may run ahead of what the part's worker has taken. */
const MAX_IN_FLIGHT = 32 << 20;

export class PartSlot {
  private readonly slot: number;
  private readonly ready: Promise<void>;
  private gone = false;
  private sent = 0;
  private received = 0;
  private stopped = false;
  private wake: (() => void) | null = null;
  private waiter: { resolve: (msg: FromWorker) => void; reject: (e: Error) => void } | null = null;
  /** Bytes of the range the part's worker has read (for the load's progress line). */
  onProgress: (received: number) => void = () => undefined;

  constructor(
    private readonly host: EngineHost,
    private readonly load: number,
  ) {
    const listener: SlotListener = {
      message: (msg) => this.onMessage(msg),
      died: (detail) => this.fail(new Error(detail)),
    };
    const { slot, ready } = host.addSlot(listener);
    this.slot = slot;
    this.ready = ready;
  }

  /**
   * Where a part would start: the first boundary between events in `window` (the file's bytes from
   * `from`), and whether the events are a root array (`bare`); null when there is none or the file
   * (its first bytes: `head`) is not plain Chrome JSON. One request at a time per slot.
   */
  async split(head: ArrayBuffer, window: ArrayBuffer, from: number): Promise<{ start: number; bare: boolean } | null> {
    await this.ready;
    const reply = this.next();
    this.host.post({ op: 'part-split', slot: this.slot, load: this.load, head, window, from }, [head, window]);
    const msg = await reply;
    return msg.type === 'part-start' && msg.start !== null ? { start: msg.start, bare: msg.bare } : null;
  }

  /**
   * Reads bytes `start..end` of `file` as a part (until it stops reading) and resolves to the part's
   * bytes; `cancelled` is checked between pieces. One part at a time per slot.
   */
  async read(file: Blob, start: number, end: number, bare: boolean, cancelled: () => boolean): Promise<ArrayBuffer> {
    await this.ready;
    if (this.gone) throw new Error('the part slot is gone');
    this.sent = 0;
    this.received = 0;
    this.stopped = false;
    this.host.post({ op: 'part-begin', slot: this.slot, load: this.load, start, bare });
    const piece = (at: number): Promise<ArrayBuffer> | null => (at < end ? file.slice(at, Math.min(end, at + CHUNK_BYTES)).arrayBuffer() : null);
    let next = piece(start);
    for (let at = start; next && !this.stopped; at += CHUNK_BYTES) {
      const data = await next;
      if (cancelled() || this.gone) throw new Error('the part was abandoned');
      next = piece(at + CHUNK_BYTES);
      this.sent += data.byteLength;
      this.host.post({ op: 'part-chunk', slot: this.slot, load: this.load, data }, [data]);
      if (this.sent - this.received >= MAX_IN_FLIGHT) await new Promise<void>((w) => (this.wake = w));
    }
    const reply = this.next();
    this.host.post({ op: 'part-finish', slot: this.slot, load: this.load });
    const msg = await reply;
    if (msg.type !== 'part') throw new Error('the part was not read');
    return msg.part;
  }

  /** Gives up the slot (its instance's memory stays with the worker until the session's workers close). */
  drop(): void {
    if (this.gone) return;
    this.gone = true;
    this.host.dropSlot(this.slot);
    this.fail(new Error('the part was dropped'));
  }

  /** The next reply (part-start, part, or part-error as a rejection). */
  private next(): Promise<FromWorker> {
    return new Promise<FromWorker>((resolve, reject) => {
      if (this.gone) reject(new Error('the part is gone'));
      else this.waiter = { resolve, reject };
    });
  }

  private onMessage(msg: FromWorker): void {
    if (!('load' in msg) || msg.load !== this.load) return;
    switch (msg.type) {
      case 'part-progress':
        this.received = msg.received;
        this.stopped = msg.stopped;
        this.onProgress(msg.received);
        if (this.wake && (this.stopped || this.sent - this.received < MAX_IN_FLIGHT)) {
          const w = this.wake;
          this.wake = null;
          w();
        }
        return;
      case 'part-start':
      case 'part': {
        const w = this.waiter;
        this.waiter = null;
        w?.resolve(msg);
        return;
      }
      case 'part-error':
        this.fail(new Error(msg.message));
        return;
    }
  }

  private fail(err: Error): void {
    this.gone = true;
    const w = this.waiter;
    this.waiter = null;
    w?.reject(err);
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
