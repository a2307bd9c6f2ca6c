// Replies of the memory calls (runtime allocations per allocator, XLA buffer assignment per
// module; crate/src/analysis/memory/). Times are ps on the profile's own clock, sizes bytes.

/** One allocation live at some time, largest first in every list that holds them. */
export interface LiveAllocation {
  bytes: number;
  /** The op that made it (Kineto: the innermost op on the allocating thread; XSpace: its own op), if known. */
  op: string | null;
  start_ps: number;
  /** How long it had been alive at the time asked about. */
  age_ps: number;
  /** Its address, hex, when the source gives one. */
  address: string | null;
  /** The slice to select for it on the timeline (its op, else its own event), or null. */
  slice: number | null;
  /** What the caller asked for, where stated (XSpace). */
  requested_bytes: number | null;
  /** Region, data type and shape, where stated (XSpace). */
  region: string | null;
  data_type: string | null;
  shape: string | null;
}

/** One allocator of one device: its peak, counts, and what was live at the peak. */
export interface AllocatorReport {
  /** Index, stable within the profile: the `allocator` argument of `memoryAt` and `memoryChartSvg`. */
  id: number;
  name: string;
  device: string | null;
  source: 'kineto' | 'xspace';
  peak_bytes: number;
  peak_time_ps: number;
  /** Most bytes reserved (Kineto `Total Reserved`), where stated. */
  peak_reserved_bytes: number | null;
  /** Bytes reserved at the peak, where stated. */
  reserved_at_peak_bytes: number | null;
  capacity_bytes: number | null;
  /** The allocator's own lifetime peak as it states it (XSpace), which may predate the capture. */
  lifetime_peak_bytes: number | null;
  alloc_count: number;
  free_count: number;
  /** Per second of the allocator's span (first to last event). */
  alloc_rate_per_s: number;
  free_rate_per_s: number;
  never_freed_count: number;
  never_freed_bytes: number;
  first_ps: number;
  last_ps: number;
  /** Allocations live at the peak, and their bytes (less than the peak by what was allocated before the capture). */
  live_at_peak_count: number;
  live_at_peak_bytes: number;
  /** Largest first, at most 100. */
  live_at_peak: LiveAllocation[];
}

/** `memoryProfile`: every allocator of the profile (none: it has no memory events). */
export interface MemoryProfile {
  allocators: AllocatorReport[];
}

/** `memoryAt`: what one allocator held at one time. */
export interface MemoryAt {
  time_ps: number;
  live_bytes: number;
  reserved_bytes: number | null;
  /** Live allocations at that time (all of them, not only those listed). */
  total_count: number;
  /** Largest first, at most the limit asked for. */
  allocations: LiveAllocation[];
}

/** One buffer live at a module's peak (crate/src/analysis/memory/buffers/). */
export interface PeakBuffer {
  bytes: number;
  /** The defining HLO instruction, with the shape index in braces when there is one. */
  instruction: string;
  /** `parameter`, `output`, `temporary`, `constant`, `thread-local`. */
  kind: 'parameter' | 'output' | 'thread-local' | 'constant' | 'temporary';
  /** Shape with layout, `f32[512,512]{1,0}`. */
  shape: string;
  /** Offset in the heap for a temporary; null for whole-program allocations. */
  offset_bytes: number | null;
  logical_buffer_id: number;
  opcode: string;
  /** The framework op of the instruction, empty when unknown. */
  op_name: string;
}

/** XLA's buffer assignment of one module, as XProf's memory viewer shows it. */
export interface ModuleBuffers {
  /** As XProf names it, `jit__lambda(36)`: the `module` argument of `bufferChartSvg`. */
  module: string;
  peak_heap_bytes: number;
  /** The heap simulator event (index in program order) at which the peak is first reached. */
  peak_position: number;
  /** Heap simulator events (0 without a trace). */
  program_length: number;
  /** The instruction the heap simulator was at when the peak was reached, if known. */
  instruction_at_peak: string | null;
  /** Bytes live for the whole program (parameters, outputs, constants), in every point of the heap. */
  indefinite_bytes: number;
  parameter_bytes: number;
  output_bytes: number;
  /** Every buffer live at the peak, largest first. */
  buffers_at_peak: PeakBuffer[];
  /** What was inconsistent in the assignment (empty when sound). */
  problems: string[];
}

/** `bufferAssignment`: the modules that carry a buffer assignment (or the one asked for). */
export interface BufferAssignment {
  modules: ModuleBuffers[];
}

/** The memory calls as the views use them (see CALLS in engine.ts). */
export interface MemoryQueries {
  /** Every allocator with its peak and what was live there. */
  memoryProfile(): Promise<MemoryProfile>;
  /** What allocator `allocator` held at `time_ps` (null: at its peak), the `limit` largest allocations listed. */
  memoryAt(allocator: number, time_ps: number | null, limit: number): Promise<MemoryAt>;
  /** Live and reserved bytes of `allocator` over `[start_ps, end_ps]` as SVG, the peak marked. */
  memoryChartSvg(allocator: number, start_ps: number, end_ps: number, width: number, height: number): Promise<string>;
  /** The buffer assignment of every module that has one (`module`: only that one). */
  bufferAssignment(module: string | null): Promise<BufferAssignment>;
  /** The heap of `module` over program order as SVG, the peak marked. */
  bufferChartSvg(module: string, width: number, height: number): Promise<string>;
}
