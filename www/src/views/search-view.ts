// Search by slice name: the engine returns matching slice ids sorted by start time; this view keeps
// the current match ("k of N"), steps with the buttons, Enter and Shift+Enter.

import type { Engine } from '../engine/engine';
import { isTyping } from '../lib/dom';
import { formatCount } from '../lib/time';

const LIMIT = 100000;

export interface SearchCallbacks {
  /** The query changed (for highlighting); '' clears. */
  onQuery(query: string): void;
  /** Go to this match (slice id). */
  onMatch(sliceId: number): void;
}

export class SearchView {
  private ids: Uint32Array = new Uint32Array(0);
  private truncated = false;
  private current = -1;
  private query = '';
  private timer = 0;
  private token = 0;
  private enabled = false;

  constructor(
    private readonly input: HTMLInputElement,
    private readonly count: HTMLElement,
    private readonly prev: HTMLButtonElement,
    private readonly next: HTMLButtonElement,
    private readonly engine: Engine,
    private readonly cb: SearchCallbacks,
  ) {
    input.addEventListener('input', () => {
      window.clearTimeout(this.timer);
      this.timer = window.setTimeout(() => void this.run(), 200);
    });
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        window.clearTimeout(this.timer);
        if (this.input.value.trim() !== this.query) void this.run(e.shiftKey ? -1 : 0);
        else this.step(e.shiftKey ? -1 : 1);
      } else if (e.key === 'Escape') {
        this.input.value = '';
        void this.run();
        this.input.blur();
      }
    });
    prev.addEventListener('click', () => this.step(-1));
    next.addEventListener('click', () => this.step(1));
    document.addEventListener('keydown', (e) => {
      const t = e.target;
      if (e.key === '/' && this.enabled && !isTyping(t)) {
        e.preventDefault();
        this.input.focus();
        this.input.select();
      }
    });
    this.setEnabled(false);
  }

  setEnabled(on: boolean): void {
    this.enabled = on;
    this.input.disabled = !on;
    if (!on) this.reset();
  }

  reset(): void {
    window.clearTimeout(this.timer);
    this.token++;
    this.input.value = '';
    this.query = '';
    this.ids = new Uint32Array(0);
    this.current = -1;
    this.render();
  }

  /** Runs the query; `start` 0 → first match, -1 → last match. */
  private async run(start = 0): Promise<void> {
    const q = this.input.value.trim();
    this.query = q;
    const token = ++this.token;
    if (q === '') {
      this.ids = new Uint32Array(0);
      this.current = -1;
      this.render();
      this.cb.onQuery('');
      return;
    }
    this.count.textContent = 'searching…';
    try {
      const r = await this.engine.search(q, LIMIT);
      if (token !== this.token) return;
      this.ids = r.ids;
      this.truncated = r.truncated;
      this.cb.onQuery(q);
      if (r.ids.length > 0) {
        this.current = start < 0 ? r.ids.length - 1 : 0;
        this.render();
        this.cb.onMatch(r.ids[this.current]!);
      } else {
        this.current = -1;
        this.render();
      }
    } catch {
      if (token !== this.token) return;
      this.ids = new Uint32Array(0);
      this.current = -1;
      this.count.textContent = 'search failed';
    }
  }

  private step(d: number): void {
    const n = this.ids.length;
    if (n === 0) return;
    this.current = (this.current + d + n) % n;
    this.render();
    this.cb.onMatch(this.ids[this.current]!);
  }

  private render(): void {
    const n = this.ids.length;
    this.prev.disabled = n === 0;
    this.next.disabled = n === 0;
    if (this.query === '') this.count.textContent = '';
    else if (n === 0) this.count.textContent = 'no matches';
    else this.count.textContent = `${formatCount(this.current + 1)} of ${formatCount(n)}${this.truncated ? '+' : ''}`;
  }
}
