// Replies of the rank calls (crate/src/analysis/ranks/): hand-written to match the Rust types.
// Times are ps; a rank's trace times are its own, job times are relative to the job's origin_ns.

/** One step of one rank. */
export interface RankStep {
  step: number;
  start_ps: number;
  time_ps: number;
}

/** Where a rank number came from. */
export type IdentitySource = 'distributedInfo' | 'device ids' | 'file name' | 'none';

/** One collective on one rank (crate/src/analysis/ranks/collectives.rs), trace time. */
export interface RankCollective {
  name: string;
  step: number | null;
  /** Position among the rank's collectives of this name in the same run (or step), from 0. */
  ordinal: number;
  seq: number | null;
  /** The run joining the ranks' executions (XLA run_id), as text. */
  group: string | null;
  process_group: string | null;
  /** Arrival. */
  start_ps: number;
  end_ps: number;
  bytes: number | null;
  /** Devices of the process that ran it (arrival = the last of them). */
  devices: number;
}

/** What one profile contributes to a job (`rankPartial`); sent back as is to `mergeRanks`. */
export interface RankPartial {
  file: string;
  format: string;
  rank: number | null;
  host: string | null;
  world_size: number | null;
  backend: string | null;
  identity_source: IdentitySource;
  /** Absolute ns since the epoch of the trace's time 0, decimal (exceeds 2^53). */
  origin_ns: string;
  clock_absolute: boolean;
  devices: number[];
  steps: RankStep[];
  collectives: RankCollective[];
}

/** How `mergeRanks` puts the ranks on one clock. */
export type Align = { mode: 'clock' } | { mode: 'step'; step: number } | { mode: 'collective'; instance: number };

/** One rank of the job; `offset_ps` is what the page adds to its trace times. */
export interface RankEntry {
  rank: number;
  host: string | null;
  file: string;
  offset_ps: number;
  clock_offset_ps: number;
  /** Steps on the job clock. */
  steps: RankStep[];
  identity_source: IdentitySource;
}

/** One step across the ranks; maps are keyed by the rank as text ("0"). */
export interface ReportStep {
  step: number;
  slowest_rank: number | null;
  straggler_rank: number | null;
  spread_ps: number;
  wait_caused_ps: number;
  times_ps: Record<string, number>;
}

/** One collective instance across the ranks (job clock). */
export interface ReportCollective {
  name: string;
  step: number | null;
  instance: number;
  late_rank: number;
  skew_ps: number;
  wait_ps: Record<string, number>;
  arrival_ps: Record<string, number>;
  end_ps: number;
  bytes: number | null;
  algbw_gbps: number | null;
}

/** Ranks × steps (rows follow `ranks`, columns `steps`; null where a rank lacks the step). */
export interface HeatMap {
  ranks: number[];
  steps: number[];
  step_ps: (number | null)[][];
  wait_ps: (number | null)[][];
}

/** A problem of the set of files (file empty: the job as a whole). */
export interface ReportProblem {
  file: string;
  message: string;
}

/** The job (`mergeRanks`, `planeview ranks --json`). */
export interface RanksReport {
  /** Decimal ns since the epoch. */
  origin_ns: string;
  align: Align;
  ranks: RankEntry[];
  steps: ReportStep[];
  collectives: ReportCollective[];
  heat: HeatMap;
  problems: ReportProblem[];
}
