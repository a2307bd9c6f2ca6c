// The HLO graph view: pick a module and an op (list + search), see its radius-N neighbourhood laid
// out by the Rust core, pan/zoom, expand fusions, open called computations, jump to the op's
// slices in the timeline or its row in the HLO op stats, open a custom call's kernel in the MLIR
// tab, and download HLO text, DOT or SVG. With a profile with timing, nodes show their measured
// total time and occurrences (fused instructions show their fusion's, marked as such). The
// module's HLO text shows below the graph with a search. A picked node is zoomed to and kept in
// view when the graph is redrawn (a fusion expanded); "Show in timeline" on a fused instruction
// finds its outermost fusion's slices (fused instructions do not run as slices of their own).

import type { Engine, Profile } from '../engine/engine';
import { clear, el } from '../lib/dom';
import { Latest, NO_LOAD, type Scope } from '../shell/scope';
import type { View } from '../shell/view';
import { HloTextPane } from './graph/hlo-text';
import { drawGraph, PAD, svgText } from './graph/svg';
import { type GraphViewData, type HloModuleInfo, type HloOp, type KernelText, measuredText } from './graph/types';

const LIST_LIMIT = 300;
/** Smallest scale at which a picked node is shown (below it the view zooms to the node). */
const MIN_READABLE = 0.8;

export interface GraphCallbacks {
  /** Reveal the slices named `op` in the timeline. */
  showInTimeline(op: string): void;
  /** Show the HLO op statistics row of `op` (of program `programId`). */
  showOpStats(op: string, programId: string | null): void;
  /** Show a kernel's MLIR in the MLIR tab; `load(locs)` gives its text with or without locations. */
  openKernel(title: string, load: (locs: boolean) => Promise<string>): void;
}

export class GraphView implements View {
  private modules: HloModuleInfo[] = [];
  private ops: HloOp[] = [];
  private module = -1;
  private center: string | null = null;
  private expand = new Set<string>();
  private graph: GraphViewData | null = null;
  private selected: number | null = null;
  private size = { w: 0, h: 0 };
  private view = { x: 0, y: 0, k: 1 };
  /** The module list was asked for in this load. */
  private loaded = false;
  private scope: Scope = NO_LOAD;
  private readonly graphs = new Latest();

