// Shapes of the HLO answers (crate/src/hlo/service.rs, crate/src/hlo/export.rs).

import { formatDuration } from '../../lib/time';

export interface HloModuleInfo {
  index: number;
  name: string;
  program_id: string | null;
  display: string;
  instructions: number;
  error: string | null;
}

export interface HloOp {
  name: string;
  opcode: string;
  category: string;
  computation: string;
}

export interface GraphNodeView {
  name: string;
  label: string;
  opcode: string;
  category: string;
  class: string;
  shape: string;
  op_name: string;
  source: string | null;
  text: string;
  count: number;
  group: string | null;
  boundary: boolean;
  fusion: boolean;
  called: string[];
  /** The outermost fusion around this instruction (whose slices the timeline shows), else null. */
  runs_as: string | null;
  /** Kind of the kernel behind a custom call (`mosaic_tpu`, `triton`, `mosaic_gpu`), else null. */
  kernel: string | null;
  /** The profile's numbers for this op (or, with `of`, for the fusion around it); null without. */
  measured: MeasuredOp | null;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** An op's numbers from the HLO op statistics (crate/src/hlo/service.rs). */
export interface MeasuredOp {
  total_time_us: number;
  self_time_us: number;
  occurrences: number;
  /** The enclosing fusion whose numbers these are, or null when they are the op's own. */
  of: string | null;
}

/** Answer of the `kernel` request. */
export interface KernelText {
  name: string;
  target: string;
  kind: string;
  text: string;
}

export interface GraphEdgeView {
  from: number;
  to: number;
  control: boolean;
  points: Array<[number, number]>;
}

export interface GraphViewData {
  module: string;
  program_id: string | null;
  center: number | null;
  nodes: GraphNodeView[];
  edges: GraphEdgeView[];
  expanded: string[];
  width: number;
  height: number;
}

/** One line describing a node's measured numbers, e.g. `12.5 µs total · 3 occurrences (of fusion.2)`. */
export function measuredText(m: MeasuredOp): string {
  const us = formatDuration(m.total_time_us * 1e6);
  const n = `${m.occurrences} occurrence${m.occurrences === 1 ? '' : 's'}`;
  return `${us} total · ${n}${m.of ? ` (of fusion ${m.of})` : ''}`;
}

/** Fill and border per colour class (crate/src/hlo/graph.rs `color_class`). */
export const CLASS_COLORS: Record<string, [string, string]> = {
  parameter: ['#ffb74d', '#c88719'],
  constant: ['#eeeeee', '#bcbcbc'],
  fusion: ['#ffcdd2', '#b71c1c'],
  dot: ['#bbdefb', '#8aacc8'],
  convolution: ['#bbdefb', '#8aacc8'],
  collective: ['#d1c4e9', '#a094b7'],
  'data-movement': ['#c8e6c9', '#97b498'],
  'control-flow': ['#fff9c4', '#cbc693'],
  'custom-call': ['#b2dfdb', '#82ada9'],
  tuple: ['#f5f5f5', '#757575'],
  elementwise: ['#ffffff', '#9e9e9e'],
};
