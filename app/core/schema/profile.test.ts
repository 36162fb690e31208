// The column profile: exact figures on a small table, sampling on a large one, the engine's cache and its content key.
import { readFileSync } from "node:fs";
import initSqlJs, { type SqlJsStatic } from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";
import { DatabaseService } from "../database-service";
import { hashBytes } from "../db/content-hash";
import { readSchema } from "../db/introspect";
import { profileDatabase, profileTables, profileValueText } from "./profile";
import type { ColumnProfile, DatabaseProfile, TableProfile } from "./types";

let SQL: SqlJsStatic;

beforeAll(async () => {
  SQL = await initSqlJs();
});

function bytesOf(sqlText: string): Uint8Array {
  const database = new SQL.Database();
  database.exec(sqlText);
  const bytes = database.export();
  database.close();
  return bytes;
}

async function engineWith(sqlText: string): Promise<DatabaseService> {
  const engine = DatabaseService.create(SQL);
  const opened = await engine.open(bytesOf(sqlText));
  expect(opened.ok).toBe(true);
  return engine;
}

function tableOf(profile: DatabaseProfile, name: string): TableProfile {
  const table = profile.tables.find((entry) => entry.table === name);
  if (!table) throw new Error(`no profile for ${name}`);
  return table;
}

function columnOf(profile: DatabaseProfile, table: string, column: string): ColumnProfile {
  const found = tableOf(profile, table).columns.find((entry) => entry.column === column);
  if (!found) throw new Error(`no profile for ${table}.${column}`);
  return found;
}

const SMALL = `
CREATE TABLE pets (
  id INTEGER PRIMARY KEY,
  kind TEXT,
  weight REAL,
  photo BLOB,
  note TEXT
);
INSERT INTO pets VALUES
  (1, 'cat', 4.5, x'89504e470d0a1a0a0000000d', 'NULL'),
  (2, 'dog', 30, NULL, NULL),
  (3, 'cat', NULL, NULL, '${"a very long note ".repeat(10)}'),
  (4, 'dog', 12, x'00', NULL),
  (5, 'bird', 0.1, NULL, NULL),
  (6, NULL, 7, NULL, NULL);
CREATE TABLE empty_one (a TEXT, b INTEGER);
CREATE VIEW heavy_pets AS SELECT kind, weight FROM pets WHERE weight > 5;
`;

describe("profile figures", () => {
  it("counts nulls, distinct values, min and max, and breaks ties in top values by value", async () => {
    const profile = await (await engineWith(SMALL)).profile();
    const pets = tableOf(profile, "pets");
    expect(pets).toMatchObject({ kind: "table", rowCount: 6, rowsProfiled: 6 });
    const kind = columnOf(profile, "pets", "kind");
    expect(kind).toMatchObject({ type: "TEXT", distinctCount: 3, min: "bird", max: "dog", approximate: false });
    expect(kind.nullFraction).toBeCloseTo(1 / 6);
    // cat and dog tie at 2: the order is by value, so it never changes between runs.
    expect(kind.topValues).toEqual([
      { value: "cat", count: 2 },
      { value: "dog", count: 2 },
      { value: "bird", count: 1 },
    ]);
    expect(kind.examples).toHaveLength(3);
    const weight = columnOf(profile, "pets", "weight");
    expect(weight).toMatchObject({ distinctCount: 5, min: "0.1", max: "30" });
    expect(weight.nullFraction).toBeCloseTo(1 / 6);
  });

  it("summarizes BLOBs and cuts long text, and keeps the text 'NULL' apart from NULL", async () => {
    const profile = await (await engineWith(SMALL)).profile();
    const photo = columnOf(profile, "pets", "photo");
    expect(photo.nullFraction).toBeCloseTo(4 / 6);
    expect(photo.topValues.map((entry) => entry.value).sort()).toEqual(["<blob 1 byte>", "<blob 12 bytes>"]);
    expect(photo.min).toBe("<blob 1 byte>");
    const note = columnOf(profile, "pets", "note");
    expect(note.distinctCount).toBe(2);
    expect(note.examples).toContain("NULL");
    const long = note.examples.find((example) => example.startsWith("a very"));
    expect(long?.endsWith("…")).toBe(true);
    expect(long!.length).toBeLessThanOrEqual(60);
    expect(profileValueText(null)).toBe("NULL");
  });

  it("gives an empty table zero rows and no values, and an all-NULL column no min or max", async () => {
    const profile = await (await engineWith(SMALL)).profile();
    expect(tableOf(profile, "empty_one")).toMatchObject({ rowCount: 0, rowsProfiled: 0 });
    expect(columnOf(profile, "empty_one", "a")).toMatchObject({ nullFraction: 0, distinctCount: 0, min: null, max: null, topValues: [], examples: [] });
  });

  it("profiles a view over its rows", async () => {
    const profile = await (await engineWith(SMALL)).profile();
    const view = tableOf(profile, "heavy_pets");
    expect(view).toMatchObject({ kind: "view", rowCount: null, rowsProfiled: 3 });
    expect(columnOf(profile, "heavy_pets", "kind")).toMatchObject({ distinctCount: 1, approximate: false, topValues: [{ value: "dog", count: 2 }] });
    expect(columnOf(profile, "heavy_pets", "kind").nullFraction).toBeCloseTo(1 / 3);
  });

  it("reads hostile table and column names: quotes, spaces, unicode", async () => {
    const profile = await (
      await engineWith(`
      CREATE TABLE "we""ird tåble 名前" ("col ""quoted""" TEXT, "ümlaut ☃" INTEGER, [select] TEXT);
      INSERT INTO "we""ird tåble 名前" VALUES ('x', 1, 'a'), ('y', 1, NULL);
    `)
    ).profile();
    const table = tableOf(profile, 'we"ird tåble 名前');
    expect(table.columns.map((column) => column.column)).toEqual(['col "quoted"', "ümlaut ☃", "select"]);
    expect(columnOf(profile, 'we"ird tåble 名前', "ümlaut ☃")).toMatchObject({ distinctCount: 1, topValues: [{ value: "1", count: 2 }] });
    expect(columnOf(profile, 'we"ird tåble 名前', "select").nullFraction).toBeCloseTo(0.5);
  });
});

