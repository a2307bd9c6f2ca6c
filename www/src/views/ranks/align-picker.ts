// The alignment picker of the Ranks tab: the ranks on their clocks as recorded, or shifted so that
// step N starts, or collective instance K is entered, at the same moment on every rank. One
// select (`data-testid="ranks-align"`); a change calls `onChange` with the `Align` of the
// `mergeRanks` call.

import type { Align } from '../../engine/ranks-types';

/** A choice's option value: `clock`, `step:<N>` or `collective:<K>`. */
function optionOf(a: Align): string {
  if (a.mode === 'step') return `step:${a.step}`;
  if (a.mode === 'collective') return `collective:${a.instance}`;
  return 'clock';
}

/** The `Align` of option value `v` (see `optionOf`). */
function alignOf(v: string): Align {
  const [mode, n] = v.split(':');
  if (mode === 'step') return { mode: 'step', step: Number(n) };
  if (mode === 'collective') return { mode: 'collective', instance: Number(n) };
  return { mode: 'clock' };
}

/** The picker, showing `current`, with one option per step of `steps` and per collective of `collectives`. */
export function alignPicker(
  steps: readonly number[],
  collectives: ReadonlyArray<{ instance: number; name: string; step: number | null }>,
  current: Align,
  onChange: (a: Align) => void,
): HTMLElement {
  const label = document.createElement('label');
  label.textContent = 'Align ranks by ';
  const select = document.createElement('select');
  select.dataset.testid = 'ranks-align';
  select.title = 'How the ranks’ times are lined up: each rank’s offset is shown below and applied to its group on the timeline';
  const option = (parent: HTMLElement, value: string, text: string): void => {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = text;
    parent.append(o);
  };
  option(select, 'clock', 'clock (as recorded)');
  if (steps.length > 0) {
    const g = document.createElement('optgroup');
    g.label = 'the start of step';
    for (const s of steps) option(g, `step:${s}`, `step #${s}`);
    select.append(g);
  }
  if (collectives.length > 0) {
    const g = document.createElement('optgroup');
    g.label = 'the entry into collective';
    for (const c of collectives) option(g, `collective:${c.instance}`, `${c.instance}: ${c.name}${c.step === null ? '' : ` (step #${c.step})`}`);
    select.append(g);
  }
  select.value = optionOf(current);
  select.addEventListener('change', () => onChange(alignOf(select.value)));
  label.append(select);
  return label;
}
