// The timeline: tracks grouped by process, a time axis, slices drawn from level-of-detail render
// lists that the engine computes for the visible range and the visible tracks only.
//
// Layout: a DOM label column (track and group names, readable and accessible) beside a canvas that
// stays in view (position: sticky) inside a natively scrolled body, and an axis canvas above.

import {
  COUNTER_ENTRY,
  INSTANT_STRIDE,
  SLICE_STRIDE,
  type Engine,
  type Profile,
  type RenderResult,
  type SliceInfo,
  type TrackInfo,
} from '../engine/engine';
import { counterTracksOf, drawCounterTrack, drawFlowArrows, formatValue, type FlowArrow } from '../canvas/counters';
import { fitCanvas } from '../canvas/hidpi';
import { MarkerPath } from '../canvas/markers';
import { ellipsize } from '../canvas/text';
import { colorForNameId } from '../lib/color';
import { clear, el, isTyping } from '../lib/dom';
import { formatCount, formatDuration, formatPreciseTime, formatTick, formatTimestamp, niceStep, tickDecimals } from '../lib/time';

const LABEL_W = 240;
const LANE_H = 20;
const TRACK_PAD = 3;
const GROUP_H = 26;
const AXIS_H = 26;
const MIN_SPAN_PS = 100;
const FONT = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/** Height of a counter track's chart. */
const COUNTER_H = 56;
/** Click tolerance around a counter sample, in pixels. */
const SAMPLE_HIT_PX = 4;
/** How long a frame waits for the render list of a new view before drawing the old one, ms. */
const STALE_MS = 16;
/** Slice box opacity: dimmed by a search, merged sub-pixel slices, one slice. */
const ALPHAS = [0.22, 0.75, 1] as const;

export type Selection = { kind: 'slice'; id: number } | { kind: 'instant'; index: number } | { kind: 'counter'; index: number };

export interface TimelineCallbacks {
  onSelect(sel: Selection | null): void;
  /** A time range chosen with Shift + drag (null when cleared). */
  onRangeSelect?(range: { t0: number; t1: number } | null): void;
}

interface GroupRow {
  type: 'group';
  y: number;
  h: number;
  index: number;
  name: string;
  trackCount: number;
}
interface TrackRow {
  type: 'track';
  y: number;
  h: number;
  group: number;
  track: TrackInfo;
}
type Row = GroupRow | TrackRow;

interface Hit {
  kind: 'slice' | 'merged' | 'instant' | 'counter';
  track: number;
  lane: number;
  x0: number;
  x1: number;
  id: number;
  count: number;
  nameId: number;
  /** Counter hits: the view of the render list the pixel column (id, -1 for the held sample) is in. */
  view?: { t0: number; t1: number; width: number };
}

export class TimelineView {
  private profile: Profile | null = null;
  private t0 = 0;
  private t1 = 1;
  private rows: Row[] = [];
  private trackRows = new Map<number, TrackRow>();
  private collapsed = new Set<number>();
  private strings = new Map<number, string>();
  private result: RenderResult | null = null;
  private inFlight = false;
  private lastKey = '';
  private frame = 0;
  private selected: SliceInfo | null = null;
  private selectedInstant: { track: number; x: number; t: number } | null = null;
  private hover: Hit | null = null;
  private searchQuery = '';
  /** Slices marked exactly by id (an analysis row's occurrences), instead of by name. */
  private highlight: Set<number> | null = null;
  private matchCache = new Map<number, boolean>();
  private drag: { x: number; t0: number; t1: number; moved: boolean; range: boolean } | null = null;
  /** Shift + drag selection, in ps. */
  private range: { t0: number; t1: number } | null = null;
  /** The clicked counter sample. */
  private selectedSample: { track: number; t: number; value: number } | null = null;
  /** Flows of the selected slice: the slice at the other end and the direction. */
  private selectedFlows: Array<{ dir: 'in' | 'out'; info: SliceInfo }> = [];
  private allFlows = false;
  private mouse: { x: number; y: number } | null = null;
  private generation = 0;
  /** Bench hook (bench/browser.mjs sets globalThis.pvBench): when the newest render list was requested. */
  private benchRequested = 0;
  /** How many track rows are shown (not in a collapsed group), formatted once per layout. */
  private shownTracks = '0';
  /** A microtask to ask for the render list of the current view is queued. */
  private requestQueued = false;
  /** A render list arrived since the last drawn frame. */
  private fresh = false;
  /** A draw was asked for and not done yet. */
  private drawWanted = false;
  /** The timer that gives up waiting for a render list (0: none). */
  private staleTimer = 0;

  private readonly root: HTMLElement;
  private readonly rangeText: HTMLElement;
  private readonly axis: HTMLCanvasElement;
  private readonly scroll: HTMLElement;
  private readonly body: HTMLElement;
  private readonly labels: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly tooltip: HTMLElement;
  private readonly empty: HTMLElement;
  private readonly toolbar: HTMLElement;
  private readonly selectionText: HTMLElement;

