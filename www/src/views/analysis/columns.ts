// The columns of the analysis tables, in one place: the row key (also the CSV header), the
// header text, and the unit of the raw value. XProf's tables carry times as µs floats (`*_us`,
// `total_time`, `avg_time`, `total_self_time`); cells show them in the unit that fits, with the
// exact value in the cell's tooltip, while sorting and CSV use the raw numbers.

import type { AnalysisTool } from '../../engine/engine';
import type { Column } from './data-table';

export const TABLE_COLUMNS: Record<AnalysisTool, Column[]> = {
  kernels: [
    { id: 'rank', label: 'Rank', kind: 'number' },
    { id: 'kernel_name', label: 'Kernel', kind: 'text' },
    { id: 'op_name', label: 'Op', kind: 'text' },
    { id: 'occurrences', label: 'Occurrences', kind: 'number' },
    { id: 'total_duration_us', label: 'Total time', kind: 'number', unit: 'us' },
    { id: 'avg_duration_us', label: 'Avg time', kind: 'number', unit: 'us' },
    { id: 'p50_duration_us', label: 'p50', kind: 'number', unit: 'us' },
    { id: 'p90_duration_us', label: 'p90', kind: 'number', unit: 'us' },
    { id: 'p99_duration_us', label: 'p99', kind: 'number', unit: 'us' },
    { id: 'max_duration_us', label: 'Max', kind: 'number', unit: 'us' },
    { id: 'device_busy_pct', label: 'Device busy', kind: 'percent' },
    { id: 'registers_per_thread', label: 'Regs/thread', kind: 'number' },
    { id: 'shmem_bytes', label: 'Shared mem', kind: 'number', unit: 'bytes' },
    { id: 'block_dim', label: 'Block', kind: 'text' },
    { id: 'grid_dim', label: 'Grid', kind: 'text' },
    { id: 'occupancy_pct', label: 'Occupancy %', kind: 'number' },
    { id: 'is_kernel_using_tensor_core', label: 'Tensor Core', kind: 'text' },
  ],
  'framework-ops': [
    { id: 'rank', label: 'Rank', kind: 'number' },
    { id: 'host_or_device', label: 'Host/device', kind: 'text' },
    { id: 'type', label: 'Type', kind: 'text' },
    { id: 'operation', label: 'Operation', kind: 'text' },
    { id: 'occurrences', label: 'Occurrences', kind: 'number' },
    { id: 'total_time', label: 'Total time', kind: 'number', unit: 'us' },
    { id: 'avg_time', label: 'Avg time', kind: 'number', unit: 'us' },
    { id: 'total_self_time', label: 'Self time', kind: 'number', unit: 'us' },
    { id: 'device_total_self_time_percent', label: 'Device self', kind: 'fraction' },
    { id: 'host_total_self_time_percent', label: 'Host self', kind: 'fraction' },
    { id: 'measured_flop_rate', label: 'GFLOP/s', kind: 'number' },
    { id: 'measured_memory_bw', label: 'GiB/s', kind: 'number' },
    { id: 'bound_by', label: 'Bound by', kind: 'text' },
  ],
  'gpu-ops': [
    { id: 'rank', label: 'Rank', kind: 'number' },
    { id: 'operation', label: 'Operation', kind: 'text' },
    { id: 'occurrences', label: 'Occurrences', kind: 'number' },
    { id: 'kernels', label: 'GPU work', kind: 'number' },
    { id: 'total_device_time_us', label: 'Device total', kind: 'number', unit: 'us' },
    { id: 'avg_device_time_us', label: 'Device avg', kind: 'number', unit: 'us' },
    { id: 'device_time_percent', label: 'Device time', kind: 'percent' },
  ],
  'hlo-stats': [
    { id: 'rank', label: 'Rank', kind: 'number' },
    { id: 'program_id', label: 'Program', kind: 'text' },
    { id: 'category', label: 'Category', kind: 'text' },
    { id: 'hlo_op_name', label: 'HLO op', kind: 'text' },
    { id: 'hlo_op_expression', label: 'HLO expression', kind: 'text' },
    { id: 'tf_op_name', label: 'Framework op', kind: 'text' },
    { id: 'occurrences', label: 'Occurrences', kind: 'number' },
    { id: 'total_time', label: 'Total time', kind: 'number', unit: 'us' },
    { id: 'total_self_time', label: 'Self time', kind: 'number', unit: 'us' },
    { id: 'total_self_time_percent', label: 'Self %', kind: 'percent' },
    { id: 'normalized_flop_rate', label: 'GFLOP/s', kind: 'number' },
    { id: 'measured_memory_bw', label: 'GiB/s', kind: 'number' },
    { id: 'operational_intensity', label: 'FLOP/byte', kind: 'number' },
    { id: 'bound_by', label: 'Bound by', kind: 'text' },
  ],
};

export const TOP_OPS_COLUMNS: Column[] = [
  { id: 'selfTimePercent', label: 'Self time', kind: 'fraction' },
  { id: 'cumulativeTimePercent', label: 'Cumulative', kind: 'fraction' },
  { id: 'category', label: 'Type', kind: 'text' },
  { id: 'operation', label: 'Operation', kind: 'text' },
  { id: 'flopRate', label: 'GFLOP/s', kind: 'number' },
];

export const ROOFLINE_COLUMNS: Column[] = [
  { id: 'rank', label: 'Rank', kind: 'number' },
  { id: 'category', label: 'Category', kind: 'text' },
  { id: 'operation', label: 'Operation', kind: 'text' },
  { id: 'total_self_time', label: 'Self time', kind: 'number', unit: 'us' },
  { id: 'operational_intensity', label: 'FLOP/byte', kind: 'number' },
  { id: 'measured_flop_rate', label: 'GFLOP/s', kind: 'number' },
  { id: 'optimal_flop_rate', label: 'Roof GFLOP/s', kind: 'number' },
  // Ops without FLOPs have no efficiency (null, or not finite): shown as a dash.
  { id: 'roofline_efficiency', label: 'Efficiency', kind: 'fraction', missing: '—' },
  { id: 'bound_by', label: 'Bound by', kind: 'text' },
];
