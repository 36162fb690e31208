import * as Comlink from "comlink";
import initSqlJs from "sql.js";
import { describe, expect, it } from "vitest";
import { DatabaseService } from "../core/database-service";
import { handingOverOwnedBytes } from "./handed-over-bytes";

async function databaseBytes(): Promise<Uint8Array> {
  const service = DatabaseService.create(await initSqlJs());
  await service.open(null);
  await service.execute("CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3)");
  return service.exportDatabase();
}

/** The engine as the worker exposes it, behind comlink on a real message channel, with the page's wrapper. */
async function remoteEngine() {
  const service = DatabaseService.create(await initSqlJs());
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(service, port1);
  const engine = handingOverOwnedBytes(Comlink.wrap<DatabaseService>(port2));
  const count = async () => {
    const outcome = await engine.execute("SELECT count(*) FROM t");
    return outcome.ok ? outcome.firstRows[0]?.[0] : outcome.error.message;
  };
  return { engine, count, close: () => (engine[Comlink.releaseProxy](), port1.close()) };
}

describe("bytes handed over to the SQLite worker", () => {
  it("moves the bytes of an open with ownBytes: the page's buffer is detached, the worker opened them whole", async () => {
    const { engine, count, close } = await remoteEngine();
    try {
      const bytes = await databaseBytes();
      const size = bytes.byteLength;
      const outcome = await engine.open(bytes, { ownBytes: true });
      expect(outcome.ok).toBe(true);
      expect(size).toBeGreaterThan(0);
      expect(bytes.byteLength).toBe(0); // moved, not copied
      expect(await count()).toBe(3);
    } finally {
      close();
    }
  });

  it("copies them otherwise, and when the bytes are a view of part of a buffer (moving it would take the rest)", async () => {
    const { engine, count, close } = await remoteEngine();
    try {
      const bytes = await databaseBytes();
      expect((await engine.open(bytes)).ok).toBe(true);
      expect(bytes.byteLength).toBeGreaterThan(0);
      const padded = new Uint8Array(bytes.byteLength + 8);
      padded.set(bytes, 8);
      const view = padded.subarray(8);
      expect((await engine.open(view, { ownBytes: true })).ok).toBe(true);
      expect(padded.byteLength).toBe(bytes.byteLength + 8);
      expect(await count()).toBe(3);
    } finally {
      close();
    }
  });
});
