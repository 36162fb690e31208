// What the SQLite worker opens at index.html's start script's request (a first visit's sample: first-sample.ts; a
// returning visit's kept database: kept-database.ts) gives way to the page's own opens: one that comes first makes the
// worker drop the start's open, one that comes while it runs waits for it, so the page's database is never
// overwritten by one the start asked for and the page no longer wants.

/** The exposed methods that replace the open database. */
const OPENING_METHODS = new Set<PropertyKey>(["open", "openBlob", "openLazy"]);

export interface StartOpenGate {
  /** True once the page has asked to open a database itself: the start's opens not yet begun are then not begun. */
  readonly superseded: boolean;
  /**
   * Runs one of the start's opens (its open and schema read; not a download after it): a page open that comes meanwhile
   * waits for it. Call it in the same turn as a check of `superseded`, so no page open can slip in between.
   */
  opening<T>(work: Promise<T>): Promise<T>;
  /** Wraps the object the worker exposes, so the page's own opens come after (or instead of) the start's. */
  guard<T extends object>(exposed: T): T;
}

export function startOpenGate(): StartOpenGate {
  let superseded = false;
  const running = new Set<Promise<unknown>>();
  return {
    get superseded() {
      return superseded;
    },
    opening(work) {
      const settled = work.then(
        () => undefined,
        () => undefined,
      );
      running.add(settled);
      void settled.then(() => running.delete(settled));
      return work;
    },
    guard(exposed) {
      return new Proxy(exposed, {
        get(target, property) {
          const member: unknown = Reflect.get(target, property);
          if (typeof member !== "function" || !OPENING_METHODS.has(property)) return member;
          return async (...args: unknown[]) => {
            superseded = true;
            await Promise.all(running);
            return Reflect.apply(member, target, args);
          };
        },
      });
    },
  };
}
