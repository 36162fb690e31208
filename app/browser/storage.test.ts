import { describe, expect, it } from "vitest";
import type { Trace } from "../core/agent/trace";
import type { DatabaseProfile } from "../core/schema/types";
import { PROFILES_KEPT } from "./profile-keeping";
import { createQueryLabStorage, HISTORY_LIMIT, TRACES_KEPT, type HistoryEntry, type StorageAreas, type StoredDatabaseMeta } from "./storage";
import { createMemoryArea, createMemoryStorage } from "./storage-areas";

function areas(): StorageAreas {
  return {
    databases: createMemoryArea(),
    traces: createMemoryArea(),
    schemaContext: createMemoryArea(),
    embeddings: createMemoryArea(),
    benchmark: createMemoryArea(),
  };
}

async function bytesOf(copy: Blob): Promise<Uint8Array> {
  return new Uint8Array(await copy.arrayBuffer());
}

function meta(id: string, updatedAt: number): StoredDatabaseMeta {
  return { id, name: `${id}.sqlite`, source: "file", sizeBytes: 3, updatedAt };
}

function trace(id: string, createdAt = 1): Trace {
  return {
    version: 1,
    id,
    question: `question ${id}`,
    databaseName: "shop",
    model: "m",
    baseUrl: "http://127.0.0.1",
    createdAt,
    events: [
      { type: "final", turn: 1, sql: "SELECT 1" },
      { type: "run-end", status: "submitted", turns: 1, usage: { inputTokens: 1, outputTokens: 1 }, elapsedMs: 1, overheadMs: 0 },
    ],
  };
}

function history(sql: string, ranAt: number): HistoryEntry {
  return { sql, ranAt, databaseName: "shop", ok: true, rowCount: 1, elapsedMs: 1 };
}

