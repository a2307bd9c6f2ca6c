// What is selected on the timeline: one slice (with the slices its flows lead to), one instant or
// one counter sample, and apart from those a time range (Shift + drag).

import type { Engine, SliceInfo } from '../../engine/engine';
import { Latest, type Scope } from '../../shell/scope';

/** The most flow arrows fetched and drawn for the selected slice. */
const MAX_FLOWS = 64;

export class TimelineSelection {
  slice: SliceInfo | null = null;
  /** A clicked instant: its track, x in its render list, and time. */
  instant: { track: number; x: number; t: number } | null = null;
  /** The clicked counter sample. */
  sample: { track: number; t: number; value: number } | null = null;
  /** Flows of the selected slice: the slice at the other end, the direction and the flow's category. */
  flows: Array<{ dir: 'in' | 'out'; info: SliceInfo; category: string }> = [];
  /** Shift + drag selection, in ps. */
  range: { t0: number; t1: number } | null = null;
  private readonly flowRequests = new Latest();

  constructor(
    private readonly engine: Engine,
    /** Called when flows arrived to draw. */
    private readonly changed: () => void,
  ) {}

  /** Nothing selected, no range. */
  clear(): void {
    this.clearEvent();
    this.range = null;
  }

  /** No slice, instant or sample selected (the range stays). */
  clearEvent(): void {
    this.flowRequests.cancel();
    this.slice = null;
    this.instant = null;
    this.sample = null;
    this.flows = [];
  }

  /** Selects slice `info` and fetches its flows within `scope`. */
  selectSlice(info: SliceInfo | null, scope: Scope): void {
    this.clearEvent();
    this.slice = info;
    if (!info) return;
    const request = this.flowRequests.next(scope);
    this.engine
      .sliceFlows(info.id)
      .then((links) =>
        Promise.all(links.slice(0, MAX_FLOWS).map((l) => this.engine.sliceInfo(l.other).then((o) => ({ dir: l.direction, info: o, category: l.category })))),
      )
      .then((flows) => {
        if (!request.current) return;
        this.flows = flows;
        this.changed();
      })
      .catch(() => undefined);
  }

  selectInstant(instant: { track: number; x: number; t: number }): void {
    this.clearEvent();
    this.instant = instant;
  }

  selectSample(sample: { track: number; t: number; value: number }): void {
    this.clearEvent();
    this.sample = sample;
  }
}
