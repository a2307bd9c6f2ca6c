// The comparison in one line (the report's own sentence, as `planeview diff` prints it, with both
// sides' times) and its biggest changes: the report's top regressions and improvements, each a
// link to its row in its diff table.

import type { DiffReport, DiffSummary, DiffTopRow } from '../../engine/diff-types';
import { el } from '../../lib/dom';
import { formatDuration } from '../../lib/time';

/** The summary line of `s`: "The candidate's mean step is 91.6% slower (8 steps vs 8): 11.7 ms → 22.4 ms." */
export function summaryLine(s: DiffSummary): string {
  const text = s.text.charAt(0).toUpperCase() + s.text.slice(1);
  return `${text}: ${formatDuration(s.base_step_ps)} → ${formatDuration(s.cand_step_ps)}${s.basis === 'steps' ? ' mean step' : ` ${s.basis}`}.`;
}

/** "+7.61 ms (+169.1%)"; a row on one side only says so. */
export function change(r: DiffTopRow): string {
  const d = `${r.delta_ps > 0 ? '+' : '−'}${formatDuration(Math.abs(r.delta_ps))}`;
  if (r.status === 'added') return `${d} (only in the candidate)`;
  if (r.status === 'removed') return `${d} (only in the baseline)`;
  return r.delta_pct === null ? d : `${d} (${r.delta_pct > 0 ? '+' : '−'}${Math.abs(r.delta_pct).toFixed(1)}%)`;
}

/**
 * The summary block: the line, then the lists of regressions and improvements; a click on one
 * calls `open` with it. `tableLabel` names a report table for people.
 */
export function summaryBlock(report: DiffReport, tableLabel: (key: string) => string, open: (top: DiffTopRow) => void): HTMLElement {
  const box = el('div', { class: 'cmp-summary', 'data-testid': 'compare-summary' });
  box.append(el('p', { class: 'cmp-line' }, summaryLine(report.summary)));
  const list = (title: string, items: readonly DiffTopRow[], testid: string): void => {
    if (items.length === 0) return;
    const ol = el('ol', { class: 'cmp-top', 'data-testid': testid });
    for (const top of items) {
      const b = el('button', { type: 'button', class: 'cmp-link', title: `Show this row in the ${tableLabel(top.table)} table` }, top.label);
      b.addEventListener('click', () => open(top));
      const li = el('li');
      li.append(b, ` ${tableLabel(top.table)}: ${change(top)}`);
      ol.append(li);
    }
    const section = el('div', { class: 'cmp-top-box' });
    section.append(el('h3', {}, title), ol);
    box.append(section);
  };
  list('Top regressions', report.regressions, 'compare-regressions');
  list('Top improvements', report.improvements, 'compare-improvements');
  return box;
}
