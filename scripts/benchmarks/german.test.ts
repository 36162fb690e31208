// Guards the German schema-linking benchmark (benchmarks/german): the CLI's loader opens it, every gold query answers,
// the labels follow their rules, and the committed database and tables.json are what the generator writes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import initSqlJs from "sql.js";
import type { Database, SqlJsStatic, SqlValue } from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBenchmarkFolder } from "../../app/cli/benchmark-files";
import { analyzeHardness } from "../../app/core/eval/hardness";
import { queryColumns } from "../../app/core/eval/query-columns";
import { hasTopLevelOrderBy } from "../../app/core/eval/sql-text";
import { renderJson } from "../teaching-benchmark";
import {
  BENCHMARK_PARTS,
  buildGermanBytes,
  buildGermanTables,
  GERMAN_DATABASE_PATH,
  GERMAN_DB_ID,
  GERMAN_DIRECTORY,
  germanEntrySchema,
  labelEntries,
  partsOf,
  renderGermanCounts,
  type GermanEntry,
} from "./make-german";

const REGENERATE = "run `npx tsx scripts/benchmarks/make-german.ts` and commit benchmarks/german";

const devText = readFileSync(join(GERMAN_DIRECTORY, "dev.json"), "utf8");
const tablesText = readFileSync(join(GERMAN_DIRECTORY, "tables.json"), "utf8");
const committedBytes = new Uint8Array(readFileSync(GERMAN_DATABASE_PATH));
const entries = JSON.parse(devText) as GermanEntry[];

let SQL: SqlJsStatic;
let db: Database;

function run(sql: string): SqlValue[][] {
  return db.exec(sql)[0]?.values ?? [];
}

function sortedRows(rows: SqlValue[][]): string[] {
  return rows.map((row) => JSON.stringify(row)).sort();
}

beforeAll(async () => {
  SQL = await initSqlJs();
  db = new SQL.Database(committedBytes);
});

afterAll(() => db.close());

describe("the benchmark folder", () => {
  it("opens with the CLI's loader: its questions, and its database with 10+ tables", async () => {
    const folder = await openBenchmarkFolder(GERMAN_DIRECTORY);
    try {
      expect(folder.questions.length).toBeGreaterThanOrEqual(80);
      expect(new Set(folder.questions.map((question) => question.dbId))).toEqual(new Set([GERMAN_DB_ID]));
      const database = await folder.source.openDatabase(GERMAN_DB_ID);
      const schema = await database.schema();
      expect(schema.tables.length).toBeGreaterThanOrEqual(10);
      // The pruner's recall is measured on the columns queryColumns finds, so each gold query must name some.
      for (const question of folder.questions) expect(queryColumns(question.gold, schema).length, question.gold).toBeGreaterThan(0);
      expect((await folder.source.descriptionFiles(GERMAN_DB_ID)).map((file) => file.path)).toContain("tables.json");
    } finally {
      await folder.close();
    }
  });

  it("has both parts, each entry well formed", () => {
    for (const entry of entries) expect(germanEntrySchema.safeParse(entry).success, JSON.stringify(entry)).toBe(true);
    for (const part of BENCHMARK_PARTS) expect(entries.filter((entry) => entry.part === part).length, part).toBeGreaterThan(0);
    expect(new Set(entries.map((entry) => entry.question)).size, "a question is asked twice").toBe(entries.length);
  });

  it("labels each difficulty by Spider's hardness of the gold SQL and each part by the split rule", () => {
    for (const entry of entries) {
      const hardness = analyzeHardness(entry.query);
      expect(hardness.ok && hardness.hardness, entry.query).toBe(entry.difficulty);
    }
    expect(entries.map((entry) => entry.part)).toEqual(partsOf(entries.map((entry) => entry.question)));
    expect(devText, `dev.json's labels are stale: ${REGENERATE}`).toBe(renderJson(labelEntries(entries)));
  });

  it("README.md shows the current number of questions per part and difficulty", () => {
    expect(readFileSync(join(GERMAN_DIRECTORY, "README.md"), "utf8"), "copy the table the generator prints").toContain(renderGermanCounts(entries));
  });
});

