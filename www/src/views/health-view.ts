// The trace-health tab: every diagnostic of the import with its severity, count and first examples
// (its meaning, from the diagnostics registry, as the row's tooltip); an example that names an event
// links to it in the timeline. With several files, one section per file (`data-testid=
// "health-member"`): its label, and its error when it failed, else its own diagnostics.

import type { CounterEngine, HealthEntry, Profile } from '../engine/engine';
import { clear, el } from '../lib/dom';
import { severityText } from '../lib/severity';
import { formatCount } from '../lib/time';
import type { Scope } from '../shell/scope';
import type { Member, Session } from '../shell/session';
import type { View } from '../shell/view';

export class HealthView implements View {
  constructor(
    private readonly root: HTMLElement,
    private readonly engine: CounterEngine,
    private readonly showSlice: (sliceId: number) => void,
    /** The session-wide id of member `member`'s slice `id` (the timeline's, to show it there). */
    private readonly globalId: (member: number, id: number) => number = (_m, id) => id,
  ) {
    root.classList.add('health-view');
    this.clear();
  }

  clear(): void {
    this.pending = null;
    clear(this.root);
    this.root.append(
      el('h2', { class: 'panel-title' }, 'Trace health'),
      el('p', { class: 'muted' }, 'Open a profile to see what the importer had to fix, skip or count.'),
    );
  }

  /**
   * One file: its health report is asked for when the tab is first shown (a pass over every
   * slice, and the runtime memory analysis for its diagnostics, that would otherwise keep the
   * worker busy while the timeline is first used).
   */
  load(_profile: Profile, scope: Scope): void {
    this.pending = { session: null, scope };
    clear(this.root);
    this.root.append(el('h2', { class: 'panel-title' }, 'Trace health'), el('p', { class: 'muted' }, 'Reading the health report…'));
  }

  /** The session (null: the one file of `load`) whose health is asked for when the tab is first shown, and its scope. */
  private pending: { session: Session | null; scope: Scope } | null = null;

  /**
   * Several files: each one's health (asked of its own engine) or its error, in session order,
   * asked when the tab is first shown, as for one file.
   */
  loadSession(session: Session, scope: Scope): void {
    if (session.kind === 'single') return;
    clear(this.root);
    this.root.append(el('h2', { class: 'panel-title' }, 'Trace health'), el('p', { class: 'muted' }, `Reading the health of ${session.members.length} files…`));
    this.pending = { session, scope };
  }

  show(): void {
    const asked = this.pending;
    this.pending = null;
    if (!asked) return;
    const { session, scope } = asked;
    if (!session) {
      this.engine
        .health()
        .then((entries) => {
          if (scope.current) this.render(entries);
        })
        .catch(() => undefined);
      return;
    }
    void Promise.all(session.members.map((m) => (m.profile ? m.engine.health().catch(() => null) : Promise.resolve(null)))).then((all) => {
      if (scope.current) this.renderSession(session.members, all);
    });
  }

  private renderSession(members: readonly Member[], all: Array<HealthEntry[] | null>): void {
    clear(this.root);
    const failed = members.filter((m) => m.error !== null).length;
    this.root.append(
      el('h2', { class: 'panel-title' }, 'Trace health'),
      el('p', { 'data-testid': 'health-total' }, `${members.length} files${failed > 0 ? `, ${failed} could not be opened` : ''}`),
    );
    members.forEach((m, i) => {
      const section = el('section', { class: 'health-member', 'data-testid': 'health-member', 'data-member': String(m.index) });
      section.append(el('h3', {}, m.file === m.label ? m.label : `${m.label} · ${m.file}`));
      const entries = all[i];
      if (m.error !== null) section.append(el('p', { class: 'health-error', 'data-testid': 'health-error' }, m.error));
      else if (entries) this.renderEntries(section, entries, m.index, 'member-');
      else section.append(el('p', { class: 'muted' }, 'Its health report could not be read.'));
      this.root.append(section);
    });
  }

  private render(entries: HealthEntry[]): void {
    clear(this.root);
    this.root.append(el('h2', { class: 'panel-title' }, 'Trace health'));
    this.renderEntries(this.root, entries, 0, '');
  }

  /**
   * The diagnostics `entries` of member `member` into `box`: the total, then one row per kind
   * (test ids `health-<part>-total` and `-list` with `part` '' or 'member-').
   */
  private renderEntries(box: HTMLElement, entries: HealthEntry[], member: number, part: string): void {
    const total = entries.reduce((n, e) => n + e.count, 0);
    box.append(
      el(
        'p',
        { 'data-testid': `health-${part}total` },
        total === 0
          ? 'The importer reported no problems.'
          : `${formatCount(total)} diagnostic${total === 1 ? '' : 's'} in ${entries.length} kind${entries.length === 1 ? '' : 's'}`,
      ),
    );
    const ul = el('ul', { class: 'diag-list', 'data-testid': `health-${part}list` });
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
          const id = this.globalId(member, ex.slice);
          const b = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'health-show' }, 'Show');
          b.title = 'Show this event in the timeline';
          b.addEventListener('click', () => this.showSlice(id));
          row.append(' ', b);
        }
        li.append(row);
      }
      ul.append(li);
    }
    box.append(ul);
  }
}
