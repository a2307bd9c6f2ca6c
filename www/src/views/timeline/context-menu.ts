// A small right-click menu: a list of actions at the pointer, closed by a choice, Esc, a click
// elsewhere, a scroll or the window losing focus. One menu is open at a time.

import { el } from '../../lib/dom';

export interface MenuItem {
  label: string;
  /** data-testid of the item's button. */
  id: string;
  run(): void;
}

export class ContextMenu {
  readonly root = el('div', { class: 'tl-menu', role: 'menu', 'data-testid': 'context-menu' });

  constructor() {
    this.root.hidden = true;
    document.addEventListener('mousedown', (e) => {
      if (!this.root.hidden && !(e.target instanceof Node && this.root.contains(e.target))) this.close();
    });
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !this.root.hidden) {
        e.preventDefault();
        e.stopImmediatePropagation();
        this.close();
      }
    });
    window.addEventListener('blur', () => this.close());
    window.addEventListener('wheel', () => this.close(), { passive: true });
  }

  get open(): boolean {
    return !this.root.hidden;
  }

  /** Shows `title` (a name, shortened by CSS) and `items` at page point (x, y), kept inside the window. */
  show(title: string, items: MenuItem[], x: number, y: number): void {
    const root = this.root;
    root.replaceChildren();
    const head = el('div', { class: 'tl-menu-title' });
    head.textContent = title;
    head.title = title.length > 2000 ? `${title.slice(0, 2000)}…` : title;
    root.append(head);
    for (const item of items) {
      const b = el('button', { type: 'button', role: 'menuitem', class: 'tl-menu-item', 'data-testid': `menu-${item.id}` }, item.label);
      b.addEventListener('click', () => {
        this.close();
        item.run();
      });
      root.append(b);
    }
    if (!root.isConnected) document.body.append(root);
    root.hidden = false;
    const w = root.offsetWidth;
    const h = root.offsetHeight;
    root.style.left = `${Math.max(4, Math.min(x, window.innerWidth - w - 4))}px`;
    root.style.top = `${Math.max(4, Math.min(y, window.innerHeight - h - 4))}px`;
    root.querySelector('button')?.focus();
  }

  close(): void {
    if (!this.root.hidden) this.root.hidden = true;
  }
}
