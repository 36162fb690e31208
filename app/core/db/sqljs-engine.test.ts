// One test table for the database service the worker exposes, run twice: in process, and through comlink over a message channel as the worker does.
import * as Comlink from "comlink";
import initSqlJs, { type Statement } from "sql.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DatabaseService } from "../database-service";
import { MAX_DATABASE_BYTES, SqliteEngine, checkDatabaseBytes, checkDatabaseSize } from "./sqljs-engine";
import { whenReady } from "./when-ready";
import { hashBytes } from "./content-hash";
import { loadSqlJs } from "../../cli/node-engine";

type EngineApi = Pick<
  DatabaseService,
  "open" | "execute" | "fetchRows" | "schema" | "exportDatabase" | "importTable" | "inTransaction" | "exportResult" | "checkPages"
>;

const FIXTURE_SQL = `
CREATE TABLE authors (
  author_id INTEGER PRIMARY KEY, -- Unique author id
  name TEXT NOT NULL, -- Full name
  born INTEGER
);
CREATE TABLE books (
  book_id INTEGER PRIMARY KEY, -- Unique book id
  title TEXT NOT NULL, -- Title on the cover
  author_id INTEGER REFERENCES authors(author_id), -- Who wrote it
  price REAL,
  cover BLOB
);
CREATE INDEX books_by_author ON books(author_id);
CREATE VIEW cheap_books AS SELECT title FROM books WHERE price < 10;
INSERT INTO authors VALUES (1, 'Ada', 1815), (2, 'Alan', NULL);
INSERT INTO books VALUES (1, 'Notes', 1, 9.5, x'89504e47'), (2, 'NULL', 2, 12, NULL), (3, '', 2, NULL, NULL);
`;

let fixtureBytes: Uint8Array;

beforeAll(async () => {
  // sql.js loads once per file: loaded keeping its memory, every engine here runs on the C API source (statement-stream.ts).
  const SQL = await loadSqlJs();
  const database = new SQL.Database();
  database.exec(FIXTURE_SQL);
  fixtureBytes = database.export();
  database.close();
});

async function inProcess(): Promise<EngineApi> {
  return DatabaseService.create(await initSqlJs());
}

const channels: MessageChannel[] = [];
async function overComlink(): Promise<EngineApi> {
  const channel = new MessageChannel();
  channels.push(channel);
  // The worker exposes the engine before sql.js has loaded; do the same here.
  Comlink.expose(whenReady(initSqlJs().then((SQL) => DatabaseService.create(SQL))), channel.port1 as unknown as Comlink.Endpoint);
  return Comlink.wrap<EngineApi>(channel.port2 as unknown as Comlink.Endpoint) as unknown as EngineApi;
}

afterAll(() => {
  for (const channel of channels) {
    channel.port1.close();
    channel.port2.close();
  }
});

