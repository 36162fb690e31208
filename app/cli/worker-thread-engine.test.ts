// The watchdog over a real SQLite worker thread: a query stuck inside one SQLite step (an endless recursive CTE
// under count(*)) is ended at its limit, the database reopened intact, and every other caller keeps working.
import { readFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { openWatchedDatabase, type WatchedDatabase } from "./watched-database";

const RUNAWAY = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c";
const LIMIT_MS = 1_000;
let watched: WatchedDatabase | null = null;

async function bookshop(): Promise<WatchedDatabase> {
  watched = await openWatchedDatabase(new Uint8Array(await readFile("public/samples/bookshop.sqlite")), LIMIT_MS);
  return watched;
}

afterEach(async () => {
  await watched?.close();
  watched = null;
});

describe("a watched database in a worker thread", () => {
  it("ends a query stuck in one step at its limit and answers the next query from the same database", async () => {
    const { database, watchdog } = await bookshop();
    const before = await database.executeReadOnly("SELECT count(*) FROM books", { maxRows: 1 });
    const stopped = await database.executeReadOnly(RUNAWAY, { maxRows: 1 });
    expect(stopped.ok).toBe(false);
    if (stopped.ok) return;
    expect(stopped.error.kind).toBe("timeout");
    expect(stopped.error.message).toMatch(/^Stopped after \d+(\.\d)? s: the query ran past the 1 s time limit/);
    expect(watchdog.restarts).toBe(1);
    const after = await database.executeReadOnly("SELECT count(*) FROM books", { maxRows: 1 });
    expect(after).toMatchObject({ ok: true, rows: before.ok ? before.rows : [] });
  }, 30_000);

  it("gives the judge a timeout, not a hang, for a runaway prediction", async () => {
    const { database } = await bookshop();
    const judged = await database.runForJudge(RUNAWAY, { timeoutMs: LIMIT_MS });
    expect(judged).toMatchObject({ ok: false, error: { kind: "timeout" } });
    expect(await database.runForJudge("SELECT 1", { timeoutMs: LIMIT_MS })).toMatchObject({ ok: true, rows: [[1]] });
  }, 30_000);

  it("stops a query at once when the run is stopped, long before the limit", async () => {
    const { database } = await bookshop();
    const controller = new AbortController();
    const view = database.stoppableBy!(controller.signal);
    const started = performance.now();
    const pending = view.executeReadOnly(RUNAWAY, { maxRows: 1, timeoutMs: 60_000 });
    setTimeout(() => controller.abort(new Error("stopped by the person")), 200);
    await expect(pending).rejects.toThrow("stopped by the person");
    // Far below the 60 s the caller asked for: the stop did not wait for the limit.
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(await database.executeReadOnly("SELECT 2", { maxRows: 1 })).toMatchObject({ ok: true, rows: [[2]] });
  }, 30_000);

  it("runs again, on the new engine, another caller's query that the restart interrupted", async () => {
    const { database, watchdog } = await bookshop();
    const runaway = database.executeReadOnly(RUNAWAY, { maxRows: 1 });
    // Queued behind the runaway in the same thread: it can only answer after the restart, and must not hang.
    const innocent = database.executeReadOnly("SELECT count(*) FROM authors", { maxRows: 1, timeoutMs: 30_000 });
    expect((await runaway).ok).toBe(false);
    const answered = await innocent;
    expect(answered.ok).toBe(true);
    expect(watchdog.restarts).toBe(1);
  }, 30_000);
});
