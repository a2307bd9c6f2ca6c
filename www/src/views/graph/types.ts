// Shapes of the HLO answers (crate/src/hlo/service.rs, crate/src/hlo/export.rs).

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
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface GraphEdgeView {
  from: number;
  to: number;
  control: boolean;
  points: Array<[number, number]>;
}

export interface GraphViewData {
  module: string;
  center: number | null;
  nodes: GraphNodeView[];
  edges: GraphEdgeView[];
  expanded: string[];
  width: number;
  height: number;
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
