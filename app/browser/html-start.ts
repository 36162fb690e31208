// The start script of the built index.html (scripts/vite-startup-preloads.ts turns this file into it): a classic
// script that runs while the HTML is parsed, before the app's module chunks are fetched and evaluated, and starts
// SQLite's WASM compile, the SQLite worker, the sample list and, on a first visit, the first sample: the worker opens
// it read on demand, then downloads it whole (workers/first-sample.ts), while the app loads. The app takes them over
// (app/browser/started-from-html.ts); without the script (the dev server) it starts them itself.
// Self-contained: the build serializes startFromHtml, so this file imports types only.
import type { DatabaseSchema } from "../core/db/types";
import type { FirstSampleLoaded, FirstSampleOpened, FirstSampleRequest } from "../../workers/first-sample";
import type { KeptDatabaseLoaded, KeptDatabaseOpened } from "../../workers/kept-database";

/** Where the script leaves what it started, on the page's global object. */
export const STARTED_FROM_HTML = "__querylabStartedFromHtml";

/** What the build writes into the script tag's data-start attribute. */
export interface HtmlStartConfig {
  wasmUrl: string;
  workerUrl: string;
  /** The message type the SQLite worker takes its compiled WASM in (workers/page-compiled-wasm.ts). */
  wasmMessage: string;
  manifestUrl: string;
  /**
   * The sample a first visit opens; null when the build opens another database (a course's). `headUrl`: its schema
   * pages as a file of their own (scripts/vite-startup-preloads.ts: firstSampleHead), null when the build has none;
   * `schema`: what the worker's schema read gives for those pages, read by the build from the same file (null without
   * a head), so the worker answers without reading it.
   */
  firstSample: { file: string; url: string; sizeBytes: number | null; headUrl: string | null; schema: DatabaseSchema | null } | null;
  /** The message types of workers/first-sample.ts: the request to the worker and its answer. */
  firstSampleMessage: string;
  firstSampleOpenedMessage: string;
  firstSampleLoadedMessage: string;
  /** The localStorage key that says a kept database will reopen (app/browser/kept-database-hint.ts). */
  keptDatabaseKey: string;
  /** The message types of workers/kept-database.ts: the request to the worker, its answer, and its word once held whole. */
  keptDatabaseMessage: string;
  keptDatabaseOpenedMessage: string;
  keptDatabaseLoadedMessage: string;
  /** Where the page's storage keeps databases (app/browser/kept-database-keys.ts), for a returning visit's read. */
  keptDatabases: { database: string; store: string; lastOpenKey: string; indexKey: string; bytesKeyPrefix: string };
}

/** The page's globals the script uses (the window; fakes in tests). Read lazily: localStorage can throw. */
export interface HtmlStartScope {
  readonly location: { readonly search: string; readonly href: string };
  readonly localStorage: { getItem(key: string): string | null };
  fetch(url: string): Promise<Response>;
  readonly Worker: new (url: string, options: WorkerOptions) => Worker;
  readonly WebAssembly: { compileStreaming(source: Promise<Response>): Promise<WebAssembly.Module> };
  /** User Timing, for the start's marks (app/browser/start-marks.ts); absent in fakes. */
  readonly performance?: { mark(name: string): unknown };
  /** Absent where the page has none (some private modes refuse it: reading it then throws, or the open fails). */
  readonly indexedDB?: IDBFactory;
}

export interface StartedFromHtml {
  /** The first SQLite worker; null once the app took it, or when it could not be started. */
  worker: Worker | null;
  /** The worker reported an error before the app took it (its script failed to load): the app starts its own. */
  workerFailed: boolean;
  /** null when the page cannot compile it (the worker then loads the file itself). */
  wasm: Promise<WebAssembly.Module | null>;
  manifest: Promise<Response> | null;
  /**
   * A first visit's sample: opened by the first worker (its answer, or null when the worker failed), or, when no worker
   * could be started here, downloaded by the page.
   */
  sample: StartedSample | null;
  /** A returning visit's kept database, as the first worker opened it (its answer; null when the worker failed). */
  kept: StartedKeptDatabase | null;
}

