// Generates the teaching benchmark (public/benchmark/dev.json and tables.json, Spider layout) from the questions in scripts/teaching-benchmark and the bundled samples.
// Run with `npx tsx scripts/teaching-benchmark.ts`. Deterministic: the same questions and databases give byte-identical files.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import initSqlJs from "sql.js";
import type { Database, SqlJsStatic, SqlValue } from "sql.js";
import { z } from "zod";
import { analyzeHardness, HARDNESS_LEVELS, hardnessSchema, type Hardness } from "../app/core/eval/hardness";
import { TEACHING_DATABASES, TEACHING_QUESTIONS, type TeachingQuestion } from "./teaching-benchmark/questions";

export const BENCHMARK_DIRECTORY = fileURLToPath(new URL("../public/benchmark/", import.meta.url));
export const SAMPLES_DIRECTORY = fileURLToPath(new URL("../public/samples/", import.meta.url));

/** One entry of dev.json: Spider's fields, with the difficulty computed by Spider's hardness rules. */
export interface DevEntry {
  db_id: string;
  question: string;
  query: string;
  difficulty: Hardness;
}

export const devEntrySchema: z.ZodType<DevEntry> = z.object({
  db_id: z.string().min(1),
  question: z.string().min(1),
  query: z.string().min(1),
  difficulty: hardnessSchema,
});

/** Spider's tables.json entry for one database. Column 0 is Spider's `*`, with table index -1. */
export interface SpiderTables {
  db_id: string;
  table_names_original: string[];
  table_names: string[];
  column_names_original: [number, string][];
  column_names: [number, string][];
  column_types: SpiderColumnType[];
  /** Column indices; a table with a composite key lists each of its columns. */
  primary_keys: number[];
  /** [referencing column, referenced column] index pairs. */
  foreign_keys: [number, number][];
}

export type SpiderColumnType = "text" | "number" | "time" | "boolean" | "others";

export const spiderTablesSchema: z.ZodType<SpiderTables> = z.object({
  db_id: z.string().min(1),
  table_names_original: z.array(z.string()),
  table_names: z.array(z.string()),
  column_names_original: z.array(z.tuple([z.number().int(), z.string()])),
  column_names: z.array(z.tuple([z.number().int(), z.string()])),
  column_types: z.array(z.enum(["text", "number", "time", "boolean", "others"])),
  primary_keys: z.array(z.number().int().nonnegative()),
  foreign_keys: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])),
});

/** Path of the sample a db_id names: the benchmark reuses public/samples rather than copying the databases. */
export function sampleDatabasePath(dbId: string): string {
  return join(SAMPLES_DIRECTORY, `${dbId}.sqlite`);
}

/**
 * The query on one line, as Spider writes gold SQL: runs of whitespace become one space, except inside
 * string literals and quoted names, whose text must reach the database unchanged.
 */
export function compactSql(sql: string): string {
  let result = "";
  let index = 0;
  while (index < sql.length) {
    const character = sql[index]!;
    if (character === "'" || character === '"') {
      let end = index + 1;
      for (;;) {
        const close = sql.indexOf(character, end);
        if (close === -1) {
          end = sql.length;
          break;
        }
        if (sql[close + 1] === character) {
          end = close + 2;
          continue;
        }
        end = close + 1;
        break;
      }
      result += sql.slice(index, end);
      index = end;
    } else if (/\s/.test(character)) {
      while (index < sql.length && /\s/.test(sql[index]!)) index++;
      // A line break just inside parentheses is layout in the source, not a space in the query.
      if (!result.endsWith("(") && sql[index] !== ")") result += " ";
    } else {
      result += character;
      index++;
    }
  }
  return result.trim();
}

/** dev.json's entries, in the order of the questions file; throws when a gold query is not a SELECT. */
export function buildDevEntries(questions: readonly TeachingQuestion[] = TEACHING_QUESTIONS): DevEntry[] {
  return questions.map((entry, index) => {
    const query = compactSql(entry.query);
    const hardness = analyzeHardness(query);
    if (!hardness.ok) throw new Error(`Question ${index} (${entry.question}): ${hardness.message}`);
    return { db_id: entry.db_id, question: entry.question, query, difficulty: hardness.hardness };
  });
}

function rows(db: Database, sql: string, parameters: SqlValue[] = []): SqlValue[][] {
  const statement = db.prepare(sql);
  try {
    statement.bind(parameters);
    const result: SqlValue[][] = [];
    while (statement.step()) result.push(statement.get());
    return result;
  } finally {
    statement.free();
  }
}

/** Spider's natural-language names: lower case, underscores as spaces. */
function naturalName(name: string): string {
  return name.replace(/_/g, " ").toLowerCase();
}

