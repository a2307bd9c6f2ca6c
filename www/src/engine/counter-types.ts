// Replies of the counter, flow and health calls (see CALLS in engine.ts, which re-exports them).

/** One counter sample with its relation to the previous one (crate/src/analysis/counters/sample.rs). */
export interface CounterSample {
  index: number;
  track: number;
  name: string;
  group: string;
  time_ps: number;
  value: number;
  prev_time_ps: number | null;
  prev_value: number | null;
  delta: number | null;
  rate_per_us: number | null;
  unit: string | null;
  meaning: string | null;
  counter_id: number | string | null;
  description: string | null;
  sets: string | null;
  scaling: string | null;
}

/** One pixel column of a counter track (crate/src/api/profile.rs counter_column). */
export interface CounterColumn {
  /** Samples in the column; 0 for the held sample (the last one before the view). */
  samples: number;
  min: number;
  max: number;
  last: number;
  /** Time of its first sample (ps, the page's time base). */
  time_ps: number;
  /** Counter-table index of its first sample. */
  index: number;
}

export interface CounterTrackInfo {
  id: number;
  name: string;
  group: string;
  unit: string | null;
  counter_id: number | string | null;
  sets: string | null;
  samples: number;
}

export interface CounterRangeRow {
  track: number;
  name: string;
  group: string;
  samples: number;
  min: number | null;
  max: number | null;
  mean: number | null;
  time_weighted_mean: number | null;
  integral: number;
  delta: number | null;
  rate_per_us: number | null;
  unit: string | null;
}

export interface TrackBusyRow {
  track: number;
  name: string;
  group: string;
  busy_ps: number;
  busy_fraction: number;
}

export interface RangeStats {
  t0_ps: number;
  t1_ps: number;
  counters: CounterRangeRow[];
  tracks: TrackBusyRow[];
}

export interface PerfRow {
  track: number;
  plane: string;
  name: string;
  counter_id: number | string | null;
  sets: string | null;
  description: string | null;
  value: number;
  hex: string | null;
  sample_time_ps: number;
}

export interface WindowCounter {
  track: number;
  name: string;
  group: string;
  unit: string | null;
  meaning: string | null;
  kind: 'level' | 'cumulative' | null;
  samples: Array<[number, number]>;
  sample_count: number;
  start_value: number;
  end_value: number;
  delta: number;
  min: number;
  max: number;
  time_weighted_mean: number;
  utilisation: number | null;
}

export interface CounterAggregate {
  track: number;
  name: string;
  group: string;
  unit: string | null;
  occurrences: number;
  mean: number;
  peak: number;
  mean_delta: number;
  utilisation: number | null;
}

export interface KernelTelemetry {
  slice: number;
  name: string;
  start_ps: number;
  end_ps: number;
  counters: WindowCounter[];
  occurrences: number;
  aggregated: number;
  aggregates: CounterAggregate[];
}

export interface HealthEntry {
  name: string;
  severity: string;
  meaning?: string;
  count: number;
  examples: Array<{ text: string; slice: number | null }>;
}

export interface FlowLink {
  flow: number;
  direction: 'in' | 'out';
  other: number;
  other_name: string;
  other_track: string;
  other_start_ps: number;
  category: string;
}

/** The counter chart to draw (crate/src/charts/counters.rs ChartSpec). */
