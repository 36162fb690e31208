// A column profile looked up by table and column name, indexed once per profile.
import type { ColumnProfile, DatabaseProfile } from "./types";

/**
 * A profile's columns by table and name, worked out once per profile: a table's text looked its table up in the list,
 * and a schema of 5,000 tables (its whole text, or the pruner counting each kept table's) did that 5,000 times; the
 * retriever reads its examples from it too.
 */
const profileIndexes = new WeakMap<DatabaseProfile, Map<string, Map<string, ColumnProfile>>>();
export function profilesByTable(profile: DatabaseProfile): Map<string, Map<string, ColumnProfile>> {
  let index = profileIndexes.get(profile);
  if (!index) {
    index = new Map();
    // The first entry of a table named twice, as find() gave.
    for (const entry of profile.tables) if (!index.has(entry.table)) index.set(entry.table, new Map(entry.columns.map((column) => [column.column, column])));
    profileIndexes.set(profile, index);
  }
  return index;
}
