// Work that must not sit between a result and its render (IndexedDB writes: opening a transaction costs a few ms on the
// main thread): run once the browser has painted the frame that shows the result.

/** Runs work after the browser has painted the current frame (in Node, or a hidden tab that paints none, after 100 ms). */
export function afterPaint(work: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    work();
  };
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}
