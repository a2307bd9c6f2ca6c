// The timeline: tracks grouped by process, a time axis, slices drawn from level-of-detail render
// lists that the engine computes for the visible range and the visible tracks only.
//
// Layout: a DOM label column (track and group names, readable and accessible) beside a canvas that
// stays in view (position: sticky) inside a natively scrolled body, and an axis canvas above.
// The parts: viewport.ts (the visible range), layout.ts (rows), frame-loop.ts (render lists and
// frames), paint.ts + overlays.ts + axis.ts (drawing), hit-test.ts, tooltip.ts, input.ts,
// marks.ts (search and exact highlights), selection.ts, toolbar.ts (the DOM around the canvas),
// track-state.ts (pinned, hidden, collapsed tracks and the filter: `tracks`), keys.ts (every key
// and gesture) with key-sheet.ts, context-menu.ts, splitter.ts, flow-filter.ts (the "all flows"
// box and the flow categories shown).
//
// The root's `data-highlighted` is the number of slices marked exactly (an analysis row's), and
// `data-dimmed` whether the last frame drew unmarked slices dimmed (a search or such marks), and
// `data-flow-arrows` how many flow arrows it drew (all flows in view and the selection's).

import type { Engine, Profile, SliceInfo } from '../../engine/engine';
import { fitCanvas } from '../../canvas/hidpi';
import { canvasColors, onThemeChange } from '../../lib/theme';
import { NO_LOAD, type Scope } from '../../shell/scope';
import type { View } from '../../shell/view';
import { paintAxis } from './axis';
import { AXIS_H, FOCUS_MARGIN, FONT, LABEL_MAX_W, LABEL_MIN_W, LABEL_W, LANE_H, MIN_SPAN_PS, SAMPLE_HIT_PX, TRACK_PAD } from './constants';
import { ContextMenu, type MenuItem } from './context-menu';
import { FlowFilter, pageFlowCategories } from './flow-filter';
import { FrameLoop, type ViewRequest } from './frame-loop';
import { type Hit, hitTest, sameHit } from './hit-test';
import { type InputHost, TimelineInput } from './input';
import { KeySheet } from './key-sheet';
import { TrackLayout } from './layout';
import { SearchMarks } from './marks';
import { paintHover, paintSelection, paintSpanMarks } from './overlays';
import { type PaintFrame, paintFlowList, paintList, paintRows } from './paint';
import { TimelineSelection } from './selection';
import { splitter } from './splitter';
import { TimelineToolbar, timelineSkeleton } from './toolbar';
import { Tooltip } from './tooltip';
import { TrackState } from './track-state';
import { Viewport, resultTime } from './viewport';

export type Selection = { kind: 'slice'; id: number } | { kind: 'instant'; index: number } | { kind: 'counter'; index: number };

export interface TimelineCallbacks {
  onSelect(sel: Selection | null): void;
  /** A time range chosen with Shift + drag (null when cleared). */
  onRangeSelect?(range: { t0: number; t1: number } | null): void;
  /** "Find all" of a slice's menu: search for slices named exactly `name`. */
  onFindAll?(name: string): void;
  /** The visible range or the track state (`tracks`) changed. */
  onViewChange?(): void;
}

export class TimelineView implements View, InputHost {
  readonly viewport = new Viewport();
  readonly root: HTMLElement;
  readonly canvas: HTMLCanvasElement;
  readonly scroll: HTMLElement;
  /** Pinned, hidden and collapsed tracks and the name filter; reset by `clear()`, followed by the layout. */
  readonly tracks = new TrackState();
  private profile: Profile | null = null;
  private scope: Scope = NO_LOAD;
  private hovered: Hit | null = null;
  private readonly marks = new SearchMarks();
  private readonly selection: TimelineSelection;
  private readonly loop: FrameLoop;
  private readonly layout: TrackLayout;
  private readonly input: TimelineInput;
  private readonly tooltip: Tooltip;
  private readonly toolbar: TimelineToolbar;
  private readonly flowFilter: FlowFilter;
  private readonly axis: HTMLCanvasElement;
  private readonly empty: HTMLElement;
  private readonly keySheet = new KeySheet();
  private readonly menu = new ContextMenu();
  /** Spans marked with M, in ps. */
  private spans: Array<{ t0: number; t1: number }> = [];
  private labelWidth = LABEL_W;
  private readonly labelEls: { corner: HTMLElement; labels: HTMLElement; handle: HTMLElement };

