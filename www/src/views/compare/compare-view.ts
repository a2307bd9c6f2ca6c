// The Compare tab: two runs that are not ranks of one job, the first the baseline, the second the
// candidate. Each member's engine computes its side of the comparison (`diffSide`) in parallel;
// the baseline's engine matches them (`diff`) while the candidate's draws the step-time chart
// (`diffStepChart`; both calls are stateless). The tab shows the
// summary line with the top regressions and improvements, the step-time distributions of both
// runs, and one diff table per kind of thing compared; picking a row highlights its
// occurrences on both runs' timelines (the slices of its name, else its longest). The "align at" picker shifts the candidate on the shared
// timeline so that a chosen step starts where the baseline's does. What could not be matched is
// said above the tables; both runs stay on the timeline either way.

import type { StepSide } from '../../engine/diff-types';
import { el } from '../../lib/dom';
import type { Scope } from '../../shell/scope';
import type { Member, Session } from '../../shell/session';
import type { View } from '../../shell/view';
import { drawChart } from '../analysis/charts';
import { alignOffsets, alignPicker, commonSteps } from './align';
import type { CompareWith } from './compare-with';
import type { AnyDiffRow } from './diff-columns';
import { DiffTables, tableLabel } from './diff-tables';
import { summaryBlock } from './summary';

/** What the page does for the Compare tab. */
export interface CompareHost {
  /** Shows or hides the Compare tab (shown for compare sessions only). */
  setTabShown(shown: boolean): void;
  /** Highlights exactly these slices on the timeline: member index → its slice ids (the others: none). */
  highlight(slices: ReadonlyMap<number, readonly number[]>): void;
  /** Shows the timeline tab. */
  showTimeline(): void;
  /** Places the members on the shared timeline: member index → ps added to its trace times. */
  setOffsets(offsets: Map<number, number>): void;
}

/** The most occurrences of one row highlighted per run. */
const OCCURRENCE_LIMIT = 100_000;

