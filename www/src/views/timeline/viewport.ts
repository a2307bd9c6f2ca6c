// The visible time range of the timeline: clamped to the profile, never shorter than MIN_SPAN_PS.

import type { RenderResult } from '../../engine/engine';
import { MIN_SPAN_PS } from './constants';

export class Viewport {
  /** Visible range, ps in the profile's time base. */
  t0 = 0;
  t1 = 1;
  private lo = 0;
  private hi = 1;

  /** The profile's range `[start, end]`; the view shows all of it. */
  reset(start: number, end: number): void {
    this.lo = start;
    this.hi = Math.max(end, start + MIN_SPAN_PS);
    this.t0 = this.lo;
    this.t1 = this.hi;
  }

  /** The whole profile. */
  fitRange(): { t0: number; t1: number } {
    return { t0: this.lo, t1: this.hi };
  }

  /** Shows `[a, b]` (clamped, same centre where it fits); false when the view did not change. */
  set(a: number, b: number): boolean {
    const { lo, hi } = this;
    let span = Math.min(Math.max(b - a, MIN_SPAN_PS), hi - lo);
    if (!Number.isFinite(span) || span <= 0) span = hi - lo;
    let t0 = a + (b - a - span) / 2;
    if (t0 < lo) t0 = lo;
    if (t0 + span > hi) t0 = hi - span;
    if (t0 === this.t0 && t0 + span === this.t1) return false;
    this.t0 = t0;
    this.t1 = t0 + span;
    return true;
  }

  /** The range `factor` times as long, keeping time `at` (default: the centre) at its place. */
  zoomed(factor: number, at?: number): { t0: number; t1: number } {
    const center = at ?? (this.t0 + this.t1) / 2;
    const f = (center - this.t0) / (this.t1 - this.t0);
    const span = (this.t1 - this.t0) * factor;
    return { t0: center - f * span, t1: center - f * span + span };
  }

  /** The range moved by `fraction` of its span. */
  panned(fraction: number): { t0: number; t1: number } {
    const span = this.t1 - this.t0;
    return { t0: this.t0 + span * fraction, t1: this.t1 + span * fraction };
  }

  /** The time at x of a canvas `width` wide. */
  timeAt(x: number, width: number): number {
    return this.t0 + (x / width) * (this.t1 - this.t0);
  }

  /** Pixels per ps on a canvas `width` wide. */
  scale(width: number): number {
    return width / (this.t1 - this.t0);
  }

  /**
   * Maps x of render list `r` (drawn for its own view) to x of this view on a canvas `width`
   * wide: x' = a·x + b. While a new list is on its way, the old one is drawn moved this way.
   */
  xform(r: RenderResult | null, width: number): { a: number; b: number } {
    if (!r) return { a: 1, b: 0 };
    const { t0, t1, width: rw } = r.request;
    const scale = width / (this.t1 - this.t0);
    return { a: ((t1 - t0) / rw) * scale, b: (t0 - this.t0) * scale };
  }
}

/** The time at x of render list `r`'s own view (`fallback` without a list). */
export function resultTime(r: RenderResult | null, x: number, fallback: number): number {
  if (!r) return fallback;
  return r.request.t0 + (x / r.request.width) * (r.request.t1 - r.request.t0);
}
