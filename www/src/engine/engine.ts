// The typed interface between the views and the analysis engine (the Wasm core in a Web Worker).
// Views import only this module's types; they never import wasm.

/** One diagnostic counter from the importer. */
export interface Diagnostic {
  count: number;
  severity: string;
  examples: string[];
}

export interface Summary {
  format: string;
  bytes: number;
  unpacked_bytes: number;
  events: number;
  tracks: number;
  processes: number;
  span_ps: number;
  flows: number;
  counters: number;
  slices: number;
  model_bytes: number;
  diagnostics: Record<string, Diagnostic>;
}

/** `async`: async operations (Chrome `b`/`e`, `S`/`F`, objects), drawn like slices; overlaps are normal there. */
export type TrackKind = 'slices' | 'counter' | 'async';

export interface TrackInfo {
  id: number;
  name: string;
  kind: TrackKind;
  lanes: number;
}

export interface TrackGroup {
  process: number;
  name: string;
  tracks: TrackInfo[];
}

/** What a load returns (crate/src/api/replies.rs `Overview`), plus what the page knows about the source. */
export interface Profile {
  fileName: string;
  summary: Summary;
  start_ps: number;
  end_ps: number;
  groups: TrackGroup[];
  metadata: Array<[string, unknown]>;
  /** Where the load's time went (see LoadTimings). */
  timings: LoadTimings;
}

/** Where a load's time went, in ms: the engine's own work and the rest (reading, waiting). */
export interface LoadTimings {
  /** From the start of the load to the profile's arrival on the page. */
  totalMs: number;
  /** In the engine, taking chunks: gunzip, and for Chrome JSON the parse as it arrives. */
  pushMs: number;
  /** In the engine, after the last chunk: the import of held formats, sorting, indexing. */
  finishMs: number;
  /** A large file read in parts: how many ranges other workers read apart, and how many of them the load took. */
  parts?: { read: number; taken: number };
}

export type OpenSource = { kind: 'file'; file: File } | { kind: 'url'; url: string; name?: string };

export interface LoadProgress {
  /** Bytes the engine has received so far. */
  received: number;
  /** Total bytes, when known. */
  total: number | null;
  /** Events read so far (Chrome JSON is read as it arrives; an XSpace while it is imported; other formats at the end: 0). */
  events: number;
  phase: 'reading' | 'importing';
  /** While an XSpace is imported (in steps): the share of its input read so far, 0–1. */
  importedShare?: number;
  /**
   * A preview of the part read so far (Chrome JSON as it streams in, an XSpace as it is
   * imported; when the open asked for previews): it answers the engine's calls until the load
   * ends or the next preview comes.
   */
  preview?: Profile;
}

export interface RenderRequest {
  trackIds: Uint32Array;
  t0: number;
  t1: number;
  width: number;
  /** Also return every flow arrow touching these tracks in the range. */
  flows?: boolean;
}

/** Render lists for a viewport. Strides: slices 7, instants 4 (see crate/src/api/profile.rs). */
export interface RenderResult {
  request: { t0: number; t1: number; width: number };
  slices: Float64Array;
  instants: Float64Array;
  /**
   * Counter render list (crate/src/api/profile.rs render_counters): per track a header of COUNTER_HEADER f32
   * slots holding four f64 [track, entries, min, max] (read them with counterTracksOf), then
   * `entries` entries of COUNTER_ENTRY f32: [x (-1: the held sample), min, max, last].
   */
  counters: Float32Array;
  /** Flow arrows when asked for, stride FLOW_STRIDE (crate/src/model/flow_query.rs flows_in_view). */
  flows: Float64Array;
  /** Strings for name ids the page has not been sent yet (for this profile). */
  strings: Array<[number, string]>;
  /**
   * Where the worker's time went for this render list, ms (performance.now() differences):
   * each wasm call, the name strings, and the total; `sentAt` is when the list was done, as
   * performance.timeOrigin + performance.now() (comparable across threads). The page's bench
   * hooks report them.
   */
  work?: { slices: number; instants: number; counters: number; flows: number; strings: number; total: number; sentAt: number };
}