export interface StartedKeptDatabase {
  openedIn: Worker;
  opened: Promise<KeptDatabaseOpened | null>;
  /**
   * After an answer opened read on demand (a large database), the worker's word that it holds it whole (null when the
   * worker failed, or answered otherwise).
   */
  loaded: Promise<KeptDatabaseLoaded | null>;
}

export type StartedSample =
  /**
   * `url`: absolute, as the worker read and fetched it (cached for offline use: app/browser/offline-cache.ts).
   * `loaded`: after an answer opened read on demand, the worker's word that it holds the sample whole (null when the
   * worker failed, or answered otherwise).
   */
  | { file: string; url: string; openedIn: Worker; opened: Promise<FirstSampleOpened | null>; loaded: Promise<FirstSampleLoaded | null> }
  | { file: string; response: Promise<Response> };

/**
 * See startFromHtml. "first": no database named in the address, and no kept database to reopen (known: localStorage
 * readable); "returning": the hint says a kept database will reopen; null: the address names a database, the build
 * opens a course's, or localStorage cannot say.
 */
function visitKind(config: HtmlStartConfig, scope: HtmlStartScope): "first" | "returning" | null {
  if (!config.firstSample) return null;
  const parameters = new URLSearchParams(scope.location.search);
  if (parameters.get("db")?.trim() || parameters.get("sample")?.trim()) return null;
  try {
    return scope.localStorage.getItem(config.keptDatabaseKey) === null ? "first" : "returning";
  } catch {
    return null;
  }
}

/** A returning visit's database as storage keeps it: its id, its entry in the list (unchecked), its bytes or the File's Blob. */
interface KeptRead {
  id: string;
  meta: unknown;
  bytes: ArrayBuffer | Blob;
}

/**
 * Reads the database open last from the page's storage (app/browser/storage.ts writes it) in one transaction, so the
 * id, the entry and the bytes are of one save even when another tab saves meanwhile. Null when nothing is kept to
 * reopen or storage cannot be read: the store then goes its usual way, and says what is wrong.
 */
function readKeptDatabase(config: HtmlStartConfig, scope: HtmlStartScope): Promise<KeptRead | null> {
  const names = config.keptDatabases;
  return new Promise((resolve) => {
    try {
      const opening = scope.indexedDB!.open(names.database);
      // As idb-keyval opens it (app/browser/storage-areas.ts): a database that is not there yet gets its store.
      opening.onupgradeneeded = () => opening.result.createObjectStore(names.store);
      opening.onerror = () => resolve(null);
      opening.onblocked = () => resolve(null);
      opening.onsuccess = () => {
        const connection = opening.result;
        try {
          const transaction = connection.transaction(names.store, "readonly");
          const objects = transaction.objectStore(names.store);
          let read: KeptRead | null = null;
          transaction.oncomplete = () => resolve(read);
          transaction.onerror = transaction.onabort = () => resolve(null);
          const idRequest = objects.get(names.lastOpenKey);
          idRequest.onsuccess = () => {
            const id: unknown = idRequest.result;
            if (typeof id !== "string") return;
            const listRequest = objects.get(names.indexKey);
            const bytesRequest = objects.get(`${names.bytesKeyPrefix}${id}`);
            bytesRequest.onsuccess = () => {
              const list: unknown = listRequest.result;
              const meta = Array.isArray(list) ? (list as unknown[]).find((entry) => (entry as { id?: unknown } | null)?.id === id) : undefined;
              const stored: unknown = bytesRequest.result;
              const bytes = stored instanceof Uint8Array ? stored : stored instanceof Blob ? stored : null;
              if (meta === undefined || !bytes) return;
              // A view over part of its buffer would send the whole buffer: only the bytes themselves go.
              read = {
                id,
                meta,
                bytes:
                  bytes instanceof Blob
                    ? bytes
                    : bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
                      ? (bytes.buffer as ArrayBuffer)
                      : bytes.slice().buffer,
              };
            };
          };
        } catch {
          resolve(null);
        } finally {
          // Closed once its transaction ends: the page's storage opens its own connection.
          connection.close();
        }
      };
    } catch {
      resolve(null);
    }
  });
}

