// The chart of one allocator's live and reserved bytes over time (drawn by the engine,
// `memoryChartSvg`, the peak marked there), linked both ways with the timeline's range: it is
// drawn for the range the timeline shows and drawn again when that changes (at most once per
// animation frame, one request at a time, only while the Memory tab is shown); a drag across it
// zooms the timeline to the span dragged, and a click picks the time whose live allocations the
// table lists.

import type { AllocatorReport, MemoryQueries } from '../../engine/memory-types';
import { formatTimestamp } from '../../lib/time';
import { el } from '../../lib/dom';
import { Latest, NO_LOAD, type Scope } from '../../shell/scope';
import { chartProblem, errorText, svgElement } from './svg';

const CHART_H = 280;
const MIN_W = 480;
const MAX_W = 1600;
/** A pointer that moves less than this (px) between press and release clicks rather than drags. */
const DRAG_PX = 5;

/** What the chart needs of the page. */
export interface ChartHost {
  /** The timeline's visible range (ps). */
  visibleRange(): { t0: number; t1: number };
  /** Shows `[t0, t1]` (ps) on the timeline. */
  zoomTo(t0: number, t1: number): void;
  /** Time `t` (ps) was clicked on the chart. */
  pick(t: number): void;
  /** Whether the chart is on screen (the Memory tab is shown). */
  shown(): boolean;
}

/** The horizontal extent of the plot inside the chart, in the SVG's px. */
interface PlotSpan {
  left: number;
  right: number;
}

/**
 * Where the plot lies inside the chart's SVG: plotters draws the mesh's horizontal lines across
 * the whole plot area, so the longest horizontal `<line>` spans it; without one, the whole width.
 */
export function plotSpan(svg: SVGSVGElement, width: number): PlotSpan {
  let best: PlotSpan = { left: 0, right: width };
  let longest = 0;
  for (const line of Array.from(svg.querySelectorAll('line'))) {
    const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((a) => Number(line.getAttribute(a)));
    if (y1 !== y2 || !Number.isFinite(x1) || !Number.isFinite(x2)) continue;
    const length = Math.abs(x2! - x1!);
    if (length > longest) {
      longest = length;
      best = { left: Math.min(x1!, x2!), right: Math.max(x1!, x2!) };
    }
  }
  return best;
}

export class MemoryChart {
  readonly root = el('section', { class: 'mem-chart-panel', 'aria-label': 'Live and reserved bytes over time' });
  private readonly box = el('div', { class: 'mem-chart', 'data-testid': 'memory-chart' });
  private readonly band = el('div', { class: 'mem-band' });
  private readonly cursor = el('div', { class: 'mem-cursor', 'data-testid': 'memory-chart-cursor' });
  private readonly note = el('p', { class: 'muted small', 'data-testid': 'memory-chart-note' });
  private allocator: AllocatorReport | null = null;
  private origin = 0;
  private scope: Scope = NO_LOAD;
  private readonly requests = new Latest();
  /** What is drawn: the range, the SVG's width and its plot span. */
  private drawn: { t0: number; t1: number; width: number; span: PlotSpan } | null = null;
  private picked: number | null = null;
  private frame = 0;
  private busy = false;
  /** The range changed while a request was out or the tab hidden: draw again when possible. */
  private stale = false;
  private press: { x: number; id: number } | null = null;

  constructor(
    private readonly engine: Pick<MemoryQueries, 'memoryChartSvg'>,
    private readonly host: ChartHost,
  ) {
    this.band.hidden = true;
    this.cursor.hidden = true;
    this.box.append(this.band, this.cursor);
    this.box.title = 'Click: the allocations live at that time. Drag: show that span on the timeline.';
    this.box.addEventListener('pointerdown', (e) => this.down(e));
    this.box.addEventListener('pointermove', (e) => this.move(e));
    this.box.addEventListener('pointerup', (e) => this.up(e));
    this.box.addEventListener('pointercancel', () => this.endPress());
    this.root.append(this.box, this.note);
  }

  /** Charts `allocator` (null: nothing) from now on, within `scope`; times shown from `origin`. */
  set(allocator: AllocatorReport | null, origin: number, scope: Scope): void {
    this.requests.cancel();
    this.allocator = allocator;
    this.origin = origin;
    this.scope = scope;
    this.drawn = null;
    this.picked = null;
    this.busy = false;
    this.stale = false;
    this.endPress();
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.box.replaceChildren(this.band, this.cursor);
    this.note.textContent = '';
    if (allocator) this.follow();
  }

  /** Marks time `t` (ps) on the chart: the time the table shows. */
  mark(t: number | null): void {
    this.picked = t;
    this.placeCursor();
  }

