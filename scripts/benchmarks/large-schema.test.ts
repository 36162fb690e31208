// Guards the large-schema benchmark: the folder loads through the CLI's loader, the committed files are what the
// generator writes, every gold query answers on the warehouse, and the split and schema file hold together.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import initSqlJs from "sql.js";
import type { Database, SqlJsStatic, SqlValue } from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openBenchmarkFolder } from "../../app/cli/benchmark-files";
import { hardnessSchema, sqlHardness } from "../../app/core/eval/hardness";
import { describeDatabase, renderJson, SAMPLES_DIRECTORY, spiderTablesSchema } from "../teaching-benchmark";
import { buildWarehouse, WAREHOUSE_DB_ID } from "./large-schema/build-warehouse";
import { LARGE_SCHEMA_QUESTIONS, largeSchemaQuestionSchema, WAREHOUSE_DOMAINS } from "./large-schema/questions";
import {
  BENCHMARK_PARTS,
  buildLargeSchemaEntries,
  LARGE_SCHEMA_DIRECTORY,
  partOf,
  renderLargeSchemaCounts,
  WAREHOUSE_PATH,
  type LargeSchemaEntry,
} from "./make-large-schema";

const REGENERATE = "run `npx tsx scripts/benchmarks/make-large-schema.ts` and commit benchmarks/large-schema";

const entrySchema = z
  .object({
    db_id: z.literal(WAREHOUSE_DB_ID),
    question: z.string().min(1),
    query: z.string().min(1),
    difficulty: hardnessSchema,
    part: z.enum(BENCHMARK_PARTS),
  })
  .strict();

const committedBytes = new Uint8Array(readFileSync(WAREHOUSE_PATH));
const devText = readFileSync(join(LARGE_SCHEMA_DIRECTORY, "dev.json"), "utf8");
const tablesText = readFileSync(join(LARGE_SCHEMA_DIRECTORY, "tables.json"), "utf8");
const entries: LargeSchemaEntry[] = z.array(entrySchema).parse(JSON.parse(devText));
const domainOf = (index: number): string => LARGE_SCHEMA_QUESTIONS[index]!.domain;

let SQL: SqlJsStatic;
let db: Database;

beforeAll(async () => {
  SQL = await initSqlJs();
  db = new SQL.Database(committedBytes);
});

afterAll(() => db.close());

function run(sql: string): SqlValue[][] {
  return db.exec(sql)[0]?.values ?? [];
}

describe("the folder", () => {
  it("opens through the CLI's loader: 80+ tables, documented and undocumented columns, tables.json as its description", async () => {
    const folder = await openBenchmarkFolder(LARGE_SCHEMA_DIRECTORY);
    try {
      expect(folder.questions.length).toBeGreaterThanOrEqual(150);
      expect(new Set(folder.questions.map((question) => question.dbId))).toEqual(new Set([WAREHOUSE_DB_ID]));
      const database = await folder.source.openDatabase(WAREHOUSE_DB_ID);
      const schema = await database.schema();
      expect(schema.tables.length).toBeGreaterThanOrEqual(80);
      const columns = schema.tables.flatMap((table) => table.columns);
      expect(columns.filter((column) => column.comment).length).toBeGreaterThan(100);
      expect(columns.filter((column) => !column.comment).length).toBeGreaterThan(100);
      expect((await folder.source.descriptionFiles(WAREHOUSE_DB_ID)).map((file) => file.path)).toEqual(["tables.json"]);
    } finally {
      await folder.close();
    }
  });

  it("dev.json is what the generator writes from the questions file", () => {
    expect(devText, REGENERATE).toBe(renderJson(buildLargeSchemaEntries()));
  });

  it("the database is what the generator builds, byte for byte (so re-running it changes no answer)", async () => {
    const rebuilt = buildWarehouse(SQL, SAMPLES_DIRECTORY);
    expect(Buffer.from(rebuilt.bytes).equals(Buffer.from(committedBytes)), REGENERATE).toBe(true);
  });

  it("tables.json describes the database: table and column names, types, primary and foreign keys", () => {
    const described = describeDatabase(db, WAREHOUSE_DB_ID);
    const [committed] = z.array(spiderTablesSchema).length(1).parse(JSON.parse(tablesText));
    expect(committed).toEqual(described);
    expect(tablesText, REGENERATE).toBe(renderJson([described]));
    expect(described.table_names_original.length).toBeGreaterThanOrEqual(80);
    expect(described.foreign_keys.length).toBeGreaterThan(80);
  });

  it("every key resolves", () => {
    expect(run("PRAGMA foreign_key_check")).toEqual([]);
  });

  it("the README gives the current counts by domain, difficulty and part", () => {
    expect(readFileSync(join(LARGE_SCHEMA_DIRECTORY, "README.md"), "utf8"), REGENERATE).toContain(renderLargeSchemaCounts(LARGE_SCHEMA_QUESTIONS, entries));
  });
});

