// A sortable, filterable table of analysis rows with CSV export. Rows are plain objects keyed by
// column id; the table keeps each row's index in the original order so callers can map a click
// back to the engine's row. Cells show values for people (times and bytes in the unit that fits,
// from the column's `unit`) with the exact raw value in their tooltip; sorting, filtering and the
// CSV export use the raw values. Rows are drawn a page at a time ("Show more"), so a table of
// thousands of rows opens as fast as a short one.

import { exactQuantity, formatQuantity } from '../../lib/units';

/** One column: the row key, its header, and how to show a value. */
export interface Column {
  id: string;
  label: string;
  kind: 'text' | 'number' | 'percent' | 'fraction';
  /** Unit of the raw number (`us`, `bytes`, ...; see `lib/units.ts`): shown in the unit that fits. */
  unit?: string;
  /** Digits after the point for numbers without a unit (default 3). */
  digits?: number;
  /** Shown for a missing value (null, or a number that is not finite); default ''. */
  missing?: string;
}

type Row = Record<string, unknown>;

/** Rows drawn at first, and how many more each "Show more" adds (filter, sort and CSV use all). */
const PAGE_ROWS = 500;

/** A button shown on each row (after the columns), for example "Telemetry" on kernel rows. */
export interface RowAction {
  label: string;
  /** `data-testid` of the button (`<testid>-<row>` is not used: rows reorder). */
  testid: string;
  /** Tooltip. */
  title?: string;
  /** Whether the row gets the button (default: every row). */
  applies?(row: Row): boolean;
  /** Called with the row's original index and the row. */
  run(index: number, row: Row): void;
}

/** Whether `v` has no value to show: null, undefined, NaN or ±Infinity. */
function isMissing(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v));
}

function formatCell(v: unknown, c: Column): string {
  if (isMissing(v)) return c.missing ?? '';
  if (typeof v === 'number') {
    if (c.kind === 'fraction') return `${(v * 100).toFixed(2)}%`;
    if (c.kind === 'percent') return `${v.toFixed(2)}%`;
    if (c.unit) return formatQuantity(v, c.unit);
    if (Number.isInteger(v) && c.digits === undefined) return v.toLocaleString('en-US');
    return v.toLocaleString('en-US', { maximumFractionDigits: c.digits ?? 3, minimumFractionDigits: 0 });
  }
  return String(v);
}

/** The tooltip of a cell: the exact number (with its unit) when the cell shows it rounded or scaled. */
function cellTitle(v: unknown, c: Column, text: string): string {
  if (typeof v === 'number' && !isMissing(v)) {
    const exact = exactQuantity(v, c.kind === 'fraction' ? 'fraction' : c.kind === 'percent' ? 'percent' : c.unit);
    return exact === text ? '' : exact;
  }
  return text.length > 40 ? String(v) : '';
}

