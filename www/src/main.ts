// Composes the page: the engine (worker), the tab bar, the views in their registry, how they lead
// to one another, the ways to open a profile, the view kept in the URL hash and the colour theme.
// Each view's lifecycle is shell/view.ts's; the load itself is shell/loader.ts's.

import type { Align, OpenSource, SliceInfo } from './engine/engine';
import { EnginePool } from './engine/pool';
import { SessionEngine } from './engine/session-engine';
import { nameFromUrl } from './engine/worker-proxy';
import { $, el } from './lib/dom';
import { installTheme, setThemeChoice, themeChoice } from './lib/theme';
import { JobPlanner } from './shell/job';
import { Loader, setPageState } from './shell/loader';
import { MemberList } from './shell/member-list';
import { registerServiceWorker } from './shell/offline';
import { installOpenControls, urlSources } from './shell/open-controls';
import { pageViewState } from './shell/page-view-state';
import { Latest } from './shell/scope';
import { SelectionView } from './shell/selection';
import type { Session } from './shell/session';
import { TabBar } from './shell/tabs';
import { UrlSync } from './shell/url-sync';
import { ViewRegistry } from './shell/view';
import { CompareView } from './views/compare/compare-view';
import { installCompareWith } from './views/compare/compare-with';
import { ANALYSIS_TABS, AnalysisView } from './views/analysis/analysis-view';
import { CountersView } from './views/counters/counters-view';
import { DetailsView } from './views/details-view';
import { GraphView } from './views/graph-view';
import { HealthView } from './views/health-view';
import { MemoryView } from './views/memory/memory-view';
import { MlirView } from './views/mlir-view';
import { QueryView } from './views/query/query-view';
import { RanksView } from './views/ranks/ranks-view';
import { SearchView } from './views/search-view';
import { StatusView } from './views/status-view';
import { AreaPanel } from './views/selection/area-panel';
import { TimelineView } from './views/timeline/timeline-view';

/** The header's theme select: light, dark or the system's, remembered. */
function installThemeToggle(): void {
  installTheme();
  const select = $('[data-testid="theme-toggle"]') as HTMLSelectElement;
  select.value = themeChoice();
  select.addEventListener('change', () => {
    const v = select.value;
    setThemeChoice(v === 'light' || v === 'dark' ? v : 'system');
  });
}

