// Opening profiles: every view cleared, the engines read the sources (with progress and cancel;
// several files each in an engine of its own, engine/pool.ts), then every view loads the session
// (member 0's profile, then the session), then the load hooks finish it (the view kept in the
// URL); the page state in document.body.dataset.state follows (idle → loading → ready | error;
// the page contract's states). One file is a 'single' session, opened exactly as before. Of
// several files, one that fails shows its error in the member list and the others load; the
// load fails only when none loads. An older load that ends after a newer one started changes
// nothing. After a crash of the page's engine the views are cleared and the status line offers to
// open the same sources again with reduced detail.

import { CancelledError, type Engine, EngineError, type LoadProgress, type OpenSource, type Profile } from '../engine/engine';
import type { EnginePool, MemberProgress } from '../engine/pool';
import type { StatusView } from '../views/status-view';
import type { MemberList } from './member-list';
import type { Scope } from './scope';
import type { Member, Session, SessionKind } from './session';
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

/** Where the page's views send their engine calls: told the members of each new session. */
export interface SessionSink {
  setSession(session: Session): void;
}

/**
 * Names and orders the members of a session of several files once they are read: their labels,
 * the kind, problems to show (files that claim the same rank, ...). The default keeps the files'
 * order and names them by file.
 */
export type SessionPlanner = (members: Member[], kind: SessionKind | null) => Promise<{ kind: SessionKind; members: Member[]; problems: string[] }>;

/** One file's session: `profile` in `engine`. */
function singleSession(engine: Engine, profile: Profile): Session {
  return { kind: 'single', members: [{ index: 0, file: profile.fileName, label: profile.fileName, engine, profile, error: null }] };
}

/** A member's error as one line. */
function errorLine(err: unknown, name: string): string {
  const text = err instanceof EngineError ? err.message : `${name}: ${err instanceof Error ? err.message : String(err)}`;
  return text.split('\n')[0] ?? text;
}

/** The loaded members first (in their order), the failed ones after; indices renumbered. */
export function loadedFirst(members: readonly Member[]): Member[] {
  const sorted = [...members.filter((m) => m.profile !== null), ...members.filter((m) => m.profile === null)];
  return sorted.map((m, index) => ({ ...m, index }));
}

/** The plain plan: the files in their order (failed ones last), labelled by file name. */
export const plainPlan: SessionPlanner = async (members, kind) => ({
  kind: kind ?? (members.length === 2 ? 'compare' : 'job'),
  members: loadedFirst(members),
  problems: [],
});

export class Loader {
  private loading = false;
  /** The sources of the newest load, to open again after an engine crash. */
  private lastSources: readonly OpenSource[] = [];
  private lastKind: SessionKind | null = null;
  /** The session shown (null before the first load and after a failed one). */
  private session: Session | null = null;
  /** Where previews of a single file streaming in are shown (none: no previews asked for). */
  private previewer: ((profile: Profile, scope: Scope) => void) | null = null;

  constructor(
    private readonly pool: EnginePool,
    private readonly views: ViewRegistry,
    private readonly status: StatusView,
    private readonly tabs: TabBar,
    /** The display name of a source. */
    private readonly nameOf: (source: OpenSource) => string,
    private readonly hooks: LoadHooks,
    private readonly sink: SessionSink,
    private readonly memberList: MemberList,
    private readonly plan: SessionPlanner = plainPlan,
  ) {
    pool.primary.onFatal((message) => {
      this.hooks.unloaded();
      this.views.reset();
      this.memberList.hide();
      this.loading = false;
      this.session = null;
      this.fail(message, true);
    });
  }

  /**
   * Shows previews of a single file while it streams in (Chrome JSON) with `show`, which gets
   * each preview and the load's scope; the views load the whole profile as usual once it is read.
   */
  showPreviewsIn(show: (profile: Profile, scope: Scope) => void): void {
    this.previewer = show;
  }

  /** Whether a load is in progress. */
  busy(): boolean {
    return this.loading;
  }

  /** The session shown, if any. */
  current(): Session | null {
    return this.session;
  }

