// The MLIR tab: the text of a loaded .mlirbc (printed by the Wasm core in MLIR's generic op form)
// or .mlir file (as written), with syntax highlighting, region folding, search, SSA def/use
// highlighting, locations shown as file:line (toggle to hide), and virtualised lines so 200 KB+
// texts scroll smoothly. For StableHLO text holding kernel custom calls, a picker shows each kernel.
// Text reaches the DOM only through textContent.

import type { Engine, Profile } from '../engine/engine';
import { clear, el } from '../lib/dom';
import { Latest, NO_LOAD, type Scope } from '../shell/scope';
import type { View } from '../shell/view';
import { analyse, shortLocation, ssaLines, type Structure } from './mlir/structure';
import { ssaBase, tokenize, type Token } from './mlir/tokenize';

/** Line height in CSS pixels (matches .mlir-line in style.css). */
const LINE_HEIGHT = 18;
/** Lines rendered above and below the viewport. */
const OVERSCAN = 20;

export class MlirView implements View {
  private readonly toolbar: HTMLElement;
  private readonly kernelSelect: HTMLSelectElement;
  private readonly searchInput: HTMLInputElement;
  private readonly searchCount: HTMLElement;
  private readonly locsBox: HTMLInputElement;
  private readonly info: HTMLElement;
  private readonly scroller: HTMLElement;
  private readonly spacer: HTMLElement;
  private readonly linesBox: HTMLElement;
  private readonly empty: HTMLElement;

  private structure: Structure = analyse('');
  /** -1: the file's own text; otherwise a kernel index. */
  private kernelIndex = -1;
  /** A kernel opened from another view (the graph's custom calls): loads its text. */
  private external: ((locs: boolean) => Promise<string>) | null = null;
  private showLocs = true;
  private collapsed = new Set<number>();
  /** Line indices not hidden by a fold, in order. */
  private visible: number[] = [];
  private tokenCache = new Map<number, Token[]>();
  private query = '';
  private matches: number[] = [];
  private current = -1;
  private selectedSsa: string | null = null;
  private ssaDefs = new Set<number>();
  private frame = 0;
  private scope: Scope = NO_LOAD;
  private readonly texts = new Latest();

