// The files of a session of several profiles, one row each (`data-testid="member"`): its label
// (which rank or host the file became), the file, its state (queued, reading, importing, loaded,
// failed) and, when it failed, its one-line error in place. Hidden for a single file.

import type { MemberProgress } from '../engine/pool';
import { clear, el } from '../lib/dom';
import { formatBytes, formatCount } from '../lib/time';
import { diagnosticCounts } from '../views/status-view';
import type { Member, Session } from './session';

/** A member's state as the list shows it (`data-state`). */
export type MemberState = 'queued' | 'reading' | 'importing' | 'loaded' | 'failed';

export class MemberList {
  private rows = new Map<number, { row: HTMLElement; state: HTMLElement }>();

  constructor(private readonly root: HTMLElement) {
    root.setAttribute('data-testid', 'member-list');
    this.hide();
  }

  /** No session of several files: the list is empty and hidden. */
  hide(): void {
    clear(this.root);
    this.rows.clear();
    this.root.hidden = true;
  }

  /** Lists `session`'s members in session order (hidden for one file). */
  show(session: Session, problems: readonly string[] = []): void {
    this.hide();
    if (session.members.length < 2) return;
    const kind = session.kind === 'job' ? 'job' : session.kind === 'compare' ? 'comparison' : 'session';
    const loaded = session.members.filter((m) => m.profile !== null).length;
    this.root.append(el('span', { class: 'member-title' }, `${session.members.length} files (${kind}), ${loaded} loaded:`));
    const ul = el('ul', { class: 'member-rows' });
    for (const m of session.members) {
      const state = el('span', { class: 'member-state', 'data-testid': 'member-state' });
      const row = el('li', { class: 'member', 'data-testid': 'member', 'data-member': String(m.index) });
      row.append(el('span', { class: 'member-label', 'data-testid': 'member-label' }, m.label));
      if (m.file !== m.label) row.append(el('span', { class: 'member-file', 'data-testid': 'member-file' }, m.file));
      row.append(state);
      ul.append(row);
      this.rows.set(m.index, { row, state });
      this.setMember(m);
    }
    this.root.append(ul);
    if (problems.length > 0) {
      const pl = el('ul', { class: 'member-problems', 'data-testid': 'session-problems' });
      for (const p of problems) pl.append(el('li', { class: 'member-problem' }, p));
      this.root.append(pl);
    }
    this.root.hidden = false;
  }

  /** Shows member `m`'s outcome: loaded, or its error. */
  setMember(m: Member): void {
    if (m.error !== null) this.setState(m.index, 'failed', m.error);
    else if (m.profile !== null) {
      const s = m.profile.summary;
      this.setState(m.index, 'loaded', `${formatCount(s.events)} events, ${diagnosticCounts(s.diagnostics ?? {})}`);
    }
  }

  /** Shows the progress of member `index` while it waits, reads and imports. */
  progress(index: number, p: MemberProgress): void {
    if (p.phase === 'queued') this.setState(index, 'queued', 'waiting');
    else if (p.phase === 'importing') {
      const share = p.importedShare === undefined ? '…' : `: ${Math.floor(Math.min(1, p.importedShare) * 100)} %`;
      this.setState(index, 'importing', `importing ${formatBytes(p.received)}${share}`);
    } else
      this.setState(
        index,
        'reading',
        p.total ? `${Math.min(100, Math.round((p.received / p.total) * 100))} % of ${formatBytes(p.total)}` : formatBytes(p.received),
      );
  }

  private setState(index: number, state: MemberState, text: string): void {
    const r = this.rows.get(index);
    if (!r) return;
    r.row.dataset.state = state;
    r.state.textContent = state === 'failed' ? text : `${state}: ${text}`;
    r.state.title = text;
  }
}
