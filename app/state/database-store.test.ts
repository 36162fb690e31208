import { afterEach, describe, expect, it } from "vitest";
import { createBroadcastSaveChannel, type SaveChannel } from "../browser/cross-tab-saves";
import { createInProcessSqliteConnection } from "../browser/in-process-sqlite-connection";
import type { SampleEntry, WholeSample } from "../browser/samples";
import type { KeptDatabaseHeldWhole } from "../browser/kept-opened-in-worker";
import { CHECK_ASIDE_FROM_BYTES } from "../browser/stored-copy-check";
import { createQueryLabStorage, type QueryLabStorage, type StorageProbe } from "../browser/storage";
import { createMemoryArea, createMemoryStorage } from "../browser/storage-areas";
import type { OpenOptions } from "../core/db/sqljs-engine";
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

async function sampleBytes(): Promise<Uint8Array> {
  const connection = await createInProcessSqliteConnection();
  await connection.engine.open(null);
  await connection.engine.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, total REAL); INSERT INTO orders (total) VALUES (10), (20)");
  return connection.engine.exportDatabase();
}

const channels: SaveChannel[] = [];
afterEach(() => channels.splice(0).forEach((channel) => channel.close()));

/** The options each call of the engine's open was given, from now on. */
function optionsOfOpens(connection: Awaited<ReturnType<typeof createInProcessSqliteConnection>>): unknown[] {
  const opened: unknown[] = [];
  const open = connection.engine.open.bind(connection.engine);
  connection.engine.open = ((bytes: Uint8Array | null, options?: OpenOptions) => {
    opened.push(options);
    return open(bytes, options);
  }) as typeof connection.engine.open;
  return opened;
}

/**
 * One tab of the page: its own SQLite engine and store, sharing the browser's storage and save channel with other tabs.
 * `beforeStart` sees the tab's connection before its store starts.
 */
async function openTab(
  storage: QueryLabStorage,
  channelName = `saves-${Math.random()}`,
  beforeStart: (connection: Awaited<ReturnType<typeof createInProcessSqliteConnection>>) => void = () => undefined,
) {
  const connection = await createInProcessSqliteConnection();
  beforeStart(connection);
  const channel = createBroadcastSaveChannel(channelName);
  channels.push(channel);
  const bytes = await sampleBytes();
  const refused: string[] = [];
  const store = createDatabaseStore({
    connection: () => connection,
    storage: () => storage,
    channel,
    loadSampleManifest: async () => [sample],
    loadSampleBytes: async () => bytes,
    address: () => null,
    storageRefused: () => refused.push("refused"),
  });
  await store.getState().start();
  await expect.poll(() => store.getState().current?.saveState).not.toBe("saving");
  return { store, connection, refused };
}

async function count(tab: Awaited<ReturnType<typeof openTab>>): Promise<unknown> {
  const outcome = await tab.connection.engine.execute("SELECT count(*) FROM orders");
  return outcome.ok ? outcome.firstRows[0]?.[0] : outcome.error.message;
}

/**
 * `memory` whose probe answers `probe` only when the test calls answerProbe (on a real first visit IndexedDB creates the
 * browser's database then), with `overrides` in place of its other methods.
 */
function probingWhenTold(memory: QueryLabStorage, probe: StorageProbe, overrides: Partial<QueryLabStorage> = {}) {
  let answerProbe: () => void = () => undefined;
  const probeAnswered = new Promise<void>((resolve) => (answerProbe = resolve));
  const storage: QueryLabStorage = {
    ...memory,
    async probe() {
      await probeAnswered;
      return probe;
    },
    ...overrides,
  };
  return { storage, answerProbe: () => answerProbe() };
}

