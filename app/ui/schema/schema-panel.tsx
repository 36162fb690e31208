// The schema of the open database: tables and views with row counts, columns with types, keys and indexes.
import { useDatabaseStore } from "../../state/database-store";
import { DiagramButton } from "./diagram-button";
import { useState, useEffect } from "react";
import { followOpenDatabase } from "../../state/descriptions-store";
import { DescribeButton } from "./describe-button";
import { usePruneStore } from "../../state/prune-store";
import { PruneSummary } from "./prune-summary";
import { filterSchema, type SchemaFilter } from "./schema-filter";
import { SchemaFilterBar } from "./schema-filter-bar";
import { TableList } from "./table-list";
import "./schema-panel.css";

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
      <TableList entries={tables} label="Tables" />
      {views.length > 0 && (
        <>
          <h2>Views ({views.length})</h2>
          <TableList entries={views} label="Views" />
        </>
      )}
    </nav>
  );
}
