// The value index's keeping: snapshot keys by content, version and caps; the storage's bound; a second page reloads the kept index instead of reading values.
import initSqlJs from "sql.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DatabaseService } from "../core/database-service";
import { VALUE_SNAPSHOT_VERSION, valueSnapshotKey } from "../core/schema/value-snapshot";
import { DEFAULT_VALUE_LIMITS } from "../core/schema/value-stream";
import { createInProcessSqliteConnection } from "../browser/in-process-sqlite-connection";
import { createMemoryArea, createMemoryStorage } from "../browser/storage-areas";
import { createQueryLabStorage, VALUE_INDEXES_KEPT, type QueryLabStorage } from "../browser/storage";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("value index keys", () => {
  it("differ by content key, layout version and caps", () => {
    const key = valueSnapshotKey("abc-1f");
    expect(key).toContain("abc-1f");
    expect(key).toContain(`v${VALUE_SNAPSHOT_VERSION}`);
    expect(valueSnapshotKey("abc-1f~session~1")).not.toBe(key);
    expect(valueSnapshotKey("abc-1f", { ...DEFAULT_VALUE_LIMITS, perColumn: 10 })).not.toBe(key);
    expect(valueSnapshotKey("abc-1f", { ...DEFAULT_VALUE_LIMITS, chunkRows: 10 })).toBe(key);
  });
});

describe("kept value indexes", () => {
  const buffer = (bytes: number, fill: number) => new Blob([new Uint8Array(bytes).fill(fill)]);

  it("gives back what was kept under its key and nothing for another", async () => {
    const storage = createMemoryStorage({ durable: true });
    await storage.saveValueIndex("a", buffer(8, 1));
    expect(new Uint8Array(await (await storage.loadValueIndex("a"))!.arrayBuffer())).toEqual(new Uint8Array(8).fill(1));
    expect(await storage.loadValueIndex("b")).toBeNull();
  });

  it(`keeps the ${VALUE_INDEXES_KEPT} used last, a load counting as a use`, async () => {
    const storage = createMemoryStorage({ durable: true });
    for (const key of ["a", "b", "c", "d"]) await storage.saveValueIndex(key, buffer(4, 0));
    expect(await storage.loadValueIndex("a")).not.toBeNull();
    await storage.saveValueIndex("e", buffer(4, 0));
    expect(await storage.loadValueIndex("b")).toBeNull();
    for (const key of ["a", "c", "d", "e"]) expect(await storage.loadValueIndex(key)).not.toBeNull();
  });

  it("keeps within the byte bound, and the newest even when it alone is over", async () => {
    const bound = 1000;
    const area = createMemoryArea;
    const storage = createQueryLabStorage({ databases: area(), traces: area(), schemaContext: area(), embeddings: area(), benchmark: area() }, true, {
      valueIndexBytesKept: bound,
    });
    const half = bound / 2;
    await storage.saveValueIndex("a", buffer(half, 0));
    await storage.saveValueIndex("b", buffer(half, 0));
    expect(await storage.loadValueIndex("a")).not.toBeNull();
    await storage.saveValueIndex("c", buffer(16, 0));
    // a (used last) and c fit; b would pass the bound.
    expect(await storage.loadValueIndex("b")).toBeNull();
    await storage.saveValueIndex("huge", buffer(bound + 1, 0));
    expect(await storage.loadValueIndex("huge")).not.toBeNull();
    expect(await storage.loadValueIndex("a")).toBeNull();
    expect(await storage.loadValueIndex("c")).toBeNull();
  });
});

describe("the page's value index", () => {
  const SQL = "CREATE TABLE city (name TEXT); INSERT INTO city VALUES ('Paris'), ('Lyon');";

  /** A fresh page over the same storage: new stores, a new engine with the same bytes open. */
  async function loadPage(storage: QueryLabStorage, bytes: Uint8Array) {
    vi.resetModules();
    const services = await import("../browser/services");
    const connection = await createInProcessSqliteConnection();
    services.provideServices({ connection, storage });
    await connection.engine.open(bytes);
    const store = await import("./value-index-store");
    return { store, engine: connection.engine };
  }

  it("builds the index once; the next page reloads it without reading the database, and it matches the same", async () => {
    const sql = await initSqlJs();
    const seed = new sql.Database();
    seed.exec(SQL);
    const bytes = seed.export();
    const storage = createMemoryStorage({ durable: true });
    const indexValues = vi.spyOn(DatabaseService.prototype, "indexValues");

    const first = await loadPage(storage, bytes);
    const built = await first.store.ensureValueIndex();
    expect(built).toMatchObject({ state: "ready", source: "built", valueCount: 2 });
    expect(indexValues).toHaveBeenCalledTimes(1);
    expect(await storage.loadValueIndex(valueSnapshotKey(built!.contentKey))).toBeInstanceOf(Blob);

    const second = await loadPage(storage, bytes);
    const reused = await second.store.ensureValueIndex();
    expect(reused).toMatchObject({ state: "ready", source: "kept", valueCount: 2, contentKey: built!.contentKey });
    expect(indexValues).toHaveBeenCalledTimes(1);
    expect((await second.store.workerValueMatcher(reused!).match("trains to Lyon"))[0]).toMatchObject({ table: "city", column: "name", value: "Lyon" });

    // A write is new content: indexed again, and its key (with '~') is not kept, as no later open can ask for it.
    await second.engine.execute("INSERT INTO city VALUES ('Nice')");
    const rebuilt = await second.store.ensureValueIndex();
    expect(rebuilt).toMatchObject({ source: "built", valueCount: 3 });
    expect(rebuilt!.contentKey).toContain("~");
    expect(await storage.loadValueIndex(valueSnapshotKey(rebuilt!.contentKey))).toBeNull();
  });
});
