// Opening a profile: every view cleared, the engine reads the source (with progress and cancel),
// then every view loads it, then the load hooks finish it (the view kept in the URL); the page
// state in document.body.dataset.state follows
// (idle → loading → ready | error; the page contract's states). An older load that ends after a
// newer one started changes nothing. After an engine crash the views are cleared and the status
// line offers to open the same source again with reduced detail.

import { CancelledError, type Engine, EngineError, type OpenSource, type Profile } from '../engine/engine';
import type { StatusView } from '../views/status-view';
import type { Scope } from './scope';
import type { TabBar } from './tabs';
import type { ViewRegistry } from './view';

export type PageState = 'idle' | 'loading' | 'ready' | 'error';

/** Sets the page state; `error` is shown on the empty state's card too. */
export function setPageState(s: PageState, error = ''): void {
  document.body.dataset.state = s;
  const box = document.getElementById('empty-error');
  if (box) {
    box.textContent = error ? `Could not open it: ${error}` : '';
    box.hidden = error === '';
  }
}

/** What else follows a load: told when the profile goes away, and asked to finish a load. */
export interface LoadHooks {
  /** The loaded profile is gone (a new load started, or the engine crashed). */
  unloaded(): void;
  /** The views have loaded `profile` within `scope`; the page is ready once this settles. */
  loaded(profile: Profile, scope: Scope): Promise<void>;
}

export class Loader {
  private loading = false;
  /** The source of the newest load, to open again after an engine crash. */
  private lastSource: OpenSource | null = null;

  constructor(
    private readonly engine: Engine,
    private readonly views: ViewRegistry,
    private readonly status: StatusView,
    private readonly tabs: TabBar,
    /** The display name of a source. */
    private readonly nameOf: (source: OpenSource) => string,
    private readonly hooks: LoadHooks,
  ) {
    engine.onFatal((message) => {
      this.hooks.unloaded();
      this.views.reset();
      this.loading = false;
      this.fail(message, true);
    });
  }

  /** Whether a load is in progress. */
  busy(): boolean {
    return this.loading;
  }

  /** Opens `source`; `reducedDetail` imports it without args and stats (less memory). */
  async load(source: OpenSource, reducedDetail = false): Promise<void> {
    const name = this.nameOf(source);
    this.hooks.unloaded();
    const scope = this.views.clear();
    this.lastSource = source;
    this.loading = true;
    setPageState('loading');
    this.status.loading(name, null);
    try {
      const p = await this.engine.open(
        source,
        (prog) => {
          if (scope.current) this.status.loading(name, prog);
        },
        reducedDetail,
      );
      if (!scope.current) return;
      this.loading = false;
      // Bench hook (bench/browser.mjs sets globalThis.pvBench): where the load's time went.
      if ('pvBench' in globalThis) {
        performance.measure('pv:load', { start: performance.now() - p.timings.totalMs, duration: p.timings.totalMs, detail: p.timings });
      }
      const loaded = this.views.load(p, scope);
      this.status.ready(p);
      document.title = `${p.fileName} — Planeview`;
      await loaded;
      if (!scope.current) return;
      // An MLIR file has no timeline: it opens in the MLIR tab; an HLO file in the graph tab.
      this.tabs.select(p.summary.format === 'mlir' ? 'mlir' : p.summary.format === 'hlo' ? 'graph' : 'timeline');
      await this.hooks.loaded(p, scope);
      if (!scope.current) return;
      setPageState('ready');
    } catch (err) {
      if (!scope.current) return;
      this.loading = false;
      if (err instanceof CancelledError) {
        this.views.reset();
        this.status.idle('Loading cancelled. Drop a profile anywhere on the page, choose a file, or open the demo.');
        document.title = 'Planeview';
        setPageState('idle');
        return;
      }
      const message = err instanceof EngineError ? err.message : `${name}: ${err instanceof Error ? err.message : String(err)}`;
      this.views.reset();
      this.fail(message, err instanceof EngineError && err.kind === 'fatal');
    }
  }

  /** Abandons the load in progress, if any. */
  cancel(): void {
    if (this.loading) this.engine.cancel();
  }

  private fail(message: string, retry: boolean): void {
    this.status.error(message);
    document.title = 'Planeview';
    setPageState('error', message);
    const source = this.lastSource;
    if (retry && source) this.status.offerRetry('Try again with reduced detail', () => void this.load(source, true));
  }
}
