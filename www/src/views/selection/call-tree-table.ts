// The call tree of a selection as a table of expandable rows: name, total and self time,
// occurrences. The roots start open, the levels below folded; the arrow opens or folds a row.

import type { CallNode, CallTree } from '../../engine/engine';
import { el } from '../../lib/dom';
import { formatCount, formatDuration } from '../../lib/time';

/** Draws `tree` into `body` (a tbody), replacing what it held. */
export function drawCallTree(body: HTMLElement, tree: CallTree): void {
  body.replaceChildren();
  for (const n of tree.roots) {
    const row = nodeRow(n, 0, tree.total_ps);
    body.append(row);
    if (n.children.length) row.querySelector('button')?.click();
  }
}

/** The row of `node` at `depth`; opening it inserts its children's rows below it. */
function nodeRow(node: CallNode, depth: number, total: number): HTMLElement {
  const row = el('tr', { 'data-testid': 'call-tree-row', 'data-depth': String(depth) });
  const nameCell = el('td', { class: 'call-tree-name' });
  nameCell.style.paddingLeft = `${6 + depth * 14}px`;
  const toggle = el('button', { type: 'button', class: 'call-tree-toggle', 'aria-expanded': 'false' }, node.children.length ? '▸' : '');
  toggle.disabled = node.children.length === 0;
  nameCell.append(toggle, el('span', {}, node.name));
  nameCell.title = node.name;
  const share = total > 0 ? ` · ${((100 * node.total_ps) / total).toFixed(1)} %` : '';
  row.append(
    nameCell,
    el('td', { class: 'num' }, formatDuration(node.total_ps) + share),
    el('td', { class: 'num' }, formatDuration(node.self_ps)),
    el('td', { class: 'num' }, formatCount(node.occurrences)),
  );
  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') === 'true';
    if (open) {
      // Fold: remove the rows after this one that are deeper (its open subtree).
      let next = row.nextElementSibling as HTMLElement | null;
      while (next && Number(next.dataset.depth) > depth) {
        const after = next.nextElementSibling as HTMLElement | null;
        next.remove();
        next = after;
      }
    } else {
      let last: Element = row;
      for (const c of node.children) {
        const child = nodeRow(c, depth + 1, total);
        last.after(child);
        last = child;
      }
    }
    toggle.setAttribute('aria-expanded', String(!open));
    toggle.textContent = open ? '▸' : '▾';
  });
  return row;
}
