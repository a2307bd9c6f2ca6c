// Types of the wasm-bindgen glue (pkg/planeview.js), used by tsc only when pkg/ has not been
// built yet (tsconfig `paths` tries pkg/planeview.d.ts first). Keep in step with crate/src/wasm_api.rs.

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

export default function init(
  module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>,
): Promise<unknown>;

export class Session {
  free(): void;
  constructor();
  reserve(bytes: number): void;
  hint_unpacked(bytes: number): void;
  push(chunk: Uint8Array): void;
  reduce_detail(): void;
  events_read(): number;
  build_slice_levels(): void;
  finish(): string;
  render_slices(track_ids: Uint32Array, t0_ps: number, t1_ps: number, width_px: number): Float64Array;
  render_instants(track_ids: Uint32Array, t0_ps: number, t1_ps: number, width_px: number): Float64Array;
  string(id: number): string;
  slice_info(slice_id: number): Float64Array;
  slice_details(slice_id: number): string;
  search(query: string, limit: number): Uint32Array;
  instant_details(index: number): string;
  mlir_text(locs: boolean): string | undefined;
  mlir_kernels(): string;
  mlir_kernel_text(index: number, locs: boolean): string;
  // Counters area.
  render_counters(track_ids: Uint32Array, t0_ps: number, t1_ps: number, width_px: number): Float32Array;
  counter_column(track: number, t0_ps: number, t1_ps: number, width_px: number, column: number): Float64Array;
  counter_sample_near(track: number, t_ps: number, tolerance_ps: number): number;
  counter_sample_details(index: number): string;
  counter_tracks(): string;
  counter_range_stats(t0_ps: number, t1_ps: number): string;
  perf_counters(t_ps: number): string;
  kernel_telemetry(slice_id: number): string;
  kernel_windows(slice_id: number, t0_ps: number, t1_ps: number, limit: number): Float64Array;
  counter_chart_points(track: number, t0_ps: number, t1_ps: number, max_points: number): Float64Array;
  health(): string;
  slice_flows(slice_id: number): string;
  render_flows(track_ids: Uint32Array, t0_ps: number, t1_ps: number, limit: number): Float64Array;
  hlo_request(request: string): string;
  aggregates(): string;
  analysis_table(tool: string, xprof_compat: boolean): string;
  analysis_row_slices(tool: string, row: number, xprof_compat: boolean): Uint32Array;
  analysis_row_of_slice(tool: string, slice_id: number, xprof_compat: boolean): number;
  analysis_overview(xprof_compat: boolean): string;
  analysis_op_profile(group_by: string): string;
  analysis_roofline(peak_gflops: number, peak_hbm_gbps: number): string;
  analysis_chart(kind: string, arg: number, peak_gflops: number, peak_hbm_gbps: number): string;
}

export function counter_chart_svg(spec_json: string): string;
export function chart_svg(chart_json: string, width: number, height: number): string;
