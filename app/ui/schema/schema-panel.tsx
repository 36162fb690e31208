// The schema of the open database: tables and views with row counts, columns with types, keys and indexes.
import { quoteIdentifierIfNeeded } from "../../core/db/identifiers";
import { useDatabaseStore } from "../../state/database-store";
import { useEditorStore } from "../../state/editor-store";
import { focusEditor } from "../editor/editor-commands";
import { formatCount } from "../../core/format";
import { DiagramButton } from "./diagram-button";
import { useState, useEffect } from "react";
import { descriptionOf } from "../../core/schema/descriptions";
import { followOpenDatabase, useDescriptionsStore } from "../../state/descriptions-store";
import { ColumnRow } from "./column-row";
import { DescribeButton } from "./describe-button";
import { usePruneStore } from "../../state/prune-store";
import { DecisionMark, PinExcludeButtons } from "./prune-marks";
import { PruneSummary } from "./prune-summary";
import { filterSchema, type SchemaFilter, type ShownTable } from "./schema-filter";
import { SchemaFilterBar } from "./schema-filter-bar";
import "./schema-panel.css";

function TableEntry({ shown: { table, columns, narrowed } }: { shown: ShownTable }) {
  // A closed table's columns, buttons and indexes are rendered when it is first opened: the first screen lists only the
  // tables (the sample's 92 columns were most of the render that shows the schema, on the start-up's critical path).
  const [opened, setOpened] = useState(false);
  const result = usePruneStore((state) => state.result);
  const tableDecision = result?.tables.find((entry) => entry.table === table.name);
  const columnDecisions = result?.columns.filter((entry) => entry.table === table.name);
  return (
    <li className={tableDecision ? (tableDecision.kept ? "is-kept" : "is-dropped") : undefined}>
      <details
        onToggle={(event) => {
          // Once rendered, a table's details stay (closed again, they are only hidden).
          if (event.currentTarget.open) setOpened(true);
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
        {opened && <TableDetails shown={{ table, columns, narrowed }} />}
      </details>
    </li>
  );
}

/** What an opened table shows: its pin and exclude buttons, a query, its columns and its indexes. */
function TableDetails({ shown: { table, columns, narrowed } }: { shown: ShownTable }) {
  const setText = useEditorStore((state) => state.setText);
  const descriptions = useDescriptionsStore((state) => state.descriptions);
  const profile = useDescriptionsStore((state) => state.profile.value?.tables.find((entry) => entry.table === table.name));
  const columnDecisions = usePruneStore((state) => state.result)?.columns.filter((entry) => entry.table === table.name);
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

export function SchemaPanel() {
  const schema = useDatabaseStore((state) => state.schema);
  const pruning = usePruneStore((state) => state.result);
  const [filter, setFilter] = useState<SchemaFilter>({ text: "", keptOnly: false });
  const all = schema?.tables ?? [];
  const shown = filterSchema(all, filter, pruning);
  const tables = shown.filter((entry) => entry.table.kind === "table");
  const views = shown.filter((entry) => entry.table.kind === "view");
  const tableCount = all.filter((table) => table.kind === "table").length;
  useEffect(followOpenDatabase, []);
  return (
    <nav className="schema-panel" id="schema-panel" aria-label="Schema">
      <div className="schema-panel-header">
        <h2>Tables ({tables.length === tableCount ? tableCount : `${tables.length} of ${tableCount}`})</h2>
        {all.length > 0 && <DiagramButton />}
      </div>
      {all.length > 0 && <PruneSummary />}
      {all.length > 0 && <DescribeButton />}
      {all.length > 0 && <SchemaFilterBar filter={filter} onChange={setFilter} hasPruning={pruning !== null} shown={shown.length} total={all.length} />}
      {tableCount === 0 && <p className="muted">No tables yet. Create one with SQL, or import a CSV, TSV or JSON file.</p>}
      {tableCount > 0 && shown.length === 0 && <p className="muted">No table or column matches the filter.</p>}
      <ul className="tables">
        {tables.map((entry) => (
          <TableEntry key={entry.table.name} shown={entry} />
        ))}
      </ul>
      {views.length > 0 && (
        <>
          <h2>Views ({views.length})</h2>
          <ul className="tables">
            {views.map((entry) => (
              <TableEntry key={entry.table.name} shown={entry} />
            ))}
          </ul>
        </>
      )}
    </nav>
  );
}
