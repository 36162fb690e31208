import { describe, expect, it, vi } from "vitest";
import type { OpenOptions } from "../app/core/db/sqljs-engine";
import type { DatabaseSchema } from "../app/core/db/types";
import type { LazySourceSpec } from "../app/core/db/lazy-file";
import {
  HASH_LATER_UP_TO_BYTES,
  KEPT_DATABASE_MESSAGE,
  KEPT_DATABASE_READ_MESSAGE,
  OPEN_ON_DEMAND_FROM_BYTES,
  READ_UNASKED_AFTER_MS,
  openKeptDatabaseWhenAsked,
  type KeptDatabaseLoaded,
  type KeptDatabaseOpened,
} from "./kept-database";
import { startOpenGate } from "./start-open-gate";
import { PART_COLUMNS } from "../app/core/column-parts";

const SCHEMA: DatabaseSchema = { tables: [] };
const META = { id: "kept", name: "notes.sqlite" };

/** The start script's request, as html-start.ts sends it: the bytes (or the File's Blob) read from storage. */
function request(bytes: ArrayBuffer | Blob = new Uint8Array([1, 2, 3]).buffer) {
  return { type: KEPT_DATABASE_MESSAGE, id: "kept", meta: META, bytes };
}

/** The worker's global scope: messages in, answers out. */
class FakeScope extends EventTarget {
  readonly answers: KeptDatabaseOpened[] = [];
  postMessage(message: unknown): void {
    this.answers.push(message as KeptDatabaseOpened);
  }
  receive(data: unknown): void {
    this.dispatchEvent(new MessageEvent("message", { data }));
  }
}

const asWorker = (scope: FakeScope) => scope as unknown as Parameters<typeof openKeptDatabaseWhenAsked>[0];

/** A database service recording what it was asked, in order; `holdOpen` keeps the next open from ending until released. */
function service(options: { opens?: boolean; schema?: DatabaseSchema } = {}) {
  const calls: string[] = [];
  const control = { holdOpen: false, release: () => undefined as void, anotherOpenedFirst: false };
  const engine = {
    async open(bytes: Uint8Array | null, openOptions?: OpenOptions) {
      calls.push(`open ${bytes ? [...bytes].join(",") : "empty"} ${JSON.stringify(openOptions ?? {})}`);
      if (control.holdOpen) {
        control.holdOpen = false;
        await new Promise<void>((resolve) => (control.release = resolve));
      }
      return options.opens === false
        ? { ok: false as const, error: { kind: "not-a-database" as const, message: "file is not a database" } }
        : { ok: true as const, sizeBytes: bytes?.byteLength ?? 0, tableCount: 0 };
    },
    async schema(schemaOptions?: { rowCounts?: boolean }) {
      calls.push(`schema ${JSON.stringify(schemaOptions ?? {})}`);
      return options.schema ?? SCHEMA;
    },
    async contentKey() {
      calls.push("contentKey");
      return "key";
    },
    /** As DatabaseService's: opened read on demand at once; the swap's outcome once `loadWhole` brings the bytes. */
    async openReadOnDemandUntilWhole(spec: LazySourceSpec, loadWhole: () => Promise<Uint8Array>, openOptions?: OpenOptions) {
      const size = spec.kind === "file" ? spec.file.size : spec.sizeBytes;
      calls.push(`open on demand ${spec.kind === "file" ? spec.name : spec.url} ${size} ${JSON.stringify(openOptions ?? {})}`);
      if (options.opens === false) {
        return { opened: { ok: false as const, error: { kind: "not-a-database" as const, message: "file is not a database" } }, whole: Promise.resolve(null) };
      }
      const whole = loadWhole().then(
        (bytes) => (calls.push(`swapped to ${bytes.byteLength} bytes`), { ok: true as const, sizeBytes: bytes.byteLength, tableCount: 0 }),
        (error: unknown) => ({ ok: false as const, error: { kind: "fetch-failed" as const, message: String(error) } }),
      );
      return { opened: { ok: true as const, sizeBytes: size, tableCount: 0 }, whole: control.anotherOpenedFirst ? Promise.resolve(null) : whole };
    },
  };
  return { engine, calls, control };
}

