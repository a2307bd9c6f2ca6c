// Messages between worker-proxy.ts (page) and worker.ts (engine). Internal to the engine.

import type {
  AnalysisDocRequest,
  AnalysisTable,
  AnalysisTool,
  ChartSpec,
  CounterColumn,
  CounterSample,
  CounterTrackInfo,
  EventDetails,
  FlowLink,
  HealthEntry,
  KernelTelemetry,
  MlirKernel,
  PerfRow,
  Profile,
  RangeStats,
  RenderResult,
  SearchResult,
  SliceInfo,
} from './engine';

export interface CallMap {
  render: { args: { trackIds: Uint32Array; t0: number; t1: number; width: number; flows?: boolean }; result: RenderResult };
  sliceInfo: { args: { id: number }; result: SliceInfo };
  sliceDetails: { args: { id: number }; result: EventDetails };
  instantDetails: { args: { index: number }; result: EventDetails };
  search: { args: { query: string; limit: number }; result: SearchResult };
  mlirText: { args: { locs: boolean }; result: string | null };
  mlirKernels: { args: Record<string, never>; result: MlirKernel[] };
  mlirKernelText: { args: { index: number; locs: boolean }; result: string };
  // Counters area.
  counterSampleNear: { args: { track: number; t: number; tolerance: number }; result: number };
  counterSample: { args: { index: number }; result: CounterSample };
  counterColumn: { args: { track: number; t0: number; t1: number; width: number; column: number }; result: CounterColumn | null };
  counterTracks: { args: Record<string, never>; result: CounterTrackInfo[] };
  rangeStats: { args: { t0: number; t1: number }; result: RangeStats };
  perfCounters: { args: { t: number }; result: PerfRow[] };
  kernelTelemetry: { args: { sliceId: number }; result: KernelTelemetry | null };
  kernelWindows: { args: { sliceId: number; t0: number; t1: number; limit: number }; result: Float64Array };
  counterChartPoints: { args: { track: number; t0: number; t1: number; maxPoints: number }; result: Float64Array };
  health: { args: Record<string, never>; result: HealthEntry[] };
  sliceFlows: { args: { sliceId: number }; result: FlowLink[] };
  hlo: { args: { request: string }; result: unknown };
  counterChartSvg: { args: { spec: ChartSpec }; result: string };
  analysisTable: { args: { tool: AnalysisTool; compat: boolean }; result: AnalysisTable };
  analysisRowSlices: { args: { tool: AnalysisTool; row: number; compat: boolean }; result: Uint32Array };
  analysisRowOfSlice: { args: { tool: AnalysisTool; slice: number; compat: boolean }; result: number };
  analysisDoc: { args: AnalysisDocRequest; result: unknown };
}

export type Method = keyof CallMap;

export type ToWorker =
  | { op: 'begin'; load: number; name: string; size: number | null; reduced: boolean }
  | { op: 'hint'; load: number; unpacked: number }
  | { op: 'chunk'; load: number; data: ArrayBuffer }
  | { op: 'finish'; load: number }
  | { op: 'abort'; load: number }
  | { op: 'call'; id: number; method: Method; args: CallMap[Method]['args'] };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'init-error'; message: string }
  | { type: 'progress'; load: number; received: number; events: number }
  | { type: 'importing'; load: number }
  | { type: 'loaded'; load: number; profile: Omit<Profile, 'fileName' | 'timings'>; pushMs: number; finishMs: number }
  | { type: 'load-error'; load: number; kind: string; message: string; fatal: boolean }
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; message: string; fatal: boolean };
