// Wires the page: the engine (worker), the views, file picking / dropping / demo / ?url=, and the
// page state in document.body.dataset.state (idle → loading → ready | error; see CLI.md).

import { CancelledError, EngineError, type EventDetails, type OpenSource, type Profile } from './engine/engine';
import { WorkerEngine, nameFromUrl } from './engine/worker-proxy';
import { $, el } from './lib/dom';
import { CountersView } from './views/counters/counters-view';
import { DetailsView } from './views/details-view';
import { GraphView } from './views/graph-view';
import { HealthView } from './views/health-view';
import { MlirView } from './views/mlir-view';
import { SearchView } from './views/search-view';
import { StatusView } from './views/status-view';
import { TimelineView, type Selection } from './views/timeline-view';
import { ANALYSIS_TABS, type AnalysisTab, AnalysisView } from './views/analysis/analysis-view';

type PageState = 'idle' | 'loading' | 'ready' | 'error';

const DEMO_PATH = 'demo/tpu_inference_2.xplane.pb';

function setState(s: PageState, error = ''): void {
  document.body.dataset.state = s;
  const box = document.getElementById('empty-error');
  if (box) {
    box.textContent = error ? `Could not open it: ${error}` : '';
    box.hidden = error === '';
  }
}

/**
 * Registers the offline service worker (sw.js, beside this script; scope = the page's directory, so
 * it works under a sub-path). Service workers need a secure context (https or localhost).
 */
