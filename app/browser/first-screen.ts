// When the page draws its first screen. On a fast start the SQLite worker has opened the database (the first visit's
// sample, or the kept one on a return) before the app's modules have finished evaluating: its answer waits in the
// page's task queue behind them. Drawn at once, the first screen showed the database not yet open and was drawn
// again ~25 ms later, once the answer had been taken: two renders, two layouts, and the second, the one that says
// ready, after the first. When the answer is already there, the first screen waits (a few ms, never more than
// FIRST_SCREEN_WAIT_MS) for the store to open it and is drawn once, open (issue #14). When it is not (a slow line, the
// WASM still arriving), the first screen is drawn at once, as before.
import { yieldToEvents } from "../core/yield-to-events";

/** The longest the first screen waits for a database whose worker has answered: the store takes a few ms. */
export const FIRST_SCREEN_WAIT_MS = 100;

export interface FirstScreenTiming {
  /** Draws the first screen; called once. */
  render(): void;
  /** The database store has settled its start (ready or failed). */
  settled(): boolean;
  /** Calls back on each change of the store; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
  /** The first worker has answered the start's open with the database open (read after queued messages have run). */
  workerAnswered(): boolean;
  /** Lets already queued tasks run (the worker's answer among them); a message on a fresh channel in the page. */
  nextTask?: () => Promise<void>;
  waitMs?: number;
}

/** Draws the first screen now, or once the store has opened a database its worker already answered for. */
export async function showFirstScreen(timing: FirstScreenTiming): Promise<void> {
  await (timing.nextTask ?? yieldToEvents)();
  if (timing.settled() || !timing.workerAnswered()) {
    timing.render();
    return;
  }
  await new Promise<void>((resolve) => {
    let unsubscribe: () => void = () => undefined;
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, timing.waitMs ?? FIRST_SCREEN_WAIT_MS);
    unsubscribe = timing.onChange(() => {
      if (timing.settled()) done();
    });
    // Settled between the check above and the subscription: nothing would call back.
    if (timing.settled()) done();
  });
  timing.render();
}
