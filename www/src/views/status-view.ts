// The status line (#status), the load progress bar with its cancel button, and the trace-health
// badge with its list of diagnostics.

import type { Diagnostic, LoadProgress, Profile, Summary } from '../engine/engine';
import { clear, el } from '../lib/dom';
import { SEVERITIES, severityRank, severityText } from '../lib/severity';
import { formatBytes, formatCount, formatDuration } from '../lib/time';

export interface StatusElements {
  status: HTMLElement;
  progress: HTMLElement;
  progressBar: HTMLElement;
  progressText: HTMLElement;
  cancel: HTMLButtonElement;
  badge: HTMLButtonElement;
  health: HTMLElement;
}

/**
 * The diagnostics counted by severity, worst first, the empty ones left out: "3 data loss, 477
 * info" (they add up to the badge's total); "no diagnostics" when there are none.
 */
export function diagnosticCounts(diags: Record<string, Diagnostic>): string {
  const counts = [0, 0, 0];
  for (const d of Object.values(diags)) counts[severityRank(d.severity)]! += d.count;
  const parts = SEVERITIES.flatMap((v, k) => (counts[k]! > 0 ? [`${formatCount(counts[k]!)} ${v.text}`] : []));
  return parts.length > 0 ? parts.join(', ') : 'no diagnostics';
}

export class StatusView {
  /** The "Try again" button shown after the engine crashed, if any. */
  private retryButton: HTMLButtonElement | null = null;

  constructor(
    private readonly els: StatusElements,
    onCancel: () => void,
  ) {
    els.cancel.addEventListener('click', onCancel);
    els.badge.addEventListener('click', () => this.toggleHealth());
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !els.health.hidden) this.toggleHealth(false);
    });
    document.addEventListener('click', (e) => {
      const t = e.target;
      if (!els.health.hidden && t instanceof Node && !els.health.contains(t) && !els.badge.contains(t)) this.toggleHealth(false);
    });
    this.setBadge(null);
  }

  private toggleHealth(show?: boolean): void {
    const on = show ?? this.els.health.hidden;
    this.els.health.hidden = !on;
    this.els.badge.setAttribute('aria-expanded', String(on));
  }

  idle(message = 'Drop a profile anywhere on the page, choose a file, or open the demo.'): void {
    this.hideRetry();
    this.els.status.textContent = message;
    this.els.status.className = 'status';
    this.els.progress.hidden = true;
    this.setBadge(null);
  }

  /** How many events the preview on the timeline holds, while one is shown (see `loading`). */
  private previewEvents: number | null = null;

  /** A load in progress (`p` null: it begins); a progress with a preview says the timeline shows the part read so far. */
  loading(name: string, p: LoadProgress | null): void {
    if (!p) this.previewEvents = null;
    if (p?.preview) this.previewEvents = p.preview.summary.events;
    this.hideRetry();
    this.els.progress.hidden = false;
    this.els.status.className = 'status is-loading';
    const bar = this.els.progressBar;
    const shown = this.previewEvents !== null ? ` · the timeline shows the first ${formatCount(this.previewEvents)}` : '';
    if (p && p.phase === 'importing') {
      this.els.status.textContent = `${name}: importing ${formatBytes(p.received)}…`;
      const share = p.importedShare;
      bar.classList.toggle('is-indeterminate', share === undefined);
      bar.style.width = share === undefined ? '100%' : `${(Math.min(1, share) * 100).toFixed(1)}%`;
      this.els.progressText.textContent =
        share === undefined ? 'importing…' : `importing ${Math.floor(Math.min(1, share) * 100)} % · ${formatCount(p.events)} events placed${shown}`;
    } else {
      const received = p?.received ?? 0;
      const total = p?.total ?? null;
      const pct = total ? Math.min(100, (received / total) * 100) : null;
      this.els.status.textContent = `${name}: reading${total ? ` ${formatBytes(total)}` : ''}…`;
      bar.classList.toggle('is-indeterminate', pct === null);
      bar.style.width = pct === null ? '100%' : `${pct.toFixed(1)}%`;
      const bytes = total ? `${formatBytes(received)} of ${formatBytes(total)}` : formatBytes(received);
      const events = p?.events ? ` · ${formatCount(p.events)} events` : '';
      this.els.progressText.textContent = bytes + events + shown;
    }
    this.setBadge(null);
  }

  /**
   * A loaded profile, or several opened together: `session` says what they are ("4 files (job),
   * 3 loaded") and `profiles` are the loaded ones, member 0 first. Several are summed: events,
   * tracks, diagnostics (the badge lists each file's under its name), the longest span.
   */
  ready(profiles: readonly Profile[], session: string | null = null): void {
    this.hideRetry();
    const s = combinedSummary(profiles);
    const formats = [...new Set(profiles.map((p) => p.summary.format))];
    const parts = [
      ...(session ? [session] : [profiles[0]?.fileName ?? '']),
      formats.join(' + '),
      `${formatCount(s.events)} events`,
      `${formatCount(s.tracks)} tracks`,
      `${profiles.length > 1 ? 'longest span' : 'span'} ${formatDuration(s.span_ps)}`,
      diagnosticCounts(s.diagnostics),
    ];
    const degraded = s.diagnostics.degraded_import;
    if (degraded) {
      // The core's two stated degradations: args dropped, then events sampled.
      const sampled = degraded.examples.some((e) => e.includes('memory budget'));
      const noArgs = degraded.examples.some((e) => e.includes('args and stats were not kept'));
      if (noArgs) parts.push('reduced detail: no args');
      if (sampled) parts.push('reduced detail: sampled (see Health)');
    }
    this.els.status.textContent = parts.join(' · ');
    this.els.status.className = 'status is-ready';
    const load = profiles.length === 1 && profiles[0] ? `; ${loadTime(profiles[0].timings)}` : '';
    this.els.status.title = `${formatBytes(s.bytes)} read${s.unpacked_bytes && s.unpacked_bytes !== s.bytes ? `, ${formatBytes(s.unpacked_bytes)} unpacked` : ''}; ${formatCount(s.processes)} processes, ${formatCount(s.slices)} slices, ${formatCount(s.counters)} counter samples, ${formatCount(s.flows)} flows; model ${formatBytes(s.model_bytes)}${load}`;
    this.els.progress.hidden = true;
    this.setBadge(s.diagnostics);
  }

  error(message: string): void {
    this.hideRetry();
    this.els.status.textContent = message;
    this.els.status.className = 'status is-error';
    this.els.status.removeAttribute('title');
    this.els.progress.hidden = true;
    this.setBadge(null);
  }

  /**
   * After an engine crash: a button beside the status line that runs `action` (open the same file
   * again in the fresh engine, with reduced detail: args and stats dropped, about half the memory).
   */
  offerRetry(label: string, action: () => void): void {
    this.hideRetry();
    const b = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'retry' }, label);
    b.addEventListener('click', () => {
      this.hideRetry();
      action();
    });
    this.els.status.after(b);
    this.retryButton = b;
  }

  private hideRetry(): void {
    this.retryButton?.remove();
    this.retryButton = null;
  }

  private setBadge(diags: Record<string, Diagnostic> | null): void {
    const b = this.els.badge;
    const list = this.els.health;
    clear(list);
    this.toggleHealth(false);
    if (!diags) {
      b.hidden = true;
      return;
    }
    b.hidden = false;
    const entries = Object.entries(diags).sort((x, y) => severityRank(x[1].severity) - severityRank(y[1].severity) || y[1].count - x[1].count);
    const total = entries.reduce((n, [, d]) => n + d.count, 0);
    const worst = entries.length ? severityRank(entries[0]![1].severity) : 3;
    b.className = `health-badge ${worst === 0 ? 'is-error' : worst === 1 ? 'is-warn' : worst === 2 ? 'is-info' : 'is-ok'}`;
    b.textContent = total === 0 ? '✓ healthy' : `${formatCount(total)} diagnostic${total === 1 ? '' : 's'}`;
    b.title = 'Trace health: what the importer had to fix or skip';

    list.append(el('h3', {}, 'Trace health'));
    if (entries.length === 0) {
      list.append(el('p', { class: 'muted' }, 'The importer reported no problems.'));
      return;
    }
    const ul = el('ul', { class: 'diag-list' });
    for (const [name, d] of entries) {
      const li = el('li', { class: `diag sev-${d.severity}` });
      const head = el('div', { class: 'diag-head' });
      head.append(
        el('span', { class: 'diag-sev' }, severityText(d.severity)),
        el('span', { class: 'diag-name' }, name),
        el('span', { class: 'diag-count' }, `× ${formatCount(d.count)}`),
      );
      li.append(head);
      for (const ex of (d.examples ?? []).slice(0, 3)) li.append(el('div', { class: 'diag-example' }, ex));
      ul.append(li);
    }
    list.append(ul);
  }
}

