import { describe, expect, it } from "vitest";
import { KEPT_DATABASE_KEY, withKeptDatabaseHint } from "./kept-database-hint";
import { createMemoryStorage } from "./storage-areas";

function fakeLocalStorage(options: { refuses?: boolean } = {}) {
  const items = new Map<string, string>();
  return {
    items,
    setItem(key: string, value: string) {
      if (options.refuses) throw new DOMException("Quota exceeded", "QuotaExceededError");
      items.set(key, value);
    },
    removeItem(key: string) {
      if (options.refuses) throw new DOMException("The operation is insecure.", "SecurityError");
      items.delete(key);
    },
  };
}

describe("the kept-database hint for index.html's start script", () => {
  it("is left when a database to reopen is recorded, or found, and not before", async () => {
    const local = fakeLocalStorage();
    const storage = withKeptDatabaseHint(createMemoryStorage({ durable: true }), local);
    expect(await storage.lastOpenDatabaseId()).toBeNull();
    expect(local.items.has(KEPT_DATABASE_KEY)).toBe(false);
    await storage.setLastOpenDatabaseId("db-1");
    expect(local.items.get(KEPT_DATABASE_KEY)).toBe("1");

    // A browser that kept a database before the hint existed gets it the first time the page finds that database.
    const earlier = createMemoryStorage({ durable: true });
    await earlier.setLastOpenDatabaseId("db-2");
    const upgraded = fakeLocalStorage();
    expect(await withKeptDatabaseHint(earlier, upgraded).lastOpenDatabaseId()).toBe("db-2");
    expect(upgraded.items.get(KEPT_DATABASE_KEY)).toBe("1");
  });

  it("is taken away when the page finds nothing to reopen (deleted, or storage cleared), so the next first visit downloads early again", async () => {
    const local = fakeLocalStorage();
    local.items.set(KEPT_DATABASE_KEY, "1");
    expect(await withKeptDatabaseHint(createMemoryStorage({ durable: true }), local).lastOpenDatabaseId()).toBeNull();
    expect(local.items.has(KEPT_DATABASE_KEY)).toBe(false);
  });

  it("never fails a save when localStorage refuses the hint", async () => {
    const storage = withKeptDatabaseHint(createMemoryStorage({ durable: true }), fakeLocalStorage({ refuses: true }));
    await storage.setLastOpenDatabaseId("db-1");
    expect(await storage.lastOpenDatabaseId()).toBe("db-1");
    expect(await withKeptDatabaseHint(createMemoryStorage({ durable: true }), fakeLocalStorage({ refuses: true })).lastOpenDatabaseId()).toBeNull();
  });
});
