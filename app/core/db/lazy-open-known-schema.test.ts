// A database read on demand whose schema the caller already knows (a first visit's sample, whose schema the build read):
// the open answers before SQLite parses the schema or the connection is set up; both happen before the connection's
// first use, so queries answer as after an ordinary open.
import initSqlJs, { type BindParams, type Database } from "sql.js";
import { beforeAll, describe, expect, it, vi } from "vitest";

const setUps = vi.hoisted(() => ({ count: 0 }));
vi.mock("./connection-settings", async (importOriginal) => {
  const original = await importOriginal<typeof import("./connection-settings")>();
  return {
    ...original,
    tuneConnection: (...args: Parameters<typeof original.tuneConnection>) => {
      setUps.count += 1;
      original.tuneConnection(...args);
    },
  };
});

const { DatabaseService } = await import("../database-service");

// sql.js's own methods, for the spies that record what runs (set once SQLite's module has loaded).
let execOriginal: Database["exec"];
let closeOriginal: Database["close"];

let fileBytes: Uint8Array;
let SQL: Awaited<ReturnType<typeof initSqlJs>>;

beforeAll(async () => {
  SQL = await initSqlJs();
  execOriginal = SQL.Database.prototype.exec;
  closeOriginal = SQL.Database.prototype.close;
  const database = new SQL.Database();
  database.exec(`CREATE TABLE readings(id INTEGER PRIMARY KEY, station TEXT); CREATE VIEW stations AS SELECT DISTINCT station FROM readings;
    INSERT INTO readings VALUES (1, 'north'), (2, 'south');`);
  fileBytes = database.export();
  database.close();
});

function service() {
  return DatabaseService.create(SQL, {
    openRangeSource: (spec) => ({
      label: spec.kind === "url" ? spec.url : spec.name,
      sizeBytes: fileBytes.byteLength,
      read: (start, end) => fileBytes.slice(start, end),
    }),
  });
}

describe("an open read on demand with the table count given", () => {
  it("answers without setting the connection up; the first query does it and answers as usual", async () => {
    const known = service();
    setUps.count = 0;
    const opened = await known.openLazy({ kind: "url", url: "http://example.test/r.sqlite", sizeBytes: fileBytes.byteLength, tableCount: 1 });
    expect(opened).toEqual({ ok: true, sizeBytes: fileBytes.byteLength, tableCount: 1 });
    expect(setUps.count).toBe(0);
    const result = await known.execute("SELECT station FROM stations ORDER BY station");
    expect(result.ok && result.firstRows).toEqual([["north"], ["south"]]);
    expect(setUps.count).toBe(1);
    // Once: finishing again, or further queries, change nothing.
    await known.finishOpening();
    await known.execute("SELECT 1");
    expect(setUps.count).toBe(1);
  });

  it("runs no statement and closes no connection before its answer; its first use makes it query_only before anything else", async () => {
    const known = service();
    const executed: string[] = [];
    const closed: unknown[] = [];
    const exec = vi.spyOn(SQL.Database.prototype, "exec").mockImplementation(function (this: Database, sql: string, params?: BindParams) {
      executed.push(sql);
      return execOriginal.call(this, sql, params);
    });
    const close = vi.spyOn(SQL.Database.prototype, "close").mockImplementation(function (this: Database) {
      closed.push(this);
      closeOriginal.call(this);
    });
    try {
      await known.openLazy({ kind: "url", url: "http://example.test/r.sqlite", sizeBytes: fileBytes.byteLength, tableCount: 1 });
      // A cold worker's first statement compiles SQLite's parser and VDBE: a first visit's sample leaves it for later.
      expect(executed).toEqual([]);
      expect(closed).toEqual([]);
      // The first use sets query_only before anything else runs: the connection never runs a statement without it.
      const queryOnly = await known.execute("PRAGMA query_only");
      expect(queryOnly.ok && queryOnly.firstRows).toEqual([[1]]);
      expect(executed[0]).toBe("PRAGMA query_only = 1");
      // The engine's first, empty connection is closed with the setup.
      expect(closed).toHaveLength(1);
    } finally {
      exec.mockRestore();
      close.mockRestore();
    }
  });

  it("is set up by finishOpening before any query; an ordinary open sets it up at once and counts the tables itself", async () => {
    const known = service();
    setUps.count = 0;
    await known.openLazy({ kind: "url", url: "http://example.test/r.sqlite", sizeBytes: fileBytes.byteLength, tableCount: 1 });
    await known.finishOpening();
    expect(setUps.count).toBe(1);
    const ordinary = service();
    setUps.count = 0;
    expect(await ordinary.openLazy({ kind: "url", url: "http://example.test/r.sqlite", sizeBytes: fileBytes.byteLength })).toEqual({
      ok: true,
      sizeBytes: fileBytes.byteLength,
      tableCount: 1,
    });
    expect(setUps.count).toBe(1);
  });
});
