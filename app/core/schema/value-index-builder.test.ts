// The streamed value index: the same values as SELECT DISTINCT, its caps, its chunks, its cancellation, its snapshot, its host in the worker.
import { readFileSync } from "node:fs";
import initSqlJs, { type SqlJsStatic } from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";
import { DatabaseService } from "../database-service";
import type { ReadOnlyDatabase } from "../db/read-only-query";
import { quoteIdentifier } from "../db/identifiers";
import { SqliteEngine } from "../db/sqljs-engine";
import { ValueIndex, type ColumnValues } from "./value-index";
import { buildValueIndex, indexFromColumns, VALUES_PER_STEP, ValueIndexingCancelled } from "./value-index-builder";
import { decodeValueSnapshot, encodeValueSnapshot, valueSnapshotParts } from "./value-snapshot";
import { textColumnsOf, type ValueReadProgress } from "./value-stream";

let SQL: SqlJsStatic;
beforeAll(async () => {
  SQL = await initSqlJs();
});

async function engineWith(sql: string | Uint8Array): Promise<SqliteEngine> {
  const engine = new SqliteEngine(SQL);
  if (typeof sql === "string") {
    await engine.open(null);
    const outcome = await engine.execute(sql);
    if (!outcome.ok) throw new Error(outcome.error.message);
  } else await engine.open(sql);
  return engine;
}

/** The values as the index read them before it was streamed: one SELECT DISTINCT per text column. */
async function distinctValues(database: ReadOnlyDatabase): Promise<ColumnValues[]> {
  const collected: ColumnValues[] = [];
  for (const { table, columns } of textColumnsOf(await database.schema())) {
    for (const column of columns) {
      const name = quoteIdentifier(column);
      const outcome = await database.executeReadOnly(`SELECT DISTINCT ${name} FROM ${quoteIdentifier(table.name)} WHERE typeof(${name}) = 'text'`, {
        maxRows: 1e7,
      });
      if (!outcome.ok) throw new Error(outcome.error.message);
      const values = outcome.rows.map((row) => row[0] as string);
      if (values.length > 0) collected.push({ table: table.name, column, values });
    }
  }
  return collected;
}

const byColumn = (columns: Array<{ table: string; column: string; values: string[] }>) =>
  Object.fromEntries(columns.map(({ table, column, values }) => [`${table}.${column}`, [...values].sort()]));
/**
 * Matches compared as sets: the order of equal scores follows the order columns were met in. A word or year match
 * shows one example value, the first met: rowid order here, an index's order for SELECT DISTINCT over an indexed column.
 */
const matchSet = (matches: Array<{ table: string; column: string; value: string; score: number; kind: string }>) =>
  matches.map((match) => `${match.table}.${match.column}${match.kind === "exact" ? `=${match.value}` : ""}:${match.kind}:${match.score.toFixed(6)}`).sort();

const QUESTIONS = [
  "Which books did Penguin publish in 2021?",
  "How many patients saw a cardiologist in Boston?",
  "Flights from London Heathrow to Paris",
  "customers with gold loyalty",
  "Show the orders that were cancelled",
];

/** Counts the queries and the largest LIMIT a reader asked for. */
function counted(database: ReadOnlyDatabase): ReadOnlyDatabase & { queries: number; largestMaxRows: number } {
  const wrapper = {
    queries: 0,
    largestMaxRows: 0,
    schema: () => database.schema(),
    executeReadOnly: (sql: string, options: Parameters<ReadOnlyDatabase["executeReadOnly"]>[1]) => {
      wrapper.queries += 1;
      wrapper.largestMaxRows = Math.max(wrapper.largestMaxRows, options.maxRows);
      return database.executeReadOnly(sql, options);
    },
  };
  return wrapper;
}

