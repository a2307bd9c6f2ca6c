// The page's tabs, defined once: the typed list below is the tab bar (a button
// `data-testid="tab-<name>"` and a panel `#panel-<name>` each), in this order.

import { el } from '../lib/dom';

/**
 * Every tab: its name (the page contract's `tab-<name>`), its label, how its panel lays out, and
 * whether its button starts hidden (shown by `setHidden` for the profiles it applies to).
 */
export const TABS = [
  { name: 'timeline', label: 'Timeline', panel: '' },
  { name: 'mlir', label: 'MLIR', panel: 'mlir-panel' },
  { name: 'counters', label: 'Counters', panel: 'tab-scroll' },
  { name: 'memory', label: 'Memory', panel: 'analysis-panel' },
  { name: 'health', label: 'Health', panel: 'tab-scroll' },
  { name: 'graph', label: 'Graph', panel: 'graph-panel' },
  { name: 'overview', label: 'Overview', panel: 'analysis-panel' },
  { name: 'kernels', label: 'Kernels', panel: 'analysis-panel' },
  { name: 'framework-ops', label: 'Framework ops', panel: 'analysis-panel' },
  { name: 'gpu-ops', label: 'GPU ops', panel: 'analysis-panel' },
  { name: 'hlo-stats', label: 'HLO ops', panel: 'analysis-panel' },
  { name: 'op-profile', label: 'Op profile', panel: 'analysis-panel' },
  { name: 'roofline', label: 'Roofline', panel: 'analysis-panel' },
  { name: 'query', label: 'Query', panel: 'query-panel' },
  { name: 'ranks', label: 'Ranks', panel: 'analysis-panel', hidden: true },
  { name: 'compare', label: 'Compare', panel: 'analysis-panel', hidden: true },
] as const;

export type TabName = (typeof TABS)[number]['name'];

/** The tab bar: builds the buttons and panels, switches between them, tells who listens. */
export class TabBar {
  private readonly buttons = new Map<TabName, HTMLButtonElement>();
  private readonly panels = new Map<TabName, HTMLElement>();
  private selected: TabName = 'timeline';
  private readonly listeners: Array<(tab: TabName) => void> = [];

  /** Fills `nav` (role tablist) with the buttons and `workspace` with the panels; the first tab is shown. */
  constructor(nav: HTMLElement, workspace: HTMLElement) {
    for (const [i, t] of TABS.entries()) {
      const button = el(
        'button',
        {
          type: 'button',
          role: 'tab',
          id: `tab-${t.name}`,
          'data-testid': `tab-${t.name}`,
          'aria-selected': String(i === 0),
          'aria-controls': `panel-${t.name}`,
        },
        t.label,
      );
      button.addEventListener('click', () => this.select(t.name));
      const panel = el('section', {
        id: `panel-${t.name}`,
        class: `tab-panel${t.panel ? ` ${t.panel}` : ''}`,
        role: 'tabpanel',
        'aria-labelledby': `tab-${t.name}`,
      });
      panel.hidden = i !== 0;
      button.hidden = 'hidden' in t && t.hidden;
      nav.append(button);
      workspace.append(panel);
      this.buttons.set(t.name, button);
      this.panels.set(t.name, panel);
    }
  }

  /** The panel of `tab`. */
  panel(tab: TabName): HTMLElement {
    const p = this.panels.get(tab);
    if (!p) throw new Error(`page structure: no panel for tab ${tab}`);
    return p;
  }

  /** The tab shown. */
  current(): TabName {
    return this.selected;
  }

  /** Calls `listener` with the tab each time one is selected (also when it was already). */
  onSelect(listener: (tab: TabName) => void): void {
    this.listeners.push(listener);
  }

  /** Hides or shows the button of `tab`; hiding the tab shown selects the first tab. */
  setHidden(tab: TabName, hidden: boolean): void {
    const b = this.buttons.get(tab);
    if (!b || b.hidden === hidden) return;
    b.hidden = hidden;
    if (hidden && this.selected === tab) this.select(TABS[0].name);
  }

  /** Shows `tab` and hides the others. */
  select(tab: TabName): void {
    this.selected = tab;
    for (const [name, b] of this.buttons) {
      const on = name === tab;
      b.setAttribute('aria-selected', String(on));
      this.panel(name).hidden = !on;
    }
    for (const l of this.listeners) l(tab);
  }
}
