import * as Comlink from "comlink";
import initSqlJs from "sql.js";
import { afterEach, describe, expect, it } from "vitest";
import { DatabaseService } from "../core/database-service";
import { ColumnarPage } from "../core/db/columnar-rows";
import { EngineRestartedError, endableEngine, engineGeneration } from "../core/db/query-watchdog";
import type { PagedExecuteOutcome } from "../core/db/types";
import { answerPagedQueries, PAGED_QUERY_MESSAGE, PAGED_QUERY_REPLY, type PagedQueryService } from "../../workers/paged-query-channel";
import { transferringPages } from "../../workers/transfer-pages";
import { pagedQueryChannel, withPagedQueryChannel } from "./paged-query-channel";
import type { RemoteEngine } from "./sqlite-connection";
import { withCheckedReplies } from "./sqlite-replies";

const ports: MessagePort[] = [];
afterEach(() => {
  for (const port of ports.splice(0)) port.close();
});

/** The two ends of a worker's message channel: `page` for the page's side, `worker` for the worker's. */
function channelPair(): { page: MessagePort; worker: MessagePort } {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  return { page: port1, worker: port2 };
}

async function openService(): Promise<DatabaseService> {
  const service = DatabaseService.create(await initSqlJs());
  await service.open(null);
  return service;
}

describe("the editor's message path to the SQLite worker", () => {
  it("answers executePaged as the service does: rows, written changes, and an error's statement and place", async () => {
    const { page, worker } = channelPair();
    const service = await openService();
    answerPagedQueries(worker, Promise.resolve(service));
    const channel = pagedQueryChannel(page);

    const created = await channel.executePaged("CREATE TABLE t(n INTEGER, word TEXT, bytes BLOB); INSERT INTO t VALUES (1, 'één', x'00ff'), (2, NULL, NULL)");
    expect(created).toMatchObject({ ok: true, statementCount: 2, rowsModified: 2, databaseChanged: true });

    const selected = await channel.executePaged("SELECT * FROM t ORDER BY n");
    if (!selected.ok) throw new Error(selected.error.message);
    expect([selected.columns, selected.rowCount, selected.databaseChanged]).toEqual([["n", "word", "bytes"], 2, false]);
    expect(new ColumnarPage(selected.firstPage).toRows()).toEqual([
      [1, "één", new Uint8Array([0, 255])],
      [2, null, null],
    ]);

    const failed = await channel.executePaged("SELECT 1;\nSELECT * FROM missing");
    expect(failed).toMatchObject({ ok: false, statementsCompleted: 1, error: { kind: "sql-error", statementIndex: 1, statementStart: 10, statementEnd: 31 } });
    expect(!failed.ok && failed.error.message).toContain("no such table: missing");

    const limited = await channel.executePaged("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 10) SELECT n FROM c", {
      maxStoredRows: 3,
    });
    expect(limited).toMatchObject({ ok: true, rowCount: 10, storedRowCount: 3, truncated: true });
  });

  it("moves a large first page's buffers out of the worker and copies a small one", async () => {
    const { page, worker } = channelPair();
    const service = await openService();
    const sent: PagedExecuteOutcome[] = [];
    answerPagedQueries(
      worker,
      Promise.resolve({
        async executePaged(sql: string) {
          const outcome = await service.executePaged(sql);
          sent.push(outcome);
          return outcome;
        },
      }),
    );
    const channel = pagedQueryChannel(page);
    const large = await channel.executePaged(
      "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 200) SELECT n, 'row ' || n, n * 0.5 FROM c",
    );
    expect(large.ok && new ColumnarPage(large.firstPage).row(199)).toEqual([200, "row 200", 100]);
    expect(sent[0]!.ok && sent[0]!.firstPage.kinds.byteLength).toBe(0); // detached in the worker: transferred
    const small = await channel.executePaged("SELECT 1");
    expect(small.ok && new ColumnarPage(small.firstPage).row(0)).toEqual([1]);
    expect(sent[1]!.ok && sent[1]!.firstPage.kinds.byteLength).toBe(1); // still the worker's: copied
  });

  it("checks the reply: one the page cannot read becomes a worker failure a person can act on", async () => {
    const { page, worker } = channelPair();
    worker.addEventListener("message", (event: MessageEvent<{ call: number }>) => {
      worker.postMessage({ type: PAGED_QUERY_REPLY, call: event.data.call, outcome: { ok: true, columns: "not a list" } });
    });
    worker.start();
    const outcome = await pagedQueryChannel(page).executePaged("SELECT 1");
    expect(outcome).toMatchObject({ ok: false, error: { kind: "worker-failed" } });
    expect(!outcome.ok && outcome.error.message).toContain("The SQLite worker sent a reply to executePaged that this page cannot read");
  });

  it("rejects a call that threw in the worker with its message, as a comlink call does", async () => {
    const { page, worker } = channelPair();
    const crashing: PagedQueryService = {
      executePaged: () => Promise.reject(new RangeError("memory access out of bounds")),
    };
    answerPagedQueries(worker, Promise.resolve(crashing));
    await expect(pagedQueryChannel(page).executePaged("SELECT 1")).rejects.toThrow(/memory access out of bounds/);
  });

  it("rejects a call whose outcome cannot be sent back (a DataCloneError) instead of leaving it waiting", async () => {
    const { page, worker } = channelPair();
    const unsendable: PagedQueryService = {
      executePaged: async () => ({ ok: true, notCloneable: () => 1 }) as unknown as PagedExecuteOutcome,
    };
    answerPagedQueries(worker, Promise.resolve(unsendable));
    await expect(pagedQueryChannel(page).executePaged("SELECT 1")).rejects.toThrow(/could not be cloned/);
  });

  it("shares the worker's port with comlink: each answers its own calls", async () => {
    const { page, worker } = channelPair();
    const service = await openService();
    answerPagedQueries(worker, Promise.resolve(service));
    Comlink.expose(transferringPages(service), worker);
    const engine = withPagedQueryChannel(withCheckedReplies(Comlink.wrap<DatabaseService>(page) as RemoteEngine), pagedQueryChannel(page));
    try {
      const [paged, key, plain] = await Promise.all([engine.executePaged("SELECT 42 AS answer"), engine.contentKey(), engine.execute("SELECT 7")]);
      expect(paged.ok && new ColumnarPage(paged.firstPage).row(0)).toEqual([42]);
      expect(typeof key).toBe("string");
      expect(plain.ok && plain.firstRows).toEqual([[7]]);
    } finally {
      engine[Comlink.releaseProxy]();
    }
  });

  it("does not leave a run waiting on a worker that was ended (Stop): it rejects as the engine's other calls do", async () => {
    const { page, worker } = channelPair();
    let asked = 0;
    worker.addEventListener("message", (event: MessageEvent<{ type?: string }>) => {
      if (event.data.type === PAGED_QUERY_MESSAGE) asked += 1; // and never answered: a query running forever
    });
    worker.start();
    const generation = engineGeneration();
    const engine = endableEngine(withPagedQueryChannel({} as RemoteEngine, pagedQueryChannel(page)), generation.ended);
    const running = engine.executePaged("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT count(*) FROM c");
    await expect.poll(() => asked).toBe(1);
    generation.end("the run was stopped");
    await expect(running).rejects.toBeInstanceOf(EngineRestartedError);
  });
});
