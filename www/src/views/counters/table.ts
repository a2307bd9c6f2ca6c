// A plain table built through textContent (trace strings are untrusted).

import { el } from '../../lib/dom';

export interface Column<T> {
  title: string;
  value(row: T): string;
  /** Right-aligned numbers. */
  numeric?: boolean;
}

export function table<T>(columns: Column<T>[], rows: T[], testid: string): HTMLTableElement {
  const t = el('table', { class: 'data-table', 'data-testid': testid });
  const head = el('tr');
  for (const c of columns) head.append(el('th', { scope: 'col', class: c.numeric ? 'num' : '' }, c.title));
  const thead = el('thead');
  thead.append(head);
  const tbody = el('tbody');
  for (const r of rows) {
    const tr = el('tr');
    for (const c of columns) {
      const text = c.value(r);
      const td = el('td', { class: c.numeric ? 'num' : '' }, text);
      if (text.length > 40) td.title = text;
      tr.append(td);
    }
    tbody.append(tr);
  }
  t.append(thead, tbody);
  return t;
}

/** A number for a table cell ('' for null). */
export function num(v: number | null | undefined, digits = 6): string {
  if (v === null || v === undefined) return '';
  if (!Number.isFinite(v)) return String(v);
  if (Number.isInteger(v)) return v.toLocaleString('en-US');
  return Number(v.toPrecision(digits)).toLocaleString('en-US', { maximumFractionDigits: 9 });
}
