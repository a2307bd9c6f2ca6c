// The selected event and the details panel: a selection on the timeline (slice, instant or counter
// sample) is read from the engine and shown with what leads on from it: its flows (to follow
// either way), "Show in graph" for an HLO op, and "Counters inside this slice" with counters.

import type { Engine, EventDetails, Profile, SliceInfo } from '../engine/engine';
import { el } from '../lib/dom';
import type { DetailsView } from '../views/details-view';
import type { Selection } from '../views/timeline/timeline-view';
import { Latest, NO_LOAD, type Scope } from './scope';
import type { View } from './view';

export interface SelectionHost {
  /** Slice `id` was selected (the analysis tables mark its row). */
  sliceSelected(id: number): void;
  /** A counter sample at `timePs` was selected (the perf counters show that time). */
  sampleSelected(timePs: number): void;
  /** Zooms the timeline to slice `info`, selects it there and shows the timeline tab. */
  revealOnTimeline(info: SliceInfo): void;
  /** Opens HLO op `op` in the graph tab; false when no module of the profile has it. */
  showInGraph(op: string, programId: string | null, module: string | null): Promise<boolean>;
  /** Opens the counters inside slice `id` (the counters tab). */
  telemetry(id: number): void;
  /** The time (ps) the timeline's axis counts from; the details' times count from it too. */
  originPs(): number;
}

export class SelectionView implements View {
  private scope: Scope = NO_LOAD;
  private profile: Profile | null = null;
  private readonly requests = new Latest();
  /** What is selected now (what the details show or are being read for). */
  private selected: Selection | null = null;
  /** Settles once every reveal asked for so far has selected its slice (or failed). */
  private reveals: Promise<unknown> = Promise.resolve();
  private readonly listeners: Array<() => void> = [];

  constructor(
    private readonly engine: Engine,
    private readonly details: DetailsView,
    private readonly host: SelectionHost,
  ) {}

  clear(): void {
    this.requests.cancel();
    this.selected = null;
    this.reveals = Promise.resolve();
    this.scope = NO_LOAD;
    this.profile = null;
    this.details.clear();
  }

  load(profile: Profile, scope: Scope): void {
    this.scope = scope;
    this.profile = profile;
    this.details.load(profile);
  }

  /** What is selected (null: nothing). */
  current(): Selection | null {
    return this.selected;
  }

  /** Calls `listener` after each change of the selection. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Settles once the reveals asked for so far (a search match, a followed flow) are done. */
  settled(): Promise<void> {
    return this.reveals.then(() => undefined);
  }

  /** Shows the details of `sel` (null: nothing selected). */
  select(sel: Selection | null): void {
    const request = this.requests.next(this.scope);
    this.selected = sel;
    for (const l of this.listeners) l();
    const origin = this.host.originPs();
    if (!sel) {
      this.details.showNothing();
      return;
    }
    if (sel.kind === 'counter') {
      this.engine
        .counterSample(sel.index)
        .then((c) => {
          if (!request.current) return;
          this.details.showCounterSample(c, origin);
          this.host.sampleSelected(c.time_ps);
        })
        .catch((err: unknown) => {
          if (request.current) this.details.error(`Could not read the sample: ${messageOf(err)}`);
        });
      return;
    }
    if (sel.kind === 'slice') this.host.sliceSelected(sel.id);
    const details = sel.kind === 'slice' ? this.engine.sliceDetails(sel.id) : this.engine.instantDetails(sel.index);
    details
      .then((d) => {
        if (!request.current) return;
        this.details.show(d, origin);
        this.offerGraphLink(d);
        if (sel.kind === 'slice') void this.showSliceExtras(sel.id, request, origin);
      })
      .catch((err: unknown) => {
        if (request.current) this.details.error(`Could not read the details: ${messageOf(err)}`);
      });
  }

  /** Selects slice `id` and shows it on the timeline (`settled` waits for it). */
  reveal(id: number): void {
    const scope = this.scope;
    const done = this.engine
      .sliceInfo(id)
      .then((info) => {
        if (!scope.current) return;
        this.host.revealOnTimeline(info);
        this.select({ kind: 'slice', id });
      })
      .catch(() => undefined);
    this.reveals = Promise.all([this.reveals, done]);
  }

  /** Selects the first slice (by start) whose name contains `name` and shows it on the timeline. */
  revealFirstNamed(name: string): void {
    const scope = this.scope;
    this.engine
      .search(name, 1)
      .then((r) => {
        const first = r.ids[0];
        if (first !== undefined && scope.current) this.reveal(first);
      })
      .catch(() => undefined);
  }

  /** A slice that names an HLO instruction (XLA ops carry `hlo_module` / `program_id`) gets "Show in graph". */
  private offerGraphLink(d: EventDetails): void {
    const pid = d.args.program_id;
    const mod = d.args.hlo_module;
    if (pid === undefined && mod === undefined) return;
    const op = typeof d.args.hlo_op === 'string' ? d.args.hlo_op : d.name;
    const b = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'show-in-graph' }, 'Show in graph');
    b.addEventListener('click', () => {
      void this.host.showInGraph(op, pid === undefined ? null : String(pid), typeof mod === 'string' ? mod : null).then((ok) => {
        if (!ok) b.textContent = 'Not in any HLO module of this profile';
      });
    });
    this.details.append(b);
  }

  /** After a slice's details: its flows (to follow either way) and, with counters, its telemetry. */
  private async showSliceExtras(id: number, request: Scope, origin: number): Promise<void> {
    const links = await this.engine.sliceFlows(id).catch(() => []);
    if (!request.current) return;
    this.details.showFlows(links, origin, (l) => this.reveal(l.other));
    if ((this.profile?.summary.counters ?? 0) > 0) this.details.showTelemetryAction(() => this.host.telemetry(id));
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
