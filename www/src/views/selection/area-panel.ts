// The panel under the timeline for an area of it, as Perfetto's area selection: the slices of
// the Shift + drag range (or of a selected slice's span on its track) grouped by name, the
// call tree of that area (top-down or bottom-up), and the per-step table whose rows zoom the
// timeline to a step. The tracks are every slice track the timeline shows (hidden tracks are
// left out); the range is the dragged time span. Times are ps relative to the trace origin,
// as the engine takes them; the header shows them from the trace start.

import type { AreaSelection, Engine, NameStats, Profile, StepRow, TreeDirection } from '../../engine/engine';
import { el } from '../../lib/dom';
import { formatCount, formatDuration, formatTimestamp } from '../../lib/time';
import { Latest, NO_LOAD, type Scope } from '../../shell/scope';
import type { View } from '../../shell/view';
import { drawCallTree } from './call-tree-table';

export interface AreaPanelHost {
  /** Whether the timeline hides `track` (a hidden track is not part of a dragged area). */
  isHidden(track: number): boolean;
  /** Sets the timeline's visible range, ps. */
  setRange(t0: number, t1: number): void;
  /** A name of the table was clicked: highlight its slices, select the longest one. */
  pickName(name: string, longestSlice: number): void;
  /** The time (ps) the timeline's axis counts from; the panel's times count from it too. */
  originPs(): number;
}

type Part = 'slices' | 'tree' | 'steps';

/** An area: tracks (empty: the host's) and a range in ps. */
interface Area {
  tracks: number[] | null;
  t0: number;
  t1: number;
}

export class AreaPanel implements View {
  readonly root: HTMLElement;
  private readonly header: HTMLElement;
  private readonly perTrack: HTMLInputElement;
  private readonly direction: HTMLSelectElement;
  private readonly slicesBody: HTMLElement;
  private readonly treeBody: HTMLElement;
  private readonly treeNote: HTMLElement;
  private readonly stepsBody: HTMLElement;
  private readonly parts = new Map<Part, { button: HTMLButtonElement; body: HTMLElement }>();
  private profile: Profile | null = null;
  private scope: Scope = NO_LOAD;
  private area: Area | null = null;
  private stepsLoaded = false;
  private readonly slicesReq = new Latest();
  private readonly treeReq = new Latest();
  private readonly stepsReq = new Latest();
  private readonly spanReq = new Latest();

  constructor(
    private readonly engine: Engine,
    private readonly host: AreaPanelHost,
  ) {
    this.root = el('section', { class: 'area-panel', 'data-testid': 'selection-panel', 'aria-label': 'Selection' });
    const bar = el('div', { class: 'area-bar' });
    const collapse = el('button', { type: 'button', class: 'area-collapse', 'aria-expanded': 'true', title: 'Fold or open the panel' }, '▾');
    collapse.addEventListener('click', () => {
      const open = this.root.classList.toggle('is-folded');
      collapse.setAttribute('aria-expanded', String(!open));
      collapse.textContent = open ? '▸' : '▾';
    });
    this.header = el('span', { class: 'area-header', 'data-testid': 'selection-header' });
    bar.append(collapse);
    for (const [part, label] of [
      ['slices', 'Slices'],
      ['tree', 'Call tree'],
      ['steps', 'Steps'],
    ] as const) {
      const button = el('button', { type: 'button', class: 'area-tab', 'data-testid': `selection-tab-${part}`, 'aria-pressed': 'false' }, label);
      button.addEventListener('click', () => this.showPart(part));
      bar.append(button);
      this.parts.set(part, { button, body: el('div', { class: 'area-part' }) });
    }
    bar.append(this.header);

    const perTrackLabel = el('label', { class: 'area-option' });
    this.perTrack = el('input', { type: 'checkbox', 'data-testid': 'selection-per-track' });
    this.perTrack.addEventListener('change', () => this.querySlices());
    perTrackLabel.append(this.perTrack, ' per track');
    this.slicesBody = el('tbody', { 'data-testid': 'selection-rows' });
    const slices = this.partBody('slices');
    slices.append(perTrackLabel, table(['Name', 'Track', 'Occurrences', 'Wall', 'Self', 'Average', 'Max'], this.slicesBody, 'selection-table'));

    this.direction = el('select', { 'data-testid': 'call-tree-direction' });
    for (const [v, label] of [
      ['top-down', 'Top-down'],
      ['bottom-up', 'Bottom-up'],
    ] as const) {
      this.direction.append(el('option', { value: v }, label));
    }
    this.direction.addEventListener('change', () => this.queryTree());
    this.treeBody = el('tbody');
    this.treeNote = el('span', { class: 'area-note', 'data-testid': 'call-tree-note' });
    const treeOpt = el('label', { class: 'area-option' }, 'Direction ');
    treeOpt.append(this.direction, this.treeNote);
    this.partBody('tree').append(treeOpt, table(['Name', 'Total', 'Self', 'Occurrences'], this.treeBody, 'call-tree'));

    this.stepsBody = el('tbody');
    this.partBody('steps').append(
      el('p', { class: 'area-note' }, 'Click a step to zoom the timeline to it.'),
      table(['Step', 'Start', 'Duration', 'Busy (summed over tracks)', 'Top names by self time'], this.stepsBody, 'step-table'),
    );

    this.root.append(bar, ...[...this.parts.values()].map((p) => p.body));
    this.clear();
  }