function main(): void {
  installThemeToggle();
  // `?crash-test` and `?quick-previews` (end-to-end tests only) arm the worker's test hooks; see worker.ts.
  const params = new URLSearchParams(location.search);
  const hooks = ['crash-test', 'quick-previews'].filter((h) => params.has(h));
  const pool = new EnginePool(new URL(`./worker.js${hooks.length ? `?${hooks.join('&')}` : ''}`, import.meta.url));
  // The views' engine: member 0's calls, or routed to the member a slice or track belongs to.
  const engine = new SessionEngine(pool.primary);
  pool.primary.onMemory((bytes) => {
    document.body.dataset.wasmMemoryBytes = String(bytes);
  });

  const tabs = new TabBar($('nav.tabs'), $('main.workspace'));
  const views = new ViewRegistry(tabs);
  const status = new StatusView(
    {
      status: $('#status'),
      progress: $('#progress'),
      progressBar: $('#progress-bar'),
      progressText: $('#progress-text'),
      cancel: $('#cancel') as HTMLButtonElement,
      badge: $('[data-testid="health-badge"]') as HTMLButtonElement,
      health: $('#health-panel'),
    },
    () => loader.cancel(),
  );

  // The timeline tab: the timeline beside the details of the selected event.
  const timelineRoot = el('div', { 'data-testid': 'timeline', class: 'timeline' });
  const wrap = el('div', { class: 'timeline-wrap' });
  wrap.append(timelineRoot);
  const detailsRoot = el('aside', { class: 'details', 'data-testid': 'details', 'aria-label': 'Details of the selected event' });
  tabs.panel('timeline').append(wrap, detailsRoot);

  // The view in the URL hash: written as it changes, restored on the profile it was recorded for.
  let query = '';
  let dragRange: { t0: number; t1: number } | null = null;
  const timeline: TimelineView = new TimelineView(
    timelineRoot,
    engine,
    {
      onSelect: (sel) => {
        selection.select(sel);
        if (sel?.kind === 'slice') areaPanel.showSlice(sel.id);
      },
      onRangeSelect: (r) => {
        dragRange = r;
        areaPanel.setRange(r);
        if (r) counters.setRange(r.t0, r.t1);
        urlSync.changed();
      },
      onFindAll: (name) => search.find(name),
      onViewChange: () => {
        urlSync.changed();
        memory.timelineChanged();
      },
    },
    $('#empty-state'),
    engine,
  );
  // Under the timeline: the aggregates, call tree and steps of the area chosen on it.
  const areaPanel: AreaPanel = new AreaPanel(engine, {
    isHidden: (track) => timeline.tracks.isHidden(track),
    setRange: (t0, t1) => timeline.setRange(t0, t1),
    pickName: (name, longest) => {
      timeline.setSearch(name);
      selection.select({ kind: 'slice', id: longest });
    },
    originPs: () => timeline.originPs(),
  });
  wrap.append(areaPanel.root);
  const counterRoot = el('div', { class: 'counters-root' });
  tabs.panel('counters').append(counterRoot);
  const counters = new CountersView(counterRoot, engine, { visibleRange: () => timeline.visibleRange() });
  const telemetry = (id: number): void => {
    counters.showKernel(id);
    tabs.select('counters');
  };
  const healthRoot = el('div', { class: 'health-root' });
  tabs.panel('health').append(healthRoot);
  const health = new HealthView(
    healthRoot,
    engine,
    (id) => selection.reveal(id),
    (member, id) => engine.globalId(member, id),
  );

  // Member `member`'s [t0, t1] (its own trace time) on the session's clock, its band in view.
  const zoomToMember = (member: number, t0: number, t1: number): void => {
    const offset = engine.offsetOf(member);
    tabs.select('timeline');
    timeline.setRange(t0 + offset, t1 + offset);
    timeline.revealMember(member);
  };

  // Analysis tabs: picking a row highlights its occurrences (exactly, or by name) and jumps to the longest.
  const analysis: AnalysisView = new AnalysisView(
    engine,
    {
      showInGraph: (op, programId) => {
        void graph.reveal(op, programId, null).then((ok) => {
          if (ok) tabs.select('graph');
        });
      },
      highlight: (ids, longest) => {
        timeline.setSearch('');
        timeline.setHighlight(ids);
        tabs.select('timeline');
        if (longest !== null) selection.reveal(longest);
      },
      // Slices of several members: their ids on the session's (member m's id i is globalId(m, i)).
      highlightIn: (parts, longest) => {
        timeline.setSearch('');
        timeline.setHighlight(Uint32Array.from(parts.flatMap((p) => Array.from(p.ids, (id) => engine.globalId(p.member, id)))));
        tabs.select('timeline');
        if (longest) selection.reveal(engine.globalId(longest.member, longest.slice));
      },
      telemetry,
      zoomTo: (t0, t1) => {
        tabs.select('timeline');
        timeline.setRange(t0, t1);
      },
      zoomToOn: (member, t0, t1) => zoomToMember(member, t0, t1),
      jump: (name, longest) => {
        timeline.setSearch(name);
        tabs.select('timeline');
        if (longest !== null) selection.reveal(longest);
        else selection.revealFirstNamed(name);
      },
    },
    (tab) => tabs.panel(tab),
  );

  const selection: SelectionView = new SelectionView(engine, new DetailsView(detailsRoot), {
    sliceSelected: (id) => analysis.showSlice(id),
    sampleSelected: (t) => counters.setSampleTime(t),
    revealOnTimeline: (info: SliceInfo) => {
      tabs.select('timeline');
      timeline.reveal(info);
    },
    showInGraph: (op, programId, module) =>
      graph.reveal(op, programId, module).then((ok) => {
        if (ok) tabs.select('graph');
        return ok;
      }),
    telemetry,
    originPs: () => timeline.originPs(),
  });

  const search = new SearchView(
    $('[data-testid="search"]') as HTMLInputElement,
    $('#search-count'),
    $('#search-prev') as HTMLButtonElement,
    $('#search-next') as HTMLButtonElement,
    engine,
    {
      onQuery: (q) => {
        query = q;
        timeline.setSearch(q);
        urlSync.changed();
      },
      onMatch: (id) => selection.reveal(id),
    },
  );

  // The Memory tab: its chart follows the timeline's range and a drag on it sets the range; an
  // allocation's op is selected on the timeline.
  const memory: MemoryView = new MemoryView(tabs.panel('memory'), engine, {
    visibleRange: () => timeline.visibleRange(),
    zoomTo: (t0, t1) => timeline.setRange(t0, t1),
    selectSlice: (id) => {
      tabs.select('timeline');
      selection.reveal(id);
    },
  });

  const mlir = new MlirView(tabs.panel('mlir'), engine);
  // Graph view (HLO): graph node → its slices (found with the timeline's search), its HLO op
  // stats row, a custom call's kernel in the MLIR tab.
  const graph: GraphView = new GraphView(tabs.panel('graph'), engine, {
    showInTimeline: (op) => {
      tabs.select('timeline');
      search.find(op);
    },
    showOpStats: (op, programId) => {
      tabs.select('hlo-stats');
      void analysis.selectHloOp(op, programId);
    },
    openKernel: (title, load) => {
      tabs.select('mlir');
      void mlir.showKernel(title, load);
    },
  });

  // The Ranks tab of a job: its alignment's offsets put the members on one clock; a heat map cell
  // or a row shows that member's step or collective (its own trace time → the session's clock).
  // The job's alignment is chosen on the timeline or in the Ranks tab; both show the one chosen.
  // One merge per alignment picked (on the timeline or in the Ranks tab) serves both.
  let pickAlign: (align: Align) => void = () => undefined;
  const ranks = new RanksView(tabs.panel('ranks'), {
    setVisible: (on) => tabs.setHidden('ranks', !on),
    clock: () => planner.takeClock(),
    align: (align) => pickAlign(align),
    zoomTo: (member, t0, t1) => zoomToMember(member, t0, t1),
  });

  // Loaded in this order: the timeline asks for its first render list before the others ask anything.
  views.add(timeline, ['timeline']);
  // A job's clock on the timeline: its members' labels and the alignments it offers.
  views.add({
    clear: () => undefined,
    load: () => undefined,
    loadSession: (session, scope) => {
      if (session.kind === 'single') return;
      timeline.setMemberTitles(planner.memberTitles());
      const clock = session.kind === 'job' ? planner.takeClock() : null;
      if (!clock) return;
      timeline.setOffsets(clock.offsets);
      const merges = new Latest();
      const pick = (value: unknown): void => pickAlign(value as Align);
      pickAlign = (align) => {
        const current = merges.next(scope);
        void clock.realign(align).then(
          ({ offsets, report }) => {
            if (!current.current) return;
            timeline.setOffsets(offsets);
            const at = clock.choices.findIndex((c) => JSON.stringify(c.value) === JSON.stringify(align));
            if (at >= 0) timeline.setAlignChoices(clock.choices, at, pick);
            ranks.showMerge(report, align);
          },
          (err: unknown) => {
            if (current.current) ranks.showMergeError(err);
          },
        );
      };
      timeline.setAlignChoices(clock.choices, 0, pick);
    },
  });
  views.add(counters, ['counters']);
  views.add(health, ['health']);
  views.add(memory, ['memory']);
  views.add(analysis, ANALYSIS_TABS);
  views.add(selection);
  views.add(areaPanel);
  views.add(search);
  views.add(graph, ['graph']);
  views.add(mlir, ['mlir']);
  views.add(ranks, ['ranks']);
  // The Compare tab (two runs): "Compare with…" opens a file against the open one; a diff row
  // highlights its slices on both runs' timelines; the runs are aligned at a chosen step.
  const compareWith = installCompareWith($('#status'), (cand) => {
    const base = loader.sources()[0];
    if (base) void loader.openCompare(base, cand);
  });
  const compare = new CompareView(tabs.panel('compare'), compareWith, {
    setTabShown: (shown) => tabs.setHidden('compare', !shown),
    highlight: (slices) => {
      timeline.setSearch('');
      timeline.setHighlight(Uint32Array.from([...slices].flatMap(([m, ids]) => ids.map((id) => engine.globalId(m, id)))));
    },
    showTimeline: () => tabs.select('timeline'),
    setOffsets: (offsets) => timeline.setOffsets(offsets),
  });
  views.add(compare, ['compare']);
  // The Query tab: SQL over the profile's tables; a row with a slice id shows that slice.
  const queryView = new QueryView(tabs.panel('query'), {
    showSlice: (member, id) => selection.reveal(engine.globalId(member, id)),
  });
  views.add(queryView, ['query']);

  const nameOf = (s: OpenSource): string => (s.kind === 'file' ? s.file.name : (s.name ?? nameFromUrl(s.url)));
  const urlSync = new UrlSync(pageViewState({ timeline, selection, tabs, find: (q) => search.find(q), query: () => query, dragRange: () => dragRange }));
  selection.onChange(() => urlSync.changed());
  tabs.onSelect(() => urlSync.changed());
  views.add({
    clear: () => {
      query = '';
      dragRange = null;
    },
    load: () => undefined,
  });
  const planner = new JobPlanner();
  const sessionSink = {
    setSession: (session: Session) => {
      engine.setMembers(session.members);
      const clock = session.kind === 'job' ? planner.takeClock() : null;
      if (clock) engine.setOffsets(clock.offsets);
    },
  };
  const loader = new Loader(pool, views, status, tabs, nameOf, urlSync, sessionSink, new MemberList($('#members')), planner.plan);
  // A Chrome JSON file shows on the timeline while it streams in.
  loader.showPreviewsIn((p, scope) => {
    timeline.preview(p, scope);
    tabs.select('timeline');
  });
  installOpenControls((sources) => void loader.load(sources));

  engine.ready.then(
    () => {
      if (!loader.busy()) {
        status.idle();
        setPageState('idle');
      }
      const urls = urlSources(location.search);
      if (urls.length > 0) void loader.load(urls);
    },
    (err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      status.error(message);
      setPageState('error', message);
    },
  );
}

main();
registerServiceWorker();
