// The timeline: tracks grouped by process, a time axis, slices drawn from level-of-detail render
// lists that the engine computes for the visible range and the visible tracks only.
//
// Layout: a DOM label column (track and group names, readable and accessible) beside a canvas that
// stays in view (position: sticky) inside a natively scrolled body, and an axis canvas above.
// The parts: viewport.ts (the visible range), layout.ts (rows), frame-loop.ts (render lists and
// frames), frame.ts + paint.ts + overlays.ts + axis.ts (drawing), hit-test.ts, hover.ts,
// tooltip.ts, clicks.ts, reveal.ts (bringing a slice into view), input.ts, marks.ts (search and
// exact highlights, M spans), selection.ts, toolbar.ts (the DOM around the canvas), track-state.ts
// (pinned, hidden, collapsed tracks and the filter: `tracks`), keys.ts (every key and gesture)
// with key-sheet.ts, context-menu.ts with menus.ts, label-column.ts with splitter.ts,
// flow-filter.ts (the "all flows" box and the flow categories shown). Several profiles (a
// session) are drawn as one: session-tracks.ts makes the profile laid out (a band per member,
// on the session's clock), session-bar.ts the alignment and compact controls; the engine (the
// page's SessionEngine) fans each render list out to the members' engines and merges them.
//
// The root's `data-highlighted` is the number of slices marked exactly (an analysis row's), and
// `data-dimmed` whether the last frame drew unmarked slices dimmed (a search or such marks), and
// `data-flow-arrows` how many flow arrows it drew (all flows in view and the selection's).

import type { Engine, Profile, SliceInfo } from '../../engine/engine';
import type { SessionRouting } from '../../engine/session-engine';
import { onThemeChange } from '../../lib/theme';
import { NO_LOAD, type Scope } from '../../shell/scope';
import type { Member, Session } from '../../shell/session';
import type { View } from '../../shell/view';
import { type Selection, TimelineClicks } from './clicks';
import { LABEL_W } from './constants';
import { FlowFilter, pageFlowCategories } from './flow-filter';
import { drawFrame } from './frame';
import { FrameLoop, type ViewRequest } from './frame-loop';
import { type Hit, hitTest } from './hit-test';
import { TimelineHover } from './hover';
import { type InputHost, TimelineInput } from './input';
import { KeySheet } from './key-sheet';
import { LabelColumn } from './label-column';
import { type MemberBand, TrackLayout } from './layout';
import { SearchMarks, SpanMarks } from './marks';
import { TimelineMenus } from './menus';
import { focusRange, revealRange, scrollForLane, showLane } from './reveal';
import { TimelineSelection } from './selection';
import { type AlignChoice, SessionBar } from './session-bar';
import { COMPACT_FROM, sessionProfile, summaryTrack } from './session-tracks';
import { TimelineToolbar, timelineSkeleton } from './toolbar';
import { Tooltip } from './tooltip';
import { TrackState } from './track-state';
import { Viewport } from './viewport';

