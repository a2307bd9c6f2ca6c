// The Query tab: SQL over the open profile's tables (docs/SCHEMA.md) in DuckDB-Wasm. On the tab's
// first display for a load it starts the SQL engine (load-engine.ts; nothing of it is fetched
// before), registers every loaded member's tables (`exportTables`, then `tableArrow` per table,
// the member's file name as the `profile` column; the members' tables of one name are one table),
// and lists them with their columns. The editor runs one statement (Run, or Ctrl/Cmd+Enter); a
// query's result stays in DuckDB and is shown a page at a time in the sortable table (CSV of the
// page shown; Parquet of the whole result); DuckDB's message shows under the editor on an error.
// A result with a `slice_id` column shows a row's slice on the timeline when the row is picked.

import type { Scope } from '../../shell/scope';
import { NO_LOAD } from '../../shell/scope';
import { loadedMembers, type Session } from '../../shell/session';
import type { Profile } from '../../engine/engine';
import { el } from '../../lib/dom';
import type { View } from '../../shell/view';
import { DataTable } from '../analysis/data-table';
import { EXAMPLES } from './examples';
import { loadSqlEngine } from './load-engine';
import { profileNames } from './profile-names';
import { sliceIdColumn, tableColumn } from './result-columns';
import type { SqlEngine, SqlResult, SqlRow, SqlTable } from './sql-types';

/** Rows fetched from DuckDB at a time (the table draws them 500 at a time). */
const QUERY_PAGE_ROWS = 2000;

export interface QueryHost {
  /** Selects slice `id` of session member `member` and shows it on the timeline. */
  showSlice(member: number, id: number): void;
}

/**
 * `document`'s panel state (`data-state` of the panel): `empty` (no profile), `loading` (the SQL
 * engine), `registering` (the tables), `ready`, `unavailable` (the engine did not load).
 */
type PanelState = 'empty' | 'loading' | 'registering' | 'ready' | 'unavailable';

const fmt = (n: number): string => n.toLocaleString('en-US');

export class QueryView implements View {
  private readonly tablesList: HTMLElement;
  private readonly editor: HTMLTextAreaElement;
  private readonly runButton: HTMLButtonElement;
  private readonly parquetButton: HTMLButtonElement;
  private readonly status: HTMLElement;
  private readonly error: HTMLElement;
  private readonly pager: HTMLElement;
  private readonly pagerText: HTMLElement;
  private readonly prev: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private readonly results: HTMLElement;

  private scope: Scope = NO_LOAD;
  private session: Session | null = null;
  private fileName = '';
  /** Whether this load's tables are registered (or being registered). */
  private started = false;
  private sql: SqlEngine | null = null;
  /** Whether DuckDB may hold tables or views (of an earlier load, or made by a statement). */
  private dbUsed = false;
  /** DuckDB calls, one after another (registration, queries, pages, Parquet). */
  private chain: Promise<unknown> = Promise.resolve();
  private result: SqlResult | null = null;
  private offset = 0;
  private rows: SqlRow[] = [];
  private names = new Map<string, number>();

