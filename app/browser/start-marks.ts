// Named steps of the page's start, as User Timing marks ("querylab:<step>"): they show in the browser's performance
// panel and `npm run bench` reads them to say where the time to ready goes (bench/page-load.ts). Marks cost
// microseconds and are taken once per page load; they change nothing the app does.

/** In the order they normally happen; the start script (html-start.ts) takes the first six itself. */
export const START_STEPS = [
  "start-script", // index.html's start script runs: WASM compile, worker, sample list and first sample requested
  "wasm-compiled", // SQLite's WASM compiled on the page (sent to the worker)
  "sample-downloaded", // the first visit's sample has arrived whole in the page (the start script downloads it)
  "sample-opened-in-worker", // the worker opened the first visit's sample (workers/first-sample.ts)
  "kept-read", // a returning visit's kept database read from storage by the start script, sent to the worker
  "kept-opened-in-worker", // the worker opened it (workers/kept-database.ts)
  "entry-evaluating", // the app's first module runs (its imports are fetched)
  "modules-evaluated", // every module of the entry has run: the app is asked to render (Preact, through React's API)
  "first-render", // the app's first render is committed to the page
  "storage-and-list", // the storage check and the sample list are both in
  "database-bytes", // the bytes of the database to open are in the page
  "database-opened", // SQLite opened them in the worker
  "schema-read", // the schema is read and handed to the panels
  "ready", // the status line says ready
  "held-whole", // a database opened read on demand at the start (a first sample, a large kept one) is held whole now
] as const;

export type StartStep = (typeof START_STEPS)[number];

export const START_MARK_PREFIX = "querylab:";

const marked = new Set<StartStep>();

/** Marks a step the first time it happens in this page (a later database's open is not the start). */
export function markStart(step: StartStep): void {
  if (marked.has(step)) return;
  marked.add(step);
  globalThis.performance?.mark?.(`${START_MARK_PREFIX}${step}`);
}
