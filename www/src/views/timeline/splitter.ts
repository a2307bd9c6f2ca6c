// A drag handle that resizes a column: the width follows the pointer between a minimum and a
// maximum; double-click puts the starting width back.

import { el } from '../../lib/dom';

export interface SplitterOptions {
  /** The width now, px. */
  width(): number;
  /** Sets the width (already clamped). */
  setWidth(w: number): void;
  min: number;
  /** The largest width, px (read at each drag: it may depend on the window). */
  max(): number;
  /** +1: dragging right widens (a handle on the column's right edge); −1: dragging left does. */
  direction: 1 | -1;
  label: string;
  testid: string;
}

/** The handle element; place it on the column's edge with CSS. */
export function splitter(o: SplitterOptions): HTMLElement {
  const handle = el('div', {
    class: 'splitter',
    role: 'separator',
    'aria-orientation': 'vertical',
    'aria-label': o.label,
    title: `${o.label} (drag)`,
    'data-testid': o.testid,
  });
  /** The width before the first drag (what a double-click restores). */
  let initial: number | null = null;
  const clamp = (w: number): number => Math.round(Math.max(o.min, Math.min(Math.max(o.min, o.max()), w)));
  handle.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    e.preventDefault();
    const x0 = e.clientX;
    const w0 = o.width();
    initial ??= w0;
    handle.setPointerCapture(e.pointerId);
    handle.classList.add('is-dragging');
    const move = (m: PointerEvent): void => o.setWidth(clamp(w0 + o.direction * (m.clientX - x0)));
    const up = (): void => {
      handle.classList.remove('is-dragging');
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  });
  handle.addEventListener('dblclick', () => {
    if (initial !== null) o.setWidth(clamp(initial));
  });
  return handle;
}