describe("profile bounds", () => {
  const LARGE = `
    CREATE TABLE events (id INTEGER PRIMARY KEY, kind TEXT, amount INTEGER);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30000)
    INSERT INTO events SELECT i, CASE i % 3 WHEN 0 THEN 'a' WHEN 1 THEN 'b' ELSE NULL END, i FROM n;
    CREATE VIEW all_events AS SELECT * FROM events;
  `;

  it("samples a large table and marks its figures approximate", async () => {
    const engine = await engineWith(LARGE);
    const profile = await engine.profile({ sampleThreshold: 5_000, sampleRows: 2_000 });
    const events = tableOf(profile, "events");
    expect(events.rowCount).toBe(30_000);
    expect(events.rowsProfiled).toBeGreaterThan(1_800);
    expect(events.rowsProfiled).toBeLessThan(2_200);
    const amount = columnOf(profile, "events", "amount");
    expect(amount.approximate).toBe(true);
    expect(amount.distinctCount).toBe(events.rowsProfiled);
    expect(Number(amount.min)).toBeLessThan(1_000);
    // The stride spreads the sample over the whole table, not just its first rows.
    expect(Number(amount.max)).toBeGreaterThan(25_000);
    expect(columnOf(profile, "events", "kind").nullFraction).toBeCloseTo(1 / 3, 1);
    // A view is read only up to the sample size.
    expect(tableOf(profile, "all_events")).toMatchObject({ rowsProfiled: 2_000 });
    expect(columnOf(profile, "all_events", "id").approximate).toBe(true);
  });

  it("takes a large table's sample by seeks in its rowids, without reading the whole table", async () => {
    const database = new SQL.Database(bytesOf(LARGE));
    const samples: string[] = [];
    // The profile's own statements, seen on their way to SQLite: the sample is what CREATE TEMP TABLE … AS selects.
    const watched = new Proxy(database, {
      get(target, property) {
        if (property !== "exec") return Reflect.get(target, property, target) as unknown;
        return (sql: string) => {
          const sample = /^CREATE TEMP TABLE \S+ AS ([\s\S]*)$/.exec(sql)?.[1];
          if (sample) samples.push(sample);
          return target.exec(sql);
        };
      },
    });
    const profile = profileDatabase(watched, readSchema(database), "fixture", { sampleThreshold: 5_000, sampleRows: 2_000 });
    expect(tableOf(profile, "events").rowsProfiled).toBeGreaterThan(1_800);
    const eventsSample = samples.find((sql) => sql.includes('"events"'));
    expect(eventsSample).toBeDefined();
    const plan = database.exec(`EXPLAIN QUERY PLAN ${eventsSample!}`)[0]!.values.map((row) => String(row[3]));
    expect(plan.some((detail) => /^SEARCH .*events/.test(detail))).toBe(true);
    expect(plan.filter((detail) => /^SCAN .*events/.test(detail))).toEqual([]);
    database.close();
  });

  it("pauses within a table once its step has run ~20 ms, so a query asked meanwhile waits for a column, not the table", () => {
    const database = new SQL.Database();
    database.exec(`CREATE TABLE wide (id INTEGER PRIMARY KEY, a TEXT, b TEXT, c INTEGER, d REAL);
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300) INSERT INTO wide SELECT i, 'a' || (i % 7), 'b' || (i % 3), i % 11, i / 3.0 FROM n;
      CREATE TABLE small (x TEXT); INSERT INTO small VALUES ('one');`);
    const schema = readSchema(database);
    // Every reading of the clock is 25 ms later: a pause is due after the pass over the rows and after each column.
    let clock = 0;
    const steps = profileTables(database, schema, "fixture", { now: () => (clock += 25) });
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      pauses += 1;
      step = steps.next();
    }
    // One after each table, as before, and within each one after its pass over the rows and one after each column
    // ("wide": 5, "small": 1).
    expect(pauses).toBe(2 + (1 + 5) + (1 + 1));
    const { elapsedMs: _paused, ...withPauses } = step.value;
    const { elapsedMs: _atOnce, ...atOnce } = profileDatabase(database, schema, "fixture");
    expect(withPauses).toEqual(atOnce);
    database.close();
  });

  it("looks at the first overBudgetSampleRows rows of a table not counted (a database read on demand)", () => {
    const database = new SQL.Database();
    database.exec(`CREATE TABLE readings (id INTEGER PRIMARY KEY, sensor TEXT);
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000) INSERT INTO readings SELECT i, 's' || (i % 4) FROM n;`);
    const counted = readSchema(database);
    const notCounted = { tables: counted.tables.map((table) => ({ ...table, rowCount: null })) };
    const options = { sampleThreshold: 100, sampleRows: 3_000, overBudgetSampleRows: 200 };
    expect(tableOf(profileDatabase(database, notCounted, "fixture", options), "readings")).toMatchObject({ rowCount: null, rowsProfiled: 200 });
    expect(columnOf(profileDatabase(database, notCounted, "fixture", options), "readings", "sensor").approximate).toBe(true);
    // Counted, the same table is sampled as before.
    expect(tableOf(profileDatabase(database, counted, "fixture", options), "readings").rowsProfiled).toBeGreaterThan(2_500);
    database.close();
  });

  it("once the time budget is spent, the remaining tables get a small sample", async () => {
    const engine = await engineWith(LARGE);
    // Every reading of the clock is 100 ms later: the first table's profile spends the budget, and the view after it
    // gets the small sample.
    let clock = 0;
    const profile = await engine.profile({ sampleRows: 2_000, timeBudgetMs: 10, overBudgetSampleRows: 100, now: () => (clock += 100) });
    expect(profile.tables.map((table) => table.table)).toEqual(["events", "all_events"]);
    expect(tableOf(profile, "events").rowsProfiled).toBeGreaterThan(1_800);
    expect(tableOf(profile, "all_events").rowsProfiled).toBe(100);
    expect(columnOf(profile, "all_events", "id").approximate).toBe(true);
  });

  it("profiles the largest sample in bounded time", async () => {
    const engine = DatabaseService.create(SQL);
    const opened = await engine.open(new Uint8Array(readFileSync(new URL("../../../public/samples/bookshop.sqlite", import.meta.url))));
    expect(opened.ok).toBe(true);
    const profile = await engine.profile();
    const columns = profile.tables.reduce((sum, table) => sum + table.columns.length, 0);
    console.info(`bookshop.sqlite: ${columns} columns profiled in ${profile.elapsedMs.toFixed(0)} ms`);
    expect(columns).toBeGreaterThan(50);
    expect(profile.elapsedMs).toBeLessThan(10_000);
  });
});

