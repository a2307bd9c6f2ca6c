// Types of the wasm-bindgen glue (pkg/planeview.js), used by tsc only when pkg/ has not been
// built yet (tsconfig `paths` tries pkg/planeview.d.ts first). Keep in step with crate/src/wasm_api.rs.

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

export default function init(module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>): Promise<unknown>;

export class Session {
  free(): void;
  constructor();
  reduce_detail(): void;
  reserve(bytes: number): void;
  hint_unpacked(bytes: number): void;
  push(chunk: Uint8Array): void;
  absorb(part: Uint8Array): boolean;
  offset(): number;
  events_read(): number;
  finish(): string;
  finish_step(events: number): string | undefined;
  import_progress(): Float64Array | undefined;
  preview(): string | undefined;
  call(request: string): string;
  build_slice_levels(): void;
  render_slices(tracks: Uint32Array, t0_ps: number, t1_ps: number, width: number): Float64Array;
  render_instants(tracks: Uint32Array, t0_ps: number, t1_ps: number, width: number): Float64Array;
  render_counters(tracks: Uint32Array, t0_ps: number, t1_ps: number, width: number): Float32Array;
  render_flows(tracks: Uint32Array, t0_ps: number, t1_ps: number, limit: number): Float64Array;
  counter_column(track: number, t0_ps: number, t1_ps: number, width: number, column: number): Float64Array;
  mlir_text(locs: boolean): string | undefined;
  string(id: number): string;
  search(query: string, limit: number): Uint32Array;
  kernel_windows(slice: number, t0_ps: number, t1_ps: number, limit: number): Float64Array;
  counter_chart_points(track: number, t0_ps: number, t1_ps: number, max_points: number): Float64Array;
  analysis_row_slices(tool: string, row: number, xprof_compat: boolean): Uint32Array;
}

export class JsonPart {
  free(): void;
  constructor(start: number, bare: boolean);
  push(chunk: Uint8Array): void;
  stopped(): boolean;
  finish(): Uint8Array;
}

export function json_split_point(window: Uint8Array, from: number): number | undefined;
export function json_parts_layout(head: Uint8Array): boolean | undefined;
