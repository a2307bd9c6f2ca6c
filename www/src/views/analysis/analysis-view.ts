// The analysis tabs: kernels, HLO op stats, op profile, framework ops, overview, roofline. Each
// computes on first display after a profile loads (in the engine), shows a sortable table or tree
// and a chart. Picking a row of the kernels, HLO op and framework op tables highlights exactly
// that row's occurrences on the timeline (their slice ids, from the engine) and jumps to the
// longest; rows of the other tables highlight by name. A slice selected on the timeline marks its
// row in the tables already shown. Tables take extra per-row buttons through `addRowAction`.
// In a job session (several ranks of one job) the tabs of `RANK_TABS` show a rank picker: every
// rank merged ("all ranks", rank-tables.ts) or one rank's own tables, from that rank's engine.

import type { AnalysisTool, Engine, Profile } from '../../engine/engine';
import { NO_LOAD, type Scope } from '../../shell/scope';
import type { TabName } from '../../shell/tabs';
import { type Session, loadedMembers } from '../../shell/session';
import type { View } from '../../shell/view';
import { formatDuration } from '../../lib/time';
import { drawChart } from './charts';
import { ROOFLINE_COLUMNS, TABLE_COLUMNS, TOP_OPS_COLUMNS } from './columns';
import { type Column, DataTable, type RowAction } from './data-table';
import { ONE_RANK_TABS, RANK_TABS, type RankChoice, rankPicker } from './rank-picker';
import { toolbarSelect } from './toolbar-select';
import { type JobTable, jobColumns, jobTable, sourcesOf } from './rank-tables';

export type AnalysisTab = AnalysisTool | 'op-profile' | 'overview' | 'roofline';

/** The tabs that show the rank picker in a job session. */
const PICKER_TABS: readonly AnalysisTab[] = [...RANK_TABS, ...ONE_RANK_TABS];
/** The tabs this view draws in. */
export const ANALYSIS_TABS: readonly AnalysisTab[] = ['overview', 'kernels', 'framework-ops', 'gpu-ops', 'hlo-stats', 'op-profile', 'roofline'];

function isAnalysisTab(tab: TabName): tab is AnalysisTab {
  return (ANALYSIS_TABS as readonly string[]).includes(tab);
}

function isTool(tab: AnalysisTab): tab is AnalysisTool {
  return tab === 'kernels' || tab === 'hlo-stats' || tab === 'framework-ops' || tab === 'gpu-ops';
}

/** Names of the tables (a `data-testid="table-<name>"` each): the tools, top ops, roofline, a job's overview per rank. */
export type AnalysisTableName = AnalysisTool | 'top-ops' | 'roofline' | 'overview-ranks';

/** What the page does for the analysis tabs. */
export interface AnalysisHost {
  /** Highlights the slices whose names contain `name`; jumps to slice `longest` or the first match. */
  jump(name: string, longest: number | null): void;
  /** HLO op rows: open op `op` of program `programId` in the graph view. */
  showInGraph?(op: string, programId: string | null): void;
  /** Highlights exactly the slices `ids` and jumps to slice `longest` (if any). */
  highlight(ids: Uint32Array, longest: number | null): void;
  /**
   * Job sessions: highlights exactly the slices `ids` of each member (its index in the session;
   * the ids are that member's own) together, and jumps to slice `longest.slice` of member `longest.member`.
   */
  highlightIn?(parts: ReadonlyArray<{ member: number; ids: Uint32Array }>, longest: { member: number; slice: number } | null): void;
  /** Shows the kernel telemetry (counters tab) of slice `id` and its occurrences. */
  telemetry(id: number): void;
  /** Shows `[t0, t1]` (ps, the clock of slice starts) on the timeline: a chart bar was clicked. */
  zoomTo(t0: number, t1: number): void;
  /** Job sessions: shows `[t0, t1]` (ps, member `member`'s own trace time) of that member on the timeline. */
  zoomToOn?(member: number, t0: number, t1: number): void;
}

type Row = Record<string, unknown>;