  private readonly moduleSelect = el('select', { 'data-testid': 'graph-module', 'aria-label': 'HLO module' });
  private readonly search = el('input', { type: 'search', placeholder: 'Find op…', 'data-testid': 'graph-search', 'aria-label': 'Find op' });
  private readonly radius = el('input', { type: 'number', min: '1', max: '50', value: '3', 'data-testid': 'graph-radius', 'aria-label': 'Radius' });
  private readonly list = el('ul', { class: 'graph-ops', 'data-testid': 'graph-ops' });
  private readonly info = el('div', { class: 'graph-info', 'data-testid': 'graph-info' });
  private readonly message = el('p', { class: 'graph-message muted' });
  private readonly svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  private readonly text = new HloTextPane();
  /** Name of the picked node, kept across redraws (expanding a fusion). */
  private picked: string | null = null;
  private readonly downloads = {
    text: el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'graph-download-text' }, 'Download HLO text'),
    long: el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'graph-download-long' }, 'Download long HLO text'),
    dot: el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'graph-download-dot' }, 'Download DOT'),
    svg: el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'graph-download-svg' }, 'Download SVG'),
  };
  private readonly layer = document.createElementNS('http://www.w3.org/2000/svg', 'g');

  constructor(
    panel: HTMLElement,
    private readonly engine: Engine,
    private readonly cb: GraphCallbacks,
  ) {
    const bar = el('div', { class: 'graph-toolbar' });
    const overview = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'graph-overview' }, 'Overview');
    overview.addEventListener('click', () => void this.openOp(null));
    this.downloads.text.addEventListener('click', () => void this.downloadText(false));
    this.downloads.long.addEventListener('click', () => void this.downloadText(true));
    this.downloads.dot.addEventListener('click', () => void this.downloadDot());
    this.downloads.svg.addEventListener('click', () => this.downloadSvg());
    bar.append(
      this.moduleSelect,
      el('label', {}, 'Radius '),
      this.radius,
      overview,
      this.downloads.text,
      this.downloads.long,
      this.downloads.dot,
      this.downloads.svg,
    );
    const side = el('div', { class: 'graph-side' });
    side.append(this.search, this.list);
    this.svg.setAttribute('class', 'graph-canvas');
    this.svg.setAttribute('data-testid', 'graph-canvas');
    this.svg.appendChild(this.layer);
    const column = el('div', { class: 'graph-column' });
    column.append(this.svg, this.text.root);
    const main = el('div', { class: 'graph-main' });
    main.append(this.message, column, this.info);
    const body = el('div', { class: 'graph-body' });
    body.append(side, main);
    panel.append(bar, body);

    this.moduleSelect.addEventListener('change', () => void this.selectModule(Number(this.moduleSelect.value)));
    this.search.addEventListener('input', () => this.renderList());
    this.radius.addEventListener('change', () => {
      if (this.center) void this.openOp(this.center, this.picked);
    });
    this.svg.addEventListener('click', (e) => this.onClick(e));
    this.svg.addEventListener('dblclick', (e) => {
      const k = this.nodeAt(e);
      const n = k === null ? undefined : this.graph?.nodes[k];
      if (n) void this.openOp(n.name);
    });
    this.installPanZoom();
  }

  /** No profile: no module, op list, graph or search. */
  clear(): void {
    this.scope = NO_LOAD;
    this.graphs.cancel();
    this.loaded = false;
    this.search.value = '';
    this.selected = null;
    this.modules = [];
    this.ops = [];
    this.module = -1;
    this.center = null;
    this.graph = null;
    this.expand.clear();
    this.picked = null;
    this.text.clear();
    this.labelDownloads();
    clear(this.layer);
    clear(this.list);
    clear(this.moduleSelect);
    clear(this.info);
    this.message.textContent = '';
  }

  load(_profile: Profile, scope: Scope): void {
    this.scope = scope;
  }

  /** The tab is shown: loads the module list once per profile. */
  show(): void {
    void this.activate();
  }

  private async activate(): Promise<void> {
    if (this.loaded || !this.scope.current) return;
    this.loaded = true;
    const scope = this.scope;
    const modules = await this.engine.hlo<HloModuleInfo[]>({ op: 'modules' });
    if (!scope.current) return;
    this.modules = modules;
    clear(this.moduleSelect);
    for (const m of this.modules) {
      this.moduleSelect.appendChild(el('option', { value: String(m.index) }, `${m.display} (${m.instructions} ops)`));
    }
    if (this.modules.length === 0) {
      this.message.textContent = 'This profile holds no HLO modules.';
      return;
    }
    const biggest = this.modules.reduce((a, b) => (b.instructions > a.instructions ? b : a));
    this.moduleSelect.value = String(biggest.index);
    await this.selectModule(biggest.index);
  }

  /** Opens `op` of the module with this program id (or name): the timeline's "Show in graph". */
  async reveal(op: string, programId: string | null, moduleName: string | null): Promise<boolean> {
    const scope = this.scope;
    await this.activate();
    const found = await this.engine.hlo<{ module: number | null }>({ op: 'find', name: op, program_id: programId, module: moduleName });
    if (!scope.current || found.module === null) return false;
    this.moduleSelect.value = String(found.module);
    await this.selectModule(found.module, op);
    return true;
  }

  private async selectModule(index: number, center: string | null = null): Promise<void> {
    const scope = this.scope;
    this.module = index;
    this.expand.clear();
    const ops = await this.engine.hlo<HloOp[]>({ op: 'ops', module: index });
    if (!scope.current) return;
    this.ops = ops;
    this.renderList();
    this.labelDownloads();
    void this.engine.hlo<{ text: string }>({ op: 'text', module: index, long: false }).then(
      (t) => {
        if (scope.current && this.module === index) this.text.show(t.text);
      },
      () => undefined,
    );
    await this.openOp(center);
  }

  private renderList(): void {
    clear(this.list);
    const q = this.search.value.trim().toLowerCase();
    const hits = this.ops.filter((o) => !q || o.name.toLowerCase().includes(q) || o.opcode.includes(q));
    for (const o of hits.slice(0, LIST_LIMIT)) {
      const b = el('button', { type: 'button', class: 'graph-op', 'data-name': o.name }, o.name);
      b.appendChild(el('span', { class: 'muted small' }, ` ${o.category}`));
      b.addEventListener('click', () => void this.openOp(o.name));
      const li = el('li');
      li.appendChild(b);
      this.list.appendChild(li);
    }
    if (hits.length > LIST_LIMIT) this.list.appendChild(el('li', { class: 'muted small' }, `… ${hits.length - LIST_LIMIT} more`));
  }

  /** Draws the neighbourhood of `center`, or the module overview when null; picks `pick` (default: the centre) and keeps it in view. */
  private async openOp(center: string | null, pick: string | null = center): Promise<void> {
    if (this.module < 0) return;
    const request = this.graphs.next(this.scope);
    this.center = center;
    this.picked = pick;
    const radius = Math.max(1, Math.min(50, Number(this.radius.value) || 3));
    try {
      const g = await this.engine.hlo<GraphViewData>({ op: 'graph', module: this.module, center, radius, expand: [...this.expand] });
      if (!request.current) return;
      this.graph = g;
      // An expanded fusion is drawn as its body: then its first member stands for it.
      let picked = pick === null ? -1 : g.nodes.findIndex((n) => n.name === pick);
      if (picked < 0 && pick !== null) picked = g.nodes.findIndex((n) => n.group === pick);
      this.selected = picked >= 0 ? picked : g.center;
      this.message.textContent = center
        ? `Neighbourhood of ${center} (radius ${radius}): ${g.nodes.length} nodes`
        : `Overview of ${g.module}: ${g.nodes.length} nodes`;
      this.redraw();
      this.fit();
      this.showInfo();
      this.labelDownloads();
    } catch (err) {
      if (request.current) this.message.textContent = err instanceof Error ? err.message : String(err);
    }
  }

  private redraw(): void {
    if (!this.graph) return;
    this.size = drawGraph(this.layer, this.graph, this.selected);
    this.applyView();
  }

  private nodeAt(e: MouseEvent): number | null {
    const t = (e.target as Element | null)?.closest('.hlo-node');
    return t ? Number(t.getAttribute('data-index')) : null;
  }

  private onClick(e: MouseEvent): void {
    const k = this.nodeAt(e);
    if (k === null) return;
    this.selected = k;
    this.picked = this.graph?.nodes[k]?.name ?? null;
    this.redraw();
    this.showInfo();
  }

  /** Says on each download button what it downloads. */
  private labelDownloads(): void {
    const m = this.modules.find((x) => x.index === this.module);
    const name = m?.display ?? 'the module';
    const d = this.downloads;
    d.text.textContent = `Download HLO text of module ${name}`;
    d.text.title = `The HLO text of module ${name} (short form), as a .hlo.txt file`;
    d.long.textContent = 'Download long HLO text';
    d.long.title = `The HLO text of module ${name} in long form (operand shapes, full metadata)`;
    d.dot.textContent = this.center ? 'Download DOT of this neighbourhood' : 'Download DOT of the module overview';
    d.dot.title = this.center ? `Graphviz DOT of the neighbourhood of ${this.center} (XProf's graph)` : `Graphviz DOT of the overview of module ${name}`;
    d.svg.textContent = 'Download SVG of this drawing';
    d.svg.title = 'The graph as drawn here, as an SVG file';
    for (const b of [d.text, d.long, d.dot, d.svg]) b.disabled = this.module < 0;
  }

  private showInfo(): void {
    clear(this.info);
    const g = this.graph;
    if (!g || this.selected === null) return;
    const n = g.nodes[this.selected];
    if (!n) return;
    this.info.append(el('h3', {}, n.name), el('pre', { class: 'graph-text' }, n.text));
    const facts: Array<[string, string]> = [
      ['category', n.category],
      ['shape', n.shape],
    ];
    if (n.op_name) facts.push(['op_name', n.op_name]);
    if (n.source) facts.push(['source', n.source]);
    if (n.count > 1) facts.push(['collapsed', `${n.count} ops`]);
    if (n.measured) facts.push(['measured', measuredText(n.measured)]);
    if (n.kernel) facts.push(['kernel', n.kernel]);
    const dl = el('dl');
    for (const [k, v] of facts) dl.append(el('dt', {}, k), el('dd', {}, v));
    this.info.appendChild(dl);
    const actions = el('div', { class: 'graph-actions' });
    const button = (label: string, testid: string, f: () => void): void => {
      const b = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': testid }, label);
      b.addEventListener('click', f);
      actions.appendChild(b);
    };
    const runsAs = n.runs_as ?? n.name;
    button(n.runs_as ? `Show fusion ${n.runs_as} in timeline` : 'Show in timeline', 'graph-to-timeline', () => this.cb.showInTimeline(runsAs));
    button('Centre here', 'graph-center', () => void this.openOp(n.name));
    if (n.measured) {
      const op = n.measured.of ?? n.name;
      button(n.measured.of ? `Show fusion ${op} in HLO op stats` : 'Show in HLO op stats', 'graph-to-opstats', () => this.cb.showOpStats(op, g.program_id));
    }
    if (n.kernel) {
      const module = this.module;
      button('Open kernel in MLIR view', 'graph-open-kernel', () =>
        this.cb.openKernel(`${n.name} (${n.kernel ?? 'kernel'})`, (locs) =>
          this.engine.hlo<KernelText>({ op: 'kernel', module, name: n.name, locs }).then((k) => k.text),
        ),
      );
    }
    if (n.fusion) {
      const open = this.expand.has(n.name) || g.expanded.includes(n.name);
      button(open ? 'Collapse fusion' : 'Expand fusion', 'graph-expand', () => {
        if (open) this.expand.delete(n.name);
        else this.expand.add(n.name);
        void this.openOp(this.center ?? n.name, n.name);
      });
    } else if (n.called.length > 0) {
      for (const c of n.called) {
        button(`Open ${c}`, 'graph-open-body', () => {
          const inBody = this.ops.filter((o) => o.computation === c);
          const root = inBody[inBody.length - 1];
          if (root) void this.openOp(root.name);
        });
      }
    }
    this.info.appendChild(actions);
  }

  private installPanZoom(): void {
    let drag: { x: number; y: number; vx: number; vy: number } | null = null;
    this.svg.addEventListener('pointerdown', (e) => {
      if ((e.target as Element).closest('.hlo-node')) return;
      drag = { x: e.clientX, y: e.clientY, vx: this.view.x, vy: this.view.y };
      this.svg.setPointerCapture(e.pointerId);
    });
    this.svg.addEventListener('pointermove', (e) => {
      if (!drag) return;
      this.view.x = drag.vx + (e.clientX - drag.x);
      this.view.y = drag.vy + (e.clientY - drag.y);
      this.applyView();
    });
    this.svg.addEventListener('pointerup', () => {
      drag = null;
    });
    this.svg.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const r = this.svg.getBoundingClientRect();
        const mx = e.clientX - r.left;
        const my = e.clientY - r.top;
        const f = Math.exp(-e.deltaY * 0.0015);
        const k = Math.max(0.02, Math.min(8, this.view.k * f));
        this.view.x = mx - ((mx - this.view.x) * k) / this.view.k;
        this.view.y = my - ((my - this.view.y) * k) / this.view.k;
        this.view.k = k;
        this.applyView();
      },
      { passive: false },
    );
  }

  private fit(): void {
    const r = this.svg.getBoundingClientRect();
    const w = r.width || 800;
    const h = r.height || 500;
    const k = Math.min(1.5, w / Math.max(1, this.size.w), h / Math.max(1, this.size.h));
    this.view = { k, x: (w - this.size.w * k) / 2, y: Math.max(0, (h - this.size.h * k) / 2) };
    // A picked node too small to read in the whole drawing: zoom to it, centred.
    const n = this.selected === null ? undefined : this.graph?.nodes[this.selected];
    if (n && k < MIN_READABLE) {
      const z = MIN_READABLE;
      const cx = n.x + PAD + n.w / 2;
      const cy = n.y + PAD + n.h / 2;
      this.view = { k: z, x: w / 2 - cx * z, y: h / 2 - cy * z };
    }
    this.applyView();
  }

  private applyView(): void {
    this.layer.setAttribute('transform', `translate(${this.view.x},${this.view.y}) scale(${this.view.k})`);
  }

  private async downloadText(long: boolean): Promise<void> {
    if (this.module < 0) return;
    const r = await this.engine.hlo<{ text: string }>({ op: 'text', module: this.module, long });
    save(r.text, `${this.baseName()}${long ? '.long' : ''}.hlo.txt`, 'text/plain');
  }

  private async downloadDot(): Promise<void> {
    if (this.module < 0) return;
    const radius = Number(this.radius.value) || 3;
    const r = await this.engine.hlo<{ text: string }>({ op: 'dot', module: this.module, center: this.center, radius, expand: [...this.expand] });
    save(r.text, `${this.baseName()}.dot`, 'text/vnd.graphviz');
  }

  private downloadSvg(): void {
    if (!this.graph) return;
    save(svgText(this.layer, this.size), `${this.baseName()}.svg`, 'image/svg+xml');
  }

  private baseName(): string {
    const m = this.modules.find((x) => x.index === this.module);
    return `${m?.name ?? 'module'}${this.center ? `.${this.center}` : ''}`.replace(/[^\w.()-]+/g, '_');
  }
}

function save(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = el('a', { href: url, download: name });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
