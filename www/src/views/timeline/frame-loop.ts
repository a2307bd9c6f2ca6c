// The timeline's frame loop. An input that moves the view asks for a draw; a microtask later
// (once the input's state changes are done) the render list of the new view is asked of the
// engine, and the frame waits for the reply: at most STALE_MS, then it draws the old list moved to
// the new view. Nothing is drawn and no DOM written before the reply: the page's scheduler would
// run that frame first and the reply would wait behind it.

import type { Engine, RenderResult } from '../../engine/engine';
import { NO_LOAD, type Scope } from '../../shell/scope';
import { STALE_MS } from './constants';

/** The view a render list is asked for. */
export interface ViewRequest {
  t0: number;
  t1: number;
  /** Canvas width, whole pixels. */
  width: number;
  trackIds: number[];
  /** Every flow arrow touching the tracks, too. */
  flows: boolean;
}

export interface FrameHost {
  /** The current view at canvas `width`, or null when there is nothing to ask for. */
  view(width: number): ViewRequest | null;
  canvasWidth(): number;
  /** Draws a frame from `loop.result`. */
  draw(): void;
}

/** Bench hooks (bench/browser.mjs sets globalThis.pvBench). */
function benching(): boolean {
  return 'pvBench' in globalThis;
}

export class FrameLoop {
  /** The newest render list (null until the first arrives for this load). */
  result: RenderResult | null = null;
  /** Names of the name ids the render lists of this load carried. */
  strings = new Map<number, string>();
  private scope: Scope = NO_LOAD;
  private inFlight = false;
  private lastKey = '';
  private frame = 0;
  /** A microtask to ask for the render list of the current view is queued. */
  private requestQueued = false;
  /** A render list arrived since the last drawn frame. */
  private fresh = false;
  /** A draw was asked for and not done yet. */
  private drawWanted = false;
  /** The timer that gives up waiting for a render list (0: none). */
  private staleTimer = 0;
  /** When the newest render list was requested (bench hook). */
  private benchRequested = 0;
  /** The bench measure of a drawn list: `pv:frame`, or `pv:preview-frame` while a preview is shown. */
  frameMark: 'pv:frame' | 'pv:preview-frame' = 'pv:frame';

  constructor(
    private readonly engine: Engine,
    private readonly host: FrameHost,
  ) {}

  /** Forgets every render list; replies for an ended `scope` are dropped. */
  reset(scope: Scope): void {
    this.scope = scope;
    this.strings = new Map();
    this.result = null;
    this.lastKey = '';
    this.inFlight = false;
    this.fresh = false;
  }

  /** The next request asks again even if the view did not change (the tracks or the flow choice did). */
  invalidate(): void {
    this.lastKey = '';
  }

  /**
   * Asks for a draw. Once the current task's state changes are done (a microtask), asks the worker
   * for the render list of the new view if it changed and none is in flight; then schedules the
   * draw at the next animation frame, unless that render list is on its way: then the frame waits
   * for it (at most STALE_MS, then it draws the old list moved to the new view). A frame (or a DOM
   * change, which makes one) before the reply would delay it: the page's scheduler runs the frame
   * first, and drawing the old list first puts the new one a frame later.
   */
  requestDraw(): void {
    this.drawWanted = true;
    if (this.requestQueued) return;
    this.requestQueued = true;
    queueMicrotask(() => {
      this.requestQueued = false;
      this.maybeRequest(this.host.canvasWidth());
      this.scheduleFrame();
    });
  }

  /** Bench hook, called once a frame has drawn a render list: the first after a new list measures `frameMark`. */
  listDrawn(): void {
    if (this.benchRequested && benching()) performance.measure(this.frameMark, { start: this.benchRequested });
    this.benchRequested = 0;
  }

  /** Called at the end of a drawn frame: a view changed during it (a resize seen by its layout) is asked for now. */
  afterDraw(width: number): void {
    this.maybeRequest(width);
  }

  /** Requests the animation frame of a wanted draw, or arms the timer that stops waiting for a render list. */
  private scheduleFrame(): void {
    if (!this.drawWanted || this.frame) return;
    if (this.inFlight && !this.fresh) {
      if (!this.staleTimer) {
        this.staleTimer = window.setTimeout(() => {
          this.staleTimer = 0;
          if (this.drawWanted && !this.frame) this.frame = requestAnimationFrame(() => this.onFrame());
        }, STALE_MS);
      }
      return;
    }
    this.frame = requestAnimationFrame(() => this.onFrame());
  }

  /** Draws one frame (the bench's pv:draw). */
  private onFrame(): void {
    this.frame = 0;
    if (this.staleTimer) {
      window.clearTimeout(this.staleTimer);
      this.staleTimer = 0;
    }
    this.drawWanted = false;
    this.fresh = false;
    const t = performance.now();
    this.host.draw();
    if (benching()) performance.measure('pv:draw', { start: t });
  }

  private maybeRequest(width: number): void {
    if (this.inFlight) return;
    const v = this.host.view(Math.round(width));
    if (!v) return;
    const key = `${v.t0}|${v.t1}|${v.width}|${v.trackIds.join(',')}|${v.flows}`;
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.inFlight = true;
    const scope = this.scope;
    const requested = performance.now();
    this.engine
      .render({ trackIds: Uint32Array.from(v.trackIds), t0: v.t0, t1: v.t1, width: v.width, flows: v.flows })
      .then((r) => {
        if (!scope.current) return;
        for (const [id, s] of r.strings) this.strings.set(id, s);
        this.result = r;
        this.fresh = true;
        this.benchRequested = requested;
        if (benching()) {
          performance.measure('pv:render', { start: requested });
          const w = r.work;
          if (w) {
            const back = performance.timeOrigin + performance.now() - w.sentAt;
            performance.mark('pv:work', {
              detail: { ...w, back, bytes: r.slices.byteLength + r.instants.byteLength + r.counters.byteLength, newStrings: r.strings.length },
            });
          }
        }
      })
      .catch(() => {
        // A load replaced the profile, or the worker restarted; the next frame asks again.
      })
      .finally(() => {
        if (scope.current) {
          this.inFlight = false;
          this.requestDraw();
        }
      });
  }
}
