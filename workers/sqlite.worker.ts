// The SQLite worker's entry: small on purpose, its code (sqlite-worker-main.ts) loaded from here.
//
// Chromium holds the messages a page posts to a module worker while the worker's script is still being evaluated,
// on the page's main thread, until that thread has been told the evaluation ended; a page busy with its own start
// (the app's modules and first render, ~70 ms) kept the compiled WASM and the first sample's request from a worker
// that had long been idle (issue #14: ~65 ms of a ~360 ms start). This script is evaluated in a moment, before the
// app's entry runs, so the page's messages come straight to this thread; the ones that come before the code has
// loaded are held here and handed on in order.
import { holdMessages } from "./held-messages";

performance.mark("querylab:worker-started");
const held = holdMessages(self);
import("./sqlite-worker-main").then(
  () => held.release(),
  (error: unknown) => {
    // The page learns of it as of any failure of this worker's script: its error event (an unhandled rejection would
    // only reach the console). Nothing held is handed on: no code here would answer it.
    setTimeout(() => {
      throw error instanceof Error ? error : new Error(String(error));
    });
  },
);