  constructor(
    root: HTMLElement,
    private readonly engine: Engine,
    private readonly cb: TimelineCallbacks,
    emptyState: HTMLElement,
  ) {
    this.root = root;
    root.classList.add('timeline');
    root.replaceChildren();
    this.flowFilter = new FlowFilter(pageFlowCategories(engine), (refetch) => {
      if (refetch) this.loop.invalidate();
      this.requestDraw();
    });
    this.toolbar = new TimelineToolbar(
      {
        fit: () => this.zoomToFit(),
        zoomBy: (f) => this.zoomBy(f),
        filter: (text) => this.tracks.setFilter(text),
        showHidden: () => this.tracks.showAllHidden(),
        keys: () => this.showKeys(),
      },
      this.flowFilter.root,
    );

    const { main, corner, axis, scroll, body, labels, canvas } = timelineSkeleton();
    [this.axis, this.scroll, this.canvas] = [axis, scroll, canvas];
    this.tooltip = new Tooltip(engine);
    this.empty = emptyState;
    const handle = splitter({
      width: () => this.labelWidth,
      setWidth: (w) => this.setLabelWidth(w),
      min: LABEL_MIN_W,
      max: () => Math.min(LABEL_MAX_W, this.scroll.clientWidth - 160),
      direction: 1,
      label: 'Width of the track names',
      testid: 'labels-splitter',
    });
    handle.classList.add('tl-labels-splitter');
    main.append(handle);
    this.labelEls = { corner, labels, handle };
    root.append(this.toolbar.root, main, this.tooltip.root, emptyState);

    this.layout = new TrackLayout(labels, body, this.tracks, {
      trackMenu: (track, x, y) => this.trackMenu(track, x, y),
    });
    this.tracks.onChange(() => {
      this.toolbar.showFilter(this.tracks.filter());
      this.relayout();
      this.requestDraw();
      this.cb.onViewChange?.();
    });
    this.selection = new TimelineSelection(engine, () => this.requestDraw());
    this.loop = new FrameLoop(engine, {
      view: (width) => this.currentView(width),
      canvasWidth: () => this.canvasWidth(),
      draw: () => this.draw(),
    });
    this.input = new TimelineInput(this);
    this.setLabelWidth(LABEL_W);
    this.showEmpty(true);

    new ResizeObserver(() => this.requestDraw()).observe(this.scroll);
    // devicePixelRatio changes (browser zoom, another screen) come with a resize event.
    window.addEventListener('resize', () => this.requestDraw());
    onThemeChange(() => this.requestDraw());
    this.scroll.addEventListener('scroll', () => {
      this.tooltip.hide();
      this.requestDraw();
    });
  }

  // ---- lifecycle ----------------------------------------------------------------------------

  clear(): void {
    this.profile = null;
    this.scope = NO_LOAD;
    this.loop.reset(NO_LOAD);
    this.selection.clear();
    this.flowFilter.reset();
    this.marks.clear();
    this.root.dataset.highlighted = '0';
    this.input.reset();
    this.hovered = null;
    this.tooltip.hide();
    this.menu.close();
    this.keySheet.close();
    this.spans = [];
    this.toolbar.showMarks(this.spans);
    this.tracks.reset();
    this.scroll.scrollTop = 0;
    this.relayout();
    this.updateSelectionText();
    this.updateRangeText();
    this.showEmpty(true);
    this.requestDraw();
  }

