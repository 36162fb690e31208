// Saves the browser refuses (a full disk): the message, storage staying on, the next change saving again, and what a reload says.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBroadcastSaveChannel, type SaveChannel } from "../browser/cross-tab-saves";
import { createInProcessSqliteConnection } from "../browser/in-process-sqlite-connection";
import { MemoryWebStorage } from "../browser/memory-web-storage";
import { readSaveFailureMark } from "../browser/save-failure-mark";
import type { SampleEntry } from "../browser/samples";
import { createQueryLabStorage, type QueryLabStorage } from "../browser/storage";
import { createMemoryArea } from "../browser/storage-areas";
import { createDatabaseStore } from "./database-store";

const sample: SampleEntry = {
  id: "shop",
  file: "shop.sqlite",
  title: "Shop",
  description: "",
  tables: 1,
  rows: 2,
  bytes: 0,
  exampleQuestions: [],
  exampleQuery: "",
};

/** Browser storage whose database writes can be refused the way a full IndexedDB refuses them. */
function fillableStorage() {
  /** "bytes": only the database bytes are big enough to hit the quota; "everything": not even a small write fits. */
  let full: "no" | "bytes" | "everything" = "no";
  const databases = createMemoryArea();
  const refuseBytes = (values: unknown[]) => {
    const refused = full === "everything" || (full === "bytes" && values.some((value) => value instanceof Uint8Array || value instanceof Blob));
    if (refused) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
  const [set, setMany] = [databases.set.bind(databases), databases.setMany.bind(databases)];
  databases.set = async (key, value) => {
    refuseBytes([value]);
    await set(key, value);
  };
  databases.setMany = async (entries) => {
    refuseBytes(entries.map(([, value]) => value));
    await setMany(entries);
  };
  const storage = createQueryLabStorage(
    { databases, traces: createMemoryArea(), schemaContext: createMemoryArea(), embeddings: createMemoryArea(), benchmark: createMemoryArea() },
    true,
  );
  return { storage, fill: (what: "bytes" | "everything" = "bytes") => (full = what), free: () => (full = "no") };
}

const channels: SaveChannel[] = [];
beforeEach(() => {
  vi.stubGlobal("localStorage", new MemoryWebStorage());
  // What navigator.storage.estimate() says on a nearly full disk.
  vi.stubGlobal("navigator", { storage: { estimate: async () => ({ usage: 9_900_000, quota: 10_000_000 }) } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  channels.splice(0).forEach((channel) => channel.close());
});

/** One load of the page over the given browser storage (localStorage is the stubbed global, shared by loads). */
async function load(storage: QueryLabStorage) {
  const connection = await createInProcessSqliteConnection();
  const setup = await createInProcessSqliteConnection();
  await setup.engine.open(null);
  await setup.engine.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, total REAL); INSERT INTO orders (total) VALUES (10), (20)");
  const bytes = await setup.engine.exportDatabase();
  const channel = createBroadcastSaveChannel(`saves-${Math.random()}`);
  channels.push(channel);
  const store = createDatabaseStore({
    connection: () => connection,
    storage: () => storage,
    channel,
    loadSampleManifest: async () => [sample],
    loadSampleBytes: async () => bytes,
    address: () => null,
    storageRefused: () => {
      throw new Error("storage must not be given up for a refused save");
    },
  });
  await store.getState().start();
  await expect.poll(() => store.getState().current?.saveState).not.toBe("saving");
  const change = async (sql: string) => {
    await connection.engine.execute(sql);
    await store.getState().afterChange();
  };
  const count = async () => {
    const outcome = await connection.engine.execute("SELECT count(*) FROM orders");
    return outcome.ok ? outcome.firstRows[0]?.[0] : outcome.error.message;
  };
  return { store, connection, change, count };
}

describe("saves the browser refuses", () => {
  it("say why with the sizes, keep storage on, and the next change saves again once there is space", async () => {
    const disk = fillableStorage();
    const page = await load(disk.storage);
    const keptAt = page.store.getState().current!.updatedAt;

    disk.fill();
    await page.change("INSERT INTO orders (total) VALUES (30)");
    const state = page.store.getState();
    expect(state.current?.saveState).toBe("failed");
    expect(state.storageAvailable).toBe(true);
    const message = state.saveFailure?.message ?? "";
    expect(message).toMatch(/^Shop was not saved: the browser's storage for this page is full \(QuotaExceededError: The quota has been exceeded\)\./);
    // Needed: the database's size; used and free: the browser's estimate (9.9 MB of 10 MB).
    const needed = (await page.connection.engine.exportDatabase()).byteLength;
    expect(message).toContain(`Needed ${(needed / 1024).toFixed(1)} KB; used 9.4 MB of 9.5 MB, 97.7 KB free.`);
    expect(message).toMatch(/a reload would bring back the older copy saved .*Download a copy to keep them/);
    expect(readSaveFailureMark()).toMatchObject({ databaseId: state.current!.id, storedAt: keptAt, quota: true });

    // Still full: the next change tries again and says so again.
    await page.change("INSERT INTO orders (total) VALUES (40)");
    expect(page.store.getState().current?.saveState).toBe("failed");

    disk.free();
    await page.change("INSERT INTO orders (total) VALUES (50)");
    expect(page.store.getState().current?.saveState).toBe("saved");
    expect(page.store.getState().saveFailure).toBeNull();
    expect(page.store.getState().notice?.message).toBe("Shop is saved in this browser again.");
    expect(readSaveFailureMark()).toBeNull();

    const reloaded = await load(disk.storage);
    expect(await reloaded.count()).toBe(5);
    expect(reloaded.store.getState().notice).toBeNull();
  });

  it("leave a mark, so a reload says it brought back the older copy instead of doing it silently", async () => {
    const disk = fillableStorage();
    const page = await load(disk.storage);
    disk.fill();
    await page.change("INSERT INTO orders (total) VALUES (30)");

    const reloaded = await load(disk.storage);
    expect(await reloaded.count()).toBe(2);
    expect(reloaded.store.getState().notice).toMatchObject({ kind: "error" });
    expect(reloaded.store.getState().notice?.message).toMatch(
      /^The last save of Shop failed .* \(the browser's storage was full\), so this is the older copy saved .*: changes made after it were not kept\.$/,
    );
    // Said once: the copy on screen is now what is stored.
    expect(readSaveFailureMark()).toBeNull();
  });

  it("say so on load when the database was never kept at all", async () => {
    const disk = fillableStorage();
    disk.fill();
    const page = await load(disk.storage);
    expect(page.store.getState().current?.saveState).toBe("failed");
    expect(page.store.getState().saveFailure?.message).toMatch(/a reload would lose this database/);

    disk.free();
    const reloaded = await load(disk.storage);
    expect(reloaded.store.getState().notice?.message).toMatch(/^The last save of Shop failed .*; it is not kept in this browser\.$/);
  });

  it("when the store is full at load, still open the kept copy (not a sample in memory) and save once there is space", async () => {
    const disk = fillableStorage();
    const page = await load(disk.storage);
    await page.change("INSERT INTO orders (total) VALUES (30)");
    disk.fill("everything");

    const reloaded = await load(disk.storage);
    expect(reloaded.store.getState().storageAvailable).toBe(true);
    expect(reloaded.store.getState().current?.id).toBe(page.store.getState().current?.id);
    expect(await reloaded.count()).toBe(3);
    expect(reloaded.store.getState().notice?.message).toMatch(
      /^The browser's storage for this page is full: what is kept here opens, but changes are not saved/,
    );
    await reloaded.change("INSERT INTO orders (total) VALUES (40)");
    expect(reloaded.store.getState().saveFailure?.message).toMatch(/is full \(QuotaExceededError/);

    disk.free();
    await reloaded.change("INSERT INTO orders (total) VALUES (50)");
    expect(reloaded.store.getState().current?.saveState).toBe("saved");
    expect(await (await load(disk.storage)).count()).toBe(5);
  });

  it("after a stop, reopen the changes from memory rather than the older stored copy", async () => {
    const disk = fillableStorage();
    const page = await load(disk.storage);
    disk.fill();
    await page.change("INSERT INTO orders (total) VALUES (30)");
    page.connection.restart();
    await page.store.getState().reloadAfterStop();
    expect(await page.count()).toBe(3);
    expect(page.store.getState().current?.saveState).toBe("failed");
  });
});
