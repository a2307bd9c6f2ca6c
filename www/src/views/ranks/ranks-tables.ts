// The Ranks tab's two tables as rows and columns for the analysis tables' `DataTable`: one row per
// step (its time on every rank, the slowest rank, the straggler, the spread and the wait it
// caused) and one row per collective instance (arrival and wait on every rank, skew, late rank,
// bandwidth). Per-rank values become one column per rank (`<what>_<rank>`), so that sorting,
// filtering and the CSV export work on them as on any column. Times stay raw ps.

import type { RanksReport } from '../../engine/ranks-types';
import type { Column } from '../analysis/data-table';

type Row = Record<string, unknown>;

/** A per-rank value of a report (`{"0": …}` keyed by rank), or null when that rank has none. */
function perRank(values: Record<string, number | null | undefined>, rank: number): number | null {
  const v = values[String(rank)];
  return typeof v === 'number' ? v : null;
}

/** The ranks of the report, in its order. */
function ranksOf(report: RanksReport): number[] {
  return report.ranks.map((r) => r.rank);
}

/** The step table's columns: step, one time per rank, then the step's cross-rank facts. */
export function stepColumns(report: RanksReport): Column[] {
  return [
    { id: 'step', label: 'Step', kind: 'number' },
    ...ranksOf(report).map((r): Column => ({ id: `time_${r}`, label: `Rank ${r}`, kind: 'number', unit: 'ps', missing: '—' })),
    { id: 'slowest_rank', label: 'Slowest rank', kind: 'number', missing: '—' },
    { id: 'straggler_rank', label: 'Straggler', kind: 'number', missing: '—' },
    { id: 'spread_ps', label: 'Spread (max − min)', kind: 'number', unit: 'ps' },
    { id: 'wait_caused_ps', label: 'Wait caused', kind: 'number', unit: 'ps' },
  ];
}

/** One row per step of `report`, with its time on every rank as `time_<rank>`. */
export function stepRows(report: RanksReport): Row[] {
  const ranks = ranksOf(report);
  return report.steps.map((s) => {
    const row: Row = {
      step: s.step,
      slowest_rank: s.slowest_rank,
      straggler_rank: s.straggler_rank,
      spread_ps: s.spread_ps,
      wait_caused_ps: s.wait_caused_ps,
    };
    for (const r of ranks) row[`time_${r}`] = perRank(s.times_ps, r);
    return row;
  });
}

/** The collectives table's columns: the instance, then arrival and wait per rank, then skew and bandwidth. */
export function collectiveColumns(report: RanksReport): Column[] {
  const ranks = ranksOf(report);
  return [
    { id: 'instance', label: 'Instance', kind: 'number' },
    { id: 'name', label: 'Collective', kind: 'text' },
    { id: 'step', label: 'Step', kind: 'number', missing: '—' },
    { id: 'bytes', label: 'Size', kind: 'number', unit: 'bytes', missing: '—' },
    ...ranks.map((r): Column => ({ id: `arrival_${r}`, label: `Arrival rank ${r}`, kind: 'number', unit: 'ps', missing: '—' })),
    { id: 'skew_ps', label: 'Skew', kind: 'number', unit: 'ps' },
    ...ranks.map((r): Column => ({ id: `wait_${r}`, label: `Wait rank ${r}`, kind: 'number', unit: 'ps', missing: '—' })),
    { id: 'late_rank', label: 'Late rank', kind: 'number', missing: '—' },
    { id: 'algbw_gbps', label: 'Alg. bandwidth GB/s', kind: 'number', missing: '—' },
  ];
}

/** One row per collective instance, with `arrival_<rank>` (job clock, ps) and `wait_<rank>`. */
export function collectiveRows(report: RanksReport): Row[] {
  const ranks = ranksOf(report);
  return report.collectives.map((c) => {
    const row: Row = {
      instance: c.instance,
      name: c.name,
      step: c.step,
      bytes: c.bytes,
      skew_ps: c.skew_ps,
      late_rank: c.late_rank,
      algbw_gbps: c.algbw_gbps,
    };
    for (const r of ranks) {
      row[`arrival_${r}`] = perRank(c.arrival_ps, r);
      row[`wait_${r}`] = perRank(c.wait_ps, r);
    }
    return row;
  });
}