describe.each([
  ["in process", inProcess],
  ["through comlink", overComlink],
])("SQLite engine %s", (_name, makeEngine) => {
  async function engineWithFixture(): Promise<EngineApi> {
    const engine = await makeEngine();
    const opened = await engine.open(fixtureBytes);
    expect(opened.ok).toBe(true);
    return engine;
  }

  it("returns columns, rows, and keeps NULL apart from the text 'NULL' and BLOBs as bytes", async () => {
    const engine = await engineWithFixture();
    const outcome = await engine.execute("SELECT title, price, cover FROM books ORDER BY book_id");
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.columns).toEqual(["title", "price", "cover"]);
    expect(outcome.rowCount).toBe(3);
    expect(outcome.firstRows[1]).toEqual(["NULL", 12, null]);
    expect(outcome.firstRows[2]?.[0]).toBe("");
    expect(outcome.firstRows[0]?.[2]).toBeInstanceOf(Uint8Array);
    expect(Array.from(outcome.firstRows[0]?.[2] as Uint8Array)).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(outcome.databaseChanged).toBe(false);
  });

  it("runs several statements, reports changes, and shows the last result", async () => {
    const engine = await engineWithFixture();
    const outcome = await engine.execute("INSERT INTO authors(name) VALUES ('Grace'); UPDATE books SET price = 1; SELECT count(*) AS n FROM authors;");
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.statementCount).toBe(3);
    expect(outcome.rowsModified).toBe(4);
    expect(outcome.databaseChanged).toBe(true);
    expect(outcome.firstRows).toEqual([[3]]);
  });

  it("locates the failing statement of a batch and keeps the statements before it", async () => {
    const engine = await engineWithFixture();
    const batch = "INSERT INTO authors(name) VALUES ('Edsger');\nSELECT nme FROM authors;\nSELECT 1;";
    const outcome = await engine.execute(batch);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.kind).toBe("sql-error");
    expect(outcome.error.message).toMatch(/no such column: nme/);
    expect(outcome.error.statementIndex).toBe(1);
    expect(batch.slice(outcome.error.statementStart, outcome.error.statementEnd)).toBe("SELECT nme FROM authors;");
    expect(outcome.databaseChanged).toBe(true);
    const count = await engine.execute("SELECT count(*) FROM authors");
    expect(count.ok && count.firstRows[0]?.[0]).toBe(3);
  });

  it("reports a syntax error with SQLite's words", async () => {
    const engine = await engineWithFixture();
    const outcome = await engine.execute("SELECT * FORM books");
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.message).toMatch(/near "books": syntax error|near "FORM"/);
  });

  it("keeps a million rows for paging and cuts beyond the limit while still counting", async () => {
    const engine = await makeEngine();
    await engine.open(null);
    const sql = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 1000000) SELECT x, x * 2 AS y FROM c";
    const outcome = await engine.execute(sql);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok || !outcome.resultId) return;
    expect(outcome.rowCount).toBe(1_000_000);
    expect(outcome.storedRowCount).toBe(1_000_000);
    expect(outcome.firstRows.length).toBe(200);
    const page = await engine.fetchRows(outcome.resultId, 999_990, 200);
    expect(page.ok && page.rows.length).toBe(10);
    expect(page.ok && page.rows[9]).toEqual([1_000_000, 2_000_000]);
    const cut = await engine.execute(sql, { maxStoredRows: 1000 });
    expect(cut.ok && [cut.rowCount, cut.storedRowCount, cut.truncated]).toEqual([1_000_000, 1000, true]);
  });

  it("refuses a file that is not SQLite and keeps the open database", async () => {
    const engine = await engineWithFixture();
    const outcome = await engine.open(new TextEncoder().encode("name,age\nAda,36\n".repeat(100)));
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.kind).toBe("not-a-database");
      expect(outcome.error.message).toMatch(/not a SQLite database/);
    }
    const still = await engine.execute("SELECT count(*) FROM books");
    expect(still.ok && still.firstRows[0]?.[0]).toBe(3);
  });

  it("refuses an empty file", async () => {
    const engine = await engineWithFixture();
    const outcome = await engine.open(new Uint8Array(0));
    expect(!outcome.ok && outcome.error.kind).toBe("empty-file");
  });

  it("refuses a truncated database and keeps the open one", async () => {
    const engine = await engineWithFixture();
    // A bigger database so truncation cuts real pages.
    await engine.execute(
      "CREATE TABLE filler(x); WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c LIMIT 5000) INSERT INTO filler SELECT randomblob(200) FROM c;",
    );
    const full = await engine.exportDatabase();
    const outcome = await engine.open(full.slice(0, Math.floor(full.byteLength / 2)));
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.kind).toBe("corrupt-database");
    const still = await engine.execute("SELECT count(*) FROM filler");
    expect(still.ok && still.firstRows[0]?.[0]).toBe(5000);
  });

  it("opens a file known to be whole (a bundled sample) without the page check, and still refuses one that is not SQLite", async () => {
    const engine = await makeEngine();
    const opened = await engine.open(fixtureBytes, { checkPages: false });
    expect(opened.ok).toBe(true);
    const rows = await engine.execute("SELECT count(*) FROM books");
    expect(rows.ok && rows.firstRows[0]?.[0]).toBe(3);
    const refused = await engine.open(new TextEncoder().encode("name,age\nAda,36\n".repeat(100)), { checkPages: false });
    expect(!refused.ok && refused.error.kind).toBe("not-a-database");
  });

  it("checks the pages of a database opened without the check when asked later (a copy reopened from the browser's storage)", async () => {
    const engine = await engineWithFixture();
    await engine.execute(
      "CREATE TABLE filler(x); WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c LIMIT 2000) INSERT INTO filler SELECT randomblob(200) FROM c;",
    );
    const damaged = await engine.exportDatabase();
    const pageSize = (damaged[16]! << 8) | damaged[17]!;
    const middle = Math.floor(damaged.byteLength / pageSize / 2) * pageSize;
    damaged.fill(0xff, middle, middle + pageSize);
    const opened = await engine.open(damaged, { checkPages: false });
    expect(opened.ok).toBe(true);
    const damage = await engine.checkPages();
    expect(damage?.kind).toBe("corrupt-database");
    expect(damage?.message).toMatch(/^The database is damaged/);
    expect((await engine.open(fixtureBytes, { checkPages: false })).ok).toBe(true);
    expect(await engine.checkPages()).toBeNull();
  });

  it("refuses a valid header followed by garbage pages", async () => {
    const engine = await engineWithFixture();
    const garbage = new Uint8Array(fixtureBytes);
    for (let index = 100; index < garbage.length; index += 1) garbage[index] = (index * 7919) % 251;
    const outcome = await engine.open(garbage);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(["corrupt-database", "not-a-database"]).toContain(outcome.error.kind);
  });

  it("describes tables, views, keys, indexes and column comments", async () => {
    const engine = await engineWithFixture();
    const schema = await engine.schema();
    const books = schema.tables.find((table) => table.name === "books");
    expect(books?.rowCount).toBe(3);
    expect(books?.foreignKeys).toEqual([{ fromColumns: ["author_id"], toTable: "authors", toColumns: ["author_id"] }]);
    expect(books?.indexes.map((index) => index.name)).toContain("books_by_author");
    expect(books?.columns.find((column) => column.name === "title")?.comment).toBe("Title on the cover");
    expect(books?.columns.find((column) => column.name === "book_id")?.primaryKeyPosition).toBe(1);
    expect(books?.columns.find((column) => column.name === "price")?.comment).toBeNull();
    const view = schema.tables.find((table) => table.name === "cheap_books");
    expect(view?.kind).toBe("view");
    expect(view?.rowCount).toBeNull();
  });

  it("still tells a write from a read after an export (which frees the engine's prepared statements)", async () => {
    const engine = await engineWithFixture();
    const read = await engine.execute("SELECT count(*) FROM authors");
    expect(read.ok && read.databaseChanged).toBe(false);
    await engine.exportDatabase();
    const write = await engine.execute("INSERT INTO authors(name) VALUES ('Frances')");
    expect(write.ok && write.databaseChanged).toBe(true);
    const again = await engine.execute("SELECT count(*) FROM authors");
    expect(again.ok && again.databaseChanged).toBe(false);
    expect(again.ok && again.firstRows[0]?.[0]).toBe(3);
    const schemaChange = await engine.execute("CREATE TABLE notes (text)");
    expect(schemaChange.ok && schemaChange.databaseChanged).toBe(true);
  });

  it("tells a change of the schema alone from a read, wherever in a run it comes and however it is undone", async () => {
    const engine = await engineWithFixture();
    // No row changes in any of these: only the schema's version can tell.
    const changes = [
      "SELECT 1; CREATE INDEX books_by_price ON books(price); SELECT 2",
      "/* a comment first */ DROP INDEX books_by_price",
      "VALUES (1); ALTER TABLE authors RENAME TO writers",
      "BEGIN; CREATE TABLE scratch (a)",
    ];
    for (const sql of changes) {
      const outcome = await engine.execute(sql);
      expect(outcome.ok && outcome.databaseChanged, sql).toBe(true);
    }
    // The rollback undoes the CREATE TABLE of the run before: a change too.
    const rolledBack = await engine.execute("ROLLBACK");
    expect(rolledBack.ok && rolledBack.databaseChanged).toBe(true);
    expect((await engine.schema()).tables.map((table) => table.name)).not.toContain("scratch");
    for (const sql of [
      "SELECT count(*) FROM writers",
      "WITH w AS (SELECT * FROM writers) SELECT count(*) FROM w",
      "EXPLAIN CREATE TABLE never (a)",
      "PRAGMA table_info(writers)",
    ]) {
      const outcome = await engine.execute(sql);
      expect(outcome.ok && outcome.databaseChanged, sql).toBe(false);
    }
    const failed = await engine.execute("CREATE TABLE late (a); SELECT nope FROM late");
    expect(!failed.ok && failed.databaseChanged).toBe(true);
  });

  it("exports bytes that reopen to the same data", async () => {
    const engine = await engineWithFixture();
    await engine.execute("INSERT INTO authors(name) VALUES ('Barbara')");
    const bytes = await engine.exportDatabase();
    const other = await makeEngine();
    expect((await other.open(bytes)).ok).toBe(true);
    const outcome = await other.execute("SELECT name FROM authors ORDER BY author_id DESC LIMIT 1");
    expect(outcome.ok && outcome.firstRows[0]?.[0]).toBe("Barbara");
  });

  it("knows when an explicit transaction is open", async () => {
    const engine = await engineWithFixture();
    expect(await engine.inTransaction()).toBe(false);
    await engine.execute("BEGIN; INSERT INTO authors(name) VALUES ('Tx');");
    expect(await engine.inTransaction()).toBe(true);
    await engine.execute("COMMIT");
    expect(await engine.inTransaction()).toBe(false);
  });

  it("imports a CSV as a typed table and reports progress", async () => {
    const engine = await engineWithFixture();
    const csv = "city,population,area\nParis,2102650,105.4\nLyon,522250,47.87\nNice,,71.9\n";
    const fractions: number[] = [];
    const progress = (fraction: number) => {
      fractions.push(fraction);
    };
    const outcome = await engine.importTable(
      "French Cities.csv",
      new TextEncoder().encode(csv),
      "csv",
      (engine instanceof DatabaseService ? progress : Comlink.proxy(progress)) as (fraction: number) => void,
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.tableName).toBe("french_cities");
    expect(outcome.columns).toEqual([
      { name: "city", type: "TEXT" },
      { name: "population", type: "INTEGER" },
      { name: "area", type: "REAL" },
    ]);
    const rows = await engine.execute("SELECT city, population, typeof(population) FROM french_cities ORDER BY city");
    expect(rows.ok && rows.firstRows).toEqual([
      ["Lyon", 522250, "integer"],
      ["Nice", null, "null"],
      ["Paris", 2102650, "integer"],
    ]);
    expect(fractions.at(-1)).toBe(1);
  });

  it("refuses a CSV with a row longer than its header and leaves the database unchanged", async () => {
    const engine = await engineWithFixture();
    const before = (await engine.schema()).tables.length;
    const outcome = await engine.importTable("bad.csv", new TextEncoder().encode("a,b\n1,2\n3,4,5\n"), "csv");
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.message).toMatch(/Line 3/);
    expect((await engine.schema()).tables.length).toBe(before);
  });

  it("exports a result as CSV and JSON", async () => {
    const engine = await engineWithFixture();
    const outcome = await engine.execute("SELECT title, price FROM books ORDER BY book_id");
    if (!outcome.ok || !outcome.resultId) throw new Error("query failed");
    const csv = await engine.exportResult(outcome.resultId, "csv");
    expect(csv.ok && csv.text).toBe('title,price\r\nNotes,9.5\r\nNULL,12\r\n"",');
    const json = await engine.exportResult(outcome.resultId, "json");
    expect(json.ok && JSON.parse(json.text)).toEqual([
      { title: "Notes", price: 9.5 },
      { title: "NULL", price: 12 },
      { title: "", price: null },
    ]);
  });
});

