// Asks before the page is left while a change is not stored yet (a save under way, or one the browser refused).
// The listener exists only then: asking when nothing would be lost is noise, and any beforeunload listener keeps
// the page out of the browser's back-forward cache.

/** What the guard listens on: the window in the page, any EventTarget in tests. */
export type LeaveTarget = Pick<EventTarget, "addEventListener" | "removeEventListener">;

/**
 * Keeps a beforeunload listener registered exactly while `unsaved()` is true, checking at once and after each
 * `subscribe` notification; returns how to stop (removing the listener if it is registered).
 */
export function guardUnsavedChanges(target: LeaveTarget, unsaved: () => boolean, subscribe: (onChange: () => void) => () => void): () => void {
  const ask = (event: Event) => event.preventDefault();
  let registered = false;
  const update = () => {
    const wanted = unsaved();
    if (wanted === registered) return;
    if (wanted) target.addEventListener("beforeunload", ask);
    else target.removeEventListener("beforeunload", ask);
    registered = wanted;
  };
  update();
  const unsubscribe = subscribe(update);
  return () => {
    unsubscribe();
    if (registered) target.removeEventListener("beforeunload", ask);
    registered = false;
  };
}