describe("database store", () => {
  it("opens the first sample on a first visit and keeps it", async () => {
    const storage = createMemoryStorage({ durable: true });
    const tab = await openTab(storage);
    const state = tab.store.getState();
    expect(state.status).toBe("ready");
    expect(state.current).toMatchObject({ name: "Shop", source: "sample", saveState: "saved" });
    expect(state.schema?.tables.map((table) => table.name)).toEqual(["orders"]);
    expect(state.recent.map((entry) => entry.id)).toEqual([state.current!.id]);
    expect(await storage.lastOpenDatabaseId()).toBe(state.current!.id);
  });

  it("comes back after a reload to the kept copy with its changes", async () => {
    const storage = createMemoryStorage({ durable: true });
    const first = await openTab(storage);
    await first.connection.engine.execute("INSERT INTO orders (total) VALUES (30)");
    await first.store.getState().afterChange();
    expect(first.store.getState().current?.saveState).toBe("saved");
    const reloaded = await openTab(storage);
    expect(reloaded.store.getState().current?.id).toBe(first.store.getState().current?.id);
    expect(await count(reloaded)).toBe(3);
  });

  it("reopens a kept copy without checking its pages first, then checks them and says what is damaged", async () => {
    const storage = createMemoryStorage({ durable: true });
    const first = await openTab(storage);
    const id = first.store.getState().current!.id;
    const stored = await storage.loadDatabase(id);
    // The orders table's page (the second; the schema's, the first, stays readable) overwritten in the kept copy.
    const damaged = new Uint8Array(await stored!.copy.arrayBuffer());
    const pageSize = (damaged[16]! << 8) | damaged[17]!;
    damaged.fill(0xff, pageSize, 2 * pageSize);
    await storage.saveDatabase(stored!.meta, damaged);
    let opens: unknown[] = [];
    const reloaded = await openTab(storage, undefined, (connection) => {
      opens = optionsOfOpens(connection);
    });
    expect(reloaded.store.getState().status).toBe("ready");
    expect(reloaded.store.getState().current?.id).toBe(id);
    expect(opens).toEqual([expect.objectContaining({ checkPages: false })]);
    await expect
      .poll(() => reloaded.store.getState().notice?.message, { timeout: 2000 })
      .toMatch(/^The copy of Shop kept in this browser is damaged\. The database is damaged/);
    expect(reloaded.store.getState().notice?.kind).toBe("error");
  });

  it("says nothing of a kept copy whose pages are sound", async () => {
    const storage = createMemoryStorage({ durable: true });
    await openTab(storage);
    const reloaded = await openTab(storage);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reloaded.store.getState().notice).toBeNull();
    expect(await count(reloaded)).toBe(2);
  });

  it("says nothing is kept when storage does not last, and still works", async () => {
    const tab = await openTab(createMemoryStorage());
    expect(tab.store.getState().storageAvailable).toBe(false);
    expect(tab.store.getState().current?.saveState).toBe("not-kept");
    expect(tab.store.getState().notice?.message).toMatch(/changes will not be kept after a reload/);
    expect(tab.refused).toEqual([]);
  });

  it("falls back to memory when the browser refuses writes", async () => {
    const refusing = createMemoryArea();
    refusing.set = async () => {
      throw new Error("QuotaExceededError");
    };
    const storage = createQueryLabStorage(
      { databases: refusing, traces: createMemoryArea(), schemaContext: createMemoryArea(), embeddings: createMemoryArea(), benchmark: createMemoryArea() },
      true,
    );
    const tab = await openTab(storage);
    expect(tab.refused).toEqual(["refused"]);
    expect(tab.store.getState().status).toBe("ready");
    expect(tab.store.getState().current?.saveState).toBe("not-kept");
  });

  it("saves this tab's version as a copy when another tab saved the same database meanwhile", async () => {
    const storage = createMemoryStorage({ durable: true });
    const channelName = `saves-${Math.random()}`;
    const first = await openTab(storage, channelName);
    const second = await openTab(storage, channelName);
    const id = first.store.getState().current!.id;
    expect(second.store.getState().current?.id).toBe(id);

    await second.connection.engine.execute("INSERT INTO orders (total) VALUES (1)");
    await second.store.getState().afterChange();
    // The first tab hears of it at once.
    await expect.poll(() => first.store.getState().notice?.message).toMatch(/was just changed in another tab/);

    await first.connection.engine.execute("DELETE FROM orders");
    await first.store.getState().afterChange();
    const current = first.store.getState().current!;
    expect(current.id).not.toBe(id);
    expect(current.name).toBe("Shop (copy)");
    expect(first.store.getState().notice?.message).toMatch(/saved as “Shop \(copy\)”/);
    // Neither tab's work is lost.
    expect((await storage.listDatabases()).map((entry) => entry.id).sort()).toEqual([id, current.id].sort());
    const secondTabs = await openTab(storage);
    await secondTabs.store.getState().reopenRecent(id);
    expect(await count(secondTabs)).toBe(3);
  });

  it("after a stop reopens the last saved state, without what the stopped query changed", async () => {
    const tab = await openTab(createMemoryStorage({ durable: true }));
    await tab.connection.engine.execute("INSERT INTO orders (total) VALUES (30)");
    await tab.store.getState().afterChange();
    await tab.connection.engine.execute("INSERT INTO orders (total) VALUES (40)");
    tab.connection.restart();
    const opens = optionsOfOpens(tab.connection);
    await tab.store.getState().reloadAfterStop();
    expect(await count(tab)).toBe(3);
    expect(tab.store.getState().current?.saveState).toBe("saved");
    // Its pages were checked when it was opened: not again on the way back from a Stop.
    expect(opens).toEqual([expect.objectContaining({ checkPages: false })]);
  });

  it("after a stop without storage reopens the bytes it kept in memory", async () => {
    const tab = await openTab(createMemoryStorage());
    await tab.connection.engine.execute("INSERT INTO orders (total) VALUES (30)");
    await tab.store.getState().afterChange();
    tab.connection.restart();
    const opens = optionsOfOpens(tab.connection);
    await tab.store.getState().reloadAfterStop();
    expect(await count(tab)).toBe(3);
    expect(opens).toEqual([expect.objectContaining({ checkPages: false })]);
  });

  it("leaves the open database open when a file is not a database, and says why", async () => {
    const tab = await openTab(createMemoryStorage({ durable: true }));
    const before = tab.store.getState().current;
    expect(await tab.store.getState().openFile(new File(["not sqlite at all"], "notes.db"))).toBe(false);
    expect(tab.store.getState().current).toEqual(before);
    expect(tab.store.getState().notice).toMatchObject({ kind: "error" });
    expect(tab.store.getState().notice?.message).toMatch(/^notes\.db: .*The database that was open is still open\.$/);
  });

  it("takes down a failed open's notice when the next open starts, and keeps a notice about the open database until one succeeds", async () => {
    const tab = await openTab(createMemoryStorage({ durable: true }));
    expect(await tab.store.getState().openFile(new File(["not sqlite at all"], "notes.db"))).toBe(false);
    expect(tab.store.getState().notice).toMatchObject({ kind: "error", failedOpen: true });
    // What the page shows from the moment the next open says it is loading.
    const shownWhileLoading: unknown[] = [];
    const unsubscribe = tab.store.subscribe((state, previous) => {
      if (state.loading && !previous.loading) shownWhileLoading.push(state.notice);
    });
    try {
      expect(await tab.store.getState().openFile(new File(["still not sqlite"], "other.db"))).toBe(false);
      expect(shownWhileLoading).toEqual([null]);
      expect(tab.store.getState().notice?.message).toMatch(/^other\.db: /);

      // A notice about the database that is open (here, a table imported into it) stays while another open runs.
      expect(await tab.store.getState().importFile(new File(["name,qty\npen,3\n"], "stock.csv"))).toBe(true);
      const imported = tab.store.getState().notice;
      expect(imported).toMatchObject({ kind: "info" });
      shownWhileLoading.length = 0;
      expect(await tab.store.getState().openFile(new File(["not sqlite"], "third.db"))).toBe(false);
      expect(shownWhileLoading).toEqual([imported]);
    } finally {
      unsubscribe();
    }
  });

  it("does not say saved while a change made during an earlier save is still to be saved (a reload then would lose it)", async () => {
    const storage = createMemoryStorage({ durable: true });
    const tab = await openTab(storage);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const save = storage.saveDatabase.bind(storage);
    let saves = 0;
    storage.saveDatabase = async (meta, bytes) => {
      saves += 1;
      if (saves === 1) await held;
      return save(meta, bytes);
    };
    await tab.connection.engine.execute("INSERT INTO orders (total) VALUES (1)");
    const first = tab.store.getState().afterChange();
    await expect.poll(() => saves).toBe(1);
    await tab.connection.engine.execute("INSERT INTO orders (total) VALUES (2)");
    const second = tab.store.getState().afterChange();
    release();
    await first;
    // The first save has ended; the second is queued behind it, so the change is not yet kept.
    expect(tab.store.getState().current?.saveState).toBe("saving");
    await second;
    expect(tab.store.getState().current?.saveState).toBe("saved");
  });

  it("keeps an open transaction unsaved until it ends", async () => {
    const tab = await openTab(createMemoryStorage({ durable: true }));
    await tab.connection.engine.execute("BEGIN; INSERT INTO orders (total) VALUES (5)");
    await tab.store.getState().afterChange();
    expect(tab.store.getState().current?.saveState).toBe("unsaved-transaction");
    await tab.connection.engine.execute("COMMIT");
    await tab.store.getState().afterChange();
    expect(tab.store.getState().current?.saveState).toBe("saved");
  });
});

