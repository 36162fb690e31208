import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createInProcessSqliteConnection } from "../browser/in-process-sqlite-connection";
import { provideServices } from "../browser/services";
import type { SqliteConnectionHandle } from "../browser/sqlite-connection";
import { createMemoryStorage } from "../browser/storage-areas";
import { useDatabaseStore } from "./database-store";
import { useEditorStore } from "./editor-store";
import { PAGE_ROWS, RUNNING_SHOWN_AFTER_MS, shownRun, useQueryStore } from "./query-store";
import { workspaceWatchdog } from "./workspace-watchdog";

/** While true, the engine never answers a query: a long-running statement, as far as the store can tell. */
let hanging = false;
/** While set, the engine's export waits for it: the store keeping a change, slowly. */
let exportHeld: Promise<void> | null = null;
/** Queries sent with executePaged, in order (what Run posts to the worker). */
const pagedRequests: string[] = [];
/** Queries sent with executeReadOnly (the agent's, through the workspace's watchdog), in order. */
const readOnlyRequests: string[] = [];
/** While true, a read-only query never answers (the agent's runaway query). */
let readOnlyHanging = false;

beforeAll(async () => {
  const inner = await createInProcessSqliteConnection();
  const connection: SqliteConnectionHandle = {
    get engine() {
      const engine = new Proxy(inner.engine, {
        get: (target, property) =>
          property === "executePaged"
            ? (sql: string) => {
                pagedRequests.push(sql);
                return target.executePaged(sql);
              }
            : property === "exportDatabaseCopy"
              ? async () => {
                  await exportHeld;
                  return target.exportDatabaseCopy();
                }
              : property === "executeReadOnly"
                ? (...call: Parameters<typeof target.executeReadOnly>) => {
                    readOnlyRequests.push(call[0]);
                    return readOnlyHanging ? new Promise(() => {}) : target.executeReadOnly(...call);
                  }
                : Reflect.get(target, property),
      });
      if (!hanging) return engine;
      return new Proxy(engine, { get: (target, property) => (property === "execute" ? () => new Promise(() => {}) : Reflect.get(target, property)) });
    },
    currentWorker: null,
    onFailure: (listener) => inner.onFailure(listener),
    terminate: () => inner.terminate(),
    restart: () => {
      hanging = false;
      readOnlyHanging = false;
      return inner.restart();
    },
  };
  provideServices({ connection, storage: createMemoryStorage({ durable: true }) });
  await useDatabaseStore.getState().newDatabase();
});

