// Range statistics: per counter min / max / mean / time-weighted mean / integral / delta / rate over
// the selected range, and per slice track its busy time; CSV export.

import type { CounterEngine, RangeStats } from '../../engine/engine';
import { clear, el } from '../../lib/dom';
import { formatDuration, formatTimestamp } from '../../lib/time';
import { download, toCsv } from './export';
import { num, qty, table } from './table';
import { Latest, NO_LOAD, type Scope } from '../../shell/scope';

export class RangeStatsPanel {
  readonly root = el('section', { class: 'cn-panel', 'aria-label': 'Range statistics' });
  private readonly body = el('div');
  private readonly label = el('span', { class: 'muted', 'data-testid': 'range-label' });
  private stats: RangeStats | null = null;
  private origin = 0;
  private scope: Scope = NO_LOAD;
  private readonly requests = new Latest();

  constructor(
    private readonly engine: CounterEngine,
    useVisible: () => void,
  ) {
    const head = el('div', { class: 'cn-head' });
    const visible = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'range-visible' }, 'Use the visible range');
    visible.addEventListener('click', useVisible);
    const csv = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'range-csv' }, 'Export CSV');
    csv.addEventListener('click', () => this.exportCsv());
    head.append(el('h3', {}, 'Range statistics'), this.label, visible, csv);
    this.root.append(head, this.body);
    this.reset(0, NO_LOAD);
  }

  /** Forgets the statistics shown; times are shown from `originPs`, answers wanted within `scope`. */
  reset(originPs: number, scope: Scope): void {
    this.origin = originPs;
    this.scope = scope;
    this.requests.cancel();
    this.stats = null;
    clear(this.body);
    this.body.append(el('p', { class: 'muted' }, 'Select a range in the timeline with Shift + drag, or use the visible range.'));
    this.label.textContent = '';
  }

  async setRange(t0: number, t1: number): Promise<void> {
    const request = this.requests.next(this.scope);
    this.label.textContent = `${formatTimestamp(t0 - this.origin)} – ${formatTimestamp(t1 - this.origin)} (${formatDuration(t1 - t0, 4)})`;
    const stats = await this.engine.rangeStats(t0, t1);
    if (!request.current) return;
    this.stats = stats;
    this.render();
  }

  private render(): void {
    const s = this.stats;
    clear(this.body);
    if (!s) return;
    if (s.counters.length === 0) this.body.append(el('p', { class: 'muted' }, 'No counter has a value in this range.'));
    else {
      this.body.append(
        table<RangeStats['counters'][number]>(
          [
            { title: 'Counter', value: (r) => r.name },
            { title: 'Group', value: (r) => r.group },
            { title: 'Samples', value: (r) => num(r.samples), numeric: true },
            qty(
              'Min',
              (r) => r.min,
              (r) => r.unit,
            ),
            qty(
              'Max',
              (r) => r.max,
              (r) => r.unit,
            ),
            qty(
              'Mean',
              (r) => r.mean,
              (r) => r.unit,
            ),
            qty(
              'Time-weighted mean',
              (r) => r.time_weighted_mean,
              (r) => r.unit,
            ),
            { title: 'Integral (value·µs)', value: (r) => num(r.integral), numeric: true },
            qty(
              'Delta',
              (r) => r.delta,
              (r) => r.unit,
            ),
            { title: 'Rate (/µs)', value: (r) => num(r.rate_per_us), numeric: true },
            { title: 'Unit', value: (r) => r.unit ?? '' },
          ],
          s.counters,
          'range-stats',
        ),
      );
    }
    if (s.tracks.length > 0) {
      this.body.append(el('h4', {}, 'Busy time per track'));
      this.body.append(
        table(
          [
            { title: 'Track', value: (r) => r.name },
            { title: 'Group', value: (r) => r.group },
            { title: 'Busy', value: (r) => formatDuration(r.busy_ps, 4), numeric: true, exact: (r) => `${r.busy_ps} ps` },
            { title: 'Busy %', value: (r) => (r.busy_fraction * 100).toFixed(2), numeric: true, exact: (r) => String(r.busy_fraction * 100) },
          ],
          s.tracks,
          'range-busy',
        ),
      );
    }
  }

  private exportCsv(): void {
    const s = this.stats;
    if (!s) return;
    const rows: unknown[][] = s.counters.map((r) => [
      'counter',
      r.name,
      r.group,
      r.samples,
      r.min,
      r.max,
      r.mean,
      r.time_weighted_mean,
      r.integral,
      r.delta,
      r.rate_per_us,
      r.unit,
      '',
      '',
    ]);
    for (const t of s.tracks) rows.push(['track', t.name, t.group, '', '', '', '', '', '', '', '', '', t.busy_ps, t.busy_fraction]);
    const csv = toCsv(
      [
        'kind',
        'name',
        'group',
        'samples',
        'min',
        'max',
        'mean',
        'time_weighted_mean',
        'integral_value_us',
        'delta',
        'rate_per_us',
        'unit',
        'busy_ps',
        'busy_fraction',
      ],
      rows,
    );
    download(`range-stats_${s.t0_ps}-${s.t1_ps}ps.csv`, new Blob([csv], { type: 'text/csv' }));
  }
}
