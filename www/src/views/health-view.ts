// The trace-health tab: every diagnostic of the import with its severity, count and first examples
// (its meaning, from the diagnostics registry, as the row's tooltip); an example that names an event
// links to it in the timeline.

import type { CounterEngine, HealthEntry, Profile } from '../engine/engine';
import { clear, el } from '../lib/dom';
import { severityText } from '../lib/severity';
import { formatCount } from '../lib/time';
import type { Scope } from '../shell/scope';
import type { View } from '../shell/view';

export class HealthView implements View {
  constructor(
    private readonly root: HTMLElement,
    private readonly engine: CounterEngine,
    private readonly showSlice: (sliceId: number) => void,
  ) {
    root.classList.add('health-view');
    this.clear();
  }

  clear(): void {
    clear(this.root);
    this.root.append(
      el('h2', { class: 'panel-title' }, 'Trace health'),
      el('p', { class: 'muted' }, 'Open a profile to see what the importer had to fix, skip or count.'),
    );
  }

  /**
   * Asks for the health report in the next animation frame: the worker answers in order, and the
   * report (a pass over every slice) then comes after the timeline's first render list.
   */
  load(_profile: Profile, scope: Scope): void {
    requestAnimationFrame(() => {
      if (!scope.current) return;
      this.engine
        .health()
        .then((entries) => {
          if (scope.current) this.render(entries);
        })
        .catch(() => undefined);
    });
  }

  private render(entries: HealthEntry[]): void {
    clear(this.root);
    const total = entries.reduce((n, e) => n + e.count, 0);
    this.root.append(
      el('h2', { class: 'panel-title' }, 'Trace health'),
      el(
        'p',
        { 'data-testid': 'health-total' },
        total === 0
          ? 'The importer reported no problems.'
          : `${formatCount(total)} diagnostic${total === 1 ? '' : 's'} in ${entries.length} kind${entries.length === 1 ? '' : 's'}`,
      ),
    );
    const ul = el('ul', { class: 'diag-list', 'data-testid': 'health-list' });
    for (const e of entries) {
      const li = el('li', { class: `diag sev-${e.severity}`, 'data-diagnostic': e.name });
      if (e.meaning) li.title = e.meaning;
      const head = el('div', { class: 'diag-head' });
      head.append(
        el('span', { class: 'diag-sev' }, severityText(e.severity)),
        el('span', { class: 'diag-name' }, e.name),
        el('span', { class: 'diag-count', title: `${e.count} occurrences` }, `× ${formatCount(e.count)}`),
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
