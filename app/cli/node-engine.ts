// Opens a database file with the same core engine the browser's worker uses, for the command line and tests.
import { readFile } from "node:fs/promises";
import initSqlJs from "sql.js";
import { SqliteEngine } from "../core/db/sqljs-engine";

export async function createEngine(): Promise<SqliteEngine> {
  return new SqliteEngine(await initSqlJs());
}

export async function openDatabaseFile(path: string): Promise<SqliteEngine> {
  const engine = await createEngine();
  const outcome = await engine.open(new Uint8Array(await readFile(path)));
  if (!outcome.ok) throw new Error(`${path}: ${outcome.error.message}`);
  return engine;
}