/** Spider's column types from a declared SQLite type, by SQLite's own affinity rules plus Spider's time and boolean. */
function spiderColumnType(declaredType: string): SpiderColumnType {
  const type = declaredType.toUpperCase();
  if (/DATE|TIME/.test(type)) return "time";
  if (/BOOL/.test(type)) return "boolean";
  if (/INT|REAL|FLOA|DOUB|NUM|DEC/.test(type)) return "number";
  if (/CHAR|CLOB|TEXT/.test(type)) return "text";
  return "others";
}

/** The tables.json entry of one open database: its tables (not views) in creation order. */
export function describeDatabase(db: Database, dbId: string): SpiderTables {
  const tables = rows(db, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid").map((row) => String(row[0]));
  const description: SpiderTables = {
    db_id: dbId,
    table_names_original: tables,
    table_names: tables.map(naturalName),
    column_names_original: [[-1, "*"]],
    column_names: [[-1, "*"]],
    column_types: ["text"],
    primary_keys: [],
    foreign_keys: [],
  };
  const columnIndex = new Map<string, number>();
  tables.forEach((table, tableIndex) => {
    const columns = rows(db, "SELECT name, type, pk FROM pragma_table_info(?) ORDER BY cid", [table]);
    const keyColumns: [number, number][] = [];
    for (const [name, type, primaryKeyPosition] of columns) {
      const index = description.column_names_original.length;
      columnIndex.set(`${table}.${String(name)}`.toLowerCase(), index);
      description.column_names_original.push([tableIndex, String(name)]);
      description.column_names.push([tableIndex, naturalName(String(name))]);
      description.column_types.push(spiderColumnType(String(type ?? "")));
      if (Number(primaryKeyPosition) > 0) keyColumns.push([Number(primaryKeyPosition), index]);
    }
    description.primary_keys.push(...keyColumns.sort((a, b) => a[0] - b[0]).map(([, index]) => index));
  });
  for (const table of tables) {
    for (const [referencedTable, from, to] of rows(db, 'SELECT "table", "from", "to" FROM pragma_foreign_key_list(?)', [table])) {
      const fromIndex = columnIndex.get(`${table}.${String(from)}`.toLowerCase());
      const toIndex = columnIndex.get(`${String(referencedTable)}.${String(to)}`.toLowerCase());
      if (fromIndex === undefined || toIndex === undefined)
        throw new Error(`${dbId}: foreign key ${table}.${String(from)} → ${String(referencedTable)}.${String(to)} names an unknown column`);
      description.foreign_keys.push([fromIndex, toIndex]);
    }
  }
  description.foreign_keys.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return description;
}

/** tables.json's entries, one per sample the benchmark uses, read from public/samples. */
export function buildTables(SQL: SqlJsStatic): SpiderTables[] {
  return TEACHING_DATABASES.map((dbId) => {
    const db = new SQL.Database(readFileSync(sampleDatabasePath(dbId)));
    try {
      return describeDatabase(db, dbId);
    } finally {
      db.close();
    }
  });
}

/** The Markdown table of questions per database and difficulty that public/benchmark/README.md shows. */
export function renderCountsTable(entries: readonly DevEntry[]): string {
  const count = (dbId: string | undefined, level: Hardness | undefined): number =>
    entries.filter((entry) => (dbId === undefined || entry.db_id === dbId) && (level === undefined || entry.difficulty === level)).length;
  const row = (label: string, dbId: string | undefined): string =>
    `| ${label} | ${count(dbId, undefined)} | ${HARDNESS_LEVELS.map((level) => count(dbId, level)).join(" | ")} |`;
  return [
    `| database | questions | ${HARDNESS_LEVELS.join(" | ")} |`,
    `|---|---|${HARDNESS_LEVELS.map(() => "---").join("|")}|`,
    ...TEACHING_DATABASES.map((dbId) => row(dbId, dbId)),
    row("all", undefined),
  ].join("\n");
}

/** A JSON file's text, byte for byte as written to disk. */
export function renderJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

async function main(): Promise<void> {
  const SQL = await initSqlJs();
  const entries = buildDevEntries();
  mkdirSync(BENCHMARK_DIRECTORY, { recursive: true });
  writeFileSync(join(BENCHMARK_DIRECTORY, "dev.json"), renderJson(entries));
  writeFileSync(join(BENCHMARK_DIRECTORY, "tables.json"), renderJson(buildTables(SQL)));
  console.log(`dev.json: ${entries.length} questions`);
  console.log(renderCountsTable(entries));
  console.log(`tables.json: ${TEACHING_DATABASES.length} databases`);
  if (!readFileSync(join(BENCHMARK_DIRECTORY, "README.md"), "utf8").includes(renderCountsTable(entries))) {
    console.log("README.md: update its table of questions to the one above");
  }
}

// Only when run as a script; importing this module (the test does) must not write files.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
