// Provisional copy of the run-comparison reply types (the contract's shapes), for compiling only.

/** A step of one side: its number and where it starts (ps, that profile's trace time). */
export interface StepSide {
  step: number;
  name: string;
  start_ps: number;
  time_ps: number;
  longest: number | null;
}

/** The small tables one profile contributes to a comparison. */
export interface DiffSide {
  steps: StepSide[];
  [table: string]: unknown;
}

export type DiffStatus = 'matched' | 'added' | 'removed';

/** One row of a diff table: its key columns, then the comparison. */
export interface DiffRow {
  [key: string]: unknown;
  base_key?: Record<string, unknown>;
  base_ps: number;
  cand_ps: number;
  delta_ps: number;
  delta_pct: number | null;
  base_occurrences: number;
  cand_occurrences: number;
  status: DiffStatus;
  rule: string | null;
  base_longest: number | null;
  cand_longest: number | null;
}

export interface DiffSummary {
  base_step_ps: number;
  cand_step_ps: number;
  delta_pct: number | null;
  basis: 'steps' | 'device time' | 'host time';
  base_steps: number;
  cand_steps: number;
  matched_steps: number;
  text: string;
}

export type DiffTableKey = 'kernels' | 'hlo_ops' | 'framework_ops' | 'events' | 'steps';

export interface TopRow {
  table: DiffTableKey;
  row: number;
  label: string;
  base_ps: number;
  cand_ps: number;
  delta_ps: number;
  delta_pct: number | null;
  status: DiffStatus;
}

export interface DiffReport {
  summary: DiffSummary;
  regressions: TopRow[];
  improvements: TopRow[];
  kernels: DiffRow[];
  hlo_ops: DiffRow[];
  framework_ops: DiffRow[];
  events: DiffRow[];
  steps: DiffRow[];
  unmatched: Array<{ what: string; why: string }>;
}
