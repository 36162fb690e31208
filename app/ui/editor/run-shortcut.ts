// The Run shortcut, Ctrl+Enter (⌘+Enter on a Mac), as both editors recognize it.

/** The parts of a keydown event the shortcut depends on (a DOM KeyboardEvent or React's synthetic one). */
export interface ShortcutKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  /** True while an input method composes text: Enter then confirms the composition, it does not run. */
  isComposing?: boolean;
}

/** Ctrl or ⌘ with Enter, and no other modifier (Shift+Ctrl+Enter stays Monaco's "insert line above"). */
export function isRunShortcut(event: ShortcutKey): boolean {
  return event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.isComposing !== true;
}
