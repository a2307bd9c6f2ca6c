// The trace-health tab: every diagnostic of the import with its severity, count and first examples
// (its meaning, from the diagnostics registry, as the row's tooltip); an example that names an event
// links to it in the timeline.

import type { CounterEngine, HealthEntry } from '../engine/engine';
import { clear, el } from '../lib/dom';
import { formatCount } from '../lib/time';

const SEVERITY_TEXT: Record<string, string> = { error: 'error', data_loss: 'data loss', info: 'info' };

export class HealthView {
  private token = 0;

  constructor(
    private readonly root: HTMLElement,
    private readonly engine: CounterEngine,
    private readonly showSlice: (sliceId: number) => void,
  ) {
    root.classList.add('health-view');
    this.clear();
  }

  clear(): void {
    this.token++;
    clear(this.root);
    this.root.append(el('h2', { class: 'panel-title' }, 'Trace health'), el('p', { class: 'muted' }, 'Open a profile to see what the importer had to fix, skip or count.'));
  }

  async load(): Promise<void> {
    const token = ++this.token;
    const entries = await this.engine.health();
    if (token !== this.token) return;
    this.render(entries);
  }

  private render(entries: HealthEntry[]): void {
    clear(this.root);
    const total = entries.reduce((n, e) => n + e.count, 0);
    this.root.append(
      el('h2', { class: 'panel-title' }, 'Trace health'),
      el('p', { 'data-testid': 'health-total' }, total === 0 ? 'The importer reported no problems.' : `${formatCount(total)} diagnostic${total === 1 ? '' : 's'} in ${entries.length} kind${entries.length === 1 ? '' : 's'}`),
    );
    const ul = el('ul', { class: 'diag-list', 'data-testid': 'health-list' });
    for (const e of entries) {
      const li = el('li', { class: `diag sev-${e.severity}`, 'data-diagnostic': e.name });
      if (e.meaning) li.title = e.meaning;
      const head = el('div', { class: 'diag-head' });
      head.append(
        el('span', { class: 'diag-sev' }, SEVERITY_TEXT[e.severity] ?? e.severity),
        el('span', { class: 'diag-name' }, e.name),
        el('span', { class: 'diag-count' }, `× ${formatCount(e.count)}`),
      );
      li.append(head);
      for (const ex of e.examples) {
        const row = el('div', { class: 'diag-example' }, ex.text);
        if (ex.slice !== null) {
          const id = ex.slice;
          const b = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'health-show' }, 'Show');
          b.title = 'Show this event in the timeline';
          b.addEventListener('click', () => this.showSlice(id));
          row.append(' ', b);
        }
        li.append(row);
      }
      ul.append(li);
    }
    this.root.append(ul);
  }
}
