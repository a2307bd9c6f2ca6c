// The timeline's rows: the pinned tracks first (in pin order, in an area that stays at the top),
// then a header per process group (click to collapse) and its tracks, each as tall as its lanes
// (one for a collapsed track) or a counter chart. Hidden tracks, and tracks the name filter leaves
// out, get no row; a group left without tracks gets none either.
//
// Labels are DOM (readable, accessible) in a column beside the canvas. Row positions are in body
// pixels (0 = the top of the scrolled body); the pinned rows take [0, pinnedHeight) and stay
// there on screen (canvas y = body y), the others move with the scroll (canvas y = body y − top).
// Group headers and track names stick to the top of the scrolled area while their rows are in view.
//
// With several profiles (a session, see session-tracks.ts) the groups come in member bands: a
// member header (its label, the offset applied to its times, collapse and move buttons) above
// that member's groups; a compact band has no group headers, only the member's summary track.

import type { Profile, TrackGroup, TrackInfo } from '../../engine/engine';
import { clear, el } from '../../lib/dom';
import { formatCount } from '../../lib/time';
import { COUNTER_H, GROUP_H, LANE_H, TRACK_PAD } from './constants';
import type { TrackState } from './track-state';

export interface GroupRow {
  type: 'group';
  y: number;
  h: number;
  index: number;
  name: string;
  trackCount: number;
  pinned: false;
}
export interface TrackRow {
  type: 'track';
  y: number;
  h: number;
  group: number;
  track: TrackInfo;
  /** In the pinned area. */
  pinned: boolean;
  /** Lanes drawn: 1 for a collapsed track, else all of them. */
  lanes: number;
}
/** The header of a member's band (several profiles on one timeline). */
export interface MemberRow {
  type: 'member';
  y: number;
  h: number;
  member: number;
  pinned: false;
}
export type Row = GroupRow | TrackRow | MemberRow;

/** One member of a session on the timeline: its header and the profile groups it spans. */
export interface MemberBand {
  member: number;
  /** "rank 0 · host · file": the member's label ("rank 0"), always shown whole, then the rest. */
  label: string;
  /** The part of `label` after the member's own ("host · file"), cut at its end when long. */
  detail: string;
  /** The offset applied to its times, as shown beside the label ("+1.2 ms", "own clock"). */
  offset: string;
  /** What the offset means, for the header's tooltip. */
  offsetTitle: string;
  /** Its groups: `from` ≤ group index < `to` in the profile laid out. */
  from: number;
  to: number;
  collapsed: boolean;
  /** Only its summary track, without group headers. */
  compact: boolean;
  /** Its position among the bands, and how many there are (for the move buttons). */
  position: number;
  count: number;
}

/** What a label's context menu or click asks of the timeline. */
export interface LabelHost {
  /** A right-click on the label of `track` at page point (x, y). */
  trackMenu(track: number, x: number, y: number): void;
  /** The header of member `member` was clicked: fold or unfold its band. */
  memberToggle?(member: number): void;
  /** Move member `member`'s band up (-1) or down (+1). */
  memberMove?(member: number, by: -1 | 1): void;
}

/** The last characters of a long label shown after the ellipsis (the part that tells names apart). */
const LABEL_TAIL = 12;

export class TrackLayout {
  /** The rows shown, top to bottom: pinned tracks first. */
  rows: Row[] = [];
  /** The row of every shown track, by track id. */
  trackRows = new Map<number, TrackRow>();
  /** Every track of the profile by id, shown or not. */
  tracks = new Map<number, { info: TrackInfo; group: number }>();
  /** Height of the pinned area at the top, px (0: nothing pinned). */
  pinnedHeight = 0;
  /** How many track rows are shown, formatted once per layout. */
  shownTracks = '0';
  /** How many tracks are hidden (by Hide, not by the filter). */
  hiddenTracks = 0;

  /**
   * @param labels the label column, rebuilt by `build`
   * @param body the scrolled body, whose height `build` sets
   * @param state the track choices the layout follows (a group header's click changes it)
   */
  constructor(
    private readonly labels: HTMLElement,
    private readonly body: HTMLElement,
    private readonly state: TrackState,
    private readonly host: LabelHost,
  ) {}