describe("profile a table at a time", () => {
  const TABLES = Array.from(
    { length: 6 },
    (_, index) => `CREATE TABLE t${index} (id INTEGER PRIMARY KEY, label TEXT); INSERT INTO t${index} (label) VALUES ('a${index}'), ('b${index}');`,
  ).join("\n");

  /** The statements the service's connection is given by exec (the profile's), with the query's answer marked among them. */
  function watchExec(engine: DatabaseService): string[] {
    const connection = (engine as unknown as { engine: { connection: { exec(sql: string): unknown } } }).engine.connection;
    const log: string[] = [];
    const exec = connection.exec.bind(connection);
    connection.exec = (sql: string) => {
      log.push(sql);
      return exec(sql);
    };
    return log;
  }

  it("answers a query asked while it profiles before it reaches the last table", async () => {
    const engine = await engineWith(TABLES);
    const log = watchExec(engine);
    const profiling = engine.profile();
    const answered = await engine.execute("SELECT 1");
    expect(answered.ok).toBe(true);
    log.push("-- the query answered");
    const profile = await profiling;
    expect(profile.tables.map((table) => table.table)).toEqual(["t0", "t1", "t2", "t3", "t4", "t5"]);
    const answeredAt = log.indexOf("-- the query answered");
    // The profile's own statement of the last table (the schema's row counts read it too, before the profile).
    const lastTableAt = log.findIndex((sql) => sql.includes('count(*) AS n FROM "t5"'));
    expect(lastTableAt).toBeGreaterThan(-1);
    expect(answeredAt).toBeLessThan(lastTableAt);
  });

  it("takes one profile for callers who ask for the same content while it is taken", async () => {
    const engine = await engineWith(TABLES);
    const log = watchExec(engine);
    const [first, second] = await Promise.all([engine.profile(), engine.profile()]);
    expect(second).toBe(first);
    expect(log.filter((sql) => sql.includes('count(*) AS n FROM "t0"'))).toHaveLength(2); // id and label, once each
  });

  it("profiles again what is open when a write comes between its tables", async () => {
    const engine = await engineWith(TABLES);
    const profiling = engine.profile();
    const written = await engine.execute("INSERT INTO t5 (label) VALUES ('c5')");
    expect(written.ok && written.databaseChanged).toBe(true);
    const profile = await profiling;
    expect(profile.contentKey).toBe(await engine.contentKey());
    expect(tableOf(profile, "t5").rowCount).toBe(3);
    expect(columnOf(profile, "t5", "label").distinctCount).toBe(3);
  });
});

