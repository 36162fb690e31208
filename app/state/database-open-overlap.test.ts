// Two opens that overlap: the worker opens them in turn, so the later one is what it holds; the earlier must not put
// itself back on screen over it (found in review: a kept database reopened from Recent, then a file opened while its
// schema was read, left the screen naming the kept one while the worker held the file, and the next save wrote the
// file's content over the kept copy).
import { describe, expect, it } from "vitest";
import { createBroadcastSaveChannel } from "../browser/cross-tab-saves";
import { createInProcessSqliteConnection } from "../browser/in-process-sqlite-connection";
import { createMemoryStorage } from "../browser/storage-areas";
import { createDatabaseStore } from "./database-store";

async function databaseWith(sql: string): Promise<Uint8Array> {
  const connection = await createInProcessSqliteConnection();
  await connection.engine.open(null);
  await connection.engine.execute(sql);
  return connection.engine.exportDatabase();
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("opens that overlap", () => {
  it("a kept database whose schema read is answered after a file's open leaves the file on screen, and its stored copy untouched", async () => {
    const storage = createMemoryStorage({ durable: true });
    const kept = await databaseWith("CREATE TABLE kept_a (x); INSERT INTO kept_a VALUES (1)");
    await storage.saveDatabase({ id: "db-a", name: "a.sqlite", source: "file", sizeBytes: kept.byteLength, updatedAt: 1 }, kept);
    const connection = await createInProcessSqliteConnection();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let schemaReads = 0;
    // The first schema read (the kept database's) answers only after the file's open, as the worker's queue does
    // when the file's open was posted before the read's answer came back.
    const engine = new Proxy(connection.engine, {
      get(target, key, receiver) {
        if (key !== "schema") return Reflect.get(target, key, receiver);
        return async (...args: Parameters<typeof target.schema>) => {
          const read = ++schemaReads;
          const schema = await target.schema(...args);
          if (read === 1) await held;
          return schema;
        };
      },
    });
    const channel = createBroadcastSaveChannel(`overlap-${Math.random()}`);
    const store = createDatabaseStore({
      connection: () => ({ ...connection, engine }) as typeof connection,
      storage: () => storage,
      channel,
      loadSampleManifest: async () => [],
      loadSampleBytes: async () => new Uint8Array(),
      address: () => null,
      storageRefused: () => undefined,
    });
    try {
      const reopening = store.getState().reopenRecent("db-a");
      await tick(20);
      const file = new File([(await databaseWith("CREATE TABLE mine_b (y)")).slice()], "mine.sqlite");
      const openingFile = store.getState().openFile(file);
      await tick(50);
      release();
      await Promise.all([reopening, openingFile]);
      await tick(50);

      expect(store.getState().current?.name).toBe("mine.sqlite");
      expect(store.getState().schema?.tables.map((table) => table.name)).toEqual(["mine_b"]);
      await connection.engine.execute("INSERT INTO mine_b VALUES (42)");
      await store.getState().afterChange();
      const stored = await storage.loadDatabase("db-a");
      const check = await createInProcessSqliteConnection();
      await check.engine.open(stored!.bytes);
      expect((await check.engine.schema()).tables.map((table) => table.name)).toEqual(["kept_a"]);
    } finally {
      channel.close();
    }
  });
});
