// A long list of tables drawn in part: the entries in view and a few around them (table-list.tsx says when). It
// scrolls with whatever scrolls the panel (the panel on a wide screen, the stacked workspace on a narrow one), so it
// looks and scrolls as the plain list does; the entries' heights are measured as they are drawn (an open table is taller).
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { entryAfterKey, entryIndexOf, entrySummary } from "./entry-keys";
import type { ShownTable } from "./schema-filter";
import { TableEntry } from "./table-entry";

/** A closed entry's height in px (one line): measured once drawn, so only the first scroll bar's length depends on it. */
const ENTRY_HEIGHT_ESTIMATE = 20;

/**
 * The nearest ancestor that scrolls vertically: one that may scroll and is shorter than what it holds (the list is
 * thousands of px tall). The panel may scroll on every screen, but on a narrow one it grows with the list and the
 * stacked workspace around it scrolls. Null when none does (the document scrolls).
 */
function scrollingAncestor(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === "auto" || overflowY === "scroll") && node.scrollHeight > node.clientHeight) return node;
  }
  return null;
}

/** Where `element` begins in `scroller`'s content, in px from its top (whatever it is scrolled to). */
function offsetWithin(element: HTMLElement, scroller: HTMLElement): number {
  return element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
}

/** Every element before `element` and before each of its ancestors: their sizes decide where the list begins. */
function elementsBefore(element: HTMLElement): HTMLElement[] {
  const before: HTMLElement[] = [];
  for (let node: HTMLElement | null = element; node && node !== document.body; node = node.parentElement) {
    for (let sibling = node.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
      if (sibling instanceof HTMLElement) before.push(sibling);
    }
  }
  return before;
}

export default function VirtualTableList({ entries, label }: { entries: ShownTable[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // Where the list scrolls and where it begins there; `ownScroll` when nothing around it scrolls, so the box does.
  const [place, setPlace] = useState<{ scroller: HTMLElement | null; margin: number; ownScroll: boolean }>({ scroller: null, margin: 0, ownScroll: false });
  // Kept here, not in the entries: an entry scrolled out of view is unmounted, and comes back open if it was.
  const [openTables, setOpenTables] = useState<ReadonlySet<string>>(() => new Set());
  const [focusAt, setFocusAt] = useState<number | null>(null);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const scroller = scrollingAncestor(element);
      const next = scroller ? { scroller, margin: offsetWithin(element, scroller), ownScroll: false } : { scroller: element, margin: 0, ownScroll: true };
      setPlace((current) => (current.scroller === next.scroller && current.margin === next.margin && current.ownScroll === next.ownScroll ? current : next));
    };
    measure();
    // What is above the list changes where it begins (the filter's count, a pruning's summary, on a narrow screen the
    // panels stacked above); a window crossing a layout's width changes what scrolls.
    const observer = new ResizeObserver(measure);
    for (const before of elementsBefore(element)) observer.observe(before);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, []);

  // React Compiler leaves this component as it is (TanStack Virtual's functions cannot be memoized); it draws a few dozen entries.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => place.scroller,
    estimateSize: () => ENTRY_HEIGHT_ESTIMATE,
    overscan: 12,
    scrollMargin: place.margin,
    getItemKey: (index) => entries[index]!.table.name,
  });

  const items = virtualizer.getVirtualItems();
  // An entry reached with the arrow keys gets the focus once it is drawn (scrolling to it draws it a render later).
  useEffect(() => {
    if (focusAt === null) return;
    const summary = entrySummary(list.current, focusAt);
    if (!summary) return;
    summary.focus({ preventScroll: true });
    setFocusAt(null);
  }, [focusAt, items]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const from = entryIndexOf(event.target);
    const to = from === null ? null : entryAfterKey(event.key, from, entries.length);
    if (to === null) return;
    event.preventDefault();
    virtualizer.scrollToIndex(to, { align: "auto" });
    setFocusAt(to);
  };

  const setOpen = (name: string, open: boolean) =>
    setOpenTables((current) => {
      const next = new Set(current);
      if (open) next.add(name);
      else next.delete(name);
      return next;
    });

  return (
    <div ref={box} className={place.ownScroll ? "table-list-box own-scroll" : "table-list-box"}>
      <ul ref={list} className="tables virtual" aria-label={label} style={{ height: virtualizer.getTotalSize() }} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const entry = entries[item.index]!;
          return (
            <TableEntry
              key={item.key}
              shown={entry}
              open={openTables.has(entry.table.name)}
              onOpenChange={(open) => setOpen(entry.table.name, open)}
              index={item.index}
              setSize={entries.length}
              measureRef={virtualizer.measureElement}
              style={{ transform: `translateY(${item.start - place.margin}px)` }}
            />
          );
        })}
      </ul>
    </div>
  );
}
