// A pause that lets a thread serve what is queued for it (the SQLite worker: the person's queries, a cancel) in the
// middle of long work done in steps (the value index, the column profile).

/**
 * Lets queued events run before going on. setTimeout would do, but browsers stretch nested timeouts to 4 ms, which
 * a hundred steps would feel; a message on a fresh channel (or Node's setImmediate) comes back at once.
 */
export function yieldToEvents(): Promise<void> {
  if (typeof setImmediate === "function") return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** How long work on the page's main thread runs between pauses: about two frames, so a key typed waits no longer. */
export const PAUSE_EVERY_MS = 32;

/**
 * Long work written as a generator marks with each `yield` a point where it may pause. Run to its end at once (a
 * caller off the page, a test, a small input): no pauses.
 */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Long work where people are waiting for the thread (the page's main thread): at a marked point, once `everyMs` has
 * passed since it was made or last paused, it lets queued events (a key, a frame) run first. One pacer across the
 * steps of one piece of work, so that the time before a step counts toward its pause.
 */
export class Pacer {
  private pausedAt = performance.now();

  constructor(private readonly everyMs = PAUSE_EVERY_MS) {}

  /** Pauses if the time has come. */
  async pauseWhenDue(): Promise<void> {
    if (performance.now() - this.pausedAt < this.everyMs) return;
    await yieldToEvents();
    this.pausedAt = performance.now();
  }

  /** Runs work written as a generator, pausing at its marks when the time has come. */
  async run<T>(steps: Generator<void, T>): Promise<T> {
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      await this.pauseWhenDue();
    }
  }
}

/** Runs work written as a generator with a pacer of its own. */
export function runPaced<T>(steps: Generator<void, T>, everyMs = PAUSE_EVERY_MS): Promise<T> {
  return new Pacer(everyMs).run(steps);
}