describe("a file opened whole", () => {
  /** A database file as the person picks it, with the table `notes` holding `rows` rows. */
  async function pickedFile(rows: number): Promise<File> {
    const values = Array.from({ length: rows }, (_, index) => `(${index + 1})`).join(", ");
    return new File([(await databaseWith(`CREATE TABLE notes (id INTEGER PRIMARY KEY); INSERT INTO notes (id) VALUES ${values}`)).slice()], "notes.sqlite");
  }

  async function notes(tab: Awaited<ReturnType<typeof openTab>>): Promise<unknown> {
    const outcome = await tab.connection.engine.execute("SELECT count(*) FROM notes");
    return outcome.ok ? outcome.firstRows[0]?.[0] : outcome.error.message;
  }

  it("hands its bytes to the engine (ownBytes) and keeps the File itself in storage, which reopens it after a reload", async () => {
    const storage = createMemoryStorage({ durable: true });
    const tab = await openTab(storage);
    const kept: unknown[] = [];
    const save = storage.saveDatabase.bind(storage);
    storage.saveDatabase = async (meta, data) => {
      kept.push(data);
      return save(meta, data);
    };
    const opened = optionsOfOpens(tab.connection);
    const file = await pickedFile(3);
    expect(await tab.store.getState().openFile(file)).toBe(true);
    await expect.poll(() => tab.store.getState().current?.saveState).toBe("saved");
    expect(opened).toEqual([expect.objectContaining({ ownBytes: true })]);
    // The File, not a copy of its bytes: the page holds none of its own.
    expect(kept).toEqual([file]);
    expect(tab.store.getState().current).toMatchObject({ name: "notes.sqlite", sizeBytes: file.size });
    const reloaded = await openTab(storage);
    expect(reloaded.store.getState().current?.name).toBe("notes.sqlite");
    expect(await notes(reloaded)).toBe(3);
  });

  it("kept as its File, is reopened at the next load with its bytes handed to the engine", async () => {
    const storage = createMemoryStorage({ durable: true });
    const file = await pickedFile(5);
    await storage.saveDatabase({ id: "kept", name: "notes.sqlite", source: "file", sizeBytes: file.size, updatedAt: 1 }, file);
    await storage.setLastOpenDatabaseId("kept");
    let opened: unknown[] = [];
    const tab = await openTab(storage, undefined, (connection) => (opened = optionsOfOpens(connection)));
    expect(tab.store.getState().current).toMatchObject({ id: "kept", saveState: "saved" });
    expect(opened).toEqual([expect.objectContaining({ ownBytes: true })]);
    expect(await notes(tab)).toBe(5);
  });

  it("after a stop without storage reopens it from the File", async () => {
    const tab = await openTab(createMemoryStorage());
    expect(await tab.store.getState().openFile(await pickedFile(4))).toBe(true);
    await tab.connection.engine.execute("INSERT INTO notes (id) VALUES (100)"); // not kept: the stop undoes it
    tab.connection.restart();
    await tab.store.getState().reloadAfterStop();
    expect(await notes(tab)).toBe(4);
    expect(tab.store.getState().notice?.kind).not.toBe("error");
  });

  it("after a stop without storage, a File that can no longer be read says so instead of opening something else", async () => {
    const tab = await openTab(createMemoryStorage());
    const file = await pickedFile(2);
    expect(await tab.store.getState().openFile(file)).toBe(true);
    // As when the file was moved or changed on disk since it was picked.
    file.arrayBuffer = () => Promise.reject(new DOMException("The file could not be read.", "NotReadableError"));
    tab.connection.restart();
    await tab.store.getState().reloadAfterStop();
    expect(tab.store.getState().notice).toMatchObject({ kind: "error" });
    expect(tab.store.getState().notice?.message).toMatch(
      /^The database could not be reopened after stopping: the file could not be read \(The file could not be read\.\)\. Open it again to go on\.$/,
    );
  });
});

