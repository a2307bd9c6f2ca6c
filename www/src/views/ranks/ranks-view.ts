// The Ranks tab: the ranks of one distributed job side by side. For a session of kind 'job' it
// shows the job's clock (shell/job.ts: what every member's file contributes, `rankPartial`, merged
// once by `mergeRanks`): the alignment picker with each rank's offset, the problems found
// (duplicate or missing ranks, ...), the straggler heat map, the per-step table and the
// collectives table. An alignment picked here goes to the page, which merges once for the
// timeline and this tab (`showMerge`); a heat map cell or a table row zooms the timeline to that
// rank's step or collective. Other sessions hide the tab.

import type { Align, RankPartial, RanksReport } from '../../engine/ranks-types';
import { formatDuration } from '../../lib/time';
import type { JobClock } from '../../shell/job';
import { NO_LOAD, type Scope } from '../../shell/scope';
import { type Session, loadedMembers } from '../../shell/session';
import type { View } from '../../shell/view';
import { DataTable } from '../analysis/data-table';
import { toolbarSelect } from '../analysis/toolbar-select';
import { alignPicker } from './align-picker';
import { drawHeatMap } from './heat-map';
import { collectiveColumns, collectiveRows, stepColumns, stepRows } from './ranks-tables';

/** What the page does for the Ranks tab. */
export interface RanksHost {
  /** Shows the Ranks tab (a job session) or hides it (anything else). */
  setVisible(on: boolean): void;
  /** The clock of the job just loaded; null when its ranks could not be merged. */
  clock(): JobClock | null;
  /** Aligns the job's members as `align` says, on the timeline and here (`showMerge` gets the result). */
  align(align: Align): void;
  /** Shows member `member`'s group over `[t0, t1]`, ps in that member's own trace time. */
  zoomTo(member: number, t0: number, t1: number): void;
}

type HeatMode = 'step' | 'wait';
type Problem = { file: string; message: string };

export class RanksView implements View {
  private readonly root: HTMLElement;
  private scope: Scope = NO_LOAD;
  /** What each member that gave one contributes, and that member's index, in member order. */
  private partials: ReadonlyArray<{ member: number; partial: RankPartial }> = [];
  /** Members that could not be read or gave no partial. */
  private loadProblems: Problem[] = [];
  private align: Align = { mode: 'clock' };
  private heatMode: HeatMode = 'step';

  /** Draws in `panel` (the Ranks tab's). */
  constructor(
    panel: HTMLElement,
    private readonly host: RanksHost,
  ) {
    this.root = document.createElement('div');
    this.root.className = 'rk-view';
    this.root.dataset.testid = 'ranks-view';
    panel.append(this.root);
  }

  clear(): void {
    this.scope = NO_LOAD;
    this.partials = [];
    this.loadProblems = [];
    this.align = { mode: 'clock' };
    this.heatMode = 'step';
    delete this.root.dataset.ready;
    this.root.replaceChildren(message('Open the profiles of several ranks of one job together to compare the ranks.'));
    this.host.setVisible(false);
  }

  /** One profile alone: nothing to compare (the session decides). */
  load(): void {}

  loadSession(session: Session, scope: Scope): void {
    if (!scope.current) return;
    this.scope = scope;
    if (session.kind !== 'job') {
      this.host.setVisible(false);
      return;
    }
    this.host.setVisible(true);
    const clock = this.host.clock();
    this.partials = clock?.partials ?? [];
    const given = new Set(this.partials.map((p) => p.member));
    const loaded = new Set(loadedMembers(session));
    this.loadProblems = session.members
      .filter((m) => !given.has(m.index))
      .map((m) => ({ file: m.file, message: loaded.has(m) ? 'its rank and host could not be read' : (m.error ?? 'not loaded') }));
    if (!clock) {
      this.root.replaceChildren(message('No ranks of this job could be merged.'), problemList(this.loadProblems));
      this.root.dataset.ready = 'true';
      return;
    }
    this.showMerge(clock.report, { mode: 'clock' });
  }

  /** Shows the job merged under `align` (the page merged it, for the timeline too). */
  showMerge(report: RanksReport, align: Align): void {
    if (!this.scope.current) return;
    this.align = align;
    this.render(report, this.memberOfRank(report));
    this.root.dataset.ready = 'true';
  }

  /** Says that merging under the alignment picked failed; the last merge stays shown. */
  showMergeError(err: unknown): void {
    if (!this.scope.current) return;
    this.root.prepend(message(`Could not merge the ranks: ${err instanceof Error ? err.message : String(err)}`));
    this.root.dataset.ready = 'true';
  }

  /** The member index of each rank of `report` (ranks are matched to members by file, in member order). */
  private memberOfRank(report: RanksReport): Map<number, number> {
    const used = new Set<number>();
    const out = new Map<number, number>();
    for (const r of report.ranks) {
      const p = this.partials.find((q) => q.partial.file === r.file && !used.has(q.member));
      if (!p) continue;
      used.add(p.member);
      out.set(r.rank, p.member);
    }
    return out;
  }