  /** The timeline's range changed (or the tab was shown): draws on the next animation frame. */
  follow(): void {
    if (!this.allocator || !this.scope.current) return;
    if (!this.host.shown()) {
      this.stale = true;
      return;
    }
    if (this.busy) {
      this.stale = true;
      return;
    }
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      void this.draw();
    });
  }

  /** Shown again after being hidden: draws what changed meanwhile. */
  showAgain(): void {
    if (this.stale || !this.drawn) {
      this.stale = false;
      this.follow();
    }
  }

  private width(): number {
    const w = this.root.clientWidth;
    return Math.round(Math.min(MAX_W, Math.max(MIN_W, w > 0 ? w - 2 : 900)));
  }

  private async draw(): Promise<void> {
    const a = this.allocator;
    if (!a) return;
    const request = this.requests.next(this.scope);
    const { t0, t1 } = this.host.visibleRange();
    if (!(t1 > t0)) return;
    const width = this.width();
    this.busy = true;
    this.stale = false;
    try {
      const svg = await this.engine.memoryChartSvg(a.id, Math.floor(t0), Math.ceil(t1), width, CHART_H);
      if (!request.current) return;
      const chart = svgElement(
        svg,
        `Live and reserved bytes of ${a.name} from ${formatTimestamp(t0 - this.origin)} to ${formatTimestamp(t1 - this.origin)}`,
        width,
        CHART_H,
      );
      if (!chart) {
        this.box.replaceChildren(chartProblem('The memory chart could not be shown (the engine’s SVG did not parse).'), this.band, this.cursor);
        return;
      }
      this.drawn = { t0: Math.floor(t0), t1: Math.ceil(t1), width, span: plotSpan(chart, width) };
      this.box.replaceChildren(chart, this.band, this.cursor);
      this.box.dataset.t0 = String(this.drawn.t0);
      this.box.dataset.t1 = String(this.drawn.t1);
      this.note.textContent = `${formatTimestamp(t0 - this.origin)} – ${formatTimestamp(t1 - this.origin)}, the timeline’s range (zoom there, or drag here).`;
      this.placeCursor();
    } catch (err) {
      if (request.current) this.box.replaceChildren(chartProblem(`The memory chart could not be drawn: ${errorText(err)}`), this.band, this.cursor);
    } finally {
      if (request.current) {
        this.busy = false;
        if (this.stale) {
          this.stale = false;
          this.follow();
        }
      }
    }
  }

  /** The chart's drawing inside its border: its left edge in the box and on the page, and CSS px per SVG px. */
  private drawing(): { box: number; page: number; scale: number } | null {
    const chart = this.box.querySelector('svg');
    if (!chart || !this.drawn) return null;
    const r = chart.getBoundingClientRect();
    const border = chart.clientLeft;
    const inner = r.width - 2 * border;
    if (inner <= 0) return null;
    const page = r.left + border;
    return { box: page - this.box.getBoundingClientRect().left, page, scale: inner / this.drawn.width };
  }

  /** The SVG x (px) of a pointer event. */
  private svgX(e: PointerEvent): number | null {
    const f = this.drawing();
    return f ? (e.clientX - f.page) / f.scale : null;
  }

  /** The time (ps) at SVG x `x`, clamped to the plot. */
  private timeAt(x: number): number | null {
    const d = this.drawn;
    if (!d) return null;
    const f = (x - d.span.left) / Math.max(1, d.span.right - d.span.left);
    return Math.round(d.t0 + Math.min(1, Math.max(0, f)) * (d.t1 - d.t0));
  }

  /** The box's CSS px of time `t`, or null outside what is drawn. */
  private cssX(t: number): number | null {
    const d = this.drawn;
    const f = this.drawing();
    if (!d || !f || t < d.t0 || t > d.t1 || d.t1 <= d.t0) return null;
    return f.box + (d.span.left + ((t - d.t0) / (d.t1 - d.t0)) * (d.span.right - d.span.left)) * f.scale;
  }

  private placeCursor(): void {
    const x = this.picked === null ? null : this.cssX(this.picked);
    this.cursor.hidden = x === null;
    if (x !== null) this.cursor.style.left = `${x}px`;
  }

  private down(e: PointerEvent): void {
    if (e.button !== 0 || !this.drawn) return;
    const x = this.svgX(e);
    if (x === null) return;
    e.preventDefault();
    this.press = { x, id: e.pointerId };
    this.box.setPointerCapture?.(e.pointerId);
  }

  private move(e: PointerEvent): void {
    const p = this.press;
    const x = this.svgX(e);
    if (!p || x === null || !this.drawn) return;
    const a = this.timeAt(p.x);
    const b = this.timeAt(x);
    if (a === null || b === null || Math.abs(x - p.x) < DRAG_PX) {
      this.band.hidden = true;
      return;
    }
    const l = this.cssX(Math.min(a, b));
    const r = this.cssX(Math.max(a, b));
    if (l === null || r === null) return;
    this.band.hidden = false;
    this.band.style.left = `${l}px`;
    this.band.style.width = `${Math.max(1, r - l)}px`;
  }

  private up(e: PointerEvent): void {
    const p = this.press;
    this.endPress();
    const x = this.svgX(e);
    if (!p || x === null) return;
    const a = this.timeAt(p.x);
    const b = this.timeAt(x);
    if (a === null || b === null) return;
    if (Math.abs(x - p.x) >= DRAG_PX && a !== b) this.host.zoomTo(Math.min(a, b), Math.max(a, b));
    else this.host.pick(b);
  }

  private endPress(): void {
    if (this.press && this.box.hasPointerCapture?.(this.press.id)) this.box.releasePointerCapture(this.press.id);
    this.press = null;
    this.band.hidden = true;
  }
}
