import { describe, expect, it } from "vitest";
import type { ExecuteOutcome } from "../core/db/types";
import { createInProcessSqliteConnection } from "./in-process-sqlite-connection";
import { withCheckedReplies } from "./sqlite-replies";

/** A worker that answers with whatever it is given, standing in for one from another version of the page or a corrupted clone. */
function workerReplying(reply: unknown) {
  const answer = async () => reply;
  return withCheckedReplies({ execute: answer, fetchRows: answer, executeReadOnly: answer, runForJudge: answer, schema: answer, profile: answer, exportDatabase: answer });
}

describe("checked SQLite replies", () => {
  it("passes valid replies through unchanged", async () => {
    const connection = await createInProcessSqliteConnection();
    const engine = connection.engine;
    await engine.open(null);
    const outcome = await engine.execute("CREATE TABLE t (a, b); INSERT INTO t VALUES (1, 'x'), (NULL, x'00ff'); SELECT * FROM t");
    expect(outcome.ok && outcome.firstRows).toEqual([
      [1, "x"],
      [null, new Uint8Array([0, 255])],
    ]);
    expect((await engine.schema()).tables.map((table) => table.name)).toEqual(["t"]);
    const page = outcome.ok && outcome.resultId ? await engine.fetchRows(outcome.resultId, 1, 1) : null;
    expect(page).toEqual({ ok: true, rows: [[null, new Uint8Array([0, 255])]] });
  });

  it("turns an unreadable reply that carries data into an error value a person can act on", async () => {
    const engine = workerReplying({ ok: true, columns: ["a"], firstRows: [[{ object: "not a value" }]] });
    const executed = (await engine.execute()) as ExecuteOutcome;
    expect(executed).toMatchObject({ ok: false, error: { kind: "worker-failed" }, databaseChanged: false });
    expect(!executed.ok && executed.error.message).toMatch(/SQLite worker sent a reply to execute that this page cannot read/);
    expect(await engine.fetchRows()).toMatchObject({ ok: false, error: { kind: "worker-failed" } });
    expect(await engine.executeReadOnly()).toMatchObject({ ok: false, error: { kind: "worker-failed" } });
    expect(await engine.runForJudge()).toMatchObject({ ok: false, error: { kind: "sql-error" } });
  });

  it("throws for an unreadable schema or profile, which have no error value", async () => {
    const engine = workerReplying({ tables: [{ name: 3 }] });
    await expect(engine.schema()).rejects.toThrow(/reply to schema .* cannot read \(tables\.0\.name/);
    await expect(engine.profile()).rejects.toThrow(/reply to profile/);
  });

  it("leaves other members alone", async () => {
    const engine = workerReplying("anything");
    expect(await engine.exportDatabase()).toBe("anything");
  });
});
