// The one read-only executor, tested once for every caller (agent tools, value index, diagnosis, EX judge): hostile
// statements refused with the database unchanged, row limits in both modes, the time limit, the pragma restored.
import initSqlJs, { type Database } from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";
import { runReadOnlyQuery } from "./read-only-query";

const FIXTURE_SQL = `
CREATE TABLE authors (author_id INTEGER PRIMARY KEY, name TEXT NOT NULL, born INTEGER);
CREATE TABLE books (book_id INTEGER PRIMARY KEY, title TEXT NOT NULL, author_id INTEGER REFERENCES authors(author_id), price REAL);
CREATE VIEW cheap_books AS SELECT title FROM books WHERE price < 10;
INSERT INTO authors VALUES (1, 'Ada', 1815), (2, 'Alan', NULL);
INSERT INTO books VALUES (1, 'Notes', 1, 9.5), (2, 'NULL', 2, 12), (3, '', 2, NULL);
`;

let database: Database;
beforeAll(async () => {
  const SQL = await initSqlJs();
  database = new SQL.Database();
  database.exec(FIXTURE_SQL);
});

const COUNT_TO = (n: number) => `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT ${n}) SELECT x FROM c`;

function contents(): unknown {
  return database.exec(
    "SELECT (SELECT count(*) FROM books), (SELECT count(*) FROM authors), (SELECT group_concat(price) FROM books), (SELECT count(*) FROM sqlite_schema)",
  )[0]?.values[0];
}

describe("runReadOnlyQuery", () => {
  it("answers a SELECT with the kept rows and the total count", () => {
    const outcome = runReadOnlyQuery(database, COUNT_TO(50), { maxRows: 5 });
    expect(outcome.ok && [outcome.columns, outcome.rows.length, outcome.rowCount]).toEqual([["x"], 5, 50]);
  });

  it.each([
    ["INSERT", "INSERT INTO authors(name) VALUES ('Mallory')"],
    ["UPDATE", "UPDATE books SET price = 0"],
    ["DELETE", "DELETE FROM books"],
    ["DELETE … RETURNING", "DELETE FROM books RETURNING title"],
    ["DROP", "DROP TABLE books"],
    ["CREATE", "CREATE TABLE evil(x)"],
    ["BEGIN", "BEGIN"],
    ["ATTACH", "ATTACH DATABASE ':memory:' AS scratch"],
    ["PRAGMA off switch", "PRAGMA query_only = OFF"],
    ["writable schema", "PRAGMA writable_schema = ON"],
    ["journal mode (a PRAGMA that returns a row)", "PRAGMA journal_mode = OFF"],
    ["two statements", "SELECT 1; DELETE FROM books"],
    ["REPLACE", "REPLACE INTO authors VALUES (1, 'x', 1)"],
    ["VACUUM", "VACUUM"],
    ["a write hidden behind WITH", "WITH gone AS (SELECT 1) DELETE FROM books"],
    ["a write behind a comment", "/* SELECT */ DELETE FROM books"],
    ["a trigger", "CREATE TRIGGER t AFTER INSERT ON books BEGIN DELETE FROM authors; END"],
  ])("refuses %s and leaves the database unchanged", (_name, sql) => {
    const outcome = runReadOnlyQuery(database, sql, { maxRows: 10 });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.message.length).toBeGreaterThan(10);
    expect(contents()).toEqual([3, 2, "9.5,12.0", 3]);
  });

  it("leaves the connection writable afterwards, and leaves query_only on when the caller had set it", () => {
    expect(runReadOnlyQuery(database, "SELECT 1", { maxRows: 1 }).ok).toBe(true);
    expect(database.exec("PRAGMA query_only")[0]?.values[0]?.[0]).toBe(0);
    database.exec("CREATE TABLE scratch (x); DROP TABLE scratch;");
    database.exec("PRAGMA query_only = ON");
    runReadOnlyQuery(database, "SELECT 1", { maxRows: 1 });
    expect(database.exec("PRAGMA query_only")[0]?.values[0]?.[0]).toBe(1);
    database.exec("PRAGMA query_only = OFF");
  });

  it("accepts one statement with a trailing semicolon or comment, refuses two, and says when there is none", () => {
    expect(runReadOnlyQuery(database, "SELECT 1; -- done", { maxRows: 1 }).ok).toBe(true);
    const two = runReadOnlyQuery(database, "SELECT 1; SELECT 2", { maxRows: 1 });
    expect(!two.ok && two.error.message).toBe("Only one statement can be run at a time; this text has 2.");
    const none = runReadOnlyQuery(database, "  -- nothing\n", { maxRows: 1 });
    expect(!none.ok && none.error.message).toBe("There is no SQL statement to run.");
  });

  it("reports SQLite's own error for a broken query", () => {
    const outcome = runReadOnlyQuery(database, "SELECT nope FROM books", { maxRows: 1 });
    expect(!outcome.ok && [outcome.error.kind, outcome.error.message]).toEqual(["sql-error", "no such column: nope"]);
  });

  it("past maxRows keeps counting by default and fails with too-many-rows when asked (the judge)", () => {
    const counted = runReadOnlyQuery(database, COUNT_TO(1000), { maxRows: 10 });
    expect(counted.ok && [counted.rows.length, counted.rowCount]).toEqual([10, 1000]);
    const failed = runReadOnlyQuery(database, COUNT_TO(1000), { maxRows: 10, beyondMaxRows: "fail" });
    expect(!failed.ok && failed.error.kind).toBe("too-many-rows");
    const exact = runReadOnlyQuery(database, COUNT_TO(10), { maxRows: 10, beyondMaxRows: "fail" });
    expect(exact.ok && exact.rows.length).toBe(10);
  });

  it("stops a query that runs past its time limit", () => {
    const endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c";
    const outcome = runReadOnlyQuery(database, endless, { maxRows: 10, timeoutMs: 50 });
    expect(!outcome.ok && outcome.error.kind).toBe("timeout");
    expect(database.exec("PRAGMA query_only")[0]?.values[0]?.[0]).toBe(0);
  });
});

describe("whole-valued REALs, for the EX judge", () => {
  it("lists the cells holding a REAL with a whole value, which a JS number cannot tell from an INTEGER", () => {
    const sql = "SELECT 3, 3.0, 3.5, -0.0, 9007199254740993, NULL, 'x' UNION ALL SELECT 2.0, 2, 1e300, 0, 1, x'00', 7.0";
    const outcome = runReadOnlyQuery(database, sql, { maxRows: 10, markWholeReals: true });
    expect(outcome.ok && outcome.rows).toEqual([
      [3, 3, 3.5, -0, 9007199254740992, null, "x"],
      [2, 2, 1e300, 0, 1, new Uint8Array([0]), 7],
    ]);
    // Row 0: 3.0 (1) and -0.0 (3); row 1: 2.0 (7), 1e300 (9) and 7.0 (13). 3.5 is a REAL anyone can see.
    expect(outcome.ok && outcome.wholeRealCells).toEqual([1, 3, 7, 9, 13]);
  });
  it("gives none unless asked, and none when there are none", () => {
    const plain = runReadOnlyQuery(database, "SELECT 3.0", { maxRows: 10 });
    expect(plain.ok && plain.wholeRealCells).toBeUndefined();
    const integers = runReadOnlyQuery(database, "SELECT 3, 4.5", { maxRows: 10, markWholeReals: true });
    expect(integers.ok && integers.wholeRealCells).toBeUndefined();
  });
});
