// Progress reports thinned out before they cross to the page: each report there is a message, a store update and a
// render of the status line, and a schema of 5,000 small tables gave two reports per table (10,000 in ~1 s), which
// held the page's main thread in tasks of 250-300 ms while its values were indexed.

/** How often a long job's progress reaches the page at most; a person reads a progress bar no faster. */
export const PROGRESS_EVERY_MS = 100;

/**
 * Passes on the first report, then one at most every `everyMs` (those in between are dropped: the next one says more),
 * and always the last (`isLast`), so the count shown at the end is the real one.
 */
export function atMostEvery<Progress>(
  everyMs: number,
  report: (progress: Progress) => void,
  isLast: (progress: Progress) => boolean,
  now: () => number = () => performance.now(),
): (progress: Progress) => void {
  let reportedAt = Number.NEGATIVE_INFINITY;
  return (progress) => {
    const at = now();
    if (at - reportedAt < everyMs && !isLast(progress)) return;
    reportedAt = at;
    report(progress);
  };
}