  /** Lays out the rows of `p` (none without a profile), in member `bands` when given, and rebuilds the labels. */
  build(p: Profile | null, bands: readonly MemberBand[] | null = null): void {
    this.rows = [];
    this.trackRows = new Map();
    this.tracks = new Map();
    clear(this.labels);
    const st = this.state;
    const filter = st.filter().trim().toLowerCase();
    const shown = (t: TrackInfo): boolean => !st.isHidden(t.id) && (filter === '' || t.name.toLowerCase().includes(filter));
    let y = 0;
    let hidden = 0;
    if (p) {
      p.groups.forEach((g, gi) => {
        for (const t of g.tracks) {
          this.tracks.set(t.id, { info: t, group: gi });
          if (st.isHidden(t.id)) hidden++;
        }
      });
      // The pinned area: pinned tracks in pin order (the filter does not apply to them).
      const pinnedBox = el('div', { class: 'tl-pinned', role: 'list', 'aria-label': 'Pinned tracks', 'data-testid': 'pinned-tracks' });
      for (const id of st.pinnedIds()) {
        const t = this.tracks.get(id);
        if (!t || st.isHidden(id)) continue;
        const row = this.trackRow(t.info, t.group, y, true);
        pinnedBox.append(this.trackLabel(row, y, 0, false));
        y += row.h;
      }
      this.pinnedHeight = y;
      pinnedBox.style.height = `${y}px`;
      pinnedBox.hidden = y === 0;
      this.labels.append(pinnedBox);

      const group = (g: TrackGroup, gi: number, header: boolean): void => {
        const tracks = g.tracks.filter((t) => shown(t) && !st.isPinned(t.id));
        if (tracks.length === 0 && (filter !== '' || g.tracks.length > 0)) return;
        const open = !header || !st.isGroupCollapsed(gi);
        const top = y;
        const box = el('div', { class: 'tl-group-box', role: 'list', 'aria-label': g.name });
        box.style.top = `${top}px`;
        if (header) {
          this.rows.push({ type: 'group', y, h: GROUP_H, index: gi, name: g.name, trackCount: tracks.length, pinned: false });
          box.append(this.groupHeader(g.name, tracks.length, gi, open));
          y += GROUP_H;
        }
        if (open) {
          for (const t of tracks) {
            const row = this.trackRow(t, gi, y, false);
            box.append(this.trackLabel(row, y, top, header));
            y += row.h;
          }
        }
        box.style.height = `${y - top}px`;
        this.labels.append(box);
      };
      if (bands) {
        for (const b of bands) {
          this.rows.push({ type: 'member', y, h: GROUP_H, member: b.member, pinned: false });
          const box = el('div', { class: 'tl-member-box' });
          box.style.top = `${y}px`;
          box.append(this.memberHeader(b));
          this.labels.append(box);
          y += GROUP_H;
          if (b.collapsed) continue;
          for (let gi = b.from; gi < b.to; gi++) group(p.groups[gi]!, gi, !b.compact);
        }
      } else {
        p.groups.forEach((g, gi) => {
          group(g, gi, true);
        });
      }
    } else {
      this.pinnedHeight = 0;
    }
    this.hiddenTracks = hidden;
    this.body.style.height = `${y}px`;
    this.shownTracks = formatCount(this.trackRows.size);
  }

  /** The row of `track` when it is shown. */
  shownRow(track: number): TrackRow | null {
    return this.trackRows.get(track) ?? null;
  }

  /** Canvas y of the top of `row` at scroll offset `top`. */
  rowTop(row: Row, top: number): number {
    return row.pinned ? row.y : row.y - top;
  }

  /** The track row at canvas y for scroll offset `top`, if any. */
  trackAt(canvasY: number, top: number): TrackRow | null {
    const pinned = canvasY < this.pinnedHeight;
    const y = pinned ? canvasY : canvasY + top;
    for (const r of this.rows) {
      if (r.type === 'track' && r.pinned === pinned && y >= r.y && y < r.y + r.h) return r;
    }
    return null;
  }

  /** Ids of the tracks shown on a canvas `height` tall at scroll offset `top`: the pinned ones and the scrolled ones in view. */
  visibleTrackIds(top: number, height: number): number[] {
    const ids: number[] = [];
    const from = top + this.pinnedHeight;
    for (const r of this.rows) {
      if (r.type !== 'track') continue;
      if (r.pinned ? r.y < height : r.y + r.h > from && r.y < top + height) ids.push(r.track.id);
    }
    return ids;
  }

  /** Vertical centre of lane `lane` of a track, in canvas pixels for scroll `top` (null if not drawn). */
  laneY(track: number, lane: number, top: number): number | null {
    const row = this.trackRows.get(track);
    if (!row || lane >= row.lanes) return null;
    return this.rowTop(row, top) + TRACK_PAD + lane * LANE_H + LANE_H / 2;
  }

  private trackRow(t: TrackInfo, group: number, y: number, pinned: boolean): TrackRow {
    const lanes = this.state.isTrackCollapsed(t.id) ? 1 : Math.max(1, t.lanes);
    const h = t.kind === 'counter' ? COUNTER_H + 2 * TRACK_PAD : lanes * LANE_H + 2 * TRACK_PAD;
    const row: TrackRow = { type: 'track', y, h, group, track: t, pinned, lanes };
    this.rows.push(row);
    this.trackRows.set(t.id, row);
    return row;
  }