  /** The sources of the newest load (member order as given). */
  sources(): readonly OpenSource[] {
    return this.lastSources;
  }

  /**
   * Opens `sources` together: one is a 'single' session; several a 'job' or a 'compare' (`kind`
   * forces one). `reducedDetail` imports without args and stats (less memory).
   */
  async load(sources: OpenSource | readonly OpenSource[], reducedDetail = false, kind: SessionKind | null = null): Promise<void> {
    const list = Array.isArray(sources) ? (sources as readonly OpenSource[]) : [sources as OpenSource];
    if (list.length === 0) return;
    this.lastSources = list;
    this.lastKind = kind;
    if (list.length === 1) await this.loadSingle(list[0]!, reducedDetail);
    else await this.loadMany(list, reducedDetail, kind);
  }

  /** Opens two runs side by side as a 'compare' session: `base` (member 0) and `cand`. */
  openCompare(base: OpenSource, cand: OpenSource): Promise<void> {
    return this.load([base, cand], false, 'compare');
  }

  /** One file, into the page's engine: the page as it always was. */
  private async loadSingle(source: OpenSource, reducedDetail: boolean): Promise<void> {
    const name = this.nameOf(source);
    const scope = this.begin();
    void this.pool.begin(1);
    this.status.loading(name, null);
    const engine = this.pool.primary;
    try {
      const previewer = this.previewer;
      const p = await this.pool.open(
        engine,
        source,
        (prog) => {
          if (!scope.current || prog.phase === 'queued') return;
          this.status.loading(name, prog);
          if (prog.preview && previewer) {
            // The preview answers from the page's engine: the views' calls go to it alone.
            const preview = prog.preview;
            this.sink.setSession(singleSession(engine, preview));
            previewer(preview, scope);
          }
        },
        reducedDetail,
        previewer !== null,
      );
      if (!scope.current) return;
      await this.show(singleSession(engine, p), scope);
    } catch (err) {
      this.failed(err, name, scope);
    }
  }

  /** Several files, each in an engine of its own, read in parallel (engine/pool.ts limits how many at once). */
  private async loadMany(sources: readonly OpenSource[], reducedDetail: boolean, kind: SessionKind | null): Promise<void> {
    const scope = this.begin();
    this.status.loading(`0/${sources.length} files`, null);
    const engines = await this.pool.begin(sources.length);
    if (!scope.current) return;
    // Cancelled while the engines started.
    if (engines.length < sources.length) {
      this.failed(new CancelledError(), `${sources.length} files`, scope);
      return;
    }
    const members: Member[] = sources.map((s, index) => ({
      index,
      file: this.nameOf(s),
      label: this.nameOf(s),
      engine: engines[index]!,
      profile: null,
      error: null,
    }));
    const progress: Array<MemberProgress | null> = members.map(() => null);
    let settled = 0;
    const report = (): void => {
      if (scope.current) this.status.loading(`${settled}/${members.length} files`, sumProgress(progress));
    };
    this.memberList.show({ kind: kind ?? 'job', members });
    report();
    const opens = Promise.all(
      sources.map(async (source, i) => {
        const m = members[i]!;
        try {
          m.profile = await this.pool.open(
            engines[i]!,
            source,
            (p) => {
              if (!scope.current) return;
              progress[i] = p;
              this.memberList.progress(i, p);
              report();
            },
            reducedDetail,
          );
          m.file = m.profile.fileName;
        } catch (err) {
          if (err instanceof CancelledError) throw err;
          m.error = errorLine(err, m.file);
        }
        settled++;
        if (scope.current) {
          this.memberList.setMember(m);
          report();
        }
      }),
    );
    try {
      await opens;
    } catch (err) {
      this.failed(err, `${members.length} files`, scope);
      return;
    }
    if (!scope.current) return;
    const loaded = members.filter((m) => m.profile !== null);
    if (loaded.length === 0) {
      this.loading = false;
      this.views.reset();
      this.memberList.show({ kind: kind ?? 'job', members });
      this.fail(`none of the ${members.length} files could be opened: ${members[0]?.error ?? ''}`, false);
      return;
    }
    const planned = await this.plan(members, kind).catch(() => plainPlan(members, kind));
    if (!scope.current) return;
    const session: Session = { kind: planned.kind, members: planned.members };
    this.memberList.show(session, planned.problems);
    // A member's engine that dies later takes only that member: its error shows in its place.
    for (const m of session.members) {
      if (m.engine === this.pool.primary) continue;
      m.engine.onFatal((message) => {
        if (!scope.current) return;
        m.profile = null;
        m.error = `${m.file}: ${message}`;
        this.memberList.setMember(m);
      });
    }
    await this.show(session, scope);
  }

