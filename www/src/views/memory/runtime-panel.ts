// Runtime memory of one allocator at a time: the allocator picker (the allocators the profile
// has), its summary (peak and when, reserved at the peak, counts, never freed), the chart of live
// and reserved bytes linked with the timeline (memory-chart.ts), and the table of the allocations
// live at the picked time (the peak until a click on the chart picks another), largest first; a
// row whose op is a slice selects that slice on the timeline.

import type { AllocatorReport, MemoryAt, MemoryQueries } from '../../engine/memory-types';
import { clear, el } from '../../lib/dom';
import { formatBytes, formatCount, formatTimestamp } from '../../lib/time';
import { Latest, NO_LOAD, type Scope } from '../../shell/scope';
import { type Column, DataTable } from '../analysis/data-table';
import { toolbarSelect } from '../analysis/toolbar-select';
import { MemoryChart } from './memory-chart';
import { errorText } from './svg';

/** Allocations listed at a time (the engine counts them all). */
const LIST_LIMIT = 1000;

const LIVE_COLUMNS: Column[] = [
  { id: 'bytes', label: 'Size', kind: 'number', unit: 'bytes' },
  { id: 'op', label: 'Allocated by', kind: 'text', missing: '(unknown)' },
  { id: 'start', label: 'Allocated at', kind: 'number', unit: 'ps' },
  { id: 'age_ps', label: 'Alive for', kind: 'number', unit: 'ps' },
  { id: 'address', label: 'Address', kind: 'text' },
  { id: 'requested_bytes', label: 'Requested', kind: 'number', unit: 'bytes' },
  { id: 'region', label: 'Region', kind: 'text' },
  { id: 'data_type', label: 'Data type', kind: 'text' },
  { id: 'shape', label: 'Shape', kind: 'text' },
];

/** What the runtime panel needs of the page. */
export interface RuntimeHost {
  visibleRange(): { t0: number; t1: number };
  zoomTo(t0: number, t1: number): void;
  /** Selects slice `id` (an allocation's op) on the timeline. */
  selectSlice(id: number): void;
  shown(): boolean;
}

export class RuntimePanel {
  readonly root = el('section', { class: 'mem-runtime', 'aria-label': 'Runtime memory' });
  private readonly picker = el('div', { class: 'mem-picker' });
  private readonly message = el('p', { class: 'an-message', 'data-testid': 'memory-message' });
  private readonly summary = el('dl', { class: 'an-facts', 'data-testid': 'memory-summary' });
  private readonly atLine = el('p', { class: 'mem-at', 'data-testid': 'memory-at' });
  private readonly atHead = el('div', { class: 'an-toolbar' });
  private readonly tableBox = el('div', { class: 'mem-table' });
  private readonly chart: MemoryChart;
  private readonly table: DataTable;
  private allocators: AllocatorReport[] = [];
  private current: AllocatorReport | null = null;
  private rows: MemoryAt['allocations'] = [];
  private origin = 0;
  private scope: Scope = NO_LOAD;
  private readonly lists = new Latest();

