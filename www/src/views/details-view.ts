// The details panel for the selected slice or instant: every field through textContent.

import type { EventDetails } from '../engine/engine';
import { clear, el } from '../lib/dom';
import { formatCount, formatDuration, formatPreciseTime } from '../lib/time';

/** Longest name put in a tooltip; the heading itself is clamped to a few lines by CSS. */
const TITLE_MAX = 2000;

function valueText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isSafeInteger(v) && Math.abs(v) >= 100000 ? `${v} (${formatCount(v)})` : String(v);
  return JSON.stringify(v);
}

const MAX_METADATA = 60;

export class DetailsView {
  private metadata: Array<[string, unknown]> = [];

  constructor(private readonly root: HTMLElement) {
    this.clear();
  }

  /** Profile-level metadata, shown while nothing is selected. */
  setMetadata(entries: Array<[string, unknown]>): void {
    this.metadata = entries;
  }

  clear(message = 'Click a slice in the timeline to see its details.'): void {
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
    this.clear(message);
  }

  show(d: EventDetails, originPs: number): void {
    clear(this.root);
    delete this.root.dataset.empty;
    const title = el('h2', { class: 'panel-title details-name' }, d.name || '(unnamed)');
    title.title = d.name.length > TITLE_MAX ? `${d.name.slice(0, TITLE_MAX)}…` : d.name;
    const dl = el('dl', { class: 'details-fields' });
    const add = (k: string, v: string, cls = ''): void => {
      const dt = el('dt', {}, k);
      const dd = el('dd', cls ? { class: cls } : {}, v);
      dd.title = v;
      dl.append(dt, dd);
    };
    if (d.category) add('Category', d.category);
    add('Track', d.track_name);
    add('Process', d.process_name);
    if (d.time_ps !== undefined) {
      add('Time', formatPreciseTime(d.time_ps - originPs));
    } else {
      if (d.start_ps !== undefined) add('Start', formatPreciseTime(d.start_ps - originPs));
      if (d.dur_ps !== undefined) add('Duration', formatDuration(d.dur_ps, 4));
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
      const td = el('td', {}, valueText(v));
      tr.append(th, td);
      tbody.append(tr);
    }
    table.append(tbody);
    this.root.append(table);
  }
}