  constructor(
    root: HTMLElement,
    private readonly engine: Engine,
    private readonly cb: TimelineCallbacks,
    emptyState: HTMLElement,
  ) {
    this.root = root;
    root.classList.add('timeline');
    clear(root);

    this.toolbar = el('div', { class: 'tl-toolbar' });
    const fit = el('button', { type: 'button', class: 'btn btn-small', title: 'Zoom to fit (0 or F)', 'data-testid': 'zoom-fit' }, 'Fit');
    const zoomOut = el('button', { type: 'button', class: 'btn btn-small', title: 'Zoom out (S)', 'aria-label': 'Zoom out' }, '−');
    const zoomIn = el('button', { type: 'button', class: 'btn btn-small', title: 'Zoom in (W)', 'aria-label': 'Zoom in' }, '+');
    fit.addEventListener('click', () => this.zoomToFit());
    zoomIn.addEventListener('click', () => this.zoomBy(0.5));
    zoomOut.addEventListener('click', () => this.zoomBy(2));
    this.rangeText = el('span', { class: 'tl-range', 'data-testid': 'timeline-range' });
    const hint = el('span', { class: 'tl-hint' }, 'Wheel or W/S: zoom · drag or A/D: pan · Shift+drag: select a range · 0/F: fit · click: details');
    const flows = el('label', { class: 'tl-flows', title: 'Draw every flow arrow that touches the visible tracks' });
    const flowsBox = el('input', { type: 'checkbox', 'data-testid': 'flows-all' });
    flowsBox.addEventListener('change', () => {
      this.allFlows = flowsBox.checked;
      this.lastKey = '';
      this.requestDraw();
    });
    flows.append(flowsBox, document.createTextNode(' all flows'));
    this.selectionText = el('span', { class: 'tl-selection', 'data-testid': 'range-selection' });
    this.toolbar.append(fit, zoomOut, zoomIn, this.rangeText, flows, this.selectionText, hint);

    const head = el('div', { class: 'tl-head' });
    const corner = el('div', { class: 'tl-corner' }, 'Tracks');
    corner.style.width = `${LABEL_W}px`;
    this.axis = el('canvas', { class: 'tl-axis' });
    head.append(corner, this.axis);

    this.scroll = el('div', { class: 'tl-scroll' });
    this.body = el('div', { class: 'tl-body' });
    this.labels = el('div', { class: 'tl-labels', role: 'list', 'aria-label': 'Tracks' });
    this.labels.style.width = `${LABEL_W}px`;
    this.canvas = el('canvas', {
      class: 'tl-canvas',
      role: 'img',
      'aria-label': 'Timeline of slices (details of a clicked slice appear in the details panel)',
    });
    this.canvas.style.marginLeft = `${LABEL_W}px`;
    this.body.append(this.labels, this.canvas);
    this.scroll.append(this.body);

    this.tooltip = el('div', { class: 'tl-tooltip', role: 'tooltip' });
    this.tooltip.hidden = true;
    this.empty = emptyState;
    root.append(this.toolbar, head, this.scroll, this.tooltip, emptyState);
    this.showEmpty(true);

    new ResizeObserver(() => this.requestDraw()).observe(this.scroll);
    // devicePixelRatio changes (browser zoom, another screen) come with a resize event.
    window.addEventListener('resize', () => this.requestDraw());
    this.scroll.addEventListener('scroll', () => {
      this.hideTooltip();
      this.requestDraw();
    });
    this.canvas.addEventListener('wheel', (e) => this.onWheel(e), { passive: false });
    this.canvas.addEventListener('mousedown', (e) => this.onMouseDown(e));
    window.addEventListener('mousemove', (e) => this.onMouseMove(e));
    window.addEventListener('mouseup', (e) => this.onMouseUp(e));
    this.canvas.addEventListener('mouseleave', () => {
      this.mouse = null;
      if (this.hover) {
        this.hover = null;
        this.requestDraw();
      }
      this.hideTooltip();
    });
    document.addEventListener('keydown', (e) => this.onKey(e));
  }

  // ---- public API -------------------------------------------------------------------------

  setProfile(profile: Profile | null): void {
    this.generation++;
    this.profile = profile;
    this.strings = new Map();
    this.matchCache = new Map();
    this.result = null;
    this.lastKey = '';
    this.inFlight = false;
    this.fresh = false;
    this.selected = null;
    this.selectedInstant = null;
    this.selectedSample = null;
    this.selectedFlows = [];
    this.range = null;
    this.setHighlight(null);
    this.updateSelectionText();
    this.hover = null;
    this.collapsed = new Set();
    this.hideTooltip();
    if (profile) {
      this.t0 = profile.start_ps;
      this.t1 = Math.max(profile.end_ps, profile.start_ps + MIN_SPAN_PS);
    }
    this.scroll.scrollTop = 0;
    this.layout();
    this.updateRangeText();
    this.showEmpty(profile === null);
    this.requestDraw();
  }

  setSearch(query: string): void {
    const q = query.trim().toLowerCase();
    if (q === this.searchQuery) return;
    this.searchQuery = q;
    this.setHighlight(null);
    this.matchCache = new Map();
    this.requestDraw();
  }

  /**
   * Marks exactly the slices `ids` as the name search marks its matches (the rest dimmed); the
   * number marked is in the root's `data-highlighted`. A new search or profile clears it, as does
   * null. Merged boxes (several slices in one pixel) count as marked only through their drawn id.
   */
  setHighlight(ids: Uint32Array | null): void {
    this.highlight = ids && ids.length > 0 ? new Set(ids) : null;
    this.root.dataset.highlighted = String(this.highlight?.size ?? 0);
    this.requestDraw();
  }

  setSelected(info: SliceInfo | null): void {
    this.selected = info;
    this.selectedInstant = null;
    this.selectedSample = null;
    this.selectedFlows = [];
    this.requestDraw();
    if (info) this.loadFlows(info);
  }

  /** The Shift + drag range, if any. */
  selectedRange(): { t0: number; t1: number } | null {
    return this.range;
  }

  /** Fetches the flows of the selected slice and the slices at their other ends, to draw arrows. */
  private loadFlows(info: SliceInfo): void {
    const gen = this.generation;
    this.engine
      .sliceFlows(info.id)
      .then((links) => Promise.all(links.slice(0, 64).map((l) => this.engine.sliceInfo(l.other).then((o) => ({ dir: l.direction, info: o })))))
      .then((flows) => {
        if (gen !== this.generation || this.selected?.id !== info.id) return;
        this.selectedFlows = flows;
        this.requestDraw();
      })
      .catch(() => undefined);
  }

  /** Zooms to a slice (with context around it), scrolls its track into view and selects it. */
  reveal(info: SliceInfo): void {
    const p = this.profile;
    if (!p) return;
    const dur = Math.max(info.dur_ps, MIN_SPAN_PS);
    const span = Math.max(dur * 3, MIN_SPAN_PS * 10);
    const mid = info.start_ps + info.dur_ps / 2;
    this.setRange(mid - span / 2, mid + span / 2);
    const row = this.trackRows.get(info.track);
    if (row && this.collapsed.has(row.group)) {
      this.collapsed.delete(row.group);
      this.layout();
    }
    const r = this.trackRows.get(info.track);
    if (r) {
      const y = r.y + TRACK_PAD + info.lane * LANE_H;
      const top = this.scroll.scrollTop;
      const h = this.scroll.clientHeight;
      if (y < top + 4 || y + LANE_H > top + h - 4) this.scroll.scrollTop = Math.max(0, y - h / 3);
    }
    this.setSelected(info);
  }

