// Search by slice name: the engine returns matching slice ids sorted by start time; this view keeps
// the current match ("k of N"), steps with the buttons, Enter and Shift+Enter. Disabled and empty
// while no profile is loaded.

import type { Engine, Profile } from '../engine/engine';
import { isTyping } from '../lib/dom';
import { formatCount } from '../lib/time';
import { Latest, NO_LOAD, type Scope } from '../shell/scope';
import type { View } from '../shell/view';

const LIMIT = 100000;

export interface SearchCallbacks {
  /** The query changed (for highlighting); '' clears. */
  onQuery(query: string): void;
  /** Go to this match (slice id). */
  onMatch(sliceId: number): void;
}

export class SearchView implements View {
  private ids: Uint32Array = new Uint32Array(0);
  private truncated = false;
  private current = -1;
  private query = '';
  private timer = 0;
  private scope: Scope = NO_LOAD;
  private readonly queries = new Latest();

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
      if (e.key === '/' && this.scope.current && !isTyping(t)) {
        e.preventDefault();
        this.input.focus();
        this.input.select();
      }
    });
    this.clear();
  }

  /** No query, no matches, the box empty and disabled. */
  clear(): void {
    window.clearTimeout(this.timer);
    this.scope = NO_LOAD;
    this.queries.cancel();
    this.input.value = '';
    this.input.disabled = true;
    this.query = '';
    this.ids = new Uint32Array(0);
    this.truncated = false;
    this.current = -1;
    this.render();
  }

  load(_profile: Profile, scope: Scope): void {
    this.scope = scope;
    this.input.disabled = false;
  }

  /** Searches for `query` as if typed and confirmed with Enter; settles once the first match was passed on. */
  find(query: string): Promise<void> {
    this.input.value = query;
    window.clearTimeout(this.timer);
    return this.run();
  }

  /** Runs the query; `start` 0 → first match, -1 → last match. */
  private async run(start = 0): Promise<void> {
    const q = this.input.value.trim();
    this.query = q;
    const request = this.queries.next(this.scope);
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
      if (!request.current) return;
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
      if (!request.current) return;
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
