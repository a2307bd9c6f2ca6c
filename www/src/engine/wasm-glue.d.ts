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
}
