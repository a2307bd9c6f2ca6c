// The "?" sheet: a modal listing every key and gesture of GESTURES, with a close button; Esc,
// the button or a click beside the sheet closes it.

import { el } from '../../lib/dom';
import { GESTURES } from './keys';

export class KeySheet {
  readonly root = el('dialog', { class: 'tl-sheet', 'data-testid': 'key-sheet', 'aria-labelledby': 'tl-sheet-title' });

  constructor() {
    // Closed by Esc too: the focus leaves the sheet, so the keys steer the timeline again.
    this.root.addEventListener('close', () => {
      const active = document.activeElement;
      if (active instanceof HTMLElement && this.root.contains(active)) active.blur();
    });
    const head = el('div', { class: 'tl-sheet-head' });
    const close = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'key-sheet-close', 'aria-label': 'Close' }, 'Close');
    close.addEventListener('click', () => this.close());
    head.append(el('h2', { id: 'tl-sheet-title', class: 'panel-title' }, 'Timeline keys and gestures'), close);
    const table = el('table', { class: 'tl-sheet-table' });
    const tbody = el('tbody');
    for (const g of GESTURES) {
      const tr = el('tr');
      const keys = el('th', { scope: 'row' });
      keys.append(el('kbd', {}, g.input));
      tr.append(keys, el('td', {}, g.action));
      tbody.append(tr);
    }
    table.append(tbody);
    this.root.append(head, table, el('p', { class: 'muted small' }, 'Keys act while the timeline is shown and no text box has the focus.'));
    // A click on the backdrop (outside the sheet's box) closes it.
    this.root.addEventListener('click', (e) => {
      const r = this.root.getBoundingClientRect();
      if (e.target === this.root && (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom)) this.close();
    });
  }

  get open(): boolean {
    return this.root.open;
  }

  show(): void {
    if (!this.root.isConnected) document.body.append(this.root);
    if (!this.root.open) this.root.showModal();
  }

  close(): void {
    if (this.root.open) this.root.close();
  }
}