export const SLICE_STRIDE = 7;
export const INSTANT_STRIDE = 4;
/** f32 slots of a counter track's header (four f64) in RenderResult.counters. */
export const COUNTER_HEADER = 8;
/** f32 numbers per pixel column in RenderResult.counters: [x, min, max, last]. */
export const COUNTER_ENTRY = 4;
/** [flow, from slice, from track, from lane, from end ps, to slice, to track, to lane, to start ps]. */
export const FLOW_STRIDE = 9;

export interface SliceInfo {
  id: number;
  start_ps: number;
  dur_ps: number;
  track: number;
  lane: number;
  nameId: number;
}

export interface EventDetails {
  id: number;
  name: string;
  category: string;
  track: number;
  track_name: string;
  process_name: string;
  start_ps?: number;
  dur_ps?: number;
  time_ps?: number;
  lane?: number;
  args: Record<string, unknown>;
}

export interface SearchResult {
  query: string;
  ids: Uint32Array;
  /** True when the result was cut at the limit. */
  truncated: boolean;
}

// Replies of the counter, flow and health calls live in counter-types.ts.
export type {
  CounterSample,
  CounterColumn,
  CounterTrackInfo,
  CounterRangeRow,
  TrackBusyRow,
  RangeStats,
  PerfRow,
  WindowCounter,
  CounterAggregate,
  KernelTelemetry,
  HealthEntry,
  FlowLink,
} from './counter-types';
import type { CounterSample, CounterColumn, CounterTrackInfo, RangeStats, PerfRow, KernelTelemetry, HealthEntry, FlowLink } from './counter-types';
import type { DiffReport, DiffSide } from './diff-types';

// Replies of the rank calls live in ranks-types.ts.
export type {
  RankStep,
  IdentitySource,
  RankCollective,
  RankPartial,
  Align,
  RankEntry,
  ReportStep,
  ReportCollective,
  HeatMap,
  ReportProblem,
  RanksReport,
} from './ranks-types';
import type { Align, RankPartial, RanksReport } from './ranks-types';

// Replies of the memory calls live in memory-types.ts.
export type { PeakBuffer, ModuleBuffers, BufferAssignment } from './memory-types';
import type { BufferAssignment, MemoryAt, MemoryProfile } from './memory-types';

export interface ChartSpec {
  title: string;
  series: Array<{ name: string; points: Array<[number, number]> }>;
  log_y: boolean;
  markers: Array<[number, number]>;
  range_us: [number, number] | null;
  width: number;
  height: number;
  /** The unit all series share (`bytes`, `ps`, `%`, ...): the value axis is drawn in it. */
  unit?: string | null;
}

/**
 * An error from the engine: a load's ("<file>: <message>", phrased for a person) or a call's.
 * `kind` is stable: the core's kinds (`no_profile`, `bad_request`, `not_found`, `hlo`, `mlir`,
 * `chart`, `internal`, an import's `limit_exceeded`, `not_a_trace`, ...), `fatal` when the engine
 * crashed (it restarts), `init` when it could not start, `read` when the file could not be read,
 * `closed` when its session ended (the engine was terminated).
 */
