// The details panel for the selected slice, instant or counter sample: every field through
// textContent. With nothing selected it shows the profile's metadata; its root has
// `data-empty="true"` then.

import type { CounterSample, EventDetails, FlowLink, Profile } from '../engine/engine';
import { formatValue } from '../canvas/counters';
import { clear, el } from '../lib/dom';
import { formatCount, formatDuration, formatPreciseTime } from '../lib/time';
import { splitter } from './timeline/splitter';
import { formatQuantity, unitOfName } from '../lib/units';

/** Longest name put in a tooltip; the heading itself is clamped to a few lines by CSS. */
const TITLE_MAX = 2000;

/** An argument's value; a number whose key names a unit (`*_bytes`, `*_ps`, ...) also for people. */
function valueText(v: unknown, key = ''): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  const unit = unitOfName(key);
  if (typeof v === 'number' && unit && Number.isFinite(v)) return `${v} (${formatQuantity(v, unit)})`;
  if (typeof v === 'number') return Number.isSafeInteger(v) && Math.abs(v) >= 100000 ? `${v} (${formatCount(v)})` : String(v);
  return JSON.stringify(v);
}

const MAX_METADATA = 60;
/** The narrowest the details panel is dragged to, px; at the widest it leaves the timeline 320 px. */
const MIN_WIDTH = 220;

export class DetailsView {
  private metadata: Array<[string, unknown]> = [];

  /** `root` is in the page already: the splitter that resizes it goes on its left edge. */
  constructor(readonly root: HTMLElement) {
    this.clear();
    const handle = splitter({
      width: () => root.getBoundingClientRect().width,
      setWidth: (w) => {
        root.style.width = `${w}px`;
      },
      min: MIN_WIDTH,
      max: () => Math.max(MIN_WIDTH, (root.parentElement?.clientWidth ?? window.innerWidth) - 320),
      direction: -1,
      label: 'Width of the details panel',
      testid: 'details-splitter',
    });
    handle.classList.add('details-splitter');
    root.before(handle);
  }

  /** Nothing selected, no profile: no metadata either. */
  clear(): void {
    this.metadata = [];
    this.showNothing();
  }

  /** Nothing selected yet; the profile's metadata shown. */
  load(p: Profile): void {
    this.metadata = Array.isArray(p.metadata) ? p.metadata : [];
    this.showNothing();
  }

  /** Nothing selected: `message` and the profile's metadata. */
  showNothing(message = 'Click a slice in the timeline to see its details.'): void {
    clear(this.root);
    this.root.append(el('h2', { class: 'panel-title' }, 'Details'), el('p', { class: 'muted' }, message));
    this.root.dataset.empty = 'true';
    if (this.metadata.length > 0) {
      this.root.append(el('h3', { class: 'panel-subtitle' }, `Profile metadata (${this.metadata.length})`));
      const table = el('table', { class: 'args-table' });
      const tbody = el('tbody');
      for (const [k, v] of this.metadata.slice(0, MAX_METADATA)) {
        const text = valueText(v);
        const td = el('td', {}, text.length > 300 ? `${text.slice(0, 300)}…` : text);
        if (text.length > 300) td.title = text.slice(0, 4000);
        const tr = el('tr');
        tr.append(el('th', { scope: 'row' }, String(k)), td);
        tbody.append(tr);
      }
      table.append(tbody);
      this.root.append(table);
      if (this.metadata.length > MAX_METADATA) this.root.append(el('p', { class: 'muted small' }, `and ${this.metadata.length - MAX_METADATA} more`));
    }
  }

  error(message: string): void {
    this.showNothing(message);
  }

  show(d: EventDetails, originPs: number): void {
    clear(this.root);
    delete this.root.dataset.empty;
    const title = el('h2', { class: 'panel-title details-name' }, d.name || '(unnamed)');
    title.title = d.name.length > TITLE_MAX ? `${d.name.slice(0, TITLE_MAX)}…` : d.name;
    const dl = el('dl', { class: 'details-fields' });
    const add = (k: string, v: string, cls = '', exact = v): void => {
      const dt = el('dt', {}, k);
      const dd = el('dd', cls ? { class: cls } : {}, v);
      dd.title = exact;
      dl.append(dt, dd);
    };
    if (d.category) add('Category', d.category);
    add('Track', d.track_name);
    add('Process', d.process_name);
    if (d.time_ps !== undefined) {
      add('Time', formatPreciseTime(d.time_ps - originPs));
    } else {
      if (d.start_ps !== undefined) add('Start', formatPreciseTime(d.start_ps - originPs));
      if (d.dur_ps !== undefined) add('Duration', formatDuration(d.dur_ps, 4), '', `${d.dur_ps} ps`);
      if (d.start_ps !== undefined && d.dur_ps !== undefined) add('End', formatPreciseTime(d.start_ps + d.dur_ps - originPs));
    }
    if (d.lane !== undefined && d.lane > 0) add('Lane', String(d.lane));

    this.root.append(title, dl);
    const args = Object.entries(d.args ?? {});
    const h = el('h3', { class: 'panel-subtitle' }, `Arguments (${args.length})`);
    this.root.append(h);
    if (args.length === 0) {
      this.root.append(el('p', { class: 'muted' }, 'No arguments.'));
      return;
    }
    const table = el('table', { class: 'args-table' });
    const tbody = el('tbody');
    for (const [k, v] of args.sort((a, b) => a[0].localeCompare(b[0]))) {
      const tr = el('tr');
      const th = el('th', { scope: 'row' }, k);
      const td = el('td', {}, valueText(v, k));
      tr.append(th, td);
      tbody.append(tr);
    }
    table.append(tbody);
    this.root.append(table);
  }

