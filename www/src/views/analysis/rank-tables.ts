// The analysis tables of a whole job: every loaded member's table of a tool, merged in one engine
// (`mergeTables`, stateless) into rows with a `rank` column (the member's label, or "all" for the
// sum over the ranks; a row's place in its own table moves to `position`), and the way back from
// a merged row to the rows of the members it came from.

import type { AnalysisTable, AnalysisTool } from '../../engine/engine';
import type { Member } from '../../shell/session';
import { TABLE_COLUMNS } from './columns';
import type { Column } from './data-table';

type Row = Record<string, unknown>;

/** The label of a merged table's rows that sum every rank. */
export const ALL_LABEL = 'all';

/** One member's own table, as the merge read it. */
export interface MemberTable {
  member: Member;
  rows: Row[];
}

/** A merged table and the members' tables it was made from. */
export interface JobTable {
  merged: AnalysisTable;
  parts: MemberTable[];
}

/** Asks every loaded member for its table of `tool` (in parallel) and merges them in the first one's engine. */
export async function jobTable(members: readonly Member[], tool: AnalysisTool, compat: boolean): Promise<JobTable> {
  const loaded = members.filter((m) => m.profile !== null && m.error === null);
  const first = loaded[0];
  if (!first) throw new Error('no rank of this job is loaded');
  const tables = await Promise.all(loaded.map((m) => m.engine.analysisTable(tool, compat)));
  const merged = await first.engine.mergeTables(
    tool,
    tables,
    loaded.map((m) => m.label),
  );
  return { merged, parts: loaded.map((member, i) => ({ member, rows: tables[i]?.rows ?? [] })) };
}

/** The merged table's columns: the rank (label) first, then the tool's columns without XProf's row number. */
export function jobColumns(tool: AnalysisTool): Column[] {
  return [{ id: 'rank', label: 'Rank', kind: 'text' }, ...TABLE_COLUMNS[tool].filter((c) => c.id !== 'rank')];
}

/**
 * The member rows merged row `index` stands for: the row of its rank, or for an "all" row the
 * rows of its key that follow it (the merge puts each key's "all" row first, then the ranks'
 * rows); each as the member and the row's index in that member's own table (`position` − 1,
 * the row's place there).
 */
export function sourcesOf(job: JobTable, index: number): Array<{ member: Member; index: number; row: Row }> {
  const rows = job.merged.rows;
  const group = rows[index]?.rank === ALL_LABEL ? rows.slice(index + 1, nextAll(rows, index + 1)) : rows.slice(index, index + 1);
  const out: Array<{ member: Member; index: number; row: Row }> = [];
  for (const r of group) {
    const part = job.parts.find((p) => p.member.label === r.rank);
    const at = typeof r.position === 'number' ? r.position - 1 : -1;
    const own = part?.rows[at];
    if (part && own) out.push({ member: part.member, index: at, row: own });
  }
  return out;
}

/** The index of the first "all" row of `rows` from `from` on (`rows.length` when none). */
function nextAll(rows: readonly Row[], from: number): number {
  for (let i = from; i < rows.length; i++) if (rows[i]?.rank === ALL_LABEL) return i;
  return rows.length;
}
