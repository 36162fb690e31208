// Stage 2 of the schema context: descriptions from CREATE TABLE comments, merged with those harvested from a benchmark's
// files (benchmark-descriptions.ts, apart so papaparse is not loaded with the schema panel), a person's and the LLM's.
import * as z from "../zod-mini";
import type { DatabaseSchema } from "../db/types";
import type { Description, DescriptionSource, SchemaDescriptions } from "./types";

/** Higher wins: a person's edit over the LLM's guess over anything harvested. */
const PRECEDENCE: Record<DescriptionSource, number> = { person: 5, llm: 4, comment: 3, bird: 2, spider: 1 };
/** Harvested text can be long (BIRD value descriptions list codes); the panel and prompts want a few lines. */
export const DESCRIPTION_LIMIT = 600;

export const descriptionSchema: z.ZodMiniType<Description> = z.object({
  text: z.string(),
  source: z.enum(["comment", "bird", "spider", "person", "llm"]),
});

export const schemaDescriptionsSchema: z.ZodMiniType<SchemaDescriptions> = z.object({
  tables: z.record(z.string(), z.object({ description: z.optional(descriptionSchema), columns: z.record(z.string(), descriptionSchema) })),
});

export function emptyDescriptions(): SchemaDescriptions {
  return { tables: {} };
}

/** One line, at most DESCRIPTION_LIMIT characters: how every description is kept. */
export function cleanText(text: string): string {
  const collapsed = text.replace(/\s+/g, " ").trim();
  return collapsed.length > DESCRIPTION_LIMIT ? `${collapsed.slice(0, DESCRIPTION_LIMIT - 1)}…` : collapsed;
}

function keyOf(name: string): string {
  return name.toLowerCase();
}

/** Finds a key in a record case-insensitively (SQLite names are case-insensitive), preferring an exact match. */
function findKey<T>(record: Record<string, T>, name: string): string | undefined {
  if (Object.hasOwn(record, name)) return name;
  const wanted = keyOf(name);
  return Object.keys(record).find((key) => keyOf(key) === wanted);
}

/** The description of a table (column omitted) or a column, matching names case-insensitively. */
export function descriptionOf(descriptions: SchemaDescriptions, table: string, column?: string): Description | undefined {
  const tableKey = findKey(descriptions.tables, table);
  if (tableKey === undefined) return undefined;
  const entry = descriptions.tables[tableKey]!;
  if (column === undefined) return entry.description;
  const columnKey = findKey(entry.columns, column);
  return columnKey === undefined ? undefined : entry.columns[columnKey];
}

/** A copy with one description set, or removed when `description` is null. Never mutates its input (zustand state). */
export function withDescription(descriptions: SchemaDescriptions, table: string, column: string | null, description: Description | null): SchemaDescriptions {
  const tableKey = findKey(descriptions.tables, table) ?? table;
  const entry = descriptions.tables[tableKey] ?? { columns: {} };
  const next = { description: entry.description, columns: { ...entry.columns } };
  if (column === null) {
    if (description) next.description = description;
    else delete next.description;
  } else {
    const columnKey = findKey(next.columns, column) ?? column;
    if (description) next.columns[columnKey] = description;
    else delete next.columns[columnKey];
  }
  const tables = { ...descriptions.tables, [tableKey]: next };
  if (!next.description && Object.keys(next.columns).length === 0) delete tables[tableKey];
  return { tables };
}

function better(current: Description | undefined, candidate: Description | undefined): Description | undefined {
  if (!candidate || candidate.text.trim() === "") return current;
  if (!current) return candidate;
  return PRECEDENCE[candidate.source] > PRECEDENCE[current.source] ? candidate : current;
}

/**
 * Merges layers of descriptions: for each table and column the one from the strongest source wins
 * (person > llm > comment > bird > spider); on a tie the earlier layer wins. Names match case-insensitively
 * and keep the first spelling seen; pass the schema's layer first (or use alignDescriptions) to keep its spelling.
 */
export function mergeDescriptions(...layers: SchemaDescriptions[]): SchemaDescriptions {
  let merged = emptyDescriptions();
  for (const layer of layers) {
    for (const [table, entry] of Object.entries(layer.tables)) {
      const tableDescription = better(descriptionOf(merged, table), entry.description);
      if (tableDescription) merged = withDescription(merged, table, null, tableDescription);
      for (const [column, description] of Object.entries(entry.columns)) {
        const chosen = better(descriptionOf(merged, table, column), description);
        if (chosen) merged = withDescription(merged, table, column, chosen);
      }
    }
  }
  return merged;
}

/** Renames tables and columns to the schema's spelling and drops descriptions of things the schema does not have. */
export function alignDescriptions(descriptions: SchemaDescriptions, schema: DatabaseSchema): SchemaDescriptions {
  const aligned: SchemaDescriptions = { tables: {} };
  for (const table of schema.tables) {
    const tableDescription = descriptionOf(descriptions, table.name);
    const columns: Record<string, Description> = {};
    for (const column of table.columns) {
      const description = descriptionOf(descriptions, table.name, column.name);
      if (description) columns[column.name] = description;
    }
    if (tableDescription || Object.keys(columns).length > 0) {
      aligned.tables[table.name] = { ...(tableDescription ? { description: tableDescription } : {}), columns };
    }
  }
  return aligned;
}

/** (a) The `-- comment` after each column in its CREATE TABLE text (already parsed by introspection). */
export function descriptionsFromComments(schema: DatabaseSchema): SchemaDescriptions {
  const descriptions: SchemaDescriptions = { tables: {} };
  for (const table of schema.tables) {
    const columns: Record<string, Description> = {};
    for (const column of table.columns) {
      const text = column.comment ? cleanText(column.comment) : "";
      if (text) columns[column.name] = { text, source: "comment" };
    }
    if (Object.keys(columns).length > 0) descriptions.tables[table.name] = { columns };
  }
  return descriptions;
}

/** Columns of the schema that have no description yet (what "describe with the LLM" offers). */
export function undocumentedColumns(schema: DatabaseSchema, descriptions: SchemaDescriptions): Array<{ table: string; column: string; type: string }> {
  return schema.tables.flatMap((table) =>
    table.columns
      .filter((column) => !descriptionOf(descriptions, table.name, column.name))
      .map((column) => ({ table: table.name, column: column.name, type: column.type })),
  );
}
