// The counter chart panel: chosen counters over the chosen range as a plotters chart (several
// series, legend, linear or log axis, kernel boundary markers), exported as PNG, SVG or CSV.

import type { ChartSpec, CounterEngine, CounterTrackInfo } from '../../engine/engine';
import { clear, el } from '../../lib/dom';
import { download, svgDataUrl, svgToPng, toCsv } from './export';
import { Latest, NO_LOAD, type Scope } from '../../shell/scope';

const CHART_W = 900;
const CHART_H = 360;
/** Points per series asked of the engine. */
const MAX_POINTS = 2000;
/** Series drawn at most. */
const MAX_SERIES = 8;

export class ChartPanel {
  readonly root = el('section', { class: 'cn-panel', 'aria-label': 'Counter chart' });
  private readonly picks = el('div', { class: 'cn-picks' });
  private readonly log = el('input', { type: 'checkbox', 'data-testid': 'chart-log' });
  private readonly out = el('div', { class: 'cn-chart', 'data-testid': 'counter-chart' });
  private readonly note = el('p', { class: 'muted small' });
  private tracks: CounterTrackInfo[] = [];
  private svg = '';
  private spec: ChartSpec | null = null;
  private scope: Scope = NO_LOAD;
  private readonly requests = new Latest();

  constructor(
    private readonly engine: CounterEngine,
    /** The range to chart and the kernel whose occurrences mark it. */
    private readonly context: () => { t0: number; t1: number; origin: number; kernel: number | null },
  ) {
    const head = el('div', { class: 'cn-head' });
    const draw = el('button', { type: 'button', class: 'btn btn-small btn-primary', 'data-testid': 'chart-draw' }, 'Draw chart');
    draw.addEventListener('click', () => void this.draw());
    const ll = el('label', {});
    ll.append(this.log, document.createTextNode(' log axis'));
    this.log.addEventListener('change', () => {
      if (this.spec) void this.draw();
    });
    const exports = ['PNG', 'SVG', 'CSV'].map((kind) => {
      const b = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': `chart-${kind.toLowerCase()}` }, kind);
      b.addEventListener('click', () => void this.export(kind));
      return b;
    });
    head.append(el('h3', {}, 'Counter chart'), ll, draw, ...exports);
    this.root.append(head, this.picks, this.note, this.out);
  }

  /** Offers `tracks` to chart (none: nothing drawn); answers wanted within `scope`. */
  setTracks(tracks: CounterTrackInfo[], scope: Scope): void {
    this.scope = scope;
    this.requests.cancel();
    this.tracks = tracks;
    this.svg = '';
    this.spec = null;
    clear(this.out);
    clear(this.picks);
    tracks.forEach((t, k) => {
      const box = el('input', { type: 'checkbox', value: String(t.id), 'data-testid': 'chart-pick' });
      box.checked = k < 3;
      const l = el('label', { class: 'cn-pick', title: t.group });
      l.append(box, document.createTextNode(` ${t.name}`));
      this.picks.append(l);
    });
    this.note.textContent = tracks.length ? '' : 'This profile has no counter tracks.';
  }

  private chosen(): CounterTrackInfo[] {
    const ids = new Set([...this.picks.querySelectorAll('input:checked')].map((b) => Number((b as HTMLInputElement).value)));
    return this.tracks.filter((t) => ids.has(t.id)).slice(0, MAX_SERIES);
  }

  async draw(): Promise<void> {
    const request = this.requests.next(this.scope);
    const ctx = this.context();
    const chosen = this.chosen();
    const series = await Promise.all(
      chosen.map(async (t) => {
        const p = await this.engine.counterChartPoints(t.id, ctx.t0, ctx.t1, MAX_POINTS);
        const points: Array<[number, number]> = [];
        for (let i = 0; i + 1 < p.length; i += 2) points.push([(p[i]! - ctx.origin) / 1e6, p[i + 1]!]);
        return { name: t.unit ? `${t.name} (${t.unit})` : t.name, points };
      }),
    );
    const markers: Array<[number, number]> = [];
    if (ctx.kernel !== null) {
      const w = await this.engine.kernelWindows(ctx.kernel, ctx.t0, ctx.t1, 500);
      for (let i = 0; i + 1 < w.length; i += 2) markers.push([(w[i]! - ctx.origin) / 1e6, (w[i + 1]! - ctx.origin) / 1e6]);
    }
    if (!request.current) return;
    // One value axis in units for people when every chosen counter has the same unit.
    const units = new Set(chosen.map((t) => t.unit ?? ''));
    const unit = units.size === 1 ? [...units][0] || null : null;
    const spec: ChartSpec = {
      title: chosen.length ? `${chosen.map((c) => c.name).join(', ')}` : 'no counter chosen',
      series,
      log_y: this.log.checked,
      markers,
      range_us: [(ctx.t0 - ctx.origin) / 1e6, (ctx.t1 - ctx.origin) / 1e6],
      unit,
      width: CHART_W,
      height: CHART_H,
    };
    try {
      const svg = await this.engine.counterChartSvg(spec);
      if (!request.current) return;
      this.spec = spec;
      this.svg = svg;
      clear(this.out);
      const img = el('img', { alt: `Chart of ${spec.title}`, width: String(CHART_W), height: String(CHART_H) });
      img.src = svgDataUrl(svg);
      this.out.append(img);
      this.note.textContent = markers.length ? `${markers.length} kernel window${markers.length === 1 ? '' : 's'} marked` : '';
    } catch (err) {
      if (request.current) this.note.textContent = `The chart could not be drawn: ${err instanceof Error ? err.message : String(err)}`;
    }
  }

  private async export(kind: string): Promise<void> {
    const spec = this.spec;
    if (!spec || !this.svg) {
      this.note.textContent = 'Draw the chart first.';
      return;
    }
    if (kind === 'SVG') download('counters.svg', new Blob([this.svg], { type: 'image/svg+xml' }));
    else if (kind === 'PNG') download('counters.png', await svgToPng(this.svg, spec.width, spec.height));
    else {
      const rows: unknown[][] = spec.series.flatMap((s) => s.points.map(([t, v]) => [s.name, t, v]));
      download('counters.csv', new Blob([toCsv(['counter', 'time_us', 'value'], rows)], { type: 'text/csv' }));
    }
  }
}
