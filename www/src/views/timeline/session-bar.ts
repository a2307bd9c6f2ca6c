// The timeline's controls for several profiles: how their clocks are aligned (each clock as
// recorded, a chosen step's start, or the ends of a chosen collective; the offset applied to
// each member shows beside its label) and compact mode (one summary track per member).

import { el } from '../../lib/dom';

/** One way to align the members' clocks, as the alignment menu offers it. */
export interface AlignChoice {
  /** "clock", "step 3", "collective 2 (allreduce)". */
  label: string;
  /** Passed back to the chooser as it was given. */
  value: unknown;
}

export class SessionBar {
  readonly root = el('div', { class: 'tl-session-bar', 'data-testid': 'timeline-session' });
  private readonly align = el('select', { 'data-testid': 'timeline-align', 'aria-label': 'Align the profiles’ clocks' }) as HTMLSelectElement;
  private readonly compact = el('input', { type: 'checkbox', 'data-testid': 'timeline-compact' }) as HTMLInputElement;
  private readonly note = el('span', { class: 'muted', 'data-testid': 'timeline-align-note' });
  private choices: readonly AlignChoice[] = [];
  private pick: ((value: unknown) => void) | null = null;

  constructor(onCompact: (on: boolean) => void) {
    const alignLabel = el('label', { title: 'What lines the profiles up on one clock; the offset applied to each shows beside its name' }, 'Align ');
    alignLabel.append(this.align);
    const compactLabel = el('label', { title: 'One summary track per profile (its steps, else its busiest thread)' });
    compactLabel.append(this.compact, ' compact');
    this.align.addEventListener('change', () => {
      const c = this.choices[this.align.selectedIndex];
      if (c) this.pick?.(c.value);
    });
    this.compact.addEventListener('change', () => onCompact(this.compact.checked));
    this.root.append(alignLabel, this.note, compactLabel);
    this.hide();
  }

  hide(): void {
    this.root.hidden = true;
    this.choices = [];
    this.pick = null;
    this.align.replaceChildren();
    this.note.textContent = '';
  }

  /** Shows the bar with compact mode `compact` (the alignment menu waits for `setAlign`). */
  show(compact: boolean): void {
    this.root.hidden = false;
    this.compact.checked = compact;
    if (this.choices.length === 0) {
      this.align.replaceChildren(el('option', {}, 'clock'));
      this.align.disabled = true;
    }
  }

  /** The alignments to offer, `current` selected; `pick` is called with the value chosen. */
  setAlign(choices: readonly AlignChoice[], current: number, pick: (value: unknown) => void, note = ''): void {
    this.choices = choices;
    this.pick = pick;
    this.align.replaceChildren(...choices.map((c) => el('option', {}, c.label)));
    this.align.selectedIndex = Math.max(0, Math.min(current, choices.length - 1));
    this.align.disabled = choices.length < 2;
    this.note.textContent = note;
  }
}
