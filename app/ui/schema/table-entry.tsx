// One table or view of the schema panel: its name and row count, and, once opened, its columns, buttons and indexes.
// Rendered by the plain list and by the virtual one (table-list.tsx), which keeps which entries are open itself.
import type { CSSProperties } from "react";
import { useState } from "react";
import { quoteIdentifierIfNeeded } from "../../core/db/identifiers";
import { formatCount } from "../../core/format";
import { decisionsOfTable } from "../../core/schema/decisions-by-table";
import { descriptionOf } from "../../core/schema/descriptions";
import { useDescriptionsStore } from "../../state/descriptions-store";
import { useEditorStore } from "../../state/editor-store";
import { usePruneStore } from "../../state/prune-store";
import { focusEditor } from "../editor/editor-commands";
import { ColumnRow } from "./column-row";
import { DecisionMark, PinExcludeButtons } from "./prune-marks";
import type { ShownTable } from "./schema-filter";

export interface TableEntryProps {
  shown: ShownTable;
  /** The entry's place in its list (for the arrow keys) and how many entries the list has (the virtual list draws only some). */
  index: number;
  setSize: number;
  /** In the virtual list: where the entry is drawn, and the virtualizer's measure of its height. */
  style?: CSSProperties;
  measureRef?: (element: HTMLLIElement | null) => void;
  /**
   * Whether the entry is open, when its list keeps that (the virtual list: an entry scrolled out of view is unmounted,
   * and comes back as it was left). Without it the entry keeps it itself, in its details element.
   */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

export function TableEntry({ shown, index, setSize, style, measureRef, open, onOpenChange }: TableEntryProps) {
  const { table } = shown;
  // A closed table's columns, buttons and indexes are rendered when it is first opened: the first screen lists only the
  // tables (the sample's 92 columns were most of the render that shows the schema, on the start-up's critical path).
  const [opened, setOpened] = useState(false);
  const result = usePruneStore((state) => state.result);
  const decisions = result ? decisionsOfTable(result, table.name) : undefined;
  const tableDecision = decisions?.table;
  const columnDecisions = decisions?.columns;
  return (
    <li
      ref={measureRef}
      data-index={index}
      aria-setsize={setSize}
      aria-posinset={index + 1}
      style={style}
      className={tableDecision ? (tableDecision.kept ? "is-kept" : "is-dropped") : undefined}
    >
      <details
        open={open}
        onToggle={(event) => {
          const isOpen = event.currentTarget.open;
          // Once rendered, a table's details stay (closed again, they are only hidden).
          if (isOpen) setOpened(true);
          if (onOpenChange && isOpen !== open) onOpenChange(isOpen);
        }}
      >
        <summary>
          {/* The title gives the whole name when a long one is cut short with an ellipsis. */}
          <span className="table-name" title={table.name}>
            {table.name}
          </span>
          {table.kind === "view" ? (
            <span className="tag">view</span>
          ) : (
            <span className="row-count">
              {/* Not counted in a database read on demand: a count would read the whole table. */}
              {table.rowCount === null ? "rows not counted" : `${formatCount(table.rowCount)} ${table.rowCount === 1 ? "row" : "rows"}`}
            </span>
          )}
          {tableDecision && <DecisionMark decision={tableDecision} />}
          {tableDecision?.kept && columnDecisions && (
            <span className="muted kept-count">
              {columnDecisions.filter((entry) => entry.kept).length}/{columnDecisions.length} columns
            </span>
          )}
        </summary>
        {(opened || open) && <TableDetails shown={shown} />}
      </details>
    </li>
  );
}

/** What an opened table shows: its pin and exclude buttons, a query, its columns and its indexes. */
function TableDetails({ shown: { table, columns, narrowed } }: { shown: ShownTable }) {
  const setText = useEditorStore((state) => state.setText);
  const descriptions = useDescriptionsStore((state) => state.descriptions);
  const profile = useDescriptionsStore((state) => state.profile.value?.tables.find((entry) => entry.table === table.name));
  const result = usePruneStore((state) => state.result);
  const columnDecisions = result ? decisionsOfTable(result, table.name).columns : undefined;
  const foreignKeyOf = new Map<string, string>();
  for (const key of table.foreignKeys) {
    key.fromColumns.forEach((column, index) => foreignKeyOf.set(column, `${key.toTable}.${key.toColumns[index] ?? "?"}`));
  }
  return (
    <>
      <PinExcludeButtons target={table.name} label={`table ${table.name}`} />
      <button
        type="button"
        className="link-button table-query"
        aria-label={`Query ${table.name}`}
        onClick={() => {
          setText(`SELECT * FROM ${quoteIdentifierIfNeeded(table.name)} LIMIT 100;`);
          focusEditor();
        }}
      >
        SELECT * FROM {table.name}
      </button>
      {narrowed && (
        <p className="muted columns-shown">
          {columns.length} of {table.columns.length} columns shown
        </p>
      )}
      <ul className="columns" aria-label={`Columns of ${table.name}`}>
        {columns.map((column) => (
          <ColumnRow
            key={column.name}
            table={table.name}
            column={column}
            foreignKey={foreignKeyOf.get(column.name)}
            description={descriptionOf(descriptions, table.name, column.name)}
            profile={profile?.columns.find((entry) => entry.column === column.name)}
            decision={columnDecisions?.find((entry) => entry.column === column.name)}
          />
        ))}
      </ul>
      {table.indexes.length > 0 && (
        <ul className="indexes" aria-label={`Indexes of ${table.name}`}>
          {table.indexes.map((index) => (
            <li key={index.name}>
              <span className="tag">{index.unique ? "unique index" : "index"}</span> {index.name} ({index.columns.join(", ")})
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