  constructor(
    private readonly root: HTMLElement,
    private readonly host: QueryHost,
  ) {
    root.classList.add('query-panel');
    const side = el('aside', { class: 'query-side', 'aria-label': 'Tables' });
    side.append(el('h3', {}, 'Tables'));
    this.tablesList = el('div', { class: 'query-tables', 'data-testid': 'query-tables' });
    side.append(this.tablesList);

    const main = el('div', { class: 'query-main' });
    const bar = el('div', { class: 'an-toolbar' });
    const examples = el('select', { 'data-testid': 'query-examples', 'aria-label': 'Example queries' });
    examples.append(el('option', { value: '' }, 'Example queries…'));
    for (const [i, e] of EXAMPLES.entries()) examples.append(el('option', { value: String(i) }, e.title));
    examples.addEventListener('change', () => {
      const e = EXAMPLES[Number(examples.value)];
      if (e && examples.value !== '') this.editor.value = e.sql;
      examples.value = '';
      this.editor.focus();
    });
    this.runButton = el(
      'button',
      { type: 'button', class: 'btn btn-primary btn-small', 'data-testid': 'query-run', title: 'Run (Ctrl+Enter or ⌘+Enter)' },
      'Run',
    );
    this.runButton.addEventListener('click', () => this.run());
    this.parquetButton = el(
      'button',
      { type: 'button', class: 'btn btn-small', 'data-testid': 'query-parquet', title: 'The whole result as a Parquet file (written by DuckDB)' },
      'Download as Parquet',
    );
    this.parquetButton.addEventListener('click', () => this.downloadParquet());
    this.status = el('span', { class: 'an-count', 'data-testid': 'query-status', 'aria-live': 'polite' });
    bar.append(examples, this.runButton, this.parquetButton, this.status);

    this.editor = el('textarea', {
      class: 'query-editor',
      'data-testid': 'query-editor',
      'aria-label': 'SQL',
      spellcheck: 'false',
      autocomplete: 'off',
      rows: '8',
    });
    this.editor.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        this.run();
      }
    });
    this.error = el('pre', { class: 'query-error', 'data-testid': 'query-error', role: 'alert' });
    this.pager = el('div', { class: 'an-toolbar', 'data-testid': 'query-pager' });
    this.pagerText = el('span', { class: 'an-count', 'data-testid': 'query-count' });
    this.prev = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'query-prev' }, `Previous ${fmt(QUERY_PAGE_ROWS)}`);
    this.next = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'query-next' }, `Next ${fmt(QUERY_PAGE_ROWS)}`);
    this.prev.addEventListener('click', () => this.showPage(this.offset - QUERY_PAGE_ROWS));
    this.next.addEventListener('click', () => this.showPage(this.offset + QUERY_PAGE_ROWS));
    this.pager.append(this.pagerText, this.prev, this.next);
    this.results = el('div', { class: 'query-results' });
    main.append(bar, this.editor, this.error, this.pager, this.results);
    root.append(side, main);
    this.clear();
  }

  clear(): void {
    this.scope = NO_LOAD;
    this.session = null;
    this.fileName = '';
    this.started = false;
    this.editor.value = EXAMPLES[0]?.sql ?? '';
    this.tablesList.replaceChildren(el('p', { class: 'muted' }, 'Open a profile to query its tables with SQL.'));
    this.setState('empty');
    this.status.textContent = '';
    this.showError('');
    this.showResult(null);
  }

  load(profile: Profile, scope: Scope): void {
    this.scope = scope;
    this.fileName = profile.fileName;
    this.tablesList.replaceChildren(el('p', { class: 'muted' }, 'The tables are registered when this tab is first opened.'));
  }

  loadSession(session: Session, scope: Scope): void {
    if (scope.current) this.session = session;
  }

  show(): void {
    if (this.started || !this.scope.current) return;
    this.started = true;
    void this.start(this.scope);
  }

  /** Starts the SQL engine (first time only) and registers the session's tables. */
  private async start(scope: Scope): Promise<void> {
    if (!this.sql) {
      this.setState('loading');
      this.status.textContent = 'Loading the SQL engine (DuckDB-Wasm)…';
      try {
        this.sql = await loadSqlEngine();
      } catch (err) {
        if (!scope.current) return;
        // Offline before the engine was ever downloaded: say so; the next opening of the tab tries again.
        this.started = false;
        this.setState('unavailable');
        this.status.textContent = 'The SQL engine is not available.';
        this.showError(err instanceof Error ? err.message : String(err));
        return;
      }
    }
    const sql = this.sql;
    if (!scope.current) return;
    this.setState('registering');
    try {
      await this.queue(() => this.register(sql, scope));
    } catch (err) {
      // DuckDB itself failed (not one table): the editor stays usable with whatever is there.
      if (!scope.current) return;
      this.showError(`The tables could not be registered: ${err instanceof Error ? err.message : String(err)}`);
      this.setState('ready');
    }
  }

  /** Replaces DuckDB's tables with the session's; each table that fails is named, the others stay. */
  private async register(sql: SqlEngine, scope: Scope): Promise<void> {
    const started = performance.now();
    if (this.dbUsed) await sql.dropAll();
    this.dbUsed = true;
    const members = this.session ? loadedMembers(this.session) : [];
    const names = new Map(profileNames(members.map((m) => m.file)).map((n, i) => [members[i]?.index ?? i, n]));
    this.names = new Map([...names].map(([m, n]) => [n, m]));
    const created = new Set<string>();
    const problems: string[] = [];
    let bytes = 0;
    // Where the time goes: the profile's engine (tables built, IPC written) and DuckDB's inserts.
    let engineMs = 0;
    let insertMs = 0;
    for (const m of members) {
      const profile = names.get(m.index) ?? m.file;
      let tables: Array<{ name: string }>;
      try {
        const t0 = performance.now();
        tables = await m.engine.exportTables();
        engineMs += performance.now() - t0;
      } catch (err) {
        problems.push(`${profile}: ${err instanceof Error ? err.message : String(err)}`);
        continue;
      }
      for (const [i, t] of tables.entries()) {
        if (!scope.current) return;
        this.status.textContent = `Registering ${t.name} of ${profile} (${i + 1} of ${tables.length})…`;
        try {
          const t0 = performance.now();
          const ipc = await m.engine.tableArrow(t.name, profile);
          const t1 = performance.now();
          bytes += ipc.byteLength;
          await sql.insertArrow(t.name, ipc, created.has(t.name));
          engineMs += t1 - t0;
          insertMs += performance.now() - t1;
          created.add(t.name);
        } catch (err) {
          problems.push(`${profile} ${t.name}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }
    if (!scope.current) return;
    const ms = performance.now() - started;
    this.root.dataset.registerMs = String(Math.round(ms));
    this.showTables(await sql.tables());
    const who = members.length === 1 ? (names.get(members[0]?.index ?? 0) ?? this.fileName) : `${members.length} profiles`;
    this.status.textContent = `${created.size} tables of ${who} (${(bytes / 1e6).toFixed(1)} MB of Arrow) in ${fmt(Math.round(ms))} ms (tables ${fmt(Math.round(engineMs))} ms, DuckDB inserts ${fmt(Math.round(insertMs))} ms) · DuckDB ${sql.version}`;
    this.showError(problems.length > 0 ? `Some tables could not be registered:\n${problems.join('\n')}` : '');
    this.setState('ready');
  }

  private showTables(tables: readonly SqlTable[]): void {
    if (tables.length === 0) {
      this.tablesList.replaceChildren(el('p', { class: 'muted' }, 'No tables.'));
      return;
    }
    this.tablesList.replaceChildren(
      ...tables.map((t) => {
        const d = el('details', { class: 'query-table', 'data-testid': 'query-table', 'data-table': t.name });
        const summary = el('summary', {}, t.name);
        summary.append(el('span', { class: 'an-count' }, t.kind === 'view' ? ' view' : ` ${t.rows === null ? '' : fmt(t.rows)} rows`));
        const list = el('ul', { class: 'query-columns' });
        for (const c of t.columns) {
          const li = el('li', {}, c.name);
          li.append(el('span', { class: 'muted' }, ` ${c.type}`));
          list.append(li);
        }
        d.append(summary, list);
        return d;
      }),
    );
  }

  /** Runs the editor's statement after any still running (ignored while the tables are not ready). */
  private run(): void {
    const sql = this.sql;
    if (!sql || this.root.dataset.state !== 'ready') return;
    const text = this.editor.value;
    const scope = this.scope;
    this.showError('');
    this.status.textContent = 'Running…';
    delete this.root.dataset.queryMs;
    void this.queue(async () => {
      const started = performance.now();
      try {
        const result = await sql.run(text);
        const rows = await sql.page(0, QUERY_PAGE_ROWS);
        if (!scope.current) return;
        this.result = result;
        this.offset = 0;
        this.rows = rows;
        this.showResult(result);
        const ms = performance.now() - started;
        // A statement (CREATE VIEW, DROP, ...) may have changed the tables.
        if (!result.paged) this.showTables(await sql.tables());
        if (!scope.current) return;
        this.status.textContent = `${fmt(result.rows)} ${result.rows === 1 ? 'row' : 'rows'} in ${fmt(Math.round(ms))} ms`;
        this.root.dataset.queryMs = String(Math.round(ms));
      } catch (err) {
        if (!scope.current) return;
        this.status.textContent = 'The statement failed.';
        this.showError(err instanceof Error ? err.message : String(err));
      }
    });
  }

  /** Shows rows `[offset, offset + page)` of the result. */
  private showPage(offset: number): void {
    const sql = this.sql;
    const result = this.result;
    if (!sql || !result || offset < 0 || offset >= result.rows) return;
    const scope = this.scope;
    void this.queue(async () => {
      try {
        const rows = await sql.page(offset, QUERY_PAGE_ROWS);
        if (!scope.current || this.result !== result) return;
        this.offset = offset;
        this.rows = rows;
        this.showResult(result);
      } catch (err) {
        if (scope.current) this.showError(err instanceof Error ? err.message : String(err));
      }
    });
  }

  private showResult(result: SqlResult | null): void {
    this.parquetButton.disabled = !result?.paged;
    if (!result) {
      this.result = null;
      this.rows = [];
      this.pager.hidden = true;
      this.results.replaceChildren();
      return;
    }
    const last = Math.min(result.rows, this.offset + this.rows.length);
    this.pager.hidden = false;
    this.pagerText.textContent =
      result.rows === 0
        ? 'No rows.'
        : `Rows ${fmt(this.offset + 1)}–${fmt(last)} of ${fmt(result.rows)}${result.rows > this.rows.length ? ' (sorting, the filter and CSV apply to these rows; ORDER BY sorts them all)' : ''}`;
    this.prev.hidden = this.next.hidden = result.rows <= QUERY_PAGE_ROWS;
    this.prev.disabled = this.offset === 0;
    this.next.disabled = last >= result.rows;
    const slice = sliceIdColumn(result.columns);
    const rows = this.rows;
    const table = new DataTable(
      this.results,
      'query',
      result.columns.map(tableColumn),
      (i) => {
        const row = rows[i];
        const id = slice ? row?.[slice] : undefined;
        if (typeof id !== 'number') return;
        const member = typeof row?.profile === 'string' ? (this.names.get(row.profile) ?? 0) : 0;
        this.host.showSlice(member, id);
      },
      [],
      'query-row',
    );
    table.setRows(rows);
    if (slice) this.results.prepend(el('p', { class: 'muted' }, `Pick a row to show its slice (${slice}) on the timeline.`));
  }

  private downloadParquet(): void {
    const sql = this.sql;
    if (!sql || !this.result?.paged) return;
    this.parquetButton.disabled = true;
    void this.queue(async () => {
      try {
        const bytes = await sql.parquet();
        const a = document.createElement('a');
        a.href = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/vnd.apache.parquet' }));
        a.download = `${this.fileName.replace(/\.[^.]*$/, '') || 'query'}-query.parquet`;
        a.click();
        setTimeout(() => URL.revokeObjectURL(a.href), 1000);
      } catch (err) {
        this.showError(err instanceof Error ? err.message : String(err));
      } finally {
        this.parquetButton.disabled = !this.result?.paged;
      }
    });
  }

  private showError(message: string): void {
    this.error.textContent = message;
    this.error.hidden = message === '';
  }

  private setState(state: PanelState): void {
    this.root.dataset.state = state;
    this.editor.disabled = state !== 'ready';
    this.runButton.disabled = state !== 'ready';
    this.parquetButton.disabled = state !== 'ready' || !this.result?.paged;
  }

  /** Runs `task` after every DuckDB call queued before it. */
  private queue<T>(task: () => Promise<T>): Promise<T> {
    const next = this.chain.then(task, task);
    this.chain = next.catch(() => undefined);
    return next;
  }
}