/**
 * The first sample is downloaded only when nothing else will open, as app/browser/first-visit-fetches.ts decides
 * later with storage at hand: not when the address names a database (?db=, ?sample=), not when the build opens a
 * course's, and not when a kept database will reopen (or when that cannot be known, localStorage being refused). When
 * one will, the worker is asked to read it from storage and open it (workers/kept-database.ts); the store takes it if
 * it is the one it would reopen (app/state/database-store.ts).
 */
export function startFromHtml(config: HtmlStartConfig, scope: HtmlStartScope): StartedFromHtml {
  // A rejection nobody asked for yet is not an error: the app reads these promises later, or never.
  // The steps of app/browser/start-marks.ts this script takes (this script cannot import it: see the top of the file).
  const mark = (step: "start-script" | "wasm-compiled" | "sample-downloaded" | "sample-opened-in-worker" | "kept-read" | "kept-opened-in-worker"): void =>
    void scope.performance?.mark(`querylab:${step}`);
  mark("start-script");
  const quiet = <T>(promise: Promise<T>): Promise<T> => {
    promise.catch(() => undefined);
    return promise;
  };
  // The body is read as it arrives: unread, the browser stops receiving it once its buffer is full, and the rest would
  // arrive only when the app asks for the bytes, after its modules have been evaluated.
  const readWhole = (response: Promise<Response>): Promise<Response> =>
    response.then(async (answer) => {
      if (!answer.ok) return answer;
      const whole = new Response(await answer.arrayBuffer(), { status: answer.status, headers: answer.headers });
      mark("sample-downloaded");
      return whole;
    });
  const wasm = quiet(
    scope.WebAssembly.compileStreaming(scope.fetch(config.wasmUrl)).then(
      (module) => {
        mark("wasm-compiled");
        return module;
      },
      () => null,
    ),
  );
  const started: StartedFromHtml = {
    worker: null,
    workerFailed: false,
    wasm,
    manifest: quiet(scope.fetch(config.manifestUrl)),
    sample: null,
    kept: null,
  };
  let worker: Worker | null = null;
  try {
    worker = new scope.Worker(config.workerUrl, { type: "module", name: "sqlite" });
    worker.addEventListener("error", () => {
      started.workerFailed = true;
    });
    const compiledFor = worker;
    quiet(
      wasm.then((module) => {
        try {
          compiledFor.postMessage({ type: config.wasmMessage, module });
        } catch {
          // A module the worker cannot be sent: null makes it load the WASM itself (as when the page cannot compile it).
          compiledFor.postMessage({ type: config.wasmMessage, module: null });
        }
      }),
    );
    started.worker = worker;
  } catch {
    // The app starts its own worker and reports what goes wrong with it.
  }
  // Read only now, with the WASM, the list and the worker's script already requested: a page's first localStorage
  // read waits for the browser to load its storage (here 5–60 ms, during which the HTML parser is stopped too).
  const visit = visitKind(config, scope);
  const firstSample = visit === "first" ? config.firstSample : null;
  const sampleWorker = worker;
  if (worker && visit === "returning") {
    // Read from storage here, at once, while the worker's script loads: the worker opens it as soon as SQLite is
    // ready, and the store shows it without reading it itself (workers/kept-database.ts).
    const keptWorker = worker;
    let resolveOpened: (answer: KeptDatabaseOpened | null) => void = () => {};
    let resolveLoaded: (answer: KeptDatabaseLoaded | null) => void = () => {};
    const opened = new Promise<KeptDatabaseOpened | null>((resolve) => (resolveOpened = resolve));
    const loaded = new Promise<KeptDatabaseLoaded | null>((resolve) => (resolveLoaded = resolve));
    // Removed once answered, as for the sample below: the answer must not stay reachable from the worker.
    const stopListening = () => {
      keptWorker.removeEventListener("message", answer);
      keptWorker.removeEventListener("error", notAsked);
    };
    const notAsked = () => {
      stopListening();
      resolveOpened(null);
      resolveLoaded(null);
    };
    const answer = (event: MessageEvent) => {
      const type = (event.data as { type?: unknown } | null)?.type;
      if (type === config.keptDatabaseOpenedMessage) {
        const data = event.data as KeptDatabaseOpened;
        if (data.opened) mark("kept-opened-in-worker");
        resolveOpened(data);
        // Opened whole, or not at all: no second word comes.
        if (!data.opened || !data.loadingWhole) {
          stopListening();
          resolveLoaded(null);
        }
      } else if (type === config.keptDatabaseLoadedMessage) {
        stopListening();
        resolveLoaded(event.data as KeptDatabaseLoaded);
      }
    };
    keptWorker.addEventListener("message", answer);
    keptWorker.addEventListener("error", notAsked);
    void readKeptDatabase(config, scope).then((kept) => {
      if (!kept) return notAsked();
      mark("kept-read");
      try {
        keptWorker.postMessage({ type: config.keptDatabaseMessage, ...kept }, kept.bytes instanceof Blob ? [] : [kept.bytes]);
      } catch {
        // Cannot be asked: the store reopens the kept database itself.
        notAsked();
      }
    });
    started.kept = { openedIn: keptWorker, opened, loaded };
  }
  if (sampleWorker && firstSample) {
    try {
      let resolveOpened: (answer: FirstSampleOpened | null) => void = () => {};
      let resolveLoaded: (answer: FirstSampleLoaded | null) => void = () => {};
      const opened = new Promise<FirstSampleOpened | null>((resolve) => (resolveOpened = resolve));
      const loaded = new Promise<FirstSampleLoaded | null>((resolve) => (resolveLoaded = resolve));
      // Both removed once answered: the worker lives as long as the page, and a listener left on it would keep the
      // answer, with the sample's bytes, reachable after the app has taken or let go of it.
      const stopListening = () => {
        sampleWorker.removeEventListener("message", answer);
        sampleWorker.removeEventListener("error", notAsked);
      };
      /** Ends the waits when the worker fails or cannot be asked: the app then opens the sample itself. */
      const notAsked = () => {
        stopListening();
        resolveOpened(null);
        resolveLoaded(null);
      };
      // Listened for from the start: the answers can come before the app has wrapped the worker.
      const answer = (event: MessageEvent) => {
        const type = (event.data as { type?: unknown } | null)?.type;
        if (type === config.firstSampleOpenedMessage) {
          const data = event.data as FirstSampleOpened;
          if (data.opened) mark("sample-opened-in-worker");
          resolveOpened(data);
          // Opened whole, or not at all: no second answer comes.
          if (!data.opened || data.bytes) {
            stopListening();
            resolveLoaded(null);
          }
        } else if (type === config.firstSampleLoadedMessage) {
          stopListening();
          resolveLoaded(event.data as FirstSampleLoaded);
        }
      };
      sampleWorker.addEventListener("message", answer);
      sampleWorker.addEventListener("error", notAsked);
      const request = {
        type: config.firstSampleMessage,
        file: firstSample.file,
        url: new URL(firstSample.url, scope.location.href).href,
        sizeBytes: firstSample.sizeBytes,
      } satisfies Omit<FirstSampleRequest, "type"> & { type: string };
      // The worker opens the sample read on demand as soon as SQLite is ready, then downloads the rest: the first
      // screen waits for a few pages, not the whole file (which, on a slow line, took longer than the floor page's
      // entire start: bench/startup.ts). Those pages, the build's head file of the sample, are fetched here beside the
      // WASM, compressed by the host like any file (a range request's answer never is), and sent with the request;
      // without them (no head file, the request failed) the worker reads the pages itself by range requests.
      const ask = (head?: ArrayBuffer) =>
        sampleWorker.postMessage(head ? { ...request, head, ...(firstSample.schema ? { schema: firstSample.schema } : {}) } : request, head ? [head] : []);
      const headUrl = firstSample.headUrl;
      if (request.sizeBytes === null || !headUrl) ask();
      else {
        void scope
          .fetch(new URL(headUrl, scope.location.href).href)
          .then(async (answer) => (answer.ok ? ask(await answer.arrayBuffer()) : ask()))
          .catch(() => ask())
          .catch(() => notAsked());
      }
      started.sample = { file: firstSample.file, url: request.url, openedIn: sampleWorker, opened, loaded };
    } catch {
      // The page downloads the sample below.
    }
  }
  // Without a worker of its own the page downloads the sample, and the app opens it as usual.
  if (firstSample && !started.sample) started.sample = { file: firstSample.file, response: quiet(readWhole(scope.fetch(firstSample.url))) };
  return started;
}