export class EngineError extends Error {
  constructor(
    message: string,
    readonly kind: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/** A kernel custom call found in StableHLO text (`name` is `custom_call#N`). */
export interface MlirKernel {
  name: string;
  target: string;
  kind: string;
}

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

/** The analysis tables (tab and CLI command names). */
export type AnalysisTool = 'kernels' | 'hlo-stats' | 'framework-ops' | 'gpu-ops';

/** A table: rows keyed by XProf column ids, each with `_longest` (its longest slice id or null). */
export interface AnalysisTable {
  rows: Array<Record<string, unknown>>;
}

/** Requests for analysis documents (crate/src/api/calls.rs `AnalysisDocRequest`). */
export type AnalysisDocRequest =
  | { kind: 'overview'; compat: boolean }
  | { kind: 'op-profile'; groupBy: 'program' | 'category' }
  | { kind: 'roofline'; peakGflops: number; peakHbmGbps: number }
  | {
      kind: 'chart';
      chart: 'kernel_histogram' | 'steps' | 'roofline' | 'categories';
      arg: number;
      peakGflops: number;
      peakHbmGbps: number;
      /** SVG size in px (default 720 wide, height 45 % of the width). */
      width?: number;
      height?: number;
    };

/** What an analysis `chart` document is: the chart's data and its SVG, drawn in the engine. */
export interface ChartDoc {
  chart: { kind: string };
  svg: string;
  width: number;
  height: number;
}

/**
 * One engine call: its arguments, in order, and its result. A `json` call is answered by the Rust
 * core (crate/src/api/calls.rs: the `Request` variant of the same name, fields in the same order;
 * tests/api.rs checks that both list the same calls). A `bulk` call returns typed arrays (or big text) and
 * has a handler of its own in worker.ts (tsc fails without one).
 */
interface Call<A extends unknown[], R, B extends boolean> {
  readonly bulk: B;
  /** Types only: never set. */
  readonly signature?: (...args: A) => R;
}
const json = <A extends unknown[], R>(): Call<A, R, false> => ({ bulk: false });
const bulk = <A extends unknown[], R>(): Call<A, R, true> => ({ bulk: true });

/** Every engine call. Adding one: its Rust `Request` variant and handler, and one entry here. */
export const CALLS = {
  render: bulk<[req: RenderRequest], RenderResult>(),
  sliceInfo: json<[id: number], SliceInfo>(),
  sliceDetails: json<[id: number], EventDetails>(),
  instantDetails: json<[index: number], EventDetails>(),
  search: bulk<[query: string, limit: number], SearchResult>(),
  /** The loaded MLIR (bytecode printed in generic form, with locations when `locs`; text as written), or null. */
  mlirText: bulk<[locs: boolean], string | null>(),
  /** The kernel custom calls of loaded StableHLO text. */
  mlirKernels: json<[], MlirKernel[]>(),
  /** The text of kernel `index` of `mlirKernels()`. */
  mlirKernelText: json<[index: number, locs: boolean], string>(),
  /** One HLO request (crate/src/hlo/service.rs lists them); its parsed JSON answer. */
  hlo: json<[request: HloRequest], unknown>(),
  counterSampleNear: json<[track: number, t: number, tolerance: number], number>(),
  counterSample: json<[index: number], CounterSample>(),
  /**
   * One pixel column of counter `track` in the view (t0, t1, width) of a render list, exactly
   * (the held sample for column -1); null when it holds no sample.
   */
  counterColumn: bulk<[track: number, t0: number, t1: number, width: number, column: number], CounterColumn | null>(),
  counterTracks: json<[], CounterTrackInfo[]>(),
  rangeStats: json<[t0: number, t1: number], RangeStats>(),
  perfCounters: json<[t: number], PerfRow[]>(),
  kernelTelemetry: json<[sliceId: number], KernelTelemetry | null>(),
  kernelWindows: bulk<[sliceId: number, t0: number, t1: number, limit: number], Float64Array>(),
  counterChartPoints: bulk<[track: number, t0: number, t1: number, maxPoints: number], Float64Array>(),
  health: json<[], HealthEntry[]>(),
  sliceFlows: json<[sliceId: number], FlowLink[]>(),
  /** The counter chart as an SVG document (drawn with plotters in the engine). */
  counterChartSvg: json<[spec: ChartSpec], string>(),
  /** An analysis table of the loaded profile; `compat` reproduces XProf 2.24.2 exactly. */
  analysisTable: json<[tool: AnalysisTool, compat: boolean], AnalysisTable>(),
  /** The slice ids of one row of a table. */
  analysisRowSlices: bulk<[tool: AnalysisTool, row: number, compat: boolean], Uint32Array>(),
  /** The row of a table that holds a slice, or -1. */
  analysisRowOfSlice: json<[tool: AnalysisTool, slice: number, compat: boolean], number>(),
  /** An analysis document (overview, op profile, roofline, a chart as ChartDoc), parsed. */
  analysisDoc: json<[req: AnalysisDocRequest], unknown>(),
  /** The aggregated events (XSpace `num_occurrences`): counted, not drawn on the timeline. */
  aggregates: json<[], Aggregate[]>(),
  /** The slices named exactly `name`, in time order, at most `limit`. */
  slicesNamed: json<[name: string, limit: number], number[]>(),
  /** Slices of `tracks` (empty: every slice track) in [t0, t1) ps grouped by name. */
  selection: json<[tracks: number[], t0: number, t1: number, perTrack: boolean], AreaSelection>(),
  /** The call tree of `tracks` in [t0, t1) ps. */
  callTree: json<[tracks: number[], t0: number, t1: number, direction: TreeDirection], CallTree>(),
  /** The steps with their zoom ranges and top names by self time over `tracks`. */
  stepTable: json<[tracks: number[]], StepRow[]>(),
  /** What this profile contributes to a job of several ranks; `file` is its display name. */
  rankPartial: json<[file: string], RankPartial>(),
  /** Stateless: the job's report from the ranks' partials (any engine with a profile). */
  mergeRanks: json<[partials: RankPartial[], align: Align], RanksReport>(),
  /** Stateless: one table of `tool` per profile as one, with a `rank` column (the label) and an "all" row per key. */
  mergeTables: json<[tool: AnalysisTool, tables: AnalysisTable[], labels: string[]], AnalysisTable>(),
  /** What the loaded profile contributes to a comparison of two runs (diff-types.ts). */
  diffSide: json<[], DiffSide>(),
  /** Stateless: `cand` compared with `base`, the document of `planeview diff --json`. */
  diff: json<[base: DiffSide, cand: DiffSide], DiffReport>(),
  /** Stateless: both runs' step-time distributions in one chart. */
  diffStepChart: json<[base: DiffSide, cand: DiffSide], ChartDoc>(),
  /** The tables of docs/SCHEMA.md for the loaded profile: name, rows, columns with their Arrow types. */
  exportTables: json<[], ExportTable[]>(),
  /**
   * Table `name` as an Arrow IPC stream (schema + record batches), its `profile` column set to
   * `profile`; an unknown name is an engine error of kind `unknownTable`.
   */
  tableArrow: bulk<[name: string, profile: string], Uint8Array>(),
  /** XLA's buffer assignment of every module that has one, or of `module` alone (null: all). */
  bufferAssignment: json<[module: string | null], BufferAssignment>(),
  /** The heap of `module` over program order as an SVG document, the peak marked. */
  bufferChartSvg: json<[module: string, width: number, height: number], string>(),
  /** The runtime memory of every allocator (memory-types.ts); none without memory events. */
  memoryProfile: json<[], MemoryProfile>(),
  /** Allocator `allocator` at `timePs` (null: at its peak), with its `limit` largest live allocations. */
  memoryAt: json<[allocator: number, timePs: number | null, limit: number], MemoryAt>(),
  /** The chart of allocator `allocator` over [startPs, endPs] as SVG: in use and reserved, most per pixel, peak marked. */
  memoryChartSvg: json<[allocator: number, startPs: number, endPs: number, width: number, height: number], string>(),
};

/** One table of docs/SCHEMA.md as `exportTables` lists it. */
export interface ExportTable {
  /** Plural snake case: `slices`, `kernels`, ... */
  name: string;
  rows: number;
  /** `type` is the Arrow type as Arrow prints it (`Int64`, `Utf8`, `Struct(...)`). */
  columns: { name: string; type: string }[];
}

/** An aggregated event: how often it happened on a line and for how long in total. */
export interface Aggregate {
  track: number;
  track_name: string;
  name: string;
  occurrences: number;
  /** The total over the occurrences, ps. */
  dur_ps: number;
  args: Record<string, unknown>;
}

/** One name of an area selection (times in ps, clipped to the range). */
export interface NameStats {
  name: string;
  /** The track, when the selection is per track; else null. */
  track: number | null;
  occurrences: number;
  wall_ps: number;
  unclipped_wall_ps: number;
  self_ps: number;
  avg_wall_ps: number;
  max_wall_ps: number;
  longest_slice: number;
}

/** The slices of some tracks in a range, grouped by name (crate/src/analysis/selection.rs). */
export interface AreaSelection {
  from_ps: number;
  to_ps: number;
  tracks: { track: number; name: string; group: string; slices: number; busy_ps: number }[];
  /** The tracks' busy time in the range, summed over the tracks. */
  busy_ps: number;
  slices: number;
  per_track: boolean;
  names: NameStats[];
}

export type TreeDirection = 'top-down' | 'bottom-up';

export interface CallNode {
  name: string;
  total_ps: number;
  self_ps: number;
  occurrences: number;
  children: CallNode[];
}

export interface CallTree {
  direction: 'top_down' | 'bottom_up';
  from_ps: number;
  to_ps: number;
  total_ps: number;
  self_ps: number;
  nodes: number;
  truncated: boolean;
  roots: CallNode[];
}

/** One step of the per-step table. */
export interface StepRow {
  number: number;
  name: string;
  start_ps: number;
  duration_ps: number;
  zoom_from_ps: number;
  zoom_to_ps: number;
  busy_ps: number;
  top_self: NameStats[];
}

export type CallMap = typeof CALLS;
export type Method = keyof CallMap;
export type CallArgs<M extends Method> = Parameters<NonNullable<CallMap[M]['signature']>>;
export type CallResult<M extends Method> = ReturnType<NonNullable<CallMap[M]['signature']>>;
/** The calls answered by a handler of their own in worker.ts. */
export type BulkMethod = { [M in Method]: CallMap[M]['bulk'] extends true ? M : never }[Method];

/** Every call as an Engine method (`hlo` is declared generic on Engine). */
export type EngineCalls = { [M in Exclude<Method, 'hlo'>]: (...args: CallArgs<M>) => Promise<CallResult<M>> };

/** Counter samples, columns, tracks, statistics, telemetry and the counter chart. */
export type CounterQueries = Pick<
  EngineCalls,
  | 'counterSampleNear'
  | 'counterSample'
  | 'counterColumn'
  | 'counterTracks'
  | 'rangeStats'
  | 'perfCounters'
  | 'kernelTelemetry'
  | 'kernelWindows'
  | 'counterChartPoints'
  | 'counterChartSvg'
>;
/** The trace-health list. */
export type HealthQueries = Pick<EngineCalls, 'health'>;
/** The flow arrows of a slice. */
export type FlowQueries = Pick<EngineCalls, 'sliceFlows'>;
/** The name the counters and health views import today: counter, health and flow queries. */
export type CounterEngine = CounterQueries & HealthQueries & FlowQueries;

export interface Engine extends EngineCalls {
  /** Resolves once the Wasm core is initialised in the worker. */
  readonly ready: Promise<void>;
  /**
   * Loads a profile, releasing the previous one; `reducedDetail` drops args and stats (the retry
   * after running out of memory); `previews`: report previews of the part read so far while a
   * Chrome JSON file streams in (LoadProgress.preview). Rejects with EngineError or CancelledError.
   */
  open(source: OpenSource, onProgress: (p: LoadProgress) => void, reducedDetail?: boolean, previews?: boolean): Promise<Profile>;
  /** Abandons the load in progress (if any); its promise rejects with CancelledError. */
  cancel(): void;
  /** One HLO request (crate/src/hlo/service.rs lists them); resolves to its parsed JSON answer. */
  hlo<T>(request: HloRequest): Promise<T>;
  /** Called when the worker dies; the engine restarts it, but the loaded profile is gone. */
  onFatal(cb: (message: string) => void): void;
}

/** An HLO graph-viewer request: `op` selects what (see crate/src/hlo/service.rs). */
export interface HloRequest {
  op: 'modules' | 'ops' | 'graph' | 'dot' | 'text' | 'find' | 'kernel';
  module?: number | string | null;
  center?: string | null;
  radius?: number;
  expand?: string[];
  long?: boolean;
  program_id?: string | null;
  name?: string;
  /** `kernel`: print the kernel's MLIR with locations. */
  locs?: boolean;
}
