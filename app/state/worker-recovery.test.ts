import { beforeAll, describe, expect, it } from "vitest";
import { createInProcessSqliteConnection, type InProcessSqliteConnection } from "../browser/in-process-sqlite-connection";
import { provideServices } from "../browser/services";
import { createMemoryStorage } from "../browser/storage-areas";
import { useDatabaseStore } from "./database-store";
import { useQueryStore } from "./query-store";
import { watchSqliteWorker } from "./worker-recovery";

let connection: InProcessSqliteConnection;

beforeAll(async () => {
  connection = await createInProcessSqliteConnection();
  provideServices({ connection, storage: createMemoryStorage({ durable: true }) });
  await useDatabaseStore.getState().newDatabase();
  await useQueryStore.getState().run("CREATE TABLE kept (n); INSERT INTO kept VALUES (1)");
  watchSqliteWorker();
});

describe("worker recovery", () => {
  it("replaces a worker that died, reopens the saved database and says what happened", async () => {
    useQueryStore.setState({ running: { sql: "SELECT 1", startedAt: 0 } });
    connection.fail("out of memory");
    await expect
      .poll(() => useDatabaseStore.getState().notice?.message)
      .toMatch(
        /^The SQLite worker stopped unexpectedly \(out of memory\)\. It was restarted and the database reopened from its last saved state; the query that was running did not finish\.$/,
      );
    expect(connection.restarts).toBe(1);
    expect(useQueryStore.getState()).toMatchObject({ running: null, error: { kind: "worker-failed" } });
    await useQueryStore.getState().run("SELECT n FROM kept");
    expect(useQueryStore.getState().rowAt(0)).toEqual([1]);
  });

  // Last: the page stays in this state.
  it("starts no worker once none can start, and says so whatever an open under way says after it", async () => {
    const restartsBefore = connection.restarts;
    connection.fail("its code could not be loaded", true);
    const message = "SQLite could not start (its code could not be loaded). Queries cannot run until it does: check the connection and reload the page.";
    expect(useDatabaseStore.getState()).toMatchObject({ status: "failed", notice: { kind: "error", message } });
    expect(connection.restarts).toBe(restartsBefore);
    // What an open still under way does as it fails (withLoading clears the notice; the store's start ends "ready").
    useDatabaseStore.setState({ notice: null });
    useDatabaseStore.setState({ status: "ready", notice: { kind: "error", message: "The database could not be opened." } });
    expect(useDatabaseStore.getState()).toMatchObject({ status: "failed", notice: { kind: "error", message } });
  });
});
