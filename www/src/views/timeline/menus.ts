// The timeline's right-click menus: a slice's (copy its name, find all of that name, pin its
// track) and a track label's (pin, hide, collapse or expand its lanes).

import { ContextMenu, type MenuItem } from './context-menu';
import type { Hit } from './hit-test';
import type { TrackLayout } from './layout';
import type { TrackState } from './track-state';

/** What the menus read and act on. */
export interface MenuHost {
  readonly tracks: TrackState;
  readonly layout: TrackLayout;
  /** The name of name id `nameId` in the current render lists, if known. */
  sliceName(nameId: number): string | undefined;
  /** "Find all": search for slices named exactly `name`. */
  findAll(name: string): void;
  hideTooltip(): void;
}

export class TimelineMenus {
  private readonly menu = new ContextMenu();

  constructor(private readonly host: MenuHost) {}

  /** A right-click on `hit` (null: none) at page point (clientX, clientY); `trackAt`: the row's track there. */
  open(hit: Hit | null, trackAt: number | null, clientX: number, clientY: number): void {
    const name = hit?.kind === 'slice' ? this.host.sliceName(hit.nameId) : undefined;
    if (hit && name !== undefined) {
      const track = hit.track;
      const items: MenuItem[] = [
        { label: 'Copy name', id: 'copy-name', run: () => void navigator.clipboard?.writeText(name).catch(() => undefined) },
        { label: 'Find all', id: 'find-all', run: () => this.host.findAll(name) },
        this.pinItem(track, 'Pin track'),
      ];
      this.menu.show(name, items, clientX, clientY);
      return;
    }
    if (trackAt !== null) this.trackMenu(trackAt, clientX, clientY);
  }

  /** The menu of track `track`'s label at page point (x, y): pin, hide, collapse or expand. */
  trackMenu(track: number, x: number, y: number): void {
    const t = this.host.layout.tracks.get(track);
    if (!t) return;
    const tracks = this.host.tracks;
    const items: MenuItem[] = [this.pinItem(track, 'Pin to top'), { label: 'Hide', id: 'hide', run: () => tracks.hide(track) }];
    if (t.info.lanes > 1 && t.info.kind !== 'counter') {
      const collapsed = tracks.isTrackCollapsed(track);
      items.push({
        label: collapsed ? 'Expand' : 'Collapse',
        id: collapsed ? 'expand' : 'collapse',
        run: () => tracks.setTrackCollapsed(track, !collapsed),
      });
    }
    this.host.hideTooltip();
    this.menu.show(t.info.name, items, x, y);
  }

  close(): void {
    this.menu.close();
  }

  /** Pin or unpin `track`, labelled `pinLabel` while it is not pinned. */
  private pinItem(track: number, pinLabel: string): MenuItem {
    const pinned = this.host.tracks.isPinned(track);
    return { label: pinned ? 'Unpin' : pinLabel, id: pinned ? 'unpin' : 'pin', run: () => this.host.tracks.setPinned(track, !pinned) };
  }
}