describe("the streamed value index", () => {
  for (const sample of ["bookshop", "clinic", "flights"]) {
    it(`reads the same values as SELECT DISTINCT and matches the same on the ${sample} sample`, async () => {
      const engine = await engineWith(new Uint8Array(readFileSync(`public/samples/${sample}.sqlite`)));
      const reference = await distinctValues(engine);
      const built = await buildValueIndex(engine, await engine.schema(), { limits: { perColumn: 1e7, total: 1e8 } });
      expect(byColumn(built.columns)).toEqual(byColumn(reference));
      expect(built.truncated).toBe(false);
      const before = new ValueIndex(reference);
      expect(built.index.valueCount).toBe(before.valueCount);
      for (const question of QUESTIONS) expect(matchSet(built.index.match(question))).toEqual(matchSet(before.match(question)));
    });
  }

  const CODES = `CREATE TABLE items (id INTEGER PRIMARY KEY, code TEXT, colour TEXT, weight REAL);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50)
    INSERT INTO items (code, colour, weight) SELECT 'C' || i, CASE i % 3 WHEN 0 THEN 'red' WHEN 1 THEN 'green' ELSE 'blue' END, i FROM n;
    CREATE TABLE notes (body);
    INSERT INTO notes VALUES ('first'), ('second'), ('third'), (NULL), (42);`;

  it("keeps at most perColumn values of a column and total in all, and says values were left out", async () => {
    const engine = await engineWith(CODES);
    const schema = await engine.schema();
    const perColumn = await buildValueIndex(engine, schema, { limits: { perColumn: 10 } });
    expect(byColumn(perColumn.columns)["items.code"]).toHaveLength(10);
    expect(byColumn(perColumn.columns)["items.colour"]).toEqual(["blue", "green", "red"]);
    expect(perColumn.truncated).toBe(true);
    const total = await buildValueIndex(engine, schema, { limits: { total: 20 } });
    expect(total.index.valueCount).toBe(20);
    expect(total.columns.reduce((sum, column) => sum + column.values.length, 0)).toBe(20);
    expect(total.truncated).toBe(true);
    const all = await buildValueIndex(engine, schema);
    expect(all.truncated).toBe(false);
    // Only text is read: the NULL and the number stored in notes.body are not values.
    expect(byColumn(all.columns)["notes.body"]).toEqual(["first", "second", "third"]);
  });

  it("reads a table in chunks of chunkRows rows, pausing between them, with the same result as one read", async () => {
    const engine = await engineWith(CODES);
    const schema = await engine.schema();
    const whole = await buildValueIndex(engine, schema);
    const reader = counted(engine);
    let pauses = 0;
    const chunked = await buildValueIndex(reader, schema, { limits: { chunkRows: 7 }, pause: async () => void (pauses += 1) });
    expect(reader.largestMaxRows).toBe(7);
    // items: 50 rows in 8 reads (the last one short); notes: 5 rows in one.
    expect(reader.queries).toBe(9);
    expect(pauses).toBeGreaterThanOrEqual(8);
    expect(byColumn(chunked.columns)).toEqual(byColumn(whole.columns));
    expect(matchSet(chunked.index.match("the red C7 item"))).toEqual(matchSet(whole.index.match("the red C7 item")));
  });

  it("reads a table without rowid with one capped DISTINCT per column", async () => {
    const engine = await engineWith(
      "CREATE TABLE tags (tag TEXT PRIMARY KEY, kind TEXT) WITHOUT ROWID; INSERT INTO tags VALUES ('sale', 'promo'), ('new', 'promo'), ('eco', 'label');",
    );
    const built = await buildValueIndex(engine, await engine.schema());
    expect(byColumn(built.columns)).toEqual({ "tags.tag": ["eco", "new", "sale"], "tags.kind": ["label", "promo"] });
  });

  it("stops at the next chunk once its signal is aborted", async () => {
    const engine = await engineWith(CODES);
    const controller = new AbortController();
    let chunks = 0;
    const building = buildValueIndex(engine, await engine.schema(), {
      limits: { chunkRows: 5 },
      signal: controller.signal,
      pause: async () => {
        chunks += 1;
        if (chunks === 2) controller.abort("The database changed.");
      },
    });
    await expect(building).rejects.toThrow(ValueIndexingCancelled);
    await expect(building).rejects.toThrow("The database changed.");
    expect(chunks).toBe(2);
  });

  // A column of a few codes has given them all in the first read; the rest of the table is still read for the column
  // of distinct notes. Reads that found nothing new once ran back to back with no pause: in the worker, a query the
  // person ran waited for the whole table (16.8 s behind a 401 MB file's index build, measured).
  const FEW_CODES_THEN_NOTHING_NEW = `CREATE TABLE readings (id INTEGER PRIMARY KEY, station TEXT, note TEXT);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
    INSERT INTO readings (station, note) SELECT 'station ' || (i % 3), 'note ' || i FROM n;`;

  /** The engine as a reader that tells `onRead` each query it is asked. */
  function readerTelling(engine: SqliteEngine, onRead: (sql: string) => void): ReadOnlyDatabase {
    return {
      schema: () => engine.schema(),
      executeReadOnly: (sql, options) => {
        onRead(sql);
        return engine.executeReadOnly(sql, options);
      },
    };
  }

  it("pauses after every read, also the reads that find no new value", async () => {
    const engine = await engineWith(FEW_CODES_THEN_NOTHING_NEW);
    const events: string[] = [];
    const reader = readerTelling(engine, () => events.push("read"));
    // notes fill their cap of 10 in the first two reads of 5 rows; stations have given all 3 by then.
    const built = await buildValueIndex(reader, await engine.schema(), {
      limits: { chunkRows: 5, perColumn: 10 },
      pause: async () => void events.push("pause"),
    });
    expect(byColumn(built.columns)["readings.station"]).toEqual(["station 0", "station 1", "station 2"]);
    // 60 rows in reads of 5: 12 reads, and the 13th finds the table's end.
    expect(events.filter((event) => event === "read")).toHaveLength(13);
    expect(events.join(" ")).not.toContain("read read");
    expect(events.at(-1)).toBe("pause");
  });

  it("stops reading a column once it has given perColumn values, and reads the others on", async () => {
    const engine = await engineWith(FEW_CODES_THEN_NOTHING_NEW);
    const queries: string[] = [];
    const reader = readerTelling(engine, (sql) => queries.push(sql));
    const built = await buildValueIndex(reader, await engine.schema(), { limits: { chunkRows: 5, perColumn: 10 }, pause: async () => undefined });
    expect(queries.slice(0, 2).every((sql) => sql.includes('"note"'))).toBe(true);
    expect(queries.slice(2).some((sql) => sql.includes('"note"'))).toBe(false);
    expect(queries.every((sql) => sql.includes('"station"'))).toBe(true);
    expect(byColumn(built.columns)["readings.note"]).toEqual(Array.from({ length: 10 }, (_, index) => `note ${index + 1}`).sort());
    expect(byColumn(built.columns)["readings.station"]).toEqual(["station 0", "station 1", "station 2"]);
  });

  it("stops once its signal is aborted while reads find no new value", async () => {
    const engine = await engineWith(FEW_CODES_THEN_NOTHING_NEW);
    const controller = new AbortController();
    let reads = 0;
    const reader = readerTelling(engine, () => (reads += 1));
    const building = buildValueIndex(reader, await engine.schema(), {
      limits: { chunkRows: 5, perColumn: 10 },
      signal: controller.signal,
      pause: async () => {
        if (reads === 6) controller.abort("The database changed.");
      },
    });
    await expect(building).rejects.toThrow("The database changed.");
    expect(reads).toBe(6);
  });
});