  constructor(
    private readonly engine: Pick<MemoryQueries, 'memoryAt' | 'memoryChartSvg'>,
    private readonly host: RuntimeHost,
  ) {
    this.chart = new MemoryChart(engine, {
      visibleRange: () => host.visibleRange(),
      zoomTo: (t0, t1) => host.zoomTo(t0, t1),
      pick: (t) => void this.showAt(t),
      shown: () => host.shown(),
    });
    const peak = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'memory-at-peak' }, 'At the peak');
    peak.addEventListener('click', () => void this.showAt(null));
    this.atHead.append(el('h3', {}, 'Allocations live at a time'), peak);
    this.table = new DataTable(this.tableBox, 'memory-live', LIVE_COLUMNS, (i) => this.pickRow(i), [], 'memory-row');
    this.root.append(el('h2', {}, 'Runtime allocations'), this.message, this.picker, this.summary, this.chart.root, this.atHead, this.atLine, this.tableBox);
    this.reset(NO_LOAD, 0);
  }

  /** Empty: no allocator, nothing asked. */
  reset(scope: Scope, origin: number): void {
    this.scope = scope;
    this.origin = origin;
    this.lists.cancel();
    this.allocators = [];
    this.current = null;
    this.rows = [];
    clear(this.picker);
    clear(this.summary);
    this.message.textContent = '';
    this.atLine.textContent = '';
    this.table.setRows([]);
    this.chart.set(null, origin, scope);
    this.setShown(false);
  }

  /** `text` (an error, or that it is being computed) in place of the panel's content. */
  say(text: string): void {
    this.message.textContent = text;
    this.setShown(false);
  }

  /** Shows `allocators` (none: says the profile has no memory events), the first one picked. */
  async show(allocators: AllocatorReport[]): Promise<void> {
    this.allocators = allocators;
    clear(this.picker);
    if (allocators.length === 0) {
      this.message.textContent = 'This profile has no memory events (no Kineto [memory] instants, no XSpace memory allocation events).';
      this.setShown(false);
      return;
    }
    this.message.textContent = '';
    const options = allocators.map((a) => [String(a.id), allocatorLabel(a)] as const);
    const { bar, select } = toolbarSelect('Allocator', 'memory-allocator', options, String(allocators[0]!.id), (v) => void this.pick(Number(v)));
    select.title = 'The device and allocator whose memory is shown';
    this.picker.append(bar);
    this.setShown(true);
    await this.pick(allocators[0]!.id);
  }

  /** The timeline's range changed. */
  follow(): void {
    this.chart.follow();
  }

  /** The tab was shown again. */
  showAgain(): void {
    this.chart.showAgain();
  }

  private setShown(on: boolean): void {
    for (const part of [this.summary, this.chart.root, this.atHead, this.atLine, this.tableBox]) part.hidden = !on;
  }

  private async pick(id: number): Promise<void> {
    const a = this.allocators.find((x) => x.id === id) ?? null;
    this.current = a;
    this.chart.set(a, this.origin, this.scope);
    if (!a) return;
    this.drawSummary(a);
    await this.showAt(null);
  }

  private drawSummary(a: AllocatorReport): void {
    clear(this.summary);
    const rate = (r: number): string => `${r.toLocaleString('en-US', { maximumFractionDigits: 1 })}/s`;
    const facts: Array<[string, string]> = [
      ['Peak', `${formatBytes(a.peak_bytes)} at ${formatTimestamp(a.peak_time_ps - this.origin)}`],
      ['Reserved at the peak', a.reserved_at_peak_bytes === null ? 'not recorded' : formatBytes(a.reserved_at_peak_bytes)],
    ];
    if (a.peak_reserved_bytes !== null) facts.push(['Most reserved', formatBytes(a.peak_reserved_bytes)]);
    if (a.capacity_bytes !== null) facts.push(['Capacity', formatBytes(a.capacity_bytes)]);
    if (a.lifetime_peak_bytes !== null) facts.push(['Allocator’s own lifetime peak', formatBytes(a.lifetime_peak_bytes)]);
    facts.push(
      ['Live at the peak', `${formatCount(a.live_at_peak_count)} allocations, ${formatBytes(a.live_at_peak_bytes)} made in the capture`],
      ['Allocations', `${formatCount(a.alloc_count)} (${rate(a.alloc_rate_per_s)})`],
      ['Frees', `${formatCount(a.free_count)} (${rate(a.free_rate_per_s)})`],
      ['Never freed', `${formatCount(a.never_freed_count)} (${formatBytes(a.never_freed_bytes)})`],
      ['Seen', `${formatTimestamp(a.first_ps - this.origin)} – ${formatTimestamp(a.last_ps - this.origin)}`],
    );
    for (const [k, v] of facts) {
      const dt = el('dt', {}, k);
      const dd = el('dd', { 'data-fact': k }, v);
      this.summary.append(dt, dd);
    }
    this.summary.dataset.peakBytes = String(a.peak_bytes);
  }

  /** The allocations live at `t` (ps; null: at the peak) in the table. */
  private async showAt(t: number | null): Promise<void> {
    const a = this.current;
    if (!a) return;
    const request = this.lists.next(this.scope);
    this.atLine.textContent = 'Computing…';
    try {
      const at = await this.engine.memoryAt(a.id, t, LIST_LIMIT);
      if (!request.current) return;
      this.rows = at.allocations;
      this.table.setRows(at.allocations.map((x) => ({ ...x, start: x.start_ps - this.origin })));
      this.chart.mark(at.time_ps);
      const where = t === null ? 'the peak' : 'the picked time';
      const reserved = at.reserved_bytes === null ? '' : ` (reserved ${formatBytes(at.reserved_bytes)})`;
      const listed = at.allocations.length < at.total_count ? `; the ${formatCount(at.allocations.length)} largest listed` : '';
      this.atLine.textContent = `At ${where}, ${formatTimestamp(at.time_ps - this.origin)}: ${formatBytes(at.live_bytes)} live in ${formatCount(at.total_count)} allocation${at.total_count === 1 ? '' : 's'}${reserved}${listed}. Click a row to select its op on the timeline.`;
      this.atLine.dataset.timePs = String(at.time_ps);
    } catch (err) {
      if (request.current) this.atLine.textContent = `The allocations could not be listed: ${errorText(err)}`;
    }
  }

  private pickRow(i: number): void {
    const slice = this.rows[i]?.slice;
    if (slice !== null && slice !== undefined) this.host.selectSlice(slice);
  }
}

/** "cuda:0 · CUDA caching allocator" */
function allocatorLabel(a: AllocatorReport): string {
  return a.device ? `${a.device} · ${a.name}` : a.name;
}
