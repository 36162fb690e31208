// The focus and caret passed from one editor to the one that takes its place, so a person typing goes on typing.
import type { RefObject } from "react";

/** A caret as [start, end) offsets into the editor's text. */
export interface Caret {
  start: number;
  end: number;
}

/**
 * Held by the editor panel for the editors it shows in turn: the plain text area until Monaco's chunk arrives, then
 * Monaco. An editor that has the focus when it is removed leaves its caret here; the next one takes it and the focus.
 * Without it the focus fell to the page when Monaco replaced the text area: the keys typed next went nowhere.
 */
export type FocusHandoff = RefObject<Caret | null>;

/**
 * The caret left by the editor that was replaced, once (a later editor does not take the focus again); null as well
 * when the focus has gone somewhere else on the page since.
 */
export function takeFocusHandoff(handoff: FocusHandoff | undefined): Caret | null {
  const caret = handoff?.current ?? null;
  if (handoff) handoff.current = null;
  const focusIsFree = document.activeElement === null || document.activeElement === document.body;
  return focusIsFree ? caret : null;
}