describe("a first visit as index.html's start script saw it (no database in the address, no kept-database hint)", () => {
  /**
   * The start script began the sample in the worker (read on demand); storage answers its probe only when the test
   * says (on a real first visit IndexedDB creates the browser's database then). `kept`: a database kept before after
   * all (its hint lost).
   */
  async function startedVisit(options: { probe: StorageProbe; kept?: boolean }) {
    const memory = createMemoryStorage({ durable: true });
    const connection = await createInProcessSqliteConnection();
    const bytes = await sampleBytes();
    if (options.kept) {
      await memory.saveDatabase({ id: "kept", name: "Kept notes", source: "file", sizeBytes: bytes.byteLength, updatedAt: 1 }, bytes);
      await memory.setLastOpenDatabaseId("kept");
    }
    const { storage, answerProbe } = probingWhenTold(memory, options.probe);
    let wholeArrives: (whole: WholeSample) => void = () => undefined;
    const whole = new Promise<WholeSample>((resolve) => (wholeArrives = resolve));
    const refused: string[] = [];
    const store = createDatabaseStore({
      connection: () => connection,
      storage: () => storage,
      channel: createBroadcastSaveChannel(`saves-${Math.random()}`),
      loadSampleManifest: async () => [sample],
      loadSampleBytes: async () => bytes,
      startedFirstVisitSample: () => sample.file,
      sampleOpenedInWorker: async () => {
        const outcome = await connection.engine.open(bytes, { checkPages: false });
        const schema = await connection.engine.schema({ rowCounts: false });
        return { outcome, schema, bytes: null, whole, url: "https://querylab.example/samples/shop.sqlite", beginDownload: () => undefined };
      },
      address: () => null,
      storageRefused: () => refused.push("refused"),
    });
    return { store, memory, answerProbe, wholeArrives, bytes, refused, started: store.getState().start() };
  }

  it("shows the sample the worker opened without waiting for storage, and keeps it only once storage has answered", async () => {
    const visit = await startedVisit({ probe: "writable" });
    await expect.poll(() => visit.store.getState().status).toBe("ready");
    expect(visit.store.getState()).toMatchObject({ current: { name: "Shop", saveState: "loading-whole" }, samples: [sample] });
    expect(visit.store.getState().schema?.tables.map((table) => table.name)).toEqual(["orders"]);
    // The whole file arrives before storage has said whether it keeps anything: its save waits.
    visit.wholeArrives({ ok: true, bytes: visit.bytes.slice() });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(visit.store.getState().current?.saveState).toBe("saving");
    expect(await visit.memory.listDatabases()).toEqual([]);
    visit.answerProbe();
    await visit.started;
    await expect.poll(() => visit.store.getState().current?.saveState).toBe("saved");
    expect((await visit.memory.listDatabases()).map((meta) => meta.name)).toEqual(["Shop"]);
    expect(visit.store.getState().recent.map((meta) => meta.name)).toEqual(["Shop"]);
  });

  it("says nothing is kept when storage refuses, after the sample is on screen, and never tries to keep it", async () => {
    const visit = await startedVisit({ probe: "refused" });
    await expect.poll(() => visit.store.getState().status).toBe("ready");
    visit.wholeArrives({ ok: true, bytes: visit.bytes.slice() });
    visit.answerProbe();
    await visit.started;
    await expect.poll(() => visit.store.getState().current?.saveState).toBe("not-kept");
    expect(visit.refused).toEqual(["refused"]);
    expect(visit.store.getState().notice?.message).toMatch(/does not allow storage here/);
    expect(await visit.memory.listDatabases()).toEqual([]);
  });

  it("reopens a database kept before when storage shows one after all (the hint was lost)", async () => {
    const visit = await startedVisit({ probe: "writable", kept: true });
    await expect.poll(() => visit.store.getState().current?.name).toBe("Shop");
    visit.answerProbe();
    await visit.started;
    expect(visit.store.getState()).toMatchObject({ status: "ready", current: { id: "kept", name: "Kept notes" } });
  });
});