/** A row's `_longest` slice id (the tool tables carry it), else null. */
function longestOf(row: Row | undefined): number | null {
  const v = row?._longest;
  return typeof v === 'number' ? v : null;
}

interface OpNode {
  name: string;
  metrics: { rawTime: number; occurrences: number; flops: number; bandwidthUtils: number[] };
  children: OpNode[];
  xla?: { category?: string; expression?: string };
}

export class AnalysisView implements View {
  private scope: Scope = NO_LOAD;
  private shown = new Set<AnalysisTab>();
  private tables = new Map<AnalysisTool, { table: DataTable; rows: Row[] }>();
  private compat = false;
  /** The job whose ranks the picker offers (null: one profile, or a session of another kind). */
  private session: Session | null = null;
  private choice: RankChoice = 'all';
  /** Extra per-row buttons by table, drawn after the columns. */
  private readonly rowActions = new Map<AnalysisTableName, RowAction[]>();

  constructor(
    private readonly engine: Engine,
    private readonly host: AnalysisHost,
    /** The panel of an analysis tab. */
    private readonly panel: (tab: AnalysisTab) => HTMLElement,
  ) {
    this.addRowAction('kernels', {
      label: 'Telemetry',
      testid: 'kernel-telemetry-action',
      title: 'Counters inside the longest launch of this kernel, and over its occurrences (counters tab)',
      applies: (r) => longestOf(r) !== null,
      run: (_i, r) => {
        const id = longestOf(r);
        if (id !== null) this.host.telemetry(id);
      },
    });
  }

  /** Adds a button to every row of `table` (tables built afterwards show it). */
  addRowAction(table: AnalysisTableName, action: RowAction): void {
    const list = this.rowActions.get(table) ?? [];
    list.push(action);
    this.rowActions.set(table, list);
  }

  /**
   * A table of `rows` in `box`; picking a row calls `pick` with its original index. Row actions
   * act on the first member's slices: a job's merged table and another rank's table have none.
   */
  private makeTable(box: HTMLElement, name: AnalysisTableName, columns: Column[], rows: Row[], pick: (index: number) => void, merged = false): DataTable {
    const actions = merged || this.member() !== 0 ? [] : (this.rowActions.get(name) ?? []);
    const table = new DataTable(box, name, columns, pick, actions);
    table.setRows(rows);
    return table;
  }

  /** Highlights the exact occurrences of row `index` of `tool` (of member `member`'s table in a job session) and jumps to its longest. */
  private pickToolRow(tool: AnalysisTool, index: number, row: Row | undefined, member = this.member()): void {
    this.pickRows(tool, [{ member, index, row }]);
  }

  /**
   * Highlights the exact occurrences of rows of the members' tables of `tool` together and jumps
   * to the first row's longest: through `highlight` when they are all the first member's (and
   * for one profile), else through `highlightIn`.
   */
  private pickRows(tool: AnalysisTool, rows: ReadonlyArray<{ member: number; index: number; row: Row | undefined }>): void {
    const scope = this.scope;
    const first = rows[0];
    if (!first) return;
    Promise.all(rows.map((r) => this.engineOf(r.member).analysisRowSlices(tool, r.index, this.compat)))
      .then((ids) => {
        if (!scope.current) return;
        const longest = longestOf(first.row);
        const highlightIn = this.host.highlightIn;
        if (rows.every((r) => r.member === 0) || !highlightIn) this.host.highlight(ids[0] ?? new Uint32Array(), longest);
        else
          highlightIn(
            rows.map((r, i) => ({ member: r.member, ids: ids[i] ?? new Uint32Array() })),
            longest === null ? null : { member: first.member, slice: longest },
          );
      })
      .catch(() => undefined);
  }

  /** The member whose tables are shown: the rank picked, else the first (also for one profile). */
  private member(): number {
    return this.session && this.choice !== 'all' ? this.choice : 0;
  }

  /** The engine of member `member` (the page's engine for one profile). */
  private engineOf(member: number): Engine {
    return this.session?.members[member]?.engine ?? this.engine;
  }