describe("checkDatabaseBytes", () => {
  it("names the problem with a file before SQLite sees it", () => {
    expect(checkDatabaseBytes(new Uint8Array(0))?.kind).toBe("empty-file");
    expect(checkDatabaseBytes(new TextEncoder().encode("hello"))?.kind).toBe("not-a-database");
    expect(checkDatabaseBytes(new TextEncoder().encode("SQLite format 3\u0000"))?.kind).toBe("corrupt-database");
    expect(checkDatabaseBytes(fixtureBytes)).toBeNull();
  });

  it("refuses a file larger than the page can hold before reading it", () => {
    expect(checkDatabaseSize(MAX_DATABASE_BYTES)).toBeNull();
    const error = checkDatabaseSize(3 * 1024 ** 3);
    expect(error?.kind).toBe("too-large");
    expect(error?.message).toBe("The file is 3.0 GB; the page holds the whole database in memory and opens files up to 1.0 GB.");
  });
});

describe("read-only execution through the engine", () => {
  // The hostile statements are tested once, against the executor itself (read-only-query.test.ts); here only that the
  // engine's method is that executor over its own connection, and that the person's connection stays writable.
  it("answers a SELECT over the open database and leaves it writable afterwards", async () => {
    const engine = new SqliteEngine(await initSqlJs());
    await engine.open(fixtureBytes);
    const outcome = await engine.executeReadOnly("SELECT title FROM books ORDER BY book_id", { maxRows: 2 });
    expect(outcome.ok && [outcome.rows, outcome.rowCount]).toEqual([[["Notes"], ["NULL"]], 3]);
    expect((await engine.executeReadOnly("DELETE FROM books", { maxRows: 1 })).ok).toBe(false);
    const written = await engine.execute("INSERT INTO authors(name) VALUES ('Grace')");
    expect(written.ok).toBe(true);
  });
});

