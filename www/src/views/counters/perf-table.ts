// The perf-counters table (XProf's perf_counters tool): every counter's value at a chosen sample time,
// decimal and hex, filtered by plane, counter set and name, zeros hidden unless asked for.

import type { CounterEngine, PerfRow } from '../../engine/engine';
import { clear, el } from '../../lib/dom';
import { formatTimestamp } from '../../lib/time';
import { num, table } from './table';
import { Latest, NO_LOAD, type Scope } from '../../shell/scope';

export class PerfCountersPanel {
  readonly root = el('section', { class: 'cn-panel', 'aria-label': 'Perf counters' });
  private readonly body = el('div');
  private readonly time = el('input', {
    type: 'number',
    step: 'any',
    min: '0',
    class: 'cn-time',
    'data-testid': 'perf-time',
    'aria-label': 'Sample time (µs from the start)',
  });
  private readonly plane = el('select', { 'data-testid': 'perf-plane', 'aria-label': 'Plane' });
  private readonly set = el('select', { 'data-testid': 'perf-set', 'aria-label': 'Counter set' });
  private readonly zeros = el('input', { type: 'checkbox', 'data-testid': 'perf-zeros' });
  private readonly filter = el('input', { type: 'search', placeholder: 'counter name', 'aria-label': 'Filter by counter name' });
  private rows: PerfRow[] = [];
  private origin = 0;
  private scope: Scope = NO_LOAD;
  private readonly requests = new Latest();

  constructor(private readonly engine: CounterEngine) {
    const head = el('div', { class: 'cn-head' });
    const zl = el('label', {});
    zl.append(this.zeros, document.createTextNode(' show zeros'));
    const tl = el('label', {});
    tl.append(document.createTextNode('at µs '), this.time);
    head.append(el('h3', {}, 'Perf counters'), tl, this.plane, this.set, zl, this.filter);
    this.root.append(head, this.body);
    this.time.addEventListener('change', () => void this.load(this.origin + Number(this.time.value) * 1e6));
    for (const c of [this.plane, this.set, this.zeros]) c.addEventListener('change', () => this.render());
    this.filter.addEventListener('input', () => this.render());
  }

  /** Forgets the rows shown; times are shown from `originPs`, answers wanted within `scope`. */
  reset(originPs: number, scope: Scope): void {
    this.origin = originPs;
    this.scope = scope;
    this.requests.cancel();
    this.time.value = '';
    this.filter.value = '';
    this.rows = [];
    clear(this.body);
  }

  /** Shows the table at time `t` (ps). */
  async load(t: number): Promise<void> {
    const request = this.requests.next(this.scope);
    this.time.value = String((t - this.origin) / 1e6);
    const rows = await this.engine.perfCounters(t);
    if (!request.current) return;
    this.rows = rows;
    fill(
      this.plane,
      'all planes',
      rows.map((r) => r.plane),
    );
    fill(
      this.set,
      'all sets',
      rows.flatMap((r) => (r.sets ? r.sets.split(/[,\s]+/).filter(Boolean) : [])),
    );
    this.render();
  }

  private render(): void {
    clear(this.body);
    const plane = this.plane.value;
    const set = this.set.value;
    const q = this.filter.value.trim().toLowerCase();
    const shown = this.rows.filter(
      (r) =>
        (this.zeros.checked || r.value !== 0) &&
        (!plane || r.plane === plane) &&
        (!set || (r.sets ?? '').split(/[,\s]+/).includes(set)) &&
        (!q || r.name.toLowerCase().includes(q)),
    );
    if (this.rows.length === 0) {
      this.body.append(el('p', { class: 'muted' }, 'No counter has a sample at or before this time.'));
      return;
    }
    this.body.append(
      table(
        [
          { title: '#', value: (r) => String(shown.indexOf(r) + 1), numeric: true },
          { title: 'Counter', value: (r) => r.name },
          { title: 'Id', value: (r) => (r.counter_id === null ? '' : String(r.counter_id)), numeric: true },
          { title: 'Set', value: (r) => r.sets ?? '' },
          { title: 'Value (dec)', value: (r) => num(r.value, 17), numeric: true },
          { title: 'Value (hex)', value: (r) => r.hex ?? '', numeric: true },
          { title: 'Plane', value: (r) => r.plane },
          { title: 'Sample at', value: (r) => formatTimestamp(r.sample_time_ps - this.origin), numeric: true },
          { title: 'Description', value: (r) => r.description ?? '' },
        ],
        shown,
        'perf-counters',
      ),
    );
    if (shown.length < this.rows.length) this.body.append(el('p', { class: 'muted small' }, `${this.rows.length - shown.length} rows hidden by the filters`));
  }
}

/** Replaces the options of `select` with "all" plus the distinct `values`, keeping the choice. */
function fill(select: HTMLSelectElement, all: string, values: string[]): void {
  const keep = select.value;
  clear(select);
  select.append(el('option', { value: '' }, all));
  for (const v of [...new Set(values)].sort()) select.append(el('option', { value: v }, v));
  select.value = [...select.options].some((o) => o.value === keep) ? keep : '';
}
