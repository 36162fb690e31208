// SQLite's WASM for the page's workers: fetched and compiled once, by index.html's start script in a build (see
// started-from-html.ts) or else here from the entry's first lines, in parallel with the worker's own script and the
// sample download, then sent to every SQLite worker (a restart after Stop reuses it).
import wasmUrl from "sql.js/dist/sql-wasm-browser.wasm?url";
import { SQLITE_WASM_MESSAGE, type SqliteWasmMessage } from "../../workers/page-compiled-wasm";
import { startedWasm } from "./started-from-html";

let compiled: Promise<WebAssembly.Module | null> | null = null;

/** Starts the download and compile once; null when the page cannot compile it (the worker then loads the file itself). */
export function compileSqliteWasm(): Promise<WebAssembly.Module | null> {
  compiled ??= startedWasm() ?? WebAssembly.compileStreaming(fetch(wasmUrl)).catch(() => null);
  return compiled;
}

/** Hands the compiled module to a new SQLite worker (see workers/page-compiled-wasm.ts). */
export function sendSqliteWasm(worker: Worker): void {
  void compileSqliteWasm().then((module) => worker.postMessage({ type: SQLITE_WASM_MESSAGE, module } satisfies SqliteWasmMessage));
}
