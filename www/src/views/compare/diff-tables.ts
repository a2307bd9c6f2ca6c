// The diff tables of a comparison, one per kind of thing compared (framework ops, kernels, HLO
// ops, events, steps), each the analysis tabs' sortable, filterable table with CSV export, in
// the report's order (by |Δ|, largest first). A section `data-testid="diff-table"` with
// `data-table="<name>"` holds each; its rows are `data-testid="diff-row"`.

import type { DiffReport } from '../../engine/diff-types';
import { el } from '../../lib/dom';
import { DataTable } from '../analysis/data-table';
import { type AnyDiffRow, diffColumns, displayRow } from './diff-columns';

/** The report's tables. */
export type DiffTableKey = 'kernels' | 'hlo_ops' | 'framework_ops' | 'events' | 'steps';

/** The tables: `data-table` name, the report's key, the heading. */
export const DIFF_TABLES: ReadonlyArray<{ name: string; key: DiffTableKey; label: string }> = [
  { name: 'framework-ops', key: 'framework_ops', label: 'Framework ops' },
  { name: 'kernels', key: 'kernels', label: 'Kernels' },
  { name: 'hlo-ops', key: 'hlo_ops', label: 'HLO ops' },
  { name: 'events', key: 'events', label: 'Events' },
  { name: 'steps', key: 'steps', label: 'Steps' },
];

/** The heading of the report's table `key`. */
export function tableLabel(key: string): string {
  return DIFF_TABLES.find((t) => t.key === key)?.label ?? key;
}

export class DiffTables {
  private readonly tables = new Map<DiffTableKey, { table: DataTable; section: HTMLElement }>();

  /** Draws the tables of `report` in `box`; picking a row calls `pick` with it. */
  constructor(box: HTMLElement, report: DiffReport, pick: (row: AnyDiffRow) => void) {
    for (const t of DIFF_TABLES) {
      const rows: readonly AnyDiffRow[] = report[t.key];
      const section = el('section', { class: 'cmp-table', 'data-testid': 'diff-table', 'data-table': t.name });
      section.append(el('h3', {}, `${t.label} (${rows.length})`));
      box.append(section);
      if (rows.length === 0) {
        section.append(el('p', { class: 'an-message' }, `No ${t.label.toLowerCase()} in either run.`));
        continue;
      }
      const tableBox = el('div', { class: 'an-table-box' });
      section.append(tableBox);
      const pickRow = (i: number): void => {
        const r = rows[i];
        if (r) pick(r);
      };
      const table = new DataTable(tableBox, `diff-${t.name}`, diffColumns(rows), pickRow, [], 'diff-row');
      table.setRows(rows.map(displayRow));
      this.tables.set(t.key, { table, section });
    }
  }

  /** Marks row `index` of the report's table `key` and scrolls it into view. */
  reveal(key: DiffTableKey, index: number): void {
    const t = this.tables.get(key);
    if (!t) return;
    t.section.scrollIntoView({ block: 'start' });
    t.table.mark(index);
  }
}
