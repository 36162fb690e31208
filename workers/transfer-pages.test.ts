import * as Comlink from "comlink";
import initSqlJs from "sql.js";
import { describe, expect, it } from "vitest";
import { withCheckedReplies } from "../app/browser/sqlite-replies";
import type { RemoteEngine } from "../app/browser/sqlite-connection";
import { DatabaseService } from "../app/core/database-service";
import { ColumnarPage } from "../app/core/db/columnar-rows";
import type { PagedExecuteOutcome } from "../app/core/db/types";
import { pageBuffersOf, TRANSFER_MIN_BYTES, transferringPages } from "./transfer-pages";

describe("pages of rows from the SQLite worker", () => {
  it("arrive through comlink readable: a large page's buffers moved out of the worker, a small page's copied", async () => {
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
      const small = await engine.executePaged("SELECT 1 AS n, 'één' AS word, x'00ff' AS bytes, NULL AS missing, 9007199254740993 AS big");
      expect(small.ok || small.error.message).toBe(true);
      if (!small.ok) return;
      expect(small.columns).toEqual(["n", "word", "bytes", "missing", "big"]);
      expect(new ColumnarPage(small.firstPage).row(0).slice(0, 4)).toEqual([1, "één", new Uint8Array([0, 255]), null]);
      const keptSmall = sent[0]!;
      expect(keptSmall.ok && keptSmall.firstPage.kinds.byteLength).toBe(5); // still the worker's: copied
      const large = await engine.executePaged(
        "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 200) SELECT n, 'row ' || n AS label, n * 0.5 AS half FROM c",
      );
      if (!large.ok) throw new Error(large.error.message);
      const page = new ColumnarPage(large.firstPage);
      expect([page.rowCount, page.row(199)]).toEqual([200, [200, "row 200", 100]]);
      const keptLarge = sent[1]!;
      expect(keptLarge.ok && keptLarge.firstPage.kinds.byteLength).toBe(0); // detached: transferred, not cloned
    } finally {
      engine[Comlink.releaseProxy]();
      port1.close();
    }
  });

  it("finds the buffers of execute's first page and of a fetched page, and none in other replies", async () => {
    const service = DatabaseService.create(await initSqlJs());
    await service.open(null);
    // 1,000 rows of three columns: the first page (200 rows) and a fetched one are each over TRANSFER_MIN_BYTES.
    const executed = await service.executePaged(
      "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 1000) SELECT n, 'v' || n, n * 0.5 FROM c",
    );
    expect(pageBuffersOf(executed)).toHaveLength(6);
    expect(pageBuffersOf(executed).reduce((total, buffer) => total + buffer.byteLength, 0)).toBeGreaterThanOrEqual(TRANSFER_MIN_BYTES);
    if (!executed.ok || !executed.resultId) throw new Error("expected a kept result");
    const fetched = await service.fetchPage(executed.resultId, 500, 200);
    expect(fetched.ok && new ColumnarPage(fetched.page).row(0)).toEqual([501, "v501", 250.5]);
    expect(pageBuffersOf(fetched)).toHaveLength(6);
    expect(pageBuffersOf(await service.executePaged("SELECT 'a' UNION ALL SELECT 'b'"))).toEqual([]);
    expect(pageBuffersOf(await service.execute("SELECT 1"))).toEqual([]);
    expect(pageBuffersOf("text")).toEqual([]);
  });
});