  load(profile: Profile, scope: Scope): void {
    this.profile = profile;
    this.scope = scope;
    this.loop.reset(scope);
    this.viewport.reset(profile.start_ps, profile.end_ps);
    this.relayout();
    this.updateRangeText();
    this.showEmpty(false);
    this.requestDraw();
  }

  // ---- public API -------------------------------------------------------------------------

  /** Marks the slices whose names contain `query` ('' : none), dimming the rest; clears exact marks. */
  setSearch(query: string): void {
    if (!this.marks.setQuery(query)) return;
    this.root.dataset.highlighted = '0';
    this.requestDraw();
  }

  /**
   * Marks exactly the slices `ids` as the name search marks its matches (the rest dimmed); the
   * number marked is in the root's `data-highlighted`. A new search or profile clears it, as does
   * null. Merged boxes (several slices in one pixel) count as marked only through their drawn id.
   */
  setHighlight(ids: Uint32Array | null): void {
    this.marks.setIds(ids);
    this.root.dataset.highlighted = String(this.marks.ids?.size ?? 0);
    this.requestDraw();
  }

  /** Zooms to a slice (with context around it), scrolls its track into view and selects it. */
  reveal(info: SliceInfo): void {
    if (!this.profile) return;
    const dur = Math.max(info.dur_ps, MIN_SPAN_PS);
    const span = Math.max(dur * 3, MIN_SPAN_PS * 10);
    const mid = info.start_ps + info.dur_ps / 2;
    this.setRange(mid - span / 2, mid + span / 2);
    this.showTrack(info.track, info.lane);
    const r = this.layout.trackRows.get(info.track);
    if (r && !r.pinned) {
      const y = r.y + TRACK_PAD + info.lane * LANE_H;
      const top = this.scroll.scrollTop + this.layout.pinnedHeight;
      const h = this.scroll.clientHeight - this.layout.pinnedHeight;
      if (y < top + 4 || y + LANE_H > top + h - 4) this.scroll.scrollTop = Math.max(0, y - this.layout.pinnedHeight - h / 3);
    }
    this.selectSlice(info);
  }

  /** Makes lane `lane` of `track` shown: unhidden, its group open, the filter cleared if it hides it, the track expanded. */
  private showTrack(track: number, lane: number): void {
    const t = this.layout.tracks.get(track);
    if (!t) return;
    const st = this.tracks;
    const change: Parameters<TrackState['set']>[0] = {};
    const v = st.get();
    if (st.isHidden(track)) change.hidden = v.hidden.filter((x) => x !== track);
    if (!st.isPinned(track)) {
      if (st.isGroupCollapsed(t.group)) change.collapsedGroups = v.collapsedGroups.filter((g) => g !== t.group);
      const f = st.filter().trim().toLowerCase();
      if (f && !t.info.name.toLowerCase().includes(f)) change.filter = '';
    }
    if (lane > 0 && st.isTrackCollapsed(track)) change.collapsedTracks = v.collapsedTracks.filter((x) => x !== track);
    if (Object.keys(change).length > 0) st.set(change);
  }

  zoomToFit(): void {
    if (!this.profile) return;
    const r = this.viewport.fitRange();
    this.setRange(r.t0, r.t1);
  }

  /** Multiplies the visible span by `factor` around time `at` (default: the centre). */
  zoomBy(factor: number, at?: number): void {
    if (!this.profile) return;
    const r = this.viewport.zoomed(factor, at);
    this.setRange(r.t0, r.t1);
  }

  panBy(fraction: number): void {
    const r = this.viewport.panned(fraction);
    this.setRange(r.t0, r.t1);
  }

  visibleRange(): { t0: number; t1: number } {
    return { t0: this.viewport.t0, t1: this.viewport.t1 };
  }