describe("profile cache and content key", () => {
  it("answers a second call from the cache and recomputes after a write", async () => {
    const engine = await engineWith(SMALL);
    const first = await engine.profile();
    const second = await engine.profile();
    expect(second).toBe(first);
    const written = await engine.execute("INSERT INTO pets (kind) VALUES ('fish')");
    expect(written.ok && written.databaseChanged).toBe(true);
    const third = await engine.profile();
    expect(third.contentKey).not.toBe(first.contentKey);
    expect(tableOf(third, "pets").rowCount).toBe(7);
    expect(columnOf(third, "pets", "kind").topValues.map((entry) => entry.value)).toContain("fish");
  });

  it("keeps the key after a read and changes it after an import", async () => {
    const engine = await engineWith(SMALL);
    const key = await engine.contentKey();
    await engine.execute("SELECT * FROM pets");
    await engine.profile();
    expect(await engine.contentKey()).toBe(key);
    const imported = await engine.importTable("more.csv", new TextEncoder().encode("a,b\n1,2\n"), "csv");
    expect(imported.ok).toBe(true);
    expect(await engine.contentKey()).not.toBe(key);
    expect((await engine.profile()).tables.map((table) => table.table)).toContain("more");
  });

  it("gives the same bytes the same key when reopened, and other bytes another", async () => {
    const bytes = bytesOf(SMALL);
    const first = DatabaseService.create(SQL);
    await first.open(bytes);
    const second = DatabaseService.create(SQL);
    await second.open(bytes.slice());
    expect(await second.contentKey()).toBe(await first.contentKey());
    await second.open(bytesOf(`${SMALL} INSERT INTO pets (kind) VALUES ('fish');`));
    expect(await second.contentKey()).not.toBe(await first.contentKey());
    // Two sessions that write to the same file never share a key: their changes may differ.
    await first.execute("DELETE FROM pets WHERE id = 1");
    const other = DatabaseService.create(SQL);
    await other.open(bytes);
    await other.execute("DELETE FROM pets WHERE id = 2");
    expect(await other.contentKey()).not.toBe(await first.contentKey());
  });

  it("hashes bytes by every byte", () => {
    const bytes = new Uint8Array(4099).map((_value, index) => index % 251);
    const changed = bytes.slice();
    changed[4098] = 7;
    expect(hashBytes(bytes)).toBe(hashBytes(bytes.slice()));
    expect(hashBytes(changed)).not.toBe(hashBytes(bytes));
  });
});
