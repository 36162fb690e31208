import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { schemaPageRanges, sparseSchemaHead } from "../app/core/db/schema-head";
import type { OpenOptions } from "../app/core/db/sqljs-engine";
import type { DatabaseSchema } from "../app/core/db/types";
import { WholeFileAnswer, type LazySourceSpec } from "../app/core/db/lazy-file";
import {
  DOWNLOAD_UNASKED_AFTER_MS,
  FIRST_SAMPLE_MESSAGE,
  openFirstSampleWhenAsked,
  type FirstSampleLoaded,
  type FirstSampleOpened,
  type OpeningService,
} from "./first-sample";
import { wholeFileAnswers } from "./whole-file-answers";

const SCHEMA: DatabaseSchema = { tables: [] };

/** A sample's head as the build writes it (its schema's pages, the others zeroed), and where its schema's pages are. */
const SAMPLE_HEAD = sparseSchemaHead(new Uint8Array(readFileSync("public/samples/bookshop.sqlite")))!;
const SAMPLE_HEAD_RANGES = schemaPageRanges(SAMPLE_HEAD)!;

/** The worker's global scope: messages in, messages out (with what they transfer). */
class FakeScope extends EventTarget {
  readonly posted: { message: FirstSampleOpened; transfer: Transferable[] }[] = [];
  readonly loaded: { message: FirstSampleLoaded; transfer: Transferable[] }[] = [];
  postMessage(message: unknown, transfer: Transferable[]): void {
    if ((message as { type: string }).type === "querylab:first-sample-loaded") this.loaded.push({ message: message as FirstSampleLoaded, transfer });
    else this.posted.push({ message: message as FirstSampleOpened, transfer });
  }
  receive(data: unknown): MessageEvent {
    const event = new MessageEvent("message", { data });
    this.dispatchEvent(event);
    return event;
  }
}

/**
 * A database service that records what it opened, in order; `hold` keeps an open from finishing until released.
 * `readsOnDemand`: false refuses to read on demand (a server without range requests); true opens the spec (recorded
 * in `lazy`) and swaps to the downloaded bytes, recorded as an open, unless `swapGivesWay` (another open came first).
 */
function service(readsOnDemand = false) {
  const opened: { bytes: number[]; options?: OpenOptions }[] = [];
  const lazy: LazySourceSpec[] = [];
  const control = { swapGivesWay: false };
  let release: (() => void) | null = null;
  /** What happened after each open, in order: schema reads (with their options) and content key reads. */
  const calls: string[] = [];
  const engine: OpeningService & { openLazy(): Promise<string> } = {
    async open(bytes, options) {
      opened.push({ bytes: [...bytes], options });
      calls.length = 0;
      if (hold.next) {
        hold.next = false;
        await new Promise<void>((resolve) => (release = resolve));
      }
      return { ok: true, sizeBytes: bytes.byteLength, tableCount: 0 };
    },
    async schema(options) {
      calls.push(`schema ${JSON.stringify(options ?? {})}`);
      return SCHEMA;
    },
    async contentKey() {
      calls.push("contentKey");
      return "key";
    },
    async finishOpening() {
      calls.push("finishOpening");
    },
    async openLazy() {
      opened.push({ bytes: [] });
      return "lazy";
    },
    async openReadOnDemandUntilWhole(spec, loadWhole, options) {
      if (!readsOnDemand) return { opened: { ok: false, error: { kind: "fetch-failed", message: "416" } }, whole: Promise.resolve(null) };
      lazy.push(spec);
      calls.length = 0;
      const whole = (async () => {
        let bytes: Uint8Array;
        try {
          bytes = await loadWhole();
        } catch (error) {
          return { ok: false as const, error: { kind: "fetch-failed" as const, message: String((error as Error).message) } };
        }
        if (control.swapGivesWay) return null;
        opened.push({ bytes: [...bytes], options });
        return { ok: true as const, sizeBytes: bytes.byteLength, tableCount: 0 };
      })();
      return { opened: { ok: true, sizeBytes: spec.kind === "url" ? spec.sizeBytes : 0, tableCount: 0 }, whole };
    },
  };
  const hold = { next: false };
  return { engine, opened, calls, hold, lazy, control, release: () => release?.() };
}

