// What the timeline marks: slices whose names contain the search query, or exactly the slices of
// an analysis row; the rest is drawn dimmed while either is set.

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
