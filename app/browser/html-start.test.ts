import "fake-indexeddb/auto";
import { clear, createStore, set } from "idb-keyval";
import { DATABASES_IDB, KEPT_DATABASE_NAMES } from "./kept-database-keys";
import { createIndexedDbStorage } from "./storage-areas";
import { describe, expect, it } from "vitest";
import { startFromHtml, type HtmlStartConfig, type HtmlStartScope } from "./html-start";

const CONFIG: HtmlStartConfig = {
  wasmUrl: "./assets/sql-wasm-browser-1.wasm",
  workerUrl: "./assets/sqlite.worker-1.js",
  wasmMessage: "querylab:sqlite-wasm",
  manifestUrl: "./samples/manifest.json",
  firstSample: {
    file: "bookshop.sqlite",
    url: "./samples/bookshop.sqlite",
    sizeBytes: 3,
    headUrl: "./assets/bookshop-head-1.sqlite",
    schema: { tables: [{ name: "books", kind: "table", columns: [], foreignKeys: [], indexes: [], rowCount: null, sql: "CREATE TABLE books (id)" }] },
  },
  firstSampleMessage: "querylab:first-sample",
  firstSampleOpenedMessage: "querylab:first-sample-opened",
  firstSampleLoadedMessage: "querylab:first-sample-loaded",
  keptDatabaseKey: "querylab:kept-database",
  keptDatabaseMessage: "querylab:kept-database",
  keptDatabaseOpenedMessage: "querylab:kept-database-opened",
  keptDatabaseLoadedMessage: "querylab:kept-database-loaded",
  keptDatabases: KEPT_DATABASE_NAMES,
};

const MODULE = new WebAssembly.Module(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));

class FakeWorker extends EventTarget {
  static started: FakeWorker[] = [];
  static steps: string[] | null = null;
  readonly posted: unknown[] = [];
  /** What each postMessage moved (its transfer list), beside `posted`. */
  readonly transferred: Transferable[][] = [];
  /** Set by a test: postMessage throws (a worker that can no longer be posted to), or only for the compiled module. */
  refusesMessages = false;
  refusesModule = false;
  constructor(
    readonly url: string,
    readonly options: WorkerOptions,
  ) {
    super();
    FakeWorker.started.push(this);
    FakeWorker.steps?.push(url);
  }
  postMessage(message: unknown, transfer: Transferable[] = []): void {
    if (this.refusesMessages) throw new DOMException("The worker cannot be posted to.", "InvalidStateError");
    if (this.refusesModule && (message as { module?: unknown }).module) throw new DOMException("The module cannot be cloned.", "DataCloneError");
    this.posted.push(message);
    this.transferred.push(transfer);
  }
  /** The listeners on the worker now, by type. */
  readonly listeners = new Map<string, Set<unknown>>();
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
    super.addEventListener(type, listener);
  }
  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null): void {
    this.listeners.get(type)?.delete(listener);
    super.removeEventListener(type, listener);
  }
}

/** A page as the start script sees it: the address's query, localStorage (or one that throws), and recorded requests. */
function page(
  options: {
    search?: string;
    kept?: boolean;
    storageThrows?: boolean;
    compiles?: boolean;
    workersRefused?: boolean;
    noIndexedDb?: boolean;
    /** How the host answers the sample's head file (and the sample itself, for a page without a worker). */
    sample?: "ok" | "503" | "network error";
  } = {},
) {
  const requested: string[] = [];
  /** Each request's options, by URL: none is sent (no Range header, the HTTP cache as usual). */
  const requestOptions = new Map<string, unknown>();
  /** Each request, worker start and localStorage read, in the order the script made them. */
  const steps: string[] = [];
  const answers: Response[] = [];
  FakeWorker.started = [];
  FakeWorker.steps = steps;
  const scope: HtmlStartScope = {
    location: { search: options.search ?? "", href: `https://querylab.example/course/${options.search ?? ""}` },
    get localStorage() {
      steps.push("localStorage");
      if (options.storageThrows) throw new DOMException("The operation is insecure.", "SecurityError");
      return { getItem: (key: string) => (options.kept && key === CONFIG.keptDatabaseKey ? "1" : null) };
    },
    fetch: async (url: string, ...rest: unknown[]) => {
      requested.push(url);
      steps.push(url);
      requestOptions.set(url, rest[0]);
      const sample = url.endsWith(".sqlite");
      if (sample && options.sample === "network error") throw new TypeError("Failed to fetch");
      const answer = !sample ? new Response("") : options.sample === "503" ? new Response("busy", { status: 503 }) : new Response(new Uint8Array([1, 2, 3]));
      answers.push(answer);
      return answer;
    },
    Worker: (options.workersRefused
      ? class {
          constructor() {
            throw new DOMException("Workers are not allowed here.", "SecurityError");
          }
        }
      : FakeWorker) as unknown as HtmlStartScope["Worker"],
    WebAssembly: { compileStreaming: async () => (options.compiles === false ? Promise.reject(new TypeError("bad MIME type")) : MODULE) },
    // fake-indexeddb's, shared with the page's storage in these tests (createIndexedDbStorage), as in one browser.
    indexedDB: options.noIndexedDb ? undefined : indexedDB,
  };
  return { scope, requested, answers, steps, requestOptions };
}

