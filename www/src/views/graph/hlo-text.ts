// The module's HLO text in the page, below the graph, with a search: every match marked, the
// current one scrolled to, Enter / the buttons step through them. Text goes through text nodes
// only (HLO names come from the profile).

import { clear, el } from '../../lib/dom';

/** Most matches marked; past it the count says so and the rest stay plain. */
const MAX_MARKS = 2000;

export class HloTextPane {
  readonly root = el('section', { class: 'graph-hlo', 'aria-label': 'HLO text' });
  private readonly query = el('input', {
    type: 'search',
    placeholder: 'Find in HLO text…',
    'data-testid': 'graph-text-search',
    'aria-label': 'Find in HLO text',
  });
  private readonly count = el('span', { class: 'muted small', 'data-testid': 'graph-text-count' });
  private readonly pre = el('pre', { class: 'graph-hlo-text', 'data-testid': 'graph-hlo-text' });
  private text = '';
  private marks: HTMLElement[] = [];
  private current = -1;

  constructor() {
    const prev = el('button', { type: 'button', class: 'btn btn-small', title: 'Previous match' }, '↑');
    const next = el('button', { type: 'button', class: 'btn btn-small', title: 'Next match' }, '↓');
    prev.addEventListener('click', () => this.step(-1));
    next.addEventListener('click', () => this.step(1));
    this.query.addEventListener('input', () => this.render());
    this.query.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') this.step(e.shiftKey ? -1 : 1);
    });
    const bar = el('div', { class: 'graph-hlo-bar' });
    bar.append(el('strong', { class: 'small' }, 'HLO text'), this.query, prev, next, this.count);
    this.root.append(bar, this.pre);
  }

  /** No module: empty text and search. */
  clear(): void {
    this.text = '';
    this.query.value = '';
    this.render();
  }

  /** Shows `text` (a module's HLO), keeping the search. */
  show(text: string): void {
    this.text = text;
    this.render();
  }

  private render(): void {
    clear(this.pre);
    this.marks = [];
    this.current = -1;
    const q = this.query.value;
    if (!q) {
      this.pre.textContent = this.text;
      this.count.textContent = '';
      return;
    }
    const hay = this.text.toLowerCase();
    const needle = q.toLowerCase();
    const out = document.createDocumentFragment();
    let at = 0;
    let found = 0;
    for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + needle.length)) {
      found++;
      if (this.marks.length >= MAX_MARKS) continue;
      out.append(this.text.slice(at, i));
      const m = el('mark', {}, this.text.slice(i, i + needle.length));
      this.marks.push(m);
      out.append(m);
      at = i + needle.length;
    }
    out.append(this.text.slice(at));
    this.pre.append(out);
    this.pre.dataset.matches = String(found);
    if (found === 0) this.count.textContent = 'no match';
    else this.step(1);
    if (found > this.marks.length) this.count.textContent += ` (first ${this.marks.length} marked)`;
  }

  private step(d: number): void {
    const n = this.marks.length;
    if (n === 0) return;
    this.marks[this.current]?.classList.remove('current');
    this.current = (this.current + d + n) % n;
    const m = this.marks[this.current]!;
    m.classList.add('current');
    m.scrollIntoView({ block: 'center', inline: 'nearest' });
    this.count.textContent = `${this.current + 1} of ${this.pre.dataset.matches}`;
  }
}
