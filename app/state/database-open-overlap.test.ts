// Two opens that overlap: the worker opens them in turn, so the later one is what it holds; the earlier must not put
// itself back on screen over it (found in review: a kept database reopened from Recent, then a file opened while its
// schema was read, left the screen naming the kept one while the worker held the file, and the next save wrote the
// file's content over the kept copy).
import { describe, expect, it } from "vitest";
import { createBroadcastSaveChannel } from "../browser/cross-tab-saves";
import { createInProcessSqliteConnection } from "../browser/in-process-sqlite-connection";
import type { SampleEntry } from "../browser/samples";
import type { QueryLabStorage } from "../browser/storage";
import { createMemoryStorage } from "../browser/storage-areas";
import { createDatabaseStore } from "./database-store";

async function databaseWith(sql: string): Promise<Uint8Array> {
  const connection = await createInProcessSqliteConnection();
  await connection.engine.open(null);
  await connection.engine.execute(sql);
  return connection.engine.exportDatabase();
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const SHOP: SampleEntry = {
  id: "shop",
  file: "shop.sqlite",
  title: "Shop",
  description: "",
  tables: 1,
  rows: 0,
  bytes: 0,
  exampleQuestions: [],
  exampleQuery: "",
};

/**
 * A store whose worker does each open and schema read at once but answers the ones numbered in `held` (counted per
 * method) only when the test lets them go: the answer of a large file's open, or of a schema read, arriving after
 * the person asked for another database.
 */
async function storeWithHeldAnswers(held: { open?: number[]; schema?: number[] }) {
  const storage = createMemoryStorage({ durable: true });
  const connection = await createInProcessSqliteConnection();
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const calls = { open: 0, schema: 0 };
  const engine = new Proxy(connection.engine, {
    get(target, key, receiver) {
      if (key !== "open" && key !== "schema") return Reflect.get(target, key, receiver);
      const method = Reflect.get(target, key, receiver) as (...args: unknown[]) => Promise<unknown>;
      return async (...args: unknown[]) => {
        const number = ++calls[key];
        const answer = await method.apply(target, args);
        if (held[key]?.includes(number)) await released;
        return answer;
      };
    },
  });
  const channel = createBroadcastSaveChannel(`overlap-${Math.random()}`);
  const store = createDatabaseStore({
    connection: () => ({ ...connection, engine }) as typeof connection,
    storage: () => storage,
    channel,
    loadSampleManifest: async () => [SHOP],
    loadSampleBytes: async () => databaseWith("CREATE TABLE shop_t (x)"),
    address: () => null,
    storageRefused: () => undefined,
  });
  return { storage, connection, store, release, close: () => channel.close() };
}

async function tablesOf(copy: Blob): Promise<string[]> {
  const check = await createInProcessSqliteConnection();
  await check.engine.openBlob(copy);
  return (await check.engine.schema()).tables.map((table) => table.name);
}

/** The copy of a database kept in `storage`. */
async function keptCopy(storage: QueryLabStorage, id: string): Promise<Blob> {
  const stored = await storage.loadDatabase(id);
  if (!stored) throw new Error(`No copy of ${id} is kept.`);
  return stored.copy;
}

describe("opens that overlap", () => {
  it("a kept database whose schema read is answered after a file's open leaves the file on screen, and its stored copy untouched", async () => {
    const { storage, connection, store, release, close } = await storeWithHeldAnswers({ schema: [1] });
    try {
      const kept = await databaseWith("CREATE TABLE kept_a (x); INSERT INTO kept_a VALUES (1)");
      await storage.saveDatabase({ id: "db-a", name: "a.sqlite", source: "file", sizeBytes: kept.byteLength, updatedAt: 1 }, kept);
      const reopening = store.getState().reopenRecent("db-a");
      await tick(20);
      const openingFile = store.getState().openFile(new File([(await databaseWith("CREATE TABLE mine_b (y)")).slice()], "mine.sqlite"));
      await tick(50);
      release();
      await Promise.all([reopening, openingFile]);
      await tick(50);

      expect(store.getState().current?.name).toBe("mine.sqlite");
      expect(store.getState().schema?.tables.map((table) => table.name)).toEqual(["mine_b"]);
      await connection.engine.execute("INSERT INTO mine_b VALUES (42)");
      await store.getState().afterChange();
      expect(await tablesOf(await keptCopy(storage, "db-a"))).toEqual(["kept_a"]);
    } finally {
      close();
    }
  });

  it("a file opened after another whose open is still answering, and refused, leaves the other on screen and saved under its own id (review finding)", async () => {
    const { storage, connection, store, release, close } = await storeWithHeldAnswers({ open: [2] });
    try {
      await store.getState().openSample(SHOP);
      const shopId = store.getState().current!.id;
      await tick(20);
      const good = store.getState().openFile(new File([(await databaseWith("CREATE TABLE good_a (x)")).slice()], "good.sqlite"));
      await tick(10);
      const bad = store.getState().openFile(new File([new TextEncoder().encode("not a database, just text ".repeat(40))], "bad.sqlite"));
      expect(await bad).toBe(false);
      release();
      expect(await good).toBe(true);
      await tick(50);

      expect(store.getState().current?.name).toBe("good.sqlite");
      expect(store.getState().schema?.tables.map((table) => table.name)).toEqual(["good_a"]);
      await connection.engine.execute("INSERT INTO good_a VALUES (1)");
      await store.getState().afterChange();
      expect(await tablesOf(await keptCopy(storage, shopId))).toEqual(["shop_t"]);
      expect(await tablesOf(await keptCopy(storage, store.getState().current!.id))).toEqual(["good_a"]);
    } finally {
      close();
    }
  });

  it("a file opened while the start reopens the last database is the one left open, and kept; the start does not fall back to a sample (review finding)", async () => {
    const { storage, connection, store, release, close } = await storeWithHeldAnswers({ open: [1, 2] });
    try {
      const kept = await databaseWith("CREATE TABLE kept_a (x)");
      await storage.saveDatabase({ id: "db-a", name: "a.sqlite", source: "file", sizeBytes: kept.byteLength, updatedAt: 1 }, kept);
      await storage.setLastOpenDatabaseId("db-a");
      const starting = store.getState().start();
      await tick(30);
      const opening = store.getState().openFile(new File([(await databaseWith("CREATE TABLE mine_b (y)")).slice()], "mine.sqlite"));
      await tick(10);
      release();
      expect(await opening).toBe(true);
      await starting;
      await tick(50);

      expect(store.getState().status).toBe("ready");
      expect(store.getState().current?.name).toBe("mine.sqlite");
      expect((await connection.engine.schema()).tables.map((table) => table.name)).toEqual(["mine_b"]);
      expect((await storage.listDatabases()).map((meta) => meta.name)).toContain("mine.sqlite");
    } finally {
      close();
    }
  });
});
