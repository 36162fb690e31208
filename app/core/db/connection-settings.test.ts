import initSqlJs, { type SqlJsStatic } from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";
import { PAGE_CACHE_KIB } from "./connection-settings";
import { SqliteEngine } from "./sqljs-engine";

let SQL: SqlJsStatic;
let fixture: Uint8Array;

beforeAll(async () => {
  SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec("CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3);");
  fixture = database.export();
  database.close();
});

/** The settings as the engine's connection reports them. */
function settings(engine: SqliteEngine) {
  const read = (pragma: string) => engine.connection.exec(`PRAGMA ${pragma}`)[0]?.values[0]?.[0];
  return {
    cacheSize: read("cache_size"),
    tempStore: read("temp_store"),
    lockingMode: read("locking_mode"),
    journalSizeLimit: read("journal_size_limit"),
  };
}

const TUNED = { cacheSize: -PAGE_CACHE_KIB, tempStore: 2, lockingMode: "exclusive", journalSizeLimit: 0 };

describe("the engine's connection settings", () => {
  it("are set on every database the engine opens, from bytes or new", async () => {
    const engine = new SqliteEngine(SQL);
    expect(settings(engine)).not.toEqual(TUNED); // sql.js's defaults, before any open
    await engine.open(fixture);
    expect(settings(engine)).toEqual(TUNED);
    await engine.open(null);
    expect(settings(engine)).toEqual(TUNED);
  });

  it("survive an export (sql.js reopens the connection), and writes before and after it are all kept", async () => {
    const engine = new SqliteEngine(SQL);
    await engine.open(fixture);
    await engine.execute("INSERT INTO t VALUES (4)");
    const exported = await engine.exportDatabase();
    expect(settings(engine)).toEqual(TUNED);
    await engine.execute("BEGIN; INSERT INTO t VALUES (5); ROLLBACK; INSERT INTO t VALUES (6)");
    const again = new SqliteEngine(SQL);
    await again.open(await engine.exportDatabase());
    const outcome = await again.execute("SELECT n FROM t ORDER BY n");
    expect(outcome.ok && outcome.firstRows).toEqual([[1], [2], [3], [4], [6]]);
    const first = new SqliteEngine(SQL);
    await first.open(exported);
    const before = await first.execute("SELECT count(*) FROM t");
    expect(before.ok && before.firstRows).toEqual([[4]]);
  });
});
