// Databases for the command line's agent, judge and diagnosis: opened in a worker thread and watched, so no query
// can hang a run (a stuck query ends its thread; the database is reopened from the same bytes).
import { readFile } from "node:fs/promises";
import { errorMessage } from "../core/error-message";
import { QueryWatchdog } from "../core/db/query-watchdog";
import type { BenchmarkDatabase } from "../core/eval/benchmark-session";
import { watchedBenchmarkDatabase } from "../core/eval/watched-benchmark-database";
import { WorkerThreadEngine } from "./worker-thread-engine";

export interface WatchedDatabase {
  database: BenchmarkDatabase;
  watchdog: QueryWatchdog<BenchmarkDatabase>;
  /** Ends the thread; a command calls it before it returns, or the process would stay alive. */
  close(): Promise<void>;
}

export async function openWatchedDatabase(bytes: Uint8Array, queryLimitMs: number): Promise<WatchedDatabase> {
  const host = await WorkerThreadEngine.open(bytes);
  const watchdog = new QueryWatchdog<BenchmarkDatabase>(host, queryLimitMs);
  return {
    database: watchedBenchmarkDatabase(watchdog, { agentQueryLimitMs: queryLimitMs }),
    watchdog,
    close: () => host.close(),
  };
}

export async function openWatchedDatabaseFile(path: string, queryLimitMs: number): Promise<WatchedDatabase> {
  try {
    return await openWatchedDatabase(new Uint8Array(await readFile(path)), queryLimitMs);
  } catch (error) {
    throw new Error(`${path}: ${errorMessage(error)}`, { cause: error });
  }
}