/**
 * The summaries of `profiles` added up (the span: the longest). With several, each diagnostic's
 * examples are prefixed with the file they are from.
 */
function combinedSummary(profiles: readonly Profile[]): Omit<Summary, 'format'> {
  const sum = (f: (x: Summary) => number): number => profiles.reduce((n, p) => n + f(p.summary), 0);
  const diagnostics: Record<string, Diagnostic> = {};
  for (const p of profiles) {
    for (const [name, d] of Object.entries(p.summary.diagnostics ?? {})) {
      const examples = profiles.length > 1 ? d.examples.map((e) => `${p.fileName}: ${e}`) : d.examples;
      const had = diagnostics[name];
      diagnostics[name] = had ? { ...had, count: had.count + d.count, examples: [...had.examples, ...examples] } : { ...d, examples };
    }
  }
  return {
    bytes: sum((x) => x.bytes),
    unpacked_bytes: sum((x) => x.unpacked_bytes || x.bytes),
    events: sum((x) => x.events),
    tracks: sum((x) => x.tracks),
    processes: sum((x) => x.processes),
    span_ps: Math.max(0, ...profiles.map((p) => p.summary.span_ps)),
    flows: sum((x) => x.flows),
    counters: sum((x) => x.counters),
    slices: sum((x) => x.slices),
    model_bytes: sum((x) => x.model_bytes),
    diagnostics,
  };
}

/** "loaded in 1.92 s (engine: 0.61 s taking chunks, 1.10 s importing)". */
function loadTime(t: Profile['timings']): string {
  const s = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
  return `loaded in ${s(t.totalMs)} (engine: ${s(t.pushMs)} taking chunks, ${s(t.finishMs)} importing)`;
}
