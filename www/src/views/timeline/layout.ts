// The timeline's rows: a header per process group (click to collapse) and its tracks, each as
// tall as its lanes (or a counter chart). Labels are DOM (readable, accessible) in a column
// beside the canvas; row positions are in body pixels (0 = the top of the scrolled body).

import type { Profile, TrackInfo } from '../../engine/engine';
import { clear, el } from '../../lib/dom';
import { formatCount } from '../../lib/time';
import { COUNTER_H, GROUP_H, LANE_H, TRACK_PAD } from './constants';

export interface GroupRow {
  type: 'group';
  y: number;
  h: number;
  index: number;
  name: string;
  trackCount: number;
}
export interface TrackRow {
  type: 'track';
  y: number;
  h: number;
  group: number;
  track: TrackInfo;
}
export type Row = GroupRow | TrackRow;

export class TrackLayout {
  /** The rows shown, top to bottom (tracks of collapsed groups left out). */
  rows: Row[] = [];
  /** Every track's row by track id, also of collapsed groups (where it would be). */
  trackRows = new Map<number, TrackRow>();
  /** Indices of the collapsed groups. */
  collapsed = new Set<number>();
  /** How many track rows are shown, formatted once per layout. */
  shownTracks = '0';

  /**
   * @param labels the label column, rebuilt by `build`
   * @param body the scrolled body, whose height `build` sets
   * @param onToggle called after a group header's click collapsed or expanded it
   */
  constructor(
    private readonly labels: HTMLElement,
    private readonly body: HTMLElement,
    private readonly onToggle: () => void,
  ) {}

  /** Forgets the collapsed groups. */
  reset(): void {
    this.collapsed = new Set();
  }

  /** Lays out the rows of `p` (none without a profile) and rebuilds the labels. */
  build(p: Profile | null): void {
    this.rows = [];
    this.trackRows = new Map();
    clear(this.labels);
    let y = 0;
    if (p) {
      p.groups.forEach((g, gi) => {
        const open = !this.collapsed.has(gi);
        this.rows.push({ type: 'group', y, h: GROUP_H, index: gi, name: g.name, trackCount: g.tracks.length });
        this.labels.append(this.groupHeader(g.name, g.tracks.length, gi, open, y));
        y += GROUP_H;
        for (const t of g.tracks) {
          const lanes = Math.max(1, t.lanes);
          const h = t.kind === 'counter' ? COUNTER_H + 2 * TRACK_PAD : lanes * LANE_H + 2 * TRACK_PAD;
          const tr: TrackRow = { type: 'track', y, h, group: gi, track: t };
          this.trackRows.set(t.id, tr);
          if (!open) continue;
          this.rows.push(tr);
          this.labels.append(trackLabel(t, y, h));
          y += h;
        }
      });
    }
    this.body.style.height = `${y}px`;
    this.shownTracks = formatCount(this.rows.filter((r) => r.type === 'track').length);
  }

  /** Expands the group of `track` if it is collapsed; true when the layout changed. */
  expandTrack(track: number): boolean {
    const row = this.trackRows.get(track);
    if (!row || !this.collapsed.has(row.group)) return false;
    this.collapsed.delete(row.group);
    return true;
  }

  /** The row of `track` when it is shown (its group open). */
  shownRow(track: number): TrackRow | null {
    const row = this.trackRows.get(track);
    return row && !this.collapsed.has(row.group) ? row : null;
  }

  /** The track row at body y, if any. */
  trackAt(y: number): TrackRow | null {
    for (const r of this.rows) {
      if (r.type === 'track' && y >= r.y && y < r.y + r.h) return r;
    }
    return null;
  }

  /** Ids of the tracks shown between body y `top` and `bottom`. */
  visibleTrackIds(top: number, bottom: number): number[] {
    const ids: number[] = [];
    for (const r of this.rows) {
      if (r.type === 'track' && r.y + r.h > top && r.y < bottom) ids.push(r.track.id);
    }
    return ids;
  }

  /** Vertical centre of lane `lane` of a track, in canvas pixels for scroll `top` (null if hidden). */
  laneY(track: number, lane: number, top: number): number | null {
    const row = this.shownRow(track);
    return row ? row.y - top + TRACK_PAD + lane * LANE_H + LANE_H / 2 : null;
  }

  private groupHeader(name: string, tracks: number, gi: number, open: boolean, y: number): HTMLElement {
    const header = el('button', {
      type: 'button',
      class: 'tl-label tl-group',
      role: 'listitem',
      'aria-expanded': String(open),
      title: `${name} — ${tracks} track${tracks === 1 ? '' : 's'} (click to ${open ? 'collapse' : 'expand'})`,
    });
    header.style.top = `${y}px`;
    header.style.height = `${GROUP_H}px`;
    header.append(
      el('span', { class: 'tl-caret', 'aria-hidden': 'true' }, open ? '▾' : '▸'),
      el('span', { class: 'tl-group-name' }, name),
      el('span', { class: 'tl-group-count' }, String(tracks)),
    );
    header.addEventListener('click', () => {
      if (this.collapsed.has(gi)) this.collapsed.delete(gi);
      else this.collapsed.add(gi);
      this.onToggle();
    });
    return header;
  }
}

function trackLabel(t: TrackInfo, y: number, h: number): HTMLElement {
  const label = el('div', {
    class: `tl-label tl-track${t.kind === 'counter' ? ' is-counter' : ''}`,
    role: 'listitem',
    'data-track-id': String(t.id),
    title: `${t.name}${t.lanes > 1 ? ` (${t.lanes} lanes)` : ''}${t.kind === 'counter' ? ' — counter' : ''}`,
  });
  label.style.top = `${y}px`;
  label.style.height = `${h}px`;
  label.append(el('span', { class: 'tl-track-name' }, t.name));
  if (t.kind === 'counter') label.append(el('span', { class: 'tl-tag' }, 'counter'));
  return label;
}