/** The fake as the worker's scope (EventTarget's listener type is wider than the module asks). */
const asWorker = (scope: FakeScope) => scope as unknown as Parameters<typeof openFirstSampleWhenAsked>[0];
const request = (sizeBytes: number | null = 3) => ({
  type: FIRST_SAMPLE_MESSAGE,
  file: "bookshop.sqlite",
  url: "https://querylab.example/samples/bookshop.sqlite",
  sizeBytes,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the first sample, opened by the worker at the start script's request", () => {
  it("downloads it when it cannot be read on demand, opens it without the page check when it has the listed size, reads its schema and moves the bytes to the page", async () => {
    const scope = new FakeScope();
    const { engine, opened, calls } = service();
    const fetched: string[] = [];
    openFirstSampleWhenAsked(asWorker(scope), Promise.resolve(engine), async (url) => {
      fetched.push(url);
      return new Uint8Array([1, 2, 3]);
    });
    const event = scope.receive(request());
    // Taken here: comlink, listening after, never reads it as a call.
    expect(event.defaultPrevented || event.cancelBubble).toBe(true);
    await settle();
    expect(fetched).toEqual(["https://querylab.example/samples/bookshop.sqlite"]);
    expect(opened).toEqual([{ bytes: [1, 2, 3], options: { checkPages: false, hashLater: true } }]);
    // The row counts and the bytes' hash wait until the page has its answer: the schema is read without counts, and
    // the content key (the hash of the bytes the engine kept) is read after the answer, so they are let go.
    expect(calls).toEqual(['schema {"rowCounts":false}', "contentKey"]);
    expect(scope.posted).toHaveLength(1);
    const { message, transfer } = scope.posted[0]!;
    expect(message).toMatchObject({ type: "querylab:first-sample-opened", file: "bookshop.sqlite", opened: true, outcome: { ok: true }, schema: SCHEMA });
    expect(message.opened && [...message.bytes!]).toEqual([1, 2, 3]);
    expect(transfer).toEqual([message.opened && message.bytes!.buffer]);
  });

  it("checks every page of a sample whose size differs from the list (a newer file than a cached list)", async () => {
    const scope = new FakeScope();
    const { engine, opened } = service();
    openFirstSampleWhenAsked(asWorker(scope), Promise.resolve(engine), async () => new Uint8Array([1, 2, 3, 4]));
    scope.receive(request(3));
    await settle();
    expect(opened[0]!.options).toEqual({ checkPages: true, hashLater: true });
  });

  it("says so when the download fails, and opens nothing", async () => {
    const scope = new FakeScope();
    const { engine, opened } = service();
    openFirstSampleWhenAsked(asWorker(scope), Promise.resolve(engine), async () => {
      throw new Error("HTTP 404");
    });
    scope.receive(request());
    await settle();
    expect(opened).toEqual([]);
    expect(scope.posted.map(({ message }) => message)).toEqual([
      { type: "querylab:first-sample-opened", file: "bookshop.sqlite", opened: false, reason: "HTTP 404" },
    ]);
  });

  it("drops the sample when the page opens a database first, so the page's database is the one left open", async () => {
    const scope = new FakeScope();
    const { engine, opened } = service();
    let arrive: (bytes: Uint8Array) => void = () => undefined;
    const exposed = openFirstSampleWhenAsked(asWorker(scope), Promise.resolve(engine), () => new Promise((resolve) => (arrive = resolve))).guard(engine);
    scope.receive(request());
    await exposed.open(new Uint8Array([9]));
    arrive(new Uint8Array([1, 2, 3]));
    await settle();
    expect(opened.map((open) => open.bytes)).toEqual([[9]]);
    expect(scope.posted.map(({ message }) => message)).toMatchObject([{ opened: false, reason: "the page opened another database first" }]);
  });

  it("answers a request that comes after the page opened a database (the page's download of the sample ended late), so the page stops waiting", async () => {
    const scope = new FakeScope();
    const { engine, opened } = service();
    const exposed = openFirstSampleWhenAsked(asWorker(scope), Promise.resolve(engine), async () => new Uint8Array([1, 2, 3])).guard(engine);
    await exposed.open(new Uint8Array([9]));
    scope.receive(request());
    await settle();
    expect(opened.map((open) => open.bytes)).toEqual([[9]]);
    expect(scope.posted.map(({ message }) => message)).toMatchObject([
      { type: "querylab:first-sample-opened", file: "bookshop.sqlite", opened: false, reason: "the page opened another database first" },
    ]);
  });

  it("makes a page's open that comes while the sample is opening wait for it, so the sample never replaces the page's database", async () => {
    const scope = new FakeScope();
    const { engine, opened, hold, release } = service();
    hold.next = true;
    const exposed = openFirstSampleWhenAsked(asWorker(scope), Promise.resolve(engine), async () => new Uint8Array([1, 2, 3])).guard(engine);
    scope.receive(request());
    await settle();
    const pageOpen = exposed.openLazy();
    await settle();
    // The sample's open is still running: the page's waits.
    expect(opened.map((open) => open.bytes)).toEqual([[1, 2, 3]]);
    release();
    expect(await pageOpen).toBe("lazy");
    expect(opened.map((open) => open.bytes)).toEqual([[1, 2, 3], []]);
  });

  it("opens it read on demand over the head the page sent, answers with its schema and no bytes, then downloads it and moves a copy once it holds it whole", async () => {
    const scope = new FakeScope();
    const { engine, opened, calls, lazy } = service(true);
    let arrive: (bytes: Uint8Array) => void = () => undefined;
    const fetched: string[] = [];
    openFirstSampleWhenAsked(asWorker(scope), Promise.resolve(engine), (url) => {
      fetched.push(url);
      return new Promise((resolve) => (arrive = resolve));
    });
    scope.receive({ ...request(), head: SAMPLE_HEAD.slice().buffer });
    await settle();
    // The download waits until the page says its first screen is drawn; the message is taken here, not by comlink.
    expect(fetched).toEqual([]);
    const asked = scope.receive({ type: "querylab:first-sample-download" });
    expect(asked.cancelBubble).toBe(true);
    await settle();
    expect(lazy).toEqual([
      {
        kind: "url",
        url: "https://querylab.example/samples/bookshop.sqlite",
        sizeBytes: 3,
        firstReadBytes: 128 * 1024,
        // Only the schema's pages of the head are taken as the file's: the others are zeros.
        head: SAMPLE_HEAD,
        headRanges: SAMPLE_HEAD_RANGES,
      },
    ]);
    expect(calls).toEqual(['schema {"rowCounts":false}']);
    expect(scope.posted.map(({ message }) => message)).toEqual([
      {
        type: "querylab:first-sample-opened",
        file: "bookshop.sqlite",
        opened: true,
        outcome: { ok: true, sizeBytes: 3, tableCount: 0 },
        schema: SCHEMA,
        bytes: null,
      },
    ]);
    // The download began once asked; nothing is held whole before it ends.
    expect(fetched).toEqual(["https://querylab.example/samples/bookshop.sqlite"]);
    expect(opened).toEqual([]);
    expect(scope.loaded).toEqual([]);
    arrive(new Uint8Array([1, 2, 3]));
    await settle();
    expect(opened).toEqual([{ bytes: [1, 2, 3], options: { checkPages: false, hashLater: true } }]);
    expect(scope.loaded).toHaveLength(1);
    const { message, transfer } = scope.loaded[0]!;
    expect(message).toMatchObject({ type: "querylab:first-sample-loaded", file: "bookshop.sqlite", loaded: true });
    expect(message.loaded && [...message.bytes]).toEqual([1, 2, 3]);
    expect(transfer).toEqual([message.loaded && message.bytes.buffer]);
    // The hash waits until the page has the bytes.
    expect(calls).toEqual(['schema {"rowCounts":false}', "contentKey"]);
  });

  it("takes the whole file a range read got from a server that ignores ranges as the download: ending the one under way, or fetching none", async () => {
    for (const when of ["while downloading", "before the download may begin"] as const) {
      const scope = new FakeScope();
      const { engine, opened, lazy } = service(true);
      const answers = wholeFileAnswers();
      const fetched: string[] = [];
      let fetchSignal: AbortSignal | undefined;
      openFirstSampleWhenAsked(
        asWorker(scope),
        Promise.resolve(engine),
        (url, signal) => {
          fetched.push(url);
          fetchSignal = signal;
          return new Promise(() => undefined);
        },
        () => undefined,
        (url) => answers.awaiting(url),
      );
      scope.receive({ ...request(), head: SAMPLE_HEAD.slice().buffer });
      await settle();
      if (when === "while downloading") {
        scope.receive({ type: "querylab:first-sample-download" });
        await settle();
        expect(fetched).toEqual(["https://querylab.example/samples/bookshop.sqlite"]);
      }
      // A query reads a page past the head: the server answers the range request with the whole file.
      const spec = lazy[0]!;
      const whole = new Uint8Array([7, 8, 9]);
      const ranges = answers.noting(spec.kind === "url" ? spec.url : "", {
        label: "sample",
        sizeBytes: 3,
        read: () => {
          throw new WholeFileAnswer(whole, "200 with the whole file");
        },
      });
      expect(() => ranges.read(0, 1)).toThrow(WholeFileAnswer);
      await settle();
      expect(opened).toEqual([{ bytes: [7, 8, 9], options: { checkPages: false, hashLater: true } }]);
      expect(scope.loaded.map(({ message }) => message.loaded)).toEqual([true]);
      if (when === "while downloading") expect(fetchSignal?.aborted).toBe(true);
      else expect(fetched).toEqual([]);
    }
  });

  it("does not take a head in which no schema is found: the sample's pages are read from the file", async () => {
    const scope = new FakeScope();
    const { engine, lazy } = service(true);
    openFirstSampleWhenAsked(asWorker(scope), Promise.resolve(engine), () => new Promise(() => undefined));
    scope.receive({ ...request(), schema: { tables: [] }, head: new Uint8Array(8192).buffer });
    await settle();
    expect(lazy).toHaveLength(1);
    expect(lazy[0]).not.toHaveProperty("head");
    expect(lazy[0]).not.toHaveProperty("tableCount");
  });

  it("answers with the schema the build read from the head it sent, without reading it, and sets the connection up once the page has drawn the sample; without the head it reads its own", async () => {
    const table = { rowCount: null, columns: [], foreignKeys: [], indexes: [] };
    const built = {
      tables: [
        { ...table, name: "from_the_build", kind: "table", sql: "CREATE TABLE from_the_build (x)" },
        { ...table, name: "a_view", kind: "view", sql: "CREATE VIEW a_view AS SELECT 1" },
      ],
    };
    for (const withHead of [true, false]) {
      const scope = new FakeScope();
      const { engine, calls, lazy } = service(true);
      openFirstSampleWhenAsked(asWorker(scope), Promise.resolve(engine), () => new Promise(() => undefined));
      scope.receive({ ...request(), schema: built, ...(withHead ? { head: SAMPLE_HEAD.slice().buffer } : {}) });
      await settle();
      // With the head, the open is told the table count (views left out), so it neither parses nor reads the schema.
      if (withHead) expect(lazy[0]).toMatchObject({ tableCount: 1 });
      else expect(lazy[0]).not.toHaveProperty("tableCount");
      // Not on the way to the answer, nor while the page renders it: SQLite's first statements there made V8 compile
      // its hottest functions again, optimized, on the second core the page needed (issue #14).
      expect(calls).toEqual(withHead ? [] : ['schema {"rowCounts":false}']);
      expect(scope.posted.map(({ message }) => message.opened && message.schema)).toEqual([withHead ? built : SCHEMA]);
      scope.receive({ type: "querylab:first-sample-download" });
      await settle();
      expect(calls).toEqual(withHead ? ["finishOpening"] : ['schema {"rowCounts":false}']);
    }
  });

  it("says the sample stays read on demand when its download fails, or another database was opened before it ended", async () => {
    for (const ending of ["download fails", "another open"] as const) {
      const scope = new FakeScope();
      const { engine, control } = service(true);
      control.swapGivesWay = ending === "another open";
      openFirstSampleWhenAsked(asWorker(scope), Promise.resolve(engine), async () => {
        if (ending === "download fails") throw new Error("HTTP 503");
        return new Uint8Array([1, 2, 3]);
      });
      scope.receive(request());
      scope.receive({ type: "querylab:first-sample-download" });
      await settle();
      expect(scope.posted.map(({ message }) => message)).toMatchObject([{ opened: true, bytes: null }]);
      expect(scope.loaded.map(({ message }) => message)).toEqual([
        {
          type: "querylab:first-sample-loaded",
          file: "bookshop.sqlite",
          loaded: false,
          reason: ending === "download fails" ? "HTTP 503" : "another database was opened first",
        },
      ]);
    }
  });

  it("downloads the sample read on demand anyway when the page has not asked within a few seconds", async () => {
    vi.useFakeTimers();
    try {
      const scope = new FakeScope();
      const { engine } = service(true);
      const fetched: string[] = [];
      openFirstSampleWhenAsked(asWorker(scope), Promise.resolve(engine), async (url) => {
        fetched.push(url);
        return new Uint8Array([1, 2, 3]);
      });
      scope.receive(request());
      await vi.advanceTimersByTimeAsync(DOWNLOAD_UNASKED_AFTER_MS - 10);
      expect(fetched).toEqual([]);
      await vi.advanceTimersByTimeAsync(20);
      expect(fetched).toEqual(["https://querylab.example/samples/bookshop.sqlite"]);
      expect(scope.loaded.map(({ message }) => message)).toMatchObject([{ loaded: true }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("leaves other messages and calls alone", async () => {
    const scope = new FakeScope();
    const { engine } = service();
    const exposed = openFirstSampleWhenAsked(asWorker(scope), Promise.resolve(engine), async () => new Uint8Array([1])).guard(engine);
    const event = scope.receive({ id: "comlink-call", type: "GET" });
    expect(event.cancelBubble).toBe(false);
    expect(await exposed.schema()).toBe(SCHEMA);
    expect(scope.posted).toEqual([]);
  });
});
