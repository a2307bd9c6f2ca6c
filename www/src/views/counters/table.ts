// A plain table built through textContent (trace strings are untrusted). Cells of numbers in a
// unit show them for people (`qty`) with the exact value in their tooltip.

import { el } from '../../lib/dom';
import { exactQuantity, formatQuantity } from '../../lib/units';

export interface Column<T> {
  title: string;
  value(row: T): string;
  /** Right-aligned numbers. */
  numeric?: boolean;
  /** The cell's tooltip (the exact value), when the text rounds or scales it. */
  exact?(row: T): string;
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
      const exact = c.exact?.(r) ?? '';
      if (exact && exact !== text) td.title = exact;
      else if (text.length > 40) td.title = text;
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

/** A column of the number `value(row)` in the row's `unit`: shown for people, exact in the tooltip. */
export function qty<T>(title: string, value: (row: T) => number | null | undefined, unit: (row: T) => string | null | undefined): Column<T> {
  return {
    title,
    numeric: true,
    value: (r) => {
      const v = value(r);
      const u = unit(r);
      return v === null || v === undefined ? '' : u ? formatQuantity(v, u) : num(v);
    },
    exact: (r) => {
      const v = value(r);
      return v === null || v === undefined ? '' : exactQuantity(v, unit(r));
    },
  };
}
