// Guards the teaching benchmark: every gold query answers on its sample, the committed files match the generator, and the coverage teachers rely on holds.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import initSqlJs from "sql.js";
import type { Database, SqlJsStatic, SqlValue } from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBenchmarkQuestions } from "../app/core/eval/benchmark";
import { hasTopLevelOrderBy } from "../app/core/eval/sql-text";
import { HARDNESS_LEVELS } from "../app/core/eval/hardness";
import {
  BENCHMARK_DIRECTORY,
  buildDevEntries,
  buildTables,
  compactSql,
  devEntrySchema,
  renderCountsTable,
  renderJson,
  sampleDatabasePath,
  spiderTablesSchema,
  type DevEntry,
  type SpiderTables,
} from "./teaching-benchmark";
import { TEACHING_DATABASES, TEACHING_QUESTIONS, teachingQuestionSchema } from "./teaching-benchmark/questions";

const REGENERATE = "run `npx tsx scripts/teaching-benchmark.ts` and commit public/benchmark";

let SQL: SqlJsStatic;
let tables: SpiderTables[];
const databases = new Map<string, Database>();
const devText = readFileSync(join(BENCHMARK_DIRECTORY, "dev.json"), "utf8");
const tablesText = readFileSync(join(BENCHMARK_DIRECTORY, "tables.json"), "utf8");
const entries = buildDevEntries();

function database(dbId: string): Database {
  const db = databases.get(dbId);
  if (!db) throw new Error(`no sample named ${dbId}`);
  return db;
}

function run(db: Database, sql: string): SqlValue[][] {
  return db.exec(sql)[0]?.values ?? [];
}

/** True when some text column of some table of the sample holds exactly `value`. */
function isStoredValue(dbId: string, value: string): boolean {
  const db = database(dbId);
  const description = tables.find((entry) => entry.db_id === dbId)!;
  return description.column_names_original.some(([tableIndex, column], index) => {
    if (tableIndex < 0 || description.column_types[index] !== "text") return false;
    const table = description.table_names_original[tableIndex]!;
    const statement = db.prepare(`SELECT 1 FROM "${table}" WHERE "${column}" = ? LIMIT 1`);
    try {
      statement.bind([value]);
      return statement.step();
    } finally {
      statement.free();
    }
  });
}

/** Rows in a canonical order, for comparing results whose order the query leaves open. */
function sortedRows(rows: SqlValue[][]): string[] {
  return rows.map((row) => JSON.stringify(row)).sort();
}

beforeAll(async () => {
  SQL = await initSqlJs();
  for (const dbId of TEACHING_DATABASES) databases.set(dbId, new SQL.Database(readFileSync(sampleDatabasePath(dbId))));
  tables = buildTables(SQL);
});

afterAll(() => {
  for (const db of databases.values()) db.close();
});

describe("gold queries", () => {
  it.each(entries.map((entry, index) => [index, entry.question, entry] as const))("#%i %s returns an answer", (_index, _question, entry: DevEntry) => {
    const rows = run(database(entry.db_id), entry.query);
    expect(rows.length, entry.query).toBeGreaterThan(0);
    // A literal that matches nothing stored shows up as a count of 0 or an aggregate of NULL, still one row.
    expect(
      rows[0]!.some((value) => value !== null && value !== 0),
      `${entry.query} answers only NULL or 0: does a literal match the stored spelling?`,
    ).toBe(true);
  });

  it("do not depend on the order SQLite happens to scan rows in", () => {
    for (const entry of entries) {
      const db = database(entry.db_id);
      const forward = run(db, entry.query);
      db.run("PRAGMA reverse_unordered_selects = ON");
      try {
        const reversed = run(db, entry.query);
        if (hasTopLevelOrderBy(entry.query)) expect(reversed, `${entry.query} needs a tie-breaker in ORDER BY`).toEqual(forward);
        else expect(sortedRows(reversed), `${entry.query} gives different rows when scanned in reverse`).toEqual(sortedRows(forward));
      } finally {
        db.run("PRAGMA reverse_unordered_selects = OFF");
      }
    }
  });

  it("sort whenever they keep only the first rows", () => {
    for (const entry of entries) {
      if (/\bLIMIT\b/i.test(entry.query)) expect(hasTopLevelOrderBy(entry.query), entry.query).toBe(true);
    }
  });

  it("write each stored value the question mentions exactly as the database stores it", () => {
    for (const question of TEACHING_QUESTIONS) {
      for (const literal of question.literals ?? []) {
        expect(question.query, question.question).toContain(`'${literal.replace(/'/g, "''")}'`);
        expect(isStoredValue(question.db_id, literal), `'${literal}' is not a value stored in ${question.db_id}`).toBe(true);
      }
    }
  });
});