  /** Starts a load: the previous session's views and hooks let go (its engines go in `pool.begin`). */
  private begin(): Scope {
    this.hooks.unloaded();
    const scope = this.views.clear();
    this.session = null;
    this.memberList.hide();
    this.loading = true;
    setPageState('loading');
    return scope;
  }

  /** The views load `session` (member 0 first), then the hooks finish it. */
  private async show(session: Session, scope: Scope): Promise<void> {
    const p = session.members[0]!.profile!;
    this.loading = false;
    this.session = session;
    this.sink.setSession(session);
    // Bench hook (bench/browser.mjs sets globalThis.pvBench): where the load's time went.
    if ('pvBench' in globalThis) {
      performance.measure('pv:load', { start: performance.now() - p.timings.totalMs, duration: p.timings.totalMs, detail: p.timings });
    }
    const loaded = this.views.load(p, session, scope);
    const loadedProfiles = session.members.flatMap((m) => (m.profile ? [m.profile] : []));
    this.status.ready(loadedProfiles, session.kind === 'single' ? null : `${session.members.length} files (${session.kind}), ${loadedProfiles.length} loaded`);
    document.title = `${session.kind === 'single' ? p.fileName : `${session.members.length} files`} — Planeview`;
    await loaded;
    if (!scope.current) return;
    // An MLIR file has no timeline: it opens in the MLIR tab; an HLO file in the graph tab.
    // Two runs side by side open in the Compare tab.
    this.tabs.select(session.kind === 'compare' ? 'compare' : p.summary.format === 'mlir' ? 'mlir' : p.summary.format === 'hlo' ? 'graph' : 'timeline');
    await this.hooks.loaded(p, scope);
    if (!scope.current) return;
    setPageState('ready');
  }

  /** A load that threw: cancelled (back to idle) or failed (the error shown). */
  private failed(err: unknown, name: string, scope: Scope): void {
    if (!scope.current) return;
    this.loading = false;
    if (err instanceof CancelledError) {
      this.views.reset();
      this.memberList.hide();
      this.status.idle('Loading cancelled. Drop a profile anywhere on the page, choose a file, or open the demo.');
      document.title = 'Planeview';
      setPageState('idle');
      return;
    }
    const message = err instanceof EngineError ? err.message : `${name}: ${err instanceof Error ? err.message : String(err)}`;
    this.views.reset();
    this.fail(message, err instanceof EngineError && err.kind === 'fatal');
  }

  /** Abandons the load in progress, if any. */
  cancel(): void {
    if (this.loading) this.pool.cancel();
  }

  private fail(message: string, retry: boolean): void {
    this.status.error(message);
    document.title = 'Planeview';
    setPageState('error', message);
    const sources = this.lastSources;
    const kind = this.lastKind;
    if (retry && sources.length > 0) this.status.offerRetry('Try again with reduced detail', () => void this.load(sources, true, kind));
  }
}

/** The progress of several files as one: bytes and events summed; importing once every file is. */
function sumProgress(all: ReadonlyArray<MemberProgress | null>): LoadProgress {
  let received = 0;
  let total = 0;
  let events = 0;
  let importing = true;
  for (const p of all) {
    if (!p || p.phase === 'queued') {
      importing = false;
      continue;
    }
    received += p.received;
    total += p.total ?? 0;
    events += p.events;
    if (p.phase !== 'importing') importing = false;
  }
  return { received, total: total > 0 ? total : null, events, phase: importing ? 'importing' : 'reading' };
}
