// Whether two readings of a schema describe the same tables, columns, keys and indexes: row counts filled in later
// (a first sample read on demand is counted once it is held whole) do not make it another schema.
import type { DatabaseSchema } from "./types";

function withoutRowCounts(schema: DatabaseSchema): string {
  return JSON.stringify(schema, (key, value: unknown) => (key === "rowCount" ? undefined : value));
}

export function sameSchemaApartFromRowCounts(a: DatabaseSchema | null, b: DatabaseSchema | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  return withoutRowCounts(a) === withoutRowCounts(b);
}
