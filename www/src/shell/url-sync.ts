// The view kept in the URL hash as one works (url-state.ts is the format). While a profile is
// shown, each change of the view rewrites the hash (history.replaceState, debounced: no history
// entry, no reload). The hash the page was opened with waits for the first load: when that
// profile's file name and size are the ones it records (a reload with `?url=`, a sent link, the
// same file picked or dropped again) the view is restored through the page's own actions; any
// other profile ignores it and writes its own. A hash typed into the address bar later applies to
// the profile shown when it is for that profile.

import type { Profile } from '../engine/engine';
import type { LoadHooks } from './loader';
import type { Scope } from './scope';
import { decodeViewState, encodeViewState, stateIsFor, type ViewState } from './url-state';

/** How long the view must stay still before the hash is rewritten, ms. */
const WRITE_DELAY_MS = 250;

/** The page's side: what the view is now, and how to bring a recorded view back. */
export interface ViewStateHost {
  /** The current view (every field but `file`), for `profile`. */
  capture(profile: Profile): ViewState;
  /** Brings `state` back on `profile` within `scope`, the way a person's actions would. */
  restore(state: ViewState, profile: Profile, scope: Scope): Promise<void>;
}

export class UrlSync implements LoadHooks {
  /** The hash the page was opened with, until the first load has used or dropped it. */
  private pending: ViewState | null;
  /** The profile shown, once its view is live (restored or fresh); null while loading. */
  private live: { profile: Profile; scope: Scope } | null = null;
  private timer = 0;

  constructor(private readonly host: ViewStateHost) {
    this.pending = decodeViewState(location.hash);
    window.addEventListener('hashchange', () => void this.applyTyped());
  }

  unloaded(): void {
    this.live = null;
    window.clearTimeout(this.timer);
  }

  async loaded(profile: Profile, scope: Scope): Promise<void> {
    const state = this.pending;
    this.pending = null;
    if (state && stateIsFor(state, profile.fileName, profile.summary.bytes)) {
      await this.host.restore(state, profile, scope).catch(() => undefined);
    }
    if (!scope.current) return;
    this.live = { profile, scope };
    this.write();
  }

  /** The view changed: the hash follows after WRITE_DELAY_MS without further changes. */
  changed(): void {
    if (!this.live) return;
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.write(), WRITE_DELAY_MS);
  }

  private write(): void {
    window.clearTimeout(this.timer);
    const live = this.live;
    if (!live?.scope.current) return;
    const { profile } = live;
    const hash = encodeViewState({ ...this.host.capture(profile), file: { name: profile.fileName, size: profile.summary.bytes } });
    if (location.hash.slice(1) === hash) return;
    history.replaceState(history.state, '', `${location.pathname}${location.search}#${hash}`);
  }

  /** A hash typed or pasted into the address bar: restored when it is for the profile shown. */
  private async applyTyped(): Promise<void> {
    const live = this.live;
    const state = decodeViewState(location.hash);
    if (!live || !state || !stateIsFor(state, live.profile.fileName, live.profile.summary.bytes)) return;
    this.live = null;
    await this.host.restore(state, live.profile, live.scope).catch(() => undefined);
    if (!live.scope.current) return;
    this.live = live;
    this.write();
  }
}
