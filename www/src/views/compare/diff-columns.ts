// The columns of a diff table: the row's key columns (whatever the comparison keyed that table
// by: kernel name, HLO op and program, framework op type and name, event role and name, step),
// then the comparison columns every diff table shares. Times are integer ps; Δ% is a percent.

import type { DiffRow } from '../../engine/diff-types';
import { unitOfName } from '../../lib/units';
import type { Column } from '../analysis/data-table';

/** The comparison columns, after the key columns, in this order. */
export const COMPARISON_COLUMNS: readonly Column[] = [
  { id: 'base_ps', label: 'Baseline', kind: 'number', unit: 'ps', missing: '—' },
  { id: 'cand_ps', label: 'Candidate', kind: 'number', unit: 'ps', missing: '—' },
  { id: 'delta_ps', label: 'Δ', kind: 'number', unit: 'ps', missing: '—' },
  // Added and removed rows have no baseline to be a percentage of: shown as a dash.
  { id: 'delta_pct', label: 'Δ%', kind: 'percent', missing: '—' },
  { id: 'base_occurrences', label: 'Occurrences (baseline)', kind: 'number' },
  { id: 'cand_occurrences', label: 'Occurrences (candidate)', kind: 'number' },
  { id: 'status', label: 'Status', kind: 'text' },
  { id: 'rule', label: 'Matched by', kind: 'text' },
];

/** Row fields that are not key columns: the comparison, and the slice ids the page highlights. */
const NOT_KEYS = new Set([...COMPARISON_COLUMNS.map((c) => c.id), 'base_longest', 'cand_longest']);

/** The key fields of `rows`, in the order the first row that has each lists them. */
export function keyFields(rows: readonly DiffRow[]): string[] {
  const keys: string[] = [];
  for (const r of rows) {
    for (const k of Object.keys(r)) if (!NOT_KEYS.has(k) && !k.startsWith('_') && !keys.includes(k)) keys.push(k);
  }
  return keys;
}

/** "hlo_op_name" → "Hlo op name". */
function label(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The key columns of `rows` (text, or a number in the unit its name implies), then the comparison columns. */
export function diffColumns(rows: readonly DiffRow[]): Column[] {
  const keys = keyFields(rows).map((id): Column => {
    const numeric = rows.some((r) => typeof r[id] === 'number');
    const unit = unitOfName(id);
    return numeric ? { id, label: label(id), kind: 'number', ...(unit ? { unit } : {}), missing: '—' } : { id, label: label(id), kind: 'text' };
  });
  return [...keys, ...COMPARISON_COLUMNS];
}

/** The key of row `r` as one line ("aten::mm", "Kernel · sgemm_128x64"). */
export function rowKey(r: DiffRow, keys: readonly string[]): string {
  const parts = keys.map((k) => r[k]).filter((v) => v !== null && v !== undefined && v !== '');
  return parts.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(' · ');
}