  /** Selects counter sample `index` as a click on it does (its marker, and `onSelect`). */
  async selectCounterSample(index: number): Promise<void> {
    const scope = this.scope;
    const sample = await this.engine.counterSample(index).catch(() => null);
    if (!sample || !scope.current) return;
    this.selection.selectSample({ track: sample.track, t: sample.time_ps, value: sample.value });
    this.requestDraw();
    this.cb.onSelect({ kind: 'counter', index: sample.index });
  }

  /** Asks for a frame (see FrameLoop.requestDraw). */
  requestDraw(): void {
    this.loop.requestDraw();
  }

  // ---- input (InputHost) --------------------------------------------------------------------

  hasProfile(): boolean {
    return this.profile !== null;
  }

  canvasWidth(): number {
    return Math.max(1, this.scroll.clientWidth - this.labelWidth);
  }

  /** F: zooms to the selected slice, else to the Shift + drag range, with a margin around it. */
  focusSelection(): void {
    const s = this.selection.slice;
    const r = s ? { t0: s.start_ps, t1: s.start_ps + s.dur_ps } : this.selection.range;
    if (!r) return;
    const pad = Math.max(r.t1 - r.t0, MIN_SPAN_PS) * FOCUS_MARGIN;
    this.setRange(r.t0 - pad, r.t1 + pad);
  }

  /** M: marks the selected slice's span (M on a marked span clears it); `add` keeps the other marks. */
  markSelection(add: boolean): void {
    const s = this.selection.slice;
    if (!s) return;
    const span = { t0: s.start_ps, t1: s.start_ps + s.dur_ps };
    const same = (m: { t0: number; t1: number }): boolean => m.t0 === span.t0 && m.t1 === span.t1;
    if (this.spans.some(same)) this.spans = this.spans.filter((m) => !same(m));
    else this.spans = add ? [...this.spans, span] : [span];
    this.toolbar.showMarks(this.spans);
    this.requestDraw();
  }

  clearMarks(): boolean {
    if (this.spans.length === 0) return false;
    this.spans = [];
    this.toolbar.showMarks(this.spans);
    this.requestDraw();
    return true;
  }

  showKeys(): void {
    this.menu.close();
    this.keySheet.show();
  }

  contextMenu(p: { x: number; y: number; clientX: number; clientY: number }): void {
    const hit = this.hitAt(p.x, p.y);
    const name = hit?.kind === 'slice' ? this.loop.strings.get(hit.nameId) : undefined;
    if (hit && name !== undefined) {
      const track = hit.track;
      const items: MenuItem[] = [
        { label: 'Copy name', id: 'copy-name', run: () => void navigator.clipboard?.writeText(name).catch(() => undefined) },
        { label: 'Find all', id: 'find-all', run: () => this.cb.onFindAll?.(name) },
        this.pinItem(track, 'Pin track'),
      ];
      this.menu.show(name, items, p.clientX, p.clientY);
      return;
    }
    const row = this.layout.trackAt(p.y, this.scroll.scrollTop);
    if (row) this.trackMenu(row.track.id, p.clientX, p.clientY);
  }

  /** Pin or unpin `track`, labelled `pinLabel` while it is not pinned. */
  private pinItem(track: number, pinLabel: string): MenuItem {
    const pinned = this.tracks.isPinned(track);
    return { label: pinned ? 'Unpin' : pinLabel, id: pinned ? 'unpin' : 'pin', run: () => this.tracks.setPinned(track, !pinned) };
  }

  /** The menu of track `track`'s label at page point (x, y): pin, hide, collapse or expand. */
  private trackMenu(track: number, x: number, y: number): void {
    const t = this.layout.tracks.get(track);
    if (!t) return;
    const items: MenuItem[] = [this.pinItem(track, 'Pin to top'), { label: 'Hide', id: 'hide', run: () => this.tracks.hide(track) }];
    if (t.info.lanes > 1 && t.info.kind !== 'counter') {
      const collapsed = this.tracks.isTrackCollapsed(track);
      items.push({
        label: collapsed ? 'Expand' : 'Collapse',
        id: collapsed ? 'expand' : 'collapse',
        run: () => this.tracks.setTrackCollapsed(track, !collapsed),
      });
    }
    this.hideTooltip();
    this.menu.show(t.info.name, items, x, y);
  }

