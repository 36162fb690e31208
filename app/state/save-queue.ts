// Runs saves one after another, so an older copy of a database can never land after a newer one.
export interface SaveQueue {
  /** Runs the work after every save queued before it; its result or failure is the caller's alone. */
  enqueue<Result>(work: () => Promise<Result>): Promise<Result>;
  /** Resolves when every save queued so far has finished, whether it succeeded or not. */
  settled(): Promise<void>;
}

export function createSaveQueue(): SaveQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    enqueue(work) {
      const next = tail.then(work);
      // A failed save must not stop the ones after it.
      tail = next.catch(() => undefined);
      return next;
    },
    async settled() {
      await tail;
    },
  };
}