describe("an open that keeps the bytes it was given (ownBytes: a worker's copy from a message)", () => {
  it("makes the bytes SQLite's file itself, not a copy: a write lands in them; without ownBytes, or with hashLater, they stay as they were", async () => {
    const SQL = await initSqlJs();
    const changeCounter = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(24);
    const hashed = hashBytes(fixtureBytes);
    for (const options of [{ ownBytes: true }, {}, { ownBytes: true, hashLater: true }, { ownBytes: true, hashLater: true, contentHash: hashed }]) {
      const engine = new SqliteEngine(SQL);
      const bytes = fixtureBytes.slice();
      expect((await engine.open(bytes, options)).ok).toBe(true);
      // An update in place: the file does not grow, and SQLite bumps the header's change counter.
      expect((await engine.execute("UPDATE authors SET name = name || '!'")).ok).toBe(true);
      // hashLater keeps the bytes as they were until they are hashed; a hash given already leaves nothing to wait for.
      const owned = options.ownBytes === true && (!("hashLater" in options) || "contentHash" in options);
      expect(changeCounter(bytes)).toBe(owned ? changeCounter(fixtureBytes) + 1 : changeCounter(fixtureBytes));
      // Whichever way, the database is the same.
      const names = await engine.execute("SELECT name FROM authors ORDER BY author_id");
      expect(names.ok && names.firstRows.every(([name]) => String(name).endsWith("!"))).toBe(true);
    }
  });
});

