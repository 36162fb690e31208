// The workspace's one query watchdog. Every query run for the agent or a diagnosis goes through it, and every
// restart of the SQLite worker (a runaway query, the editor's Stop, a crash) goes through its restart, so nobody waits
// on a worker that was ended and nobody queries the new one before the database is reopened in it.
import { QueryWatchdog } from "../core/db/query-watchdog";
import { sqliteConnection } from "../browser/services";
import type { RemoteEngine } from "../browser/sqlite-connection";
import { useDatabaseStore } from "./database-store";
import { useQueryStore } from "./query-store";

let watchdog: QueryWatchdog<RemoteEngine> | null = null;

/**
 * Ends the worker whatever it runs, tells the editor if its query was waiting there, and reopens the database from
 * its last saved state (queries for the agent and a diagnosis only read, so that state is the one they saw).
 */
async function restartAndReopen(reason: string): Promise<void> {
  if (useQueryStore.getState().running) {
    useQueryStore
      .getState()
      .abandon(`Your query did not finish: the SQLite worker was restarted because ${reason}. The database is as it was; run the query again.`);
  }
  sqliteConnection().restart();
  await useDatabaseStore.getState().reloadAfterStop();
}

export function workspaceWatchdog(): QueryWatchdog<RemoteEngine> {
  watchdog ??= new QueryWatchdog<RemoteEngine>({
    get engine() {
      return sqliteConnection().engine;
    },
    restart: restartAndReopen,
    // An agent's query sent right after the editor's change would be queued ahead of its export (see RestartableEngine).
    changeNotYetKept: () => useDatabaseStore.getState().changeNotYetKept(),
  });
  return watchdog;
}
