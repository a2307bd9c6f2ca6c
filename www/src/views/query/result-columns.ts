// How a SQL result's columns show in the sortable table: numbers right-aligned, and a time or a
// size in the unit that fits when the column's name says its unit (the export's `_ps`, `_ns`, `_us`,
// `_ms`, `_bytes` suffixes); which column names a slice the timeline can show.

import type { Column } from '../analysis/data-table';
import type { SqlColumn } from './sql-types';

const UNIT_SUFFIXES: ReadonlyArray<[RegExp, string]> = [
  [/_ps$/, 'ps'],
  [/_ns$/, 'ns'],
  [/_us$/, 'us'],
  [/_ms$/, 'ms'],
  [/_bytes$/, 'bytes'],
];

/** The table column of a result column (its id and header are the SQL name). */
export function tableColumn(c: SqlColumn): Column {
  if (!c.numeric) return { id: c.name, label: c.name, kind: 'text', missing: 'NULL' };
  const unit = UNIT_SUFFIXES.find(([re]) => re.test(c.name))?.[1];
  return unit ? { id: c.name, label: c.name, kind: 'number', unit, missing: 'NULL' } : { id: c.name, label: c.name, kind: 'number', missing: 'NULL' };
}

/**
 * The column whose values are slice ids (the timeline's slice numbers, docs/SCHEMA.md): `slice_id`
 * (the `slices` table's own, or any query's that names one so), else `longest_slice_id` (the
 * analysis tables' longest occurrence). Null when the result has neither.
 */
export function sliceIdColumn(columns: readonly SqlColumn[]): string | null {
  for (const name of ['slice_id', 'longest_slice_id']) if (columns.some((c) => c.name === name && c.numeric)) return name;
  return null;
}
