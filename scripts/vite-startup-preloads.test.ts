import { KEPT_DATABASE_NAMES } from "../app/browser/kept-database-keys";
import { describe, expect, it } from "vitest";
import { STARTED_FROM_HTML, type HtmlStartConfig, type StartedFromHtml } from "../app/browser/html-start";
import { START_SCRIPT_HASH } from "../app/browser/start-script-hash";
import { startScriptHash, startScriptSource } from "./vite-startup-preloads";

describe("the start script the build writes", () => {
  it("runs as a classic script: it reads its settings from its own tag and leaves what it started on window", async () => {
    const source = await startScriptSource();
    expect(source).not.toMatch(/^\s*(export|import)\b/m);
    const config: HtmlStartConfig = {
      wasmUrl: "./assets/sql-wasm-browser-1.wasm",
      workerUrl: "./assets/sqlite.worker-1.js",
      wasmMessage: "querylab:sqlite-wasm",
      manifestUrl: "./samples/manifest.json",
      firstSample: { file: "bookshop.sqlite", url: "./samples/bookshop.sqlite", sizeBytes: 3, headUrl: "./assets/bookshop-head-1.sqlite", schema: null },
      firstSampleMessage: "querylab:first-sample",
      firstSampleOpenedMessage: "querylab:first-sample-opened",
      firstSampleLoadedMessage: "querylab:first-sample-loaded",
      keptDatabaseKey: "querylab:kept-database",
      keptDatabaseMessage: "querylab:kept-database",
      keptDatabaseOpenedMessage: "querylab:kept-database-opened",
      keptDatabaseLoadedMessage: "querylab:kept-database-loaded",
      keptDatabases: KEPT_DATABASE_NAMES,
    };
    const requested: string[] = [];
    const workers: string[] = [];
    const posted: unknown[] = [];
    const window: Record<string, unknown> = {
      location: { search: "", href: "https://querylab.example/" },
      localStorage: { getItem: () => null },
      fetch: async (url: string) => {
        requested.push(url);
        return new Response("");
      },
      Worker: class extends EventTarget {
        constructor(url: string) {
          super();
          workers.push(url);
        }
        postMessage(message: unknown) {
          posted.push(message);
        }
      },
      WebAssembly: { compileStreaming: async () => null },
    };
    const document = { currentScript: { dataset: { start: JSON.stringify(config) } } };
    new Function("window", "document", source)(window, document);
    const started = window[STARTED_FROM_HTML] as StartedFromHtml;
    // The page fetches the first sample's head file and sends the worker its bytes with the sample's address.
    expect(requested).toEqual(["./assets/sql-wasm-browser-1.wasm", "./samples/manifest.json", "https://querylab.example/assets/bookshop-head-1.sqlite"]);
    expect(workers).toEqual(["./assets/sqlite.worker-1.js"]);
    expect(started.sample?.file).toBe("bookshop.sqlite");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(posted).toContainEqual(
      expect.objectContaining({ type: "querylab:first-sample", url: "https://querylab.example/samples/bookshop.sqlite", head: expect.any(ArrayBuffer) }),
    );

    // Arriving after the app's modules began (they close the slot), it starts nothing: no second worker or download.
    requested.length = 0;
    workers.length = 0;
    window[STARTED_FROM_HTML] = null;
    new Function("window", "document", source)(window, document);
    expect(requested).toEqual([]);
    expect(workers).toEqual([]);
    expect(window[STARTED_FROM_HTML]).toBeNull();
  });

  it("is let in by the page's CSP by its hash: the committed hash is this script's", async () => {
    // When html-start.ts changes, the build says the new value; the page's policy (and docs/hosting.md) carry it.
    expect(startScriptHash(await startScriptSource())).toBe(START_SCRIPT_HASH);
  });
});

describe("firstSampleHead", () => {
  it("is the sample's first bytes up to its last schema page, the other pages zeroed, named by its content", async () => {
    const { readFileSync } = await import("node:fs");
    const { schemaHeadBytes, sparseSchemaHead } = await import("../app/core/db/schema-head");
    const { firstSampleHead } = await import("./vite-startup-preloads");
    const sample = new Uint8Array(readFileSync("public/samples/bookshop.sqlite"));
    const head = firstSampleHead(sample, "bookshop.sqlite")!;
    expect(head.bytes).toEqual(sparseSchemaHead(sample));
    expect(head.bytes.byteLength).toBe(schemaHeadBytes(sample));
    expect(head.fileName).toMatch(/^assets\/bookshop-head-[0-9a-f]{10}\.sqlite$/);
    // Another version of the sample's schema pages gets another name, so no cached copy is taken for it.
    const changed = sample.slice();
    changed[100 + 50] ^= 1;
    expect(firstSampleHead(changed, "bookshop.sqlite")?.fileName).not.toBe(head.fileName);
    expect(firstSampleHead(new TextEncoder().encode("not a database"), "notes.sqlite")).toBeNull();
  });
});

describe("sampleSchema", () => {
  it("is what the worker's own schema read gives for the sample opened read on demand over its head", async () => {
    const { readFileSync } = await import("node:fs");
    const { default: initSqlJs } = await import("sql.js");
    const { DatabaseService } = await import("../app/core/database-service");
    const { schemaPageRanges } = await import("../app/core/db/schema-head");
    const { firstSampleHead, sampleSchema } = await import("./vite-startup-preloads");
    const sample = new Uint8Array(readFileSync("public/samples/bookshop.sqlite"));
    const head = firstSampleHead(sample, "bookshop.sqlite")!;
    let reads = 0;
    const service = DatabaseService.create(await initSqlJs(), {
      openRangeSource: (spec) => ({
        label: spec.kind === "url" ? spec.url : spec.name,
        sizeBytes: sample.byteLength,
        read(start, end) {
          reads += 1;
          return sample.slice(start, end);
        },
      }),
    });
    const opened = await service.openLazy({
      kind: "url",
      url: "https://querylab.example/samples/bookshop.sqlite",
      sizeBytes: sample.byteLength,
      // As the worker opens it (workers/first-sample.ts): only the schema's pages, found in the head, are taken.
      head: head.bytes.slice(),
      headRanges: schemaPageRanges(head.bytes)!,
    });
    expect(opened.ok).toBe(true);
    const built = await sampleSchema(sample);
    expect(built.tables.length).toBe(14);
    expect(await service.schema({ rowCounts: false })).toEqual(built);
    // The head held every page the schema needed.
    expect(reads).toBe(0);
    // A query on a table reads its pages from the file, the head's zeroed ones included: the rows are the sample's.
    const outcome = await service.execute("SELECT count(*) AS books, sum(list_price) AS total FROM books");
    const whole = new (await initSqlJs()).Database(sample);
    try {
      expect(outcome.ok && outcome.firstRows).toEqual(whole.exec("SELECT count(*), sum(list_price) FROM books")[0]!.values);
    } finally {
      whole.close();
    }
    expect(reads).toBeGreaterThan(0);
  });
});