export class CompareView implements View {
  /** The baseline and candidate of the current comparison. */
  private members: readonly [Member, Member] | null = null;
  private scope: Scope | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly compareWith: CompareWith,
    private readonly host: CompareHost,
  ) {
    root.dataset.testid = 'compare-view';
    host.setTabShown(false);
  }

  clear(): void {
    this.members = null;
    this.root.replaceChildren(message('Open two profiles to compare them: drop both, or open one and use “Compare with…”.'));
    delete this.root.dataset.ready;
    this.compareWith.setShown(false);
    this.host.setTabShown(false);
  }

  /** One profile is open: it can be compared with another. */
  load(): void {
    this.compareWith.setShown(true);
  }

  async loadSession(session: Session, scope: Scope): Promise<void> {
    if (session.kind !== 'compare') {
      this.host.setTabShown(false);
      return;
    }
    this.host.setTabShown(true);
    const [base, cand] = session.members;
    if (!base || !cand) return;
    this.members = [base, cand];
    this.scope = scope;
    const failed = [base, cand].filter((m) => m.profile === null);
    if (failed.length > 0) {
      this.root.replaceChildren(
        ...failed.map((m) => message(`Nothing to compare: the ${m.label} (${m.file}) could not be opened: ${m.error ?? 'no profile'}`)),
      );
      this.root.dataset.ready = 'true';
      return;
    }
    this.root.dataset.ready = 'false';
    this.root.replaceChildren(message('Comparing…'));
    const started = performance.now();
    try {
      const [bs, cs] = await Promise.all([base.engine.diffSide(), cand.engine.diffSide()]);
      if (!scope.current) return;
      const sidesAt = performance.now();
      // Both calls are stateless: the chart is drawn in the candidate's worker meanwhile.
      const [report, chart] = await Promise.all([base.engine.diff(bs, cs), cand.engine.diffStepChart(bs, cs)]);
      if (!scope.current) return;
      const diffAt = performance.now();
      const alignBox = el('div', { class: 'cmp-align-box' });
      const chartBox = el('div', { class: 'an-chart-box', 'data-testid': 'compare-chart' });
      const tablesBox = el('div', { class: 'cmp-tables' });
      const tables = new DiffTables(tablesBox, report, (row) => void this.pick(row));
      const summary = summaryBlock(report, tableLabel, (top) => tables.reveal(top.table, top.row));
      const parts: HTMLElement[] = [el('p', { class: 'cmp-runs' }, `Baseline: ${base.file} · candidate: ${cand.file}`), summary];
      if (report.unmatched.length > 0) parts.push(unmatchedList(report.unmatched));
      alignBox.append(this.alignPicker(base, cand, bs.steps, cs.steps, scope));
      this.root.replaceChildren(...parts, alignBox, chartBox, tablesBox);
      // The chart's bars are distributions over both runs, not time ranges of one: nothing to zoom to.
      await drawChart(chartBox, chart, 'Step-time distribution of the baseline and the candidate', () => undefined);
      if (!scope.current) return;
      this.root.dataset.ready = 'true';
      // Bench hook (bench/browser.mjs sets globalThis.pvBench): both runs loaded → tables drawn.
      if ('pvBench' in globalThis) {
        const end = performance.now();
        const detail = { sidesMs: sidesAt - started, diffMs: diffAt - sidesAt, drawMs: end - diffAt };
        performance.measure('pv:compare', { start: started, duration: end - started, detail });
      }
    } catch (err) {
      if (!scope.current) return;
      this.root.replaceChildren(message(`Could not compare them: ${err instanceof Error ? err.message : String(err)}`));
      this.root.dataset.ready = 'true';
    }
  }

  /**
   * Highlights the row's occurrences on each run that has it: the slices named as the row's
   * key names them on that run (the baseline's own key when it was matched under another
   * name), else its longest occurrence; then shows the timeline.
   */
  private async pick(row: AnyDiffRow): Promise<void> {
    const members = this.members;
    const scope = this.scope;
    if (!members || !scope) return;
    const sides = [
      { member: members[0], present: row.base_occurrences > 0, key: row.base_key ?? row, longest: row.base_longest },
      { member: members[1], present: row.cand_occurrences > 0, key: row, longest: row.cand_longest },
    ];
    const slices = await Promise.all(
      sides.map(async ({ member, present, key, longest }) => {
        if (!present) return [];
        const name = sliceName(key);
        const named = name === null ? [] : await member.engine.slicesNamed(name, OCCURRENCE_LIMIT).catch(() => []);
        return named.length > 0 ? named : longest === null ? [] : [longest];
      }),
    );
    if (!scope.current || this.members !== members) return;
    this.host.highlight(new Map(slices.map((ids, i) => [i, ids])));
    this.host.showTimeline();
  }

  /** The "align at" picker, at the first step both runs have (else the trace starts), applied. */
  private alignPicker(base: Member, cand: Member, baseSteps: readonly StepSide[], candSteps: readonly StepSide[], scope: Scope): HTMLElement {
    const b = { start_ps: base.profile?.start_ps ?? 0, steps: baseSteps };
    const c = { start_ps: cand.profile?.start_ps ?? 0, steps: candSteps };
    const steps = commonSteps(b.steps, c.steps);
    const initial = steps[0] ?? null;
    const apply = (step: number | null): void => {
      if (scope.current) this.host.setOffsets(alignOffsets(b, c, step));
    };
    apply(initial);
    return alignPicker(steps, initial, (step) => alignOffsets(b, c, step).get(1) ?? 0, apply);
  }
}

function unmatchedList(items: ReadonlyArray<{ what: string; why: string }>): HTMLElement {
  const box = el('div', { class: 'cmp-unmatched', 'data-testid': 'compare-unmatched' });
  box.append(el('h3', {}, 'Not matched'));
  const ul = el('ul');
  for (const u of items) ul.append(el('li', {}, `${u.what}: ${u.why}`));
  box.append(ul);
  return box;
}

function message(text: string): HTMLElement {
  return el('p', { class: 'an-message' }, text);
}

/** The slice name a row's key gives its occurrences (kernel, HLO op, framework op or event name); null for a step. */
function sliceName(key: object): string | null {
  const fields = key as Record<string, unknown>;
  for (const f of ['kernel_name', 'hlo_op_name', 'operation', 'name']) {
    const v = fields[f];
    if (typeof v === 'string' && v !== '') return v;
  }
  return null;
}
