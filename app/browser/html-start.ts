// The start script of the built index.html (scripts/vite-startup-preloads.ts turns this file into it): a classic
// script that runs while the HTML is parsed, before the app's module chunks are fetched and evaluated, and starts
// SQLite's WASM compile, the SQLite worker, the sample list and, on a first visit, the first sample: the page
// downloads it and the worker opens it (workers/first-sample.ts) while the app loads. The app takes them over
// (app/browser/started-from-html.ts); without the script (the dev server) it starts them itself.
// Self-contained: the build serializes startFromHtml, so this file imports types only.
import type { FirstSampleOpened, FirstSampleRequest } from "../../workers/first-sample";

/** Where the script leaves what it started, on the page's global object. */
export const STARTED_FROM_HTML = "__querylabStartedFromHtml";

/** What the build writes into the script tag's data-start attribute. */
export interface HtmlStartConfig {
  wasmUrl: string;
  workerUrl: string;
  /** The message type the SQLite worker takes its compiled WASM in (workers/page-compiled-wasm.ts). */
  wasmMessage: string;
  manifestUrl: string;
  /** The sample a first visit opens; null when the build opens another database (a course's). */
  firstSample: { file: string; url: string; sizeBytes: number | null } | null;
  /** The message types of workers/first-sample.ts: the request to the worker and its answer. */
  firstSampleMessage: string;
  firstSampleOpenedMessage: string;
  /** The localStorage key that says a kept database will reopen (app/browser/kept-database-hint.ts). */
  keptDatabaseKey: string;
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
}

export type StartedSample =
  /** `url`: absolute, as the page (or, when that failed, the worker) fetched it (cached for offline use: app/browser/offline-cache.ts). */
  { file: string; url: string; openedIn: Worker; opened: Promise<FirstSampleOpened | null> } | { file: string; response: Promise<Response> };

/** See startFromHtml: no database named in the address, and no kept database to reopen (known: localStorage readable). */
function isFirstVisit(config: HtmlStartConfig, scope: HtmlStartScope): boolean {
  if (!config.firstSample) return false;
  const parameters = new URLSearchParams(scope.location.search);
  if (parameters.get("db")?.trim() || parameters.get("sample")?.trim()) return false;
  try {
    return scope.localStorage.getItem(config.keptDatabaseKey) === null;
  } catch {
    return false;
  }
}

/**
 * The first sample is downloaded only when nothing else will open, as app/browser/first-visit-fetches.ts decides
 * later with storage at hand: not when the address names a database (?db=, ?sample=), not when the build opens a
 * course's, and not when a kept database will reopen (or when that cannot be known, localStorage being refused).
 */
export function startFromHtml(config: HtmlStartConfig, scope: HtmlStartScope): StartedFromHtml {
  // A rejection nobody asked for yet is not an error: the app reads these promises later, or never.
  // The steps of app/browser/start-marks.ts this script takes (this script cannot import it: see the top of the file).
  const mark = (step: "start-script" | "wasm-compiled" | "sample-downloaded" | "sample-opened-in-worker"): void =>
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
  const firstSample = isFirstVisit(config, scope) ? config.firstSample : null;
  const sampleWorker = worker;
  if (sampleWorker && firstSample) {
    try {
      /** Ends the wait when the worker cannot be asked: the app then opens the sample itself. */
      let notAsked = () => {};
      // Listened for from the start: the answer can come before the app has wrapped the worker.
      const opened = new Promise<FirstSampleOpened | null>((resolve) => {
        const answer = (event: MessageEvent) => {
          if ((event.data as { type?: unknown } | null)?.type !== config.firstSampleOpenedMessage) return;
          sampleWorker.removeEventListener("message", answer);
          sampleWorker.removeEventListener("error", failed);
          if ((event.data as FirstSampleOpened).opened) mark("sample-opened-in-worker");
          resolve(event.data as FirstSampleOpened);
        };
        // Both removed once answered: the worker lives as long as the page, and a listener left on it would keep the
        // answer, with the sample's bytes, reachable after the app has taken or let go of it.
        const failed = () => resolve(null);
        notAsked = () => {
          sampleWorker.removeEventListener("message", answer);
          sampleWorker.removeEventListener("error", failed);
          resolve(null);
        };
        sampleWorker.addEventListener("message", answer);
        sampleWorker.addEventListener("error", failed);
      });
      const request = {
        type: config.firstSampleMessage,
        file: firstSample.file,
        url: new URL(firstSample.url, scope.location.href).href,
        sizeBytes: firstSample.sizeBytes,
      };
      // The page downloads the sample and moves the bytes to the worker: started here, the download runs while the
      // worker's script loads and the app is evaluated. Left to the worker it began only once the worker had run its
      // script and taken the request, which the page, busy evaluating the app, passed on late (~900 ms into a load
      // here): ready came ~11% sooner at 10 Mbit/s this way (bench/startup.ts); on loopback, where the start is
      // bound by two cores' CPU, about as soon as before (the worker's open now overlaps the page's first render).
      // When the page's download fails, the worker is asked without the bytes and tries itself (then says why not).
      const ask = (bytes?: ArrayBuffer) => {
        const message = { ...request, bytes } satisfies Omit<FirstSampleRequest, "type"> & { type: string };
        sampleWorker.postMessage(message, bytes ? [bytes] : []);
      };
      void scope
        .fetch(request.url)
        .then((answer) => {
          if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
          return answer.arrayBuffer();
        })
        .then(
          (bytes) => {
            mark("sample-downloaded");
            ask(bytes);
          },
          () => ask(),
        )
        .catch(() => notAsked());
      started.sample = { file: firstSample.file, url: request.url, openedIn: sampleWorker, opened };
    } catch {
      // The page downloads the sample below.
    }
  }
  // Without a worker of its own the page downloads the sample, and the app opens it as usual.
  if (firstSample && !started.sample) started.sample = { file: firstSample.file, response: quiet(readWhole(scope.fetch(firstSample.url))) };
  return started;
}
