// A first visit's sample, opened by the SQLite worker as soon as index.html's start script asks (app/browser/html-start.ts),
// while the page is still fetching and evaluating the app: the app then takes the opened database and its schema
// instead of sending and opening the bytes after its modules have run.
// It is opened read on demand first, over the head the start script sends (the build's file of the pages the schema
// needs, with the schema the build read from them), else by range requests for those pages, so the first screen does
// not wait for the whole file; the file is downloaded meanwhile and, once here, held in memory like any database opened
// whole, its bytes moved to the page for the kept copy (a second message). Without a head, a server that does not
// answer range requests gets the old way: the file downloaded, then opened.
// The page's own open calls always win: one that comes first makes the worker drop the sample (app/state/database-store.ts
// falls back to its usual path), one that comes while the sample is opening waits for it, so it is never overwritten by
// a sample opening late, and one that comes while the rest downloads keeps it from being swapped in.
import type { DatabaseSchema, OpenedDatabase, Outcome } from "../app/core/db/types";
import type { OpenOptions, SchemaOptions } from "../app/core/db/sqljs-engine";
import type { LazySourceSpec } from "../app/core/db/lazy-file";
import { errorMessage } from "../app/core/error-message";
import { schemaPageRanges } from "../app/core/db/schema-head";
import type { WholeFileWait } from "./whole-file-answers";
import { startOpenGate, type StartOpenGate } from "./start-open-gate";
import { onPageWord } from "./page-word";

/** The page → worker message (sent once, by the start script). */
export const FIRST_SAMPLE_MESSAGE = "querylab:first-sample";
/** The worker → page message with what came of it (no comlink id: comlink ignores it). */
export const FIRST_SAMPLE_OPENED_MESSAGE = "querylab:first-sample-opened";
/** The worker → page message, after an answer opened read on demand: the sample is held whole now, or why not. */
export const FIRST_SAMPLE_LOADED_MESSAGE = "querylab:first-sample-loaded";
/** The page → worker message once the page has drawn the sample opened read on demand: its download may begin. */
export const FIRST_SAMPLE_DOWNLOAD_MESSAGE = "querylab:first-sample-download";
/**
 * When the page has not said so this long after the answer (it is busy, or never took the sample), the download begins
 * anyway: a sample left read on demand would never be kept.
 */
export const DOWNLOAD_UNASKED_AFTER_MS = 3000;

export interface FirstSampleRequest {
  type: typeof FIRST_SAMPLE_MESSAGE;
  file: string;
  /** Absolute: the worker's own URL is under assets/. */
  url: string;
  /**
   * The size the sample list gives: a file of exactly that size is whole and opens without the page check; the size a
   * read on demand needs (without it the file is downloaded first).
   */
  sizeBytes: number | null;
  /**
   * The file's first bytes, up to its last schema page, which the start script fetched (the build's head file of the
   * sample) while SQLite's WASM downloaded: opened read on demand with no request of its own; absent when that failed.
   */
  head?: ArrayBuffer;
  /**
   * With `head`: the schema those pages give, read by the build from the same file with the same function
   * (scripts/vite-startup-preloads.ts), so the answer need not wait for the worker's own read (70-80 ms of a cold
   * worker's time on the way to the first screen). The page checks it as it checks the worker's.
   */
  schema?: unknown;
}

export type FirstSampleOpened =
  | {
      type: typeof FIRST_SAMPLE_OPENED_MESSAGE;
      file: string;
      opened: true;
      outcome: Outcome<OpenedDatabase>;
      schema: DatabaseSchema | null;
      /** The bytes when it was opened whole; null when it was opened read on demand: they come with FirstSampleLoaded. */
      bytes: Uint8Array | null;
    }
  /** Not opened here: the download failed, or the page opened something else first. The page does it itself. */
  | { type: typeof FIRST_SAMPLE_OPENED_MESSAGE; file: string; opened: false; reason: string };

export type FirstSampleLoaded =
  /** Held in memory now (the worker swapped to these bytes): a copy, for the page's kept copy and for Stop. */
  | { type: typeof FIRST_SAMPLE_LOADED_MESSAGE; file: string; loaded: true; bytes: Uint8Array }
  /** Still read on demand: the download failed, or another database was opened before it ended. */
  | { type: typeof FIRST_SAMPLE_LOADED_MESSAGE; file: string; loaded: false; reason: string };

/** What the worker's database service offers this module. */
export interface OpeningService {
  open(bytes: Uint8Array, options?: OpenOptions): Promise<Outcome<OpenedDatabase>>;
  openReadOnDemandUntilWhole(
    spec: LazySourceSpec,
    loadWhole: () => Promise<Uint8Array>,
    options?: OpenOptions,
  ): Promise<{ opened: Outcome<OpenedDatabase>; whole: Promise<Outcome<OpenedDatabase> | null> }>;
  schema(options?: SchemaOptions): Promise<DatabaseSchema>;
  contentKey(): Promise<string>;
  finishOpening(): Promise<void>;
}

