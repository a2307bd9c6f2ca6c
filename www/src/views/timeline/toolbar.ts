// The timeline's DOM: the toolbar (fit and zoom buttons, the visible range, the flows control of
// flow-filter.ts, the track name filter, the hidden tracks' "show all", the Shift + drag range,
// the marked spans, the key hints and the "?" button), the axis row and the scrolled body.

import { el } from '../../lib/dom';
import { formatDuration, formatTimestamp } from '../../lib/time';
import { hintLine } from './keys';

export interface ToolbarActions {
  fit(): void;
  zoomBy(factor: number): void;
  /** The track name filter's text changed. */
  filter(text: string): void;
  /** "show all" of the hidden tracks. */
  showHidden(): void;
  /** The "?" button. */
  keys(): void;
}

export class TimelineToolbar {
  readonly root = el('div', { class: 'tl-toolbar' });
  private readonly rangeText = el('span', { class: 'tl-range', 'data-testid': 'timeline-range' });
  private readonly selectionText = el('span', { class: 'tl-selection', 'data-testid': 'range-selection' });
  private readonly markText = el('span', { class: 'tl-mark-text', 'data-testid': 'timeline-marks' });
  private readonly filterBox = el('input', {
    type: 'search',
    class: 'tl-filter',
    placeholder: 'Filter tracks',
    'aria-label': 'Show only the tracks whose name contains',
    'data-testid': 'track-filter',
    autocomplete: 'off',
    spellcheck: 'false',
  });
  private readonly hiddenBox = el('span', { class: 'tl-hidden' });
  private readonly hiddenText = el('span', { 'data-testid': 'hidden-count' });

  /** `flows`: the flows control, placed after the range. */
  constructor(actions: ToolbarActions, flows: HTMLElement) {
    const fit = el('button', { type: 'button', class: 'btn btn-small', title: 'Zoom to fit (0 or F)', 'data-testid': 'zoom-fit' }, 'Fit');
    const zoomOut = el('button', { type: 'button', class: 'btn btn-small', title: 'Zoom out (S)', 'aria-label': 'Zoom out' }, '−');
    const zoomIn = el('button', { type: 'button', class: 'btn btn-small', title: 'Zoom in (W)', 'aria-label': 'Zoom in' }, '+');
    fit.addEventListener('click', () => actions.fit());
    zoomIn.addEventListener('click', () => actions.zoomBy(0.5));
    zoomOut.addEventListener('click', () => actions.zoomBy(2));
    const hint = el('span', { class: 'tl-hint' }, hintLine());
    const keys = el(
      'button',
      { type: 'button', class: 'btn btn-small', title: 'Every key and gesture (?)', 'aria-label': 'Keys and gestures', 'data-testid': 'show-keys' },
      '?',
    );
    keys.addEventListener('click', () => actions.keys());
    this.filterBox.addEventListener('input', () => actions.filter(this.filterBox.value));
    const showAll = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'show-hidden' }, 'show all');
    showAll.addEventListener('click', () => actions.showHidden());
    this.hiddenBox.append(this.hiddenText, showAll);
    this.hiddenBox.hidden = true;
    this.root.append(fit, zoomOut, zoomIn, this.rangeText, flows, this.filterBox, this.hiddenBox, this.selectionText, this.markText, hint, keys);
  }

  /** Shows the filter's text (a restored or cleared state). */
  showFilter(text: string): void {
    if (this.filterBox.value !== text) this.filterBox.value = text;
  }

  /** Shows how many tracks are hidden, with "show all" (nothing when none). */
  showHidden(count: number): void {
    this.hiddenBox.hidden = count === 0;
    this.hiddenText.textContent = `${count} hidden —`;
  }

  /** Shows the marked spans' durations (nothing when none). */
  showMarks(spans: ReadonlyArray<{ t0: number; t1: number }>): void {
    const text = spans.length === 0 ? '' : `marked ${spans.map((s) => formatDuration(s.t1 - s.t0, 4)).join(', ')} (Esc clears)`;
    if (this.markText.textContent !== text) this.markText.textContent = text;
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

/** The rest of the timeline's DOM: the axis row, and the scrolled body with labels beside the canvas (widths set by the view). */
export function timelineSkeleton(): {
  main: HTMLElement;
  corner: HTMLElement;
  head: HTMLElement;
  axis: HTMLCanvasElement;
  scroll: HTMLElement;
  body: HTMLElement;
  labels: HTMLElement;
  canvas: HTMLCanvasElement;
} {
  const head = el('div', { class: 'tl-head' });
  const corner = el('div', { class: 'tl-corner' }, 'Tracks');
  const axis = el('canvas', { class: 'tl-axis' });
  head.append(corner, axis);
  const scroll = el('div', { class: 'tl-scroll' });
  const body = el('div', { class: 'tl-body' });
  const labels = el('div', { class: 'tl-labels', role: 'region', 'aria-label': 'Tracks' });
  const canvas = el('canvas', {
    class: 'tl-canvas',
    role: 'img',
    'aria-label': 'Timeline of slices (details of a clicked slice appear in the details panel)',
  });
  body.append(labels, canvas);
  scroll.append(body);
  const main = el('div', { class: 'tl-main' });
  main.append(head, scroll);
  return { main, corner, head, axis, scroll, body, labels, canvas };
}