describe("the questions", () => {
  it("are at least 150, each well formed, with the difficulty Spider's rules give its gold query", () => {
    expect(entries.length).toBeGreaterThanOrEqual(150);
    expect(entries.length).toBe(LARGE_SCHEMA_QUESTIONS.length);
    for (const question of LARGE_SCHEMA_QUESTIONS) largeSchemaQuestionSchema.parse(question);
    for (const entry of entries) expect(entry.difficulty, entry.query).toBe(sqlHardness(entry.query));
    expect(new Set(entries.map((entry) => entry.question)).size).toBe(entries.length);
  });

  it("split about 60/40 into tuning and held-back, both parts in every domain", () => {
    for (const domain of WAREHOUSE_DOMAINS) {
      const parts = entries.filter((_entry, index) => domainOf(index) === domain).map((entry) => entry.part);
      expect(parts.length, domain).toBeGreaterThanOrEqual(10);
      for (const part of BENCHMARK_PARTS) expect(parts, `${domain} has no ${part} question`).toContain(part);
    }
    const heldBack = entries.filter((entry) => entry.part === "held-back").length / entries.length;
    expect(heldBack).toBeGreaterThan(0.35);
    expect(heldBack).toBeLessThan(0.45);
    expect([0, 1, 2, 3, 4, 5].map(partOf)).toEqual(["tuning", "held-back", "tuning", "held-back", "tuning", "tuning"]);
  });

  it("never copy a question of the teaching benchmark", () => {
    const teaching = new Set((JSON.parse(readFileSync("public/benchmark/dev.json", "utf8")) as { question: string }[]).map((entry) => entry.question.toLowerCase()));
    expect(entries.filter((entry) => teaching.has(entry.question.toLowerCase())).map((entry) => entry.question)).toEqual([]);
  });

  it.each(entries.map((entry, index) => [index, entry.question, entry] as const))("#%i %s returns an answer", (_index, _question, entry) => {
    const rows = run(entry.query);
    expect(rows.length, entry.query).toBeGreaterThan(0);
    // A literal that matches nothing shows up as a count of 0 or an aggregate of NULL, still one row.
    expect(
      rows.some((row) => row.some((value) => value !== null)),
      `${entry.query} returns only NULL`,
    ).toBe(true);
    expect(rows.length === 1 && rows[0]!.length === 1 && rows[0]![0] === 0, `${entry.query} counts nothing`).toBe(false);
  });

  it("compare text columns only with values the warehouse stores (a typo in a literal would otherwise pass as 'no rows')", () => {
    const literals = new Set(entries.flatMap((entry) => [...entry.query.matchAll(/(?:=|<>) '((?:[^']|'')*)'/g)].map((match) => match[1]!.replaceAll("''", "'"))));
    // One scan per text column for all the literals at once, rather than one per literal and column.
    const described = describeDatabase(db, WAREHOUSE_DB_ID);
    const stored = new Set<string>();
    described.column_names_original.forEach(([tableIndex, column], index) => {
      if (tableIndex < 0 || described.column_types[index] !== "text") return;
      const statement = db.prepare(`SELECT DISTINCT "${column}" FROM "${described.table_names_original[tableIndex]!}" WHERE "${column}" IN (${[...literals].map(() => "?").join(", ")})`);
      try {
        statement.bind([...literals]);
        while (statement.step()) stored.add(String(statement.get()[0]));
      } finally {
        statement.free();
      }
    });
    expect([...literals].filter((literal) => !stored.has(literal))).toEqual([]);
    // The short stored codes that collide with ordinary words are among them.
    for (const code of ["AN", "ES", "IT", "OR", "IN", "IS", "ME"]) expect(literals, code).toContain(code);
  });
});
