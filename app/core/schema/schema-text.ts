// The schema text the agent reads: CREATE statements with the kept columns, descriptions as comments, example values.
import { quoteIdentifier, quoteIdentifierIfNeeded } from "../db/identifiers";
import { pluralWord } from "../format";
import type { ColumnInfo, DatabaseSchema, TableInfo } from "../db/types";
import type { ColumnProfile, DatabaseProfile, SchemaDescriptions } from "./types";
import { runToEnd } from "../yield-to-events";
import { profilesByTable } from "./profile-index";

export interface SchemaTextOptions {
  /** Kept columns by table; tables not named are left out. Omit to render everything. */
  kept?: Record<string, string[]>;
  descriptions?: SchemaDescriptions | null;
  profile?: DatabaseProfile | null;
  /** Whether example values may appear (the data-sharing setting). */
  includeValues: boolean;
  /** Values the question matched, shown on their column so the agent uses the stored spelling. */
  matchedValues?: Record<string, Record<string, string>>;
}

/** Example values longer than this are cut: they inform, they need not be complete. */
const EXAMPLE_LENGTH = 40;
/** A column with at most this many distinct values lists them all (from the profile's top values). */
const LIST_ALL_DISTINCT = 5;

function quoteValue(value: string): string {
  const short = value.length > EXAMPLE_LENGTH ? `${value.slice(0, EXAMPLE_LENGTH)}…` : value;
  return `'${short.replace(/'/g, "''").replace(/\s+/g, " ")}'`;
}

/** A matched value exactly as stored (only line breaks shown as \n, so the comment stays on its line). */
function quoteStoredValue(value: string): string {
  return `'${value.replace(/'/g, "''").replace(/\r?\n/g, "\\n")}'`;
}

/** Words SQLite reserves that name columns in real schemas (order, group, select…): quoted, like other odd names. */
const RESERVED = new Set(
  "abort action add after all alter analyze and as asc attach autoincrement before begin between by cascade case cast check collate column commit conflict constraint create cross current default deferrable deferred delete desc detach distinct do drop each else end escape except exclusive exists explain fail filter following for foreign from full glob group having if ignore immediate in index indexed initially inner insert instead intersect into is isnull join key left like limit match natural no not nothing notnull null of offset on or order outer over partition plan pragma preceding primary query raise range recursive references regexp reindex release rename replace restrict right rollback row rows savepoint select set table temp temporary then to transaction trigger unbounded union unique update using vacuum values view virtual when where window with without".split(
    " ",
  ),
);

function quoteName(name: string): string {
  return RESERVED.has(name.toLowerCase()) ? quoteIdentifier(name) : quoteIdentifierIfNeeded(name);
}

function isNumericType(type: string): boolean {
  return /INT|REAL|FLOA|DOUB|NUM|DEC/i.test(type);
}

/** One comment line's worth about a column's values: the full list when short, a range for numbers, else examples. */
export function valuesNote(profile: ColumnProfile | undefined): string | null {
  if (!profile || (profile.topValues.length === 0 && profile.examples.length === 0)) return null;
  const approximate = profile.approximate ? "≈" : "";
  if (profile.distinctCount <= LIST_ALL_DISTINCT && profile.topValues.length === profile.distinctCount) {
    return `values: ${profile.topValues.map((entry) => (isNumericType(profile.type) ? entry.value : quoteValue(entry.value))).join(", ")}`;
  }
  if (isNumericType(profile.type) && profile.min !== null && profile.max !== null) {
    return `${approximate}${profile.distinctCount} distinct, ${profile.min} to ${profile.max}`;
  }
  const examples = profile.examples.slice(0, 3).map(quoteValue).join(", ");
  return `${approximate}${profile.distinctCount} distinct, e.g. ${examples}`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").replace(/\*\//g, "* /").trim();
}

interface TableFacts {
  singlePrimaryKey: boolean;
  singleForeignKeys: Map<string, { toTable: string; toColumn: string | undefined }>;
  profiles: Map<string, ColumnProfile> | undefined;
}

/** A column's definition and, apart, its comment: the caller puts the comma between them. */
function describeColumn(table: TableInfo, column: ColumnInfo, options: SchemaTextOptions, facts: TableFacts): { definition: string; comment: string | null } {
  const parts = [quoteName(column.name)];
  if (column.type) parts.push(column.type);
  if (column.primaryKeyPosition > 0 && facts.singlePrimaryKey) parts.push("PRIMARY KEY");
  if (column.notNull && column.primaryKeyPosition === 0) parts.push("NOT NULL");
  const singleKey = facts.singleForeignKeys.get(column.name);
  if (singleKey) parts.push(`REFERENCES ${quoteName(singleKey.toTable)}${singleKey.toColumn ? `(${quoteName(singleKey.toColumn)})` : ""}`);

  const notes: string[] = [];
  const description = options.descriptions?.tables[table.name]?.columns[column.name]?.text ?? column.comment;
  if (description) notes.push(oneLine(description));
  if (options.includeValues) {
    const matched = options.matchedValues?.[table.name]?.[column.name];
    if (matched !== undefined) notes.push(`question matches ${quoteStoredValue(matched)}`);
    else {
      const note = column.primaryKeyPosition > 0 || singleKey ? null : valuesNote(facts.profiles?.get(column.name));
      if (note) notes.push(note);
    }
  }
  return { definition: parts.join(" "), comment: notes.length ? notes.join("; ") : null };
}

