// The C API source reads what sql.js's own API reads, value for value, message for message, on the installed sql.js.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import initSqlJs, { type Database, type SqlJsStatic } from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";
import { initSqlJsKeepingMemory, wasmMemoryOf } from "./sqljs-memory";
import { readText, sqlJsStatements, statementSourceFor, type StatementSource } from "./statement-stream";
import type { SqlValue } from "./types";

let SQL: SqlJsStatic;
let direct: StatementSource;

beforeAll(async () => {
  // First in this file, so sql.js (loaded once per realm) is loaded keeping its memory.
  const wasm = await readFile(createRequire(import.meta.url).resolve("sql.js/dist/sql-wasm.wasm"));
  SQL = await initSqlJsKeepingMemory(initSqlJs, (imports) => WebAssembly.instantiate(wasm, imports));
  direct = statementSourceFor(SQL);
});

interface Run {
  statements: { columns: string[]; rows: SqlValue[][]; remaining: string }[];
  error: string | null;
}

function runAll(source: StatementSource, database: Database, sqlText: string): Run {
  const stream = source(database, sqlText);
  const run: Run = { statements: [], error: null };
  try {
    for (;;) {
      const statement = stream.next();
      if (!statement) break;
      try {
        const remaining = stream.remainingSql();
        const columns = statement.columnNames();
        const rows: SqlValue[][] = [];
        while (statement.step()) rows.push(statement.row());
        run.statements.push({ columns, rows, remaining });
      } finally {
        statement.free();
      }
    }
  } catch (error) {
    run.error = (error as Error).message;
  } finally {
    stream.close();
  }
  return run;
}

function fixture(): Database {
  const database = new SQL.Database();
  database.exec(`
    CREATE TABLE cells (id INTEGER PRIMARY KEY, label TEXT, amount REAL, data BLOB);
    INSERT INTO cells VALUES
      (1, 'plain ascii', 1.5, x'00ff10'),
      (2, 'café ünïcödé — 東京 🎉', -0.0, x''),
      (3, '', 9007199254740993, NULL),
      (4, NULL, NULL, zeroblob(3)),
      (5, 'a' || char(0) || 'b', 1e308, NULL),
      (6, printf('%.*c', 200, 'x') || 'é', -9223372036854775808, CAST(printf('%.*c', 70, 'q') AS BLOB)),
      (7, printf('%.*c', 100, 'y') || char(0) || 'tail', 3, NULL);
  `);
  return database;
}

describe("statementSourceFor", () => {
  it("uses SQLite's C API over the kept WASM memory with the installed sql.js (an upgrade that hides it fails here)", () => {
    expect(wasmMemoryOf(SQL)).toBeInstanceOf(WebAssembly.Memory);
    expect(direct).not.toBe(sqlJsStatements);
  });

  it("falls back to sql.js's API for a module whose memory was not kept", () => {
    expect(statementSourceFor({} as SqlJsStatic)).toBe(sqlJsStatements);
  });

  it.each([
    ["every kind of value", "SELECT id, label, amount, data, typeof(amount) FROM cells ORDER BY id"],
    ["names, expressions and no rows", "SELECT 1 AS one, 'é' AS \"naïve name\", NULL, x'' AS empty FROM cells WHERE id < 0"],
    ["several statements, comments and trailing text", "SELECT 1; -- a comment\n SELECT label FROM cells WHERE id = 2 ;  /* done */  "],
    ["writes, then a read", "CREATE TEMP TABLE t(x); INSERT INTO t VALUES (1), (2); SELECT sum(x) FROM t"],
    ["only a comment", "-- nothing to run"],
    ["a statement that fails to prepare after one that runs", "SELECT 1; SELECT nme FROM cells; SELECT 2"],
    ["a statement that fails while stepping", "SELECT abs(-9223372036854775807 - 1 + id * 0) FROM cells"],
    ["a syntax error", "SELEC 1"],
  ])("reads %s as sql.js does", (_name, sqlText) => {
    const expected = runAll(sqlJsStatements, fixture(), sqlText);
    const actual = runAll(direct, fixture(), sqlText);
    expect(actual).toEqual(expected);
  });

  it("reads text correctly after SQLite grows the WASM memory in the middle of a query", () => {
    const database = fixture();
    // The sorter's records in SQLite's heap (the WASM memory), not in a temporary MEMFS file.
    database.exec("PRAGMA temp_store = MEMORY");
    const memory = wasmMemoryOf(SQL)!;
    const before = memory.buffer.byteLength;
    // Each row is sorted with its 4 MB blob held in memory: the sorter's allocations outgrow the memory as it is now.
    const sqlText = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${Math.ceil(before / 4_194_304) + 8})
      SELECT i, 'row ' || i || ' é', CAST(zeroblob(4194304) || x'07' AS BLOB) FROM n ORDER BY i DESC`;
    const actual = runAll(direct, database, sqlText);
    expect(memory.buffer.byteLength).toBeGreaterThan(before);
    const rows = actual.statements[0]!.rows;
    expect(rows.length).toBeGreaterThan(8);
    for (const [index, [i, label, blob]] of rows.entries()) {
      expect([i, label]).toEqual([rows.length - index, `row ${rows.length - index} é`]);
      expect([(blob as Uint8Array).length, (blob as Uint8Array)[4194304]]).toEqual([4194305, 7]);
    }
  });
});

describe("readText", () => {
  const encode = (text: string) => new TextEncoder().encode(text);

  it.each([
    ["empty", ""],
    ["short ascii", "Portland"],
    ["short non-ascii", "Zürich"],
    ["long ascii", "x".repeat(500)],
    ["long non-ascii", "東京".repeat(100)],
  ])("decodes %s text", (_name, text) => {
    const bytes = encode(`##${text}##`);
    expect(readText(bytes, 2, bytes.length - 4)).toBe(text);
  });

  it("keeps NUL bytes, short or long, as sql.js does", () => {
    expect(readText(encode("ab\u0000cd"), 0, 5)).toBe("ab\u0000cd");
    const long = encode(`${"é".repeat(50)}\u0000${"z".repeat(50)}`);
    expect(readText(long, 0, long.length)).toBe(`${"é".repeat(50)}\u0000${"z".repeat(50)}`);
  });
});
