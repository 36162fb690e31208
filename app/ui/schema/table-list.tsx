// The schema panel's list of tables (or of views). Below VIRTUAL_LIST_FROM entries it is a plain list, every entry in
// the page. From there on only the entries in view and a few around them are drawn (virtual-table-list.tsx, loaded
// then): drawn whole, a schema of 5,000 tables held the page's main thread for ~1 s (Preact's diff of 5,000 entries
// ~0.5 s, the rest style and layout), and every change of the panel (a key in its filter, a pruning) diffed them all again.
import { lazy, Suspense, type KeyboardEvent } from "react";
import { entryAfterKey, entryIndexOf, entrySummary } from "./entry-keys";
import type { ShownTable } from "./schema-filter";
import { TableEntry } from "./table-entry";

/** From this many entries on, a list draws only those in view. */
export const VIRTUAL_LIST_FROM = 300;

const VirtualTableList = lazy(() => import("./virtual-table-list"));

function PlainTableList({ entries, label, setSize }: { entries: ShownTable[]; label: string; setSize: number }) {
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const from = entryIndexOf(event.target);
    const to = from === null ? null : entryAfterKey(event.key, from, entries.length);
    if (to === null) return;
    event.preventDefault();
    entrySummary(event.currentTarget, to)?.focus();
  };
  return (
    <ul className="tables" aria-label={label} onKeyDown={onKeyDown}>
      {entries.map((entry, index) => (
        <TableEntry key={entry.table.name} shown={entry} index={index} setSize={setSize} />
      ))}
    </ul>
  );
}

export function TableList({ entries, label }: { entries: ShownTable[]; label: string }) {
  if (entries.length < VIRTUAL_LIST_FROM) return <PlainTableList entries={entries} label={label} setSize={entries.length} />;
  // While the virtual list's code loads (once), the first entries stand in.
  return (
    <Suspense fallback={<PlainTableList entries={entries.slice(0, 50)} label={label} setSize={entries.length} />}>
      <VirtualTableList entries={entries} label={label} />
    </Suspense>
  );
}
