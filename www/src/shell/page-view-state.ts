// The page's view as a ViewState (url-state.ts), read from the views and brought back through
// the paths a person's actions take: the track state (pinned, hidden, collapsed, the filter)
// through the timeline's `tracks`, the query through the search box, the slice through the selection (the details fill, the timeline
// zooms to it), the counter sample through the timeline's click path, then the visible range and
// the Shift + drag range through the viewport, the tab through the tab bar.

import type { Profile } from '../engine/engine';
import type { TimelineView } from '../views/timeline/timeline-view';
import type { TrackStateValue } from '../views/timeline/track-state';
import type { Scope } from './scope';
import type { SelectionView } from './selection';
import { TABS, type TabBar, type TabName } from './tabs';
import type { ViewStateHost } from './url-sync';
import type { PsRange, UrlSelection, ViewState } from './url-state';

/** The parts of the page the view state is made of. */
export interface ViewStateParts {
  timeline: TimelineView;
  selection: SelectionView;
  tabs: TabBar;
  /** Runs a search for `query` as typed; settles once its first match was passed on. */
  find(query: string): Promise<void>;
  /** The current search query ('' for none). */
  query(): string;
  /** The current Shift + drag range (null for none). */
  dragRange(): { t0: number; t1: number } | null;
}

function isEmptyTrackState(v: TrackStateValue): boolean {
  return v.pinned.length + v.hidden.length + v.collapsedTracks.length + v.collapsedGroups.length === 0 && v.filter === '';
}

function isTab(name: string): name is TabName {
  return TABS.some((t) => t.name === name);
}

/** Reads and restores the page's view state (see the module comment). */
export function pageViewState(p: ViewStateParts): ViewStateHost {
  return {
    capture(profile: Profile): ViewState {
      const base = profile.start_ps;
      const rel = (r: { t0: number; t1: number } | null): PsRange | undefined => {
        if (!r) return undefined;
        const t0 = Math.max(0, Math.round(r.t0 - base));
        const t1 = Math.round(r.t1 - base);
        return t1 > t0 ? { t0, t1 } : undefined;
      };
      const sel = p.selection.current();
      const selection: UrlSelection | undefined =
        sel?.kind === 'slice' ? { kind: 'slice', id: sel.id } : sel?.kind === 'counter' ? { kind: 'counter', index: sel.index } : undefined;
      const query = p.query();
      const tracks = p.timeline.tracks.get();
      return {
        range: rel(p.timeline.visibleRange()),
        selection,
        tab: p.tabs.current(),
        query: query === '' ? undefined : query,
        drag: rel(p.dragRange()),
        tracks: isEmptyTrackState(tracks) ? undefined : tracks,
      };
    },

    async restore(s: ViewState, profile: Profile, scope: Scope): Promise<void> {
      const base = profile.start_ps;
      if (s.tracks) p.timeline.tracks.set(s.tracks);
      if (s.query) {
        await p.find(s.query);
        await p.selection.settled();
      }
      if (!scope.current) return;
      if (s.selection?.kind === 'slice') {
        p.selection.reveal(s.selection.id);
        await p.selection.settled();
      } else if (s.selection?.kind === 'counter') {
        await p.timeline.selectCounterSample(s.selection.index);
      }
      if (!scope.current) return;
      if (s.range) p.timeline.restoreRange(base + s.range.t0, base + s.range.t1);
      if (s.drag) p.timeline.rangeChosen({ t0: base + s.drag.t0, t1: base + s.drag.t1 });
      if (s.tab && isTab(s.tab)) p.tabs.select(s.tab);
    },
  };
}