export type { Selection };

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
  /** The whole range of the preview shown (null when none is): a view other than it was chosen. */
  private previewFit: { t0: number; t1: number } | null = null;
  /** A wheel's scroll position, applied by the next frame (scrollBy); null when none is waiting. */
  private pendingTop: number | null = null;
  /** The scroll position the last frame applied, until its scroll event comes (then ignored). */
  private appliedTop: number | null = null;
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
  private readonly menus: TimelineMenus;
  private readonly clicks: TimelineClicks;
  private readonly hovered: TimelineHover;
  /** Spans marked with M. */
  private readonly spans: SpanMarks;
  private readonly labelColumn: LabelColumn;
  /** Several profiles shown together (null for one): the members, their bands and the choices about them. */
  private session: {
    members: readonly Member[];
    order: number[];
    collapsed: Set<number>;
    compact: boolean;
    summary: Map<number, number>;
    titles: ReadonlyMap<number, string>;
    aligned: ReadonlySet<number> | null;
    bands: MemberBand[];
  } | null = null;
  private readonly sessionBar: SessionBar;

  /** `routing`: how the engine names several members' ids (without it, one profile is shown). */
  constructor(
    root: HTMLElement,
    engine: Engine,
    private readonly cb: TimelineCallbacks,
    emptyState: HTMLElement,
    private readonly routing: SessionRouting | null = null,
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

    this.sessionBar = new SessionBar((on) => this.setCompact(on));
    this.toolbar.root.append(this.sessionBar.root);
    const { main, corner, axis, scroll, body, labels, canvas } = timelineSkeleton();
    [this.axis, this.scroll, this.canvas] = [axis, scroll, canvas];
    this.tooltip = new Tooltip(engine);
    this.hovered = new TimelineHover(this.tooltip, () => this.requestDraw());
    this.spans = new SpanMarks((spans) => {
      this.toolbar.showMarks(spans);
      this.requestDraw();
    });
    this.empty = emptyState;
    this.labelColumn = new LabelColumn({ corner, labels, canvas, scroll }, () => this.requestDraw());
    main.append(this.labelColumn.handle);
    root.append(this.toolbar.root, main, this.tooltip.root, emptyState);

    this.layout = new TrackLayout(labels, body, this.tracks, {
      trackMenu: (track, x, y) => this.menus.trackMenu(track, x, y),
      memberToggle: (member) => this.toggleMember(member),
      memberMove: (member, by) => this.moveMember(member, by),
    });
    this.menus = new TimelineMenus({
      tracks: this.tracks,
      layout: this.layout,
      sliceName: (nameId) => this.loop.strings.get(nameId),
      findAll: (name) => this.cb.onFindAll?.(name),
      hideTooltip: () => this.hideTooltip(),
    });
    this.tracks.onChange(() => {
      this.toolbar.showFilter(this.tracks.filter());
      this.relayout();
      this.requestDraw();
      this.cb.onViewChange?.();
    });
    this.selection = new TimelineSelection(engine, () => this.requestDraw());
    this.clicks = new TimelineClicks({
      engine,
      viewport: this.viewport,
      selection: this.selection,
      scope: () => this.scope,
      result: () => this.loop.result,
      canvasWidth: () => this.canvasWidth(),
      setRange: (t0, t1) => this.setRange(t0, t1),
      zoomBy: (factor, at) => this.zoomBy(factor, at),
      requestDraw: () => this.requestDraw(),
      onSelect: (sel) => this.cb.onSelect(sel),
    });
    this.loop = new FrameLoop(engine, {
      view: (width) => this.currentView(width),
      canvasWidth: () => this.canvasWidth(),
      draw: () => this.draw(),
    });
    this.input = new TimelineInput(this);
    this.labelColumn.setWidth(LABEL_W);
    this.showEmpty(true);

    new ResizeObserver(() => this.requestDraw()).observe(this.scroll);
    // devicePixelRatio changes (browser zoom, another screen) come with a resize event.
    window.addEventListener('resize', () => this.requestDraw());
    onThemeChange(() => this.requestDraw());
    this.scroll.addEventListener('scroll', () => {
      // The scroll a frame applied for the wheel (scrollBy) is drawn already.
      if (this.appliedTop !== null && Math.abs(this.scroll.scrollTop - this.appliedTop) < 1) {
        this.appliedTop = null;
        return;
      }
      this.appliedTop = null;
      this.tooltip.hide();
      this.requestDraw();
    });
  }

  // ---- lifecycle ----------------------------------------------------------------------------

  clear(): void {
    this.profile = null;
    this.previewFit = null;
    delete this.root.dataset.preview;
    this.session = null;
    this.sessionBar.hide();
    this.scope = NO_LOAD;
    this.loop.reset(NO_LOAD);
    this.selection.clear();
    this.flowFilter.reset();
    this.marks.clear();
    this.root.dataset.highlighted = '0';
    this.input.reset();
    this.hovered.reset();
    this.menus.close();
    this.keySheet.close();
    this.spans.clear();
    this.tracks.reset();
    this.pendingTop = null;
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
    this.loop.frameMark = 'pv:frame';
    this.previewFit = null;
    delete this.root.dataset.preview;
    this.viewport.reset(profile.start_ps, profile.end_ps);
    this.relayout();
    this.updateRangeText();
    this.showEmpty(false);
    this.requestDraw();
  }

  /**
   * Shows a preview of the part of a file read so far (Engine.open's previews) while the rest
   * streams in; the profile's own `load` replaces it. Only the timeline shows previews.
   */
  preview(profile: Profile, scope: Scope): void {
    // A later preview keeps a view the person chose on the one before; else it shows all.
    const fit = this.previewFit;
    const chosen = this.profile && fit && (this.viewport.t0 !== fit.t0 || this.viewport.t1 !== fit.t1) ? { t0: this.viewport.t0, t1: this.viewport.t1 } : null;
    this.load(profile, scope);
    this.previewFit = { t0: this.viewport.t0, t1: this.viewport.t1 };
    if (chosen) this.viewport.set(chosen.t0, chosen.t1);
    this.loop.frameMark = 'pv:preview-frame';
    // Read by tests: the timeline shows a preview of this many events.
    this.root.dataset.preview = String(profile.summary.events);
  }

  /**
   * Several profiles: every loaded member as a band of its own on one timeline, on the session's
   * clock (compact from COMPACT_FROM members on). One profile ('single') stays as `load` drew it.
   */
  loadSession(session: Session, scope: Scope): void {
    const loaded = session.members.filter((m) => m.profile !== null);
    if (session.kind === 'single' || loaded.length < 2 || !this.routing || !scope.current) return;
    this.session = {
      members: session.members,
      order: loaded.map((m) => m.index),
      collapsed: new Set(),
      compact: loaded.length >= COMPACT_FROM,
      summary: new Map(),
      titles: new Map(),
      aligned: null,
      bands: [],
    };
    this.sessionBar.show(this.session.compact);
    this.rebuildSession(true);
    if (this.session.compact) void this.findSummaries(scope);
  }

  /**
   * Sets the offset (ps) added to each member's times (member index → ps, from the job's
   * alignment); shown beside each member's label. Member 0 stays where it is: the others move
   * by their offset less member 0's. A member without one keeps its own times, and its label
   * says so.
   */
  setOffsets(offsets: Map<number, number>): void {
    if (!this.session || !this.routing) return;
    this.routing.setOffsets(offsets);
    this.session.aligned = new Set(offsets.keys());
    this.rebuildSession(false);
    this.cb.onViewChange?.();
  }

  /** Marks exactly the slices `sliceIds` of member `member` (their own ids), as `setHighlight` does. */
  highlight(member: number, sliceIds: number[]): void {
    const g = (id: number): number => (this.routing && this.session ? this.routing.globalId(member, id) : id);
    this.setHighlight(Uint32Array.from(sliceIds, g));
  }

  /** Scrolls member `member`'s band (its first track) into view; nothing when it is collapsed or absent. */
  revealMember(member: number): void {
    const band = this.session?.bands.find((b) => b.member === member);
    const track = band ? this.profile?.groups[band.from]?.tracks[0]?.id : undefined;
    if (track === undefined) return;
    const top = scrollForLane(this.layout, track, 0, this.scroll.scrollTop, this.scroll.clientHeight);
    if (top !== null) {
      this.pendingTop = null;
      this.scroll.scrollTop = top;
    }
  }

  /** The alignments the session offers (`current` chosen); `pick` is told the one the person picks. */
  setAlignChoices(choices: readonly AlignChoice[], current: number, pick: (value: unknown) => void, note = ''): void {
    if (this.session) this.sessionBar.setAlign(choices, current, pick, note);
  }

  /** The members' band labels ("rank 0 · host · file"), by member index. */
  setMemberTitles(titles: ReadonlyMap<number, string>): void {
    if (!this.session) return;
    this.session.titles = titles;
    this.rebuildSession(false);
  }

  /** One summary track per member (on), or every track (off). */
  setCompact(on: boolean): void {
    const s = this.session;
    if (!s || s.compact === on) return;
    s.compact = on;
    this.sessionBar.show(on);
    this.rebuildSession(false);
    if (on) void this.findSummaries(this.scope);
  }

  /** Lays out the members again (their bands, range and offsets); `fit`: the view shows all of it. */
  private rebuildSession(fit: boolean): void {
    const s = this.session;
    if (!s || !this.routing) return;
    const { profile, bands } = sessionProfile(s.members, this.routing, s);
    this.profile = profile;
    s.bands = bands;
    if (fit) this.viewport.reset(profile.start_ps, profile.end_ps);
    else {
      const { t0, t1 } = this.viewport;
      this.viewport.reset(profile.start_ps, profile.end_ps);
      this.viewport.set(t0, t1);
    }
    this.relayout();
    this.updateRangeText();
    this.requestDraw();
  }

  /** Each member's busiest slice track (asked of its engine) as its summary, when it has no steps. */
  private async findSummaries(scope: Scope): Promise<void> {
    const s = this.session;
    if (!s) return;
    await Promise.all(
      s.members.map(async (m) => {
        const p = m.profile;
        if (!p || s.summary.has(m.index)) return;
        const work = await m.engine.selection([], p.start_ps, p.end_ps, false).catch(() => null);
        const t = summaryTrack(p, work?.tracks ?? []);
        if (t !== null) s.summary.set(m.index, t);
      }),
    );
    if (scope.current && this.session === s && s.compact) this.rebuildSession(false);
  }

  private toggleMember(member: number): void {
    const s = this.session;
    if (!s) return;
    if (s.collapsed.has(member)) s.collapsed.delete(member);
    else s.collapsed.add(member);
    this.rebuildSession(false);
  }

  private moveMember(member: number, by: -1 | 1): void {
    const s = this.session;
    if (!s) return;
    const i = s.order.indexOf(member);
    const j = i + by;
    if (i < 0 || j < 0 || j >= s.order.length) return;
    [s.order[i], s.order[j]] = [s.order[j]!, s.order[i]!];
    this.rebuildSession(false);
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
    const r = revealRange(info);
    this.setRange(r.t0, r.t1);
    showLane(this.tracks, this.layout, info.track, info.lane);
    const top = scrollForLane(this.layout, info.track, info.lane, this.scroll.scrollTop, this.scroll.clientHeight);
    if (top !== null) {
      this.pendingTop = null;
      this.scroll.scrollTop = top;
    }
    this.clicks.selectSlice(info);
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

  /**
   * The time (ps) the axis counts from: the profile's start, or with several members the
   * session's earliest start on its clock. Times shown elsewhere (details, an area) count from it.
   */
  originPs(): number {
    return this.profile?.start_ps ?? 0;
  }

  visibleRange(): { t0: number; t1: number } {
    return { t0: this.viewport.t0, t1: this.viewport.t1 };
  }

  /** Selects counter sample `index` as a click on it does (its marker, and `onSelect`). */
  selectCounterSample(index: number): Promise<void> {
    return this.clicks.selectCounterSample(index);
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
    return Math.max(1, this.scroll.clientWidth - this.labelColumn.width);
  }

  /** F: zooms to the selected slice, else to the Shift + drag range, with a margin around it. */
  focusSelection(): void {
    const r = focusRange(this.selection);
    if (r) this.setRange(r.t0, r.t1);
  }

  /** M: marks the selected slice's span (M on a marked span clears it); `add` keeps the other marks. */
  markSelection(add: boolean): void {
    const s = this.selection.slice;
    if (!s) return;
    this.spans.toggle({ t0: s.start_ps, t1: s.start_ps + s.dur_ps }, add);
  }

  clearMarks(): boolean {
    return this.spans.clear();
  }

  showKeys(): void {
    this.menus.close();
    this.keySheet.show();
  }

  contextMenu(p: { x: number; y: number; clientX: number; clientY: number }): void {
    const row = this.layout.trackAt(p.y, this.scroll.scrollTop);
    this.menus.open(this.hitAt(p.x, p.y), row ? row.track.id : null, p.clientX, p.clientY);
  }

  /**
   * Scrolls the tracks by `dy` px. The render list of the scrolled view is asked for first and
   * the next frame applies the scroll with its draw: scrolling now would make the browser run a
   * frame before the list arrives (as a DOM write would, see setRange).
   */
  scrollBy(dy: number): void {
    const max = Math.max(0, this.scroll.scrollHeight - this.scroll.clientHeight);
    const from = this.top();
    const to = Math.max(0, Math.min(max, from + dy));
    if (to === from) return;
    this.pendingTop = to;
    this.tooltip.hide();
    this.requestDraw();
  }

  /** The tracks' scroll position, with a wheel's scroll not applied yet. */
  private top(): number {
    return this.pendingTop ?? this.scroll.scrollTop;
  }

  /**
   * Moves the view to `[a, b]`. The range text follows with the next frame: a DOM write now,
   * before the render list of the new view arrives, would make the browser run a frame first and
   * the list wait behind it (frame-loop.ts).
   */
  setRange(a: number, b: number): void {
    if (!this.profile || !this.viewport.set(a, b)) return;
    this.tooltip.hide();
    this.requestDraw();
    this.cb.onViewChange?.();
  }

  /** Restores the view `[a, b]` (from a link): as setRange, and the range text says it at once, before the page reports itself ready. */
  restoreRange(a: number, b: number): void {
    this.setRange(a, b);
    this.updateRangeText();
  }

  hideTooltip(): void {
    this.tooltip.hide();
  }

  hover(p: { x: number; y: number; clientX: number; clientY: number } | null): void {
    if (!p) {
      this.hovered.leave();
      return;
    }
    const trackName = (track: number): string | undefined => this.layout.tracks.get(track)?.info.name;
    const context = { strings: this.loop.strings, result: this.loop.result, base: this.profile?.start_ps ?? 0, trackName };
    this.hovered.at(this.hitAt(p.x, p.y), p.clientX, p.clientY, context, this.scope);
  }

  click(x: number, y: number): void {
    this.clicks.click(this.hitAt(x, y), x);
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

  // ---- layout and drawing -------------------------------------------------------------------

  private hitAt(x: number, y: number): Hit | null {
    const res = this.loop.result;
    if (!res) return null;
    const { a, b } = this.viewport.xform(res, this.canvasWidth());
    return hitTest(res, this.layout, x, y, this.scroll.scrollTop, a, b);
  }

  private showEmpty(on: boolean): void {
    this.empty.hidden = !on;
    this.root.classList.toggle('is-empty', on);
  }

  private relayout(): void {
    this.layout.build(this.profile, this.session?.bands ?? null);
    this.toolbar.showHidden(this.layout.hiddenTracks);
    this.loop.invalidate();
  }

  private currentView(width: number): ViewRequest | null {
    if (!this.profile) return null;
    const top = this.top();
    const trackIds = this.layout.visibleTrackIds(top, this.scroll.clientHeight);
    return { t0: this.viewport.t0, t1: this.viewport.t1, width, trackIds, flows: this.flowFilter.allFlows };
  }

  private draw(): void {
    if (this.pendingTop !== null) {
      this.scroll.scrollTop = this.pendingTop;
      this.appliedTop = this.scroll.scrollTop;
      this.pendingTop = null;
    }
    this.updateRangeText();
    drawFrame({
      root: this.root,
      canvas: this.canvas,
      axis: this.axis,
      width: this.canvasWidth(),
      height: Math.max(1, this.scroll.clientHeight),
      top: this.scroll.scrollTop,
      profile: this.profile,
      layout: this.layout,
      viewport: this.viewport,
      loop: this.loop,
      marks: this.marks,
      flowFilter: this.flowFilter,
      selection: this.selection,
      hovered: this.hovered.hit,
      spans: this.spans.spans,
    });
  }

  private updateRangeText(): void {
    const p = this.profile;
    this.toolbar.showRange(p ? { t0: this.viewport.t0, t1: this.viewport.t1, base: p.start_ps, tracks: this.layout.shownTracks } : null);
  }

  private updateSelectionText(): void {
    this.toolbar.showSelection(this.selection.range);
  }
}
