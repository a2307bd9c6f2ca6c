// "Compare with…": once a profile is open, a button beside its status line that picks another file
// and opens it as the candidate against the open profile (the baseline). Its file input is made
// for each click and never joins the page, which keeps exactly one `input[type=file]`.

import type { OpenSource } from '../../engine/engine';
import { el } from '../../lib/dom';

/** The control: shown while a profile is open. */
export interface CompareWith {
  setShown(shown: boolean): void;
}

/** Adds the button right after `anchor`; `pick` gets the candidate's source. */
export function installCompareWith(anchor: HTMLElement, pick: (cand: OpenSource) => void): CompareWith {
  const button = el(
    'button',
    {
      type: 'button',
      class: 'btn btn-small',
      'data-testid': 'compare-with',
      title: 'Open another profile as the candidate and compare it with this one (the baseline)',
    },
    'Compare with…',
  );
  button.hidden = true;
  button.addEventListener('click', () => {
    const input = el('input', { type: 'file' });
    input.addEventListener('change', () => {
      const f = input.files?.[0];
      if (f) pick({ kind: 'file', file: f });
    });
    input.click();
  });
  anchor.after(button);
  return {
    setShown(shown: boolean): void {
      button.hidden = !shown;
    },
  };
}
