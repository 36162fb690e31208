// A query run again reuses its prepared statement (statement-stream.ts) and still answers as a freshly prepared one.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import initSqlJs, { type SqlJsStatic } from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";
import { SqliteEngine } from "./sqljs-engine";
import { initSqlJsKeepingMemory } from "./sqljs-memory";
import { REUSED_STATEMENTS_KEPT } from "./statement-stream";
import type { ExecuteOutcome } from "./types";

let SQL: SqlJsStatic;
/** SQLite's prepare calls so far (texts with a statement in them; the blank tail after a statement is not counted). */
let prepares = 0;

beforeAll(async () => {
  // First in this file, so sql.js (loaded once per realm) is loaded keeping its memory: the C API path is the one tested.
  const wasm = await readFile(createRequire(import.meta.url).resolve("sql.js/dist/sql-wasm.wasm"));
  SQL = await initSqlJsKeepingMemory(initSqlJs, (imports) => WebAssembly.instantiate(wasm, imports));
  const api = SQL as unknown as Record<string, (...args: number[]) => number> & { UTF8ToString(pointer: number): string };
  const prepare = api._sqlite3_prepare_v2!;
  api._sqlite3_prepare_v2 = (database, sql, byteCount, statementOut, tailOut) => {
    if (api.UTF8ToString(sql).trim() !== "") prepares += 1;
    return prepare(database, sql, byteCount, statementOut, tailOut);
  };
});

async function engineWith(sqlText: string): Promise<SqliteEngine> {
  const engine = new SqliteEngine(SQL);
  await engine.open(null);
  const created = await engine.execute(sqlText);
  if (!created.ok) throw new Error(created.error.message);
  return engine;
}

/** What a person sees of a run: columns and rows, or the error and where it is. */
function shown(outcome: ExecuteOutcome) {
  return outcome.ok ? { columns: outcome.columns, rows: outcome.firstRows } : { error: outcome.error };
}

/** Prepares made while `run` runs. */
async function preparesDuring(run: () => Promise<unknown>): Promise<number> {
  const before = prepares;
  await run();
  return prepares - before;
}

describe("a query run again", () => {
  it("reuses its prepared statement and answers the same", async () => {
    const engine = await engineWith("CREATE TABLE t(n, word); INSERT INTO t VALUES (1, 'one'), (2, 'two')");
    const sqlText = "SELECT word, n * 2 AS twice FROM t ORDER BY n  ";
    let first: ExecuteOutcome | undefined;
    expect(await preparesDuring(async () => (first = await engine.execute(sqlText)))).toBe(1);
    let again: ExecuteOutcome | undefined;
    expect(await preparesDuring(async () => (again = await engine.execute(sqlText)))).toBe(0);
    expect(shown(again!)).toEqual(shown(first!));
    expect(shown(again!)).toEqual({
      columns: ["word", "twice"],
      rows: [
        ["one", 2],
        ["two", 4],
      ],
    });
  });

  it("sees the schema as it is now: a column added, a table dropped and made again, a temp table in front", async () => {
    const engine = await engineWith("CREATE TABLE t(n); INSERT INTO t VALUES (1)");
    const sqlText = "SELECT * FROM t";
    await engine.execute(sqlText);
    await engine.execute("ALTER TABLE t ADD COLUMN word TEXT DEFAULT 'added'");
    expect(shown(await engine.execute(sqlText))).toEqual({ columns: ["n", "word"], rows: [[1, "added"]] });
    await engine.execute("DROP TABLE t");
    const dropped = await engine.execute(sqlText);
    expect(!dropped.ok && dropped.error).toMatchObject({ kind: "sql-error", message: "no such table: t", statementStart: 0, statementEnd: 15 });
    await engine.execute("CREATE TABLE t(x, y, z); INSERT INTO t VALUES (7, 8, 9)");
    expect(shown(await engine.execute(sqlText))).toEqual({ columns: ["x", "y", "z"], rows: [[7, 8, 9]] });
    await engine.execute("CREATE TEMP TABLE t(shadow); INSERT INTO temp.t VALUES ('temp')");
    expect(shown(await engine.execute(sqlText))).toEqual({ columns: ["shadow"], rows: [["temp"]] });
  });

  it("reads the database open now: the same text after another open, and after an export (sql.js reopens the connection)", async () => {
    const engine = await engineWith("CREATE TABLE t(n); INSERT INTO t VALUES (1)");
    const sqlText = "SELECT n FROM t";
    await engine.execute(sqlText);
    await engine.execute("INSERT INTO t VALUES (2)");
    const bytes = await engine.exportDatabase();
    expect(shown(await engine.execute(sqlText)).rows).toEqual([[1], [2]]);
    await engine.execute("INSERT INTO t VALUES (3)");
    expect(shown(await engine.execute(sqlText)).rows).toEqual([[1], [2], [3]]);
    await engine.open(bytes);
    expect(shown(await engine.execute(sqlText)).rows).toEqual([[1], [2]]);
    const other = new SQL.Database();
    other.exec("CREATE TABLE t(n); INSERT INTO t VALUES (42)");
    await engine.open(other.export());
    expect(shown(await engine.execute(sqlText)).rows).toEqual([[42]]);
  });

  it("keeps no PRAGMA, whose values some settings fix when it is prepared, nor a text of several statements", async () => {
    const engine = await engineWith("CREATE TABLE t(n)");
    expect(shown(await engine.execute("PRAGMA cache_size")).rows).not.toEqual([[123]]);
    await engine.execute("PRAGMA cache_size = 123");
    expect(shown(await engine.execute("PRAGMA cache_size")).rows).toEqual([[123]]);
    const twoStatements = "SELECT 1; SELECT count(*) FROM t";
    await engine.execute(twoStatements);
    expect(await preparesDuring(() => engine.execute(twoStatements))).toBe(2);
  });

  it("runs a statement again after it failed while stepping, with the same error", async () => {
    const engine = await engineWith("CREATE TABLE t(n); INSERT INTO t VALUES (1)");
    const sqlText = "SELECT abs(-9223372036854775807 - 1 + n * 0) FROM t";
    const first = await engine.execute(sqlText);
    expect(!first.ok && first.error.message).toBe("integer overflow");
    expect(shown(await engine.execute(sqlText))).toEqual(shown(first));
  });

  it(`keeps the ${REUSED_STATEMENTS_KEPT} most recently run`, async () => {
    const engine = await engineWith("CREATE TABLE t(n)");
    const texts = Array.from({ length: REUSED_STATEMENTS_KEPT + 1 }, (_, index) => `SELECT ${index} FROM t`);
    for (const text of texts) await engine.execute(text);
    expect(await preparesDuring(() => engine.execute(texts[1]!))).toBe(0);
    expect(await preparesDuring(() => engine.execute(texts[0]!))).toBe(1);
  });
});
