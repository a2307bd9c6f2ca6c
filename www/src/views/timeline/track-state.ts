// What the person chose about the timeline's tracks: pinned tracks (in pin order), hidden tracks,
// multi-lane tracks collapsed to one lane, collapsed process groups and the track name filter.
// Plain data (track ids, group indices into `Profile.groups`, a string), so it can be saved and
// restored as it is; a new load starts from the empty state (`TimelineView.clear()` resets it).

/** A snapshot of the track choices. Arrays hold no duplicates; `pinned` is in pin order. */
export interface TrackStateValue {
  /** Track ids pinned to the top, first pinned first. */
  pinned: number[];
  /** Track ids not shown. */
  hidden: number[];
  /** Ids of multi-lane tracks drawn as one lane (their depth-0 slices only). */
  collapsedTracks: number[];
  /** Indices (into the profile's groups) of the groups whose tracks are folded away. */
  collapsedGroups: number[];
  /** Only tracks whose name contains this (case-insensitive) are shown; '' shows all. */
  filter: string;
}

export type TrackStateListener = (state: TrackStateValue) => void;

/** The empty state: nothing pinned, hidden or collapsed, no filter. */
export function emptyTrackState(): TrackStateValue {
  return { pinned: [], hidden: [], collapsedTracks: [], collapsedGroups: [], filter: '' };
}

export class TrackState {
  private pinned: number[] = [];
  private hidden = new Set<number>();
  private collapsedTracks = new Set<number>();
  private collapsedGroups = new Set<number>();
  private filterText = '';
  private readonly listeners: TrackStateListener[] = [];

  /** A copy of the current state. */
  get(): TrackStateValue {
    return {
      pinned: [...this.pinned],
      hidden: [...this.hidden],
      collapsedTracks: [...this.collapsedTracks],
      collapsedGroups: [...this.collapsedGroups],
      filter: this.filterText,
    };
  }

  /**
   * Replaces the fields given (the others stay), dropping duplicates and non-integer ids, then
   * notifies every listener once. Ids that name no track of the profile are kept and ignored.
   */
  set(v: Partial<TrackStateValue>): void {
    const ids = (a: readonly number[]): number[] => [...new Set(a.filter((x) => Number.isInteger(x) && x >= 0))];
    if (v.pinned) this.pinned = ids(v.pinned);
    if (v.hidden) this.hidden = new Set(ids(v.hidden));
    if (v.collapsedTracks) this.collapsedTracks = new Set(ids(v.collapsedTracks));
    if (v.collapsedGroups) this.collapsedGroups = new Set(ids(v.collapsedGroups));
    if (v.filter !== undefined) this.filterText = v.filter;
    this.notify();
  }

  /** Calls `fn` with the new state after every change (`set`, `reset` and the helpers below); returns an unsubscribe. */
  onChange(fn: TrackStateListener): () => void {
    this.listeners.push(fn);
    return () => {
      const i = this.listeners.indexOf(fn);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /** Back to the empty state (a new load), notifying the listeners. */
  reset(): void {
    this.set(emptyTrackState());
  }

  isPinned(track: number): boolean {
    return this.pinned.includes(track);
  }
  isHidden(track: number): boolean {
    return this.hidden.has(track);
  }
  isTrackCollapsed(track: number): boolean {
    return this.collapsedTracks.has(track);
  }
  isGroupCollapsed(group: number): boolean {
    return this.collapsedGroups.has(group);
  }
  /** Pinned track ids in pin order (read-only view). */
  pinnedIds(): readonly number[] {
    return this.pinned;
  }
  hiddenCount(): number {
    return this.hidden.size;
  }
  filter(): string {
    return this.filterText;
  }

  /** Pins `track` at the end of the pinned area, or unpins it. */
  setPinned(track: number, on: boolean): void {
    if (on === this.isPinned(track)) return;
    this.set({ pinned: on ? [...this.pinned, track] : this.pinned.filter((t) => t !== track) });
  }

  /** Hides `track` (and unpins it). */
  hide(track: number): void {
    this.set({ hidden: [...this.hidden, track], pinned: this.pinned.filter((t) => t !== track) });
  }

  showAllHidden(): void {
    this.set({ hidden: [] });
  }

  setTrackCollapsed(track: number, on: boolean): void {
    const s = new Set(this.collapsedTracks);
    if (on) s.add(track);
    else s.delete(track);
    this.set({ collapsedTracks: [...s] });
  }

  setGroupCollapsed(group: number, on: boolean): void {
    const s = new Set(this.collapsedGroups);
    if (on) s.add(group);
    else s.delete(group);
    this.set({ collapsedGroups: [...s] });
  }

  setFilter(text: string): void {
    if (text !== this.filterText) this.set({ filter: text });
  }

  private notify(): void {
    const v = this.get();
    for (const fn of [...this.listeners]) fn(v);
  }
}
