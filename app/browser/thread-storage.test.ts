import { describe, expect, it } from "vitest";
import { newThread, withQuestion, type Thread } from "../core/agent/thread";
import { createQueryLabStorage, THREADS_KEPT, type DatabaseWorkspace, type StorageAreas } from "./storage";
import { createMemoryArea } from "./storage-areas";

function areas(): StorageAreas {
  return {
    databases: createMemoryArea(),
    traces: createMemoryArea(),
    schemaContext: createMemoryArea(),
    embeddings: createMemoryArea(),
    benchmark: createMemoryArea(),
  };
}

function thread(id: string, updatedAt = 1): Thread {
  const empty = newThread({ id: "db-1", name: "Shop" }, id, updatedAt);
  const question = { traceId: `trace-${id}`, question: `first of ${id}`, askedAt: 1, status: "submitted", sql: "SELECT 1", result: null, contextTokens: 0 };
  return withQuestion(empty, question, updatedAt);
}

function workspace(databaseId: string): DatabaseWorkspace {
  return { databaseId, editorText: `SELECT '${databaseId}'`, threadId: "thread-a", lastRun: { sql: "SELECT 1", elapsedMs: 3, rowCount: 1 }, updatedAt: 1 };
}

describe("thread and workspace storage", () => {
  it("keeps threads newest first, reads them back validated, and forgets the oldest past the limit", async () => {
    const stored = areas();
    const storage = createQueryLabStorage(stored, true);
    await storage.saveThread(thread("a", 1));
    const list = await storage.saveThread(thread("b", 2));
    expect(list.map((entry) => [entry.id, entry.questionCount, entry.firstQuestion])).toEqual([
      ["b", 1, "first of b"],
      ["a", 1, "first of a"],
    ]);
    expect(await storage.loadThread("a")).toEqual(thread("a", 1));
    await stored.traces.set("thread:a", { ...thread("a"), questions: "junk" });
    expect(await storage.loadThread("a")).toBeNull();
    expect((await storage.removeThread("b")).map((entry) => entry.id)).toEqual(["a"]);
    for (let index = 0; index < THREADS_KEPT + 2; index += 1) await storage.saveThread(thread(`t${index}`, index));
    expect(await storage.listThreads()).toHaveLength(THREADS_KEPT);
    expect(await storage.loadThread("t0")).toBeNull();
  });

  it("keeps each database's workspace under its id, validated, and drops it with the database", async () => {
    const stored = areas();
    const storage = createQueryLabStorage(stored, true);
    await storage.saveDatabase({ id: "db-1", name: "Shop", source: "sample", sizeBytes: 1, updatedAt: 1 }, new Uint8Array([1]));
    await storage.saveWorkspace(workspace("db-1"));
    await storage.saveWorkspace(workspace("db-2"));
    expect(await storage.loadWorkspace("db-1")).toEqual(workspace("db-1"));
    expect(await storage.loadWorkspace("db-3")).toBeNull();
    // A record under the wrong key, or damaged, is not trusted.
    await stored.databases.set("workspace:db-3", workspace("db-2"));
    expect(await storage.loadWorkspace("db-3")).toBeNull();
    await stored.databases.set("workspace:db-2", { ...workspace("db-2"), editorText: 7 });
    expect(await storage.loadWorkspace("db-2")).toBeNull();
    await storage.removeDatabase("db-1");
    expect(await storage.loadWorkspace("db-1")).toBeNull();
  });
});