describe("the value snapshot", () => {
  it("gives back every column, value and key, and an index that matches the same", async () => {
    const engine = await engineWith(new Uint8Array(readFileSync("public/samples/bookshop.sqlite")));
    const built = await buildValueIndex(engine, await engine.schema());
    const withOddText = [
      ...built.columns,
      { table: "t", column: "c", values: ["Zürich", "東京", "a\u0000b", "😀 emoji", ""], keys: ["zurich", "東京", "a b", "emoji", ""] },
    ];
    const decoded = decodeValueSnapshot(encodeValueSnapshot({ columns: withOddText, truncated: true }));
    expect(decoded).toEqual({ columns: withOddText, truncated: true });
    const reloaded = await indexFromColumns(decodeValueSnapshot(encodeValueSnapshot(built)).columns);
    for (const question of QUESTIONS) expect(matchSet(reloaded.match(question))).toEqual(matchSet(built.index.match(question)));
  });

  it("is rebuilt from stored columns a few thousand values per step, with a pause after each", async () => {
    const count = 2 * VALUES_PER_STEP + 1;
    const values = Array.from({ length: count }, (_, index) => `value ${index}`);
    let pauses = 0;
    const index = await indexFromColumns([{ table: "t", column: "c", values, keys: values }], { pause: async () => void (pauses += 1) });
    expect(index.valueCount).toBe(count);
    expect(pauses).toBe(3);
    expect(VALUES_PER_STEP).toBeLessThanOrEqual(5_000);
  });

  it("is written in parts of at most valuesPerPart values' text, which together read back whole", async () => {
    const columns = [
      { table: "t", column: "c", values: ["Zürich", "東京", "a\u0000b", "😀 emoji", ""], keys: ["zurich", "東京", "a b", "emoji", ""] },
      { table: "t", column: "d", values: ["x", "y"], keys: ["x", "y"] },
    ];
    const parts = [...valueSnapshotParts({ columns, truncated: false }, 2)];
    // The header and lengths, then 7 values' text two at a time.
    expect(parts).toHaveLength(1 + 4);
    expect(parts.slice(1).map((part) => new TextDecoder().decode(part))).toEqual(["Zürichzurich東京東京", "a\u0000ba b😀 emojiemoji", "xx", "yy"]);
    const joined = await new Blob(parts).arrayBuffer();
    expect(decodeValueSnapshot(joined)).toEqual({ columns, truncated: false });
    expect(new Uint8Array(joined)).toEqual(new Uint8Array(encodeValueSnapshot({ columns, truncated: false })));
  });

  it("refuses a buffer of another version or cut short", () => {
    const buffer = encodeValueSnapshot({ columns: [{ table: "t", column: "c", values: ["x"], keys: ["x"] }], truncated: false });
    expect(() => decodeValueSnapshot(buffer.slice(0, buffer.byteLength - 1))).toThrow();
    const other = new Uint8Array(buffer.slice(0));
    const header = new TextDecoder().decode(other.subarray(4, 4 + new DataView(other.buffer).getUint32(0, true)));
    other.set(new TextEncoder().encode(header.replace('"version":1', '"version":9')), 4);
    expect(() => decodeValueSnapshot(other.buffer)).toThrow("version 9");
  });
});

