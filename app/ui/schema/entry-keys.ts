// The schema lists' arrow keys: from an entry's summary, ↑ and ↓ go to the entry before and after it, Home and End to
// the first and last. Tab alone cannot reach every entry of the virtual list, which draws only those in view.

/** The index of the entry `key` moves to from `index` in a list of `count`; null when it is not one of those keys or stays put. */
export function entryAfterKey(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  const target =
    key === "ArrowDown" ? Math.min(index + 1, count - 1) : key === "ArrowUp" ? Math.max(index - 1, 0) : key === "Home" ? 0 : key === "End" ? count - 1 : null;
  return target === null || target === index ? null : target;
}

/** The index of the entry whose summary has the key (null for a key pressed elsewhere in the entry: a button, say). */
export function entryIndexOf(target: EventTarget | null): number | null {
  if (!(target instanceof HTMLElement) || target.tagName !== "SUMMARY") return null;
  const index = Number(target.closest<HTMLElement>("li[data-index]")?.dataset.index);
  return Number.isInteger(index) ? index : null;
}

/** The summary of the entry at `index`, when the list has it in the page. */
export function entrySummary(list: HTMLElement | null, index: number): HTMLElement | null {
  return list?.querySelector<HTMLElement>(`:scope > li[data-index="${index}"] > details > summary`) ?? null;
}
