// A query run again reuses its prepared statement (statement-stream.ts) and still answers as a freshly prepared one.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import initSqlJs, { type SqlJsStatic } from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";
import { SqliteEngine } from "./sqljs-engine";
import { LazyFile, type RangeSource } from "./lazy-file";
import { initSqlJsKeepingMemory, wasmMemoryOf } from "./sqljs-memory";
import { REUSED_STATEMENTS_KEPT, REUSED_TEXT_MAX_LENGTH } from "./statement-stream";
import type { ExecuteOutcome } from "./types";

let SQL: SqlJsStatic;
/** SQLite's prepare calls so far (texts with a statement in them; the blank tail after a statement is not counted). */
let prepares = 0;
/** Statements prepared and not finalized yet, with the connection each belongs to. */
const live = new Map<number, number>();

beforeAll(async () => {
  // First in this file, so sql.js (loaded once per realm) is loaded keeping its memory: the C API path is the one tested.
  const wasm = await readFile(createRequire(import.meta.url).resolve("sql.js/dist/sql-wasm.wasm"));
  SQL = await initSqlJsKeepingMemory(initSqlJs, (imports) => WebAssembly.instantiate(wasm, imports));
  const api = SQL as unknown as Record<string, (...args: number[]) => number> & { UTF8ToString(pointer: number): string };
  const prepare = api._sqlite3_prepare_v2!;
  const finalize = api._sqlite3_finalize!;
  const heap = () => new Uint32Array(wasmMemoryOf(SQL)!.buffer);
  api._sqlite3_prepare_v2 = (database, sql, byteCount, statementOut, tailOut) => {
    if (api.UTF8ToString(sql).trim() !== "") prepares += 1;
    const code = prepare(database, sql, byteCount, statementOut, tailOut);
    const statement = heap()[statementOut >>> 2]!;
    if (code === 0 && statement !== 0) live.set(statement, database);
    return code;
  };
  api._sqlite3_finalize = (statement) => {
    live.delete(statement);
    return finalize(statement);
  };
});

/** The statements still prepared on the engine's connection now. */
function liveOn(engine: SqliteEngine): number {
  const handle = (engine.connection as unknown as { db: number }).db;
  return [...live.values()].filter((database) => database === handle).length;
}

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
    // Every kept statement is finalized before sql.js closes the connection: one left would keep it, and the whole
    // database in its memory, alive.
    const before = (engine.connection as unknown as { db: number }).db;
    expect(liveOn(engine)).toBeGreaterThan(0);
    const bytes = await engine.exportDatabase();
    expect([...live.values()].filter((database) => database === before)).toEqual([]);
    expect(shown(await engine.execute(sqlText)).rows).toEqual([[1], [2]]);
    await engine.execute("INSERT INTO t VALUES (3)");
    expect(shown(await engine.execute(sqlText)).rows).toEqual([[1], [2], [3]]);
    const openBefore = (engine.connection as unknown as { db: number }).db;
    expect(liveOn(engine)).toBeGreaterThan(0);
    await engine.open(bytes);
    expect([...live.values()].filter((database) => database === openBefore)).toEqual([]);
    expect(shown(await engine.execute(sqlText)).rows).toEqual([[1], [2]]);
    const other = new SQL.Database();
    other.exec("CREATE TABLE t(n); INSERT INTO t VALUES (42)");
    await engine.open(other.export());
    expect(shown(await engine.execute(sqlText)).rows).toEqual([[42]]);
  });

  it("keeps no PRAGMA (SQLite prepares each again on every run), no text of several statements and no long text", async () => {
    const engine = await engineWith("CREATE TABLE t(n)");
    expect(shown(await engine.execute("PRAGMA cache_size")).rows).not.toEqual([[123]]);
    await engine.execute("PRAGMA cache_size = 123");
    expect(await preparesDuring(() => engine.execute("PRAGMA cache_size"))).toBe(1);
    expect(shown(await engine.execute("PRAGMA cache_size")).rows).toEqual([[123]]);
    const twoStatements = "SELECT 1; SELECT count(*) FROM t";
    await engine.execute(twoStatements);
    expect(await preparesDuring(() => engine.execute(twoStatements))).toBe(2);
    // A prepared program takes several times its text in WASM memory, which never shrinks: long texts are not kept.
    const long = `SELECT n FROM t WHERE n IN (${Array.from({ length: REUSED_TEXT_MAX_LENGTH / 4 }, (_, index) => index).join(", ")})`;
    expect(long.length).toBeGreaterThan(REUSED_TEXT_MAX_LENGTH);
    await engine.execute(long);
    expect(await preparesDuring(() => engine.execute(long))).toBe(1);
    const short = "SELECT n FROM t WHERE n IN (1, 2, 3)";
    await engine.execute(short);
    expect(await preparesDuring(() => engine.execute(short))).toBe(0);
  });

  it("runs a statement again after it failed while stepping, with the same error", async () => {
    const engine = await engineWith("CREATE TABLE t(n); INSERT INTO t VALUES (1)");
    const sqlText = "SELECT abs(-9223372036854775807 - 1 + n * 0) FROM t";
    const first = await engine.execute(sqlText);
    expect(!first.ok && first.error.message).toBe("integer overflow");
    // Finalized, not kept: the run again prepares it anew.
    let again: ExecuteOutcome | undefined;
    expect(await preparesDuring(async () => (again = await engine.execute(sqlText)))).toBe(1);
    expect(shown(again!)).toEqual(shown(first));
  });

  it("does not keep a statement whose step was cut off by an error thrown through it (a failed read on demand)", async () => {
    const database = new SQL.Database();
    database.exec(
      "CREATE TABLE r(id INTEGER PRIMARY KEY, v REAL); WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 20000) INSERT INTO r SELECT x, x * 0.5 FROM n",
    );
    const bytes = database.export();
    database.close();
    const network = { failing: false };
    const source: RangeSource = {
      label: "https://data.example/r.sqlite",
      sizeBytes: bytes.byteLength,
      read(start, end) {
        if (network.failing) throw new Error("no answer");
        return bytes.slice(start, end);
      },
    };
    const engine = new SqliteEngine(SQL);
    expect((await engine.openLazy(new LazyFile(source, { cacheBytes: 64 * 1024, maxReadAheadBytes: 8192 }))).ok).toBe(true);
    const sqlText = "SELECT sum(v) FROM r";
    await engine.execute(sqlText);
    // Small caches, so the run must read the file again.
    engine.connection.exec("PRAGMA cache_size = 2");
    network.failing = true;
    expect((await engine.execute(sqlText)).ok).toBe(false);
    network.failing = false;
    expect(await preparesDuring(() => engine.execute(sqlText))).toBe(1);
  });

  it(`keeps the ${REUSED_STATEMENTS_KEPT} most recently run`, async () => {
    const engine = await engineWith("CREATE TABLE t(n)");
    const texts = Array.from({ length: REUSED_STATEMENTS_KEPT + 1 }, (_, index) => `SELECT ${index} FROM t`);
    for (const text of texts) await engine.execute(text);
    expect(await preparesDuring(() => engine.execute(texts[1]!))).toBe(0);
    expect(await preparesDuring(() => engine.execute(texts[0]!))).toBe(1);
  });
});