describe("startFromHtml", () => {
  it("requests the WASM and the list and starts the worker before it reads localStorage (a first read waits for the browser), then the first sample", () => {
    const { scope, steps } = page();
    startFromHtml(CONFIG, scope);
    expect(steps).toEqual([
      "./assets/sql-wasm-browser-1.wasm",
      "./samples/manifest.json",
      "./assets/sqlite.worker-1.js",
      "localStorage",
      "https://querylab.example/course/assets/bookshop-head-1.sqlite",
    ]);
  });

  it("on a first visit starts the WASM, the sample list, the SQLite worker and the sample's head file, and sends the worker the compiled WASM and the head", async () => {
    const { scope, requested, requestOptions } = page();
    const started = startFromHtml(CONFIG, scope);
    // The build's head file of the sample, not the sample itself (the worker is given its absolute URL: its own is in another folder).
    expect(requested).toEqual(["./assets/sql-wasm-browser-1.wasm", "./samples/manifest.json", "https://querylab.example/course/assets/bookshop-head-1.sqlite"]);
    // A plain request, which a host answers compressed (a range request's answer never is): no Range header.
    expect(requestOptions.get("https://querylab.example/course/assets/bookshop-head-1.sqlite")).toBeUndefined();
    expect(FakeWorker.started.map((worker) => [worker.url, worker.options])).toEqual([["./assets/sqlite.worker-1.js", { type: "module", name: "sqlite" }]]);
    const worker = FakeWorker.started[0]!;
    expect(started.worker).toBe(worker);
    expect(await started.wasm).toBe(MODULE);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(worker.posted).toContainEqual({ type: "querylab:sqlite-wasm", module: MODULE });
    // With the size the list gives (a read on demand needs it); the head is moved, not copied.
    const asked = worker.posted.findIndex((message) => (message as { type: string }).type === "querylab:first-sample");
    const request = worker.posted[asked] as { head: ArrayBuffer; bytes?: ArrayBuffer };
    expect(request).toMatchObject({
      type: "querylab:first-sample",
      file: "bookshop.sqlite",
      url: "https://querylab.example/course/samples/bookshop.sqlite",
      sizeBytes: 3,
    });
    expect(new Uint8Array(request.head)).toEqual(new Uint8Array([1, 2, 3]));
    // With the schema the build read from the same pages: the worker answers with it instead of reading it.
    expect(request).toMatchObject({ schema: CONFIG.firstSample!.schema });
    expect(request.bytes).toBeUndefined();
    expect(worker.transferred[asked]).toEqual([request.head]);
    // The worker's answers are heard even before the app has taken the worker; other messages (comlink's) are not them.
    const sample = started.sample;
    if (!sample || !("opened" in sample)) throw new Error("expected the worker to open the sample");
    expect(sample.openedIn).toBe(worker);
    worker.dispatchEvent(new MessageEvent("message", { data: { id: "comlink-1", value: 1 } }));
    // Opened read on demand (no bytes): the answer that it is held whole is still to come, and listened for.
    const opened = { type: "querylab:first-sample-opened", file: "bookshop.sqlite", opened: true, outcome: { ok: true }, schema: null, bytes: null };
    worker.dispatchEvent(new MessageEvent("message", { data: opened }));
    expect(await sample.opened).toEqual(opened);
    expect(worker.listeners.get("message")?.size).toBe(1);
    const loaded = { type: "querylab:first-sample-loaded", file: "bookshop.sqlite", loaded: true, bytes: new Uint8Array([1, 2, 3]) };
    worker.dispatchEvent(new MessageEvent("message", { data: loaded }));
    expect(await sample.loaded).toEqual(loaded);
    // Nothing of the answers stays reachable from the worker (it lives as long as the page): only the failure flag's listener is left.
    expect(worker.listeners.get("message")?.size ?? 0).toBe(0);
    expect(worker.listeners.get("error")?.size).toBe(1);
  });

  it("stops listening after an answer that opened the sample whole, or not at all: no second answer comes", async () => {
    for (const answer of [
      { type: "querylab:first-sample-opened", file: "bookshop.sqlite", opened: false, reason: "HTTP 404" },
      { type: "querylab:first-sample-opened", file: "bookshop.sqlite", opened: true, outcome: { ok: true }, schema: null, bytes: new Uint8Array([1]) },
    ]) {
      const { scope } = page();
      const started = startFromHtml(CONFIG, scope);
      const worker = FakeWorker.started[0]!;
      const sample = started.sample;
      if (!sample || !("opened" in sample)) throw new Error("expected the worker to open the sample");
      worker.dispatchEvent(new MessageEvent("message", { data: answer }));
      expect(await sample.opened).toEqual(answer);
      expect(await sample.loaded).toBeNull();
      expect(worker.listeners.get("message")?.size ?? 0).toBe(0);
    }
  });

  it("asks the worker without a head when the build has none, so the worker reads the pages itself", () => {
    const { scope, requested } = page();
    startFromHtml({ ...CONFIG, firstSample: { ...CONFIG.firstSample!, headUrl: null } }, scope);
    expect(requested).toEqual(["./assets/sql-wasm-browser-1.wasm", "./samples/manifest.json"]);
    const request = FakeWorker.started[0]!.posted.find((message) => (message as { type: string }).type === "querylab:first-sample");
    expect(request).toEqual({
      type: "querylab:first-sample",
      file: "bookshop.sqlite",
      url: "https://querylab.example/course/samples/bookshop.sqlite",
      sizeBytes: 3,
    });
  });

  it("asks the worker without the head (nor the build's schema of it) when the head file cannot be fetched, so the worker reads the file itself", async () => {
    for (const failure of ["503", "network error"] as const) {
      const { scope } = page({ sample: failure });
      startFromHtml(CONFIG, scope);
      await new Promise((resolve) => setTimeout(resolve, 0));
      const worker = FakeWorker.started[0]!;
      const request = worker.posted.find((message) => (message as { type: string }).type === "querylab:first-sample");
      expect(request).toEqual({
        type: "querylab:first-sample",
        file: "bookshop.sqlite",
        url: "https://querylab.example/course/samples/bookshop.sqlite",
        sizeBytes: 3,
      });
    }
  });

  it("asks the worker at once, with no head, when the sample's size is not known (it cannot be read on demand)", () => {
    const { scope, requested } = page();
    startFromHtml({ ...CONFIG, firstSample: { ...CONFIG.firstSample!, sizeBytes: null } }, scope);
    expect(requested).toEqual(["./assets/sql-wasm-browser-1.wasm", "./samples/manifest.json"]);
    const request = FakeWorker.started[0]!.posted.find((message) => (message as { type: string }).type === "querylab:first-sample");
    expect(request).toMatchObject({ type: "querylab:first-sample", sizeBytes: null });
  });

  it("stops waiting for the worker's answer when the worker cannot be asked, so the app opens the sample itself", async () => {
    const { scope } = page();
    const started = startFromHtml(CONFIG, scope);
    const worker = FakeWorker.started[0]!;
    worker.refusesMessages = true;
    const sample = started.sample;
    if (!sample || !("opened" in sample)) throw new Error("expected the worker to open the sample");
    expect(await sample.opened).toBeNull();
    expect(worker.listeners.get("message")?.size ?? 0).toBe(0);
  });

  it("downloads the first sample itself when no worker can be started, reading it as it arrives", async () => {
    const { scope, requested, answers } = page({ workersRefused: true });
    const started = startFromHtml(CONFIG, scope);
    expect(started.worker).toBeNull();
    expect(requested).toEqual(["./assets/sql-wasm-browser-1.wasm", "./samples/manifest.json", "./samples/bookshop.sqlite"]);
    const sample = started.sample;
    if (!sample || !("response" in sample)) throw new Error("expected a download");
    // The body is read as it arrives, before anyone asks for it (unread, the browser would stop receiving it).
    const handedOver = await sample.response;
    expect(answers[2]!.bodyUsed).toBe(true);
    expect(new Uint8Array(await handedOver.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it("does not download the sample when the address names a database, a kept one will reopen, storage cannot say, or the build opens a course's", () => {
    for (const visit of [{ search: "?db=https://data.example/a.sqlite" }, { search: "?embed=1&sample=clinic" }, { kept: true }, { storageThrows: true }]) {
      const { scope, requested } = page(visit);
      const started = startFromHtml(CONFIG, scope);
      expect(started.sample).toBeNull();
      expect(requested).toEqual(["./assets/sql-wasm-browser-1.wasm", "./samples/manifest.json"]);
      expect(started.worker).not.toBeNull();
      expect(FakeWorker.started[0]!.posted.some((message) => (message as { type: string }).type === "querylab:first-sample")).toBe(false);
    }
    const { scope, requested } = page();
    expect(startFromHtml({ ...CONFIG, firstSample: null }, scope).sample).toBeNull();
    expect(requested).not.toContain("./samples/bookshop.sqlite");
  });

  /** What an earlier visit kept, written by the page's own storage: two databases, the second open last. */
  async function keptBefore() {
    await clear(createStore(DATABASES_IDB.database, DATABASES_IDB.store));
    const storage = createIndexedDbStorage();
    await storage.saveDatabase({ id: "older", name: "older.sqlite", source: "file", sizeBytes: 1, updatedAt: 1 }, new Uint8Array([9]));
    const meta = { id: "kept", name: "notes.sqlite", source: "file" as const, sizeBytes: 3, updatedAt: 5 };
    await storage.saveDatabase(meta, new Uint8Array([1, 2, 3]));
    await storage.setLastOpenDatabaseId("kept");
    return meta;
  }

  /** The start script's request to the worker, once it has read storage. */
  async function keptRequest(worker: FakeWorker) {
    await expect.poll(() => worker.posted.some((message) => (message as { type: string }).type === "querylab:kept-database")).toBe(true);
    const index = worker.posted.findIndex((message) => (message as { type: string }).type === "querylab:kept-database");
    return { message: worker.posted[index] as { id: string; meta: unknown; bytes: unknown }, transfer: worker.transferred[index]! };
  }

  /** The worker's answer that it opened the kept database (workers/kept-database.ts). */
  const keptOpened = (meta: unknown, { loadingWhole }: { loadingWhole: boolean }) => ({
    type: "querylab:kept-database-opened",
    opened: true,
    id: "kept",
    meta,
    outcome: { ok: true, sizeBytes: 3, tableCount: 1 },
    schema: null,
    loadingWhole,
  });

  it("on a returning visit reads the database open last from the page's storage and sends it to the worker to open, as the Blob storage keeps", async () => {
    const meta = await keptBefore();
    const { scope, requested } = page({ kept: true });
    const started = startFromHtml(CONFIG, scope);
    const worker = FakeWorker.started[0]!;
    const { message, transfer } = await keptRequest(worker);
    expect(message).toMatchObject({ type: "querylab:kept-database", id: "kept", meta });
    expect(message.bytes).toBeInstanceOf(Blob);
    expect(new Uint8Array(await (message.bytes as Blob).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(transfer).toEqual([]);
    expect(requested).toEqual(["./assets/sql-wasm-browser-1.wasm", "./samples/manifest.json"]);
    expect(started.kept?.openedIn).toBe(worker);
    const answer = keptOpened(meta, { loadingWhole: false });
    worker.dispatchEvent(new MessageEvent("message", { data: { type: "querylab:first-sample-opened" } }));
    worker.dispatchEvent(new MessageEvent("message", { data: answer }));
    expect(await started.kept!.opened).toEqual(answer);
    // Opened whole: no second word is waited for.
    expect(await started.kept!.loaded).toBeNull();
    expect(worker.listeners.get("message")?.size ?? 0).toBe(0);
    // Only the one that notes a failed worker for the app (started.workerFailed).
    expect(worker.listeners.get("error")?.size).toBe(1);
  });

  it("after an answer opened read on demand (a large database), waits for the worker's word that it holds it whole", async () => {
    const meta = await keptBefore();
    const started = startFromHtml(CONFIG, page({ kept: true }).scope);
    const worker = FakeWorker.started[0]!;
    await keptRequest(worker);
    const answer = keptOpened(meta, { loadingWhole: true });
    worker.dispatchEvent(new MessageEvent("message", { data: answer }));
    expect(await started.kept!.opened).toEqual(answer);
    // Still listening for the second word, which is all it then takes.
    expect(worker.listeners.get("message")?.size).toBe(1);
    const loaded = { type: "querylab:kept-database-loaded", id: "kept", loaded: true };
    worker.dispatchEvent(new MessageEvent("message", { data: loaded }));
    expect(await started.kept!.loaded).toEqual(loaded);
    expect(worker.listeners.get("message")?.size ?? 0).toBe(0);
  });

  it("moves a copy an earlier version kept as bytes to the worker, not copied", async () => {
    await keptBefore();
    await set("database:kept", new Uint8Array([4, 5, 6]), createStore(DATABASES_IDB.database, DATABASES_IDB.store));
    const { scope } = page({ kept: true });
    startFromHtml(CONFIG, scope);
    const { message, transfer } = await keptRequest(FakeWorker.started[0]!);
    expect(message.bytes).toEqual(new Uint8Array([4, 5, 6]).buffer);
    expect(transfer).toEqual([message.bytes]);
  });

  it("asks the worker nothing, and the store reopens it itself, when storage has nothing to reopen after all or cannot be read", async () => {
    await clear(createStore(DATABASES_IDB.database, DATABASES_IDB.store));
    const empty = startFromHtml(CONFIG, page({ kept: true }).scope);
    expect(await empty.kept!.opened).toBeNull();
    expect(FakeWorker.started[0]!.posted).not.toContainEqual(expect.objectContaining({ type: "querylab:kept-database" }));

    const noStorage = startFromHtml(CONFIG, page({ kept: true, noIndexedDb: true }).scope);
    expect(await noStorage.kept!.opened).toBeNull();
  });

  it("asks for no kept database on a first visit, when the address names one, storage cannot say, or the build opens a course's", async () => {
    await keptBefore();
    for (const visit of [{}, { search: "?db=https://data.example/a.sqlite" }, { kept: true, search: "?sample=clinic" }, { storageThrows: true }]) {
      const { scope } = page(visit);
      expect(startFromHtml(CONFIG, scope).kept).toBeNull();
    }
    const { scope } = page({ kept: true });
    expect(startFromHtml({ ...CONFIG, firstSample: null }, scope).kept).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeWorker.started.flatMap((worker) => worker.posted)).not.toContainEqual(expect.objectContaining({ type: "querylab:kept-database" }));
  });

  it("stops waiting for the kept database when the worker fails or cannot be asked, so the store reopens it itself", async () => {
    await keptBefore();
    const failing = startFromHtml(CONFIG, page({ kept: true }).scope);
    FakeWorker.started[0]!.dispatchEvent(new Event("error"));
    expect(await failing.kept!.opened).toBeNull();

    const refused = startFromHtml(CONFIG, page({ kept: true }).scope);
    FakeWorker.started[0]!.refusesMessages = true;
    expect(await refused.kept!.opened).toBeNull();
    expect(FakeWorker.started[0]!.listeners.get("message")?.size ?? 0).toBe(0);
  });

  it("sends null when the page cannot compile the WASM, so the worker loads it itself", async () => {
    const { scope } = page({ compiles: false });
    const started = startFromHtml(CONFIG, scope);
    expect(await started.wasm).toBeNull();
    await Promise.resolve();
    expect(FakeWorker.started[0]!.posted).toContainEqual({ type: "querylab:sqlite-wasm", module: null });
  });

  it("sends null instead of a compiled module the worker cannot be sent, so the worker loads the WASM itself", async () => {
    const { scope } = page();
    const started = startFromHtml(CONFIG, scope);
    FakeWorker.started[0]!.refusesModule = true;
    expect(await started.wasm).toBe(MODULE);
    await Promise.resolve();
    expect(FakeWorker.started[0]!.posted).toContainEqual({ type: "querylab:sqlite-wasm", module: null });
  });

  it("notes a worker that fails before the app takes it, and that the sample it was opening will not come", async () => {
    const { scope } = page();
    const started = startFromHtml(CONFIG, scope);
    FakeWorker.started[0]!.dispatchEvent(new Event("error"));
    expect(started.workerFailed).toBe(true);
    const sample = started.sample;
    if (!sample || !("opened" in sample)) throw new Error("expected the worker to open the sample");
    expect(await sample.opened).toBeNull();
  });
});