  zoomToFit(): void {
    const p = this.profile;
    if (!p) return;
    this.setRange(p.start_ps, Math.max(p.end_ps, p.start_ps + MIN_SPAN_PS));
  }

  /** Multiplies the visible span by `factor` around time `at` (default: the centre). */
  zoomBy(factor: number, at?: number): void {
    if (!this.profile) return;
    const center = at ?? (this.t0 + this.t1) / 2;
    const f = (center - this.t0) / (this.t1 - this.t0);
    const span = (this.t1 - this.t0) * factor;
    this.setRange(center - f * span, center - f * span + span);
  }

  panBy(fraction: number): void {
    const span = this.t1 - this.t0;
    this.setRange(this.t0 + span * fraction, this.t1 + span * fraction);
  }

  visibleRange(): { t0: number; t1: number } {
    return { t0: this.t0, t1: this.t1 };
  }

  // ---- layout --------------------------------------------------------------------------------

  private showEmpty(on: boolean): void {
    this.empty.hidden = !on;
    this.root.classList.toggle('is-empty', on);
  }

  private setRange(a: number, b: number): void {
    const p = this.profile;
    if (!p) return;
    const lo = p.start_ps;
    const hi = Math.max(p.end_ps, p.start_ps + MIN_SPAN_PS);
    let span = Math.min(Math.max(b - a, MIN_SPAN_PS), hi - lo);
    if (!Number.isFinite(span) || span <= 0) span = hi - lo;
    let t0 = a + (b - a - span) / 2;
    if (t0 < lo) t0 = lo;
    if (t0 + span > hi) t0 = hi - span;
    if (t0 === this.t0 && t0 + span === this.t1) return;
    this.t0 = t0;
    this.t1 = t0 + span;
    this.hideTooltip();
    this.requestDraw();
  }

  private layout(): void {
    this.rows = [];
    this.trackRows = new Map();
    clear(this.labels);
    const p = this.profile;
    let y = 0;
    if (p) {
      p.groups.forEach((g, gi) => {
        const open = !this.collapsed.has(gi);
        const row: GroupRow = { type: 'group', y, h: GROUP_H, index: gi, name: g.name, trackCount: g.tracks.length };
        this.rows.push(row);
        const header = el('button', {
          type: 'button',
          class: 'tl-label tl-group',
          role: 'listitem',
          'aria-expanded': String(open),
          title: `${g.name} — ${g.tracks.length} track${g.tracks.length === 1 ? '' : 's'} (click to ${open ? 'collapse' : 'expand'})`,
        });
        header.style.top = `${y}px`;
        header.style.height = `${GROUP_H}px`;
        const caret = el('span', { class: 'tl-caret', 'aria-hidden': 'true' }, open ? '▾' : '▸');
        const name = el('span', { class: 'tl-group-name' }, g.name);
        const count = el('span', { class: 'tl-group-count' }, String(g.tracks.length));
        header.append(caret, name, count);
        header.addEventListener('click', () => {
          if (this.collapsed.has(gi)) this.collapsed.delete(gi);
          else this.collapsed.add(gi);
          this.layout();
          this.requestDraw();
        });
        this.labels.append(header);
        y += GROUP_H;
        for (const t of g.tracks) {
          const lanes = Math.max(1, t.lanes);
          const h = t.kind === 'counter' ? COUNTER_H + 2 * TRACK_PAD : lanes * LANE_H + 2 * TRACK_PAD;
          const tr: TrackRow = { type: 'track', y, h, group: gi, track: t };
          this.trackRows.set(t.id, tr);
          if (!open) continue;
          this.rows.push(tr);
          const label = el('div', {
            class: `tl-label tl-track${t.kind === 'counter' ? ' is-counter' : ''}`,
            role: 'listitem',
            'data-track-id': String(t.id),
            title: `${t.name}${t.lanes > 1 ? ` (${t.lanes} lanes)` : ''}${t.kind === 'counter' ? ' — counter' : ''}`,
          });
          label.style.top = `${y}px`;
          label.style.height = `${h}px`;
          const tn = el('span', { class: 'tl-track-name' }, t.name);
          label.append(tn);
          if (t.kind === 'counter') label.append(el('span', { class: 'tl-tag' }, 'counter'));
          this.labels.append(label);
          y += h;
        }
      });
    }
    this.body.style.height = `${y}px`;
    this.shownTracks = formatCount(this.rows.filter((r) => r.type === 'track').length);
    this.lastKey = '';
  }

