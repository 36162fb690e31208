// When the page draws its first screen. On a fast start the SQLite worker opens the database (the first visit's
// sample, or the kept one on a return) about when the app's modules finish evaluating: its answer then waits in the
// page's task queue behind the first render, which shows the database not yet open, and the page draws again ~25 ms
// later, once the answer is taken: two renders, two layouts, and the one that says ready second. So the first screen
// waits for it, a few ms and never more than FIRST_SCREEN_WAIT_MS, when the worker has answered (its answer taken in
// the task the page lets run first) or is about to (it is opening the database with SQLite's WASM compiled), and is
// drawn once, open (issue #14). When no answer is near (a slow line: the WASM still arriving), or the worker answered
// without opening it, the first screen is drawn at once, as before.
import { yieldToEvents } from "../core/yield-to-events";
import type { StartOpen } from "./started-from-html";

/** The longest the first screen waits for a database its worker has opened or is about to. */
export const FIRST_SCREEN_WAIT_MS = 100;

export interface FirstScreenTiming {
  /** Draws the first screen; called once. */
  render(): void;
  /** The database store has settled its start (ready or failed). */
  settled(): boolean;
  /** Calls back on each change of the store; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
  /** Where the worker's open of the start's database is (started-from-html.ts: startOpen). */
  workerOpen(): StartOpen;
  /** Calls back when the worker's answer arrives; returns the unsubscribe. */
  onWorkerAnswer(listener: () => void): () => void;
  /** Lets already queued tasks run (the worker's answer among them); a message on a fresh channel in the page. */
  nextTask?: () => Promise<void>;
  waitMs?: number;
}

/** Draws the first screen now, or once the store has opened the database the worker has opened or is about to. */
export async function showFirstScreen(timing: FirstScreenTiming): Promise<void> {
  await (timing.nextTask ?? yieldToEvents)();
  const noWait = () => timing.settled() || timing.workerOpen() === "none";
  if (!noWait()) {
    await new Promise<void>((resolve) => {
      const unsubscribe: Array<() => void> = [];
      const done = () => {
        clearTimeout(timer);
        for (const stop of unsubscribe) stop();
        resolve();
      };
      const timer = setTimeout(done, timing.waitMs ?? FIRST_SCREEN_WAIT_MS);
      const check = () => {
        if (noWait()) done();
      };
      unsubscribe.push(timing.onChange(check), timing.onWorkerAnswer(check));
      // Settled between the check above and the subscriptions: nothing would call back.
      check();
    });
  }
  timing.render();
}
