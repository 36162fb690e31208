// Guards the bundled sample databases: the committed files match the generator, are sound, and match the manifest.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import initSqlJs from "sql.js";
import type { Database, SqlJsStatic, SqlValue } from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SampleEntry } from "../app/browser/samples";
import { buildAllSamples, renderManifest, SAMPLES_DIRECTORY, type BuiltSample } from "./generate-samples";

const REGENERATE = "run `npx tsx scripts/generate-samples.ts` and commit public/samples";

let SQL: SqlJsStatic;
let samples: BuiltSample[];
const manifest = JSON.parse(readFileSync(join(SAMPLES_DIRECTORY, "manifest.json"), "utf8")) as SampleEntry[];
const openDatabases: Database[] = [];

/** Opens a committed sample file; closed after all tests. */
function openCommitted(file: string): Database {
  const db = new SQL.Database(readFileSync(join(SAMPLES_DIRECTORY, file)));
  openDatabases.push(db);
  return db;
}

function rows(db: Database, sql: string): SqlValue[][] {
  return db.exec(sql)[0]?.values ?? [];
}

function tableNames(db: Database): string[] {
  return rows(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").map((row) => String(row[0]));
}

function columnNames(db: Database, table: string): string[] {
  return rows(db, `SELECT name FROM pragma_table_info('${table}')`).map((row) => String(row[0]));
}

beforeAll(async () => {
  SQL = await initSqlJs();
  samples = buildAllSamples(SQL);
}, 120_000);

afterAll(() => {
  for (const db of openDatabases) db.close();
});

describe("committed samples", () => {
  it("are byte-identical to what the generator builds, so they cannot drift from the script", () => {
    for (const sample of samples) {
      const committed = readFileSync(join(SAMPLES_DIRECTORY, sample.manifestEntry.file));
      // Buffer.equals rather than toEqual: a diff of megabytes of bytes helps nobody.
      expect(Buffer.from(sample.bytes).equals(committed), `${sample.manifestEntry.file} is stale: ${REGENERATE}`).toBe(true);
    }
  });

  it("come with a manifest identical to the generated one", () => {
    const generated = renderManifest(samples.map((sample) => sample.manifestEntry));
    expect(readFileSync(join(SAMPLES_DIRECTORY, "manifest.json"), "utf8"), `manifest.json is stale: ${REGENERATE}`).toBe(generated);
  });

  it("are generated the same way twice in one process", () => {
    const again = buildAllSamples(SQL);
    expect(again.map((sample) => Buffer.from(sample.bytes).equals(Buffer.from(samples.find((first) => first.id === sample.id)!.bytes)))).toEqual(
      again.map(() => true),
    );
  }, 60_000);
});

describe("manifest", () => {
  it("lists at least three samples with the bookshop, the default, first", () => {
    expect(manifest.length).toBeGreaterThanOrEqual(3);
    expect(manifest[0]?.id).toBe("bookshop");
    expect(new Set(manifest.map((entry) => entry.id)).size).toBe(manifest.length);
  });

  it("has exactly the documented keys, in order, in every entry", () => {
    for (const entry of manifest) {
      expect(Object.keys(entry)).toEqual(["id", "file", "title", "description", "tables", "rows", "bytes", "exampleQuestions", "exampleQuery"]);
      expect(entry.file).toBe(`${entry.id}.sqlite`);
      expect(entry.title.length).toBeGreaterThan(0);
      expect(entry.description).toMatch(/^[A-Z].+\.$/);
      expect(entry.exampleQuestions).toHaveLength(3);
      for (const question of entry.exampleQuestions) expect(question).toMatch(/^[A-Z].+\?$/);
    }
  });

  it("matches each file: byte size, table count (views excluded) and total rows", () => {
    for (const entry of manifest) {
      const path = join(SAMPLES_DIRECTORY, entry.file);
      expect(existsSync(path), `${entry.file} is missing`).toBe(true);
      expect(statSync(path).size).toBe(entry.bytes);
      const db = openCommitted(entry.file);
      const tables = tableNames(db);
      expect(tables.length).toBe(entry.tables);
      const total = tables.reduce((sum, table) => sum + Number(rows(db, `SELECT COUNT(*) FROM "${table}"`)[0]?.[0]), 0);
      expect(total).toBe(entry.rows);
    }
  });

  it("has an example query for each sample that runs and returns rows", () => {
    for (const entry of manifest) {
      const db = openCommitted(entry.file);
      expect(entry.exampleQuery.trimStart()).toMatch(/^SELECT/i);
      const result = db.exec(entry.exampleQuery);
      expect(result[0]?.values.length ?? 0, `${entry.id} example query returned nothing`).toBeGreaterThan(0);
    }
  });
});

describe.each(manifest.map((entry) => [entry.id, entry] as const))("sample %s", (_id, entry) => {
  it("passes the integrity check and has no dangling foreign keys", () => {
    const db = openCommitted(entry.file);
    expect(rows(db, "PRAGMA integrity_check")).toEqual([["ok"]]);
    expect(rows(db, "PRAGMA foreign_key_check")).toEqual([]);
  });

  it("declares foreign keys and uses INTEGER, REAL and TEXT columns", () => {
    const db = openCommitted(entry.file);
    const tables = tableNames(db);
    const withForeignKeys = tables.filter((table) => rows(db, `SELECT COUNT(*) FROM pragma_foreign_key_list('${table}')`)[0]?.[0] !== 0);
    expect(withForeignKeys.length).toBeGreaterThanOrEqual(2);
    const types = new Set(tables.flatMap((table) => rows(db, `SELECT type FROM pragma_table_info('${table}')`).map((row) => String(row[0]))));
    expect([...types].sort()).toEqual(expect.arrayContaining(["INTEGER", "REAL", "TEXT"]));
  });

  it("has a column holding NULL and a column holding an empty string, so the UI can show the difference", () => {
    const db = openCommitted(entry.file);
    let nulls = 0;
    let empties = 0;
    for (const table of tableNames(db)) {
      for (const column of columnNames(db, table)) {
        nulls += Number(rows(db, `SELECT COUNT(*) FROM "${table}" WHERE "${column}" IS NULL`)[0]?.[0]);
        empties += Number(rows(db, `SELECT COUNT(*) FROM "${table}" WHERE "${column}" = ''`)[0]?.[0]);
      }
    }
    expect(nulls).toBeGreaterThan(0);
    expect(empties).toBeGreaterThan(0);
  });

  it("comments every column in its CREATE TABLE text", () => {
    const db = openCommitted(entry.file);
    for (const table of tableNames(db)) {
      const sql = String(rows(db, `SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '${table}'`)[0]?.[0]);
      const lines = sql.split("\n");
      for (const column of columnNames(db, table)) {
        const definition = lines.find((line) => line.trimStart().startsWith(`${column} `));
        expect(definition, `${table}.${column} has no definition line`).toBeDefined();
        expect(definition, `${table}.${column} has no comment`).toMatch(/ -- \S/);
      }
    }
  });

  it("stores dates as ISO-8601 text", () => {
    const db = openCommitted(entry.file);
    for (const table of tableNames(db)) {
      for (const column of columnNames(db, table).filter((name) => /(_date|_at|departure|arrival)$/.test(name))) {
        const bad = rows(
          db,
          `SELECT "${column}" FROM "${table}" WHERE "${column}" IS NOT NULL
             AND "${column}" NOT GLOB '[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'
             AND "${column}" NOT GLOB '[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9]' LIMIT 1`,
        );
        expect(bad, `${table}.${column} holds a non-ISO date`).toEqual([]);
      }
    }
  });
});

describe("bookshop, the default sample", () => {
  it("is the largest: at least 10 tables, 8 or more with foreign keys, views, and a file under 4 MB", () => {
    const entry = manifest.find((candidate) => candidate.id === "bookshop")!;
    const db = openCommitted(entry.file);
    const tables = tableNames(db);
    expect(tables.length).toBeGreaterThanOrEqual(10);
    const withForeignKeys = tables.filter((table) => rows(db, `SELECT COUNT(*) FROM pragma_foreign_key_list('${table}')`)[0]?.[0] !== 0);
    expect(withForeignKeys.length).toBeGreaterThanOrEqual(8);
    expect(rows(db, "SELECT name FROM sqlite_master WHERE type = 'view'").length).toBeGreaterThanOrEqual(1);
    expect(rows(db, "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").length).toBeGreaterThanOrEqual(3);
    expect(entry.bytes).toBeLessThan(4 * 1024 * 1024);
    expect(entry.rows).toBe(Math.max(...manifest.map((candidate) => candidate.rows)));
  });

  it("keeps -- column comments in sqlite_master.sql for every table", () => {
    const db = openCommitted("bookshop.sqlite");
    const uncommented = rows(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE '%-- %'");
    expect(uncommented).toEqual([]);
  });

  it("links employees to their managers through a self-reference", () => {
    const db = openCommitted("bookshop.sqlite");
    const references = rows(db, 'SELECT "table", "from" FROM pragma_foreign_key_list(\'employees\')');
    expect(references).toContainEqual(["employees", "manager_id"]);
    expect(rows(db, "SELECT COUNT(*) FROM employees WHERE manager_id IS NULL")).toEqual([[1]]);
  });
});
