// Whether an answer still matters. A `Scope` is current until it is ended, or its parent is:
// the page gives every view one per load (ended when the next load starts or the engine dies),
// and a view that asks the engine again within a load (a new query, a new hover) takes a child
// scope from a `Latest`, which ends the child before it. Code reads `scope.current` after each
// await instead of comparing tokens.

export class Scope {
  private ended = false;

  /** `id` names the load (it grows by one per load); a child scope carries its parent's. */
  constructor(
    readonly id: number,
    private readonly parent: Scope | null = null,
  ) {}

  /** True until this scope or one above it has ended. */
  get current(): boolean {
    return !this.ended && (this.parent === null || this.parent.current);
  }

  /** Ends this scope (and so every scope below it). */
  end(): void {
    this.ended = true;
  }

  /** A scope below this one. */
  child(): Scope {
    return new Scope(this.id, this);
  }
}

/** The scope before any load: never current. */
export const NO_LOAD: Scope = (() => {
  const s = new Scope(0);
  s.end();
  return s;
})();

/** The newest of a series of requests: `next` ends the scope it gave before and returns a new one. */
export class Latest {
  private last: Scope | null = null;

  /** A new scope below `within`; the previous one of this series is no longer current. */
  next(within: Scope): Scope {
    this.last?.end();
    this.last = within.child();
    return this.last;
  }

  /** Ends the newest scope of this series (nothing of it is wanted any more). */
  cancel(): void {
    this.last?.end();
    this.last = null;
  }
}