  clear(): void {
    this.slicesReq.cancel();
    this.treeReq.cancel();
    this.stepsReq.cancel();
    this.spanReq.cancel();
    this.profile = null;
    this.scope = NO_LOAD;
    this.area = null;
    this.stepsLoaded = false;
    this.perTrack.checked = false;
    this.direction.value = 'top-down';
    this.slicesBody.replaceChildren();
    this.treeBody.replaceChildren();
    this.treeNote.textContent = '';
    this.stepsBody.replaceChildren();
    this.header.textContent = '';
    this.root.hidden = true;
    this.showPart('slices');
  }

  load(profile: Profile, scope: Scope): void {
    this.profile = profile;
    this.scope = scope;
    this.root.hidden = false;
    this.header.textContent = 'Shift + drag on the timeline to select a range';
  }

  /** Shows the area of the timeline's visible slice tracks over `[t0, t1)` ps (null: none). */
  setRange(range: { t0: number; t1: number } | null): void {
    this.area = range && range.t1 > range.t0 ? { tracks: null, t0: range.t0, t1: range.t1 } : null;
    this.refresh();
  }

  /** Shows the span of slice `id` on its track (a selected slice). */
  showSlice(id: number): void {
    if (!this.profile) return;
    const scope = this.spanReq.next(this.scope);
    void this.engine.sliceInfo(id).then(
      (info) => {
        if (!scope.current || info.dur_ps <= 0) return;
        this.area = { tracks: [info.track], t0: info.start_ps, t1: info.start_ps + info.dur_ps };
        this.refresh();
      },
      () => undefined,
    );
  }

  private refresh(): void {
    if (!this.profile) return;
    this.querySlices();
    this.queryTree();
    if (!this.area) {
      this.header.textContent = 'Shift + drag on the timeline to select a range';
    }
  }

  private partBody(p: Part): HTMLElement {
    const part = this.parts.get(p);
    if (!part) throw new Error(`selection panel: no part ${p}`);
    return part.body;
  }

  private showPart(part: Part): void {
    for (const [p, { button, body }] of this.parts) {
      button.setAttribute('aria-pressed', String(p === part));
      body.hidden = p !== part;
    }
    if (part === 'steps') this.querySteps();
  }

  /** The area's tracks: its own, or every slice track the timeline shows (empty: all of them). */
  private tracks(): number[] {
    if (this.area?.tracks) return this.area.tracks;
    const all = (this.profile?.groups ?? []).flatMap((g) => g.tracks).filter((t) => t.kind !== 'counter');
    const shown = all.filter((t) => !this.host.isHidden(t.id));
    return shown.length === all.length ? [] : shown.map((t) => t.id);
  }

  private querySlices(): void {
    const a = this.area;
    this.slicesBody.replaceChildren();
    if (!a || !this.profile) return;
    const scope = this.slicesReq.next(this.scope);
    const perTrack = this.perTrack.checked;
    void this.engine.selection(this.tracks(), a.t0, a.t1, perTrack).then(
      (sel) => {
        if (scope.current) this.drawSlices(sel);
      },
      (e: unknown) => {
        if (scope.current) this.header.textContent = `Selection failed: ${String(e)}`;
      },
    );
  }

  private drawSlices(sel: AreaSelection): void {
    const base = this.host.originPs();
    const len = sel.to_ps - sel.from_ps;
    const trackName = new Map(sel.tracks.map((t) => [t.track, t.name]));
    const self = sel.names.reduce((s, n) => s + n.self_ps, 0);
    const which = this.area?.tracks ? `track ${sel.tracks[0]?.name ?? ''}` : 'all shown slice tracks (hidden ones left out)';
    this.header.textContent =
      `${formatTimestamp(sel.from_ps - base)} – ${formatTimestamp(sel.to_ps - base)} (${formatDuration(len)}) · ${which}: ` +
      `${formatCount(sel.tracks.length)} tracks with slices · ${formatCount(sel.slices)} slices · ` +
      `${formatCount(sel.names.length)} names · busy ${formatDuration(sel.busy_ps)} · self ${formatDuration(self)}`;
    this.header.title = this.header.textContent;
    Object.assign(this.header.dataset, { fromPs: String(sel.from_ps), toPs: String(sel.to_ps), tracks: String(sel.tracks.length) });
    this.slicesBody.replaceChildren(...sel.names.map((n) => this.nameRow(n, trackName)));
  }