  // ---- drawing -------------------------------------------------------------------------------

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
      this.maybeRequest(this.canvasWidth());
      this.scheduleFrame();
    });
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
    this.draw();
    if ('pvBench' in globalThis) performance.measure('pv:draw', { start: t });
  }

  private canvasWidth(): number {
    return Math.max(1, this.scroll.clientWidth - LABEL_W);
  }

  private visibleTrackIds(): number[] {
    const top = this.scroll.scrollTop;
    const bottom = top + this.scroll.clientHeight;
    const ids: number[] = [];
    for (const r of this.rows) {
      if (r.type === 'track' && r.y + r.h > top && r.y < bottom) ids.push(r.track.id);
    }
    return ids;
  }

  private maybeRequest(width: number): void {
    const p = this.profile;
    if (!p || this.inFlight) return;
    const ids = this.visibleTrackIds();
    const w = Math.round(width);
    const key = `${this.t0}|${this.t1}|${w}|${ids.join(',')}|${this.allFlows}`;
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.inFlight = true;
    const gen = this.generation;
    const requested = performance.now();
    this.engine
      .render({ trackIds: Uint32Array.from(ids), t0: this.t0, t1: this.t1, width: w, flows: this.allFlows })
      .then((r) => {
        if (gen !== this.generation) return;
        for (const [id, s] of r.strings) this.strings.set(id, s);
        this.result = r;
        this.fresh = true;
        this.benchRequested = requested;
        if ('pvBench' in globalThis) {
          performance.measure('pv:render', { start: requested });
          const w = r.work;
          if (w) {
            const back = performance.timeOrigin + performance.now() - w.sentAt;
            performance.mark('pv:work', { detail: { ...w, back, bytes: r.slices.byteLength + r.instants.byteLength + r.counters.byteLength, newStrings: r.strings.length } });
          }
        }
      })
      .catch(() => {
        // A load replaced the profile, or the worker restarted; the next frame asks again.
      })
      .finally(() => {
        if (gen === this.generation) {
          this.inFlight = false;
          this.requestDraw();
        }
      });
  }

  private nameMatches(nameId: number): boolean {
    let m = this.matchCache.get(nameId);
    if (m === undefined) {
      const s = this.strings.get(nameId);
      if (s === undefined) return false;
      m = s.toLowerCase().includes(this.searchQuery);
      this.matchCache.set(nameId, m);
    }
    return m;
  }

  /** Maps x from the render list's viewport to the current one (smooth pan/zoom while waiting). */
  private xform(width: number): { a: number; b: number } {
    const r = this.result;
    if (!r) return { a: 1, b: 0 };
    const { t0, t1, width: rw } = r.request;
    const scale = width / (this.t1 - this.t0);
    return { a: ((t1 - t0) / rw) * scale, b: (t0 - this.t0) * scale };
  }

  private draw(): void {
    const width = this.canvasWidth();
    const height = Math.max(1, this.scroll.clientHeight);
    const ctx = fitCanvas(this.canvas, width, height);
    const actx = fitCanvas(this.axis, width, AXIS_H);
    this.updateRangeText();
    if (!ctx || !actx) return;
    ctx.clearRect(0, 0, width, height);
    actx.clearRect(0, 0, width, AXIS_H);
    const p = this.profile;
    if (!p) return;

    const top = this.scroll.scrollTop;
    const scale = width / (this.t1 - this.t0);
    const xOf = (t: number): number => (t - this.t0) * scale;

    // Row backgrounds and group bands.
    for (const r of this.rows) {
      const y = r.y - top;
      if (y + r.h < 0 || y > height) continue;
      if (r.type === 'group') {
        ctx.fillStyle = '#eef1f6';
        ctx.fillRect(0, y, width, r.h);
        ctx.fillStyle = '#d5dbe5';
        ctx.fillRect(0, y + r.h - 1, width, 1);
      } else {
        ctx.fillStyle = '#e9ecf1';
        ctx.fillRect(0, y + r.h - 1, width, 1);
      }
    }

    // Grid lines and axis.
    this.drawAxis(actx, ctx, width, height);

    // Slices.
    const res = this.result;
    const marks = this.highlight;
    const searching = this.searchQuery.length > 0 || marks !== null;
    ctx.font = FONT;
    ctx.textBaseline = 'middle';
    if (res) {
      const { a, b } = this.xform(width);
      this.drawSlices(res.slices, a, b, top, width, height, searching, marks, ctx);

      this.drawInstants(res.instants, a, b, top, width, height, ctx);

      // Counter tracks: filled step charts with min/max per pixel column, scaled per track.
      this.drawCounters(res.counters, a, b, top, width, height, ctx);
      if (this.allFlows) this.drawFlowList(res.flows, top, width, height, ctx);
      // Bench hook: a frame showing a new render list (the first one after a load is the first frame).
      if (this.benchRequested && 'pvBench' in globalThis) performance.measure('pv:frame', { start: this.benchRequested });
      this.benchRequested = 0;
    }

    // Hover outline.
    const h = this.hover;
    if (h && h.kind !== 'instant' && h.kind !== 'counter') {
      const row = this.trackRows.get(h.track);
      if (row) {
        const { a, b } = this.xform(width);
        const x0 = a * h.x0 + b;
        const x1 = a * h.x1 + b;
        const y = row.y - top + TRACK_PAD + h.lane * LANE_H;
        ctx.strokeStyle = '#0f172a';
        ctx.globalAlpha = 0.55;
        ctx.lineWidth = 1;
        ctx.strokeRect(x0 + 0.5, y + 1.5, Math.max(x1 - x0 - 1, 1), LANE_H - 3);
        ctx.globalAlpha = 1;
      }
    }

    // Selection outline, from exact times (visible even where the slice was merged).
    const sel = this.selected;
    if (sel) {
      const row = this.trackRows.get(sel.track);
      if (row && !this.collapsed.has(row.group)) {
        const x0 = xOf(sel.start_ps);
        const x1 = Math.max(xOf(sel.start_ps + sel.dur_ps), x0 + 2);
        const y = row.y - top + TRACK_PAD + sel.lane * LANE_H;
        if (x1 >= -2 && x0 <= width + 2) {
          const cx0 = Math.max(x0, -2);
          const cx1 = Math.min(x1, width + 2);
          ctx.lineWidth = 2;
          ctx.strokeStyle = '#ffffff';
          ctx.strokeRect(cx0 - 1, y, cx1 - cx0 + 2, LANE_H);
          ctx.strokeStyle = '#1d4ed8';
          ctx.strokeRect(cx0 - 2, y - 1, cx1 - cx0 + 4, LANE_H + 2);
        }
      }
    }
    this.drawSelectedFlows(top, width, height, ctx);
    this.drawRange(width, height, ctx);
    const ss = this.selectedSample;
    if (ss) {
      const row = this.trackRows.get(ss.track);
      if (row && !this.collapsed.has(row.group)) {
        const x = xOf(ss.t);
        ctx.strokeStyle = '#1d4ed8';
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.moveTo(x, row.y - top + 1);
        ctx.lineTo(x, row.y - top + row.h - 1);
        ctx.stroke();
      }
    }
    const si = this.selectedInstant;
    if (si) {
      const row = this.trackRows.get(si.track);
      if (row) {
        const x = xOf(si.t);
        const y = row.y - top + 1;
        ctx.strokeStyle = '#1d4ed8';
        ctx.lineWidth = 2;
        ctx.strokeRect(x - 6, y - 1, 12, 10);
      }
    }
    // A view changed during the drawing (a resize seen by this frame's layout) is asked for now.
    this.maybeRequest(width);
  }

  /**
   * Slice boxes, batched by fill colour and opacity (setting fillStyle parses a colour string
   * each time), then search outlines, then labels for boxes wide enough to hold one.
   */
  private drawSlices(
    s: Float64Array,
    a: number,
    b: number,
    top: number,
    width: number,
    height: number,
    searching: boolean,
    marks: Set<number> | null,
    ctx: CanvasRenderingContext2D,
  ): void {
    // Keyed by name id × 3 + opacity class.
    const batches = new Map<number, { color: string; alpha: number; rects: number[] }>();
    const outlines: number[] = [];
    const labels: Array<{ x: number; y: number; w: number; nameId: number; dim: boolean }> = [];
    for (let i = 0; i + SLICE_STRIDE <= s.length; i += SLICE_STRIDE) {
      const row = this.trackRows.get(s[i]!);
      if (!row || this.collapsed.has(row.group)) continue;
      const lane = s[i + 1]!;
      const y = row.y - top + TRACK_PAD + lane * LANE_H;
      if (y + LANE_H < 0 || y > height) continue;
      let x0 = a * s[i + 2]! + b;
      let x1 = a * s[i + 3]! + b;
      if (x1 < 0 || x0 > width) continue;
      x0 = Math.max(x0, -1);
      x1 = Math.min(x1, width + 1);
      const w = Math.max(x1 - x0, 1);
      const count = s[i + 5]!;
      const nameId = s[i + 6]!;
      const dim = marks ? !marks.has(s[i + 4]!) : searching && !this.nameMatches(nameId);
      const opacity = dim ? 0 : count > 1 ? 1 : 2;
      const key = nameId * 3 + opacity;
      let batch = batches.get(key);
      if (!batch) {
        batch = { color: colorForNameId(nameId), alpha: ALPHAS[opacity]!, rects: [] };
        batches.set(key, batch);
      }
      batch.rects.push(x0, y + 1, w);
      if (searching && !dim) outlines.push(x0, y, w);
      if (w > 28 && count <= 1) labels.push({ x: x0, y, w, nameId, dim });
    }
    // fillRect per box (the canvas's fast path; one path of many rectangles rasterizes slower).
    for (const { color, alpha, rects } of batches.values()) {
      ctx.globalAlpha = alpha;
      ctx.fillStyle = color;
      for (let k = 0; k < rects.length; k += 3) ctx.fillRect(rects[k]!, rects[k + 1]!, rects[k + 2]!, LANE_H - 2);
    }
    ctx.globalAlpha = 1;
    if (outlines.length > 0) {
      ctx.strokeStyle = '#c2410c';
      ctx.lineWidth = 1.5;
      for (let k = 0; k < outlines.length; k += 3) {
        ctx.strokeRect(outlines[k]! + 0.75, outlines[k + 1]! + 1.75, Math.max(outlines[k + 2]! - 1.5, 0.5), LANE_H - 3.5);
      }
    }
    ctx.fillStyle = '#1b2230';
    for (const l of labels) {
      const name = this.strings.get(l.nameId);
      if (!name) continue;
      const text = ellipsize(ctx, name, l.w - 8);
      if (!text) continue;
      ctx.globalAlpha = l.dim ? 0.45 : 1;
      ctx.fillText(text, Math.max(l.x, 0) + 4, l.y + LANE_H / 2 + 0.5);
    }
    ctx.globalAlpha = 1;
  }

  /** Instants: small markers at the top of their track, all in one fill. */
  private drawInstants(ins: Float64Array, a: number, b: number, top: number, width: number, height: number, ctx: CanvasRenderingContext2D): void {
    const path = new MarkerPath();
    let track = -1;
    let y = 0;
    let shown = false;
    for (let i = 0; i + INSTANT_STRIDE <= ins.length; i += INSTANT_STRIDE) {
      // The list is grouped by track: its row is looked up once per track.
      if (ins[i] !== track) {
        track = ins[i]!;
        const row = this.trackRows.get(track);
        y = row ? row.y - top + 1 : 0;
        shown = row !== undefined && !this.collapsed.has(row.group) && y <= height && y + 8 >= 0;
      }
      if (!shown) continue;
      const x = a * ins[i + 1]! + b;
      if (x >= -4 && x <= width + 4) path.add(x, y);
    }
    ctx.fillStyle = '#475569';
    ctx.globalAlpha = 0.75;
    path.fill(ctx);
    ctx.globalAlpha = 1;
  }

  /** Draws every counter track of the render list. */
  private drawCounters(c: Float32Array, a: number, b: number, top: number, width: number, height: number, ctx: CanvasRenderingContext2D): void {
    const p = this.profile;
    if (!p) return;
    const endX = (p.end_ps - this.t0) * (width / (this.t1 - this.t0));
    for (const part of counterTracksOf(c)) {
      const row = this.trackRows.get(part.track);
      if (row && !this.collapsed.has(row.group)) {
        const y = row.y - top + TRACK_PAD;
        if (y + COUNTER_H >= 0 && y <= height) {
          drawCounterTrack(ctx, { entries: c, part, a, b, top: y, height: COUNTER_H, width, endX, colorKey: part.track });
        }
      }
    }
  }

  /** Vertical centre of lane `lane` of a track, in canvas pixels (null if hidden). */
  private laneY(track: number, lane: number, top: number): number | null {
    const row = this.trackRows.get(track);
    if (!row || this.collapsed.has(row.group)) return null;
    return row.y - top + TRACK_PAD + lane * LANE_H + LANE_H / 2;
  }

  /** Every flow arrow of the render list (the "all flows" toggle). */
  private drawFlowList(f: Float64Array, top: number, width: number, height: number, ctx: CanvasRenderingContext2D): void {
    const scale = width / (this.t1 - this.t0);
    const arrows: FlowArrow[] = [];
    for (let i = 0; i + 9 <= f.length; i += 9) {
      const y0 = this.laneY(f[i + 2]!, f[i + 3]!, top);
      const y1 = this.laneY(f[i + 6]!, f[i + 7]!, top);
      if (y0 === null || y1 === null) continue;
      arrows.push({ x0: (f[i + 4]! - this.t0) * scale, y0, x1: (f[i + 8]! - this.t0) * scale, y1, strong: false });
    }
    drawFlowArrows(ctx, arrows, width, height);
  }

  /** Arrows between the selected slice and the slices its flows lead to or come from. */
  private drawSelectedFlows(top: number, width: number, height: number, ctx: CanvasRenderingContext2D): void {
    const sel = this.selected;
    if (!sel || this.selectedFlows.length === 0) return;
    const scale = width / (this.t1 - this.t0);
    const x = (t: number): number => (t - this.t0) * scale;
    const ys = this.laneY(sel.track, sel.lane, top);
    if (ys === null) return;
    const arrows: FlowArrow[] = [];
    for (const { dir, info } of this.selectedFlows) {
      const yo = this.laneY(info.track, info.lane, top);
      if (yo === null) continue;
      if (dir === 'out') arrows.push({ x0: x(sel.start_ps + sel.dur_ps), y0: ys, x1: x(info.start_ps), y1: yo, strong: true });
      else arrows.push({ x0: x(info.start_ps + info.dur_ps), y0: yo, x1: x(sel.start_ps), y1: ys, strong: true });
    }
    drawFlowArrows(ctx, arrows, width, height);
  }

  /** The Shift + drag range, shaded. */
  private drawRange(width: number, height: number, ctx: CanvasRenderingContext2D): void {
    const r = this.range;
    if (!r) return;
    const scale = width / (this.t1 - this.t0);
    const x0 = Math.max(-1, (r.t0 - this.t0) * scale);
    const x1 = Math.min(width + 1, (r.t1 - this.t0) * scale);
    if (x1 < 0 || x0 > width) return;
    ctx.fillStyle = 'rgba(37, 99, 235, 0.10)';
    ctx.fillRect(x0, 0, Math.max(1, x1 - x0), height);
    ctx.fillStyle = 'rgba(37, 99, 235, 0.7)';
    ctx.fillRect(x0, 0, 1, height);
    ctx.fillRect(x1 - 1, 0, 1, height);
  }

  private updateSelectionText(): void {
    const r = this.range;
    this.selectionText.textContent = r ? `selection ${formatDuration(r.t1 - r.t0, 4)} (Shift+click clears)` : '';
  }

  private drawAxis(actx: CanvasRenderingContext2D, ctx: CanvasRenderingContext2D, width: number, height: number): void {
    const p = this.profile;
    if (!p) return;
    const span = this.t1 - this.t0;
    const step = niceStep(span, Math.max(2, Math.floor(width / 110)));
    const base = p.start_ps;
    const first = Math.ceil((this.t0 - base) / step) * step;
    const scale = width / span;
    actx.font = FONT;
    actx.textBaseline = 'middle';
    actx.fillStyle = '#f8fafc';
    actx.fillRect(0, 0, width, AXIS_H);
    actx.fillStyle = '#cbd5e1';
    actx.fillRect(0, AXIS_H - 1, width, 1);
    // Labels in the unit of the visible times when a few decimals suffice ("4.1061 s"); deeper
    // than that, the first tick carries the full time and the others an offset from it ("+20 ns").
    const magnitude = Math.max(Math.abs(this.t0 - base), Math.abs(this.t1 - base));
    const relative = tickDecimals(step, magnitude) > 4;
    const firstTick = first;
    let i = 0;
    for (let rel = first; rel <= this.t1 - base + step * 0.001; rel += step, i++) {
      const x = Math.round((rel + base - this.t0) * scale) + 0.5;
      ctx.fillStyle = '#eef1f5';
      ctx.fillRect(x - 0.5, 0, 1, height);
      actx.fillStyle = '#94a3b8';
      actx.fillRect(x - 0.5, AXIS_H - 8, 1, 8);
      const label = !relative
        ? formatTick(rel, step, magnitude)
        : i === 0
          ? formatPreciseTime(rel)
          : `+${formatTick(rel - firstTick, step, step)}`;
      actx.fillStyle = '#334155';
      if (x + 4 < width - 20) actx.fillText(label, x + 4, AXIS_H / 2 - 2);
      if (i > 1000) break;
    }
  }

  private updateRangeText(): void {
    const p = this.profile;
    if (!p) {
      this.rangeText.textContent = '';
      return;
    }
    const base = p.start_ps;
    const a = formatTimestamp(this.t0 - base);
    const b = formatTimestamp(this.t1 - base);
    const text = `${a} – ${b} · ${formatDuration(this.t1 - this.t0)} visible · ${this.shownTracks} tracks shown`;
    // Unchanged when only the hover or the render list changed: then no DOM write (and no
    // relayout of the toolbar).
    if (this.rangeText.textContent !== text) this.rangeText.textContent = text;
  }

  // ---- hit testing and interaction -----------------------------------------------------------

  private hitTest(x: number, yCanvas: number): Hit | null {
    const res = this.result;
    if (!res) return null;
    const y = yCanvas + this.scroll.scrollTop;
    let row: TrackRow | null = null;
    for (const r of this.rows) {
      if (r.type === 'track' && y >= r.y && y < r.y + r.h) {
        row = r;
        break;
      }
    }
    if (!row) return null;
    const width = this.canvasWidth();
    const { a, b } = this.xform(width);
    const trackId = row.track.id;
    if (row.track.kind === 'counter') return this.hitCounter(res, trackId, x, a, b);

    // Instants first: they sit on top of slices in the top 9 px of the track.
    if (y - row.y < 9) {
      const ins = res.instants;
      let best: Hit | null = null;
      let bestD = 5;
      for (let i = 0; i + INSTANT_STRIDE <= ins.length; i += INSTANT_STRIDE) {
        if (ins[i] !== trackId) continue;
        const xi = a * ins[i + 1]! + b;
        const d = Math.abs(xi - x);
        if (d <= bestD) {
          bestD = d;
          best = { kind: 'instant', track: trackId, lane: 0, x0: ins[i + 1]!, x1: ins[i + 1]!, id: ins[i + 2]!, count: ins[i + 3]!, nameId: -1 };
        }
      }
      if (best) return best;
    }

    const lane = Math.floor((y - row.y - TRACK_PAD) / LANE_H);
    if (lane < 0) return null;
    const s = res.slices;
    let best: Hit | null = null;
    let bestD = 3;
    for (let i = 0; i + SLICE_STRIDE <= s.length; i += SLICE_STRIDE) {
      if (s[i] !== trackId || s[i + 1] !== lane) continue;
      const x0 = a * s[i + 2]! + b;
      const x1 = a * s[i + 3]! + b;
      const d = x < x0 ? x0 - x : x > x1 ? x - x1 : 0;
      if (d < bestD || (d === 0 && bestD === 0 && x1 - x0 < (best ? best.x1 - best.x0 : Infinity))) {
        bestD = d;
        const id = s[i + 4]!;
        best = { kind: id >= 0 ? 'slice' : 'merged', track: trackId, lane, x0: s[i + 2]!, x1: s[i + 3]!, id, count: s[i + 5]!, nameId: s[i + 6]! };
      }
    }
    return best;
  }

  /** The pixel column of counter `track` under `x`, or the held value to its left. */
  private hitCounter(res: RenderResult, track: number, x: number, a: number, b: number): Hit | null {
    const c = res.counters;
    const part = counterTracksOf(c).find((p) => p.track === track);
    if (!part) return null;
    let best: Hit | null = null;
    let bestD = Infinity;
    for (let i = part.from; i < part.to; i += COUNTER_ENTRY) {
      const xi = c[i]! < 0 ? -Infinity : a * c[i]! + b;
      const d = Math.abs(xi - x);
      // Nearest column within the tolerance, else the last column at or left of x (its value holds).
      if (d <= SAMPLE_HIT_PX ? d < bestD : xi <= x && bestD > SAMPLE_HIT_PX) {
        bestD = d <= SAMPLE_HIT_PX ? d : bestD;
        best = {
          kind: 'counter',
          track,
          lane: 0,
          x0: c[i]!,
          x1: c[i]!,
          id: c[i]! < 0 ? -1 : Math.floor(c[i]!),
          count: 0,
          nameId: -1,
          view: res.request,
        };
      }
    }
    return best;
  }

  private localPoint(e: MouseEvent): { x: number; y: number } {
    const r = this.canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  private timeAtX(x: number): number {
    return this.t0 + (x / this.canvasWidth()) * (this.t1 - this.t0);
  }

  private onWheel(e: WheelEvent): void {
    if (!this.profile) return;
    const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? this.scroll.clientHeight : 1;
    const dx = e.deltaX * unit;
    const dy = e.deltaY * unit;
    if (e.altKey) {
      // Alt + wheel scrolls the tracks vertically.
      e.preventDefault();
      this.scroll.scrollTop += dy;
      return;
    }
    e.preventDefault();
    this.hideTooltip();
    if (e.shiftKey || Math.abs(dx) > Math.abs(dy)) {
      const px = Math.abs(dx) > Math.abs(dy) ? dx : dy;
      this.panBy(px / this.canvasWidth());
      return;
    }
    const { x } = this.localPoint(e);
    const factor = Math.exp(Math.max(-300, Math.min(300, dy)) * 0.002);
    this.zoomBy(factor, this.timeAtX(x));
  }

  private onMouseDown(e: MouseEvent): void {
    if (e.button !== 0 || !this.profile) return;
    e.preventDefault();
    const { x } = this.localPoint(e);
    this.drag = { x, t0: this.t0, t1: this.t1, moved: false, range: e.shiftKey };
    this.hideTooltip();
  }

  private onMouseMove(e: MouseEvent): void {
    if (!this.profile) return;
    const d = this.drag;
    const { x, y } = this.localPoint(e);
    if (d) {
      if (Math.abs(x - d.x) > 3) d.moved = true;
      if (d.moved && d.range) {
        const ta = d.t0 + (d.x / this.canvasWidth()) * (d.t1 - d.t0);
        const tb = this.timeAtX(Math.max(0, Math.min(this.canvasWidth(), x)));
        this.range = { t0: Math.min(ta, tb), t1: Math.max(ta, tb) };
        this.updateSelectionText();
        this.requestDraw();
      } else if (d.moved) {
        this.canvas.classList.add('is-dragging');
        const dt = ((x - d.x) / this.canvasWidth()) * (d.t1 - d.t0);
        this.setRange(d.t0 - dt, d.t1 - dt);
      }
      return;
    }
    if (e.target !== this.canvas) return;
    this.mouse = { x, y };
    const hit = this.hitTest(x, y);
    const same =
      hit && this.hover && hit.kind === this.hover.kind && hit.id === this.hover.id && hit.x0 === this.hover.x0 && hit.track === this.hover.track;
    if (!same) {
      this.hover = hit;
      this.requestDraw();
    }
    if (hit) {
      const key = `${hit.kind}:${hit.id}:${hit.track}:${hit.lane}:${hit.x0}`;
      this.showTooltip(hit, e.clientX, e.clientY, key !== this.tipKey);
      this.tipKey = key;
    } else this.hideTooltip();
  }

  private onMouseUp(e: MouseEvent): void {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    this.canvas.classList.remove('is-dragging');
    if (d.range) {
      if (!d.moved) this.range = null;
      this.updateSelectionText();
      this.requestDraw();
      this.cb.onRangeSelect?.(this.range);
      return;
    }
    if (d.moved || !this.profile) return;
    const { x, y } = this.localPoint(e);
    const hit = this.hitTest(x, y);
    if (hit?.kind === 'counter') {
      this.clickCounter(hit.track, x);
      return;
    }
    this.clickHit(hit);
  }

  /** Selects the sample of counter `track` nearest the click (or the one whose value holds there). */
  private clickCounter(track: number, x: number): void {
    const t = this.timeAtX(x);
    const tolerance = (SAMPLE_HIT_PX * (this.t1 - this.t0)) / this.canvasWidth();
    const gen = this.generation;
    this.engine
      .counterSampleNear(track, t, tolerance)
      .then((index) => {
        if (gen !== this.generation || index < 0) return null;
        return this.engine.counterSample(index);
      })
      .then((sample) => {
        if (!sample || gen !== this.generation) return;
        this.selected = null;
        this.selectedInstant = null;
        this.selectedFlows = [];
        this.selectedSample = { track, t: sample.time_ps, value: sample.value };
        this.requestDraw();
        this.cb.onSelect({ kind: 'counter', index: sample.index });
      })
      .catch(() => undefined);
  }

  private clickHit(hit: Hit | null): void {
    if (!hit) {
      this.selected = null;
      this.selectedInstant = null;
      this.selectedSample = null;
      this.selectedFlows = [];
      this.requestDraw();
      this.cb.onSelect(null);
      return;
    }
    if (hit.kind === 'merged') {
      // A merged box stands for several sub-pixel slices: zoom into it.
      const r = this.result;
      if (!r) return;
      const { t0, t1, width } = r.request;
      const ps = (t1 - t0) / width;
      const a = t0 + hit.x0 * ps;
      const b = t0 + Math.max(hit.x1, hit.x0 + 1) * ps;
      const pad = (b - a) * 0.5;
      this.setRange(a - pad, b + pad);
      return;
    }
    if (hit.kind === 'instant') {
      if (hit.id < 0) {
        this.zoomBy(0.25, this.resultTime(hit.x0));
        return;
      }
      this.selected = null;
      this.selectedSample = null;
      this.selectedFlows = [];
      this.selectedInstant = { track: hit.track, x: hit.x0, t: this.resultTime(hit.x0) };
      this.requestDraw();
      this.cb.onSelect({ kind: 'instant', index: hit.id });
      return;
    }
    const gen = this.generation;
    this.engine
      .sliceInfo(hit.id)
      .then((info) => {
        if (gen !== this.generation) return;
        this.setSelected(info);
      })
      .catch(() => undefined);
    this.cb.onSelect({ kind: 'slice', id: hit.id });
  }

  private resultTime(x: number): number {
    const r = this.result;
    if (!r) return this.t0;
    return r.request.t0 + (x / r.request.width) * (r.request.t1 - r.request.t0);
  }

  private tooltipToken = 0;
  /** Which hit the tooltip describes ('' when hidden). */
  private tipKey = '';

  private showTooltip(hit: Hit, clientX: number, clientY: number, changed: boolean): void {
    const tip = this.tooltip;
    if (changed) {
      clear(tip);
      const token = ++this.tooltipToken;
      const title = el('div', { class: 'tt-name' });
      const line = el('div', { class: 'tt-meta' });
      tip.append(title, line);
      if (hit.kind === 'counter') {
        title.textContent = this.trackRows.get(hit.track)?.track.name ?? 'counter';
        line.textContent = '…';
        // The render list holds f32 values for drawing; the engine reads the column exactly.
        const v = hit.view;
        const gen = this.generation;
        if (v) {
          this.engine
            .counterColumn(hit.track, v.t0, v.t1, v.width, hit.id)
            .then((col) => {
              if (!col || gen !== this.generation || token !== this.tooltipToken) return;
              const at = col.samples === 0 ? 'held from before the view' : `at ${formatTimestamp(col.time_ps - (this.profile?.start_ps ?? 0))}`;
              line.textContent =
                col.samples > 1
                  ? `${formatCount(col.samples)} samples ${at} · min ${formatValue(col.min)} · max ${formatValue(col.max)} · last ${formatValue(col.last)}`
                  : `value ${formatValue(col.last)} ${at}${col.samples === 0 ? '' : ' · click for details'}`;
            })
            .catch(() => undefined);
        }
      } else if (hit.kind === 'instant') {
        title.textContent = hit.count > 1 ? `${formatCount(hit.count)} instant events` : 'Instant event';
        line.textContent = `at ${formatTimestamp(this.resultTime(hit.x0) - (this.profile?.start_ps ?? 0))}`;
      } else if (hit.kind === 'merged') {
        const first = this.strings.get(hit.nameId) ?? '';
        title.textContent = `${formatCount(hit.count)} slices`;
        line.textContent = `${first ? `first: ${first} · ` : ''}~${formatDuration(this.resultTime(hit.x1) - this.resultTime(hit.x0))} · click to zoom in`;
      } else {
        title.textContent = this.strings.get(hit.nameId) ?? '…';
        line.textContent = '…';
        const gen = this.generation;
        this.engine
          .sliceInfo(hit.id)
          .then((info) => {
            if (gen !== this.generation || token !== this.tooltipToken) return;
            const base = this.profile?.start_ps ?? 0;
            line.textContent = `start ${formatTimestamp(info.start_ps - base)} · duration ${formatDuration(info.dur_ps, 4)}`;
          })
          .catch(() => undefined);
      }
    }
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

  private hideTooltip(): void {
    this.tooltipToken++;
    this.tipKey = '';
    // Written only when shown: an input that moves the view then changes no DOM (which would
    // make the page render a frame before the render list's reply is handled).
    if (!this.tooltip.hidden) this.tooltip.hidden = true;
  }

  private onKey(e: KeyboardEvent): void {
    if (!this.profile || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
    if (this.root.offsetParent === null) return; // timeline tab hidden
    const at = this.mouse ? this.timeAtX(this.mouse.x) : undefined;
    switch (e.key.toLowerCase()) {
      case 'w':
        this.zoomBy(0.8, at);
        break;
      case 's':
        this.zoomBy(1.25, at);
        break;
      case 'a':
        this.panBy(-0.15);
        break;
      case 'd':
        this.panBy(0.15);
        break;
      case '0':
      case 'f':
        this.zoomToFit();
        break;
      default:
        return;
    }
    e.preventDefault();
  }
}