describe("QueryLab storage", () => {
  it("keeps databases with their bytes, newest first, and forgets the last open one when it is removed", async () => {
    const storage = createMemoryStorage();
    await storage.saveDatabase(meta("a", 1), new Uint8Array([1, 2, 3]));
    await storage.saveDatabase(meta("b", 2), new Uint8Array([4, 5, 6]));
    await storage.setLastOpenDatabaseId("a");
    expect((await storage.listDatabases()).map((entry) => entry.id)).toEqual(["b", "a"]);
    const loaded = await storage.loadDatabase("a");
    expect(loaded?.meta).toEqual(meta("a", 1));
    expect(await bytesOf(loaded!.copy)).toEqual(new Uint8Array([1, 2, 3]));
    await storage.removeDatabase("a");
    expect(await storage.loadDatabase("a")).toBeNull();
    expect(await storage.lastOpenDatabaseId()).toBeNull();
    expect((await storage.listDatabases()).map((entry) => entry.id)).toEqual(["b"]);
  });

  it("keeps a database given as a Blob (the File it was read from) and gives that Blob back, unread", async () => {
    const stored = areas();
    const storage = createQueryLabStorage(stored, true);
    await storage.saveDatabase(meta("file", 1), new File([new Uint8Array([7, 8, 9])], "file.sqlite"));
    expect(await stored.databases.get("database:file")).toBeInstanceOf(Blob); // stored as it is, not read into bytes first
    const loaded = await storage.loadDatabase("file");
    expect(loaded?.meta).toEqual(meta("file", 1));
    expect(loaded?.copy).toBeInstanceOf(Blob); // the stored Blob itself, unread: the SQLite worker reads it
    expect(await bytesOf(loaded!.copy)).toEqual(new Uint8Array([7, 8, 9]));
  });

  it("keeps bytes as a Blob (read back by reference, the bytes read where needed), and still loads copies kept as bytes", async () => {
    const stored = areas();
    const storage = createQueryLabStorage(stored, true);
    await storage.saveDatabase(meta("a", 1), new Uint8Array([1, 2, 3]));
    expect(await stored.databases.get("database:a")).toBeInstanceOf(Blob);
    const loaded = await storage.loadDatabase("a");
    expect(loaded?.copy).toBeInstanceOf(Blob);
    expect(await bytesOf(loaded!.copy)).toEqual(new Uint8Array([1, 2, 3]));
    // As an earlier version kept it: wrapped in a Blob.
    await stored.databases.set("database:a", new Uint8Array([4, 5, 6]));
    const earlier = await storage.loadDatabase("a");
    expect(earlier?.copy).toBeInstanceOf(Blob);
    expect(await bytesOf(earlier!.copy)).toEqual(new Uint8Array([4, 5, 6]));
  });

  it("reads past damaged records instead of trusting them", async () => {
    const stored = areas();
    const storage = createQueryLabStorage(stored, true);
    await stored.databases.set("database-index", [meta("good", 1), { id: 7, name: null }, "junk"]);
    await stored.databases.set("database:good", "not bytes");
    await stored.databases.set("last-open-database", 42);
    await stored.databases.set("query-history", [history("SELECT 1", 1), { sql: 1 }]);
    await stored.traces.set("trace:bad", { version: 2, id: "bad" });
    await stored.schemaContext.set("profile:key", { contentKey: "key", tables: "none" });
    await stored.schemaContext.set("descriptions:db", { tables: 3 });
    await stored.embeddings.set("vector", [0.1, 0.2]);
    expect((await storage.listDatabases()).map((entry) => entry.id)).toEqual(["good"]);
    expect(await storage.loadDatabase("good")).toBeNull();
    expect(await storage.lastOpenDatabaseId()).toBeNull();
    expect((await storage.queryHistory()).map((entry) => entry.sql)).toEqual(["SELECT 1"]);
    expect(await storage.loadTrace("bad")).toBeNull();
    expect(await storage.loadProfile("key")).toBeNull();
    expect(await storage.loadDescriptionEdits("db")).toBeNull();
    expect(await storage.embeddings.getMany(["vector", "missing"])).toEqual([undefined, undefined]);
  });

  it("moves a query run again to the top of the history and keeps at most the limit", async () => {
    const storage = createMemoryStorage();
    for (let index = 0; index < HISTORY_LIMIT + 5; index += 1) await storage.addQueryHistory(history(`SELECT ${index}`, index));
    const after = await storage.addQueryHistory(history("SELECT 10", 1000));
    expect(after).toHaveLength(HISTORY_LIMIT);
    expect(after[0]!.sql).toBe("SELECT 10");
    expect(after.filter((entry) => entry.sql === "SELECT 10")).toHaveLength(1);
  });

  it("keeps traces with their summary, the oldest dropped past the limit", async () => {
    const storage = createMemoryStorage();
    for (let index = 0; index < TRACES_KEPT + 2; index += 1) await storage.saveTrace(trace(`t${index}`, index));
    const list = await storage.listTraces();
    expect(list).toHaveLength(TRACES_KEPT);
    expect(list[0]).toMatchObject({ id: `t${TRACES_KEPT + 1}`, status: "submitted", sql: "SELECT 1" });
    expect(await storage.loadTrace("t0")).toBeNull();
    expect((await storage.loadTrace("t5"))?.question).toBe("question t5");
    expect((await storage.removeTrace("t5")).some((entry) => entry.id === "t5")).toBe(false);
    expect(await storage.loadTrace("t5")).toBeNull();
  });

  it("keeps profiles by content key, dropping the oldest past the limit, and description edits by database", async () => {
    const storage = createMemoryStorage();
    const profile = (contentKey: string): DatabaseProfile => ({ contentKey, elapsedMs: 1, tables: [] });
    for (let index = 0; index <= PROFILES_KEPT; index += 1) await storage.saveProfile(profile(`k${index}`));
    expect(await storage.loadProfile("k0")).toBeNull();
    expect(await storage.loadProfile(`k${PROFILES_KEPT}`)).toEqual(profile(`k${PROFILES_KEPT}`));
    const edits = { tables: { orders: { columns: { total: { text: "Order total in cents", source: "person" as const } } } } };
    await storage.saveDescriptionEdits("db-1", edits);
    expect(await storage.loadDescriptionEdits("db-1")).toEqual(edits);
    expect(await storage.loadDescriptionEdits("db-2")).toBeNull();
  });

  it("keeps embedding vectors as Float32Array", async () => {
    const storage = createMemoryStorage();
    await storage.embeddings.setMany([["a", new Float32Array([1, 2])]]);
    const [vector, missing] = await storage.embeddings.getMany(["a", "b"]);
    expect(vector).toBeInstanceOf(Float32Array);
    expect([...vector!]).toEqual([1, 2]);
    expect(missing).toBeUndefined();
  });

  it("gives back copies, as IndexedDB does: changing what was read changes nothing stored", async () => {
    const storage = createMemoryStorage();
    await storage.saveTrace(trace("t"));
    const read = await storage.loadTrace("t");
    read!.question = "changed";
    expect((await storage.loadTrace("t"))?.question).toBe("question t");
    expect(storage.durable).toBe(false);
    expect(createMemoryStorage({ durable: true }).durable).toBe(true);
  });
});
