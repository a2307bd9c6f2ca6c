// The Compare tab: two runs that are not ranks of one job, the first the baseline, the second the
// candidate. Each member's engine computes its side of the comparison (`diffSide`) in parallel;
// the baseline's engine matches them (`diff`) while the candidate's draws the step-time chart
// (`diffStepChart`; both calls are stateless). The tab shows the
// summary line with the top regressions and improvements, the step-time distributions of both
// runs, and one diff table per kind of thing compared; picking a row highlights its longest
// occurrence on both runs' timelines. The "align at" picker shifts the candidate on the shared
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

export class CompareView implements View {
  constructor(
    private readonly root: HTMLElement,
    private readonly compareWith: CompareWith,
    private readonly host: CompareHost,
  ) {
    root.dataset.testid = 'compare-view';
    host.setTabShown(false);
  }

  clear(): void {
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
      const tables = new DiffTables(tablesBox, report, (row) => this.pick(row));
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

  /** Highlights the row's longest occurrence on each run that has it, on the timeline. */
  private pick(row: AnyDiffRow): void {
    this.host.highlight(
      new Map([
        [0, row.base_longest === null ? [] : [row.base_longest]],
        [1, row.cand_longest === null ? [] : [row.cand_longest]],
      ]),
    );
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