function csvCell(v: unknown): string {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export class DataTable {
  private rows: Row[] = [];
  private order: number[] = [];
  private sortBy: string | null = null;
  private descending = true;
  private filter = '';
  private marked = -1;
  /** How many rows of the current order are drawn. */
  private drawn = PAGE_ROWS;
  private readonly tbody: HTMLTableSectionElement;
  private readonly thead: HTMLTableSectionElement;
  private readonly count: HTMLElement;
  private readonly more: HTMLButtonElement;

  constructor(
    container: HTMLElement,
    private readonly name: string,
    private readonly columns: Column[],
    private readonly onPick: (row: number) => void,
    private readonly actions: readonly RowAction[] = [],
    /** `data-testid` of every body row (none when empty). */
    private readonly rowTestid = '',
  ) {
    container.replaceChildren();
    const bar = document.createElement('div');
    bar.className = 'an-toolbar';
    const filter = document.createElement('input');
    filter.type = 'search';
    filter.placeholder = 'Filter rows';
    filter.setAttribute('aria-label', `Filter ${name} rows`);
    filter.dataset.testid = `filter-${name}`;
    filter.addEventListener('input', () => {
      this.filter = filter.value.trim().toLowerCase();
      this.refresh();
    });
    const csv = document.createElement('button');
    csv.type = 'button';
    csv.className = 'btn btn-small';
    csv.textContent = 'Export CSV';
    csv.dataset.testid = `csv-${name}`;
    csv.addEventListener('click', () => this.exportCsv());
    this.count = document.createElement('span');
    this.count.className = 'an-count';
    this.more = document.createElement('button');
    this.more.type = 'button';
    this.more.className = 'btn btn-small';
    this.more.dataset.testid = `more-${name}`;
    this.more.hidden = true;
    this.more.addEventListener('click', () => {
      this.drawn += PAGE_ROWS;
      this.refresh();
    });
    bar.append(filter, csv, this.count, this.more);
    const wrap = document.createElement('div');
    wrap.className = 'an-table-wrap';
    const table = document.createElement('table');
    table.className = 'an-table';
    table.dataset.testid = `table-${name}`;
    this.thead = table.createTHead();
    this.tbody = table.createTBody();
    const tr = this.thead.insertRow();
    for (const c of columns) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = c.label;
      th.dataset.col = c.id;
      th.title = `Sort by ${c.label}`;
      th.tabIndex = 0;
      const sort = (): void => this.sort(c.id);
      th.addEventListener('click', sort);
      th.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          sort();
        }
      });
      if (c.kind !== 'text') th.className = 'num';
      tr.append(th);
    }
    if (actions.length > 0) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = 'Actions';
      tr.append(th);
    }
    this.tbody.addEventListener('click', (e) => {
      const target = e.target as HTMLElement;
      const button = target.closest<HTMLButtonElement>('button[data-action]');
      const row = target.closest('tr');
      const i = row?.dataset.row;
      if (i === undefined) return;
      const action = button ? this.actions[Number(button.dataset.action)] : undefined;
      if (action) action.run(Number(i), this.rows[Number(i)] ?? {});
      else this.onPick(Number(i));
    });
    wrap.append(table);
    container.append(bar, wrap);
  }

  setRows(rows: Row[]): void {
    this.rows = rows;
    this.marked = -1;
    this.drawn = PAGE_ROWS;
    this.refresh();
  }

  /** Sorts by column `id`; a second click on the same column reverses the order. */
  sort(id: string): void {
    if (this.sortBy === id) this.descending = !this.descending;
    else {
      this.sortBy = id;
      const col = this.columns.find((c) => c.id === id);
      this.descending = col?.kind !== 'text';
    }
    for (const th of Array.from(this.thead.querySelectorAll('th'))) {
      const on = th.dataset.col === id;
      th.setAttribute('aria-sort', on ? (this.descending ? 'descending' : 'ascending') : 'none');
    }
    this.refresh();
  }

  /** Marks the row with original index `row` (a slice selected on the timeline) and shows it. */
  mark(row: number): void {
    this.marked = row;
    const at = this.order.indexOf(row);
    if (at >= this.drawn) {
      this.drawn = (Math.floor(at / PAGE_ROWS) + 1) * PAGE_ROWS;
      this.refresh();
    }
    for (const tr of Array.from(this.tbody.rows)) {
      const on = Number(tr.dataset.row) === row;
      tr.classList.toggle('marked', on);
      if (on) tr.scrollIntoView({ block: 'nearest' });
    }
  }

  private visible(): number[] {
    const f = this.filter;
    let idx = this.rows.map((_, i) => i);
    if (f) {
      idx = idx.filter((i) =>
        this.columns.some((c) =>
          String(this.rows[i]?.[c.id] ?? '')
            .toLowerCase()
            .includes(f),
        ),
      );
    }
    const by = this.sortBy;
    if (by) {
      const sign = this.descending ? -1 : 1;
      idx.sort((a, b) => {
        const x = this.rows[a]?.[by];
        const y = this.rows[b]?.[by];
        // Missing values last in either direction.
        const mx = isMissing(x);
        const my = isMissing(y);
        if (mx || my) return mx === my ? a - b : mx ? 1 : -1;
        const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
        return c * sign || a - b;
      });
    }
    return idx;
  }

  private refresh(): void {
    this.order = this.visible();
    const shown = this.order.slice(0, this.drawn);
    const body = document.createDocumentFragment();
    for (const i of shown) {
      const r = this.rows[i] ?? {};
      const tr = document.createElement('tr');
      tr.dataset.row = String(i);
      if (this.rowTestid) tr.dataset.testid = this.rowTestid;
      tr.tabIndex = 0;
      if (i === this.marked) tr.classList.add('marked');
      for (const c of this.columns) {
        const td = document.createElement('td');
        const text = formatCell(r[c.id], c);
        td.textContent = text;
        const title = cellTitle(r[c.id], c, text);
        if (title) td.title = title;
        if (c.kind !== 'text') td.className = 'num';
        tr.append(td);
      }
      if (this.actions.length > 0) tr.append(this.actionCell(r));
      body.append(tr);
    }
    this.tbody.replaceChildren(body);
    const rest = this.order.length - shown.length;
    this.count.textContent = `${this.order.length} of ${this.rows.length} rows${rest > 0 ? ` (first ${shown.length} shown)` : ''}`;
    this.more.hidden = rest <= 0;
    this.more.textContent = `Show ${Math.min(rest, PAGE_ROWS)} more`;
  }

  private actionCell(r: Row): HTMLTableCellElement {
    const td = document.createElement('td');
    this.actions.forEach((a, k) => {
      if (a.applies && !a.applies(r)) return;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'btn btn-small';
      b.textContent = a.label;
      b.dataset.action = String(k);
      b.dataset.testid = a.testid;
      if (a.title) b.title = a.title;
      td.append(b);
    });
    return td;
  }

  private exportCsv(): void {
    const lines = [this.columns.map((c) => csvCell(c.id)).join(',')];
    for (const i of this.order) lines.push(this.columns.map((c) => csvCell(this.rows[i]?.[c.id])).join(','));
    const blob = new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${this.name}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }
}
