// XLA buffer assignment (XProf's memory viewer): for the HLO modules of the profile that carry
// one, a module picker (the largest peak first), the module's heap over program order
// (`bufferChartSvg`, the peak marked there) and the buffers live at its peak, largest first.

import type { ModuleBuffers, MemoryQueries } from '../../engine/memory-types';
import { clear, el } from '../../lib/dom';
import { formatBytes, formatCount } from '../../lib/time';
import { Latest, NO_LOAD, type Scope } from '../../shell/scope';
import { type Column, DataTable } from '../analysis/data-table';
import { toolbarSelect } from '../analysis/toolbar-select';
import { chartProblem, errorText, svgElement } from './svg';

const CHART_W = 900;
const CHART_H = 260;

const BUFFER_COLUMNS: Column[] = [
  { id: 'bytes', label: 'Size', kind: 'number', unit: 'bytes' },
  { id: 'instruction', label: 'Instruction', kind: 'text' },
  { id: 'opcode', label: 'Opcode', kind: 'text' },
  { id: 'kind', label: 'Kind', kind: 'text' },
  { id: 'shape', label: 'Shape', kind: 'text' },
  { id: 'offset_bytes', label: 'Offset', kind: 'number', missing: '–' },
  { id: 'op_name', label: 'Framework op', kind: 'text' },
];

export class BufferPanel {
  readonly root = el('section', { class: 'mem-buffers', 'aria-label': 'XLA buffer assignment', 'data-testid': 'memory-buffers' });
  private readonly message = el('p', { class: 'an-message', 'data-testid': 'buffers-message' });
  private readonly picker = el('div', { class: 'mem-picker' });
  private readonly summary = el('dl', { class: 'an-facts', 'data-testid': 'buffers-summary' });
  private readonly chart = el('div', { class: 'mem-buffer-chart', 'data-testid': 'buffer-chart' });
  private readonly tableBox = el('div', { class: 'mem-table' });
  private readonly table: DataTable;
  private modules: ModuleBuffers[] = [];
  private scope: Scope = NO_LOAD;
  private readonly charts = new Latest();

  constructor(private readonly engine: Pick<MemoryQueries, 'bufferChartSvg'>) {
    this.table = new DataTable(this.tableBox, 'memory-buffers', BUFFER_COLUMNS, () => undefined, [], 'buffer-row');
    this.root.append(el('h2', {}, 'XLA buffer assignment'), this.message, this.picker, this.summary, this.chart, this.tableBox);
    this.reset(NO_LOAD);
  }

  reset(scope: Scope): void {
    this.scope = scope;
    this.charts.cancel();
    this.modules = [];
    clear(this.picker);
    clear(this.summary);
    clear(this.chart);
    this.message.textContent = '';
    this.table.setRows([]);
    this.setShown(false);
  }

  /** `text` (an error, or that it is being computed) in place of the panel's content. */
  say(text: string): void {
    this.message.textContent = text;
    this.setShown(false);
  }

  /** Shows `modules` (none: says no module has a buffer assignment), the one with the largest peak picked. */
  async show(modules: ModuleBuffers[]): Promise<void> {
    this.modules = [...modules].sort((a, b) => b.peak_heap_bytes - a.peak_heap_bytes || a.module.localeCompare(b.module));
    clear(this.picker);
    if (this.modules.length === 0) {
      this.message.textContent = 'No HLO module of this profile has a buffer assignment.';
      this.setShown(false);
      return;
    }
    this.message.textContent = `${this.modules.length} module${this.modules.length === 1 ? '' : 's'} with a buffer assignment, the largest peak first.`;
    const options = this.modules.map((m) => [m.module, `${m.module} (${formatBytes(m.peak_heap_bytes)})`] as const);
    const { bar } = toolbarSelect('Module', 'memory-module', options, this.modules[0]!.module, (v) => void this.pick(v));
    this.picker.append(bar);
    this.setShown(true);
    await this.pick(this.modules[0]!.module);
  }

  private setShown(on: boolean): void {
    for (const part of [this.summary, this.chart, this.tableBox]) part.hidden = !on;
  }

  private async pick(name: string): Promise<void> {
    const m = this.modules.find((x) => x.module === name);
    if (!m) return;
    clear(this.summary);
    const facts: Array<[string, string]> = [
      ['Peak heap', formatBytes(m.peak_heap_bytes)],
      [
        'At',
        `position ${formatCount(m.peak_position)} of ${formatCount(m.program_length)} in program order${m.instruction_at_peak ? ` (${m.instruction_at_peak})` : ''}`,
      ],
      ['Buffers live at the peak', formatCount(m.buffers_at_peak.length)],
      [
        'Live for the whole program',
        `${formatBytes(m.indefinite_bytes)} (parameters ${formatBytes(m.parameter_bytes)}, outputs ${formatBytes(m.output_bytes)})`,
      ],
    ];
    if (m.problems.length > 0) facts.push(['Problems', m.problems.join('; ')]);
    for (const [k, v] of facts) this.summary.append(el('dt', {}, k), el('dd', { 'data-fact': k }, v));
    this.summary.dataset.module = m.module;
    this.summary.dataset.peakHeapBytes = String(m.peak_heap_bytes);
    this.table.setRows([...m.buffers_at_peak].sort((a, b) => b.bytes - a.bytes).map((b) => ({ ...b })));
    const request = this.charts.next(this.scope);
    this.chart.replaceChildren(chartProblem('Drawing…'));
    try {
      const svg = await this.engine.bufferChartSvg(m.module, CHART_W, CHART_H);
      if (!request.current) return;
      const chart = svgElement(svg, `Heap of ${m.module} over program order`, CHART_W, CHART_H);
      this.chart.replaceChildren(chart ?? chartProblem('The buffer chart could not be shown (the engine’s SVG did not parse).'));
    } catch (err) {
      if (request.current) this.chart.replaceChildren(chartProblem(`The buffer chart could not be drawn: ${errorText(err)}`));
    }
  }
}
