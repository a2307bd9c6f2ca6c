// "Compare with…": once a profile is open, a file picker beside "Open file…" that opens the
// picked file as the candidate against the open profile (the baseline).

import type { OpenSource } from '../../engine/engine';
import { el } from '../../lib/dom';

/** The control: shown while a profile is open. */
export interface CompareWith {
  setShown(shown: boolean): void;
}

/** Adds the control to `bar` (after what is there); `pick` gets the candidate's source. */
export function installCompareWith(bar: HTMLElement, pick: (cand: OpenSource) => void): CompareWith {
  const input = el('input', { type: 'file', 'data-testid': 'compare-with', 'aria-label': 'Compare the open profile with another file' });
  const button = el('label', { class: 'btn file-btn', title: 'Open another profile as the candidate and compare it with this one (the baseline)' });
  button.append(input, 'Compare with…');
  button.hidden = true;
  input.addEventListener('change', () => {
    const f = input.files?.[0];
    if (f) pick({ kind: 'file', file: f });
    input.value = '';
  });
  bar.append(button);
  return {
    setShown(shown: boolean): void {
      button.hidden = !shown;
    },
  };
}
