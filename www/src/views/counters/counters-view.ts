// The counters tab: range statistics, the counter chart, the perf-counters table and kernel-scoped
// telemetry, over the engine's counter analyses.

import type { CounterEngine, Profile } from '../../engine/engine';
import { el } from '../../lib/dom';
import { NO_LOAD, type Scope } from '../../shell/scope';
import { type Session, memberName } from '../../shell/session';
import type { View } from '../../shell/view';
import { ChartPanel } from './chart-panel';
import { PerfCountersPanel } from './perf-table';
import { RangeStatsPanel } from './range-stats';
import { TelemetryPanel } from './telemetry';

export interface CountersHost {
  /** The timeline's visible range. */
  visibleRange(): { t0: number; t1: number };
}

export class CountersView implements View {
  private readonly range: RangeStatsPanel;
  private readonly perf: PerfCountersPanel;
  private readonly telemetry: TelemetryPanel;
  private readonly chart: ChartPanel;
  private origin = 0;
  /** Whose counters are shown, when several files are open (empty otherwise). */
  private readonly memberNote = el('p', { class: 'muted small', 'data-testid': 'counters-member-note' });
  private current: { t0: number; t1: number } | null = null;
  private kernel: number | null = null;

  constructor(
    root: HTMLElement,
    private readonly engine: CounterEngine,
    host: CountersHost,
  ) {
    this.range = new RangeStatsPanel(engine, () => {
      const r = host.visibleRange();
      this.setRange(r.t0, r.t1);
    });
    this.perf = new PerfCountersPanel(engine);
    this.telemetry = new TelemetryPanel(engine);
    this.chart = new ChartPanel(engine, () => {
      const r = this.current ?? host.visibleRange();
      return { t0: r.t0, t1: r.t1, origin: this.origin, kernel: this.kernel };
    });
    root.classList.add('counters-view');
    const note = el('p', { class: 'muted small' }, 'Counter values hold from one sample to the next; rates are per µs; integrals in value × µs.');
    root.append(this.memberNote, note, this.telemetry.root, this.range.root, this.chart.root, this.perf.root);
  }

  /** Several files: the first file's counters are shown (the others' are on the timeline); the note says whose. */
  loadSession(session: Session, scope: Scope): void {
    const first = session.members[0];
    if (!scope.current || session.members.length < 2 || !first) return;
    this.memberNote.textContent = `Counters of ${memberName(first)}, the first of the ${session.members.length} files opened together; the others' counters are on the timeline.`;
  }

  clear(): void {
    this.reset(0, NO_LOAD);
  }

  load(p: Profile, scope: Scope): void {
    this.reset(p.start_ps, scope);
    // Asked for on the next frame, after the timeline's first render list: the engine answers
    // calls in order, and the first frame should not wait for the Counters tab.
    requestAnimationFrame(() => {
      if (!scope.current) return;
      this.engine
        .counterTracks()
        .then((tracks) => {
          if (!scope.current) return;
          this.chart.setTracks(tracks, scope);
          void this.perf.load(p.end_ps);
        })
        .catch(() => undefined);
    });
  }

  private reset(origin: number, scope: Scope): void {
    this.origin = origin;
    this.memberNote.textContent = '';
    this.current = null;
    this.kernel = null;
    this.range.reset(origin, scope);
    this.perf.reset(origin, scope);
    this.telemetry.reset(origin, scope);
    this.chart.setTracks([], scope);
  }

  /** A range chosen in the timeline. */
  setRange(t0: number, t1: number): void {
    this.current = { t0, t1 };
    void this.range.setRange(t0, t1);
  }

  /** The perf-counters table at a clicked sample's time. */
  setSampleTime(t: number): void {
    void this.perf.load(t);
  }

  /** Kernel telemetry of a slice. */
  showKernel(sliceId: number): void {
    this.kernel = sliceId;
    void this.telemetry.show(sliceId);
  }
}