describe("the start's sample opened by the worker", () => {
  /** A first visit whose worker opened the sample (its engine holds it); `answer` resolves when the test says. */
  async function firstVisit(options: { openedInWorker: boolean; readOnDemand?: boolean }) {
    const storage = createMemoryStorage({ durable: true });
    const connection = await createInProcessSqliteConnection();
    const bytes = await sampleBytes();
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    /** Read on demand: the worker's later word that it holds the sample whole, when the test gives it. */
    let wholeArrives: (whole: WholeSample) => void = () => undefined;
    const whole = new Promise<WholeSample>((resolve) => (wholeArrives = resolve));
    const downloads: string[] = [];
    /** Read on demand: the times the store told the worker it may download the sample. */
    const downloadsBegun: string[] = [];
    /** Each call of forgetUntakenStartSample, as the downloads made before it. */
    const forgotten: number[] = [];
    const store = createDatabaseStore({
      connection: () => connection,
      storage: () => storage,
      channel: createBroadcastSaveChannel(`saves-${Math.random()}`),
      loadSampleManifest: async () => [sample],
      loadSampleBytes: async () => {
        downloads.push(sample.file);
        return bytes;
      },
      sampleOpenedInWorker: async () => {
        if (!options.openedInWorker) return null;
        // As the worker does: the sample is open there before the page is told.
        const outcome = await connection.engine.open(bytes, { checkPages: false });
        // Without row counts, as the worker reads it for the first screen (workers/first-sample.ts).
        const schema = await connection.engine.schema({ rowCounts: false });
        await answered;
        const url = "https://querylab.example/samples/shop.sqlite";
        const beginDownload = () => downloadsBegun.push(`after ${visit.store.getState().status}`);
        return options.readOnDemand ? { outcome, schema, bytes: null, whole, url, beginDownload } : { outcome, schema, bytes, whole: null, url, beginDownload };
      },
      forgetUntakenStartSample: () => forgotten.push(downloads.length),
      address: () => null,
      storageRefused: () => undefined,
    });
    const visit = { store, connection, release, downloads, storage, forgotten, wholeArrives, bytes, downloadsBegun };
    return visit;
  }

  it("shows the sample the worker opened read on demand at once, and keeps a copy only once the worker holds it whole", async () => {
    const visit = await firstVisit({ openedInWorker: true, readOnDemand: true });
    visit.release();
    await visit.store.getState().start();
    expect(visit.store.getState()).toMatchObject({ status: "ready", current: { name: "Shop", source: "sample", saveState: "loading-whole" } });
    expect(visit.store.getState().schema?.tables.map((table) => table.name)).toEqual(["orders"]);
    // Counting rows on demand would read every table: not before the file is here.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(visit.store.getState().schema?.tables[0]?.rowCount).toBeNull();
    expect(await visit.storage.listDatabases()).toEqual([]);
    // The worker is told to download the file once the first screen is drawn (in Node: after afterPaint's timer).
    await expect.poll(() => visit.downloadsBegun).toEqual(["after ready"]);
    visit.wholeArrives({ ok: true, bytes: visit.bytes.slice() });
    await expect.poll(() => visit.store.getState().current?.saveState).toBe("saved");
    expect((await visit.storage.listDatabases()).map((meta) => meta.name)).toEqual(["Shop"]);
    await expect.poll(() => visit.store.getState().schema?.tables[0]?.rowCount).toBeGreaterThan(0);
    expect(visit.downloads).toEqual([]);
  });

  it("keeps a change made while the sample downloaded: the download's own copy, told of after the change was saved, does not replace it", async () => {
    const visit = await firstVisit({ openedInWorker: true, readOnDemand: true });
    visit.release();
    await visit.store.getState().start();
    // The worker ran the change once it held the sample whole, and answered it before its word about the download.
    await visit.connection.engine.execute("CREATE TABLE made_meanwhile (x)");
    await visit.store.getState().afterChange();
    expect(visit.store.getState().current?.saveState).toBe("saved");
    visit.wholeArrives({ ok: true, bytes: visit.bytes.slice() });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [kept] = await visit.storage.listDatabases();
    const stored = await visit.storage.loadDatabase(kept!.id);
    const reopened = await createInProcessSqliteConnection();
    await reopened.engine.openBlob(stored!.copy);
    expect((await reopened.engine.schema()).tables.map((table) => table.name)).toContain("made_meanwhile");
  });

  it("says the sample stays read-only, read on demand, when the worker could not download it whole, and keeps nothing", async () => {
    const visit = await firstVisit({ openedInWorker: true, readOnDemand: true });
    visit.release();
    await visit.store.getState().start();
    visit.wholeArrives({ ok: false, reason: "HTTP 503" });
    await expect.poll(() => visit.store.getState().current?.saveState).toBe("read-on-demand");
    expect(visit.store.getState().notice?.message).toMatch(/^Shop could not be downloaded whole \(HTTP 503\), so it stays open read-only, read on demand/);
    expect(await visit.storage.listDatabases()).toEqual([]);
  });

  it("after a Stop while the worker was still downloading the sample, downloads and keeps it itself; the stopped worker's late word changes nothing", async () => {
    const visit = await firstVisit({ openedInWorker: true, readOnDemand: true });
    visit.release();
    await visit.store.getState().start();
    const id = visit.store.getState().current?.id;
    visit.connection.restart();
    await visit.store.getState().reloadAfterStop();
    expect(visit.downloads).toEqual(["shop.sqlite"]);
    await expect.poll(() => visit.store.getState().current?.saveState).toBe("saved");
    expect(visit.store.getState().current?.id).toBe(id);
    expect((await visit.connection.engine.schema()).tables.map((table) => table.name)).toEqual(["orders"]);
    visit.wholeArrives({ ok: false, reason: "the SQLite worker stopped before it had the file" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(visit.store.getState()).toMatchObject({ current: { saveState: "saved" }, notice: null });
    expect((await visit.storage.listDatabases()).map((meta) => meta.name)).toEqual(["Shop"]);
  });

  it("takes the database the worker opened, with its schema, without downloading or opening it again, and keeps its copy", async () => {
    const visit = await firstVisit({ openedInWorker: true });
    visit.release();
    await visit.store.getState().start();
    expect(visit.downloads).toEqual([]);
    expect(visit.store.getState()).toMatchObject({ status: "ready", current: { name: "Shop", source: "sample" } });
    expect(visit.store.getState().schema?.tables.map((table) => table.name)).toEqual(["orders"]);
    // The worker left the row counts out; the store reads them once the database is shown.
    await expect.poll(() => visit.store.getState().schema?.tables[0]?.rowCount).toBeGreaterThan(0);
    await expect.poll(() => visit.store.getState().current?.saveState).toBe("saved");
    expect((await visit.storage.listDatabases()).map((meta) => meta.name)).toEqual(["Shop"]);
  });

  it("gives way to a database the person opens while the sample is on its way: theirs stays open, in the store and the worker", async () => {
    const visit = await firstVisit({ openedInWorker: true });
    const starting = visit.store.getState().start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const theirs = new File([(await databaseWith("CREATE TABLE notes (id INTEGER PRIMARY KEY)")).slice()], "mine.sqlite");
    expect(await visit.store.getState().openFile(theirs)).toBe(true);
    visit.release();
    await starting;
    expect(visit.store.getState().current?.name).toBe("mine.sqlite");
    expect((await visit.connection.engine.schema()).tables.map((table) => table.name)).toEqual(["notes"]);
    expect(visit.downloads).toEqual([]);
  });

  it("downloads and opens the sample itself when the worker did not", async () => {
    const visit = await firstVisit({ openedInWorker: false });
    await visit.store.getState().start();
    expect(visit.downloads).toEqual(["shop.sqlite"]);
    expect(visit.store.getState().current?.name).toBe("Shop");
    // Once, after the start's open: what the start fetched ahead and nobody took is let go.
    expect(visit.forgotten).toEqual([1]);
  });

  it("lets go of the worker's sample when a kept database opens instead", async () => {
    const visit = await firstVisit({ openedInWorker: true });
    const kept = await databaseWith("CREATE TABLE notes (id INTEGER PRIMARY KEY)");
    await visit.storage.saveDatabase({ id: "kept", name: "notes.sqlite", source: "file", sizeBytes: kept.byteLength, updatedAt: 1 }, kept);
    await visit.storage.setLastOpenDatabaseId("kept");
    visit.release();
    await visit.store.getState().start();
    expect(visit.store.getState().current?.name).toBe("notes.sqlite");
    expect(visit.forgotten).toEqual([0]);
  });
});

describe("a returning visit whose kept database the worker opened at the start script's request (workers/kept-database.ts)", () => {
  /**
   * A database kept by an earlier visit; the worker opens it when the test says (`answer`), as workers/kept-database.ts
   * does: without the page check, and a schema without row counts. Storage answers its probe only when the test says.
   * `loads` records the page's own reads of a kept database's bytes.
   */
  async function returningVisit(options: { workerOpens?: "it" | "nothing" | "a broken file" | "it read on demand until whole" } = {}) {
    const memory = createMemoryStorage({ durable: true });
    const kept = await databaseWith("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('a'), ('b')");
    // Large (the worker opened it read on demand): an entry of that size, whose check goes to a worker of its own.
    const large = options.workerOpens === "it read on demand until whole";
    const meta = { id: "kept", name: "notes.sqlite", source: "file" as const, sizeBytes: large ? CHECK_ASIDE_FROM_BYTES : kept.byteLength, updatedAt: 5 };
    await memory.saveDatabase(meta, kept);
    await memory.setLastOpenDatabaseId("kept");
    const loads: string[] = [];
    const failLoads = { value: false };
    const { storage, answerProbe } = probingWhenTold(memory, "writable", {
      async loadDatabase(id) {
        loads.push(id);
        if (failLoads.value) throw new DOMException("The transaction was aborted.", "AbortError");
        return memory.loadDatabase(id);
      },
    });
    const connection = await createInProcessSqliteConnection();
    const checks: string[] = [];
    const checkPages = connection.engine.checkPages.bind(connection.engine);
    connection.engine.checkPages = (() => {
      checks.push("checked");
      return checkPages();
    }) as typeof connection.engine.checkPages;
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // The worker's word that it holds the database whole, when it opened it read on demand (a large one).
    let heldWhole: (held: KeptDatabaseHeldWhole) => void = () => undefined;
    const whole = new Promise<KeptDatabaseHeldWhole>((resolve) => (heldWhole = resolve));
    /** The page's word to the worker that its read whole may begin (once the first screen is painted). */
    const readsBegun: string[] = [];
    const store = createDatabaseStore({
      connection: () => connection,
      storage: () => storage,
      channel: createBroadcastSaveChannel(`saves-${Math.random()}`),
      loadSampleManifest: async () => [sample],
      loadSampleBytes: async () => sampleBytes(),
      startedFirstVisitSample: () => null,
      keptDatabaseOpenedInWorker: () =>
        answered.then(async () => {
          if (options.workerOpens === "nothing") return null;
          const bytes = options.workerOpens === "a broken file" ? new TextEncoder().encode("not a database at all, really") : kept.slice();
          const outcome = await connection.engine.open(bytes, { checkPages: false });
          const schema = outcome.ok ? await connection.engine.schema({ rowCounts: false }) : null;
          return {
            meta,
            outcome,
            schema,
            whole: options.workerOpens === "it read on demand until whole" ? whole : null,
            beginReadingWhole: () => void readsBegun.push("kept"),
          };
        }),
      checkStoredCopy: async (copy, name) => (checks.push(`${name} checked aside, ${copy.size} bytes as stored`), null),
      address: () => null,
      storageRefused: () => undefined,
    });
    return { store, connection, memory, loads, failLoads, checks, answer, answerProbe, heldWhole, readsBegun, kept, started: store.getState().start() };
  }

  /** The notes in the copy kept in storage. */
  async function notesKept(visit: Awaited<ReturnType<typeof returningVisit>>): Promise<unknown> {
    const reopened = await createInProcessSqliteConnection();
    await reopened.engine.openBlob((await visit.memory.loadDatabase("kept"))!.copy);
    const outcome = await reopened.engine.execute("SELECT count(*) FROM notes");
    return outcome.ok ? outcome.firstRows[0]?.[0] : outcome.error.message;
  }

  async function notes(visit: Awaited<ReturnType<typeof returningVisit>>): Promise<unknown> {
    const outcome = await visit.connection.engine.execute("SELECT count(*) FROM notes");
    return outcome.ok ? outcome.firstRows[0]?.[0] : outcome.error.message;
  }

  it("shows it without reading its bytes on the page or waiting for storage, checks its pages once shown, and saves changes under its id", async () => {
    const visit = await returningVisit();
    visit.answer();
    await expect.poll(() => visit.store.getState().status).toBe("ready");
    expect(visit.store.getState().current).toMatchObject({ id: "kept", name: "notes.sqlite", saveState: "saved", updatedAt: 5 });
    expect(visit.store.getState().schema?.tables.map((table) => table.name)).toEqual(["notes"]);
    // The worker left the row counts out; they are read once it is shown.
    await expect.poll(() => visit.store.getState().schema?.tables[0]?.rowCount).toBe(2);
    await expect.poll(() => visit.checks).toEqual(["checked"]);
    visit.answerProbe();
    await visit.started;
    expect(visit.loads).toEqual([]);
    expect(visit.store.getState().current?.id).toBe("kept");
    await visit.connection.engine.execute("INSERT INTO notes (body) VALUES ('c')");
    await visit.store.getState().afterChange();
    expect(visit.store.getState().current).toMatchObject({ id: "kept", saveState: "saved" });
    expect(await notesKept(visit)).toBe(3);
  });

  it("can be ready before its sample list is in the state; loadedSamples gives the list all the same", async () => {
    const visit = await returningVisit();
    visit.answer();
    await expect.poll(() => visit.store.getState().status).toBe("ready");
    // What an exercise set or a shared link opened right after ready met: no samples yet, so "not among the samples".
    expect(visit.store.getState().samples).toEqual([]);
    expect(await visit.store.getState().loadedSamples()).toEqual([sample]);
    visit.answerProbe();
    await visit.started;
    expect(visit.store.getState().samples).toEqual([sample]);
  });

  /** A returning visit whose large kept database the worker opened read on demand, on screen before it is held whole. */
  async function largeVisitShown() {
    const visit = await returningVisit({ workerOpens: "it read on demand until whole" });
    visit.answer();
    visit.answerProbe();
    await visit.started;
    return visit;
  }

  /** A change the store saves under the kept id (the fourth note). */
  async function addNoteAndSave(visit: Awaited<ReturnType<typeof returningVisit>>): Promise<void> {
    await visit.connection.engine.execute("INSERT INTO notes (body) VALUES ('c')");
    await visit.store.getState().afterChange();
    expect(visit.store.getState().current).toMatchObject({ id: "kept", saveState: "saved" });
  }

  it("a large one opened read on demand is shown at once; its row counts and page check wait until the worker holds it whole, then it is saved as before", async () => {
    const visit = await largeVisitShown();
    expect(visit.store.getState().current).toMatchObject({ id: "kept", saveState: "reading-whole" });
    expect(visit.store.getState().schema?.tables.map((table) => [table.name, table.rowCount])).toEqual([["notes", null]]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(visit.checks).toEqual([]);
    expect(visit.store.getState().schema?.tables[0]?.rowCount).toBeNull();
    // Shown and painted: the worker is told its read whole may begin.
    await expect.poll(() => visit.readsBegun).toEqual(["kept"]);
    visit.heldWhole({ ok: true });
    await expect.poll(() => visit.store.getState().current?.saveState).toBe("saved");
    await expect.poll(() => visit.store.getState().schema?.tables[0]?.rowCount).toBe(2);
    // Checked as stored, by a worker of its own: the page's worker is never held by the check of a large copy.
    await expect.poll(() => visit.checks).toEqual([`notes.sqlite checked aside, ${visit.kept.byteLength} bytes as stored`]);
    // The stored copy was asked for once, for that check, and handed over unread.
    expect(visit.loads).toEqual(["kept"]);
    await addNoteAndSave(visit);
    expect(await notesKept(visit)).toBe(3);
  });

  it("a change made while a large one is read into memory is saved, and the worker's later word leaves its state as the save set it", async () => {
    const visit = await largeVisitShown();
    // The worker made it wait for the swap (DatabaseService.beforeChange); here it is held whole already.
    await addNoteAndSave(visit);
    visit.heldWhole({ ok: true });
    await expect.poll(() => visit.checks).toHaveLength(1);
    expect(visit.store.getState().current?.saveState).toBe("saved");
    expect(await notesKept(visit)).toBe(3);
  });

  it("says why a large one stays read on demand when the worker could not read it whole", async () => {
    const visit = await largeVisitShown();
    visit.heldWhole({ ok: false, reason: "NotReadableError: the file could not be read" });
    await expect.poll(() => visit.store.getState().current?.saveState).toBe("read-on-demand");
    expect(visit.store.getState().notice).toEqual({
      kind: "error",
      message:
        "notes.sqlite could not be read into memory (NotReadableError: the file could not be read), so it stays open read-only, read on demand from its copy in this browser. Reload the page to try again.",
    });
    expect(visit.checks).toEqual([]);
  });

  it("a Stop while a large one is read into memory reads the stored copy back whole", async () => {
    const visit = await largeVisitShown();
    visit.connection.restart();
    await visit.store.getState().reloadAfterStop();
    expect(visit.loads).toEqual(["kept"]);
    expect(await notes(visit)).toBe(2);
    expect(visit.store.getState()).toMatchObject({ current: { id: "kept", saveState: "saved" }, notice: null });
  });

  it("after a Stop reads the stored copy back, as the page holds no bytes of it", async () => {
    const visit = await returningVisit();
    visit.answer();
    visit.answerProbe();
    await visit.started;
    visit.connection.restart();
    await visit.store.getState().reloadAfterStop();
    expect(visit.loads).toEqual(["kept"]);
    expect(await notes(visit)).toBe(2);
    expect(visit.store.getState()).toMatchObject({ current: { id: "kept", saveState: "saved" }, notice: null });
  });

  it("after a Stop, when storage no longer gives the copy back, says so and opens no empty database that a change would save over it", async () => {
    const visit = await returningVisit();
    visit.answer();
    visit.answerProbe();
    await visit.started;
    visit.connection.restart();
    visit.failLoads.value = true;
    await visit.store.getState().reloadAfterStop();
    expect(visit.store.getState().notice?.message).toMatch(
      /^The database could not be reopened after stopping: its copy kept in this browser could not be read/,
    );
    expect(visit.store.getState().current).toMatchObject({ id: "kept", saveState: "not-reopened" });
    // Storage gives it back again (it was a passing failure): a change to the empty database in its place is not saved.
    visit.failLoads.value = false;
    await visit.connection.engine.execute("CREATE TABLE made_after_the_stop (x)");
    await visit.store.getState().afterChange();
    expect(visit.store.getState().current?.saveState).toBe("not-reopened");
    expect(await notesKept(visit)).toBe(2);
  });

  it("reopens it itself when the worker opened nothing, or could not open it", async () => {
    for (const workerOpens of ["nothing", "a broken file"] as const) {
      const visit = await returningVisit({ workerOpens });
      visit.answer();
      visit.answerProbe();
      await visit.started;
      expect(visit.loads).toEqual(["kept"]);
      expect(visit.store.getState().current).toMatchObject({ id: "kept", saveState: "saved" });
      expect(await notes(visit)).toBe(2);
    }
  });

  it("gives way to a database the person opens while the worker's answer is on its way", async () => {
    const visit = await returningVisit();
    visit.answerProbe();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const theirs = new File([(await databaseWith("CREATE TABLE mine (id INTEGER PRIMARY KEY)")).slice()], "mine.sqlite");
    expect(await visit.store.getState().openFile(theirs)).toBe(true);
    // The worker's open ran before the person's reached it (workers/start-open-gate.ts): theirs is the one it holds.
    visit.answer();
    await visit.started;
    expect(visit.store.getState().current?.name).toBe("mine.sqlite");
  });
});

async function databaseWith(sql: string): Promise<Uint8Array> {
  const connection = await createInProcessSqliteConnection();
  await connection.engine.open(null);
  await connection.engine.execute(sql);
  return connection.engine.exportDatabase();
}