  private render(report: RanksReport, members: Map<number, number>): void {
    // `t0`, `t1` on the job clock; the host gets them in the rank's trace time.
    const zoom = (rank: number | null, t0: number, t1: number): void => {
      const m = rank === null ? undefined : members.get(rank);
      const offset = report.ranks.find((r) => r.rank === rank)?.offset_ps;
      if (m !== undefined && offset !== undefined && t1 > t0) this.host.zoomTo(m, t0 - offset, t1 - offset);
    };
    const bar = document.createElement('div');
    bar.className = 'an-toolbar';
    const steps = report.steps.map((s) => s.step);
    bar.append(
      alignPicker(steps, report.collectives, this.align, (a) => {
        this.root.dataset.ready = 'false';
        this.host.align(a);
      }),
    );

    const problems = problemList([...this.loadProblems, ...report.problems]);
    const offsets = offsetFacts(report, members);

    const heatBox = document.createElement('div');
    heatBox.className = 'rk-heat-box';
    heatBox.dataset.testid = 'ranks-heatmap';
    const { bar: heatBar } = toolbarSelect(
      'Colour by',
      'ranks-heat-mode',
      [
        ['step', 'step time'],
        ['wait', 'wait time in collectives'],
      ],
      this.heatMode,
      (v) => {
        this.heatMode = v === 'wait' ? 'wait' : 'step';
        drawHeat();
      },
    );
    const heatCells = document.createElement('div');
    heatCells.className = 'rk-heat-scroll';
    heatBox.append(heatBar, heatCells);
    const drawHeat = (): void => {
      const wait = this.heatMode === 'wait';
      drawHeatMap(
        heatCells,
        { ranks: report.heat.ranks, steps: report.heat.steps, values: wait ? report.heat.wait_ps : report.heat.step_ps },
        wait ? 'wait' : 'step time',
        (rank, step) => {
          const r = stepRange(report, rank, step);
          if (r) zoom(rank, r[0], r[1]);
        },
      );
    };
    drawHeat();

    const stepBox = document.createElement('div');
    stepBox.dataset.testid = 'ranks-steps';
    const stepData = stepRows(report);
    new DataTable(stepBox, 'ranks-steps', stepColumns(report), (i) => {
      const s = report.steps[i];
      if (!s) return;
      const rank = s.straggler_rank ?? s.slowest_rank;
      const r = rank === null ? null : stepRange(report, rank, s.step);
      if (r) zoom(rank, r[0], r[1]);
    }).setRows(stepData);

    const collBox = document.createElement('div');
    collBox.dataset.testid = 'ranks-collectives';
    new DataTable(collBox, 'ranks-collectives', collectiveColumns(report), (i) => {
      const c = report.collectives[i];
      if (!c) return;
      // From the first arrival to the latest end, with a margin on both sides.
      const arrivals = Object.values(c.arrival_ps).filter((v): v is number => typeof v === 'number');
      if (arrivals.length === 0) return;
      const t0 = Math.min(...arrivals);
      const t1 = Math.max(c.end_ps, ...arrivals);
      const pad = Math.max((t1 - t0) * 0.1, 1e6);
      zoom(c.late_rank, t0 - pad, t1 + pad);
    }).setRows(collectiveRows(report));

    this.root.replaceChildren(
      bar,
      offsets,
      heading('Problems'),
      problems,
      heading('Straggler heat map'),
      heatBox,
      heading('Steps'),
      stepBox,
      heading('Collectives'),
      collBox,
    );
  }
}

/** `[t0, t1]` of step `step` on rank `rank`, on the job clock (the report's steps are); null when the rank has no such step. */
function stepRange(report: RanksReport, rank: number, step: number): [number, number] | null {
  const s = report.ranks.find((x) => x.rank === rank)?.steps.find((x) => x.step === step);
  return s ? [s.start_ps, s.start_ps + s.time_ps] : null;
}

/**
 * Each rank's file, host and offset, exact in the tooltip. Shown as the timeline applies them:
 * the first file's rank keeps its own times (+0) and the others move relative to it.
 */
function offsetFacts(report: RanksReport, members: ReadonlyMap<number, number>): HTMLElement {
  const dl = document.createElement('dl');
  dl.className = 'an-facts';
  dl.dataset.testid = 'ranks-offsets';
  const first = report.ranks.find((r) => members.get(r.rank) === 0);
  const base = first?.offset_ps ?? 0;
  for (const r of report.ranks) {
    const shift = r.offset_ps - base;
    const dt = document.createElement('dt');
    dt.textContent = `rank ${r.rank}`;
    const dd = document.createElement('dd');
    const sign = shift < 0 ? '−' : '+';
    dd.textContent = `${r.file}${r.host ? ` · host ${r.host}` : ''} · offset ${sign}${formatDuration(Math.abs(shift), 6)}`;
    dd.title = `offset ${shift} ps, added to this rank's trace times on the timeline${first ? ` (rank ${first.rank}, the first file, keeps its own)` : ''}`;
    dl.append(dt, dd);
  }
  return dl;
}

/** The problems found (`data-testid="ranks-problems"`): one line each, or a line saying there are none. */
function problemList(problems: readonly Problem[]): HTMLElement {
  const ul = document.createElement('ul');
  ul.className = 'rk-problems';
  ul.dataset.testid = 'ranks-problems';
  for (const p of problems) {
    const li = document.createElement('li');
    li.textContent = p.file ? `${p.file}: ${p.message}` : p.message;
    ul.append(li);
  }
  if (problems.length === 0) {
    const li = document.createElement('li');
    li.className = 'rk-none';
    li.textContent = 'None: every file is one rank of the job, and every rank is there.';
    ul.append(li);
  }
  return ul;
}

function heading(text: string): HTMLElement {
  const h = document.createElement('h3');
  h.className = 'rk-heading';
  h.textContent = text;
  return h;
}

function message(text: string): HTMLElement {
  const p = document.createElement('p');
  p.className = 'an-message';
  p.textContent = text;
  return p;
}
