// Replies of the memory calls: hand-written to match the Rust types. Bytes are integers.

/** One buffer live at a module's peak (crate/src/analysis/memory/buffers/). */
export interface PeakBuffer {
  bytes: number;
  /** The defining HLO instruction, with the shape index in braces when there is one. */
  instruction: string;
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
  /** As XProf names it, `jit__lambda(36)`. */
  module: string;
  peak_heap_bytes: number;
  /** The heap simulator event (index in program order) at which the peak is first reached. */
  peak_position: number;
  /** Heap simulator events (0 without a trace). */
  program_length: number;
  instruction_at_peak: string | null;
  /** Bytes live for the whole program (parameters, outputs, constants). */
  indefinite_bytes: number;
  parameter_bytes: number;
  output_bytes: number;
  /** Every buffer live at the peak, largest first. */
  buffers_at_peak: PeakBuffer[];
  /** What was inconsistent in the assignment (empty when sound). */
  problems: string[];
}

/** The reply of `bufferAssignment`. */
export interface BufferAssignment {
  modules: ModuleBuffers[];
}
