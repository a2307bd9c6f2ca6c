// Where the two runs sit on the shared timeline: the candidate shifted so that its step N starts
// where the baseline's step N does (or its trace start at the baseline's). The baseline keeps its
// own times (offset 0); the picker says which step the runs are aligned at.

import { el } from '../../lib/dom';
import { formatDuration } from '../../lib/time';

/** A step of one run: its number and its start (ps, that run's trace time). */
export interface StepStart {
  step: number;
  start_ps: number;
}

/** The member offsets (member index → ps added to its trace times) that align `cand` to `base`. */
export function alignOffsets(
  base: { start_ps: number; steps: readonly StepStart[] },
  cand: { start_ps: number; steps: readonly StepStart[] },
  step: number | null,
): Map<number, number> {
  const b = step === null ? undefined : base.steps.find((s) => s.step === step);
  const c = step === null ? undefined : cand.steps.find((s) => s.step === step);
  const shift = b && c ? b.start_ps - c.start_ps : base.start_ps - cand.start_ps;
  return new Map([
    [0, 0],
    [1, shift],
  ]);
}

/** The step numbers both runs have, in order. */
export function commonSteps(base: readonly StepStart[], cand: readonly StepStart[]): number[] {
  const inCand = new Set(cand.map((s) => s.step));
  return [...new Set(base.map((s) => s.step).filter((n) => inCand.has(n)))].sort((x, y) => x - y);
}

/**
 * The "align at" picker: the trace starts, or any step both runs have. Calls `apply` with the
 * chosen step (null: the trace starts) on change; starts at `initial`. `shiftOf` gives the
 * candidate's shift for a choice, shown beside the picker (the page never shifts silently).
 */
export function alignPicker(
  steps: readonly number[],
  initial: number | null,
  shiftOf: (step: number | null) => number,
  apply: (step: number | null) => void,
): HTMLElement {
  const label = el('label', { class: 'cmp-align' }, 'Align the runs at ');
  const select = el('select', { 'data-testid': 'compare-align', 'aria-label': 'Align the two runs on the timeline at' });
  select.append(el('option', { value: '' }, 'the trace starts'));
  for (const n of steps) select.append(el('option', { value: String(n) }, `step ${n}`));
  select.value = initial === null ? '' : String(initial);
  const shown = el('span', { class: 'cmp-shift', 'data-testid': 'compare-shift' });
  const describe = (step: number | null): void => {
    const ps = shiftOf(step);
    shown.textContent = `candidate shifted by ${ps < 0 ? '−' : '+'}${formatDuration(Math.abs(ps))}`;
    shown.title = `${ps} ps added to the candidate's trace times`;
  };
  describe(initial);
  select.addEventListener('change', () => {
    const step = select.value === '' ? null : Number(select.value);
    describe(step);
    apply(step);
  });
  label.append(select);
  const box = el('div', { class: 'an-toolbar' });
  box.append(label, shown);
  return box;
}
