// The timeline's DOM: the toolbar (fit and zoom buttons, the visible range, the flows control of
// flow-filter.ts, the Shift + drag range, key hints), the axis row and the scrolled body.

import { el } from '../../lib/dom';
import { formatDuration, formatTimestamp } from '../../lib/time';
import { LABEL_W } from './constants';

export interface ToolbarActions {
  fit(): void;
  zoomBy(factor: number): void;
}

export class TimelineToolbar {
  readonly root = el('div', { class: 'tl-toolbar' });
  private readonly rangeText = el('span', { class: 'tl-range', 'data-testid': 'timeline-range' });
  private readonly selectionText = el('span', { class: 'tl-selection', 'data-testid': 'range-selection' });

  /** `flows`: the flows control, placed after the range. */
  constructor(actions: ToolbarActions, flows: HTMLElement) {
    const fit = el('button', { type: 'button', class: 'btn btn-small', title: 'Zoom to fit (0 or F)', 'data-testid': 'zoom-fit' }, 'Fit');
    const zoomOut = el('button', { type: 'button', class: 'btn btn-small', title: 'Zoom out (S)', 'aria-label': 'Zoom out' }, '−');
    const zoomIn = el('button', { type: 'button', class: 'btn btn-small', title: 'Zoom in (W)', 'aria-label': 'Zoom in' }, '+');
    fit.addEventListener('click', () => actions.fit());
    zoomIn.addEventListener('click', () => actions.zoomBy(0.5));
    zoomOut.addEventListener('click', () => actions.zoomBy(2));
    const hint = el('span', { class: 'tl-hint' }, 'Wheel or W/S: zoom · drag or A/D: pan · Shift+drag: select a range · 0/F: fit · click: details');
    this.root.append(fit, zoomOut, zoomIn, this.rangeText, flows, this.selectionText, hint);
  }

  /**
   * Shows the visible range `t0`–`t1` (from `base`) and how many tracks are shown (nothing
   * without a profile). Written only when the text changes: a frame that changed only the hover
   * or the render list writes no DOM (and makes no relayout of the toolbar).
   */
  showRange(v: { t0: number; t1: number; base: number; tracks: string } | null): void {
    const text = v
      ? `${formatTimestamp(v.t0 - v.base)} – ${formatTimestamp(v.t1 - v.base)} · ${formatDuration(v.t1 - v.t0)} visible · ${v.tracks} tracks shown`
      : '';
    if (this.rangeText.textContent !== text) this.rangeText.textContent = text;
  }

  /** Shows the Shift + drag range (nothing for null). */
  showSelection(r: { t0: number; t1: number } | null): void {
    this.selectionText.textContent = r ? `selection ${formatDuration(r.t1 - r.t0, 4)} (Shift+click clears)` : '';
  }
}

/** The rest of the timeline's DOM: the axis row, and the scrolled body with labels beside the canvas. */
export function timelineSkeleton(): {
  head: HTMLElement;
  axis: HTMLCanvasElement;
  scroll: HTMLElement;
  body: HTMLElement;
  labels: HTMLElement;
  canvas: HTMLCanvasElement;
} {
  const head = el('div', { class: 'tl-head' });
  const corner = el('div', { class: 'tl-corner' }, 'Tracks');
  corner.style.width = `${LABEL_W}px`;
  const axis = el('canvas', { class: 'tl-axis' });
  head.append(corner, axis);
  const scroll = el('div', { class: 'tl-scroll' });
  const body = el('div', { class: 'tl-body' });
  const labels = el('div', { class: 'tl-labels', role: 'list', 'aria-label': 'Tracks' });
  labels.style.width = `${LABEL_W}px`;
  const canvas = el('canvas', {
    class: 'tl-canvas',
    role: 'img',
    'aria-label': 'Timeline of slices (details of a clicked slice appear in the details panel)',
  });
  canvas.style.marginLeft = `${LABEL_W}px`;
  body.append(labels, canvas);
  scroll.append(body);
  return { head, axis, scroll, body, labels, canvas };
}
