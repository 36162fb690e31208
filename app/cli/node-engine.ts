// Opens a database file with the same database service the browser's worker exposes, for the command line and tests.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import initSqlJs, { type SqlJsStatic } from "sql.js";
import { DatabaseService } from "../core/database-service";
import { initSqlJsKeepingMemory } from "../core/db/sqljs-memory";

/** sql.js instantiated here, so the engine keeps its WASM memory and reads rows from it directly (as in the worker). */
export function loadSqlJs(): Promise<SqlJsStatic> {
  return initSqlJsKeepingMemory(initSqlJs, async (imports) => {
    const wasm = await readFile(createRequire(import.meta.url).resolve("sql.js/dist/sql-wasm.wasm"));
    return WebAssembly.instantiate(wasm, imports);
  });
}

export async function createEngine(): Promise<DatabaseService> {
  return DatabaseService.create(await loadSqlJs());
}

export async function openDatabaseFile(path: string): Promise<DatabaseService> {
  const engine = await createEngine();
  const outcome = await engine.open(new Uint8Array(await readFile(path)));
  if (!outcome.ok) throw new Error(`${path}: ${outcome.error.message}`);
  return engine;
}
