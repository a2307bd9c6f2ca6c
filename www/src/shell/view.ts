// The one lifecycle every view of the page follows, and the registry that drives it.

import type { Profile } from '../engine/engine';
import { NO_LOAD, Scope } from './scope';
import type { Session } from './session';
import type { TabBar, TabName } from './tabs';

/**
 * A part of the page that shows something of the loaded profile. For each load the page calls
 * `clear()` on every view, then, once the profile is read, `load(profile, scope)` (with member 0's
 * profile when several files were opened together), then `loadSession(session, scope)` on the views
 * that show several profiles; `show(tab)` when one of the view's tabs is selected after that.
 */
export interface View {
  /** Back to the empty state of a page without a profile: no selection, query, range or result left. */
  clear(): void;
  /**
   * Shows `profile`. Answers that arrive after `scope` ended are dropped. A returned promise is
   * waited for before the page reports itself ready.
   */
  load(profile: Profile, scope: Scope): void | Promise<void>;
  /**
   * Shows every member of `session` (called right after `load` of member 0, for every load;
   * `session.kind === 'single'` for one file). Answers after `scope` ended are dropped; a
   * returned promise is waited for as `load`'s is.
   */
  loadSession?(session: Session, scope: Scope): void | Promise<void>;
  /** Tab `tab` of this view is now displayed (views that compute on first display). */
  show?(tab: TabName): void;
}

/** The views of the page, in the order they are loaded, and the tabs each one draws in. */
export class ViewRegistry {
  private readonly views: View[] = [];
  private readonly byTab = new Map<TabName, View>();
  private scope: Scope = NO_LOAD;
  private loaded = false;
  private loads = 0;

  constructor(tabs: TabBar) {
    tabs.onSelect((tab) => {
      if (this.loaded) this.byTab.get(tab)?.show?.(tab);
    });
  }

  /** Adds `view`, which draws in `tabs` (none for parts outside the tab panels). */
  add<V extends View>(view: V, tabs: readonly TabName[] = []): V {
    this.views.push(view);
    for (const t of tabs) this.byTab.set(t, view);
    return view;
  }

  /** Ends the current load's scope and clears every view; returns the scope of the next load. */
  clear(): Scope {
    this.scope.end();
    this.loaded = false;
    for (const v of this.views) v.clear();
    this.scope = new Scope(++this.loads);
    return this.scope;
  }

  /** Ends the current load's scope and clears every view (no load follows). */
  reset(): void {
    this.clear().end();
  }

  /**
   * Loads `profile` (member 0's) into every view within `scope` (from `clear`), in the order they
   * were added, each followed by its `loadSession(session)`; from then on, selecting a tab shows
   * its view.
   */
  async load(profile: Profile, session: Session, scope: Scope): Promise<void> {
    if (!scope.current) return;
    const pending = this.views.flatMap((v) => [v.load(profile, scope), v.loadSession?.(session, scope)]);
    this.loaded = true;
    await Promise.all(pending);
  }
}