  private groupHeader(name: string, tracks: number, gi: number, open: boolean): HTMLElement {
    const header = el('button', {
      type: 'button',
      class: 'tl-label tl-group',
      'aria-expanded': String(open),
      title: `${name} — ${tracks} track${tracks === 1 ? '' : 's'} (click to ${open ? 'collapse' : 'expand'})`,
    });
    header.style.height = `${GROUP_H}px`;
    header.style.top = `${this.pinnedHeight}px`;
    const label = el('span', { class: 'tl-group-name' });
    middleEllipsis(label, name);
    header.append(el('span', { class: 'tl-caret', 'aria-hidden': 'true' }, open ? '▾' : '▸'), label, el('span', { class: 'tl-group-count' }, String(tracks)));
    header.addEventListener('click', () => this.state.setGroupCollapsed(gi, open));
    return header;
  }

  /** A member band's header: fold button with its label and offset, and the move buttons. */
  private memberHeader(b: MemberBand): HTMLElement {
    const head = el('div', { class: 'tl-label tl-member', 'data-testid': 'timeline-member', 'data-member': String(b.member) });
    head.style.height = `${GROUP_H}px`;
    const open = !b.collapsed;
    const toggle = el('button', {
      type: 'button',
      class: 'tl-member-toggle',
      'aria-expanded': String(open),
      title: `${b.label}; ${b.offsetTitle} (click to ${open ? 'collapse' : 'expand'})`,
    });
    const label = el('span', { class: 'tl-member-label', 'data-testid': 'timeline-member-label' });
    const rest = el('span', { class: 'tl-member-detail' }, b.detail ? ` · ${b.detail}` : '');
    label.append(el('span', { class: 'tl-member-name' }, b.label.slice(0, b.label.length - (b.detail ? b.detail.length + 3 : 0))), rest);
    toggle.append(el('span', { class: 'tl-caret', 'aria-hidden': 'true' }, open ? '▾' : '▸'), label);
    toggle.addEventListener('click', () => this.host.memberToggle?.(b.member));
    const offset = el(
      'span',
      { class: 'tl-tag tl-member-offset', 'data-testid': 'timeline-member-offset', title: 'The offset added to this profile’s times' },
      b.offset,
    );
    const move = (by: -1 | 1, text: string, what: string): HTMLElement => {
      const btn = el('button', { type: 'button', class: 'tl-member-move', title: what, 'aria-label': what }, text) as HTMLButtonElement;
      btn.disabled = by < 0 ? b.position === 0 : b.position === b.count - 1;
      btn.addEventListener('click', () => this.host.memberMove?.(b.member, by));
      return btn;
    };
    head.append(toggle, offset, move(-1, '▲', 'Move up'), move(1, '▼', 'Move down'));
    return head;
  }

  /**
   * The label of `row`, placed at body y `y` in a box whose top is at body y `boxTop`; `underHeader`:
   * its name sticks below a group header.
   */
  private trackLabel(row: TrackRow, y: number, boxTop: number, underHeader = true): HTMLElement {
    const t = row.track;
    const collapsed = t.lanes > 1 && row.lanes === 1;
    const label = el('div', {
      class: `tl-label tl-track${t.kind === 'counter' ? ' is-counter' : ''}${row.pinned ? ' is-pinned' : ''}`,
      role: 'listitem',
      'data-track-id': String(t.id),
      title: `${t.name}${t.lanes > 1 ? ` (${t.lanes} lanes${collapsed ? ', collapsed to its first' : ''})` : ''}${t.kind === 'counter' ? ' — counter' : ''} · right-click for pin, hide, collapse`,
    });
    label.style.top = `${y - boxTop}px`;
    label.style.height = `${row.h}px`;
    const head = el('div', { class: 'tl-track-head' });
    // Under the pinned area and the sticky group header.
    head.style.top = `${row.pinned ? 0 : this.pinnedHeight + (underHeader ? GROUP_H : 0)}px`;
    const name = el('span', { class: 'tl-track-name' });
    middleEllipsis(name, t.name);
    head.append(name);
    if (row.pinned) head.append(el('span', { class: 'tl-tag' }, 'pinned'));
    if (collapsed) head.append(el('span', { class: 'tl-tag' }, `1/${t.lanes}`));
    if (t.kind === 'counter') head.append(el('span', { class: 'tl-tag' }, 'counter'));
    label.append(head);
    label.addEventListener('contextmenu', (e) => {
      e.preventDefault();
      this.host.trackMenu(t.id, e.clientX, e.clientY);
    });
    return label;
  }
}

/**
 * Fills `target` with `text` as a head that CSS ellipsizes and, for long texts, a fixed tail of
 * its last LABEL_TAIL characters: "fusion_very_long…_suffix.12" keeps the end that tells names
 * apart. The target's textContent stays the whole text.
 */
export function middleEllipsis(target: HTMLElement, text: string): void {
  if (text.length <= 2 * LABEL_TAIL) {
    target.append(el('span', { class: 'tl-name-head' }, text));
    return;
  }
  let cut = text.length - LABEL_TAIL;
  // Not between the two halves of a surrogate pair.
  const c = text.charCodeAt(cut);
  if (c >= 0xdc00 && c <= 0xdfff) cut--;
  target.append(el('span', { class: 'tl-name-head' }, text.slice(0, cut)), el('span', { class: 'tl-name-tail' }, text.slice(cut)));
}
