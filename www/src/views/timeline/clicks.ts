// What a click on the timeline does: a slice is selected (its details asked of the engine), an
// instant or the counter sample nearest the click is selected, a merged box or an instant cluster
// is zoomed into, and a click on nothing clears the selected event.

import type { Engine, RenderResult, SliceInfo } from '../../engine/engine';
import type { Scope } from '../../shell/scope';
import { SAMPLE_HIT_PX } from './constants';
import type { Hit } from './hit-test';
import type { TimelineSelection } from './selection';
import { type Viewport, resultTime } from './viewport';

/** The selected event, as the page's selection names it. */
export type Selection = { kind: 'slice'; id: number } | { kind: 'instant'; index: number } | { kind: 'counter'; index: number };

/** What clicks read and act on. */
export interface ClickHost {
  readonly engine: Engine;
  readonly viewport: Viewport;
  readonly selection: TimelineSelection;
  /** The current load's scope: answers arriving after it ended are dropped. */
  scope(): Scope;
  /** The newest render list. */
  result(): RenderResult | null;
  canvasWidth(): number;
  setRange(t0: number, t1: number): void;
  zoomBy(factor: number, at: number): void;
  requestDraw(): void;
  onSelect(sel: Selection | null): void;
}

export class TimelineClicks {
  constructor(private readonly host: ClickHost) {}

  /** A click at canvas x on `hit` (null: on nothing). */
  click(hit: Hit | null, x: number): void {
    if (hit?.kind === 'counter') this.clickCounter(hit.track, x);
    else this.clickHit(hit);
  }

  /** Selects counter sample `index` (its marker, and `onSelect`). */
  async selectCounterSample(index: number): Promise<void> {
    const h = this.host;
    const scope = h.scope();
    const sample = await h.engine.counterSample(index).catch(() => null);
    if (!sample || !scope.current) return;
    h.selection.selectSample({ track: sample.track, t: sample.time_ps, value: sample.value });
    h.requestDraw();
    h.onSelect({ kind: 'counter', index: sample.index });
  }

  selectSlice(info: SliceInfo | null): void {
    this.host.selection.selectSlice(info, this.host.scope());
    this.host.requestDraw();
  }

  /** Selects the sample of counter `track` nearest the click (or the one whose value holds there). */
  private clickCounter(track: number, x: number): void {
    const { viewport, engine } = this.host;
    const width = this.host.canvasWidth();
    const t = viewport.timeAt(x, width);
    const tolerance = (SAMPLE_HIT_PX * (viewport.t1 - viewport.t0)) / width;
    const scope = this.host.scope();
    engine
      .counterSampleNear(track, t, tolerance)
      .then((index) => (!scope.current || index < 0 ? undefined : this.selectCounterSample(index)))
      .catch(() => undefined);
  }

  private clickHit(hit: Hit | null): void {
    const h = this.host;
    const res = h.result();
    const at = (x: number): number => resultTime(res, x, h.viewport.t0);
    if (!hit) {
      h.selection.clearEvent();
      h.requestDraw();
      h.onSelect(null);
      return;
    }
    if (hit.kind === 'merged') {
      // A merged box stands for several sub-pixel slices: zoom into it.
      if (!res) return;
      const a = at(hit.x0);
      const b = at(Math.max(hit.x1, hit.x0 + 1));
      const pad = (b - a) * 0.5;
      h.setRange(a - pad, b + pad);
      return;
    }
    if (hit.kind === 'instant') {
      if (hit.id < 0) {
        h.zoomBy(0.25, at(hit.x0));
        return;
      }
      h.selection.selectInstant({ track: hit.track, x: hit.x0, t: at(hit.x0) });
      h.requestDraw();
      h.onSelect({ kind: 'instant', index: hit.id });
      return;
    }
    const scope = h.scope();
    h.engine
      .sliceInfo(hit.id)
      .then((info) => {
        if (scope.current) this.selectSlice(info);
      })
      .catch(() => undefined);
    h.onSelect({ kind: 'slice', id: hit.id });
  }
}