function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const start = (): void => {
    navigator.serviceWorker
      .register(new URL('./sw.js', import.meta.url), { scope: new URL('./', import.meta.url).href })
      .then(() => navigator.serviceWorker.ready)
      .then(() => {
        document.body.dataset.offline = 'ready';
      })
      .catch((err: unknown) => {
        console.warn(`Planeview: offline use is not available (${err instanceof Error ? err.message : String(err)})`);
      });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

function main(): void {
  // `?crash-test` (end-to-end tests only) arms the worker's crash hook; see worker.ts.
  const crashTest = new URLSearchParams(location.search).has('crash-test');
  const engine = new WorkerEngine(new URL(crashTest ? './worker.js?crash-test' : './worker.js', import.meta.url));
  engine.onMemory((bytes) => {
    document.body.dataset.wasmMemoryBytes = String(bytes);
  });

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
    () => cancel(),
  );
  const details = new DetailsView($('[data-testid="details"]'));
  const openTab = (name: string): void => ($(`[data-testid="tab-${name}"]`) as HTMLButtonElement).click();
  // Graph view (HLO): graph node → its slices, found with the timeline's search.
  const graph = new GraphView($('#panel-graph'), engine, {
    showInTimeline: (op) => {
      openTab('timeline');
      const input = $('[data-testid="search"]') as HTMLInputElement;
      input.value = op;
      input.dispatchEvent(new Event('input'));
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    },
    // Graph node → its HLO op stats row; custom call → its kernel in the MLIR tab.
    showOpStats: (op, programId) => {
      openTab('hlo-stats');
      void analysis.selectHloOp(op, programId);
    },
    openKernel: (title, load) => {
      openTab('mlir');
      void mlirView.showKernel(title, load);
    },
  });
  /** A slice that names an HLO instruction (XLA ops carry `hlo_module` / `program_id`) gets "Show in graph". */
  const offerGraphLink = (d: EventDetails): void => {
    const pid = d.args.program_id;
    const mod = d.args.hlo_module;
    if (pid === undefined && mod === undefined) return;
    const op = typeof d.args.hlo_op === 'string' ? d.args.hlo_op : d.name;
    const b = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'show-in-graph' }, 'Show in graph');
    b.addEventListener('click', () => {
      void graph.reveal(op, pid === undefined ? null : String(pid), typeof mod === 'string' ? mod : null).then((ok) => {
        if (ok) openTab('graph');
        else b.textContent = 'Not in any HLO module of this profile';
      });
    });
    $('[data-testid="details"]').appendChild(b);
  };

  let profile: Profile | null = null;
  let selectToken = 0;

  const select = (sel: Selection | null): void => {
    const token = ++selectToken;
    if (!sel) {
      details.clear();
      return;
    }
    const origin = profile?.start_ps ?? 0;
    if (sel.kind === 'slice') analysis.showSlice(sel.id);
    if (sel.kind === 'counter') {
      engine
        .counterSample(sel.index)
        .then((c) => {
          if (token !== selectToken) return;
          details.showCounterSample(c, origin);
          counters.setSampleTime(c.time_ps);
        })
        .catch((err: unknown) => {
          if (token === selectToken) details.error(`Could not read the sample: ${err instanceof Error ? err.message : String(err)}`);
        });
      return;
    }
    const req = sel.kind === 'slice' ? engine.sliceDetails(sel.id) : engine.instantDetails(sel.index);
    req
      .then((d) => {
        if (token !== selectToken) return;
        details.show(d, origin);
        offerGraphLink(d);
        if (sel.kind === 'slice') void showSliceExtras(sel.id, token, origin);
      })
      .catch((err: unknown) => {
        if (token === selectToken) details.error(`Could not read the details: ${err instanceof Error ? err.message : String(err)}`);
      });
  };

  const timeline = new TimelineView(
    $('[data-testid="timeline"]'),
    engine,
    {
      onSelect: select,
      onRangeSelect: (r) => {
        if (r) counters.setRange(r.t0, r.t1);
      },
    },
    $('#empty-state'),
  );

  // Counters area: the counters tab, the health tab, flows and telemetry in the details panel.
  /** Shows tab `name` (the tab buttons are `data-testid="tab-<name>"`). */
  const showTab = (name: string): void => $(`[data-testid="tab-${name}"]`).click();
  const counters = new CountersView($('#counters-root'), engine, { visibleRange: () => timeline.visibleRange() });
  /** Selects a slice and shows it in the timeline tab. */
  const revealSlice = (id: number): void => {
    engine
      .sliceInfo(id)
      .then((info) => {
        showTab('timeline');
        timeline.reveal(info);
        select({ kind: 'slice', id });
      })
      .catch(() => undefined);
  };
  const health = new HealthView($('#health-root'), engine, revealSlice);
  /** After a slice's details: its flows (to follow either way) and, with counters, its telemetry. */
  async function showSliceExtras(id: number, token: number, origin: number): Promise<void> {
    const links = await engine.sliceFlows(id).catch(() => []);
    if (token !== selectToken) return;
    details.showFlows(links, origin, (l) => revealSlice(l.other));
    if ((profile?.summary.counters ?? 0) > 0) {
      details.showTelemetryAction(() => {
        counters.showKernel(id);
        showTab('counters');
      });
    }
  }

  // Analysis tabs: picking a row highlights its occurrences (exactly, or by name) and jumps to the longest.
  const analysis = new AnalysisView(engine, {
    // HLO op row → graph node.
    showInGraph: (op, programId) => {
      void graph.reveal(op, programId, null).then((ok) => {
        if (ok) openTab('graph');
      });
    },
    highlight: (ids, longest) => {
      timeline.setSearch('');
      timeline.setHighlight(ids);
      showTab('timeline');
      if (longest !== null) revealSlice(longest);
    },
    telemetry: (id) => {
      counters.showKernel(id);
      showTab('counters');
    },
    jump: (name, longest) => {
      timeline.setSearch(name);
      showTab('timeline');
      if (longest !== null) revealSlice(longest);
      else
        engine
          .search(name, 1)
          .then((r) => {
            const first = r.ids[0];
            if (first !== undefined) revealSlice(first);
          })
          .catch(() => undefined);
    },
  });
  analysis.setProfile(false);

  const search = new SearchView(
    $('[data-testid="search"]') as HTMLInputElement,
    $('#search-count'),
    $('#search-prev') as HTMLButtonElement,
    $('#search-next') as HTMLButtonElement,
    engine,
    {
      onQuery: (q) => timeline.setSearch(q),
      onMatch: (id) => {
        engine
          .sliceInfo(id)
          .then((info) => {
            timeline.reveal(info);
            select({ kind: 'slice', id });
          })
          .catch(() => undefined);
      },
    },
  );

  const mlirView = new MlirView($('#panel-mlir'), engine);

  let loading = false;
  /** Identifies the newest load: an older one that ends (cancelled by the newer) changes nothing. */
  let loadToken = 0;
  /** The source of the newest load, to open again after an engine crash. */
  let lastSource: OpenSource | null = null;

  const offerRetry = (): void => {
    const source = lastSource;
    if (source) status.offerRetry('Try again with reduced detail', () => void load(source, true));
  };

  /** Opens `source`; `reducedDetail` imports it without args and stats (less memory). */
  async function load(source: OpenSource, reducedDetail = false): Promise<void> {
    const name = source.kind === 'file' ? source.file.name : (source.name ?? nameFromUrl(source.url));
    const token = ++loadToken;
    lastSource = source;
    loading = true;
    setState('loading');
    profile = null;
    selectToken++;
    graph.reset();
    timeline.setProfile(null);
    void mlirView.setProfile(null);
    counters.setProfile(null);
    health.clear();
    analysis.setProfile(false);
    details.setMetadata([]);
    details.clear();
    search.setEnabled(false);
    status.loading(name, null);
    try {
      const p = await engine.open(
        source,
        (prog) => {
          if (token === loadToken) status.loading(name, prog);
        },
        reducedDetail,
      );
      if (token !== loadToken) return;
      profile = p;
      loading = false;
      // Bench hook (bench/browser.mjs sets globalThis.pvBench): where the load's time went.
      if ('pvBench' in globalThis) {
        performance.measure('pv:load', { start: performance.now() - p.timings.totalMs, duration: p.timings.totalMs, detail: p.timings });
      }
      timeline.setProfile(p);
      counters.setProfile(p);
      // The worker answers in order: the health report (a pass over every slice) is asked for in
      // the next animation frame, after the timeline's request for its first render list.
      requestAnimationFrame(() => {
        if (token === loadToken) void health.load().catch(() => undefined);
      });
      analysis.setProfile(true);
      const current = document.querySelector('[role="tab"][aria-selected="true"]')?.id.replace(/^tab-/, '');
      if (current && (ANALYSIS_TABS as string[]).includes(current)) analysis.show(current as AnalysisTab);
      details.setMetadata(Array.isArray(p.metadata) ? p.metadata : []);
      details.clear();
      search.setEnabled(true);
      status.ready(p);
      document.title = `${p.fileName} — Planeview`;
      // An MLIR file has no timeline: open it in the MLIR tab.
      await mlirView.setProfile(p);
      if (token !== loadToken) return;
      showTab(p.summary.format === 'mlir' ? 'mlir' : 'timeline');
      setState('ready');
    } catch (err) {
      if (token !== loadToken) return;
      loading = false;
      if (err instanceof CancelledError) {
        status.idle('Loading cancelled. Drop a profile anywhere on the page, choose a file, or open the demo.');
        document.title = 'Planeview';
        setState('idle');
        return;
      }
      const message = err instanceof EngineError ? err.message : `${name}: ${err instanceof Error ? err.message : String(err)}`;
      status.error(message);
      document.title = 'Planeview';
      setState('error', message);
      if (err instanceof EngineError && err.kind === 'fatal') offerRetry();
    }
  }

  function cancel(): void {
    if (!loading) return;
    engine.cancel();
  }

  engine.onFatal((message) => {
    profile = null;
    timeline.setProfile(null);
    counters.setProfile(null);
    health.clear();
    analysis.setProfile(false);
    search.setEnabled(false);
    details.setMetadata([]);
    details.clear();
    status.error(message);
    setState('error', message);
    offerRetry();
  });

  // File picker.
  const input = $('input[type=file]') as HTMLInputElement;
  input.addEventListener('change', () => {
    const f = input.files?.[0];
    if (f) void load({ kind: 'file', file: f });
    input.value = '';
  });

  // Demo.
  $('[data-testid="open-demo"]').addEventListener('click', () => {
    void load({ kind: 'url', url: new URL(DEMO_PATH, document.baseURI).href, name: 'tpu_inference_2.xplane.pb' });
  });

  // Drag and drop anywhere on the page.
  let dragDepth = 0;
  const hasFiles = (e: DragEvent): boolean => Array.from(e.dataTransfer?.types ?? []).includes('Files');
  window.addEventListener('dragenter', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    dragDepth++;
    document.body.classList.add('is-dragging-file');
  });
  window.addEventListener('dragover', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
  });
  window.addEventListener('dragleave', () => {
    dragDepth = Math.max(0, dragDepth - 1);
    if (dragDepth === 0) document.body.classList.remove('is-dragging-file');
  });
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    dragDepth = 0;
    document.body.classList.remove('is-dragging-file');
    const f = e.dataTransfer?.files?.[0];
    if (f) void load({ kind: 'file', file: f });
  });

  // Tabs: the timeline and the analyses.
  for (const tab of Array.from(document.querySelectorAll<HTMLButtonElement>('[role="tab"]'))) {
    tab.addEventListener('click', () => {
      for (const t of Array.from(document.querySelectorAll<HTMLButtonElement>('[role="tab"]'))) {
        const on = t === tab;
        t.setAttribute('aria-selected', String(on));
        const panel = document.getElementById(t.getAttribute('aria-controls') ?? '');
        if (panel) panel.hidden = !on;
      }
      if (tab.dataset.testid === 'tab-graph' && profile) void graph.activate();
      const name = tab.id.replace(/^tab-/, '');
      if (profile && (ANALYSIS_TABS as string[]).includes(name)) analysis.show(name as AnalysisTab);
    });
  }

  engine.ready.then(
    () => {
      if (!loading) {
        status.idle();
        setState('idle');
      }
      const url = new URLSearchParams(location.search).get('url');
      if (url) void load({ kind: 'url', url });
    },
    (err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      status.error(message);
      setState('error', message);
    },
  );
}

main();
registerServiceWorker();
