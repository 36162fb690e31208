// A returning visit's database, opened by the SQLite worker while the page is still fetching and evaluating the app:
// index.html's start script (app/browser/html-start.ts) reads it from the page's storage as soon as the page's hint
// says a kept database will reopen, and sends it here with its id and its entry in the list. The worker opens it as
// soon as SQLite is ready and reads its schema; the page then takes the opened database (app/state/database-store.ts)
// instead of reading the bytes after its first render, sending them here and waiting for the open and the schema
// (bench, returning visit on loopback: bytes ~64, open ~32, schema ~29 ms of ~510, all after the first render).
// A large one is opened read on demand from its Blob first, so the page need not wait while the worker reads it all
// (~1.5 s of a 2 s returning visit for the bench's 401 MB file); the worker swaps to the whole bytes once read, and
// says so in a second message.
// The page's own opens win, as over the first visit's sample (start-open-gate.ts); and a page that does not take this
// database (it finds another one to open) opens its own over it.
import type { DatabaseSchema, OpenedDatabase, Outcome } from "../app/core/db/types";
import type { OpenOptions } from "../app/core/db/sqljs-engine";
import type { LazySourceSpec } from "../app/core/db/lazy-file";
import { errorMessage } from "../app/core/error-message";
import type { OpeningService } from "./first-sample";
import { startOpenGate, type StartOpenGate } from "./start-open-gate";
import { onPageWord } from "./page-word";
import { PART_COLUMNS } from "../app/core/column-parts";

/**
 * The schema the answer carries: none past one part's columns, which the page then reads itself, in parts
 * (app/browser/schema-in-parts.ts). In the answer, 5,000 tables' schema was one ~100 ms task of the page's main thread
 * to receive, with the first render after it in the same task.
 */
export function schemaToAnswerWith(schema: DatabaseSchema | null): DatabaseSchema | null {
  const columns = schema?.tables.reduce((sum, table) => sum + table.columns.length, 0) ?? 0;
  return columns > PART_COLUMNS ? null : schema;
}

/** The page → worker message (sent once, by the start script), with the database as storage keeps it. */
export const KEPT_DATABASE_MESSAGE = "querylab:kept-database";
/** The worker → page answer (no comlink id: comlink ignores it). */
export const KEPT_DATABASE_OPENED_MESSAGE = "querylab:kept-database-opened";
/** The worker → page message after an answer opened read on demand: the database is held whole now, or why not. */
export const KEPT_DATABASE_LOADED_MESSAGE = "querylab:kept-database-loaded";
/** The page → worker message once the page has drawn the database opened read on demand: its whole read may begin. */
export const KEPT_DATABASE_READ_MESSAGE = "querylab:kept-database-read";
/**
 * When the page has not said so this long after the answer (it is busy, or never took the database), the read begins
 * anyway: a database left read on demand could never be changed.
 */
export const READ_UNASKED_AFTER_MS = 3000;

/**
 * A kept Blob at least this large is opened read on demand first, as a URL database of this size is (issue #14): the
 * worker reads a Blob at ~4 ms per MB here, which a database of this size would add to the way to the first screen.
 */
export const OPEN_ON_DEMAND_FROM_BYTES = 16 * 1024 * 1024;

export interface KeptDatabaseRequest {
  type: typeof KEPT_DATABASE_MESSAGE;
  id: string;
  /** Its entry in the list, unchecked: sent back with the answer, for the page to check as it checks its own reads. */
  meta: unknown;
  /** Moved here (no one else holds them); or the Blob of the File it was opened from, read here. */
  bytes: ArrayBuffer | Blob;
}

export type KeptDatabaseOpened =
  | {
      type: typeof KEPT_DATABASE_OPENED_MESSAGE;
      opened: true;
      /** The id and entry the request gave. */
      id: string;
      meta: unknown;
      outcome: Outcome<OpenedDatabase>;
      /** Without row counts (they read every table); null when it could not be read: the page reads it. */
      schema: DatabaseSchema | null;
      /** Opened read on demand from its Blob: a KeptDatabaseLoaded follows once the worker holds it whole (or cannot). */
      loadingWhole: boolean;
    }
  /** The request was unreadable, or the page opened another database first: the page goes its usual way. */
  | { type: typeof KEPT_DATABASE_OPENED_MESSAGE; opened: false; reason: string };

