// The parts of the database service that load with their first use (the value index's host, the judge): when their
// code cannot be fetched (offline, a deploy that removed it), the call says so, and the next call tries again.
import initSqlJs from "sql.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DatabaseService } from "./database-service";

afterEach(() => {
  vi.doUnmock("./schema/value-index-host");
  vi.doUnmock("./eval/query-runner");
  vi.resetModules();
});

async function serviceWithWords(): Promise<DatabaseService> {
  const service = DatabaseService.create(await initSqlJs());
  await service.open(null);
  await service.execute("CREATE TABLE words (w TEXT); INSERT INTO words VALUES ('alpha'), ('beta');");
  return service;
}

describe("a part of the database service loaded on first use", () => {
  it("answers a value index whose code cannot be loaded with the reason, and loads it on the next call", async () => {
    const service = await serviceWithWords();
    vi.doMock("./schema/value-index-host", () => {
      throw new Error("Failed to fetch dynamically imported module");
    });
    expect(await service.indexValues()).toMatchObject({
      ok: false,
      cancelled: false,
      message: expect.stringContaining("the value index's code could not be loaded"),
    });
    vi.doUnmock("./schema/value-index-host");
    expect(await service.indexValues()).toMatchObject({ ok: true, valueCount: 2 });
  });

  it("runs the judge's query once its code has loaded, after a failed load", async () => {
    const service = await serviceWithWords();
    vi.doMock("./eval/query-runner", () => {
      throw new Error("Failed to fetch dynamically imported module");
    });
    await expect(service.runForJudge("SELECT count(*) FROM words", { timeoutMs: 5_000 })).rejects.toThrow();
    vi.doUnmock("./eval/query-runner");
    expect(await service.runForJudge("SELECT count(*) FROM words", { timeoutMs: 5_000 })).toMatchObject({ ok: true, rows: [[2]] });
  });
});
