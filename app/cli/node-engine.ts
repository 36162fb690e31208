// Opens a database file with the same database service the browser's worker exposes, for the command line and tests.
import { readFile } from "node:fs/promises";
import initSqlJs from "sql.js";
import { DatabaseService } from "../core/database-service";

export async function createEngine(): Promise<DatabaseService> {
  return DatabaseService.create(await initSqlJs());
}

export async function openDatabaseFile(path: string): Promise<DatabaseService> {
  const engine = await createEngine();
  const outcome = await engine.open(new Uint8Array(await readFile(path)));
  if (!outcome.ok) throw new Error(`${path}: ${outcome.error.message}`);
  return engine;
}
