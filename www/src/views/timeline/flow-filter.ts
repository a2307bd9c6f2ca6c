// The flows control of the timeline's toolbar: the "all flows" box and a list of the flow
// categories of the arrows in play (the "all flows" arrows in view and the selected slice's), each
// with its count and a box to hide its arrows. Both the selection's arrows and the "all flows"
// arrows ask `shows` before they are drawn.
//
// Render lists carry a flow's id but not its category, so `pageFlowCategories` learns the
// category of each flow in view from the slice it leaves (`sliceFlows`), once per flow id. An
// engine call that lists the profile's flow categories, and a category per flow in the render
// list, would replace it (the interface is `FlowCategorySource`).

import { type Engine, FLOW_STRIDE } from '../../engine/engine';
import { el } from '../../lib/dom';
import { formatCount } from '../../lib/time';

/** Finds the category of flows ("" for none). */
export interface FlowCategorySource {
  /** The category of every flow of render-list flows `flows` (stride FLOW_STRIDE), by flow id. */
  categoriesOf(flows: Float64Array): Promise<Map<number, string>>;
}

/** Flow categories learnt from `engine.sliceFlows` of each flow's source slice, remembered per flow id. */
export function pageFlowCategories(engine: Engine): FlowCategorySource & { forget(): void } {
  let known = new Map<number, string>();
  return {
    forget() {
      known = new Map();
    },
    async categoriesOf(flows) {
      const cache = known;
      const sources = new Set<number>();
      for (let i = 0; i + FLOW_STRIDE <= flows.length; i += FLOW_STRIDE) {
        if (!cache.has(flows[i]!)) sources.add(flows[i + 1]!);
      }
      await Promise.all(
        [...sources].map((slice) =>
          engine
            .sliceFlows(slice)
            .then((links) => {
              for (const l of links) if (l.direction === 'out') cache.set(l.flow, l.category);
            })
            .catch(() => undefined),
        ),
      );
      const out = new Map<number, string>();
      for (let i = 0; i + FLOW_STRIDE <= flows.length; i += FLOW_STRIDE) {
        const c = cache.get(flows[i]!);
        if (c !== undefined) out.set(flows[i]!, c);
      }
      return out;
    },
  };
}

/** How a category without a name is listed. */
const NO_CATEGORY = '(no category)';

export class FlowFilter {
  /** The control, for the toolbar. */
  readonly root = el('span', { class: 'tl-flows' });
  private readonly allBox = el('input', { type: 'checkbox', 'data-testid': 'flows-all' });
  private readonly menu = el('details', { class: 'tl-flow-cats', 'data-testid': 'flow-categories' });
  private readonly summary = el('summary', { title: 'Flow categories: uncheck one to hide its arrows' }, 'categories');
  private readonly list = el('div', { class: 'tl-flow-cat-list', role: 'group', 'aria-label': 'Flow categories' });
  /** Categories whose arrows are hidden. */
  private readonly hidden = new Set<string>();
  /** Category of each flow id seen in the "all flows" lists of this load. */
  private categoryOfFlow = new Map<number, string>();
  /** Flow ids per category among the arrows in play: "all flows" in view, and the selection's. */
  private inView = new Map<string, number>();
  private selected = new Map<string, number>();
  private selectedFlows: ReadonlyArray<{ category: string }> = [];
  private learning: Float64Array | null = null;
  private listKey = '';

  /**
   * `changed` is called when the boxes changed what is drawn, or categories were learnt;
   * `refetch` when the render list must be asked for again ("all flows" switched).
   */
  constructor(
    private readonly source: FlowCategorySource & { forget(): void },
    private readonly changed: (refetch: boolean) => void,
  ) {
    const all = el('label', { title: 'Draw every flow arrow that touches the visible tracks' });
    all.append(this.allBox, document.createTextNode(' all flows'));
    this.allBox.addEventListener('change', () => {
      if (!this.allBox.checked) this.inView = new Map();
      this.renderList();
      this.changed(true);
    });
    this.menu.append(this.summary, this.list);
    this.menu.hidden = true;
    this.root.append(all, this.menu);
  }

  /** Whether every flow arrow touching the visible tracks is drawn. */
  get allFlows(): boolean {
    return this.allBox.checked;
  }

  /** A new profile: all flows off, every category shown, nothing learnt. */
  reset(): void {
    this.allBox.checked = false;
    this.hidden.clear();
    this.categoryOfFlow = new Map();
    this.inView = new Map();
    this.selected = new Map();
    this.selectedFlows = [];
    this.learning = null;
    this.source.forget();
    this.menu.open = false;
    this.renderList();
  }

  /** Whether arrows of `category` are drawn. */
  showsCategory(category: string): boolean {
    return !this.hidden.has(category);
  }

  /** Whether "all flows" arrow `flowId` is drawn (while its category is unknown: only when none is hidden). */
  showsFlow(flowId: number): boolean {
    const c = this.categoryOfFlow.get(flowId);
    return c === undefined ? this.hidden.size === 0 : !this.hidden.has(c);
  }

  /** The selected slice's arrows of the frame being drawn (empty: none); counted once per list. */
  selectionFlows(flows: ReadonlyArray<{ category: string }>): void {
    if (flows === this.selectedFlows) return;
    this.selectedFlows = flows;
    this.selected = countOf(flows.map((f) => f.category));
    this.renderList();
  }

  /** The "all flows" list of the frame being drawn: learns its categories (once per list). */
  allFlowsList(flows: Float64Array): void {
    if (flows === this.learning) return;
    this.learning = flows;
    void this.source.categoriesOf(flows).then((cats) => {
      if (this.learning !== flows) return;
      for (const [id, c] of cats) this.categoryOfFlow.set(id, c);
      this.inView = countOf([...cats.values()]);
      this.renderList();
      this.changed(false);
    });
  }

  private renderList(): void {
    const counts = new Map(this.inView);
    for (const [c, n] of this.selected) if (!this.inView.has(c)) counts.set(c, n);
    for (const c of this.hidden) if (!counts.has(c)) counts.set(c, 0);
    this.menu.hidden = counts.size === 0;
    const rows = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    // Rebuilt only when a row changed (a box being clicked stays in place).
    const key = JSON.stringify([rows, [...this.hidden]]);
    if (key === this.listKey) return;
    this.listKey = key;
    this.list.replaceChildren(
      ...rows.map(([category, count]) => {
        const box = el('input', { type: 'checkbox', 'data-category': category });
        box.checked = !this.hidden.has(category);
        box.addEventListener('change', () => {
          if (box.checked) this.hidden.delete(category);
          else this.hidden.add(category);
          this.summary.textContent = this.hidden.size > 0 ? `categories (${this.hidden.size} hidden)` : 'categories';
          this.changed(false);
        });
        const label = el('label', { class: 'tl-flow-cat', 'data-testid': 'flow-category' });
        label.append(box, el('span', { class: 'tl-flow-cat-name' }, category || NO_CATEGORY), el('span', { class: 'tl-flow-cat-count' }, formatCount(count)));
        return label;
      }),
    );
    this.summary.textContent = this.hidden.size > 0 ? `categories (${this.hidden.size} hidden)` : 'categories';
  }
}

function countOf(categories: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of categories) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}
