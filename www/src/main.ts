// Wires the page: the engine (worker), the views, file picking / dropping / demo / ?url=, and the
// page state in document.body.dataset.state (idle → loading → ready | error; see CLI.md).

import { CancelledError, EngineError, type OpenSource, type Profile } from './engine/engine';
import { WorkerEngine, nameFromUrl } from './engine/worker-proxy';
import { $ } from './lib/dom';
import { DetailsView } from './views/details-view';
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
    const req = sel.kind === 'slice' ? engine.sliceDetails(sel.id) : engine.instantDetails(sel.index);
    req
      .then((d) => {
        if (token === selectToken) details.show(d, origin);
      })
      .catch((err: unknown) => {
        if (token === selectToken) details.error(`Could not read the details: ${err instanceof Error ? err.message : String(err)}`);
      });
  };

  const timeline = new TimelineView($('[data-testid="timeline"]'), engine, { onSelect: select }, $('#empty-state'));

  // Analysis tabs: picking a row highlights its occurrences (by name) and jumps to the longest.
  const showTab = (name: string): void => document.getElementById(`tab-${name}`)?.click();
  const revealSlice = (id: number): void => {
    engine
      .sliceInfo(id)
      .then((info) => {
        timeline.reveal(info);
        select({ kind: 'slice', id });
      })
      .catch(() => undefined);
  };
  const analysis = new AnalysisView(engine, {
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
    timeline.setProfile(null);
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
      timeline.setProfile(p);
      analysis.setProfile(true);
      const current = document.querySelector('[role="tab"][aria-selected="true"]')?.id.replace(/^tab-/, '');
      if (current && (ANALYSIS_TABS as string[]).includes(current)) analysis.show(current as AnalysisTab);
      details.setMetadata(Array.isArray(p.metadata) ? p.metadata : []);
      details.clear();
      search.setEnabled(true);
      status.ready(p);
      document.title = `${p.fileName} — Planeview`;
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