describe("committed files", () => {
  it("dev.json is what the generator writes, so it cannot drift from the questions file", () => {
    expect(devText, `dev.json is stale: ${REGENERATE}`).toBe(renderJson(entries));
  });

  it("tables.json is what the generator derives from the sample databases", () => {
    expect(tablesText, `tables.json is stale: ${REGENERATE}`).toBe(renderJson(tables));
  });

  it("README.md shows the current number of questions per database and difficulty", () => {
    expect(readFileSync(join(BENCHMARK_DIRECTORY, "README.md"), "utf8"), "copy the table `npx tsx scripts/teaching-benchmark.ts` prints").toContain(
      renderCountsTable(entries),
    );
  });

  it("dev.json is accepted by the benchmark loader, with the four difficulties", () => {
    const parsed = parseBenchmarkQuestions(devText);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.questions).toHaveLength(entries.length);
    for (const question of parsed.questions) expect(HARDNESS_LEVELS).toContain(question.difficulty);
  });

  it("match their schemas", () => {
    for (const entry of JSON.parse(devText) as unknown[]) expect(devEntrySchema.safeParse(entry).success).toBe(true);
    for (const entry of JSON.parse(tablesText) as unknown[]) expect(spiderTablesSchema.safeParse(entry).success).toBe(true);
    for (const question of TEACHING_QUESTIONS) expect(teachingQuestionSchema.safeParse(question).success).toBe(true);
  });

  it("tables.json names every table of each sample and points its keys at real columns", () => {
    expect(tables.map((entry) => entry.db_id)).toEqual([...TEACHING_DATABASES]);
    for (const entry of tables) {
      const names = run(database(entry.db_id), "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").map((row) => String(row[0]));
      expect([...entry.table_names_original].sort()).toEqual(names.sort());
      expect(entry.column_names).toHaveLength(entry.column_names_original.length);
      expect(entry.column_types).toHaveLength(entry.column_names_original.length);
      for (const index of [...entry.primary_keys, ...entry.foreign_keys.flat()]) {
        expect(index).toBeGreaterThan(0);
        expect(index).toBeLessThan(entry.column_names_original.length);
      }
      expect(entry.foreign_keys.length).toBeGreaterThan(0);
    }
  });
});

describe("coverage", () => {
  const queries = entries.map((entry) => entry.query);
  const countMatching = (pattern: RegExp): number => queries.filter((query) => pattern.test(query)).length;

  it("has at least 80 questions, about half on the bookshop and a quarter on each other sample", () => {
    expect(entries.length).toBeGreaterThanOrEqual(80);
    const perDatabase = (dbId: string): number => entries.filter((entry) => entry.db_id === dbId).length;
    expect(perDatabase("bookshop")).toBeGreaterThanOrEqual(40);
    expect(perDatabase("flights")).toBeGreaterThanOrEqual(20);
    expect(perDatabase("clinic")).toBeGreaterThanOrEqual(20);
  });

  it("has at least three gold queries joining three or more tables in one SELECT", () => {
    const members = (query: string): string[] => query.split(/\b(?:UNION|INTERSECT|EXCEPT)\b/i);
    expect(queries.filter((query) => members(query).some((member) => (member.match(/\bJOIN\b/gi) ?? []).length >= 2)).length).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ["GROUP BY with HAVING", /\bGROUP\s+BY\b[\s\S]*\bHAVING\b/i],
    ["a nested SELECT", /\(\s*SELECT\b/i],
    ["IN or NOT IN a subquery", /\bIN\s*\(\s*SELECT\b/i],
    ["a scalar subquery compared with a value", /[<>=]\s*\(\s*SELECT\b/i],
    ["a correlated EXISTS", /\bEXISTS\s*\(\s*SELECT\b/i],
    ["UNION", /\bUNION\b/i],
    ["INTERSECT", /\bINTERSECT\b/i],
    ["EXCEPT", /\bEXCEPT\b/i],
    ["ORDER BY … LIMIT", /\bORDER\s+BY\b[\s\S]*\bLIMIT\b/i],
    ["LIKE", /\bLIKE\b/i],
  ] as const)("has at least three gold queries with %s", (_construct, pattern) => {
    expect(countMatching(pattern)).toBeGreaterThanOrEqual(3);
  });

  it("has at least three set-operation questions on each sample", () => {
    for (const dbId of TEACHING_DATABASES) {
      expect(entries.filter((entry) => entry.db_id === dbId && /\b(UNION|INTERSECT|EXCEPT)\b/i.test(entry.query)).length).toBeGreaterThanOrEqual(3);
    }
  });

  it("has at least ten questions of each difficulty", () => {
    for (const level of HARDNESS_LEVELS) expect(entries.filter((entry) => entry.difficulty === level).length, level).toBeGreaterThanOrEqual(10);
  });

  it("grounds stored values in at least a third of the questions", () => {
    expect(TEACHING_QUESTIONS.filter((question) => (question.literals?.length ?? 0) > 0).length).toBeGreaterThanOrEqual(entries.length / 3);
  });

  it("asks each question once", () => {
    expect(new Set(entries.map((entry) => entry.question.toLowerCase())).size).toBe(entries.length);
  });
});

describe("compactSql", () => {
  it("puts a query on one line without touching its string literals", () => {
    expect(compactSql("SELECT a\nFROM t\nWHERE (\n  b = 'two  spaces'\n)")).toBe("SELECT a FROM t WHERE (b = 'two  spaces')");
    expect(compactSql("SELECT 'it''s\n  here'")).toBe("SELECT 'it''s\n  here'");
  });
});
