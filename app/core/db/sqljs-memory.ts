// sql.js's build exports SQLite's C functions (sqlite3_step, sqlite3_column_text, …) but not the WASM memory their
// pointers point into; instantiating the WASM ourselves is how to keep it. With it the engine reads result cells
// straight from that memory (statement-stream.ts) instead of through sql.js's Statement.get, which decodes every text
// cell with its own TextDecoder call (in Chromium ~1 µs a call: most of the time a query returning many rows takes).
import type { InitSqlJsStatic, SqlJsStatic } from "sql.js";

/** What initSqlJs's instantiateWasm hands back: the instance, and the module when there is one to keep. */
export interface InstantiatedWasm {
  instance: WebAssembly.Instance;
  module?: WebAssembly.Module;
}

/** Emscripten's callback takes the module too (its typings say only the instance). */
type ReceiveInstance = (instance: WebAssembly.Instance, module?: WebAssembly.Module) => void;

const memories = new WeakMap<SqlJsStatic, WebAssembly.Memory>();

/**
 * Loads sql.js with its WASM instantiated by `instantiate`, keeping the instance's memory for wasmMemoryOf. sql.js loads
 * once per JavaScript realm: when it was already loaded (by a plain initSqlJs()), `instantiate` is never called and the
 * module has no memory kept, so the engine falls back to sql.js's own row reading.
 */
export async function initSqlJsKeepingMemory(
  init: InitSqlJsStatic,
  instantiate: (imports: WebAssembly.Imports) => Promise<InstantiatedWasm>,
): Promise<SqlJsStatic> {
  let memory: WebAssembly.Memory | null = null;
  let failed: (error: unknown) => void = () => undefined;
  // sql.js waits for `receive` and has no way to hear of a failure: the failure is raced against its promise instead.
  const failure = new Promise<never>((_resolve, reject) => (failed = reject));
  const loaded = init({
    instantiateWasm(imports, receive) {
      instantiate(imports).then(({ instance, module }) => {
        memory = exportedMemory(instance);
        (receive as ReceiveInstance)(instance, module);
      }, failed);
      // Emscripten's sign that instantiation is under way (the exports arrive through `receive`).
      return {};
    },
  });
  const sql = await Promise.race([loaded, failure]);
  if (memory) memories.set(sql, memory);
  return sql;
}

/** The memory of a sql.js module loaded by initSqlJsKeepingMemory; null for one loaded otherwise. */
export function wasmMemoryOf(sql: SqlJsStatic): WebAssembly.Memory | null {
  return memories.get(sql) ?? null;
}

/** Emscripten exports the memory under a minified name, so it is found by type. */
function exportedMemory(instance: WebAssembly.Instance): WebAssembly.Memory | null {
  for (const value of Object.values(instance.exports)) if (value instanceof WebAssembly.Memory) return value;
  return null;
}
