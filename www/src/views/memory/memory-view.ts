// The Memory tab: where the memory went. Runtime allocations per device and allocator
// (runtime-panel.ts: summary, chart linked with the timeline's range, the allocations live at a
// picked time) and, for XLA programs, each module's buffer assignment (buffer-panel.ts). Both are
// asked of the engine on the tab's first display after a load; the panel's `data-ready` turns
// "true" once both have answered (or failed, each saying so in place). In a session of several
// files it shows member 0's memory and says so.

import type { Profile } from '../../engine/engine';
import type { MemoryQueries } from '../../engine/memory-types';
import { el } from '../../lib/dom';
import { NO_LOAD, type Scope } from '../../shell/scope';
import { type Session, memberName } from '../../shell/session';
import type { TabName } from '../../shell/tabs';
import type { View } from '../../shell/view';
import { BufferPanel } from './buffer-panel';
import { RuntimePanel } from './runtime-panel';
import { errorText } from './svg';

/** What the Memory tab needs of the page. */
export interface MemoryHost {
  /** The timeline's visible range (ps). */
  visibleRange(): { t0: number; t1: number };
  /** Shows `[t0, t1]` (ps) on the timeline (a drag across the memory chart). */
  zoomTo(t0: number, t1: number): void;
  /** Selects slice `id` on the timeline (an allocation's op). */
  selectSlice(id: number): void;
}

export class MemoryView implements View {
  private readonly note = el('p', { class: 'muted small', 'data-testid': 'memory-member-note' });
  private readonly runtime: RuntimePanel;
  private readonly buffers: BufferPanel;
  private scope: Scope = NO_LOAD;
  private computed = false;

  constructor(
    private readonly panel: HTMLElement,
    private readonly engine: MemoryQueries,
    host: MemoryHost,
  ) {
    this.runtime = new RuntimePanel(engine, { ...host, shown: () => !panel.hidden });
    this.buffers = new BufferPanel(engine);
    const root = el('div', { class: 'mem-view', 'data-testid': 'memory-view' });
    root.append(this.note, this.runtime.root, this.buffers.root);
    panel.append(root);
    this.clear();
  }

  clear(): void {
    this.reset(NO_LOAD, 0);
    this.note.textContent = 'Open a profile to see where its memory went.';
  }

  load(profile: Profile, scope: Scope): void {
    this.reset(scope, profile.start_ps);
    if (!this.panel.hidden) this.show('memory');
  }

  /** Several files: member 0's memory is shown; the note says whose. */
  loadSession(session: Session, scope: Scope): void {
    if (!scope.current || session.members.length < 2) return;
    const first = session.members[0];
    if (first) this.note.textContent = `Memory of ${memberName(first)}, the first of the ${session.members.length} files opened together.`;
  }

  show(tab: TabName): void {
    if (tab !== 'memory' || !this.scope.current) return;
    if (this.computed) {
      this.runtime.showAgain();
      return;
    }
    this.computed = true;
    const scope = this.scope;
    this.panel.dataset.ready = 'false';
    this.runtime.say('Computing…');
    this.buffers.say('Reading…');
    const runtime = this.engine.memoryProfile().then(
      (p) => (scope.current ? this.runtime.show(p.allocators) : undefined),
      (err: unknown) => {
        if (scope.current) this.runtime.say(`The memory profile could not be computed: ${errorText(err)}`);
      },
    );
    const buffers = this.engine.bufferAssignment(null).then(
      (b) => (scope.current ? this.buffers.show(b.modules) : undefined),
      (err: unknown) => {
        if (scope.current) this.buffers.say(`The buffer assignment could not be read: ${errorText(err)}`);
      },
    );
    void Promise.allSettled([runtime, buffers]).then(() => {
      if (scope.current) this.panel.dataset.ready = 'true';
    });
  }

  /** The timeline's range changed: the chart follows it. */
  timelineChanged(): void {
    if (this.computed) this.runtime.follow();
  }

  private reset(scope: Scope, origin: number): void {
    this.scope = scope;
    this.computed = false;
    this.note.textContent = '';
    delete this.panel.dataset.ready;
    this.runtime.reset(scope, origin);
    this.buffers.reset(scope);
  }
}
