// The comparison in one line and its biggest changes: "The candidate's mean step is 91.6 %
// slower (8 steps vs 8)", or, without steps on both sides, the basis the comparison used; then
// the top regressions and improvements, each a link to its row in its diff table.

import type { DiffReport, DiffRow, DiffSummary } from '../../engine/diff-types';
import { el } from '../../lib/dom';
import { formatDuration } from '../../lib/time';

/** How many regressions and improvements the summary lists. */
const TOP = 5;

/** A row of one diff table, for the summary's links. */
export interface RowRef {
  table: string;
  index: number;
  row: DiffRow;
  key: string;
}

/** The summary line of `s`. */
export function summaryLine(s: DiffSummary): string {
  const pct = Math.abs(s.delta_pct);
  const way = s.delta_pct > 0 ? 'slower' : s.delta_pct < 0 ? 'faster' : 'as fast';
  const amount = s.delta_pct === 0 ? '' : `${pct.toFixed(1)} % `;
  const times = `${formatDuration(s.base_step_ps)} → ${formatDuration(s.cand_step_ps)}`;
  if (s.basis === 'steps') return `The candidate's mean step is ${amount}${way} (${s.base_steps} steps vs ${s.cand_steps}; ${times}).`;
  const why =
    s.base_steps === 0 && s.cand_steps === 0 ? 'neither run has steps' : s.base_steps === 0 ? 'the baseline has no steps' : 'the candidate has no steps';
  return `The candidate's total ${s.basis} is ${amount}${way} (${times}; compared by ${s.basis}: ${why}).`;
}

/** The `TOP` rows of `refs` that got slowest (regressions) and fastest (improvements), by Δ. */
export function topChanges(refs: readonly RowRef[]): { regressions: RowRef[]; improvements: RowRef[] } {
  const by = (sign: number): RowRef[] =>
    refs
      .filter((r) => Math.sign(r.row.delta_ps) === sign)
      .sort((a, b) => sign * (b.row.delta_ps - a.row.delta_ps))
      .slice(0, TOP);
  return { regressions: by(1), improvements: by(-1) };
}

/** "+7.61 ms (+169.1 %)", "new: 2.8 ms", "gone: −2.8 ms". */
function change(r: DiffRow): string {
  const d = `${r.delta_ps > 0 ? '+' : '−'}${formatDuration(Math.abs(r.delta_ps))}`;
  if (r.status === 'added') return `${d} (only in the candidate)`;
  if (r.status === 'removed') return `${d} (only in the baseline)`;
  return r.delta_pct === null ? d : `${d} (${r.delta_pct > 0 ? '+' : '−'}${Math.abs(r.delta_pct).toFixed(1)} %)`;
}

/**
 * The summary block: the line, then the lists of regressions and improvements; a click on one
 * calls `open` with its row.
 */
export function summaryBlock(report: DiffReport, refs: readonly RowRef[], tableLabel: (table: string) => string, open: (ref: RowRef) => void): HTMLElement {
  const box = el('div', { class: 'cmp-summary', 'data-testid': 'compare-summary' });
  box.append(el('p', { class: 'cmp-line' }, summaryLine(report.summary)));
  const { regressions, improvements } = topChanges(refs);
  const list = (title: string, items: RowRef[], testid: string): void => {
    if (items.length === 0) return;
    const ol = el('ol', { class: 'cmp-top', 'data-testid': testid });
    for (const ref of items) {
      const b = el('button', { type: 'button', class: 'cmp-link', title: `Show this row in the ${tableLabel(ref.table)} table` }, ref.key);
      b.addEventListener('click', () => open(ref));
      const li = el('li');
      li.append(b, ` ${tableLabel(ref.table)}: ${change(ref.row)}`);
      ol.append(li);
    }
    const section = el('div', { class: 'cmp-top-box' });
    section.append(el('h3', {}, title), ol);
    box.append(section);
  };
  list('Top regressions', regressions, 'compare-regressions');
  list('Top improvements', improvements, 'compare-improvements');
  return box;
}