  constructor(
    private readonly root: HTMLElement,
    private readonly engine: Engine,
  ) {
    this.toolbar = el('div', { class: 'mlir-toolbar' });
    this.kernelSelect = el('select', { class: 'mlir-kernel', 'aria-label': 'Kernel', 'data-testid': 'mlir-kernel' });
    this.kernelSelect.hidden = true;
    this.searchInput = el('input', {
      type: 'search',
      class: 'mlir-search',
      placeholder: 'Find in MLIR',
      'aria-label': 'Find in MLIR',
      'data-testid': 'mlir-search',
      autocomplete: 'off',
      spellcheck: 'false',
    });
    this.searchCount = el('span', { class: 'search-count', 'data-testid': 'mlir-search-count', 'aria-live': 'polite' });
    const prev = el('button', { type: 'button', class: 'btn btn-small', title: 'Previous match (Shift+Enter)', 'aria-label': 'Previous match' }, '↑');
    const next = el('button', { type: 'button', class: 'btn btn-small', title: 'Next match (Enter)', 'aria-label': 'Next match' }, '↓');
    const locsLabel = el('label', { class: 'mlir-check' });
    this.locsBox = el('input', { type: 'checkbox', 'data-testid': 'mlir-locs' });
    this.locsBox.checked = true;
    locsLabel.append(this.locsBox, document.createTextNode(' Locations'));
    const foldAll = el('button', { type: 'button', class: 'btn btn-small', title: 'Fold every region' }, 'Fold all');
    const unfoldAll = el('button', { type: 'button', class: 'btn btn-small', title: 'Unfold every region' }, 'Unfold all');
    this.info = el('span', { class: 'mlir-info', 'data-testid': 'mlir-ssa-info', 'aria-live': 'polite' });
    this.toolbar.append(this.kernelSelect, this.searchInput, this.searchCount, prev, next, locsLabel, foldAll, unfoldAll, this.info);

    this.scroller = el('div', { class: 'mlir-scroll', 'data-testid': 'mlir-view', tabindex: '0' });
    this.spacer = el('div', { class: 'mlir-spacer' });
    this.linesBox = el('div', { class: 'mlir-lines' });
    this.spacer.append(this.linesBox);
    this.scroller.append(this.spacer);
    this.empty = el('p', { class: 'mlir-empty' }, 'Open an MLIR file (.mlir, .mlirbc) or StableHLO text with kernel custom calls to see it here.');
    root.append(this.toolbar, this.empty, this.scroller);

    this.scroller.addEventListener('scroll', () => this.schedule());
    window.addEventListener('resize', () => this.schedule());
    this.searchInput.addEventListener('input', () => this.setQuery(this.searchInput.value));
    this.searchInput.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        this.step(e.shiftKey ? -1 : 1);
      }
    });
    prev.addEventListener('click', () => this.step(-1));
    next.addEventListener('click', () => this.step(1));
    this.locsBox.addEventListener('change', () => {
      this.showLocs = this.locsBox.checked;
      void this.reload();
    });
    foldAll.addEventListener('click', () => {
      this.collapsed = new Set(this.structure.foldEnd.keys());
      // Keep the outermost region open so something stays readable.
      const first = Math.min(...this.structure.foldEnd.keys());
      if (Number.isFinite(first)) this.collapsed.delete(first);
      this.relayout();
    });
    unfoldAll.addEventListener('click', () => {
      this.collapsed.clear();
      this.relayout();
    });
    this.kernelSelect.addEventListener('change', () => {
      if (this.kernelSelect.value === 'external') {
        void this.reload();
        return;
      }
      this.kernelIndex = Number(this.kernelSelect.value);
      void this.reload();
    });
    this.linesBox.addEventListener('click', (e) => this.onClick(e));
    this.info.addEventListener('click', () => {
      const def = [...this.ssaDefs][0];
      if (def !== undefined) this.reveal(def);
    });
    this.setText('');
  }

  /** No text, no kernel, no search. */
  clear(): void {
    this.scope = NO_LOAD;
    this.texts.cancel();
    this.kernelIndex = -1;
    this.external = null;
    clear(this.kernelSelect);
    this.kernelSelect.hidden = true;
    delete this.root.dataset.kernel;
    this.searchInput.value = '';
    this.query = '';
    this.setText('');
  }

  /** Shows the MLIR of an MLIR profile (other formats have none). */
  async load(profile: Profile, scope: Scope): Promise<void> {
    this.scope = scope;
    if (profile.summary.format !== 'mlir') return;
    const kernels = await this.engine.mlirKernels();
    if (!scope.current) return;
    if (kernels.length > 0) {
      this.kernelSelect.append(el('option', { value: '-1' }, 'Module (as written)'));
      for (const [i, k] of kernels.entries()) this.kernelSelect.append(el('option', { value: String(i) }, `${k.name} ${k.target}`));
      // Show the first kernel: that is what a StableHLO file is opened for here.
      this.kernelIndex = 0;
      this.kernelSelect.value = '0';
      this.kernelSelect.hidden = false;
    }
    await this.reload();
  }

  /**
   * Shows a kernel opened from another view (a custom call in the graph): `load(locs)` gives its
   * text; the kernel picker then offers it, named `title`, beside the file's own text.
   */
  async showKernel(title: string, load: (locs: boolean) => Promise<string>): Promise<void> {
    this.external = load;
    for (const o of Array.from(this.kernelSelect.querySelectorAll('option[value="external"]'))) o.remove();
    this.kernelSelect.append(el('option', { value: 'external' }, title));
    this.kernelSelect.value = 'external';
    this.kernelSelect.hidden = false;
    this.root.dataset.kernel = title;
    await this.reload();
  }

  private async reload(): Promise<void> {
    const request = this.texts.next(this.scope);
    try {
      const external = this.kernelSelect.value === 'external' ? this.external : null;
      const text = external
        ? await external(this.showLocs)
        : this.kernelIndex >= 0
          ? await this.engine.mlirKernelText(this.kernelIndex, this.showLocs)
          : await this.engine.mlirText(this.showLocs);
      if (!request.current) return;
      this.setText(text ?? '');
    } catch (err) {
      if (!request.current) return;
      this.setText(`// planeview: could not show this MLIR: ${err instanceof Error ? err.message : String(err)}\n`);
    }
  }

  private setText(text: string): void {
    // Read only when there is text to keep the place in: reading the scroll position forces a
    // layout, and every non-MLIR profile clears this view while the page is still changing.
    const top = text === '' ? 0 : this.scroller.scrollTop;
    this.structure = analyse(text);
    this.tokenCache.clear();
    this.collapsed.clear();
    this.selectedSsa = null;
    this.ssaDefs.clear();
    this.info.textContent = '';
    this.empty.hidden = text !== '';
    this.scroller.hidden = text === '';
    this.root.dataset.lines = String(this.structure.lines.length);
    this.setQuery(this.query, false);
    this.relayout();
    if (text !== '') this.scroller.scrollTop = top;
  }

  private relayout(): void {
    const { lines, foldEnd } = this.structure;
    const visible: number[] = [];
    for (let i = 0; i < lines.length; i++) {
      visible.push(i);
      const end = foldEnd.get(i);
      if (end !== undefined && this.collapsed.has(i)) i = end - 1;
    }
    this.visible = visible;
    this.spacer.style.height = `${visible.length * LINE_HEIGHT}px`;
    this.render();
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  private render(): void {
    if (this.visible.length === 0) {
      clear(this.linesBox);
      return;
    }
    const first = Math.max(0, Math.floor(this.scroller.scrollTop / LINE_HEIGHT) - OVERSCAN);
    const count = Math.ceil((this.scroller.clientHeight || 600) / LINE_HEIGHT) + 2 * OVERSCAN;
    const last = Math.min(this.visible.length, first + count);
    this.linesBox.style.transform = `translateY(${first * LINE_HEIGHT}px)`;
    const frag = document.createDocumentFragment();
    const currentLine = this.current >= 0 ? this.matches[this.current] : -1;
    const matchSet = this.matches.length > 0 ? new Set(this.matches) : null;
    for (const i of this.visible.slice(first, last)) {
      const row = el('div', { class: 'mlir-line' });
      if (matchSet?.has(i)) row.classList.add(i === currentLine ? 'mlir-match-current' : 'mlir-match');
      const gutter = el('span', { class: 'mlir-ln' }, String(i + 1));
      const fold = el('span', { class: 'mlir-fold' });
      if (this.structure.foldEnd.has(i)) {
        const closed = this.collapsed.has(i);
        fold.textContent = closed ? '▸' : '▾';
        fold.dataset.line = String(i);
        fold.title = closed ? 'Unfold' : 'Fold';
        fold.setAttribute('role', 'button');
      }
      const code = el('span', { class: 'mlir-code' });
      this.renderLine(code, i);
      const end = this.structure.foldEnd.get(i);
      if (end !== undefined && this.collapsed.has(i)) code.append(el('span', { class: 'mlir-folded' }, ` … ${end - i - 1} lines`));
      row.append(gutter, fold, code);
      frag.append(row);
    }
    clear(this.linesBox);
    this.linesBox.append(frag);
  }

  private tokens(i: number): Token[] {
    let t = this.tokenCache.get(i);
    if (!t) {
      t = tokenize(this.structure.lines[i] ?? '');
      if (this.tokenCache.size > 5000) this.tokenCache.clear();
      this.tokenCache.set(i, t);
    }
    return t;
  }

  private renderLine(code: HTMLElement, i: number): void {
    const line = this.structure.lines[i] ?? '';
    const tokens = this.tokens(i);
    const isAliasDef = /^#loc\d* = /.test(line);
    const lastLoc = tokens[tokens.length - 1]?.kind === 'loc' ? tokens.length - 1 : -1;
    for (const [k, tok] of tokens.entries()) {
      if (tok.kind === 'loc' && !isAliasDef) {
        if (!this.showLocs) {
          // Locations hidden (text shown as written keeps them): drop them and the space before.
          const prev = code.lastChild;
          if (prev?.textContent?.endsWith(' ')) prev.textContent = prev.textContent.slice(0, -1);
          continue;
        }
        if (k === lastLoc) {
          const body = tok.text.slice(4, -1);
          const short = shortLocation(body, (n) => this.structure.locAliases.get(n) ?? null) ?? body;
          const chip = el('span', { class: 'tok-loc mlir-loc-chip', title: tok.text }, short);
          code.append(chip);
          continue;
        }
      }
      const span = el('span', { class: `tok-${tok.kind}` });
      if (tok.kind === 'ssa') {
        const base = ssaBase(tok.text);
        span.dataset.ssa = base;
        if (base === this.selectedSsa) span.classList.add(this.ssaDefs.has(i) ? 'ssa-def' : 'ssa-use');
      }
      this.appendText(span, tok.text);
      code.append(span);
    }
  }

  /** Appends `text`, wrapping occurrences of the search query in <mark>. */
  private appendText(span: HTMLElement, text: string): void {
    const q = this.query.toLowerCase();
    if (!q) {
      span.textContent = text;
      return;
    }
    const lower = text.toLowerCase();
    let at = 0;
    for (let f = lower.indexOf(q); f >= 0; f = lower.indexOf(q, f + q.length)) {
      if (f > at) span.append(document.createTextNode(text.slice(at, f)));
      span.append(el('mark', {}, text.slice(f, f + q.length)));
      at = f + q.length;
    }
    if (at < text.length) span.append(document.createTextNode(text.slice(at)));
  }

  private setQuery(q: string, jump = true): void {
    this.query = q;
    const lower = q.toLowerCase();
    this.matches = [];
    if (lower) {
      const lines = this.structure.lines;
      lines.forEach((l, i) => {
        if (l.toLowerCase().includes(lower)) this.matches.push(i);
      });
    }
    this.current = this.matches.length > 0 ? 0 : -1;
    this.updateCount();
    const firstMatch = this.matches[0];
    if (jump && firstMatch !== undefined) this.reveal(firstMatch);
    else this.render();
  }

  private updateCount(): void {
    this.searchCount.textContent = !this.query ? '' : this.matches.length === 0 ? 'no match' : `${this.current + 1} / ${this.matches.length}`;
  }

  private step(dir: number): void {
    if (this.matches.length === 0) return;
    this.current = (this.current + dir + this.matches.length) % this.matches.length;
    this.updateCount();
    this.reveal(this.matches[this.current] ?? 0);
  }

  /** Unfolds what hides line `i` and scrolls it to the middle. */
  private reveal(i: number): void {
    let changed = false;
    for (const s of [...this.collapsed]) {
      const end = this.structure.foldEnd.get(s);
      if (end !== undefined && s < i && i < end) {
        this.collapsed.delete(s);
        changed = true;
      }
    }
    if (changed) this.relayout();
    const v = this.visible.indexOf(i);
    if (v >= 0) this.scroller.scrollTop = Math.max(0, v * LINE_HEIGHT - this.scroller.clientHeight / 2);
    this.render();
  }

  private onClick(e: MouseEvent): void {
    const target = e.target instanceof Element ? e.target : null;
    const fold = target?.closest<HTMLElement>('.mlir-fold');
    if (fold?.dataset.line) {
      const line = Number(fold.dataset.line);
      if (this.collapsed.has(line)) this.collapsed.delete(line);
      else this.collapsed.add(line);
      this.relayout();
      return;
    }
    const ssa = target?.closest<HTMLElement>('[data-ssa]')?.dataset.ssa;
    if (!ssa) return;
    if (ssa === this.selectedSsa) {
      this.selectedSsa = null;
      this.ssaDefs.clear();
      this.info.textContent = '';
    } else {
      const { defs, uses } = ssaLines(this.structure.lines, ssa);
      this.selectedSsa = ssa;
      this.ssaDefs = new Set(defs);
      const where = defs[0] !== undefined ? `defined on line ${defs[0] + 1}` : 'definition not found';
      this.info.textContent = `${ssa}: ${where} · ${uses.length} use${uses.length === 1 ? '' : 's'}`;
      this.info.title = defs.length > 0 ? 'Go to the definition' : '';
    }
    this.render();
  }
}
