// The diff tables of a comparison, one per kind of thing compared (kernels, HLO ops, framework
// ops, events, steps), each the analysis tabs' sortable, filterable table with CSV export, in
// the report's order (by |Δ|, largest first). A section `data-testid="diff-table"` with
// `data-table="<name>"` holds each; its rows are `data-testid="diff-row"`.

import type { DiffReport, DiffRow } from '../../engine/diff-types';
import { el } from '../../lib/dom';
import { DataTable } from '../analysis/data-table';
import { diffColumns, keyFields, rowKey } from './diff-columns';
import type { RowRef } from './summary';

/** The tables: `data-table` name, the report's key, the heading. */
export const DIFF_TABLES = [
  { name: 'framework-ops', key: 'framework_ops', label: 'Framework ops' },
  { name: 'kernels', key: 'kernels', label: 'Kernels' },
  { name: 'hlo-ops', key: 'hlo_ops', label: 'HLO ops' },
  { name: 'events', key: 'events', label: 'Events' },
  { name: 'steps', key: 'steps', label: 'Steps' },
] as const;

export type DiffTableName = (typeof DIFF_TABLES)[number]['name'];

/** The heading of table `name`. */
export function tableLabel(name: string): string {
  return DIFF_TABLES.find((t) => t.name === name)?.label ?? name;
}

export class DiffTables {
  private readonly tables = new Map<string, { table: DataTable; section: HTMLElement }>();
  /** Every row of every table, for the summary (steps left out: they are the summary's basis). */
  readonly refs: RowRef[] = [];

  /** Draws the tables of `report` in `box`; picking a row calls `pick` with it. */
  constructor(box: HTMLElement, report: DiffReport, pick: (row: DiffRow) => void) {
    for (const t of DIFF_TABLES) {
      const rows = report[t.key];
      const section = el('section', { class: 'cmp-table', 'data-testid': 'diff-table', 'data-table': t.name });
      section.append(el('h3', {}, `${t.label} (${rows.length})`));
      box.append(section);
      if (rows.length === 0) {
        section.append(el('p', { class: 'an-message' }, `No ${t.label.toLowerCase()} in either run.`));
        continue;
      }
      const tableBox = el('div', { class: 'an-table-box' });
      section.append(tableBox);
      const table = new DataTable(
        tableBox,
        `diff-${t.name}`,
        diffColumns(rows),
        (i) => {
          const r = rows[i];
          if (r) pick(r);
        },
        [],
        'diff-row',
      );
      table.setRows(rows);
      this.tables.set(t.name, { table, section });
      if (t.name === 'steps') continue;
      const keys = keyFields(rows);
      for (const [index, row] of rows.entries()) this.refs.push({ table: t.name, index, row, key: rowKey(row, keys) });
    }
  }

  /** Marks row `index` of table `table` and scrolls it into view. */
  reveal(table: string, index: number): void {
    const t = this.tables.get(table);
    if (!t) return;
    t.section.scrollIntoView({ block: 'start' });
    t.table.mark(index);
  }
}
