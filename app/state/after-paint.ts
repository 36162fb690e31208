// Work that must not sit between a result and its render (IndexedDB writes: opening a transaction costs a few ms on the
// main thread): run once the browser has painted the frame that shows the result.

/** Work waiting for the next paint, in the order it was asked for; one frame callback and one timer serve it all. */
let waiting: (() => void)[] = [];

function runWaiting(): void {
  const work = waiting;
  waiting = [];
  for (const item of work) {
    try {
      item();
    } catch (error) {
      // One failing piece of work does not keep the rest from running; its error is still reported as uncaught.
      if (typeof reportError === "function") reportError(error);
      else console.error(error);
    }
  }
}

/**
 * Runs work after the browser has painted the current frame (in Node, or a hidden tab that paints none, after 100 ms).
 * Work asked for in the same frame shares one requestAnimationFrame and one timer: a run's result queues two pieces
 * (the history entry, the workspace), and each frame callback and timer set up costs time before the result's render.
 */
export function afterPaint(work: () => void): void {
  waiting.push(work);
  if (waiting.length > 1) return;
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    runWaiting();
  };
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}
