// SQLite's WASM compiled once by the page (app/browser/sqlite-wasm.ts) and handed to each SQLite worker, so a new
// worker neither waits for its own script to load before the download starts nor compiles the same bytes again.
import type { InstantiatedWasm } from "../app/core/db/sqljs-memory";

/** The message with the compiled module (or null if the page could not compile it), before any call; the first sample request (workers/first-sample.ts) may come before or after it. */
export const SQLITE_WASM_MESSAGE = "querylab:sqlite-wasm";

export interface SqliteWasmMessage {
  type: typeof SQLITE_WASM_MESSAGE;
  module: WebAssembly.Module | null;
}

interface MessageScope {
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
}

/**
 * Resolves with the page's module (null: load the WASM here). Must be called before Comlink.expose: the message is
 * taken here and stopped, so Comlink never reads it as a call.
 */
export function receivePageCompiledWasm(scope: MessageScope): Promise<WebAssembly.Module | null> {
  return new Promise((resolve) => {
    const take = (event: MessageEvent) => {
      const data = event.data as Partial<SqliteWasmMessage> | null;
      if (data?.type !== SQLITE_WASM_MESSAGE) return;
      event.stopImmediatePropagation();
      scope.removeEventListener("message", take);
      resolve(data.module instanceof WebAssembly.Module ? data.module : null);
    };
    scope.addEventListener("message", take);
  });
}

/**
 * How sql.js's WASM is instantiated here: from the page's module, or (null) fetched and compiled from `wasmUrl`. Either
 * way the worker instantiates it itself, so the engine keeps its memory (app/core/db/sqljs-memory.ts).
 */
export function sqliteWasmInstantiator(module: WebAssembly.Module | null, wasmUrl: string): (imports: WebAssembly.Imports) => Promise<InstantiatedWasm> {
  if (module) return async (imports) => ({ instance: await WebAssembly.instantiate(module, imports), module });
  return async (imports) => {
    const response = await fetch(wasmUrl, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`SQLite's WASM could not be loaded (HTTP ${response.status}).`);
    return WebAssembly.instantiate(await response.arrayBuffer(), imports);
  };
}