describe("the value index in the database service (the SQLite worker)", () => {
  async function service(sql: string): Promise<DatabaseService> {
    const created = DatabaseService.create(SQL);
    await created.open(null);
    await created.execute(sql);
    // A fresh open gives the content its stable key (the hash of its bytes).
    await created.open(await created.exportDatabase());
    return created;
  }

  it("matches by content key, forgets the index on a write, and rebuilds it from a snapshot without reading the database", async () => {
    const database = await service("CREATE TABLE city (name TEXT); INSERT INTO city VALUES ('Paris'), ('Lyon');");
    const key = await database.contentKey();
    expect(await database.matchValues(key, "people in Paris")).toBeNull();
    const built = await database.indexValues();
    expect(built).toMatchObject({ ok: true, contentKey: key, valueCount: 2, columnCount: 1, truncated: false });
    const snapshot = built.ok ? built.snapshot : null;
    expect(snapshot).toBeInstanceOf(Blob);
    expect((await database.matchValues(key, "people in Paris"))?.[0]).toMatchObject({ table: "city", column: "name", value: "Paris" });
    // Asked again for the same content: the index is there, nothing to keep.
    expect(await database.indexValues()).toMatchObject({ ok: true, snapshot: null });

    await database.execute("INSERT INTO city VALUES ('Nice')");
    expect(await database.matchValues(key, "people in Paris")).toBeNull();
    const changedKey = await database.contentKey();
    expect(changedKey).not.toBe(key);
    expect(await database.loadValueIndex(key, snapshot!)).toMatchObject({ ok: false, cancelled: true });

    // The same bytes opened again (a reload): the snapshot stands in for reading the values.
    const reopened = DatabaseService.create(SQL);
    await reopened.open(await (await service("CREATE TABLE city (name TEXT); INSERT INTO city VALUES ('Paris'), ('Lyon');")).exportDatabase());
    expect(await reopened.contentKey()).toBe(key);
    expect(await reopened.loadValueIndex(key, snapshot!)).toMatchObject({ ok: true, valueCount: 2, snapshot: null });
    expect((await reopened.matchValues(key, "trains to lyon"))?.[0]).toMatchObject({ value: "Lyon" });
  });

  it("matches with the language the retriever told, as the index in process does", async () => {
    const database = await service("CREATE TABLE country (code TEXT); INSERT INTO country VALUES ('ES'), ('AN'), ('DE');");
    await database.indexValues();
    const key = await database.contentKey();
    const question = "wie viele kunden gibt es";
    const inProcess = new ValueIndex([{ table: "country", column: "code", values: ["ES", "AN", "DE"] }]);
    expect(await database.matchValues(key, question, "german")).toEqual(inProcess.match(question, "german"));
    expect(await database.matchValues(key, question, "english")).toEqual(inProcess.match(question, "english"));
    // German function words are weak evidence: 'es' is not the stored code there, as it may be in English.
    expect(await database.matchValues(key, question, "german")).not.toEqual(await database.matchValues(key, question, "english"));
  });

  it("reports its progress to the page a few times, not twice per table, and ends with every table read", async () => {
    const tables = 400;
    const statements = Array.from({ length: tables }, (_, index) => `CREATE TABLE t${index} (name TEXT); INSERT INTO t${index} VALUES ('v${index}');`);
    const database = await service(statements.join("\n"));
    const reports: ValueReadProgress[] = [];
    const built = await database.indexValues((progress) => reports.push(progress));
    expect(built).toMatchObject({ ok: true, valueCount: tables });
    // The reading reports after each chunk and each table (800 here); one per 100 ms reaches the page.
    expect(reports.length).toBeGreaterThan(0);
    expect(reports.length).toBeLessThan(tables / 4);
    expect(reports.at(-1)).toEqual({ values: tables, tablesDone: tables, tables });
  });

  it("cancels a build when the database changes while it runs", async () => {
    const database = await service(`CREATE TABLE words (w TEXT);
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) INSERT INTO words SELECT 'word' || i FROM n;`);
    const building = database.indexValues();
    await database.execute("INSERT INTO words VALUES ('late')");
    expect(await building).toMatchObject({ ok: false, cancelled: true, message: expect.stringContaining("changed") });
    expect(await database.indexValues()).toMatchObject({ ok: true, valueCount: 20001 });
  });
});
