// Messages between worker-proxy.ts (page) and worker.ts (engine). Internal to the engine.

import type { AnalysisDocRequest, AnalysisTable, AnalysisTool, EventDetails, Profile, RenderResult, SearchResult, SliceInfo } from './engine';

export interface CallMap {
  render: { args: { trackIds: Uint32Array; t0: number; t1: number; width: number }; result: RenderResult };
  sliceInfo: { args: { id: number }; result: SliceInfo };
  sliceDetails: { args: { id: number }; result: EventDetails };
  instantDetails: { args: { index: number }; result: EventDetails };
  search: { args: { query: string; limit: number }; result: SearchResult };
  analysisTable: { args: { tool: AnalysisTool; compat: boolean }; result: AnalysisTable };
  analysisRowSlices: { args: { tool: AnalysisTool; row: number; compat: boolean }; result: Uint32Array };
  analysisRowOfSlice: { args: { tool: AnalysisTool; slice: number; compat: boolean }; result: number };
  analysisDoc: { args: AnalysisDocRequest; result: unknown };
}

export type Method = keyof CallMap;

export type ToWorker =
  | { op: 'begin'; load: number; name: string; size: number | null }
  | { op: 'chunk'; load: number; data: ArrayBuffer }
  | { op: 'finish'; load: number; reduced: boolean }
  | { op: 'abort'; load: number }
  | { op: 'call'; id: number; method: Method; args: CallMap[Method]['args'] };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'init-error'; message: string }
  | { type: 'progress'; load: number; received: number }
  | { type: 'importing'; load: number }
  | { type: 'loaded'; load: number; profile: Omit<Profile, 'fileName'> }
  | { type: 'load-error'; load: number; kind: string; message: string; fatal: boolean }
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; message: string; fatal: boolean };
