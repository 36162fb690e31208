import { describe, expect, it } from "vitest";
import type { OpenOptions } from "../app/core/db/sqljs-engine";
import type { DatabaseSchema } from "../app/core/db/types";
import { FIRST_SAMPLE_MESSAGE, openFirstSampleWhenAsked, type FirstSampleOpened, type OpeningService } from "./first-sample";

const SCHEMA: DatabaseSchema = { tables: [] };

/** The worker's global scope: messages in, messages out (with what they transfer). */
class FakeScope extends EventTarget {
  readonly posted: { message: FirstSampleOpened; transfer: Transferable[] }[] = [];
  postMessage(message: unknown, transfer: Transferable[]): void {
    this.posted.push({ message: message as FirstSampleOpened, transfer });
  }
  receive(data: unknown): MessageEvent {
    const event = new MessageEvent("message", { data });
    this.dispatchEvent(event);
    return event;
  }
}

/** A database service that records what it opened, in order; `hold` keeps an open from finishing until released. */
function service() {
  const opened: { bytes: number[]; options?: OpenOptions }[] = [];
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
    async openLazy() {
      opened.push({ bytes: [] });
      return "lazy";
    },
  };
  const hold = { next: false };
  return { engine, opened, calls, hold, release: () => release?.() };
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
  it("downloads it, opens it without the page check when it has the listed size, reads its schema and moves the bytes to the page", async () => {
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
    expect(message.opened && [...message.bytes]).toEqual([1, 2, 3]);
    expect(transfer).toEqual([message.opened && message.bytes.buffer]);
  });

  it("opens the bytes the page downloaded and sent, without downloading the file again, and moves them back to the page", async () => {
    const scope = new FakeScope();
    const { engine, opened } = service();
    const fetched: string[] = [];
    openFirstSampleWhenAsked(asWorker(scope), Promise.resolve(engine), async (url) => {
      fetched.push(url);
      return new Uint8Array([9, 9, 9]);
    });
    scope.receive({ ...request(), bytes: new Uint8Array([4, 5, 6]).buffer });
    await settle();
    expect(fetched).toEqual([]);
    expect(opened).toEqual([{ bytes: [4, 5, 6], options: { checkPages: false, hashLater: true } }]);
    const { message, transfer } = scope.posted[0]!;
    expect(message).toMatchObject({ opened: true, outcome: { ok: true }, schema: SCHEMA });
    expect(message.opened && [...message.bytes]).toEqual([4, 5, 6]);
    expect(transfer).toEqual([message.opened && message.bytes.buffer]);
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
    scope.receive({ ...request(), bytes: new Uint8Array([1, 2, 3]).buffer });
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