  /** No profile: every tab empty, nothing computed. */
  clear(): void {
    this.reset(NO_LOAD, 'Open a profile to see this analysis.');
  }

  /** A new profile: tabs compute when shown. */
  load(_profile: Profile, scope: Scope): void {
    this.reset(scope, '');
  }

  /** A rank picked (or all): every tab with the picker shows it. */
  private readonly pickRank = (c: RankChoice): void => {
    this.choice = c;
    this.recompute(PICKER_TABS);
  };

  /**
   * A job session: the tabs of `RANK_TABS` and `ONE_RANK_TABS` get a rank picker (those computed
   * already compute again).
   */
  loadSession(session: Session, scope: Scope): void {
    if (!scope.current) return;
    this.session = session.kind === 'job' && session.members.length > 1 ? session : null;
    this.choice = 'all';
    if (this.session) this.recompute(PICKER_TABS);
  }

  /** Computes `tabs` again: now if one is displayed, else when it is shown. */
  private recompute(tabs: readonly AnalysisTab[]): void {
    for (const tab of tabs) {
      if (!this.shown.delete(tab)) continue;
      if (isTool(tab)) this.tables.delete(tab);
      if (!this.panel(tab).hidden) this.show(tab);
    }
  }

  private reset(scope: Scope, text: string): void {
    this.scope = scope;
    this.session = null;
    this.choice = 'all';
    this.shown.clear();
    this.tables.clear();
    for (const tab of ANALYSIS_TABS) {
      const p = this.panel(tab);
      p.replaceChildren(message(text));
      delete p.dataset.ready;
    }
  }

  /** Computes and draws `tab` if it has not been yet for this profile. */
  show(tab: TabName): void {
    if (!isAnalysisTab(tab) || this.shown.has(tab) || !this.scope.current) return;
    const p = this.panel(tab);
    this.shown.add(tab);
    const scope = this.scope;
    p.replaceChildren(message('Computing…'));
    const done = (): void => {
      if (scope.current) p.dataset.ready = 'true';
    };
    const fail = (err: unknown): void => {
      if (!scope.current) return;
      this.shown.delete(tab);
      p.replaceChildren(message(`Could not compute it: ${err instanceof Error ? err.message : String(err)}`));
    };
    p.dataset.ready = 'false';
    let job: Promise<void>;
    const session = this.session;
    if (session && RANK_TABS.includes(tab)) job = this.showRanked(tab, p, scope, session);
    else if (session && ONE_RANK_TABS.includes(tab)) job = this.showOneRank(tab, p, scope, session);
    else if (isTool(tab)) job = this.showTable(tab, p, scope);
    else if (tab === 'op-profile') job = this.showOpProfile(p, scope, 'program');
    else if (tab === 'overview') job = this.showOverview(p, scope);
    else job = this.showRoofline(p, scope, 0, 0);
    job.then(done, fail);
  }

  /** A tab of a job session: the rank picker above the merged table, or above the picked rank's own tab. */
  private async showRanked(tab: AnalysisTab, p: HTMLElement, scope: Scope, session: Session): Promise<void> {
    const picker = rankPicker(session.members, this.choice, this.pickRank);
    const body = document.createElement('div');
    body.className = 'an-rank-body';
    if (this.choice !== 'all') {
      if (tab === 'overview') await this.showOverview(body, scope);
      else if (isTool(tab)) await this.showTable(tab, body, scope);
    } else if (tab === 'overview') await this.showRankOverviews(body, scope, session);
    else if (isTool(tab)) await this.showJobTable(tab, body, scope, session);
    if (scope.current) p.replaceChildren(picker, body);
  }

  /** The op profile or the roofline of a job session: one rank's (the picked one, else the first), with the picker of ranks. */
  private async showOneRank(tab: AnalysisTab, p: HTMLElement, scope: Scope, session: Session): Promise<void> {
    const picker = rankPicker(session.members, this.member(), this.pickRank, false);
    const body = document.createElement('div');
    body.className = 'an-rank-body';
    if (tab === 'op-profile') await this.showOpProfile(body, scope, 'program');
    else await this.showRoofline(body, scope, 0, 0);
    if (scope.current) p.replaceChildren(picker, body);
  }