  private setLabelWidth(w: number): void {
    this.labelWidth = w;
    const { corner, labels, handle } = this.labelEls;
    corner.style.width = `${w}px`;
    labels.style.width = `${w}px`;
    this.canvas.style.marginLeft = `${w}px`;
    handle.style.left = `${w - 3}px`;
    this.requestDraw();
  }

  setRange(a: number, b: number): void {
    if (!this.profile || !this.viewport.set(a, b)) return;
    this.tooltip.hide();
    this.requestDraw();
    this.cb.onViewChange?.();
  }

  hideTooltip(): void {
    this.tooltip.hide();
  }

  hover(p: { x: number; y: number; clientX: number; clientY: number } | null): void {
    if (!p) {
      if (this.hovered) {
        this.hovered = null;
        this.requestDraw();
      }
      this.tooltip.hide();
      return;
    }
    const hit = this.hitAt(p.x, p.y);
    if (!sameHit(hit, this.hovered)) {
      this.hovered = hit;
      this.requestDraw();
    }
    if (!hit) {
      this.tooltip.hide();
      return;
    }
    const trackName = (track: number): string | undefined => this.layout.tracks.get(track)?.info.name;
    const context = { strings: this.loop.strings, result: this.loop.result, base: this.profile?.start_ps ?? 0, trackName };
    this.tooltip.show(hit, p.clientX, p.clientY, context, this.scope);
  }

  click(x: number, y: number): void {
    const hit = this.hitAt(x, y);
    if (hit?.kind === 'counter') this.clickCounter(hit.track, x);
    else this.clickHit(hit);
  }

  dragRange(range: { t0: number; t1: number } | null): void {
    this.selection.range = range;
    this.updateSelectionText();
    this.requestDraw();
  }

  rangeChosen(range: { t0: number; t1: number } | null): void {
    this.dragRange(range);
    this.cb.onRangeSelect?.(range);
  }

  // ---- selection ----------------------------------------------------------------------------

  private selectSlice(info: SliceInfo | null): void {
    this.selection.selectSlice(info, this.scope);
    this.requestDraw();
  }

  private hitAt(x: number, y: number): Hit | null {
    const res = this.loop.result;
    if (!res) return null;
    const { a, b } = this.viewport.xform(res, this.canvasWidth());
    return hitTest(res, this.layout, x, y, this.scroll.scrollTop, a, b);
  }

  /** Selects the sample of counter `track` nearest the click (or the one whose value holds there). */
  private clickCounter(track: number, x: number): void {
    const width = this.canvasWidth();
    const t = this.viewport.timeAt(x, width);
    const tolerance = (SAMPLE_HIT_PX * (this.viewport.t1 - this.viewport.t0)) / width;
    const scope = this.scope;
    this.engine
      .counterSampleNear(track, t, tolerance)
      .then((index) => (!scope.current || index < 0 ? undefined : this.selectCounterSample(index)))
      .catch(() => undefined);
  }

  private clickHit(hit: Hit | null): void {
    const res = this.loop.result;
    const at = (x: number): number => resultTime(res, x, this.viewport.t0);
    if (!hit) {
      this.selection.clearEvent();
      this.requestDraw();
      this.cb.onSelect(null);
      return;
    }
    if (hit.kind === 'merged') {
      // A merged box stands for several sub-pixel slices: zoom into it.
      if (!res) return;
      const a = at(hit.x0);
      const b = at(Math.max(hit.x1, hit.x0 + 1));
      const pad = (b - a) * 0.5;
      this.setRange(a - pad, b + pad);
      return;
    }
    if (hit.kind === 'instant') {
      if (hit.id < 0) {
        this.zoomBy(0.25, at(hit.x0));
        return;
      }
      this.selection.selectInstant({ track: hit.track, x: hit.x0, t: at(hit.x0) });
      this.requestDraw();
      this.cb.onSelect({ kind: 'instant', index: hit.id });
      return;
    }
    const scope = this.scope;
    this.engine
      .sliceInfo(hit.id)
      .then((info) => {
        if (scope.current) this.selectSlice(info);
      })
      .catch(() => undefined);
    this.cb.onSelect({ kind: 'slice', id: hit.id });
  }