  /** A clicked counter sample: value, increase since the previous sample, rate, time (XProf parity). */
  showCounterSample(c: CounterSample, originPs: number): void {
    clear(this.root);
    delete this.root.dataset.empty;
    const title = el('h2', { class: 'panel-title details-name' }, c.name);
    const dl = el('dl', { class: 'details-fields', 'data-testid': 'counter-sample' });
    const unit = c.unit ? ` ${c.unit}` : '';
    const q = (v: number): string => (c.unit ? formatQuantity(v, c.unit) : formatValue(v));
    const add = (k: string, v: string, testid = '', exact = v): void => {
      const dd = el('dd', testid ? { 'data-testid': testid } : {}, v);
      dd.title = exact;
      dl.append(el('dt', {}, k), dd);
    };
    add('Counter of', c.group);
    add('Time', formatPreciseTime(c.time_ps - originPs), 'counter-time');
    add('Value', q(c.value), 'counter-value', `${c.value}${unit}`);
    if (c.delta !== null && c.prev_time_ps !== null) {
      add('Δ since previous', `${c.delta >= 0 ? '+' : ''}${q(c.delta)}`, 'counter-delta', `${c.delta}${unit}`);
      add('Previous sample', `${q(c.prev_value ?? 0)} at ${formatPreciseTime(c.prev_time_ps - originPs)}`);
      add('Since previous', formatDuration(c.time_ps - c.prev_time_ps, 4), '', `${c.time_ps - c.prev_time_ps} ps`);
    } else {
      add('Δ since previous', 'first sample', 'counter-delta');
    }
    if (c.rate_per_us !== null) add('Rate', `${q(c.rate_per_us)} per µs`, 'counter-rate', `${c.rate_per_us}${unit} per µs`);
    add('Meaning', c.meaning ?? 'unknown counter (shown as recorded)');
    if (c.counter_id !== null) add('Counter id', String(c.counter_id));
    if (c.sets) add('Counter sets', c.sets);
    if (c.description) add('Description', c.description);
    if (c.scaling) add('Scaling', c.scaling);
    this.root.append(title, dl);
  }

  /** Appends the flows of the shown slice; `follow` jumps to the slice at the other end. */
  showFlows(links: FlowLink[], originPs: number, follow: (link: FlowLink) => void): void {
    if (links.length === 0) return;
    this.root.append(el('h3', { class: 'panel-subtitle' }, `Flows (${links.length})`));
    const ul = el('ul', { class: 'flow-list', 'data-testid': 'flows' });
    for (const l of links.slice(0, 100)) {
      const b = el('button', { type: 'button', class: 'btn btn-small flow-link', 'data-testid': 'follow-flow', 'data-direction': l.direction });
      b.textContent = `${l.direction === 'out' ? '→ to' : '← from'} ${l.other_name}`;
      b.title = `${l.other_track} at ${formatPreciseTime(l.other_start_ps - originPs)}${l.category ? ` (${l.category})` : ''}: follow the flow`;
      b.addEventListener('click', () => follow(l));
      const li = el('li');
      li.append(b, el('span', { class: 'muted small' }, ` ${l.other_track}`));
      ul.append(li);
    }
    this.root.append(ul);
    if (links.length > 100) this.root.append(el('p', { class: 'muted small' }, `and ${links.length - 100} more`));
  }

  /** Appends `button` (an action on the shown event) at the end. */
  append(button: HTMLElement): void {
    this.root.append(button);
  }

  /** Appends a button that opens the kernel-scoped telemetry of the shown slice. */
  showTelemetryAction(open: () => void): void {
    const b = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'open-telemetry' }, 'Counters inside this slice');
    b.addEventListener('click', open);
    this.root.append(el('p', {}), b);
  }
}
