// Which tables and columns the schema panel shows for a filter text and the "kept only" toggle.
import type { TableInfo } from "../../core/db/types";
import type { PruneResult } from "../../core/schema/types";
import { isAscii } from "../../core/schema/text-terms";

export interface SchemaFilter {
  text: string;
  keptOnly: boolean;
}

/** A table to show, with the columns to list: all of them, or only those that match or are kept. */
export interface ShownTable {
  table: TableInfo;
  columns: TableInfo["columns"];
  /** True when fewer columns are listed than the table has, so the panel says "n of m columns". */
  narrowed: boolean;
}

/** Lower case without accents, so "Café" matches "cafe" and "CAFÉ" ("é" decomposes to "e" + a combining mark). */
export function foldForMatch(text: string): string {
  // Plain ASCII (most names) has no accents to take off: lower case alone, ~10x quicker than normalizing.
  if (isAscii(text)) return text.toLowerCase();
  return text
    .normalize("NFD")
    .replace(/\p{Mn}/gu, "")
    .toLowerCase();
}

/**
 * A table is shown when its name matches or one of its columns does; when only columns match, only they are listed.
 * "Kept only" (with a pruning) shows the kept tables and their kept columns; without a pruning it changes nothing.
 */
export function filterSchema(tables: TableInfo[], filter: SchemaFilter, pruning: PruneResult | null): ShownTable[] {
  const needle = foldForMatch(filter.text.trim());
  const keptColumns = filter.keptOnly && pruning ? pruning.kept : null;
  const shown: ShownTable[] = [];
  for (const table of tables) {
    let columns = table.columns;
    if (keptColumns) {
      const kept = keptColumns[table.name];
      if (!kept) continue;
      columns = columns.filter((column) => kept.includes(column.name));
    }
    if (needle !== "" && !foldForMatch(table.name).includes(needle)) {
      columns = columns.filter((column) => foldForMatch(column.name).includes(needle));
      if (columns.length === 0) continue;
    }
    shown.push({ table, columns, narrowed: columns.length < table.columns.length });
  }
  return shown;
}