const OPENED_KEPT = 'open 1,2,3 {"checkPages":false,"hashLater":true}';
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("openKeptDatabaseWhenAsked", () => {
  it("opens the database sent without the page check, answers with its schema (no row counts), then hashes it", async () => {
    const scope = new FakeScope();
    const { engine, calls } = service();
    openKeptDatabaseWhenAsked(asWorker(scope), Promise.resolve(engine));
    // Taken here: comlink, listening after it, never sees the request.
    const seenAfter: unknown[] = [];
    scope.addEventListener("message", (event) => seenAfter.push((event as MessageEvent).data));
    scope.receive(request());
    expect(seenAfter).toEqual([]);
    await expect.poll(() => calls).toEqual([OPENED_KEPT, 'schema {"rowCounts":false}', "contentKey"]);
    expect(scope.answers).toEqual([
      {
        type: "querylab:kept-database-opened",
        opened: true,
        id: "kept",
        meta: META,
        outcome: { ok: true, sizeBytes: 3, tableCount: 0 },
        schema: SCHEMA,
        loadingWhole: false,
      },
    ]);
  });

  it("answers without a schema of more than one part's columns, which the page then reads in parts", async () => {
    const table = (name: string, columns: number): DatabaseSchema["tables"][number] => ({
      name,
      kind: "table",
      rowCount: null,
      columns: Array.from({ length: columns }, (_, index) => ({
        name: `c${index}`,
        type: "TEXT",
        notNull: false,
        defaultValue: null,
        primaryKeyPosition: 0,
        comment: null,
      })),
      foreignKeys: [],
      indexes: [],
      sql: `CREATE TABLE ${name} (...)`,
    });
    const onePart = { tables: [table("a", PART_COLUMNS - 1), table("b", 1)] };
    const more = { tables: [...onePart.tables, table("c", 1)] };
    for (const [schema, answered] of [
      [onePart, onePart],
      [more, null],
    ] as const) {
      const scope = new FakeScope();
      openKeptDatabaseWhenAsked(asWorker(scope), Promise.resolve(service({ schema }).engine));
      scope.receive(request());
      await expect.poll(() => scope.answers.length).toBe(1);
      expect(scope.answers[0]).toMatchObject({ opened: true, outcome: { ok: true }, schema: answered });
    }
  });

  it("reads a database kept as the File it was opened from (a Blob)", async () => {
    const scope = new FakeScope();
    const { engine, calls } = service();
    openKeptDatabaseWhenAsked(asWorker(scope), Promise.resolve(engine));
    scope.receive(request(new Blob([new Uint8Array([1, 2, 3])])));
    await expect.poll(() => scope.answers.map((answer) => answer.opened)).toEqual([true]);
    expect(calls[0]).toBe(OPENED_KEPT);
  });

  it("hands a large database to SQLite as it is (hashed as it opens), so its bytes are never held twice", async () => {
    const scope = new FakeScope();
    const opened: (OpenOptions | undefined)[] = [];
    const { engine } = service();
    const large = {
      ...engine,
      open: async (bytes: Uint8Array | null, options?: OpenOptions) => (
        opened.push(options),
        { ok: true as const, sizeBytes: bytes!.byteLength, tableCount: 0 }
      ),
    };
    openKeptDatabaseWhenAsked(asWorker(scope), Promise.resolve(large));
    scope.receive(request(new ArrayBuffer(HASH_LATER_UP_TO_BYTES + 1)));
    await expect.poll(() => opened).toEqual([{ checkPages: false, ownBytes: true }]);
  });

  /**
   * A kept Blob of `size` bytes whose read whole ends only when `finish` is called (or fails with `fail`); `begun` says
   * whether it was asked for.
   */
  function heldBlob(size: number) {
    const blob = new Blob([new Uint8Array(size)]);
    const read = { begun: false, finish: () => undefined as void, fail: (_error: Error) => undefined as void };
    const bytes = new Promise<ArrayBuffer>((resolve, reject) => {
      read.finish = () => resolve(new ArrayBuffer(size));
      read.fail = reject;
    });
    Object.assign(blob, { arrayBuffer: () => ((read.begun = true), bytes) });
    return { blob, read };
  }

  /** The page's word that it has drawn the database: the worker's read whole may begin. */
  const drawn = (scope: FakeScope) => scope.receive({ type: KEPT_DATABASE_READ_MESSAGE });

  it("opens a large kept database read on demand from its Blob and answers at once; says when it holds it whole", async () => {
    const scope = new FakeScope();
    const { engine, calls } = service();
    const { blob, read } = heldBlob(OPEN_ON_DEMAND_FROM_BYTES);
    openKeptDatabaseWhenAsked(asWorker(scope), Promise.resolve(engine));
    scope.receive(request(blob));
    await expect.poll(() => scope.answers.length).toBe(1);
    // Answered before the Blob was read: nothing is held whole, nothing hashed yet.
    expect(calls).toEqual([`open on demand notes.sqlite ${OPEN_ON_DEMAND_FROM_BYTES} {"checkPages":false,"ownBytes":true}`, 'schema {"rowCounts":false}']);
    expect(scope.answers[0]).toEqual({
      type: "querylab:kept-database-opened",
      opened: true,
      id: "kept",
      meta: META,
      outcome: { ok: true, sizeBytes: OPEN_ON_DEMAND_FROM_BYTES, tableCount: 0 },
      schema: SCHEMA,
      loadingWhole: true,
    });
    // Not before the page has drawn it: read in slices, it would hold up the page's calls on the way there.
    await settle();
    expect(read.begun).toBe(false);
    drawn(scope);
    await expect.poll(() => read.begun).toBe(true);
    read.finish();
    await expect.poll(() => scope.answers.length).toBe(2);
    expect(scope.answers[1] as unknown as KeptDatabaseLoaded).toEqual({ type: "querylab:kept-database-loaded", id: "kept", loaded: true });
    await expect.poll(() => calls.slice(2)).toEqual([`swapped to ${OPEN_ON_DEMAND_FROM_BYTES} bytes`]);
  });

  it("reads a kept Blob just under the size whole, as before", async () => {
    const scope = new FakeScope();
    const opened: (OpenOptions | undefined)[] = [];
    const { engine, calls } = service();
    const counting = {
      ...engine,
      open: async (_bytes: Uint8Array | null, options?: OpenOptions) => (opened.push(options), engine.open(new Uint8Array(), options)),
    };
    openKeptDatabaseWhenAsked(asWorker(scope), Promise.resolve(counting));
    scope.receive(request(new Blob([new Uint8Array(OPEN_ON_DEMAND_FROM_BYTES - 1)])));
    await expect.poll(() => scope.answers.map((answer) => answer.opened && answer.loadingWhole)).toEqual([false]);
    expect(opened).toEqual([{ checkPages: false, hashLater: true }]);
    expect(calls.some((call) => call.startsWith("open on demand"))).toBe(false);
  });

  it("says why a large kept database stays read on demand: its Blob could not be read whole, or another database came first", async () => {
    const unreadable = new FakeScope();
    const first = service();
    const failing = heldBlob(OPEN_ON_DEMAND_FROM_BYTES);
    openKeptDatabaseWhenAsked(asWorker(unreadable), Promise.resolve(first.engine));
    unreadable.receive(request(failing.blob));
    await expect.poll(() => unreadable.answers.length).toBe(1);
    drawn(unreadable);
    failing.read.fail(new Error("NotReadableError"));
    await expect.poll(() => unreadable.answers.length).toBe(2);
    expect(unreadable.answers[1]).toMatchObject({
      type: "querylab:kept-database-loaded",
      id: "kept",
      loaded: false,
      reason: expect.stringContaining("NotReadableError"),
    });
    expect(first.calls).not.toContain("contentKey");

    const replaced = new FakeScope();
    const second = service();
    second.control.anotherOpenedFirst = true;
    openKeptDatabaseWhenAsked(asWorker(replaced), Promise.resolve(second.engine));
    replaced.receive(request(heldBlob(OPEN_ON_DEMAND_FROM_BYTES).blob));
    await expect.poll(() => replaced.answers.length).toBe(2);
    expect(replaced.answers[1]).toEqual({ type: "querylab:kept-database-loaded", id: "kept", loaded: false, reason: "another database was opened first" });
  });

  it("begins the read whole without the page's word once READ_UNASKED_AFTER_MS have passed since the answer", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const scope = new FakeScope();
      const { engine } = service();
      const { blob, read } = heldBlob(OPEN_ON_DEMAND_FROM_BYTES);
      openKeptDatabaseWhenAsked(asWorker(scope), Promise.resolve(engine));
      scope.receive(request(blob));
      // Without advancing the clock (vi.waitFor would).
      for (let turn = 0; turn < 100 && scope.answers.length === 0; turn += 1) await Promise.resolve();
      expect(scope.answers).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(READ_UNASKED_AFTER_MS - 1);
      expect(read.begun).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(read.begun).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers that nothing was opened when a large kept database cannot be opened read on demand", async () => {
    const scope = new FakeScope();
    const refusing = service({ opens: false });
    openKeptDatabaseWhenAsked(asWorker(scope), Promise.resolve(refusing.engine));
    scope.receive(request(heldBlob(OPEN_ON_DEMAND_FROM_BYTES).blob));
    await expect.poll(() => scope.answers).toEqual([{ type: "querylab:kept-database-opened", opened: false, reason: "file is not a database" }]);
    expect(refusing.calls).toHaveLength(1);
  });

  it("waits for SQLite when the database comes first", async () => {
    const scope = new FakeScope();
    const { engine } = service();
    let sqliteReady: (value: typeof engine) => void = () => undefined;
    openKeptDatabaseWhenAsked(asWorker(scope), new Promise((resolve) => (sqliteReady = resolve)));
    scope.receive(request());
    await settle();
    expect(scope.answers).toEqual([]);
    sqliteReady(engine);
    await expect.poll(() => scope.answers.map((answer) => answer.opened)).toEqual([true]);
  });

  it("answers that nothing was opened for a request without a database, or when SQLite failed to start; SQLite's refusal comes with its reason", async () => {
    const unnamed = new FakeScope();
    openKeptDatabaseWhenAsked(asWorker(unnamed), Promise.resolve(service().engine));
    unnamed.receive({ type: KEPT_DATABASE_MESSAGE, id: "kept", bytes: "not bytes" });
    expect(unnamed.answers).toEqual([{ type: "querylab:kept-database-opened", opened: false, reason: "the request named no database" }]);

    const noSqlite = new FakeScope();
    openKeptDatabaseWhenAsked(asWorker(noSqlite), Promise.reject(new Error("The WASM could not be compiled.")));
    noSqlite.receive(request());
    await expect.poll(() => noSqlite.answers).toEqual([{ type: "querylab:kept-database-opened", opened: false, reason: "The WASM could not be compiled." }]);

    const broken = new FakeScope();
    const refusing = service({ opens: false });
    openKeptDatabaseWhenAsked(asWorker(broken), Promise.resolve(refusing.engine));
    broken.receive(request());
    await expect.poll(() => broken.answers.map((answer) => answer.opened && answer.outcome.ok)).toEqual([false]);
    // No schema read, nothing hashed, of a database that did not open.
    expect(refusing.calls).toEqual([OPENED_KEPT]);
  });

  it("opens nothing when the page opened a database first", async () => {
    const scope = new FakeScope();
    const { engine, calls } = service();
    const gate = startOpenGate();
    openKeptDatabaseWhenAsked(asWorker(scope), Promise.resolve(engine), gate);
    await gate.guard(engine).open(new Uint8Array([9]));
    scope.receive(request());
    expect(scope.answers).toEqual([{ type: "querylab:kept-database-opened", opened: false, reason: "the page opened another database first" }]);
    expect(calls).toEqual(["open 9 {}"]);
  });

  it("opens nothing when the page's open comes while SQLite starts; one that comes during the open waits for it, then replaces it", async () => {
    const starting = new FakeScope();
    const first = service();
    const gate = startOpenGate();
    let sqliteReady: (value: typeof first.engine) => void = () => undefined;
    openKeptDatabaseWhenAsked(asWorker(starting), new Promise((resolve) => (sqliteReady = resolve)), gate);
    starting.receive(request());
    const pageOpen = gate.guard(first.engine).open(new Uint8Array([9]));
    sqliteReady(first.engine);
    await pageOpen;
    await expect.poll(() => starting.answers.map((answer) => answer.opened)).toEqual([false]);
    expect(first.calls).toEqual(["open 9 {}"]);

    const opening = new FakeScope();
    const second = service();
    const secondGate = startOpenGate();
    second.control.holdOpen = true;
    openKeptDatabaseWhenAsked(asWorker(opening), Promise.resolve(second.engine), secondGate);
    opening.receive(request());
    await expect.poll(() => second.calls.length).toBe(1);
    const laterOpen = secondGate.guard(second.engine).open(new Uint8Array([9]));
    await settle();
    expect(second.calls).toEqual([OPENED_KEPT]);
    second.control.release();
    await laterOpen;
    expect(second.calls.indexOf("open 9 {}")).toBeGreaterThan(second.calls.indexOf('schema {"rowCounts":false}'));
  });

  it("leaves other messages to the listeners after it", () => {
    const scope = new FakeScope();
    openKeptDatabaseWhenAsked(asWorker(scope), Promise.resolve(service().engine));
    let seen = 0;
    scope.addEventListener("message", () => (seen += 1));
    scope.receive({ type: "querylab:first-sample" });
    scope.receive({ id: "comlink-call" });
    expect(seen).toBe(2);
  });
});