  private nameRow(n: NameStats, trackName: Map<number, string>): HTMLElement {
    const row = el('tr', { 'data-testid': 'selection-row', class: 'area-row' });
    const name = el('td', { class: 'area-name' }, n.name);
    name.title = n.name;
    row.append(
      name,
      el('td', { class: 'area-track' }, n.track === null ? 'all' : (trackName.get(n.track) ?? String(n.track))),
      cell(formatCount(n.occurrences), n.occurrences),
      cell(formatDuration(n.wall_ps), n.wall_ps),
      cell(formatDuration(n.self_ps), n.self_ps),
      cell(formatDuration(n.avg_wall_ps), n.avg_wall_ps),
      cell(formatDuration(n.max_wall_ps), n.max_wall_ps),
    );
    row.addEventListener('click', () => this.host.pickName(n.name, n.longest_slice));
    return row;
  }

  private queryTree(): void {
    const a = this.area;
    this.treeBody.replaceChildren();
    this.treeNote.textContent = '';
    if (!a || !this.profile) return;
    const scope = this.treeReq.next(this.scope);
    const direction = this.direction.value as TreeDirection;
    void this.engine.callTree(this.tracks(), a.t0, a.t1, direction).then(
      (tree) => {
        if (!scope.current) return;
        drawCallTree(this.treeBody, tree);
        this.treeNote.textContent = ` ${formatCount(tree.nodes)} nodes${tree.truncated ? ' (cut at the node limit)' : ''} · total ${formatDuration(tree.total_ps)} · self ${formatDuration(tree.self_ps)}`;
        this.treeBody.dataset.direction = direction;
      },
      (e: unknown) => {
        if (scope.current) this.treeNote.textContent = ` call tree failed: ${String(e)}`;
      },
    );
  }

  private querySteps(): void {
    if (this.stepsLoaded || !this.profile) return;
    this.stepsLoaded = true;
    const scope = this.stepsReq.next(this.scope);
    void this.engine.stepTable([]).then(
      (steps) => {
        if (scope.current) this.drawSteps(steps);
      },
      (e: unknown) => {
        if (scope.current) this.stepsBody.replaceChildren(el('tr', {}, `Steps failed: ${String(e)}`));
      },
    );
  }

  private drawSteps(steps: StepRow[]): void {
    const base = this.host.originPs();
    if (!steps.length) {
      const td = el('td', { colspan: '5' }, 'No steps in this profile (no ProfilerStep#N or step markers).');
      const tr = el('tr');
      tr.append(td);
      this.stepsBody.replaceChildren(tr);
      return;
    }
    this.stepsBody.replaceChildren(
      ...steps.map((s) => {
        const row = el('tr', { 'data-testid': 'step-row', class: 'area-row' });
        row.dataset.zoomFrom = String(s.zoom_from_ps);
        row.dataset.zoomTo = String(s.zoom_to_ps);
        const top = s.top_self.map((n) => `${n.name} ${formatDuration(n.self_ps)}`).join(', ');
        const topCell = el('td', { class: 'area-name' }, top);
        topCell.title = top;
        row.append(
          el('td', {}, s.name),
          cell(formatTimestamp(s.start_ps - base), s.start_ps),
          cell(formatDuration(s.duration_ps), s.duration_ps),
          cell(formatDuration(s.busy_ps), s.busy_ps),
          topCell,
        );
        row.addEventListener('click', () => this.host.setRange(s.zoom_from_ps, s.zoom_to_ps));
        return row;
      }),
    );
  }
}

/** A number cell carrying its raw value (ps or a count) for tests and copying. */
function cell(text: string, value: number): HTMLElement {
  const td = el('td', { class: 'num' }, text);
  td.dataset.value = String(value);
  return td;
}

function table(heads: string[], body: HTMLElement, testid: string): HTMLElement {
  const t = el('table', { class: 'area-table', 'data-testid': testid });
  const tr = el('tr');
  for (const h of heads) tr.append(el('th', {}, h));
  const thead = el('thead');
  thead.append(tr);
  t.append(thead, body);
  return t;
}
