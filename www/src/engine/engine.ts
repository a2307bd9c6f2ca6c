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

export type TrackKind = 'slices' | 'counter';

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

/** What `Session.finish()` returns (parsed), plus what the page knows about the source. */
export interface Profile {
  fileName: string;
  summary: Summary;
  start_ps: number;
  end_ps: number;
  groups: TrackGroup[];
  metadata: Array<[string, unknown]>;
}

export type OpenSource =
  | { kind: 'file'; file: File }
  | { kind: 'url'; url: string; name?: string };

export interface LoadProgress {
  /** Bytes the engine has received so far. */
  received: number;
  /** Total bytes, when known. */
  total: number | null;
  phase: 'reading' | 'importing';
}

export interface RenderRequest {
  trackIds: Uint32Array;
  t0: number;
  t1: number;
  width: number;
}

/** Render lists for a viewport. Strides: slices 7, instants 4 (see wasm_api.rs). */
export interface RenderResult {
  request: { t0: number; t1: number; width: number };
  slices: Float64Array;
  instants: Float64Array;
  /** Strings for name ids the page has not been sent yet (for this profile). */
  strings: Array<[number, string]>;
}

export const SLICE_STRIDE = 7;
export const INSTANT_STRIDE = 4;

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

/** An error the engine reports for a load, already phrased for a person ("<file>: <message>"). */
export class EngineError extends Error {
  constructor(
    message: string,
    readonly kind: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

/** The analysis tables (tab and CLI command names). */
export type AnalysisTool = 'kernels' | 'hlo-stats' | 'framework-ops';

/** A table: rows keyed by XProf column ids, each with `_longest` (its longest slice id or null). */
export interface AnalysisTable {
  rows: Array<Record<string, unknown>>;
}

/** Requests for analysis documents (JSON, see wasm_api.rs). */
export type AnalysisDocRequest =
  | { kind: 'overview'; compat: boolean }
  | { kind: 'op-profile'; groupBy: 'program' | 'category' }
  | { kind: 'roofline'; peakGflops: number; peakHbmGbps: number }
  | { kind: 'chart'; chart: 'kernel_histogram' | 'steps' | 'roofline' | 'categories'; arg: number; peakGflops: number; peakHbmGbps: number };

export interface Engine {
  /** Resolves once the Wasm core is initialised in the worker. */
  readonly ready: Promise<void>;
  /** Loads a profile, releasing the previous one. Rejects with EngineError or CancelledError. */
  /** Opens a profile; `reducedDetail` drops args and stats (the retry after running out of memory). */
  open(source: OpenSource, onProgress: (p: LoadProgress) => void, reducedDetail?: boolean): Promise<Profile>;
  /** Abandons the load in progress (if any); its promise rejects with CancelledError. */
  cancel(): void;
  render(req: RenderRequest): Promise<RenderResult>;
  sliceInfo(id: number): Promise<SliceInfo>;
  sliceDetails(id: number): Promise<EventDetails>;
  instantDetails(index: number): Promise<EventDetails>;
  search(query: string, limit: number): Promise<SearchResult>;
  /** An analysis table of the loaded profile; `compat` reproduces XProf 2.24.2 exactly. */
  analysisTable(tool: AnalysisTool, compat: boolean): Promise<AnalysisTable>;
  /** The slice ids of one row of a table. */
  analysisRowSlices(tool: AnalysisTool, row: number, compat: boolean): Promise<Uint32Array>;
  /** The row of a table that holds a slice, or -1. */
  analysisRowOfSlice(tool: AnalysisTool, slice: number, compat: boolean): Promise<number>;
  /** An analysis document (overview, op profile, roofline, chart data), parsed. */
  analysisDoc(req: AnalysisDocRequest): Promise<unknown>;
  /** Called when the worker dies; the engine restarts it, but the loaded profile is gone. */
  onFatal(cb: (message: string) => void): void;
}
