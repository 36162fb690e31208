// The agent's database tools and how each is run. A contract: DESIGN.md fixes six names and their arguments;
// search_schema is a seventh, added by issue #13 as the agent's way back to what schema pruning left out.
import { z } from "zod";
import { quoteIdentifier } from "../db/identifiers";
import { pluralWord } from "../format";
import type { DatabaseSchema, SqlValue, TableInfo } from "../db/types";
import type { ReadOnlyDatabase } from "../db/read-only-query";
import { diagnoseSql, type SqlDiagnosis } from "../db/sql-diagnosis";
import { DEFAULT_DATA_SHARING, sharesResults, sharesValues, type DataSharing } from "../data-sharing";
import { DEFAULT_OBSERVATION_CHARACTERS, rowsText } from "./observation-text";
import type { ToolCall } from "./tool-call";
import { errorMessage } from "../error-message";
import type { SchemaSearch } from "../schema/schema-search";
import { schemaSearchText } from "./schema-search-text";

/** Search terms are a few words; a longer text is a question pasted whole, and would only blur the ranking. */
const SEARCH_TERMS_CHARACTERS = 300;

export const toolInputSchemas = {
  list_tables: z.object({}),
  describe_table: z.object({ table: z.string().min(1).describe("Exact table or view name") }),
  sample_values: z.object({
    table: z.string().min(1).describe("Table or view name"),
    column: z.string().min(1).describe("Column name"),
    like: z.string().optional().describe("Optional SQL LIKE pattern to filter values, e.g. '%paris%'"),
  }),
  run_sql: z.object({ sql: z.string().min(1).describe("One read-only SQLite query") }),
  diagnose_sql: z.object({ sql: z.string().min(1).describe("One SQLite SELECT query to break into clause stages") }),
  submit_sql: z.object({ sql: z.string().min(1).describe("The final SQLite query that answers the question") }),
  search_schema: z.object({
    terms: z
      .string()
      .trim()
      .min(1)
      .max(SEARCH_TERMS_CHARACTERS)
      .describe("A few words to look for, separated by spaces: what the question names (e.g. 'customer city', 'Kunde Stadt', 'Spain')"),
  }),
} as const;

export type ToolName = keyof typeof toolInputSchemas;
export const TOOL_NAMES = Object.keys(toolInputSchemas) as ToolName[];

export const toolDescriptions: Record<ToolName, string> = {
  list_tables: "List every table and view with its row count.",
  describe_table: "Columns of one table with types, primary and foreign keys, and 3 sample rows.",
  sample_values:
    "Distinct values of one column with how often each occurs, most frequent first; filter with a LIKE pattern to find how a value from the question is spelled in the data.",
  run_sql: "Run one read-only SQLite query (SELECT/WITH) and see the first rows, the total row count and the time, or the error.",
  diagnose_sql:
    "Break a SELECT into clause stages (FROM/JOIN, each WHERE condition in turn, GROUP BY, HAVING, SELECT, ORDER BY/LIMIT; subqueries and UNION parts separately), run each, and see its row count: where rows vanish or multiply.",
  submit_sql: "Submit the final SQLite query that answers the question. This ends the task.",
  search_schema:
    "Search the whole database schema (also the tables and columns left out of the schema shown) for a few words, by names, descriptions and, when shared, stored values; see the best tables and columns with why each matched.",
};

export function isToolName(name: string): name is ToolName {
  return Object.hasOwn(toolInputSchemas, name);
}

/** Rows kept with an observation for the person's view (the model gets the text). */
const RESULT_ROWS_KEPT = 20;
const RUN_SQL_ROWS_FOR_MODEL = 50;
/** Every query a tool runs stops after this long: an observation that never comes would stall the whole run. */
export const TOOL_QUERY_TIME_LIMIT_MS = 10_000;

/** The read-only options of a tool's query: its rows kept, and the one time limit. */
function toolQuery(maxRows: number): { maxRows: number; timeoutMs: number } {
  return { maxRows, timeoutMs: TOOL_QUERY_TIME_LIMIT_MS };
}

export interface ObservedResult {
  columns: string[];
  rows: SqlValue[][];
  rowCount: number;
  elapsedMs: number;
}

export interface Observation {
  ok: boolean;
  /** Exactly what the model reads. */
  text: string;
  /** For run_sql and submit_sql: the result, for the trace's small grid. */
  result?: ObservedResult;
}

export interface ToolLimits {
  maxCharacters?: number;
  /** What the person allows to be sent; observations are what is sent, so they obey it. Default: the schema only. */
  sharing?: DataSharing;
  /** search_schema's retriever and what the prompt's schema shows; absent when the schema is not pruned (nothing to find). */
  schemaSearch?: SchemaSearchTool;
}

export interface SchemaSearchTool {
  search: SchemaSearch;
  /** The tables and columns the prompt's schema shows, so a hit outside it is marked as such. */
  shown?: Record<string, string[]>;
}