  // ---- layout and drawing -------------------------------------------------------------------

  private showEmpty(on: boolean): void {
    this.empty.hidden = !on;
    this.root.classList.toggle('is-empty', on);
  }

  private relayout(): void {
    this.layout.build(this.profile);
    this.toolbar.showHidden(this.layout.hiddenTracks);
    this.loop.invalidate();
  }

  private currentView(width: number): ViewRequest | null {
    if (!this.profile) return null;
    const top = this.scroll.scrollTop;
    const trackIds = this.layout.visibleTrackIds(top, this.scroll.clientHeight);
    return { t0: this.viewport.t0, t1: this.viewport.t1, width, trackIds, flows: this.flowFilter.allFlows };
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
    const dimmed = String(p !== null && this.marks.active());
    if (this.root.dataset.dimmed !== dimmed) this.root.dataset.dimmed = dimmed;
    if (!p) return;

    const pinnedH = Math.min(this.layout.pinnedHeight, height);
    const f: PaintFrame = { ctx, width, height, top: this.scroll.scrollTop, layout: this.layout, viewport: this.viewport, end: p.end_ps, pinned: false };
    const res = this.loop.result;
    const colors = canvasColors();
    // The scrolled rows, below the pinned area; then the pinned rows over the top.
    for (const pinned of [false, true]) {
      if (pinned && pinnedH === 0) continue;
      const fp: PaintFrame = { ...f, pinned };
      ctx.save();
      ctx.beginPath();
      if (pinned) ctx.rect(0, 0, width, pinnedH);
      else ctx.rect(0, pinnedH, width, height - pinnedH);
      ctx.clip();
      if (pinned) {
        ctx.fillStyle = colors.background;
        ctx.fillRect(0, 0, width, pinnedH);
      }
      paintRows(fp);
      paintAxis(actx, ctx, width, height, this.viewport, p.start_ps);
      ctx.font = FONT;
      ctx.textBaseline = 'middle';
      if (res) paintList(fp, res, this.loop.strings, this.marks);
      ctx.restore();
    }
    if (pinnedH > 0) {
      ctx.fillStyle = colors.axisTick;
      ctx.fillRect(0, pinnedH - 1, width, 1);
    }
    let arrows = 0;
    if (res) {
      if (this.flowFilter.allFlows) {
        this.flowFilter.allFlowsList(res.flows);
        arrows = paintFlowList(f, res.flows, (id) => this.flowFilter.showsFlow(id));
      }
      this.loop.listDrawn();
    }
    const { a, b } = this.viewport.xform(res, width);
    paintHover(f, this.hovered, a, b);
    this.flowFilter.selectionFlows(this.selection.flows);
    arrows += paintSelection(f, this.selection, (c) => this.flowFilter.showsCategory(c));
    if (this.root.dataset.flowArrows !== String(arrows)) this.root.dataset.flowArrows = String(arrows);
    ctx.font = FONT;
    paintSpanMarks(f, this.spans);
    this.loop.afterDraw(width);
  }

  private updateRangeText(): void {
    const p = this.profile;
    this.toolbar.showRange(p ? { t0: this.viewport.t0, t1: this.viewport.t1, base: p.start_ps, tracks: this.layout.shownTracks } : null);
  }

  private updateSelectionText(): void {
    this.toolbar.showSelection(this.selection.range);
  }
}
