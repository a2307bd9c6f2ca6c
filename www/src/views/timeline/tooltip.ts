// The tooltip beside the pointer: what a hit box, marker or counter column is, its exact times and
// values read from the engine (the render list holds only what drawing needs).

import type { Engine, RenderResult } from '../../engine/engine';
import { formatValue } from '../../canvas/counters';
import { clear, el } from '../../lib/dom';
import { formatCount, formatDuration, formatTimestamp } from '../../lib/time';
import { Latest, type Scope } from '../../shell/scope';
import type { Hit } from './hit-test';
import { resultTime } from './viewport';

/** What the tooltip reads besides the hit: names, the drawn list, the time base, track names. */
export interface TooltipContext {
  strings: Map<number, string>;
  result: RenderResult | null;
  /** The profile's start (times are shown from it). */
  base: number;
  trackName(track: number): string | undefined;
}

export class Tooltip {
  readonly root = el('div', { class: 'tl-tooltip', role: 'tooltip' });
  /** Which hit the tooltip describes ('' when hidden). */
  private key = '';
  private readonly requests = new Latest();

  constructor(private readonly engine: Engine) {
    this.root.hidden = true;
  }

  /** Describes `hit` beside the pointer at (clientX, clientY); asks the engine within `scope`. */
  show(hit: Hit, clientX: number, clientY: number, ctx: TooltipContext, scope: Scope): void {
    const key = `${hit.kind}:${hit.id}:${hit.track}:${hit.lane}:${hit.x0}`;
    if (key !== this.key) this.fill(hit, ctx, this.requests.next(scope));
    this.key = key;
    const tip = this.root;
    tip.hidden = false;
    const pad = 14;
    const w = tip.offsetWidth;
    const h = tip.offsetHeight;
    let left = clientX + pad;
    let top = clientY + pad;
    if (left + w > window.innerWidth - 4) left = clientX - pad - w;
    if (top + h > window.innerHeight - 4) top = clientY - pad - h;
    tip.style.left = `${Math.max(4, left)}px`;
    tip.style.top = `${Math.max(4, top)}px`;
  }

  hide(): void {
    this.requests.cancel();
    this.key = '';
    // Written only when shown: an input that moves the view then changes no DOM (which would
    // make the page render a frame before the render list's reply is handled).
    if (!this.root.hidden) this.root.hidden = true;
  }

  private fill(hit: Hit, ctx: TooltipContext, scope: Scope): void {
    const tip = this.root;
    clear(tip);
    const title = el('div', { class: 'tt-name' });
    const line = el('div', { class: 'tt-meta' });
    tip.append(title, line);
    const at = (x: number): number => resultTime(ctx.result, x, 0);
    if (hit.kind === 'counter') {
      title.textContent = ctx.trackName(hit.track) ?? 'counter';
      line.textContent = '…';
      // The render list holds f32 values for drawing; the engine reads the column exactly.
      const v = hit.view;
      if (!v) return;
      this.engine
        .counterColumn(hit.track, v.t0, v.t1, v.width, hit.id)
        .then((col) => {
          if (!col || !scope.current) return;
          const when = col.samples === 0 ? 'held from before the view' : `at ${formatTimestamp(col.time_ps - ctx.base)}`;
          line.textContent =
            col.samples > 1
              ? `${formatCount(col.samples)} samples ${when} · min ${formatValue(col.min)} · max ${formatValue(col.max)} · last ${formatValue(col.last)}`
              : `value ${formatValue(col.last)} ${when}${col.samples === 0 ? '' : ' · click for details'}`;
        })
        .catch(() => undefined);
    } else if (hit.kind === 'instant') {
      title.textContent = hit.count > 1 ? `${formatCount(hit.count)} instant events` : 'Instant event';
      line.textContent = `at ${formatTimestamp(at(hit.x0) - ctx.base)}`;
    } else if (hit.kind === 'merged') {
      const first = ctx.strings.get(hit.nameId) ?? '';
      title.textContent = `${formatCount(hit.count)} slices`;
      line.textContent = `${first ? `first: ${first} · ` : ''}~${formatDuration(at(hit.x1) - at(hit.x0))} · click to zoom in`;
    } else {
      title.textContent = ctx.strings.get(hit.nameId) ?? '…';
      line.textContent = '…';
      this.engine
        .sliceInfo(hit.id)
        .then((info) => {
          if (!scope.current) return;
          line.textContent = `start ${formatTimestamp(info.start_ps - ctx.base)} · duration ${formatDuration(info.dur_ps, 4)}`;
        })
        .catch(() => undefined);
    }
  }
}
