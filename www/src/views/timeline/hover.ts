// The hovered event: kept for the frame to outline, and shown in the tooltip.

import type { Scope } from '../../shell/scope';
import { type Hit, sameHit } from './hit-test';
import type { Tooltip, TooltipContext } from './tooltip';

export class TimelineHover {
  /** The event under the pointer (null: none, or the pointer is off the canvas). */
  hit: Hit | null = null;

  /** `changed`: the hovered event changed (a frame outlines it). */
  constructor(
    private readonly tooltip: Tooltip,
    private readonly changed: () => void,
  ) {}

  /** The pointer is over `hit` (null: nothing) at page point (clientX, clientY). */
  at(hit: Hit | null, clientX: number, clientY: number, context: TooltipContext, scope: Scope): void {
    if (!sameHit(hit, this.hit)) {
      this.hit = hit;
      this.changed();
    }
    if (hit) this.tooltip.show(hit, clientX, clientY, context, scope);
    else this.tooltip.hide();
  }

  /** The pointer left the canvas. */
  leave(): void {
    if (this.hit) {
      this.hit = null;
      this.changed();
    }
    this.tooltip.hide();
  }

  /** Forgets the hovered event without a frame (a new load). */
  reset(): void {
    this.hit = null;
    this.tooltip.hide();
  }
}
