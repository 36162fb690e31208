// A SQLite connection whose engine runs in this thread (sql.js loaded directly), with the page's reply checks: the stores' unit tests use it in Node.
import initSqlJs, { type SqlJsStatic } from "sql.js";
import { DatabaseService } from "../core/database-service";
import type { RemoteEngine, SqliteConnectionHandle, WorkerFailureListener } from "./sqlite-connection";
import { withCheckedReplies } from "./sqlite-replies";
import { queryLabStorage } from "./services";

/** The same service the worker exposes; comlink's proxy adds nothing a store calls but the release symbol, which a test never sends. */
function engineOver(sql: SqlJsStatic): RemoteEngine {
  // Profiles are kept where the page keeps everything else, as the worker keeps them in the page's IndexedDB.
  const service = DatabaseService.create(sql, { keepProfile: (profile) => queryLabStorage().saveProfile(profile) });
  return withCheckedReplies(service) as unknown as RemoteEngine;
}

export interface InProcessSqliteConnection extends SqliteConnectionHandle {
  /** Restarts so far: what a worker replaced after a stop would count. */
  readonly restarts: number;
  /** Acts as a worker that died on its own (the page's failure listener is called); `cannotStart` as SqliteConnection says. */
  fail(message: string, cannotStart?: boolean): void;
}

export async function createInProcessSqliteConnection(): Promise<InProcessSqliteConnection> {
  const sql = await initSqlJs();
  let engine = engineOver(sql);
  let restarts = 0;
  let failureListener: WorkerFailureListener | null = null;
  return {
    get engine() {
      return engine;
    },
    currentWorker: null,
    get restarts() {
      return restarts;
    },
    onFailure(listener) {
      failureListener = listener;
    },
    fail(message, cannotStart = false) {
      failureListener?.(message, cannotStart);
    },
    terminate() {},
    restart() {
      // Like a new worker: nothing open, every result handle gone.
      engine = engineOver(sql);
      restarts += 1;
      return engine;
    },
  };
}