describe("the schema read once per content", () => {
  it("counts the rows again only after a change, another open, or when asked for counts it did not read", async () => {
    const SQL = await initSqlJs();
    const engine = new SqliteEngine(SQL);
    await engine.open(fixtureBytes.slice());
    const counts: string[] = [];
    const watch = () => {
      const connection = engine.connection;
      const exec = connection.exec.bind(connection);
      connection.exec = (sql: string, params?: Parameters<typeof exec>[1]) => {
        if (/^SELECT count\(\*\) FROM "books"$/.test(sql)) counts.push(sql);
        return exec(sql, params);
      };
    };
    watch();
    const first = await engine.schema();
    expect(first.tables.find((table) => table.name === "books")?.rowCount).toBe(3);
    // A copy each time: a caller that changes its schema does not change the next caller's.
    first.tables.length = 0;
    const second = await engine.schema();
    expect(second.tables.find((table) => table.name === "books")?.rowCount).toBe(3);
    expect(counts).toHaveLength(1);
    // Reads (and the profile's temp tables) change nothing.
    expect((await engine.execute("SELECT count(*) FROM books")).ok).toBe(true);
    engine.connection.exec("CREATE TEMP TABLE scratch AS SELECT 1");
    await engine.schema();
    expect(counts).toHaveLength(1);
    // Without counts, then with them again: the uncounted read does not stand in for a counted one.
    expect((await engine.schema({ rowCounts: false })).tables.find((table) => table.name === "books")?.rowCount).toBeNull();
    await engine.schema();
    expect(counts).toHaveLength(1);
    expect((await engine.execute("INSERT INTO books (title, author_id) VALUES ('New', 1)")).ok).toBe(true);
    expect((await engine.schema()).tables.find((table) => table.name === "books")?.rowCount).toBe(4);
    expect(counts).toHaveLength(2);
    expect((await engine.execute("CREATE TABLE shelves (id INTEGER PRIMARY KEY)")).ok).toBe(true);
    expect((await engine.schema()).tables.map((table) => table.name)).toContain("shelves");
    await engine.open(fixtureBytes.slice());
    watch();
    expect((await engine.schema()).tables.find((table) => table.name === "books")?.rowCount).toBe(3);
    expect(counts).toHaveLength(4);
  });
});

