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
  push(chunk: Uint8Array): void;
  finish(reducedDetail: boolean): string;
  render_slices(track_ids: Uint32Array, t0_ps: number, t1_ps: number, width_px: number): Float64Array;
  render_instants(track_ids: Uint32Array, t0_ps: number, t1_ps: number, width_px: number): Float64Array;
  string(id: number): string;
  slice_info(slice_id: number): Float64Array;
  slice_details(slice_id: number): string;
  search(query: string, limit: number): Uint32Array;
  instant_details(index: number): string;
  analysis_table(tool: string, xprof_compat: boolean): string;
  analysis_row_slices(tool: string, row: number, xprof_compat: boolean): Uint32Array;
  analysis_row_of_slice(tool: string, slice_id: number, xprof_compat: boolean): number;
  analysis_overview(xprof_compat: boolean): string;
  analysis_op_profile(group_by: string): string;
  analysis_roofline(peak_gflops: number, peak_hbm_gbps: number): string;
  analysis_chart(kind: string, arg: number, peak_gflops: number, peak_hbm_gbps: number): string;
}

export function chart_svg(chart_json: string, width: number, height: number): string;