  /** Every rank's rows of `tool` with a rank column, and one "all" row per key; a row highlights its occurrences on its ranks. */
  private async showJobTable(tool: AnalysisTool, p: HTMLElement, scope: Scope, session: Session): Promise<void> {
    const job: JobTable = await jobTable(session.members, tool, this.compat);
    if (!scope.current) return;
    const rows = job.merged.rows;
    if (rows.length === 0) {
      p.replaceChildren(message(emptyText(tool, 'any rank of this job')));
      return;
    }
    const tableBox = document.createElement('div');
    tableBox.className = 'an-table-box';
    p.replaceChildren(tableBox);
    this.makeTable(
      tableBox,
      tool,
      jobColumns(tool),
      rows,
      (i) => {
        this.pickRows(
          tool,
          sourcesOf(job, i).map((src) => ({ member: src.member.index, index: src.index, row: src.row })),
        );
      },
      true,
    );
  }

  /** "All ranks" on the overview: each rank's steps and device, one row per rank; a row picks that rank. */
  private async showRankOverviews(p: HTMLElement, scope: Scope, session: Session): Promise<void> {
    const loaded = loadedMembers(session);
    const docs = await Promise.all(loaded.map((m) => m.engine.analysisDoc({ kind: 'overview', compat: this.compat }) as Promise<OverviewDoc>));
    if (!scope.current) return;
    const rows = docs.map((o, i) => ({
      rank: loaded[i]?.label ?? '',
      file: loaded[i]?.file ?? '',
      steps: o.steps.length,
      average_ms: o.steps.length > 0 ? o.step_time_ms.average : null,
      minimum_ms: o.steps.length > 0 ? o.step_time_ms.minimum : null,
      maximum_ms: o.steps.length > 0 ? o.step_time_ms.maximum : null,
      sd_ms: o.steps.length > 0 ? o.step_time_ms.standard_deviation : null,
      device: `${o.environment.device_name ? `${o.environment.device_name}: ` : ''}${o.environment.device_type} (${o.environment.hardware_type})`,
    }));
    this.makeTable(p, 'overview-ranks', RANK_OVERVIEW_COLUMNS, rows, (i) => {
      const m = loaded[i];
      if (!m) return;
      this.pickRank(m.index);
    });
  }

  /** Marks, in every table shown, the row that holds slice `id`. */
  showSlice(id: number): void {
    // Slice ids are the first member's (the selection's); another rank's tables have other ids.
    if (this.member() !== 0) return;
    const scope = this.scope;
    for (const [tool, t] of this.tables) {
      this.engine
        .analysisRowOfSlice(tool, id, this.compat)
        .then((row) => {
          if (scope.current && row >= 0) t.table.mark(row);
        })
        .catch(() => undefined);
    }
  }

  private async showTable(tool: AnalysisTool, p: HTMLElement, scope: Scope): Promise<void> {
    const t = await this.engineOf(this.member()).analysisTable(tool, this.compat);
    if (!scope.current) return;
    p.replaceChildren();
    if (t.rows.length === 0) {
      p.append(message(emptyText(tool)));
      return;
    }
    const tableBox = document.createElement('div');
    tableBox.className = 'an-table-box';
    const chartBox = document.createElement('div');
    chartBox.className = 'an-chart-box';
    p.append(tableBox, chartBox);
    if (tool === 'hlo-stats' && measuredOnHost(t.rows)) p.prepend(message(HOST_NOTE));
    const table = this.makeTable(tableBox, tool, TABLE_COLUMNS[tool], t.rows, (row) => {
      if (tool === 'kernels') void this.kernelChart(chartBox, row);
      this.pickToolRow(tool, row, t.rows[row]);
    });
    this.tables.set(tool, { table, rows: t.rows });
    if (tool === 'kernels') await this.kernelChart(chartBox, 0);
    if (tool === 'hlo-stats') this.addShowInGraph(tableBox, t.rows);
    if (tool === 'hlo-stats') await this.chart(chartBox, { chart: 'categories' }, 'Device time by HLO category');
  }