describe("the split rule", () => {
  it("puts 60 % in the tuning part, whatever the order of the questions", () => {
    const questions = entries.map((entry) => entry.question);
    const parts = partsOf(questions);
    expect(parts.filter((part) => part === "tuning")).toHaveLength(Math.round(questions.length * 0.6));
    const reversed = partsOf([...questions].reverse());
    expect(reversed.reverse()).toEqual(parts);
  });

  it("moves at most one other question when one is added", () => {
    const questions = entries.map((entry) => entry.question);
    const before = partsOf(questions);
    const after = partsOf([...questions, "Wie viele Zähler hat die Verbrauchsstelle 1?"]).slice(0, questions.length);
    expect(before.filter((part, index) => part !== after[index]).length).toBeLessThanOrEqual(1);
  });
});

describe("gold queries", () => {
  it.each(entries.map((entry, index) => [index, entry.question, entry] as const))("#%i %s returns an answer", (_index, _question, entry: GermanEntry) => {
    const rows = run(entry.query);
    expect(rows.length, entry.query).toBeGreaterThan(0);
    // A literal that matches nothing stored shows up as a count of 0 or an aggregate of NULL, still one row.
    expect(
      rows[0]!.some((value) => value !== null && value !== 0),
      `${entry.query} answers only NULL or 0: does a literal match the stored spelling?`,
    ).toBe(true);
  });

  it("do not depend on the order SQLite happens to scan rows in", () => {
    for (const entry of entries) {
      const forward = run(entry.query);
      db.run("PRAGMA reverse_unordered_selects = ON");
      try {
        const reversed = run(entry.query);
        if (hasTopLevelOrderBy(entry.query)) expect(reversed, `${entry.query} needs a tie-breaker in ORDER BY`).toEqual(forward);
        else expect(sortedRows(reversed), `${entry.query} gives different rows when scanned in reverse`).toEqual(sortedRows(forward));
      } finally {
        db.run("PRAGMA reverse_unordered_selects = OFF");
      }
    }
  });

  it("sort whenever they keep only the first rows", () => {
    for (const entry of entries) if (/\bLIMIT\b/i.test(entry.query)) expect(hasTopLevelOrderBy(entry.query), entry.query).toBe(true);
  });
});

describe("committed files", () => {
  it("the database is what the generator writes from its seed", () => {
    const built = buildGermanBytes(SQL);
    expect(built.length, `the database is stale: ${REGENERATE}`).toBe(committedBytes.length);
    expect(Buffer.from(built).equals(Buffer.from(committedBytes)), `the database is stale: ${REGENERATE}`).toBe(true);
  });

  it("tables.json describes the committed database: every table, its columns, keys and foreign keys", () => {
    expect(tablesText, `tables.json is stale: ${REGENERATE}`).toBe(renderJson(buildGermanTables(SQL, committedBytes)));
    const [description] = JSON.parse(tablesText) as ReturnType<typeof buildGermanTables>;
    const tables = run("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").map((row) => String(row[0]));
    expect([...description!.table_names_original].sort()).toEqual(tables.sort());
    for (const [tableIndex, column] of description!.column_names_original.slice(1)) {
      const table = description!.table_names_original[tableIndex]!;
      expect(run(`SELECT 1 FROM pragma_table_info('${table}') WHERE name = '${column}'`), `${table}.${column}`).toHaveLength(1);
    }
    expect(description!.foreign_keys.length).toBeGreaterThanOrEqual(15);
  });

  it("README.md gives each table's row count as it is", () => {
    const readme = readFileSync(join(GERMAN_DIRECTORY, "README.md"), "utf8");
    const listed = [...readme.matchAll(/^\| `([^`]+)` \| ([\d,]+) \|/gm)].map((match) => [match[1]!, Number(match[2]!.replace(/,/g, ""))] as const);
    const tables = run("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").map((row) => String(row[0]));
    expect(listed.map(([table]) => table).sort()).toEqual(tables.sort());
    for (const [table, count] of listed) expect(run(`SELECT count(*) FROM "${table}"`)[0]![0], table).toBe(count);
  });

  it("fills every table", () => {
    for (const [table] of run("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")) {
      const [[count]] = run(`SELECT count(*) FROM "${String(table)}"`) as [[number]];
      expect(count, String(table)).toBeGreaterThan(0);
    }
  });
});
