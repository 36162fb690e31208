import { describe, expect, it } from "vitest";
import { startFromHtml, type HtmlStartConfig, type HtmlStartScope } from "./html-start";

const CONFIG: HtmlStartConfig = {
  wasmUrl: "./assets/sql-wasm-browser-1.wasm",
  workerUrl: "./assets/sqlite.worker-1.js",
  wasmMessage: "querylab:sqlite-wasm",
  manifestUrl: "./samples/manifest.json",
  firstSample: { file: "bookshop.sqlite", url: "./samples/bookshop.sqlite" },
  keptDatabaseKey: "querylab:kept-database",
};

const MODULE = new WebAssembly.Module(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));

class FakeWorker extends EventTarget {
  static started: FakeWorker[] = [];
  readonly posted: unknown[] = [];
  constructor(
    readonly url: string,
    readonly options: WorkerOptions,
  ) {
    super();
    FakeWorker.started.push(this);
  }
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
}

/** A page as the start script sees it: the address's query, localStorage (or one that throws), and recorded requests. */
function page(options: { search?: string; kept?: boolean; storageThrows?: boolean; compiles?: boolean } = {}) {
  const requested: string[] = [];
  const answers: Response[] = [];
  FakeWorker.started = [];
  const scope: HtmlStartScope = {
    location: { search: options.search ?? "" },
    get localStorage() {
      if (options.storageThrows) throw new DOMException("The operation is insecure.", "SecurityError");
      return { getItem: (key: string) => (options.kept && key === CONFIG.keptDatabaseKey ? "1" : null) };
    },
    fetch: async (url: string) => {
      requested.push(url);
      const answer = new Response(url.endsWith(".sqlite") ? new Uint8Array([1, 2, 3]) : "");
      answers.push(answer);
      return answer;
    },
    Worker: FakeWorker as unknown as HtmlStartScope["Worker"],
    WebAssembly: { compileStreaming: async () => (options.compiles === false ? Promise.reject(new TypeError("bad MIME type")) : MODULE) },
  };
  return { scope, requested, answers };
}

describe("startFromHtml", () => {
  it("on a first visit starts the WASM, the sample list, the first sample and the SQLite worker, and sends the worker the compiled WASM", async () => {
    const { scope, requested, answers } = page();
    const started = startFromHtml(CONFIG, scope);
    expect(requested).toEqual(["./assets/sql-wasm-browser-1.wasm", "./samples/manifest.json", "./samples/bookshop.sqlite"]);
    expect(started.sample?.file).toBe("bookshop.sqlite");
    // The body is read as it arrives, before anyone asks for it (unread, the browser would stop receiving it).
    const handedOver = await started.sample!.response;
    expect(answers[2]!.bodyUsed).toBe(true);
    expect(new Uint8Array(await handedOver.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(FakeWorker.started.map((worker) => [worker.url, worker.options])).toEqual([["./assets/sqlite.worker-1.js", { type: "module", name: "sqlite" }]]);
    expect(started.worker).toBe(FakeWorker.started[0]);
    expect(await started.wasm).toBe(MODULE);
    await Promise.resolve();
    expect(FakeWorker.started[0]!.posted).toEqual([{ type: "querylab:sqlite-wasm", module: MODULE }]);
  });

  it("does not download the sample when the address names a database, a kept one will reopen, storage cannot say, or the build opens a course's", () => {
    for (const visit of [{ search: "?db=https://data.example/a.sqlite" }, { search: "?embed=1&sample=clinic" }, { kept: true }, { storageThrows: true }]) {
      const { scope, requested } = page(visit);
      const started = startFromHtml(CONFIG, scope);
      expect(started.sample).toBeNull();
      expect(requested).toEqual(["./assets/sql-wasm-browser-1.wasm", "./samples/manifest.json"]);
      expect(started.worker).not.toBeNull();
    }
    const { scope, requested } = page();
    expect(startFromHtml({ ...CONFIG, firstSample: null }, scope).sample).toBeNull();
    expect(requested).not.toContain("./samples/bookshop.sqlite");
  });

  it("sends null when the page cannot compile the WASM, so the worker loads it itself", async () => {
    const { scope } = page({ compiles: false });
    const started = startFromHtml(CONFIG, scope);
    expect(await started.wasm).toBeNull();
    await Promise.resolve();
    expect(FakeWorker.started[0]!.posted).toEqual([{ type: "querylab:sqlite-wasm", module: null }]);
  });

  it("notes a worker that fails before the app takes it", () => {
    const { scope } = page();
    const started = startFromHtml(CONFIG, scope);
    FakeWorker.started[0]!.dispatchEvent(new Event("error"));
    expect(started.workerFailed).toBe(true);
  });
});
