// Kernel-scoped telemetry: every counter sampled inside the selected kernel's window, drawn aligned
// under a bar for the kernel, with start/end/delta/min/max/mean and a derived utilisation, plus the
// aggregates over every occurrence of the kernel's name.

import type { CounterEngine, KernelTelemetry, WindowCounter } from '../../engine/engine';
import { formatValue } from '../../canvas/counters';
import { fitCanvas } from '../../canvas/hidpi';
import { clear, el } from '../../lib/dom';
import { formatDuration, formatTimestamp } from '../../lib/time';
import { formatQuantity } from '../../lib/units';
import { num, qty, table } from './table';
import { Latest, NO_LOAD, type Scope } from '../../shell/scope';

const SPARK_W = 360;
const SPARK_H = 34;

export class TelemetryPanel {
  readonly root = el('section', { class: 'cn-panel', 'aria-label': 'Kernel telemetry', 'data-testid': 'kernel-telemetry' });
  private readonly body = el('div');
  private origin = 0;
  private scope: Scope = NO_LOAD;
  private readonly requests = new Latest();
  /** The telemetry shown, for the chart panel's markers. */
  current: KernelTelemetry | null = null;

  constructor(private readonly engine: CounterEngine) {
    const head = el('div', { class: 'cn-head' });
    head.append(el('h3', {}, 'Kernel telemetry'));
    this.root.append(head, this.body);
    this.empty();
  }

  /** Forgets the telemetry shown; times are shown from `originPs`, answers wanted within `scope`. */
  reset(originPs: number, scope: Scope): void {
    this.origin = originPs;
    this.scope = scope;
    this.requests.cancel();
    this.current = null;
    this.empty();
  }

  private empty(): void {
    clear(this.body);
    this.body.append(el('p', { class: 'muted' }, 'Select a kernel or custom-call slice and choose "Counters inside this slice" in its details.'));
  }

  async show(sliceId: number): Promise<void> {
    const request = this.requests.next(this.scope);
    const t = await this.engine.kernelTelemetry(sliceId);
    if (!request.current) return;
    this.current = t;
    clear(this.body);
    if (!t) return this.empty();
    const span = t.end_ps - t.start_ps;
    this.body.append(
      el(
        'p',
        { 'data-testid': 'telemetry-title' },
        `${t.name} · ${formatTimestamp(t.start_ps - this.origin)} · ${formatDuration(span, 4)} · ${t.occurrences} occurrence${t.occurrences === 1 ? '' : 's'}`,
      ),
    );
    if (t.counters.length === 0) {
      this.body.append(el('p', { class: 'muted' }, 'No counter has a value inside this slice.'));
    } else {
      const grid = el('div', { class: 'tele-grid' });
      grid.append(el('div', { class: 'tele-name' }, ''), this.kernelBar(t.name), el('div', {}));
      for (const c of t.counters) grid.append(...this.row(c, t));
      this.body.append(grid);
    }
    if (t.aggregates.length > 0) {
      this.body.append(el('h4', {}, `Over ${t.aggregated} of ${t.occurrences} occurrences of ${t.name}`));
      this.body.append(
        table<KernelTelemetry['aggregates'][number]>(
          [
            { title: 'Counter', value: (r) => r.name },
            { title: 'Group', value: (r) => r.group },
            { title: 'Occurrences', value: (r) => num(r.occurrences), numeric: true },
            qty(
              'Mean',
              (r) => r.mean,
              (r) => r.unit,
            ),
            qty(
              'Peak',
              (r) => r.peak,
              (r) => r.unit,
            ),
            qty(
              'Δ per occurrence',
              (r) => r.mean_delta,
              (r) => r.unit,
            ),
            { title: 'Utilisation', value: (r) => (r.utilisation === null ? '' : `${(r.utilisation * 100).toFixed(1)} %`), numeric: true },
            { title: 'Unit', value: (r) => r.unit ?? '' },
          ],
          t.aggregates,
          'telemetry-aggregates',
        ),
      );
    }
  }

  private kernelBar(name: string): HTMLElement {
    const bar = el('div', { class: 'tele-kernel' }, name);
    bar.style.width = `${SPARK_W}px`;
    return bar;
  }

  private row(c: WindowCounter, t: KernelTelemetry): HTMLElement[] {
    const name = el('div', { class: 'tele-name' }, c.name);
    name.title = `${c.group}${c.meaning ? ` — ${c.meaning}` : ' — unknown counter, shown as recorded'}`;
    const canvas = el('canvas', { class: 'tele-spark', role: 'img', 'aria-label': `${c.name} inside the slice` });
    const ctx = fitCanvas(canvas, SPARK_W, SPARK_H);
    if (ctx) spark(ctx, c, t.start_ps, t.end_ps);
    const q = (v: number): string => (c.unit ? formatQuantity(v, c.unit) : formatValue(v));
    const facts = [
      `Δ ${q(c.delta)}`,
      `${q(c.start_value)} → ${q(c.end_value)}`,
      `min ${q(c.min)} · max ${q(c.max)} · mean ${q(c.time_weighted_mean)}`,
      `${c.sample_count} samples`,
    ];
    if (c.utilisation !== null) facts.push(`utilisation ${(c.utilisation * 100).toFixed(1)} %`);
    const info = el('div', { class: 'tele-facts' }, facts.join(' · '));
    return [name, canvas, info];
  }
}

/** A step line of the counter over the window, scaled to its own range. */
function spark(ctx: CanvasRenderingContext2D, c: WindowCounter, a: number, b: number): void {
  ctx.clearRect(0, 0, SPARK_W, SPARK_H);
  ctx.fillStyle = '#f1f5f9';
  ctx.fillRect(0, 0, SPARK_W, SPARK_H);
  const lo = Math.min(c.min, c.start_value);
  const hi = Math.max(c.max, c.start_value);
  const y = (v: number): number => SPARK_H - 3 - ((v - lo) / (hi - lo || 1)) * (SPARK_H - 6);
  const x = (t: number): number => ((t - a) / (b - a || 1)) * SPARK_W;
  ctx.strokeStyle = '#2563eb';
  ctx.lineWidth = 1.25;
  ctx.beginPath();
  let v = c.start_value;
  ctx.moveTo(0, y(v));
  for (const [t, nv] of c.samples) {
    ctx.lineTo(x(t), y(v));
    ctx.lineTo(x(t), y(nv));
    v = nv;
  }
  ctx.lineTo(SPARK_W, y(v));
  ctx.stroke();
}
