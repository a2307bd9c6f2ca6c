// Bringing an event into view: the range a revealed slice or the F key zooms to, and the track
// state and scroll offset that show a slice's lane.

import type { SliceInfo } from '../../engine/engine';
import { FOCUS_MARGIN, LANE_H, MIN_SPAN_PS, TRACK_PAD } from './constants';
import type { TrackLayout } from './layout';
import type { TimelineSelection } from './selection';
import type { TrackState } from './track-state';

/** The range a revealed slice is zoomed to: three times its duration (at least 10 × MIN_SPAN_PS) around its middle. */
export function revealRange(info: SliceInfo): { t0: number; t1: number } {
  const dur = Math.max(info.dur_ps, MIN_SPAN_PS);
  const span = Math.max(dur * 3, MIN_SPAN_PS * 10);
  const mid = info.start_ps + info.dur_ps / 2;
  return { t0: mid - span / 2, t1: mid + span / 2 };
}

/**
 * The range F zooms to: the selected slice, else the Shift + drag range, with FOCUS_MARGIN of its
 * span (at least MIN_SPAN_PS) on each side; null with neither.
 */
export function focusRange(sel: Pick<TimelineSelection, 'slice' | 'range'>): { t0: number; t1: number } | null {
  const s = sel.slice;
  const r = s ? { t0: s.start_ps, t1: s.start_ps + s.dur_ps } : sel.range;
  if (!r) return null;
  const pad = Math.max(r.t1 - r.t0, MIN_SPAN_PS) * FOCUS_MARGIN;
  return { t0: r.t0 - pad, t1: r.t1 + pad };
}

/** Makes lane `lane` of `track` shown: unhidden, its group open, the filter cleared if it hides it, the track expanded. */
export function showLane(st: TrackState, layout: TrackLayout, track: number, lane: number): void {
  const t = layout.tracks.get(track);
  if (!t) return;
  const change: Parameters<TrackState['set']>[0] = {};
  const v = st.get();
  if (st.isHidden(track)) change.hidden = v.hidden.filter((x) => x !== track);
  if (!st.isPinned(track)) {
    if (st.isGroupCollapsed(t.group)) change.collapsedGroups = v.collapsedGroups.filter((g) => g !== t.group);
    const f = st.filter().trim().toLowerCase();
    if (f && !t.info.name.toLowerCase().includes(f)) change.filter = '';
  }
  if (lane > 0 && st.isTrackCollapsed(track)) change.collapsedTracks = v.collapsedTracks.filter((x) => x !== track);
  if (Object.keys(change).length > 0) st.set(change);
}

/**
 * The scroll offset that brings lane `lane` of `track` into the scrolled body (height `height`,
 * now at `scrollTop`) a third of the way down, or null when it is in view already, pinned or absent.
 */
export function scrollForLane(layout: TrackLayout, track: number, lane: number, scrollTop: number, height: number): number | null {
  const r = layout.trackRows.get(track);
  if (!r || r.pinned) return null;
  const y = r.y + TRACK_PAD + lane * LANE_H;
  const top = scrollTop + layout.pinnedHeight;
  const h = height - layout.pinnedHeight;
  if (y < top + 4 || y + LANE_H > top + h - 4) return Math.max(0, y - layout.pinnedHeight - h / 3);
  return null;
}