describe("an open that leaves the hash and the row counts for later (the first sample's, workers/first-sample.ts)", () => {
  it("gives the same content key as an open that hashes at once, also after writes, and reads the schema with or without row counts", async () => {
    const SQL = await initSqlJs();
    const eager = new SqliteEngine(SQL);
    await eager.open(fixtureBytes);
    const later = new SqliteEngine(SQL);
    const bytes = fixtureBytes.slice();
    await later.open(bytes, { hashLater: true });
    expect(await later.contentKey()).toBe(await eager.contentKey());
    // The key's hash is of the bytes as opened, even when it is first asked for after a write.
    const other = new SqliteEngine(SQL);
    await other.open(fixtureBytes.slice(), { hashLater: true });
    expect((await other.execute("INSERT INTO authors(name) VALUES ('Grace')")).ok).toBe(true);
    expect((await other.contentKey()).startsWith(`${await eager.contentKey()}~`)).toBe(true);
    const counted = (await later.schema()).tables.find((table) => table.name === "books");
    const uncounted = (await later.schema({ rowCounts: false })).tables.find((table) => table.name === "books");
    expect(counted?.rowCount).toBe(3);
    expect(uncounted?.rowCount).toBeNull();
    expect(uncounted?.columns).toEqual(counted?.columns);
  });

  it("takes a hash given with the bytes as their content key, hashing nothing itself (a swap hashed in slices before)", async () => {
    const SQL = await initSqlJs();
    const engine = new SqliteEngine(SQL);
    await engine.open(fixtureBytes.slice(), { contentHash: "given-0" });
    expect(await engine.contentKey()).toBe("given-0");
    expect((await engine.execute("INSERT INTO authors(name) VALUES ('Grace')")).ok).toBe(true);
    expect((await engine.contentKey()).startsWith("given-0~")).toBe(true);
  });

  it("keys the database open now: another open before the key is read, or a failed one, is accounted for", async () => {
    const SQL = await initSqlJs();
    const engine = new SqliteEngine(SQL);
    await engine.open(fixtureBytes.slice(), { hashLater: true });
    const empty = new SqliteEngine(SQL);
    await empty.open(null);
    // Another open replaces the bytes kept for the hash; a failed one keeps the database open and its key.
    await engine.open(null);
    expect(await engine.contentKey()).toBe(await empty.contentKey());
    await engine.open(fixtureBytes.slice(), { hashLater: true });
    expect((await engine.open(new Uint8Array([1, 2, 3]))).ok).toBe(false);
    const eager = new SqliteEngine(SQL);
    await eager.open(fixtureBytes);
    expect(await engine.contentKey()).toBe(await eager.contentKey());
  });

  it("reads the schema's version only in runs that reach a statement that could change the schema", async () => {
    const SQL = await initSqlJs();
    const engine = new SqliteEngine(SQL);
    await engine.open(fixtureBytes.slice());
    // sql.js exports no Statement class: its prototype is taken from a statement.
    const probe = engine.connection.prepare("SELECT 1");
    const statementPrototype = Object.getPrototypeOf(probe) as Statement;
    probe.free();
    const stepOriginal = statementPrototype.step;
    const stepped: string[] = [];
    const step = vi.spyOn(statementPrototype, "step").mockImplementation(function (this: Statement) {
      stepped.push(this.getSQL());
      return stepOriginal.call(this);
    });
    const markersRead = () => ({
      totalChanges: stepped.filter((sql) => sql.includes("total_changes")).length,
      schemaVersion: stepped.filter((sql) => sql.includes("schema_version")).length,
    });
    try {
      await engine.execute("SELECT count(*) FROM books; WITH cheap AS (SELECT * FROM books WHERE price < 20) SELECT count(*) FROM cheap; VALUES (1)");
      expect(markersRead()).toEqual({ totalChanges: 2, schemaVersion: 0 });
      stepped.length = 0;
      // Before the CREATE TABLE (not before the run: the SELECT before it cannot change the schema) and after the run.
      await engine.execute("SELECT 1; CREATE TABLE notes (text); SELECT 2");
      expect(markersRead()).toEqual({ totalChanges: 2, schemaVersion: 2 });
    } finally {
      step.mockRestore();
    }
  });
});