export type KeptDatabaseLoaded =
  /** Held in memory now: changes are made to it, its pages can be checked. */
  | { type: typeof KEPT_DATABASE_LOADED_MESSAGE; id: string; loaded: true }
  /** Still read on demand (read-only): its Blob could not be read whole, or another database was opened first. */
  | { type: typeof KEPT_DATABASE_LOADED_MESSAGE; id: string; loaded: false; reason: string };

/**
 * Up to this size the bytes' hash (the content key, a pass over every byte) waits until the page has its answer, which
 * keeps the bytes beside SQLite's copy of them until then. A larger database is handed to SQLite as it is (ownBytes)
 * and hashed as it opens, as the page's own reopen did: two copies of a database of hundreds of MB could exhaust the
 * worker's memory.
 */
export const HASH_LATER_UP_TO_BYTES = 64 * 1024 * 1024;

function openOptionsFor(sizeBytes: number): OpenOptions {
  return sizeBytes <= HASH_LATER_UP_TO_BYTES ? { checkPages: false, hashLater: true } : { checkPages: false, ownBytes: true };
}

/** What the worker's database service offers this module. */
export type KeptOpeningService = Pick<OpeningService, "open" | "schema" | "contentKey" | "openReadOnDemandUntilWhole">;

interface WorkerScope {
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  postMessage(message: unknown): void;
}

/**
 * Listens for the start script's request (call before Comlink.expose: the message is taken and stopped here). When it
 * comes, opens the database without SQLite's check of every page (they were checked when it was first opened; the page
 * checks them once it is on screen, as for any kept copy it reopens), reads its schema and answers.
 */