  /** HLO op rows' action: "Show in graph" for the marked row (picked, or holding the selected slice). */
  private addShowInGraph(tableBox: HTMLElement, rows: Array<Record<string, unknown>>): void {
    const showInGraph = this.host.showInGraph;
    if (!showInGraph) return;
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'btn btn-small';
    b.textContent = 'Show marked op in graph';
    b.title = 'Open the marked row’s op in the HLO graph (pick a row or select one of its slices to mark it)';
    b.dataset.testid = 'hlo-stats-show-in-graph';
    b.addEventListener('click', () => {
      const marked = tableBox.querySelector<HTMLElement>('tr.marked')?.dataset.row;
      const r = marked === undefined ? undefined : rows[Number(marked)];
      if (r) showInGraph(String(r.hlo_op_name ?? ''), r.program_id === undefined ? null : String(r.program_id));
    });
    tableBox.querySelector('.an-toolbar')?.append(b);
  }

  /** Marks the HLO op stats row of `op` (of program `programId` when given), computing the tab first; false when none matches. */
  async selectHloOp(op: string, programId: string | null): Promise<boolean> {
    const scope = this.scope;
    this.show('hlo-stats');
    // The table computes in the engine; wait for it (at most a minute, then give up).
    for (let i = 0; i < 1200 && !this.tables.has('hlo-stats') && scope.current && this.panel('hlo-stats').dataset.ready !== 'true'; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const t = this.tables.get('hlo-stats');
    if (!t || !scope.current) return false;
    const row = t.rows.findIndex((r) => r.hlo_op_name === op && (programId === null || String(r.program_id) === programId));
    if (row >= 0) t.table.mark(row);
    return row >= 0;
  }

  private async kernelChart(box: HTMLElement, row: number): Promise<void> {
    await this.chart(box, { chart: 'kernel_histogram', arg: row }, 'Launch durations of the selected kernel');
  }

  private async chart(
    box: HTMLElement,
    req: { chart: 'kernel_histogram' | 'steps' | 'roofline' | 'categories'; arg?: number; peakGflops?: number; peakHbmGbps?: number },
    alt: string,
  ): Promise<void> {
    const scope = this.scope;
    const data = await this.engineOf(this.member()).analysisDoc({
      kind: 'chart',
      chart: req.chart,
      arg: req.arg ?? 0,
      peakGflops: req.peakGflops ?? 0,
      peakHbmGbps: req.peakHbmGbps ?? 0,
    });
    const member = this.member();
    const zoomToOn = this.host.zoomToOn;
    const zoom = member === 0 || !zoomToOn ? (t0: number, t1: number) => this.host.zoomTo(t0, t1) : (t0: number, t1: number) => zoomToOn(member, t0, t1);
    if (scope.current) await drawChart(box, data, alt, zoom);
  }

  private async showOpProfile(p: HTMLElement, scope: Scope, groupBy: 'program' | 'category'): Promise<void> {
    const engine = this.engineOf(this.member());
    const root = (await engine.analysisDoc({ kind: 'op-profile', groupBy })) as OpNode;
    if (!scope.current) return;
    const { bar } = toolbarSelect(
      'Group by',
      'op-profile-group-by',
      [
        ['program', 'program'],
        ['category', 'category'],
      ],
      groupBy,
      (v) => void this.showOpProfile(p, this.scope, v === 'category' ? 'category' : 'program'),
    );
    const tree = document.createElement('div');
    tree.className = 'an-tree';
    tree.dataset.testid = 'op-profile-tree';
    const total = root.metrics.rawTime || 1;
    if (root.children.length === 0) tree.append(message('No device ops in this profile (XProf shows an empty op profile too).'));
    for (const c of root.children) tree.append(this.opNode(c, total, 0));
    const chartBox = document.createElement('div');
    chartBox.className = 'an-chart-box';
    p.replaceChildren(bar, tree, chartBox);
    const hlo = await engine.analysisTable('hlo-stats', this.compat).catch(() => null);
    if (scope.current && hlo && measuredOnHost(hlo.rows)) p.prepend(message(HOST_NOTE));
    if (root.children.length > 0) await this.chart(chartBox, { chart: 'categories' }, 'Device time by category');
  }

  private opNode(n: OpNode, total: number, depth: number): HTMLElement {
    const share = (100 * n.metrics.rawTime) / total;
    const line = `${share.toFixed(2)}%  ${n.name}  ·  ${formatDuration(n.metrics.rawTime)}  ·  ×${n.metrics.occurrences}`;
    const exact = `${n.metrics.rawTime} ps`;
    if (n.children.length === 0) {
      const leaf = document.createElement('div');
      leaf.className = 'an-leaf';
      leaf.textContent = line;
      leaf.title = n.xla?.expression ? `${exact}\n${n.xla.expression}` : exact;
      leaf.addEventListener('click', () => this.host.jump(n.name, null));
      return leaf;
    }
    const d = document.createElement('details');
    d.open = depth < 1;
    const s = document.createElement('summary');
    s.textContent = line;
    s.title = n.xla?.expression ? `${exact}\n${n.xla.expression}` : exact;
    d.append(s);
    d.addEventListener(
      'toggle',
      () => {
        if (d.open && d.childElementCount === 1) for (const c of n.children) d.append(this.opNode(c, total, depth + 1));
      },
      { once: false },
    );
    if (d.open) for (const c of n.children) d.append(this.opNode(c, total, depth + 1));
    return d;
  }

  private async showOverview(p: HTMLElement, scope: Scope): Promise<void> {
    const o = (await this.engineOf(this.member()).analysisDoc({ kind: 'overview', compat: this.compat })) as OverviewDoc;
    if (!scope.current) return;
    const dl = document.createElement('dl');
    dl.className = 'an-facts';
    dl.dataset.testid = 'overview-facts';
    const fact = (k: string, v: string, exact = ''): void => {
      const dt = document.createElement('dt');
      dt.textContent = k;
      const dd = document.createElement('dd');
      dd.textContent = v;
      if (exact) dd.title = exact;
      dl.append(dt, dd);
    };
    const e = o.environment;
    fact(
      'Device',
      `${e.device_name ? `${e.device_name}: ` : ''}${e.device_type} (${e.hardware_type}), ${e.device_core_count} device cores, ${e.host_count} host`,
    );
    const t = o.step_time_ms;
    const ms = (v: number): string => formatDuration(v * 1e9, 4);
    fact(
      'Steps',
      o.steps.length === 0
        ? 'no step markers found'
        : `${o.steps.length}: average ${ms(t.average)} (min ${ms(t.minimum)}, max ${ms(t.maximum)}, sd ${ms(t.standard_deviation)})`,
      `average ${t.average} ms, minimum ${t.minimum} ms, maximum ${t.maximum} ms, standard deviation ${t.standard_deviation} ms`,
    );
    const chartBox = document.createElement('div');
    chartBox.className = 'an-chart-box';
    const topBox = document.createElement('div');
    p.replaceChildren(dl, chartBox, topBox);
    if (o.top_ops.length > 0) {
      this.makeTable(topBox, 'top-ops', TOP_OPS_COLUMNS, o.top_ops, (row) => this.host.jump(String(o.top_ops[row]?.operation ?? ''), null));
    }
    if (o.steps.length > 0) await this.chart(chartBox, { chart: 'steps' }, 'Step time by category');
  }

  private async showRoofline(p: HTMLElement, scope: Scope, peakGflops: number, peakHbmGbps: number): Promise<void> {
    const r = (await this.engineOf(this.member()).analysisDoc({ kind: 'roofline', peakGflops, peakHbmGbps })) as {
      device_type: string;
      peaks: { flop_rate_gflops: number; hbm_gbps: number };
      rows: Array<Record<string, unknown>>;
    };
    if (!scope.current) return;
    const bar = document.createElement('form');
    bar.className = 'an-toolbar';
    const input = (label: string, value: number, testid: string): HTMLInputElement => {
      const l = document.createElement('label');
      l.textContent = `${label} `;
      const i = document.createElement('input');
      i.type = 'number';
      i.min = '0';
      i.step = 'any';
      i.value = value > 0 ? String(value) : '';
      i.placeholder = 'not in profile';
      i.dataset.testid = testid;
      l.append(i);
      bar.append(l);
      return i;
    };
    const flops = input('Peak GFLOP/s', r.peaks.flop_rate_gflops, 'peak-gflops');
    const hbm = input('Peak HBM GB/s', r.peaks.hbm_gbps, 'peak-hbm');
    const apply = document.createElement('button');
    apply.type = 'submit';
    apply.className = 'btn btn-small';
    apply.textContent = 'Apply peaks';
    bar.append(apply);
    bar.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.showRoofline(p, this.scope, Number(flops.value) || 0, Number(hbm.value) || 0);
    });
    const chartBox = document.createElement('div');
    chartBox.className = 'an-chart-box';
    const tableBox = document.createElement('div');
    p.replaceChildren(bar, chartBox, tableBox);
    const alt = 'Roofline: ops by operational intensity and FLOP rate';
    if (r.rows.length === 0) {
      tableBox.append(message('No device ops with FLOP and byte counts in this profile.'));
      await this.chart(chartBox, { chart: 'roofline', peakGflops, peakHbmGbps }, alt);
      return;
    }
    this.makeTable(tableBox, 'roofline', ROOFLINE_COLUMNS, r.rows, (row) => this.host.jump(String(r.rows[row]?.operation ?? ''), null));
    await this.chart(chartBox, { chart: 'roofline', peakGflops, peakHbmGbps }, alt);
  }
}

