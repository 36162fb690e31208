import * as Comlink from "comlink";
import initSqlJs from "sql.js";
import { describe, expect, it } from "vitest";
import { withCheckedReplies } from "../app/browser/sqlite-replies";
import type { RemoteEngine } from "../app/browser/sqlite-connection";
import { DatabaseService } from "../app/core/database-service";
import { ColumnarPage } from "../app/core/db/columnar-rows";
import type { PagedExecuteOutcome } from "../app/core/db/types";
import { pageBuffersOf, transferringPages } from "./transfer-pages";

describe("pages of rows from the SQLite worker", () => {
  it("arrive through comlink readable, their buffers moved out of the worker rather than copied", async () => {
    const service = DatabaseService.create(await initSqlJs());
    const sent: PagedExecuteOutcome[] = [];
    // The service as the worker exposes it, noting each reply it sends so the test can look at it afterwards.
    const noting = Object.assign(Object.create(service) as DatabaseService, {
      executePaged: async (sql: string) => {
        const outcome = await service.executePaged(sql);
        sent.push(outcome);
        return outcome;
      },
    });
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(transferringPages(noting), port1);
    const engine = withCheckedReplies(Comlink.wrap<DatabaseService>(port2) as RemoteEngine);
    try {
      await engine.open(null);
      const outcome = await engine.executePaged("SELECT 1 AS n, 'één' AS word, x'00ff' AS bytes, NULL AS missing, 9007199254740993 AS big");
      expect(outcome.ok || outcome.error.message).toBe(true);
      if (!outcome.ok) return;
      expect(outcome.columns).toEqual(["n", "word", "bytes", "missing", "big"]);
      expect(new ColumnarPage(outcome.firstPage).row(0).slice(0, 4)).toEqual([1, "één", new Uint8Array([0, 255]), null]);
      const kept = sent[0]!;
      expect(kept.ok && kept.firstPage.kinds.byteLength).toBe(0); // detached: transferred, not cloned
    } finally {
      engine[Comlink.releaseProxy]();
      port1.close();
    }
  });

  it("finds the buffers of execute's first page and of a fetched page, and none in other replies", async () => {
    const service = DatabaseService.create(await initSqlJs());
    await service.open(null);
    const executed = await service.executePaged("SELECT 'a' UNION ALL SELECT 'b'");
    expect(pageBuffersOf(executed)).toHaveLength(6);
    if (!executed.ok || !executed.resultId) throw new Error("expected a kept result");
    const fetched = await service.fetchPage(executed.resultId, 1, 10);
    expect(fetched.ok && new ColumnarPage(fetched.page).row(0)).toEqual(["b"]);
    expect(pageBuffersOf(fetched)).toHaveLength(6);
    expect(pageBuffersOf(await service.execute("SELECT 1"))).toEqual([]);
    expect(pageBuffersOf("text")).toEqual([]);
  });
});
