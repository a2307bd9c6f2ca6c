// Provisional copy of the run-comparison reply types (the contract's shapes), for compiling only.

/** The small tables one profile contributes to a comparison; opaque to the page. */
export type DiffSide = Record<string, unknown>;

export type DiffStatus = 'matched' | 'added' | 'removed';

/** One row of a diff table: its key columns, then the comparison. */
export interface DiffRow {
  [key: string]: unknown;
  base_ps: number;
  cand_ps: number;
  delta_ps: number;
  delta_pct: number | null;
  base_occurrences: number;
  cand_occurrences: number;
  status: DiffStatus;
  rule: string;
  base_longest: number | null;
  cand_longest: number | null;
}

export interface DiffSummary {
  base_step_ps: number;
  cand_step_ps: number;
  delta_pct: number;
  basis: 'steps' | 'device time' | 'host time';
  base_steps: number;
  cand_steps: number;
}

export interface DiffReport {
  summary: DiffSummary;
  kernels: DiffRow[];
  hlo_ops: DiffRow[];
  framework_ops: DiffRow[];
  events: DiffRow[];
  steps: DiffRow[];
  unmatched: Array<{ what: string; why: string }>;
}