/** The parts of the overview document this view reads. */
interface OverviewDoc {
  steps: Array<{ step: string; step_time_ps: number }>;
  average_step_time_ps: number;
  step_time_ms: { average: number; minimum: number; maximum: number; standard_deviation: number };
  top_ops: Array<Record<string, unknown>>;
  environment: { hardware_type: string; device_type: string; device_core_count: number; host_count: number; device_name?: string | null };
}

/** "All ranks" on the overview: one row per rank. */
const RANK_OVERVIEW_COLUMNS: Column[] = [
  { id: 'rank', label: 'Rank', kind: 'text' },
  { id: 'file', label: 'File', kind: 'text' },
  { id: 'steps', label: 'Steps', kind: 'number' },
  { id: 'average_ms', label: 'Average step', kind: 'number', unit: 'ms', missing: '—' },
  { id: 'minimum_ms', label: 'Min', kind: 'number', unit: 'ms', missing: '—' },
  { id: 'maximum_ms', label: 'Max', kind: 'number', unit: 'ms', missing: '—' },
  { id: 'sd_ms', label: 'SD', kind: 'number', unit: 'ms', missing: '—' },
  { id: 'device', label: 'Device', kind: 'text' },
];

function message(text: string): HTMLElement {
  const p = document.createElement('p');
  p.className = 'an-message';
  p.textContent = text;
  return p;
}

/** Said above the HLO op and op profile panels of a profile whose ops ran on the host. */
const HOST_NOTE = 'Measured from host execution (no device in this profile).';

/** Whether HLO op rows were measured from host execution (JAX on CPU: `source` "host"). */
function measuredOnHost(rows: ReadonlyArray<Record<string, unknown>>): boolean {
  return rows.some((r) => r.source === 'host');
}

function emptyText(tool: AnalysisTool, where = 'this profile'): string {
  switch (tool) {
    case 'kernels':
      return `No GPU kernels in ${where}.`;
    case 'hlo-stats':
      return `No device HLO ops in ${where} (XProf shows an empty table too).`;
    case 'framework-ops':
      return `No framework ops in ${where}.`;
    case 'gpu-ops':
      return `No GPU work launched by framework ops in ${where}.`;
  }
}
