// Replies of the run-comparison calls (crate/src/analysis/diff/): written by hand to match the
// Rust types field for field. Times are integer ps; slice ids index the profile the row came from.

/** Kernels of one (name, grid, block) of one profile. */
export interface KernelSide {
  kernel_name: string;
  grid_dim: string;
  block_dim: string;
  occurrences: number;
  time_ps: number;
  longest: number | null;
}

/** One HLO op of one profile; time is self time. */
export interface HloOpSide {
  /** The module's name without program id, counters and fingerprints (`jit_f`). */
  module: string;
  /** The program as the profile names it (`jit_f(12)`). */
  program: string;
  hlo_op_name: string;
  category: string;
  hlo_op_expression: string;
  /** Fingerprint of what the op computes, shapes included (null without the module's HLO). */
  computation: string | null;
  /** The same without shapes. */
  structure: string | null;
  occurrences: number;
  time_ps: number;
  longest: number | null;
}

/** One framework op row of one profile; time is self time. */
export interface FrameworkOpSide {
  host_or_device: string;
  type: string;
  operation: string;
  occurrences: number;
  time_ps: number;
  longest: number | null;
}

/** The slices of one name on the tracks of one role; time is self time. */
export interface EventSide {
  role: string;
  name: string;
  occurrences: number;
  time_ps: number;
  wall_ps: number;
  longest: number | null;
}

export interface StepSide {
  step: number;
  name: string;
  start_ps: number;
  time_ps: number;
  longest: number | null;
}

/** What one profile contributes to a comparison (`diffSide`); pass two of them to `diff`. */
export interface DiffSide {
  kernels: KernelSide[];
  hlo_ops: HloOpSide[];
  framework_ops: FrameworkOpSide[];
  events: EventSide[];
  steps: StepSide[];
  totals: { device_ps: number; host_ps: number };
}

export type DiffStatus = 'matched' | 'added' | 'removed';

/** Both sides of one compared row; `K` are its key columns. */
export type DiffRow<K> = K & {
  /** The base row's key columns when they differ (an op matched under another name). */
  base_key?: K;
  base_ps: number;
  cand_ps: number;
  delta_ps: number;
  /** null when base_ps is 0. */
  delta_pct: number | null;
  base_occurrences: number;
  cand_occurrences: number;
  status: DiffStatus;
  /** The matching rule (`name+grid+block`, `computation`, `role+name`, ...); null when not matched. */
  rule: string | null;
  base_longest: number | null;
  cand_longest: number | null;
};

export interface KernelKey {
  kernel_name: string;
  grid_dim: string;
  block_dim: string;
}
export interface HloOpKey {
  module: string;
  hlo_op_name: string;
  category: string;
  hlo_op_expression: string;
}
export interface FrameworkOpKey {
  host_or_device: string;
  type: string;
  operation: string;
}
export interface EventKey {
  role: string;
  name: string;
}
export interface StepKey {
  step: number;
}

export interface DiffSummary {
  /** Mean step time of the base, or its total device / host time (see basis), ps. */
  base_step_ps: number;
  cand_step_ps: number;
  /** null when the base's is 0. */
  delta_pct: number | null;
  basis: 'steps' | 'device time' | 'host time';
  base_steps: number;
  cand_steps: number;
  matched_steps: number;
  base_device_ps: number;
  cand_device_ps: number;
  base_host_ps: number;
  cand_host_ps: number;
  /** "the candidate's mean step is 91.6% slower (8 steps vs 8)". */
  text: string;
}

/** A row of the regressions / improvements lists: `row` indexes `table` of the report. */
export interface DiffTopRow {
  table: 'kernels' | 'hlo_ops' | 'framework_ops' | 'events';
  row: number;
  label: string;
  base_ps: number;
  cand_ps: number;
  delta_ps: number;
  delta_pct: number | null;
  status: DiffStatus;
}

export interface DiffTableTotal {
  base_ps: number;
  cand_ps: number;
  delta_ps: number;
  matched: number;
  added: number;
  removed: number;
}

/** The comparison (`diff`), the same document as `planeview diff --json`. */
export interface DiffReport {
  summary: DiffSummary;
  regressions: DiffTopRow[];
  improvements: DiffTopRow[];
  kernels: DiffRow<KernelKey>[];
  hlo_ops: DiffRow<HloOpKey>[];
  framework_ops: DiffRow<FrameworkOpKey>[];
  events: DiffRow<EventKey>[];
  steps: DiffRow<StepKey>[];
  totals: {
    kernels: DiffTableTotal;
    hlo_ops: DiffTableTotal;
    framework_ops: DiffTableTotal;
    events: DiffTableTotal;
    steps: DiffTableTotal;
  };
  unmatched: Array<{ what: string; why: string }>;
}