/** One table (or view) as a CREATE statement over the given columns, with a note on the ones left out. */
export function tableText(table: TableInfo, keptColumns: string[] | null, options: SchemaTextOptions): string {
  const keep = keptColumns ? new Set(keptColumns) : null;
  const columns = table.columns.filter((column) => !keep || keep.has(column.name));
  const profiles = options.profile ? (profilesByTable(options.profile).get(table.name) ?? new Map<string, ColumnProfile>()) : undefined;

  const headerNotes: string[] = [];
  const tableDescription = options.descriptions?.tables[table.name]?.description?.text;
  if (tableDescription) headerNotes.push(oneLine(tableDescription));
  if (table.kind === "view") headerNotes.push("a view");
  else if (table.rowCount !== null) headerNotes.push(`${table.rowCount} ${pluralWord(table.rowCount, "row")}`);
  const keyword = table.kind === "view" ? "VIEW" : "TABLE";
  const lines = [`CREATE ${keyword} ${quoteName(table.name)} (${headerNotes.length ? ` -- ${headerNotes.join("; ")}` : ""}`];

  const facts: TableFacts = {
    singlePrimaryKey: table.columns.filter((candidate) => candidate.primaryKeyPosition > 0).length === 1,
    singleForeignKeys: new Map(
      table.foreignKeys
        .filter((key) => key.fromColumns.length === 1)
        .map((key) => [key.fromColumns[0]!, { toTable: key.toTable, toColumn: key.toColumns[0] || undefined }]),
    ),
    profiles,
  };
  const body: Array<{ definition: string; comment: string | null }> = columns.map((column) => describeColumn(table, column, options, facts));
  const primaryKey = table.columns.filter((column) => column.primaryKeyPosition > 0).sort((a, b) => a.primaryKeyPosition - b.primaryKeyPosition);
  if (primaryKey.length > 1 && primaryKey.every((column) => !keep || keep.has(column.name))) {
    body.push({ definition: `PRIMARY KEY (${primaryKey.map((column) => quoteName(column.name)).join(", ")})`, comment: null });
  }
  for (const key of table.foreignKeys) {
    if (key.fromColumns.length < 2 || !key.fromColumns.every((column) => !keep || keep.has(column))) continue;
    const target = key.toColumns.length ? `(${key.toColumns.map(quoteName).join(", ")})` : "";
    body.push({ definition: `FOREIGN KEY (${key.fromColumns.map(quoteName).join(", ")}) REFERENCES ${quoteName(key.toTable)}${target}`, comment: null });
  }
  // A comment after the last line would swallow the comma, so commas go before the comments.
  body.forEach(({ definition, comment }, index) => {
    const comma = index < body.length - 1 ? "," : "";
    lines.push(comment ? `  ${definition}${comma} -- ${comment}` : `  ${definition}${comma}`);
  });
  const left = table.columns.length - columns.length;
  if (left > 0) lines.push(`  -- ${left} more column${left === 1 ? "" : "s"} not shown`);
  lines.push(");");
  return lines.join("\n");
}

/** The whole schema text: kept tables in schema order, then a line saying what was left out and how to see it. */
export function schemaText(schema: DatabaseSchema, options: SchemaTextOptions): string {
  return runToEnd(schemaTextSteps(schema, options));
}

/** schemaText a table a step, for a caller on the page's main thread (runPaced): 5,000 tables take ~0.1 s. */
export function* schemaTextSteps(schema: DatabaseSchema, options: SchemaTextOptions): Generator<void, string> {
  const parts: string[] = [];
  let hiddenTables = 0;
  let hiddenColumns = 0;
  for (const table of schema.tables) {
    const kept = options.kept ? options.kept[table.name] : undefined;
    if (options.kept && !kept) {
      hiddenTables += 1;
      continue;
    }
    if (kept) hiddenColumns += table.columns.length - kept.length;
    parts.push(tableText(table, kept ?? null, options));
    yield;
  }
  if (hiddenTables > 0 || hiddenColumns > 0) {
    const what = [
      hiddenTables ? `${hiddenTables} more table${hiddenTables === 1 ? "" : "s"}` : "",
      hiddenColumns ? `${hiddenColumns} more column${hiddenColumns === 1 ? "" : "s"}` : "",
    ]
      .filter(Boolean)
      .join(" and ");
    parts.push(`-- The schema above keeps what this question seems to need; ${what} exist. list_tables and describe_table show everything.`);
  }
  return parts.join("\n\n");
}