function findTable(schema: DatabaseSchema, name: string): TableInfo | null {
  const bare = name.trim().replace(/^["`[]|["`\]]$/g, "");
  return schema.tables.find((table) => table.name.toLowerCase() === bare.toLowerCase()) ?? null;
}

function unknownTable(schema: DatabaseSchema, name: string): Observation {
  return {
    ok: false,
    text: `Error: there is no table or view named "${name}". Tables: ${schema.tables.map((table) => table.name).join(", ")}.`,
  };
}

async function describeTable(database: ReadOnlyDatabase, schema: DatabaseSchema, name: string, limits: ToolLimits): Promise<Observation> {
  const table = findTable(schema, name);
  if (!table) return unknownTable(schema, name);
  const foreignKeys = new Map<string, string>();
  for (const key of table.foreignKeys) {
    key.fromColumns.forEach((column, index) => foreignKeys.set(column, `${key.toTable}.${key.toColumns[index] ?? "?"}`));
  }
  const lines = [
    `${table.kind === "view" ? "View" : "Table"} ${table.name}${table.rowCount === null ? "" : ` (${table.rowCount} ${pluralWord(table.rowCount, "row")})`}`,
  ];
  for (const column of table.columns) {
    const notes = [
      column.primaryKeyPosition > 0 ? "primary key" : null,
      foreignKeys.has(column.name) ? `references ${foreignKeys.get(column.name)}` : null,
      column.notNull && column.primaryKeyPosition === 0 ? "not null" : null,
      column.comment ? `-- ${column.comment}` : null,
    ].filter(Boolean);
    lines.push(`  ${column.name} ${column.type || "ANY"}${notes.length ? ` ${notes.join(", ")}` : ""}`);
  }
  const sample = sharesValues(limits.sharing ?? DEFAULT_DATA_SHARING)
    ? await database.executeReadOnly(`SELECT * FROM ${quoteIdentifier(table.name)} LIMIT 3`, toolQuery(3))
    : null;
  if (sample?.ok) {
    lines.push("Sample rows:", rowsText(sample.columns, sample.rows, sample.rows.length, (limits.maxCharacters ?? DEFAULT_OBSERVATION_CHARACTERS) / 2));
  }
  return { ok: true, text: lines.join("\n") };
}

async function sampleValues(
  database: ReadOnlyDatabase,
  schema: DatabaseSchema,
  input: z.infer<typeof toolInputSchemas.sample_values>,
  limits: ToolLimits,
): Promise<Observation> {
  if (!sharesValues(limits.sharing ?? DEFAULT_DATA_SHARING)) {
    return {
      ok: false,
      text: "Not available: the person's data-sharing setting sends the schema only, so values cannot be looked up. Write the query from the schema.",
    };
  }
  const table = findTable(schema, input.table);
  if (!table) return unknownTable(schema, input.table);
  const column = table.columns.find((candidate) => candidate.name.toLowerCase() === input.column.toLowerCase());
  if (!column) {
    return {
      ok: false,
      text: `Error: ${table.name} has no column "${input.column}". Columns: ${table.columns.map((candidate) => candidate.name).join(", ")}.`,
    };
  }
  const quotedColumn = quoteIdentifier(column.name);
  const filter = input.like ? ` WHERE ${quotedColumn} LIKE '${input.like.replaceAll("'", "''")}'` : "";
  const sql = `SELECT ${quotedColumn} AS value, count(*) AS count FROM ${quoteIdentifier(table.name)}${filter} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 25`;
  const outcome = await database.executeReadOnly(sql, toolQuery(25));
  if (!outcome.ok) return { ok: false, text: `Error: ${outcome.error.message}` };
  const distinct = await database.executeReadOnly(`SELECT count(DISTINCT ${quotedColumn}) FROM ${quoteIdentifier(table.name)}${filter}`, toolQuery(1));
  const distinctCount = distinct.ok ? Number(distinct.rows[0]?.[0] ?? outcome.rowCount) : outcome.rowCount;
  if (outcome.rows.length === 0) return { ok: true, text: `No values of ${table.name}.${column.name}${input.like ? ` match LIKE '${input.like}'` : ""}.` };
  return {
    ok: true,
    text: `Values of ${table.name}.${column.name}${input.like ? ` matching LIKE '${input.like}'` : ""} (${distinctCount} distinct):\n${rowsText(
      outcome.columns,
      outcome.rows,
      Math.max(distinctCount, outcome.rows.length),
      limits.maxCharacters,
    )}`,
  };
}

async function runQuery(database: ReadOnlyDatabase, sql: string, limits: ToolLimits): Promise<Observation> {
  const outcome = await database.executeReadOnly(sql, toolQuery(RUN_SQL_ROWS_FOR_MODEL));
  if (!outcome.ok) return { ok: false, text: `Error: ${outcome.error.message}` };
  const result: ObservedResult = {
    columns: outcome.columns,
    rows: outcome.rows.slice(0, RESULT_ROWS_KEPT),
    rowCount: outcome.rowCount,
    elapsedMs: outcome.elapsedMs,
  };
  // Without consent to share results, the model learns the shape of the answer but none of its values.
  const text = sharesResults(limits.sharing ?? DEFAULT_DATA_SHARING)
    ? `${rowsText(outcome.columns, outcome.rows, outcome.rowCount, limits.maxCharacters)}\nTime: ${outcome.elapsedMs.toFixed(1)} ms`
    : `Columns: ${outcome.columns.join(", ")}\n${outcome.rowCount} ${outcome.rowCount === 1 ? "row" : "rows"} (values withheld by the person's data-sharing setting)\nTime: ${outcome.elapsedMs.toFixed(1)} ms`;
  return { ok: true, text, result };
}

/** Characters of one stage's clause in the observation: a long condition is recognisable by its start. */
const CLAUSE_CHARACTERS = 160;

function clipped(text: string, characters: number): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > characters ? `${flat.slice(0, characters - 1)}…` : flat;
}

/**
 * The diagnosis as the model reads it: one line per stage with its row count and the first stage without rows
 * marked. Row counts are no values, so they are shared under every setting; the rows that reached the clause at
 * fault are shown only when results may be shared.
 */
export function diagnosisText(diagnosis: SqlDiagnosis, limits: ToolLimits = {}): string {
  const maxCharacters = limits.maxCharacters ?? DEFAULT_OBSERVATION_CHARACTERS;
  const lines = ["Rows after each clause stage:"];
  diagnosis.stages.forEach((stage, index) => {
    const part = stage.part === "query" ? "" : `[${stage.part}] `;
    const count = stage.rows === null ? `error: ${clipped(stage.error ?? "", CLAUSE_CHARACTERS)}` : `${stage.rows} ${stage.rows === 1 ? "row" : "rows"}`;
    const mark = index === diagnosis.firstEmptyStage ? "  <- FIRST STAGE WITH NO ROWS" : "";
    lines.push(`${index + 1}. ${part}${clipped(stage.clause, CLAUSE_CHARACTERS)}: ${count}${mark}`);
  });
  const empty = diagnosis.firstEmptyStage;
  if (empty === null) lines.push("Every stage returns rows.");
  else {
    lines.push(`Rows drop to zero at stage ${empty + 1} (${clipped(diagnosis.stages[empty]!.clause, CLAUSE_CHARACTERS)}): that clause removes every row.`);
    const before = empty > 0 ? diagnosis.stages[empty - 1]! : null;
    if (before && before.rows && sharesResults(limits.sharing ?? DEFAULT_DATA_SHARING)) {
      lines.push(`Rows just before it (stage ${empty}):`, rowsText(before.columns, before.sampleRows, before.rows, maxCharacters / 2));
    }
  }
  const text = lines.join("\n");
  return text.length > maxCharacters ? `${text.slice(0, maxCharacters - 40)}\n(observation cut to ${maxCharacters} characters)` : text;
}

async function diagnoseQuery(database: ReadOnlyDatabase, sql: string, limits: ToolLimits): Promise<Observation> {
  const outcome = await diagnoseSql(database, sql, { sampleRows: 5, timeoutMs: TOOL_QUERY_TIME_LIMIT_MS });
  if (!outcome.ok) return { ok: false, text: `Error: ${outcome.error.message}` };
  return { ok: true, text: diagnosisText(outcome.diagnosis, limits) };
}

async function searchTheSchema(terms: string, limits: ToolLimits): Promise<Observation> {
  if (!limits.schemaSearch) {
    return { ok: false, text: "Not available: the schema above is the whole schema. Use list_tables and describe_table." };
  }
  const result = await limits.schemaSearch.search(terms, { values: sharesValues(limits.sharing ?? DEFAULT_DATA_SHARING) });
  if (result.words.length === 0) {
    return { ok: false, text: `Error: "${terms}" holds no words to search for. Give search_schema a few words, e.g. {"terms": "customer city"}.` };
  }
  return { ok: true, text: schemaSearchText(result, { shown: limits.schemaSearch.shown, maxCharacters: limits.maxCharacters }) };
}

/** Runs a validated call (its input typed by its tool). Never throws: failures become observations the model can read. */
export async function runTool(call: ToolCall, database: ReadOnlyDatabase, limits: ToolLimits = {}): Promise<Observation> {
  try {
    switch (call.name) {
      case "list_tables": {
        const schema = await database.schema();
        if (schema.tables.length === 0) return { ok: true, text: "The database has no tables." };
        return {
          ok: true,
          text: schema.tables
            .map((table) => `${table.name} (${table.kind}${table.rowCount === null ? "" : `, ${table.rowCount} ${pluralWord(table.rowCount, "row")}`})`)
            .join("\n"),
        };
      }
      case "describe_table":
        return await describeTable(database, await database.schema(), call.input.table, limits);
      case "sample_values":
        return await sampleValues(database, await database.schema(), call.input, limits);
      case "run_sql":
      case "submit_sql":
        return await runQuery(database, call.input.sql, limits);
      case "diagnose_sql":
        return await diagnoseQuery(database, call.input.sql, limits);
      case "search_schema":
        return await searchTheSchema(call.input.terms, limits);
    }
  } catch (error) {
    return { ok: false, text: `Error: the tool failed (${errorMessage(error)}).` };
  }
}