describe("query store", () => {
  it("saves a run that changed the database, and records it in the history", async () => {
    await useQueryStore
      .getState()
      .run(
        "CREATE TABLE numbers (n INTEGER); WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 450) INSERT INTO numbers SELECT n FROM c",
      );
    expect(useQueryStore.getState().error).toBeNull();
    expect(useDatabaseStore.getState().current?.saveState).toBe("saved");
    expect(useDatabaseStore.getState().schema?.tables.map((table) => table.name)).toEqual(["numbers"]);
    await expect.poll(() => useEditorStore.getState().history[0]?.sql).toMatch(/^CREATE TABLE numbers/);
  });

  it("shows the first page at once and fetches later pages when they are scrolled to", async () => {
    await useQueryStore.getState().run("SELECT n FROM numbers ORDER BY n");
    const { result, pageVersion } = useQueryStore.getState();
    expect(result).toMatchObject({ rowCount: 450, columns: ["n"] });
    expect(useQueryStore.getState().rowAt(0)).toEqual([1]);
    expect(useQueryStore.getState().rowAt(PAGE_ROWS + 5)).toBeUndefined();
    useQueryStore.getState().ensureRows(PAGE_ROWS, PAGE_ROWS + 10);
    await expect.poll(() => useQueryStore.getState().rowAt(PAGE_ROWS + 5)).toEqual([PAGE_ROWS + 6]);
    expect(useQueryStore.getState().pageVersion).toBeGreaterThan(pageVersion);
  });

  it("brings a result, its first rows and the end of the run to the store in one update", async () => {
    const updates: { result: boolean; running: boolean }[] = [];
    // A run slower than RUNNING_SHOWN_AFTER_MS (a loaded machine) also gets the update that shows it running.
    const unsubscribe = useQueryStore.subscribe((state, previous) => {
      if (state.runningShown === previous.runningShown) updates.push({ result: state.result !== previous.result, running: state.running !== null });
    });
    try {
      await useQueryStore.getState().run("SELECT n, 'row ' || n AS label, x'00ff' AS bytes FROM numbers WHERE n <= 3");
    } finally {
      unsubscribe();
    }
    // The run starting (Stop, the timer), then everything the result brings at once.
    expect(updates).toEqual([
      { result: false, running: true },
      { result: true, running: false },
    ]);
    expect(useQueryStore.getState().result).toMatchObject({ rowCount: 3, columns: ["n", "label", "bytes"] });
    expect(useQueryStore.getState().rowAt(2)).toEqual([3, "row 3", new Uint8Array([0, 255])]);
  });

  describe("what the screen shows of a run", () => {
    afterEach(() => {
      vi.useRealTimers();
      hanging = false;
    });

    it("shows no run for a query that answers before RUNNING_SHOWN_AFTER_MS: its result is the only change on screen", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      const shown: unknown[] = [];
      const unsubscribe = useQueryStore.subscribe((state) => shown.push(shownRun(state)));
      try {
        await useQueryStore.getState().run("SELECT count(*) FROM numbers");
        vi.advanceTimersByTime(RUNNING_SHOWN_AFTER_MS * 2);
      } finally {
        unsubscribe();
      }
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.every((run) => run === null)).toBe(true);
      expect(useQueryStore.getState()).toMatchObject({ running: null, runningShown: false });
    });

    it("shows a run once it has lasted RUNNING_SHOWN_AFTER_MS, until it ends", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      hanging = true;
      const run = useQueryStore.getState().run("SELECT count(*) FROM numbers");
      expect(useQueryStore.getState().running?.sql).toBe("SELECT count(*) FROM numbers");
      vi.advanceTimersByTime(RUNNING_SHOWN_AFTER_MS - 1);
      expect(shownRun(useQueryStore.getState())).toBeNull();
      vi.advanceTimersByTime(1);
      expect(shownRun(useQueryStore.getState())?.sql).toBe("SELECT count(*) FROM numbers");
      useQueryStore.getState().abandon("The SQLite worker stopped unexpectedly.");
      await run;
      expect(shownRun(useQueryStore.getState())).toBeNull();
      expect(useQueryStore.getState().runningShown).toBe(false);
    });
  });

  it("posts the query before the store shows the run started, so the worker runs it while the page updates", async () => {
    const requestsWhenStarted: string[][] = [];
    const unsubscribe = useQueryStore.subscribe((state, previous) => {
      if (state.running && !previous.running) requestsWhenStarted.push([...pagedRequests]);
    });
    pagedRequests.length = 0;
    await useQueryStore.getState().run("SELECT 6 * 7 AS answer");
    unsubscribe();
    expect(requestsWhenStarted).toEqual([["SELECT 6 * 7 AS answer"]]);
    expect(useQueryStore.getState().rowAt(0)).toEqual([42]);
  });

  it("posts the next run only once the change the run before made is kept (a Stop of it reopens what was kept)", async () => {
    let release: () => void = () => undefined;
    exportHeld = new Promise<void>((resolve) => (release = resolve));
    pagedRequests.length = 0;
    const change = useQueryStore.getState().run("CREATE TABLE kept_first (x); INSERT INTO kept_first VALUES (1)");
    // The run has ended on screen (Run is enabled again) while its change is still being exported.
    await expect.poll(() => useQueryStore.getState().result?.statementCount).toBe(2);
    expect(useQueryStore.getState().running).toBeNull();
    const next = useQueryStore.getState().run("SELECT count(*) FROM kept_first");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pagedRequests).toEqual(["CREATE TABLE kept_first (x); INSERT INTO kept_first VALUES (1)"]);
    release();
    exportHeld = null;
    await Promise.all([change, next]);
    expect(pagedRequests).toHaveLength(2);
    expect(useQueryStore.getState().rowAt(0)).toEqual([1]);
    expect(useDatabaseStore.getState().current?.saveState).toBe("saved");
  });

  it("never posts a run stopped while it waited for the change before it to be kept", async () => {
    let release: () => void = () => undefined;
    exportHeld = new Promise<void>((resolve) => (release = resolve));
    pagedRequests.length = 0;
    const before = useQueryStore.getState().result;
    const change = useQueryStore.getState().run("INSERT INTO kept_first VALUES (2)");
    await expect.poll(() => useQueryStore.getState().result !== before && useQueryStore.getState().running === null).toBe(true);
    const waiting = useQueryStore.getState().run("SELECT 'never posted'");
    await useQueryStore.getState().stop();
    release();
    exportHeld = null;
    await Promise.all([change, waiting]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pagedRequests).toEqual(["INSERT INTO kept_first VALUES (2)"]);
    expect(useQueryStore.getState().error).toMatchObject({ kind: "stopped" });
  });

  it("sends an agent's query only once the editor's change before it is kept, so stopping it keeps the change", async () => {
    let release: () => void = () => undefined;
    exportHeld = new Promise<void>((resolve) => (release = resolve));
    readOnlyRequests.length = 0;
    const change = useQueryStore.getState().run("CREATE TABLE agent_saw (x); INSERT INTO agent_saw VALUES (1)");
    await expect.poll(() => useQueryStore.getState().result?.statementCount).toBe(2);
    // The agent's query, a runaway, asked for while the change is still being exported.
    readOnlyHanging = true;
    const stopAgent = new AbortController();
    const agentQuery = workspaceWatchdog().readOnlyView({ signal: stopAgent.signal }).executeReadOnly("SELECT * FROM agent_saw", { maxRows: 10 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readOnlyRequests).toEqual([]);
    release();
    exportHeld = null;
    await change;
    await expect.poll(() => readOnlyRequests).toEqual(["SELECT * FROM agent_saw"]);
    // Stop agent: the worker is restarted and the database reopened as kept, with the change.
    stopAgent.abort(new Error("Stop agent"));
    await expect(agentQuery).rejects.toThrow("Stop agent");
    await useQueryStore.getState().run("SELECT count(*) FROM agent_saw");
    expect(useQueryStore.getState().error).toBeNull();
    expect(useQueryStore.getState().rowAt(0)).toEqual([1]);
  });

  it("places an SQL error in the editor text", async () => {
    await useQueryStore.getState().run("SELECT 1;\nSELEC 2", 100);
    const error = useQueryStore.getState().error;
    expect(error?.kind).toBe("sql-error");
    expect(error?.editorStart).toBe(error!.statementStart! + 100);
    expect(useQueryStore.getState().running).toBeNull();
  });

  it("stops a query that does not end, and reopens the database as it was saved", async () => {
    hanging = true;
    const run = useQueryStore.getState().run("SELECT count(*) FROM numbers");
    expect(useQueryStore.getState().running?.sql).toBe("SELECT count(*) FROM numbers");
    await useQueryStore.getState().stop();
    await run;
    expect(useQueryStore.getState().error).toMatchObject({ kind: "stopped" });
    expect(useQueryStore.getState().error?.message).toMatch(/^Query stopped after [\d.]+ s\. The database is as it was before the query\.$/);
    await useQueryStore.getState().run("SELECT count(*) FROM numbers");
    expect(useQueryStore.getState().rowAt(0)).toEqual([450]);
  });

  it("ends a run whose worker died, with the reason", () => {
    useQueryStore.setState({ running: { sql: "SELECT 1", startedAt: 0 } });
    useQueryStore.getState().abandon("The SQLite worker stopped unexpectedly (out of memory).");
    expect(useQueryStore.getState()).toMatchObject({
      running: null,
      error: { kind: "worker-failed", message: "The SQLite worker stopped unexpectedly (out of memory)." },
    });
  });
});
