// A first visit's sample, opened by the SQLite worker as soon as index.html's start script hands over its bytes (the
// script starts the download as the HTML is parsed: app/browser/html-start.ts; when that download fails, the worker
// downloads the file itself), while the page is still fetching and evaluating the app: the app then takes the opened
// database and its schema instead of sending and opening the bytes after its modules have run.
// The page's own open calls always win: one that comes first makes the worker drop the sample (app/state/database-store.ts
// falls back to its usual path), and one that comes while the sample is opening waits for it, so it is never
// overwritten by a sample opening late.
import type { DatabaseSchema, OpenedDatabase, Outcome } from "../app/core/db/types";
import type { OpenOptions, SchemaOptions } from "../app/core/db/sqljs-engine";
import { errorMessage } from "../app/core/error-message";

/** The page → worker message (sent once, when the start script's download of the sample has ended). */
export const FIRST_SAMPLE_MESSAGE = "querylab:first-sample";
/** The worker → page message with what came of it (no comlink id: comlink ignores it). */
export const FIRST_SAMPLE_OPENED_MESSAGE = "querylab:first-sample-opened";

export interface FirstSampleRequest {
  type: typeof FIRST_SAMPLE_MESSAGE;
  file: string;
  /** Absolute: the worker's own URL is under assets/. */
  url: string;
  /** The size the sample list gives: a file of exactly that size is whole and opens without the page check. */
  sizeBytes: number | null;
  /**
   * The file's bytes, downloaded by the page (the start script starts the download before this worker has run its
   * script, see app/browser/html-start.ts) and moved here; absent when the page's download failed: the worker then
   * downloads the file itself.
   */
  bytes?: ArrayBuffer;
}

export type FirstSampleOpened =
  | { type: typeof FIRST_SAMPLE_OPENED_MESSAGE; file: string; opened: true; outcome: Outcome<OpenedDatabase>; schema: DatabaseSchema | null; bytes: Uint8Array }
  /** Not opened here: the download failed, or the page opened something else first. The page does it itself. */
  | { type: typeof FIRST_SAMPLE_OPENED_MESSAGE; file: string; opened: false; reason: string };

/** What the worker's database service offers this module. */
export interface OpeningService {
  open(bytes: Uint8Array, options?: OpenOptions): Promise<Outcome<OpenedDatabase>>;
  schema(options?: SchemaOptions): Promise<DatabaseSchema>;
  contentKey(): Promise<string>;
}

interface WorkerScope {
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  postMessage(message: unknown, transfer: Transferable[]): void;
}

/** The exposed methods that replace the open database: each waits for a sample being opened, and cancels one not yet opened. */
const OPENING_METHODS = new Set<PropertyKey>(["open", "openLazy"]);

export interface FirstSampleOpener {
  /** Wraps the object the worker exposes, so the page's own opens come after (or instead of) the sample's. */
  guard<T extends object>(exposed: T): T;
}

/**
 * Listens for the start script's request (call before Comlink.expose: the message is taken and stopped here) and, when
 * it comes, takes the sample's bytes from it (or downloads them with `fetchBytes`), opens them with the service and reads its schema, then posts the
 * outcome, the schema and a copy of the bytes (the page keeps them for its saved copy and for reopening after a Stop).
 */
export function openFirstSampleWhenAsked(
  scope: WorkerScope,
  service: Promise<OpeningService>,
  fetchBytes: (url: string) => Promise<Uint8Array>,
): FirstSampleOpener {
  let superseded = false;
  /** The sample's open and schema read, while they run: a page's open waits for them (a download it need not). */
  let opening: Promise<unknown> | null = null;

  const answer = (message: FirstSampleOpened) => scope.postMessage(message, message.opened ? [message.bytes.buffer] : []);

  async function openSample(request: FirstSampleRequest): Promise<void> {
    const notOpened = (reason: string) => answer({ type: FIRST_SAMPLE_OPENED_MESSAGE, file: request.file, opened: false, reason });
    let bytes: Uint8Array;
    let engine: OpeningService;
    try {
      [bytes, engine] = await Promise.all([request.bytes ? new Uint8Array(request.bytes) : fetchBytes(request.url), service]);
    } catch (error) {
      notOpened(errorMessage(error));
      return;
    }
    if (superseded) {
      notOpened("the page opened another database first");
      return;
    }
    // Two passes over every byte wait until the page has its answer (60-170 ms of a cold worker's time here, on the
    // way to the first screen): the bytes' hash (the content key), computed right after the answer from the bytes
    // the engine kept, and the row counts, which the page reads once the database is shown.
    const openAndRead = async () => {
      const outcome = await engine.open(bytes, { checkPages: bytes.byteLength !== request.sizeBytes, hashLater: true });
      globalThis.performance?.mark?.("querylab:worker-sample-opened");
      const schema = outcome.ok ? await engine.schema({ rowCounts: false }).catch(() => null) : null;
      // SQLite copied the bytes into its own memory. The page gets a copy, moved, while the engine keeps these until
      // it has hashed them (a copy costs a few ms; the hash of a cold worker took tens).
      answer({ type: FIRST_SAMPLE_OPENED_MESSAGE, file: request.file, opened: true, outcome, schema, bytes: outcome.ok ? bytes.slice() : bytes });
      if (outcome.ok) await engine.contentKey();
    };
    // Set in the same turn as the check above, so no page open can slip in between.
    opening = openAndRead().finally(() => (opening = null));
    await opening;
  }

  const take = (event: MessageEvent) => {
    const data = event.data as Partial<FirstSampleRequest> | null;
    if (data?.type !== FIRST_SAMPLE_MESSAGE || typeof data.url !== "string" || typeof data.file !== "string") return;
    event.stopImmediatePropagation();
    scope.removeEventListener("message", take);
    const file = data.file;
    // The request comes once the page's download has ended, so the page may have opened a database before it: it
    // still gets its answer (the start script and the store wait for one).
    if (superseded) return answer({ type: FIRST_SAMPLE_OPENED_MESSAGE, file, opened: false, reason: "the page opened another database first" });
    const sizeBytes = typeof data.sizeBytes === "number" ? data.sizeBytes : null;
    const bytes = data.bytes instanceof ArrayBuffer ? data.bytes : undefined;
    void openSample({ type: FIRST_SAMPLE_MESSAGE, file, url: data.url, sizeBytes, bytes }).catch((error: unknown) =>
      answer({ type: FIRST_SAMPLE_OPENED_MESSAGE, file, opened: false, reason: errorMessage(error) }),
    );
  };
  scope.addEventListener("message", take);

  return {
    guard(exposed) {
      return new Proxy(exposed, {
        get(target, property) {
          const member: unknown = Reflect.get(target, property);
          if (typeof member !== "function" || !OPENING_METHODS.has(property)) return member;
          return async (...args: unknown[]) => {
            superseded = true;
            await opening?.catch(() => undefined);
            return Reflect.apply(member, target, args);
          };
        },
      });
    },
  };
}