interface WorkerScope {
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  postMessage(message: unknown, transfer: Transferable[]): void;
}

/**
 * The worker's own first read of the sample when the start script could not send its head (the build's file of the
 * sample's schema pages, app/browser/html-start.ts): the pages the schema needs in one request rather than one round
 * trip each, as the bundled samples keep them in their first 120 KB.
 */
export const FIRST_SAMPLE_HEAD_BYTES = 128 * 1024;

export interface FirstSampleOpener {
  /** Wraps the object the worker exposes, so the page's own opens come after (or instead of) the sample's (`gate`'s guard). */
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
  /** Downloads the file; `signal` ends a download no longer needed. */
  fetchBytes: (url: string, signal?: AbortSignal) => Promise<Uint8Array>,
  /** Told once the sample read on demand is held whole: its pages are never read from `url` again. */
  heldWhole: (url: string) => void = () => undefined,
  /**
   * The whole file, should a range read of the sample get it (a server that ignores ranges answers one so): the
   * download then takes it instead of fetching the file, or of fetching it on.
   */
  sentWhole: (url: string) => WholeFileWait = () => ({ bytes: new Promise(() => undefined), stop: () => undefined }),
  /** Shared with the worker's other start opens (kept-database.ts): the page's own opens give way to none of them. */
  gate: StartOpenGate = startOpenGate(),
): FirstSampleOpener {
  /** Resolved when the page says it has drawn the sample (FIRST_SAMPLE_DOWNLOAD_MESSAGE), or after DOWNLOAD_UNASKED_AFTER_MS. */
  let downloadAsked: () => void = () => undefined;
  const downloadMayBegin = new Promise<void>((resolve) => (downloadAsked = resolve));

  const answer = (message: FirstSampleOpened) => scope.postMessage(message, message.opened && message.bytes ? [message.bytes.buffer] : []);
  const answerLoaded = (message: FirstSampleLoaded) => scope.postMessage(message, message.loaded ? [message.bytes.buffer] : []);

  async function openSample(request: FirstSampleRequest): Promise<void> {
    const notOpened = (reason: string) => answer({ type: FIRST_SAMPLE_OPENED_MESSAGE, file: request.file, opened: false, reason });
    let engine: OpeningService;
    try {
      engine = await service;
    } catch (error) {
      notOpened(errorMessage(error));
      return;
    }
    if (gate.superseded) {
      notOpened("the page opened another database first");
      return;
    }
    const { sizeBytes } = request;
    // In the same turn as the check above, so no page open can slip in between. A page's open waits for the sample's
    // open and schema read (a download it need not).
    await gate.opening(
      (sizeBytes === null ? Promise.resolve(false) : openReadOnDemand(engine, request, sizeBytes)).then(
        (answered) => answered || openDownloaded(engine, request, notOpened),
      ),
    );
  }

  /**
   * Opens the sample read on demand and answers with its schema; then downloads it and, once the worker holds it in
   * memory, moves a copy of the bytes to the page. False, having answered nothing, when it cannot be read on demand.
   */
  async function openReadOnDemand(engine: OpeningService, request: FirstSampleRequest, sizeBytes: number): Promise<boolean> {
    // The build zeroes the head's pages that are not the schema's (schema-head.ts, sparseSchemaHead): only the schema's,
    // found in the head by the same walk of sqlite_schema's b-tree, are taken as the file's; the others are read when
    // asked for. A head in which no schema is found is not used.
    const sentHead = request.head ? new Uint8Array(request.head) : undefined;
    const headRanges = sentHead ? schemaPageRanges(sentHead) : null;
    const head = headRanges ? sentHead : undefined;
    // The build's reading of the head's schema, when it came with the head, stands in for the worker's own: the open
    // leaves the schema's parse and the connection's settings until the page has drawn it, and no schema is read.
    const builtSchema = head && request.schema ? (request.schema as DatabaseSchema) : null;
    const tableCount = builtSchema?.tables.filter((table) => table.kind === "table").length;
    const spec: LazySourceSpec = {
      kind: "url",
      url: request.url,
      sizeBytes,
      firstReadBytes: FIRST_SAMPLE_HEAD_BYTES,
      ...(head && headRanges ? { head, headRanges } : {}),
      ...(tableCount === undefined ? {} : { tableCount }),
    };
    // The download begins once the pages the schema needs have come: on a slow line they are not kept waiting behind it.
    let downloaded: Uint8Array | null = null;
    // Begun once the page has drawn its first screen: on two cores the download and the swap after it took CPU from
    // the page's first render (which then ended ~100 ms later on loopback), and on a slow line bandwidth from its scripts.
    const download = async () => {
      // Waited for from the open on: a query may read past the head before the download begins.
      const sent = sentWhole(request.url);
      try {
        const unasked = setTimeout(downloadAsked, DOWNLOAD_UNASKED_AFTER_MS);
        const sentFirst = await Promise.race([downloadMayBegin.then(() => null), sent.bytes]);
        clearTimeout(unasked);
        // Not before: SQLite's first statements (its schema's parse, the connection's PRAGMAs) made V8 start compiling
        // its hottest functions again, optimized, on a background thread, while the page drew the answer on two cores
        // (issue #14). A query that comes first does this setup itself.
        if (builtSchema) void engine.finishOpening();
        if (sentFirst) return (downloaded = sentFirst);
        const stopFetching = new AbortController();
        const fetched = fetchBytes(request.url, stopFetching.signal);
        const sentWhileFetching = sent.bytes.then((bytes) => {
          stopFetching.abort(new Error("The server sent the whole file in answer to a range read."));
          fetched.catch(() => undefined);
          return bytes;
        });
        return (downloaded = await Promise.race([fetched, sentWhileFetching]));
      } finally {
        sent.stop();
      }
    };
    const { opened, whole } = await engine.openReadOnDemandUntilWhole(spec, download, { checkPages: false, hashLater: true });
    if (!opened.ok) return false;
    globalThis.performance?.mark?.("querylab:worker-sample-opened");
    // Read on demand, the schema costs a few pages; the row counts would read every table whole, so they wait.
    const schema = builtSchema ?? (await engine.schema({ rowCounts: false }).catch(() => null));
    answer({ type: FIRST_SAMPLE_OPENED_MESSAGE, file: request.file, opened: true, outcome: opened, schema, bytes: null });
    void whole.then(async (swapped) => {
      if (!swapped?.ok || !downloaded) {
        const reason = swapped && !swapped.ok ? swapped.error.message : "another database was opened first";
        answerLoaded({ type: FIRST_SAMPLE_LOADED_MESSAGE, file: request.file, loaded: false, reason });
        return;
      }
      globalThis.performance?.mark?.("querylab:worker-sample-loaded");
      heldWhole(request.url);
      // As below: the engine keeps the downloaded bytes until it has hashed them; the page gets a copy, moved.
      answerLoaded({ type: FIRST_SAMPLE_LOADED_MESSAGE, file: request.file, loaded: true, bytes: (downloaded as Uint8Array).slice() });
      await engine.contentKey();
    });
    return true;
  }

  /** Downloads the sample, opens it in memory and answers with its schema and a copy of the bytes. */
  async function openDownloaded(engine: OpeningService, request: FirstSampleRequest, notOpened: (reason: string) => void): Promise<boolean> {
    let bytes: Uint8Array;
    try {
      bytes = await fetchBytes(request.url);
    } catch (error) {
      notOpened(errorMessage(error));
      return true;
    }
    if (gate.superseded) {
      notOpened("the page opened another database first");
      return true;
    }
    // Two passes over every byte wait until the page has its answer (60-170 ms of a cold worker's time here, on the
    // way to the first screen): the bytes' hash (the content key), computed right after the answer from the bytes
    // the engine kept, and the row counts, which the page reads once the database is shown.
    const outcome = await engine.open(bytes, { checkPages: bytes.byteLength !== request.sizeBytes, hashLater: true });
    globalThis.performance?.mark?.("querylab:worker-sample-opened");
    const schema = outcome.ok ? await engine.schema({ rowCounts: false }).catch(() => null) : null;
    // SQLite copied the bytes into its own memory. The page gets a copy, moved, while the engine keeps these until
    // it has hashed them (a copy costs a few ms; the hash of a cold worker took tens).
    answer({ type: FIRST_SAMPLE_OPENED_MESSAGE, file: request.file, opened: true, outcome, schema, bytes: outcome.ok ? bytes.slice() : bytes });
    if (outcome.ok) await engine.contentKey();
    return true;
  }

  onPageWord(scope, FIRST_SAMPLE_DOWNLOAD_MESSAGE, () => downloadAsked());

  const take = (event: MessageEvent) => {
    const data = event.data as Partial<FirstSampleRequest> | null;
    if (data?.type !== FIRST_SAMPLE_MESSAGE || typeof data.url !== "string" || typeof data.file !== "string") return;
    event.stopImmediatePropagation();
    scope.removeEventListener("message", take);
    const file = data.file;
    // The request comes once the page's download has ended, so the page may have opened a database before it: it
    // still gets its answer (the start script and the store wait for one).
    if (gate.superseded) return answer({ type: FIRST_SAMPLE_OPENED_MESSAGE, file, opened: false, reason: "the page opened another database first" });
    const sizeBytes = typeof data.sizeBytes === "number" ? data.sizeBytes : null;
    const head = data.head instanceof ArrayBuffer ? data.head : undefined;
    const schema = typeof data.schema === "object" && data.schema !== null ? data.schema : undefined;
    void openSample({ type: FIRST_SAMPLE_MESSAGE, file, url: data.url, sizeBytes, head, schema }).catch((error: unknown) =>
      answer({ type: FIRST_SAMPLE_OPENED_MESSAGE, file, opened: false, reason: errorMessage(error) }),
    );
  };
  scope.addEventListener("message", take);

  return { guard: (exposed) => gate.guard(exposed) };
}
