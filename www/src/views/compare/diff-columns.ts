// The columns of a diff table: the row's key columns (whatever the comparison keyed that table
// by: kernel name and launch shape, HLO op, framework op type and name, event role and name,
// step), the baseline's key when it differs (an op matched under another name), then the
// comparison columns every diff table shares. Times are integer ps; Δ% is a percent.

import type { DiffRow } from '../../engine/diff-types';
import { unitOfName } from '../../lib/units';
import type { Column } from '../analysis/data-table';

/** A row of any diff table (its key columns differ by table). */
export type AnyDiffRow = DiffRow<object>;

/** Field `k` of row `r`. */
function field(r: AnyDiffRow, k: string): unknown {
  return (r as Record<string, unknown>)[k];
}

/** The comparison columns, after the key columns, in this order. */
export const COMPARISON_COLUMNS: readonly Column[] = [
  { id: 'base_ps', label: 'Baseline', kind: 'number', unit: 'ps', missing: '—' },
  { id: 'cand_ps', label: 'Candidate', kind: 'number', unit: 'ps', missing: '—' },
  { id: 'delta_ps', label: 'Δ', kind: 'number', unit: 'ps', missing: '—' },
  // Rows with no baseline time have no percentage: shown as a dash.
  { id: 'delta_pct', label: 'Δ%', kind: 'percent', missing: '—' },
  { id: 'base_occurrences', label: 'Occurrences (baseline)', kind: 'number' },
  { id: 'cand_occurrences', label: 'Occurrences (candidate)', kind: 'number' },
  { id: 'status', label: 'Status', kind: 'text' },
  { id: 'rule', label: 'Matched by', kind: 'text', missing: '—' },
];

/** Row fields that are not key columns: the comparison, the baseline's key, the slice ids. */
const NOT_KEYS = new Set([...COMPARISON_COLUMNS.map((c) => c.id), 'base_key', 'base_longest', 'cand_longest']);

/** The key fields of `rows`, in the order the first row that has each lists them. */
export function keyFields(rows: readonly AnyDiffRow[]): string[] {
  const keys: string[] = [];
  for (const r of rows) {
    for (const k of Object.keys(r)) if (!NOT_KEYS.has(k) && !keys.includes(k)) keys.push(k);
  }
  return keys;
}

/** "hlo_op_name" → "Hlo op name". */
function label(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The key columns of `rows` (text, or a number in the unit its name implies), the baseline's key if any row has one, then the comparison columns. */
export function diffColumns(rows: readonly AnyDiffRow[]): Column[] {
  const keys = keyFields(rows).map((id): Column => {
    const numeric = rows.some((r) => typeof field(r, id) === 'number');
    const unit = unitOfName(id);
    return numeric ? { id, label: label(id), kind: 'number', ...(unit ? { unit } : {}), missing: '—' } : { id, label: label(id), kind: 'text' };
  });
  const baseKey: Column[] = rows.some((r) => r.base_key) ? [{ id: 'base_key', label: 'Baseline key', kind: 'text' }] : [];
  return [...keys, ...baseKey, ...COMPARISON_COLUMNS];
}

/** Row `r` as the table shows it: the baseline's key (an object) as one line of text. */
export function displayRow(r: AnyDiffRow): Record<string, unknown> {
  if (!r.base_key) return r as Record<string, unknown>;
  const text = Object.values(r.base_key)
    .filter((v) => v !== null && v !== undefined && v !== '')
    .map(String)
    .join(' · ');
  return { ...r, base_key: text };
}