export function openKeptDatabaseWhenAsked(
  scope: WorkerScope,
  service: Promise<KeptOpeningService>,
  /** Shared with the worker's other start opens (first-sample.ts). */
  gate: StartOpenGate = startOpenGate(),
  /** How a large kept database is read whole while it is read on demand (in slices, queries served between). */
  readWholeBlob: (blob: Blob) => Promise<Uint8Array> = (blob) => blob.arrayBuffer().then((buffer) => new Uint8Array(buffer)),
): void {
  const answer = (message: KeptDatabaseOpened) => scope.postMessage(message);
  /** Resolved when the page says it has drawn the database (KEPT_DATABASE_READ_MESSAGE), or READ_UNASKED_AFTER_MS after the answer. */
  let readAsked: () => void = () => undefined;
  const readMayBegin = new Promise<void>((resolve) => (readAsked = resolve));
  /** The name its entry in the list gives, for messages about reading it (the entry is checked by the page, not here). */
  const nameOf = (meta: unknown) => {
    const name = (meta as { name?: unknown } | null)?.name;
    return typeof name === "string" ? name : "the database kept in this browser";
  };
  const notOpened = (reason: string) => answer({ type: KEPT_DATABASE_OPENED_MESSAGE, opened: false, reason });

  async function openKept(request: KeptDatabaseRequest): Promise<void> {
    const { bytes } = request;
    if (bytes instanceof Blob && bytes.size >= OPEN_ON_DEMAND_FROM_BYTES) return openKeptOnDemand(request, bytes);
    const read = bytes instanceof Blob ? bytes.arrayBuffer().then((buffer) => new Uint8Array(buffer)) : Promise.resolve(new Uint8Array(bytes));
    const [whole, engine] = await Promise.all([read.finally(() => globalThis.performance?.mark?.("querylab:worker-kept-bytes")), service]);
    if (gate.superseded) return notOpened("the page opened another database first");
    // In the same turn as the check above: a page open that comes now waits for this one, then replaces it.
    await gate.opening(
      (async () => {
        const outcome = await engine.open(whole, openOptionsFor(whole.byteLength));
        globalThis.performance?.mark?.("querylab:worker-kept-opened");
        const schema = outcome.ok ? schemaToAnswerWith(await engine.schema({ rowCounts: false }).catch(() => null)) : null;
        answer({ type: KEPT_DATABASE_OPENED_MESSAGE, opened: true, id: request.id, meta: request.meta, outcome, schema, loadingWhole: false });
        // Answered: a failure now is the page's to see when it asks for the key, not a second answer.
        if (outcome.ok) await engine.contentKey().catch(() => undefined);
      })(),
    );
  }

  /**
   * A large kept database: opened read on demand from its Blob (slices, as a large File is read) and answered at once,
   * then read whole and swapped in; the page is told when. Reads run on demand meanwhile, and a change waits for the
   * swap (DatabaseService.openReadOnDemandUntilWhole), so it is made to the whole copy the page then keeps.
   */
  async function openKeptOnDemand(request: KeptDatabaseRequest, blob: Blob): Promise<void> {
    const engine = await service;
    if (gate.superseded) return notOpened("the page opened another database first");
    const spec: LazySourceSpec = { kind: "file", file: blob, name: nameOf(request.meta) };
    // Begun once the page has drawn it: read in slices, the worker answers a call only between two, and the page's
    // calls on the way to its first screen waited for them (ready ~150 ms later on loopback).
    const readWhole = async () => {
      const unasked = setTimeout(readAsked, READ_UNASKED_AFTER_MS);
      await readMayBegin;
      clearTimeout(unasked);
      const bytes = await readWholeBlob(blob);
      globalThis.performance?.mark?.("querylab:worker-kept-bytes");
      return bytes;
    };
    await gate.opening(
      (async () => {
        // The bytes read whole are the worker's own, and they are hashed before the swap (a slice at a time, queries
        // answered between), so SQLite may take them as they are: no second copy of a database of 16-64 MB either.
        const { opened, whole } = await engine.openReadOnDemandUntilWhole(spec, readWhole, { checkPages: false, ownBytes: true });
        if (!opened.ok) {
          // Not readable that way (or not a database): the page reopens it its usual way and says why it cannot.
          notOpened(opened.error.message);
          return;
        }
        globalThis.performance?.mark?.("querylab:worker-kept-opened");
        const schema = schemaToAnswerWith(await engine.schema({ rowCounts: false }).catch(() => null));
        answer({ type: KEPT_DATABASE_OPENED_MESSAGE, opened: true, id: request.id, meta: request.meta, outcome: opened, schema, loadingWhole: true });
        void whole.then(async (swapped) => {
          if (!swapped?.ok) {
            const reason = swapped ? swapped.error.message : "another database was opened first";
            scope.postMessage({ type: KEPT_DATABASE_LOADED_MESSAGE, id: request.id, loaded: false, reason } satisfies KeptDatabaseLoaded);
            return;
          }
          globalThis.performance?.mark?.("querylab:worker-kept-loaded");
          // Its content key was hashed before the swap (DatabaseService.openReadOnDemandUntilWhole): nothing is left to hash.
          scope.postMessage({ type: KEPT_DATABASE_LOADED_MESSAGE, id: request.id, loaded: true } satisfies KeptDatabaseLoaded);
        });
      })(),
    );
  }

  onPageWord(scope, KEPT_DATABASE_READ_MESSAGE, () => readAsked());

  const take = (event: MessageEvent) => {
    const data = event.data as Partial<KeptDatabaseRequest> | null;
    if (data?.type !== KEPT_DATABASE_MESSAGE) return;
    event.stopImmediatePropagation();
    globalThis.performance?.mark?.("querylab:worker-kept-received");
    scope.removeEventListener("message", take);
    if (typeof data.id !== "string" || !(data.bytes instanceof ArrayBuffer || data.bytes instanceof Blob)) return notOpened("the request named no database");
    if (gate.superseded) return notOpened("the page opened another database first");
    const request: KeptDatabaseRequest = { type: KEPT_DATABASE_MESSAGE, id: data.id, meta: data.meta, bytes: data.bytes };
    void openKept(request).catch((error: unknown) => notOpened(errorMessage(error)));
  };
  scope.addEventListener("message", take);
}
