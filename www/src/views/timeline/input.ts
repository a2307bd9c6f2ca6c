// Steering the timeline: Ctrl + wheel zooms around the pointer (a trackpad pinch comes as one), the
// wheel scrolls the tracks, Shift + wheel or a sideways wheel pans; drag to pan, Shift + drag to
// choose a range, click to select, right-click for a menu, hover for the tooltip; the keys of
// keys.ts (W/S zoom, A/D pan, 0 fit, F focus, M mark, Esc, ?) while the timeline tab is shown and
// no text field has the focus.

import { isTyping } from '../../lib/dom';
import type { Viewport } from './viewport';

/** What the input drives. */
export interface InputHost {
  readonly root: HTMLElement;
  readonly canvas: HTMLCanvasElement;
  readonly scroll: HTMLElement;
  readonly viewport: Viewport;
  /** False without a profile: then input does nothing. */
  hasProfile(): boolean;
  canvasWidth(): number;
  setRange(t0: number, t1: number): void;
  /** Scrolls the tracks by `dy` px (the wheel). */
  scrollBy(dy: number): void;
  zoomBy(factor: number, at?: number): void;
  panBy(fraction: number): void;
  zoomToFit(): void;
  /** F: zoom to the selected slice or the Shift + drag range. */
  focusSelection(): void;
  /** M (`add`: Shift + M): mark the selected slice's span. */
  markSelection(add: boolean): void;
  /** Esc: clear the marks; true when there were any. */
  clearMarks(): boolean;
  /** ?: the sheet of keys. */
  showKeys(): void;
  /** A right-click at canvas point (x, y), page point (clientX, clientY). */
  contextMenu(p: { x: number; y: number; clientX: number; clientY: number }): void;
  /** The pointer is at canvas point (x, y), (clientX, clientY) on the page; null: it left. */
  hover(p: { x: number; y: number; clientX: number; clientY: number } | null): void;
  hideTooltip(): void;
  /** A click (no drag) at canvas point (x, y). */
  click(x: number, y: number): void;
  /** The Shift + drag range as it is dragged. */
  dragRange(range: { t0: number; t1: number } | null): void;
  /** The Shift + drag ended with this range (null: a Shift + click cleared it). */
  rangeChosen(range: { t0: number; t1: number } | null): void;
}

export class TimelineInput {
  private drag: { x: number; t0: number; t1: number; moved: boolean; range: boolean } | null = null;
  private range: { t0: number; t1: number } | null = null;
  /** The pointer over the canvas (canvas pixels), the centre of key zooms. */
  private mouse: { x: number; y: number } | null = null;

  constructor(private readonly host: InputHost) {
    const { canvas } = host;
    canvas.addEventListener('wheel', (e) => this.onWheel(e), { passive: false });
    canvas.addEventListener('mousedown', (e) => this.onMouseDown(e));
    canvas.addEventListener('contextmenu', (e) => {
      e.preventDefault();
      if (!host.hasProfile()) return;
      host.hideTooltip();
      host.contextMenu({ ...this.localPoint(e), clientX: e.clientX, clientY: e.clientY });
    });
    window.addEventListener('mousemove', (e) => this.onMouseMove(e));
    window.addEventListener('mouseup', (e) => this.onMouseUp(e));
    canvas.addEventListener('mouseleave', () => {
      this.mouse = null;
      host.hover(null);
    });
    document.addEventListener('keydown', (e) => this.onKey(e));
  }

  /** Forgets a drag in progress and the range (a new profile). */
  reset(): void {
    this.drag = null;
    this.range = null;
    this.host.canvas.classList.remove('is-dragging');
  }

  private localPoint(e: MouseEvent): { x: number; y: number } {
    const r = this.host.canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  private timeAtX(x: number): number {
    return this.host.viewport.timeAt(x, this.host.canvasWidth());
  }

  private onWheel(e: WheelEvent): void {
    const host = this.host;
    if (!host.hasProfile()) return;
    const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? host.scroll.clientHeight : 1;
    const dx = e.deltaX * unit;
    const dy = e.deltaY * unit;
    e.preventDefault();
    host.hideTooltip();
    if (e.ctrlKey || e.metaKey) {
      const { x } = this.localPoint(e);
      const factor = Math.exp(Math.max(-300, Math.min(300, dy)) * 0.002);
      host.zoomBy(factor, this.timeAtX(x));
      return;
    }
    // Shift + wheel: browsers give some as deltaX already.
    if (e.shiftKey || Math.abs(dx) > Math.abs(dy)) {
      const px = Math.abs(dx) > Math.abs(dy) ? dx : dy;
      host.panBy(px / host.canvasWidth());
      return;
    }
    host.scrollBy(dy);
  }

  private onMouseDown(e: MouseEvent): void {
    if (e.button !== 0 || !this.host.hasProfile()) return;
    e.preventDefault();
    const { x } = this.localPoint(e);
    const v = this.host.viewport;
    this.drag = { x, t0: v.t0, t1: v.t1, moved: false, range: e.shiftKey };
    this.host.hideTooltip();
  }

  private onMouseMove(e: MouseEvent): void {
    const host = this.host;
    if (!host.hasProfile()) return;
    const d = this.drag;
    const { x, y } = this.localPoint(e);
    if (d) {
      if (Math.abs(x - d.x) > 3) d.moved = true;
      const width = host.canvasWidth();
      if (d.moved && d.range) {
        const ta = d.t0 + (d.x / width) * (d.t1 - d.t0);
        const tb = this.timeAtX(Math.max(0, Math.min(width, x)));
        this.range = { t0: Math.min(ta, tb), t1: Math.max(ta, tb) };
        host.dragRange(this.range);
      } else if (d.moved) {
        host.canvas.classList.add('is-dragging');
        const dt = ((x - d.x) / width) * (d.t1 - d.t0);
        host.setRange(d.t0 - dt, d.t1 - dt);
      }
      return;
    }
    if (e.target !== host.canvas) return;
    this.mouse = { x, y };
    host.hover({ x, y, clientX: e.clientX, clientY: e.clientY });
  }

  private onMouseUp(e: MouseEvent): void {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    this.host.canvas.classList.remove('is-dragging');
    if (d.range) {
      if (!d.moved) this.range = null;
      this.host.rangeChosen(this.range);
      return;
    }
    if (d.moved || !this.host.hasProfile()) return;
    const { x, y } = this.localPoint(e);
    this.host.click(x, y);
  }

  private onKey(e: KeyboardEvent): void {
    const host = this.host;
    if (!host.hasProfile() || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target) || e.defaultPrevented) return;
    if (host.root.offsetParent === null) return; // timeline tab hidden
    if (e.target instanceof Element && e.target.closest('dialog[open]')) return; // the key sheet has the keys
    const at = this.mouse ? this.timeAtX(this.mouse.x) : undefined;
    if (e.key === '?') {
      host.showKeys();
      e.preventDefault();
      return;
    }
    if (e.key === 'Escape') {
      if (host.clearMarks()) e.preventDefault();
      return;
    }
    switch (e.key.toLowerCase()) {
      case 'w':
        host.zoomBy(0.8, at);
        break;
      case 's':
        host.zoomBy(1.25, at);
        break;
      case 'a':
        host.panBy(-0.15);
        break;
      case 'd':
        host.panBy(0.15);
        break;
      case '0':
        host.zoomToFit();
        break;
      case 'f':
        host.focusSelection();
        break;
      case 'm':
        host.markSelection(e.shiftKey);
        break;
      default:
        return;
    }
    e.preventDefault();
  }
}
