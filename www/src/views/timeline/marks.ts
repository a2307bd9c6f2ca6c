// What the timeline marks: slices whose names contain the search query, or exactly the slices of
// an analysis row (the rest is drawn dimmed while either is set); and the time spans marked with M.

export class SearchMarks {
  /** The query, trimmed and lower-cased ('' : none). */
  query = '';
  /** Slices marked exactly by id (an analysis row's occurrences), instead of by name. */
  ids: Set<number> | null = null;
  private matchCache = new Map<number, boolean>();

  /** Nothing marked. */
  clear(): void {
    this.query = '';
    this.ids = null;
    this.matchCache = new Map();
  }

  /** Marks by name; false when the query did not change. Clears the exact marks. */
  setQuery(query: string): boolean {
    const q = query.trim().toLowerCase();
    if (q === this.query) return false;
    this.query = q;
    this.ids = null;
    this.matchCache = new Map();
    return true;
  }

  /** Marks exactly `ids` (none for null or empty); the query stays but these take precedence. */
  setIds(ids: Uint32Array | null): void {
    this.ids = ids && ids.length > 0 ? new Set(ids) : null;
  }

  /** Whether anything is marked (and the rest dimmed). */
  active(): boolean {
    return this.query.length > 0 || this.ids !== null;
  }

  /** Whether name `nameId` contains the query (false while its string is unknown). */
  nameMatches(nameId: number, strings: Map<number, string>): boolean {
    let m = this.matchCache.get(nameId);
    if (m === undefined) {
      const s = strings.get(nameId);
      if (s === undefined) return false;
      m = s.toLowerCase().includes(this.query);
      this.matchCache.set(nameId, m);
    }
    return m;
  }
}

/** The spans marked with M, in ps; `changed` is told after every change. */
export class SpanMarks {
  spans: ReadonlyArray<{ t0: number; t1: number }> = [];

  constructor(private readonly changed: (spans: ReadonlyArray<{ t0: number; t1: number }>) => void) {}

  /** Marks `span`, or unmarks it when it is marked; `add` keeps the other marks. */
  toggle(span: { t0: number; t1: number }, add: boolean): void {
    const same = (m: { t0: number; t1: number }): boolean => m.t0 === span.t0 && m.t1 === span.t1;
    if (this.spans.some(same)) this.spans = this.spans.filter((m) => !same(m));
    else this.spans = add ? [...this.spans, span] : [span];
    this.changed(this.spans);
  }

  /** Unmarks all; false (and no change) when none were marked. */
  clear(): boolean {
    if (this.spans.length === 0) return false;
    this.spans = [];
    this.changed(this.spans);
    return true;
  }
}
